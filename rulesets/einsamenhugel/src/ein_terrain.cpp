#include "ein_terrain.h"

#include "sandtable/battle_geometry.h"
#include "sandtable/fraction.h"
#include "sandtable/measure.h"

#include <array>
#include <cmath>
#include <limits>

namespace sandtable::ein {

namespace bg = boost::geometry;

namespace {

constexpr double impassable = 0;

/// The speed (share of the normal rate) of an area, by the scenario's rules for it or
/// the ruling's default for its type; 0 is impassable.
double areaSpeed(const TerrainArea& area, const Unit& unit, bool downhill) {
    std::string speed;
    if (area.rules.contains("speed") && area.rules["speed"].is_string()) {
        speed = area.rules["speed"].get<std::string>();
    } else {
        switch (area.type) {
        case AreaType::Hill:
            speed = "2/3";
            break;
        case AreaType::Woods:
        case AreaType::BuiltUp:
        case AreaType::Marsh:
        case AreaType::Rough:
            speed = "1/2";
            break;
        case AreaType::Water:
            speed = "impassable";
            break;
        }
    }
    if (speed == "impassable") {
        return impassable;
    }
    if (unit.arm == Arm::Guns && area.type == AreaType::Woods && !area.rules.contains("speed")) {
        return impassable;
    }
    const std::string downhillRule = area.rules.value("downhill", std::string(area.type == AreaType::Hill ? "full-speed" : "slowed"));
    if (downhill && downhillRule == "full-speed") {
        return 1;
    }
    const auto fraction = parseFraction(speed);
    return fraction ? boost::rational_cast<double>(*fraction) : 1.0;
}

Point centroid(const Polygon& polygon) {
    Point centre(0, 0);
    bg::centroid(polygon, centre);
    return centre;
}

/// "Directly downhill": the stretch heads away from the hill's top within 45 degrees
/// (RULINGS.md, ein-terrain).
bool directlyDownhill(const Battle& battle, const TerrainArea& area, const Point& at, double heading) {
    if (area.type != AreaType::Hill) {
        return false;
    }
    // The top: the highest contour of this hill that contains the area's centre, or its own centre.
    Point top = centroid(area.outline);
    int best = area.level;
    for (const TerrainArea& other : battle.areas) {
        if (other.type == AreaType::Hill && other.level > best && bg::within(centroid(other.outline), area.outline)) {
            best = other.level;
            top = centroid(other.outline);
        }
    }
    if (measure::negligible(bg::distance(top, at))) {
        return false;
    }
    return measure::atMost(angleBetween(bearing(top, at), heading), 45);
}

struct Crossing {
    double share = 0; // of a whole move
    bool impassable = false;
    bool losesFiringOrder = false;
};

Crossing crossingRule(const TerrainLine& line, const Unit& unit) {
    Crossing crossing;
    const std::string arm = toString(unit.arm);
    if (line.impassableTo.count(arm) != 0) {
        crossing.impassable = true;
        return crossing;
    }
    std::string share;
    if (line.rules.contains("crossing") && line.rules["crossing"].is_object() && line.rules["crossing"].contains(arm)) {
        share = line.rules["crossing"][arm].get<std::string>();
    } else {
        switch (line.type) {
        case LineType::River:
            share = "impassable";
            break;
        case LineType::Stream:
            share = unit.arm == Arm::Guns ? "impassable" : unit.arm == Arm::Foot ? "1" : "1/2";
            break;
        case LineType::Hedge:
        case LineType::Wall:
        case LineType::Fence:
            share = unit.arm == Arm::Guns ? "impassable" : "1/2";
            break;
        case LineType::Road:
        case LineType::Bridge:
            share = "0";
            break;
        }
    }
    if (share == "impassable") {
        crossing.impassable = true;
        return crossing;
    }
    const auto fraction = parseFraction(share);
    crossing.share = fraction ? boost::rational_cast<double>(*fraction) : 0.0;
    crossing.losesFiringOrder = unit.arm == Arm::Foot && line.rules.value("losesFiringOrder", line.type == LineType::Stream);
    return crossing;
}

bool atBridge(const Battle& battle, const Point& at) {
    for (const TerrainLine& line : battle.lines) {
        if (line.type == LineType::Bridge && bg::distance(at, line.path) <= 20.0) {
            return true;
        }
    }
    return false;
}

} // namespace

PathCost pathCost(const Battle& battle, const Unit& unit, const Path& path, double allowance) {
    PathCost result;
    constexpr double step = 2.0; // mm between the points the ground is read at
    double costMm = 0;
    double credit = 0;
    for (std::size_t leg = 1; leg < path.size(); ++leg) {
        const Point from = path[leg - 1];
        const Point to = path[leg];
        const double length = bg::distance(from, to);
        if (measure::negligible(length)) {
            continue;
        }
        const double heading = bearing(from, to);
        const int samples = std::max(1, static_cast<int>(std::ceil(length / step)));
        for (int i = 0; i < samples; ++i) {
            const double t = (i + 0.5) / samples;
            const Point at(from.x() + (to.x() - from.x()) * t, from.y() + (to.y() - from.y()) * t);
            double speed = 1;
            const TerrainArea* slowest = nullptr;
            for (const TerrainArea& area : battle.areas) {
                if (!bg::within(at, area.outline)) {
                    continue;
                }
                const double here = areaSpeed(area, unit, directlyDownhill(battle, area, at, heading));
                if (here < speed || (slowest == nullptr && here <= speed && here < 1)) {
                    speed = here;
                    slowest = &area;
                }
            }
            if (speed <= impassable) {
                result.refusal = unit.name + " cannot enter " + (slowest->name.empty() ? toString(slowest->type) : slowest->name);
                return result;
            }
            costMm += length / samples / speed;
            if (slowest != nullptr) {
                const std::string note = "through " + (slowest->name.empty() ? toString(slowest->type) : slowest->name) + " at " +
                                         (speed < 0.6   ? "half speed"
                                          : speed < 0.7 ? "two-thirds speed"
                                                        : "reduced speed");
                if (std::find(result.notes.begin(), result.notes.end(), note) == result.notes.end()) {
                    result.notes.push_back(note);
                }
            }
        }
        result.length += battle.table.toUnits(length);
        const Path segment{from, to};
        for (const TerrainLine& line : battle.lines) {
            if (line.type == LineType::Road || line.type == LineType::Bridge) {
                continue;
            }
            std::vector<Point> crossings;
            bg::intersection(segment, line.path, crossings);
            for (const Point& at : crossings) {
                const std::string name = line.name.empty() ? toString(line.type) : line.name;
                if (atBridge(battle, at)) {
                    result.notes.push_back("over " + name + " by the bridge");
                    continue;
                }
                const Crossing rule = crossingRule(line, unit);
                if (rule.impassable) {
                    result.refusal = unit.name + " cannot cross " + name;
                    return result;
                }
                // The crossing's share of a move includes the few centimetres it takes to
                // get a base over (RULINGS.md, ein-terrain).
                costMm += battle.table.fromUnits(allowance * rule.share);
                credit += rule.share > 0 ? battle.table.fromUnits(4) : 0.0;
                result.losesFiringOrder = result.losesFiringOrder || rule.losesFiringOrder;
                result.notes.push_back("crossing " + name + " costs " +
                                       (rule.share >= 1  ? std::string("a whole move")
                                        : rule.share > 0 ? "half a move"
                                                         : "nothing"));
            }
        }
    }
    result.cost = battle.table.toUnits(std::max(costMm - credit, 0.0));
    return result;
}

Path cutPath(const Path& path, double distance) {
    Path cut;
    if (path.empty()) {
        return cut;
    }
    cut.push_back(path.front());
    double left = distance;
    for (std::size_t leg = 1; leg < path.size() && !measure::negligible(left); ++leg) {
        const double length = bg::distance(path[leg - 1], path[leg]);
        if (length <= left) {
            cut.push_back(path[leg]);
            left -= length;
        } else {
            const double t = left / length;
            cut.push_back(Point(path[leg - 1].x() + (path[leg].x() - path[leg - 1].x()) * t,
                                path[leg - 1].y() + (path[leg].y() - path[leg - 1].y()) * t));
            left = 0;
        }
    }
    return cut;
}

std::vector<event::Placement> placementsAlong(const Unit& unit, const Path& path, double distance, double facing) {
    const Path cut = cutPath(path, distance);
    const Point end = cut.empty() ? unit.centre() : cut.back();
    const Point centre = unit.centre();
    return shifted(turned(unit, facing), end.x() - centre.x(), end.y() - centre.y());
}

std::string obstruction(const Battle& battle, const Unit& unit, const Path& path, double facing, const std::vector<std::string>& ignored) {
    const double length = bg::length(path);
    const int samples = std::max(1, static_cast<int>(std::ceil(length / 5.0)));
    // Only bases within reach of the path can be run into: gather them once (a box round
    // the path, widened by the unit's and each base's size), not every base at every step.
    double unitReach = 0;
    const Point centre = unit.centre();
    for (const Element& mine : unit.elements) {
        unitReach = std::max(unitReach, bg::distance(centre, mine.centre) + std::hypot(mine.width, mine.depth) / 2);
    }
    bg::model::box<Point> swept;
    bg::envelope(path, swept);
    bg::expand(swept, centre);
    struct Nearby {
        const Unit* unit;
        const Element* element;
        std::array<Point, 4> corners;
        double reach;
    };
    std::vector<Nearby> nearby;
    for (const Unit& other : battle.units) {
        if (other.id == unit.id || other.eliminated() || other.arm == Arm::Leader ||
            std::find(ignored.begin(), ignored.end(), other.id) != ignored.end()) {
            continue;
        }
        for (const Element& theirs : other.elements) {
            const double reach = std::hypot(theirs.width, theirs.depth) / 2;
            if (bg::distance(theirs.centre, swept) > unitReach + reach) {
                continue;
            }
            nearby.push_back({&other, &theirs, rectangleCorners(theirs.centre, theirs.width, theirs.depth, theirs.facing), reach});
        }
    }
    if (nearby.empty()) {
        return {};
    }
    for (int i = 1; i <= samples; ++i) {
        const Unit moved = placedAt(unit, placementsAlong(unit, path, length * i / samples, facing));
        for (const Element& mine : moved.elements) {
            // Touching is not crossing: the base is shrunk by half a millimetre a side.
            const auto inner = rectangleCorners(mine.centre, mine.width - 1, mine.depth - 1, mine.facing);
            const double reach = std::hypot(mine.width, mine.depth) / 2;
            for (const Nearby& theirs : nearby) {
                if (bg::distance(mine.centre, theirs.element->centre) > reach + theirs.reach) {
                    continue; // too far apart to overlap
                }
                if (convexDistance(inner, theirs.corners) <= 0) {
                    return theirs.unit->id;
                }
            }
        }
    }
    return {};
}

namespace {
bool standsIn(const Battle& battle, const Unit& unit, std::initializer_list<AreaType> types) {
    const Point centre = unit.centre();
    for (const TerrainArea& area : battle.areas) {
        if (std::find(types.begin(), types.end(), area.type) != types.end() && bg::within(centre, area.outline)) {
            return true;
        }
    }
    return false;
}
} // namespace

bool inCover(const Battle& battle, const Unit& unit) { return standsIn(battle, unit, {AreaType::Woods, AreaType::BuiltUp}); }
bool inBuiltUpOrWood(const Battle& battle, const Unit& unit) { return inCover(battle, unit); }
bool inBuiltUp(const Battle& battle, const Unit& unit) { return standsIn(battle, unit, {AreaType::BuiltUp}); }

} // namespace sandtable::ein
