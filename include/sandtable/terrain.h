#pragma once

#include "sandtable/geometry.h"

#include <nlohmann/json.hpp>
#include <optional>
#include <set>
#include <string>

namespace sandtable {

/// What an area of ground is. Cover and sight follow from the type; rulesets read the
/// type and decide what it costs.
enum class AreaType { Woods, Rough, BuiltUp, Water, Marsh, Hill };
/// A line on the table: watercourses, roads and the obstacles rules call "linear".
enum class LineType { River, Stream, Road, Bridge, Hedge, Wall, Fence };
enum class Cover { None, Light, Heavy };

std::string toString(AreaType type);
std::string toString(LineType type);
std::optional<AreaType> areaTypeFromString(const std::string& text);
std::optional<LineType> lineTypeFromString(const std::string& text);

/// An area of terrain. A hill is one polygon per contour: level 1 the lowest, a level 2
/// polygon inside it, and so on.
struct TerrainArea {
    std::string id;
    std::string name;
    AreaType type = AreaType::Rough;
    Polygon outline;
    int level = 0; // hills only: the contour this polygon is the top of
    /// What the battle's players agreed this feature does under their ruleset ("slows
    /// troops to half speed"), as the ruleset reads it; like a unit's stats.
    nlohmann::json rules = nlohmann::json::object();
    /// What play has done to it (event::TerrainMarkerChanged): "set alight", "cleared".
    /// Never part of a scenario file.
    std::set<std::string> markers;

    /// Woods and built-up areas give cover and block sight; the rest does not by itself.
    Cover cover() const;
    bool blocksSight() const { return type == AreaType::Woods || type == AreaType::BuiltUp; }
};

/// A river, road, hedge, wall... along a path. `impassableTo` names the arms that cannot
/// cross it (the Wörthbach is "impassable to artillery except via the bridge").
struct TerrainLine {
    std::string id;
    std::string name;
    LineType type = LineType::Hedge;
    Path path;
    std::set<std::string> impassableTo;
    /// What the battle's players agreed crossing it does (a turn for foot...), as the
    /// ruleset reads it.
    nlohmann::json rules = nlohmann::json::object();
    /// What play has done to it (event::TerrainMarkerChanged): "breached", "bridge down".
    /// Never part of a scenario file.
    std::set<std::string> markers;

    /// Hedges, walls, fences and streams are the obstacles rules call "linear".
    bool isObstacle() const;
};

} // namespace sandtable
