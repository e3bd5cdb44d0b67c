#include "sandtable/terrain_edit.h"

#include <algorithm>
#include <optional>

namespace sandtable {

namespace bg = boost::geometry;

namespace {

TerrainArea* findArea(Battle& battle, const std::string& id) {
    const auto found = std::find_if(battle.areas.begin(), battle.areas.end(), [&](const TerrainArea& a) { return a.id == id; });
    return found == battle.areas.end() ? nullptr : &*found;
}

TerrainLine* findLine(Battle& battle, const std::string& id) {
    const auto found = std::find_if(battle.lines.begin(), battle.lines.end(), [&](const TerrainLine& l) { return l.id == id; });
    return found == battle.lines.end() ? nullptr : &*found;
}

template <class Points, class F> void eachPoint(Points& points, F change) {
    for (Point& point : points) {
        point = change(point);
    }
}

template <class F> void transform(Battle& battle, const std::vector<std::string>& group, F change) {
    for (const std::string& id : group) {
        if (TerrainArea* area = findArea(battle, id)) {
            eachPoint(area->outline.outer(), change);
        } else if (TerrainLine* line = findLine(battle, id)) {
            eachPoint(line->path, change);
        }
    }
}

Point groupCentre(Battle& battle, const std::vector<std::string>& group) {
    bg::model::box<Point> box;
    bg::assign_inverse(box);
    for (const std::string& id : group) {
        if (TerrainArea* area = findArea(battle, id)) {
            bg::expand(box, bg::return_envelope<bg::model::box<Point>>(area->outline));
        } else if (TerrainLine* line = findLine(battle, id)) {
            bg::expand(box, bg::return_envelope<bg::model::box<Point>>(line->path));
        }
    }
    Point centre(0, 0);
    bg::centroid(box, centre);
    return centre;
}

} // namespace

std::vector<std::string> featureGroup(const Battle& battle, const std::string& featureId) {
    std::vector<std::string> group{featureId};
    const auto area = std::find_if(battle.areas.begin(), battle.areas.end(), [&](const TerrainArea& a) { return a.id == featureId; });
    if (area != battle.areas.end() && area->type == AreaType::Hill) {
        for (const TerrainArea& other : battle.areas) {
            // Point by point: a contour inside the one dragged belongs to the same hill.
            const auto& corners = other.outline.outer();
            const bool inside = std::all_of(corners.begin(), corners.end(), [&](const Point& p) { return bg::within(p, area->outline); });
            if (other.id != featureId && other.type == AreaType::Hill && other.level > area->level && inside) {
                group.push_back(other.id);
            }
        }
    }
    return group;
}

namespace {

/// Whether every corner of `inner` stands within `outer` (as featureGroup tells a hill's
/// contours; corner by corner, which Boost.Geometry answers without its areal relate).
bool cornersWithin(const TerrainArea& inner, const TerrainArea& outer) {
    const auto& corners = inner.outline.outer();
    return std::all_of(corners.begin(), corners.end(), [&](const Point& p) { return bg::within(p, outer.outline); });
}

/// The hill contour just below `featureId` that holds it, if it is an upper contour.
std::optional<TerrainArea> lowerContour(const Battle& battle, const std::string& featureId) {
    const auto area = std::find_if(battle.areas.begin(), battle.areas.end(), [&](const TerrainArea& a) { return a.id == featureId; });
    if (area == battle.areas.end() || area->type != AreaType::Hill) {
        return std::nullopt;
    }
    for (const TerrainArea& other : battle.areas) {
        if (other.type == AreaType::Hill && other.level == area->level - 1 && cornersWithin(*area, other)) {
            return other;
        }
    }
    return std::nullopt;
}

/// Makes `change`, unless it takes an upper contour out of the one below: then the battle
/// is left as it was and the reason returned.
template <class Change> std::string keepingContours(Battle& battle, const std::string& featureId, Change change) {
    const std::optional<TerrainArea> below = lowerContour(battle, featureId);
    const Battle before = below ? battle : Battle{};
    change();
    if (!below) {
        return {};
    }
    const auto area = std::find_if(battle.areas.begin(), battle.areas.end(), [&](const TerrainArea& a) { return a.id == featureId; });
    if (area != battle.areas.end() && !cornersWithin(*area, *below)) {
        const std::string name = area->name.empty() ? area->id : area->name;
        battle = before;
        return name + " is a contour of " + (below->name.empty() ? below->id : below->name) + " and stays inside it";
    }
    return {};
}

} // namespace

std::string moveFeature(Battle& battle, const std::string& featureId, double dx, double dy) {
    return keepingContours(battle, featureId, [&] {
        transform(battle, featureGroup(battle, featureId), [&](const Point& p) { return Point(p.x() + dx, p.y() + dy); });
    });
}

std::string scaleFeature(Battle& battle, const std::string& featureId, double factor) {
    return keepingContours(battle, featureId, [&] {
        const auto group = featureGroup(battle, featureId);
        const Point centre = groupCentre(battle, group);
        transform(battle, group, [&](const Point& p) {
            return Point(centre.x() + (p.x() - centre.x()) * factor, centre.y() + (p.y() - centre.y()) * factor);
        });
    });
}

void removeFeature(Battle& battle, const std::string& featureId) {
    const auto group = featureGroup(battle, featureId);
    auto inGroup = [&](const std::string& id) { return std::find(group.begin(), group.end(), id) != group.end(); };
    battle.areas.erase(std::remove_if(battle.areas.begin(), battle.areas.end(), [&](const TerrainArea& a) { return inGroup(a.id); }),
                       battle.areas.end());
    battle.lines.erase(std::remove_if(battle.lines.begin(), battle.lines.end(), [&](const TerrainLine& l) { return inGroup(l.id); }),
                       battle.lines.end());
}

} // namespace sandtable
