#include "sandtable/kit/unit_paths.h"

#include "sandtable/battle_geometry.h"
#include "sandtable/geometry.h"
#include "sandtable/measure.h"
#include "sandtable/unit_index.h"

#include <array>
#include <cmath>
#include <optional>

// Moving a unit along a path and what stands in its way: geometry every ruleset that
// moves bases over a measured table shares (the Einsamenhügel rules, One If By Land).

namespace sandtable::kit {

namespace bg = boost::geometry;

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

std::vector<event::Placement> placedWithCentreAt(const Unit& unit, const Point& to, double facing) {
    const Point centre = unit.centre();
    return shifted(turned(unit, facing), to.x() - centre.x(), to.y() - centre.y());
}

std::vector<event::Placement> placementsAlong(const Unit& unit, const Path& path, double distance, double facing) {
    const Path cut = cutPath(path, distance);
    return placedWithCentreAt(unit, cut.empty() ? unit.centre() : cut.back(), facing);
}

namespace {

/// How far a unit's bases reach from its centre, whatever their facing.
double reachFromCentre(const Unit& unit) {
    double reach = 0;
    const Point centre = unit.centre();
    for (const Element& mine : unit.elements) {
        reach = std::max(reach, bg::distance(centre, mine.centre) + reachOf(mine));
    }
    return reach;
}

/// The box round a path and the unit's centre.
bg::model::box<Point> sweptBox(const Unit& unit, const Path& path) {
    bg::model::box<Point> swept;
    bg::envelope(path, swept);
    bg::expand(swept, unit.centre());
    return swept;
}

} // namespace

std::vector<const Unit*> unitsAlong(const Battle& battle, const Unit& unit, const Path& path) {
    const bg::model::box<Point> swept = sweptBox(unit, path);
    return unitsNear(battle, swept.min_corner(), swept.max_corner(), reachFromCentre(unit));
}

std::string obstruction(const Battle& battle, const Unit& unit, const Path& path, double facing, const std::vector<std::string>& ignored) {
    const double length = bg::length(path);
    const int samples = std::max(1, static_cast<int>(std::ceil(length / 5.0)));
    // Only bases within reach of the path can be run into: gather them once (a box round
    // the path, widened by the unit's and each base's size), not every base at every step.
    const double unitReach = reachFromCentre(unit);
    const bg::model::box<Point> swept = sweptBox(unit, path);
    struct Nearby {
        const Unit* unit;
        const Element* element;
        std::array<Point, 4> corners;
        double reach;
    };
    std::vector<Nearby> nearby;
    for (const Unit* near : unitsAlong(battle, unit, path)) {
        const Unit& other = *near;
        if (other.id == unit.id || other.eliminated() || other.arm == Arm::Leader ||
            std::find(ignored.begin(), ignored.end(), other.id) != ignored.end()) {
            continue;
        }
        for (const Element& theirs : other.elements) {
            const double reach = reachOf(theirs);
            if (bg::distance(theirs.centre, swept) > unitReach + reach) {
                continue;
            }
            nearby.push_back({&other, &theirs, rectangleCorners(theirs.centre, theirs.width, theirs.depth, theirs.facing), reach});
        }
    }
    if (nearby.empty()) {
        return {};
    }
    std::vector<double> reaches;
    for (const Element& mine : unit.elements) {
        reaches.push_back(reachOf(mine));
    }
    for (int i = 1; i <= samples; ++i) {
        // Each base where it would stand (as placedAt puts it, without copying the unit at
        // every step: a move of 20 cm is 40 of them).
        const std::vector<event::Placement> placements = placementsAlong(unit, path, length * i / samples, facing);
        for (std::size_t k = 0; k < unit.elements.size(); ++k) {
            const Element& mine = unit.elements[k];
            const Point centre = k < placements.size() ? placements[k].centre : mine.centre;
            const double heading = k < placements.size() ? placements[k].facing : mine.facing;
            // Touching is not crossing: the base is shrunk by half a millimetre a side.
            // Worked out only for a base near enough to overlap (most steps pass none).
            std::optional<std::array<Point, 4>> inner;
            for (const Nearby& theirs : nearby) {
                const double dx = centre.x() - theirs.element->centre.x();
                const double dy = centre.y() - theirs.element->centre.y();
                const double apart = reaches[k] + theirs.reach;
                if (dx * dx + dy * dy > apart * apart * (1 + 1e-9)) {
                    continue; // too far apart to overlap (a margin for rounding: the outlines decide)
                }
                if (!inner) {
                    inner = rectangleCorners(centre, mine.width - 1, mine.depth - 1, heading);
                }
                if (convexOutlinesMeet(*inner, theirs.corners)) {
                    return theirs.unit->id;
                }
            }
        }
    }
    return {};
}

} // namespace sandtable::kit
