#include "ozz_geometry.h"

#include <cmath>
#include <limits>

namespace sandtable::ozz {

namespace bg = boost::geometry;

double gapInches(const Battle& battle, const Unit& a, const Unit& b) {
    return battle.table.toUnits(distanceBetween(a, b, DistanceConvention::NearestEdges));
}

std::vector<event::Placement> turned(const Unit& unit, double facing) {
    const Point centre = unit.centre();
    const double turn = (facing - (unit.elements.empty() ? 0.0 : unit.elements.front().facing)) * M_PI / 180.0;
    std::vector<event::Placement> placements;
    for (const Element& element : unit.elements) {
        // Turning clockwise on a y-down table is the ordinary rotation matrix.
        const double x = element.centre.x() - centre.x();
        const double y = element.centre.y() - centre.y();
        const Point rotated(centre.x() + x * std::cos(turn) - y * std::sin(turn),
                            centre.y() + x * std::sin(turn) + y * std::cos(turn));
        placements.push_back({rotated, normaliseDegrees(element.facing + facing - unit.elements.front().facing)});
    }
    return placements;
}

std::vector<event::Placement> shifted(const std::vector<event::Placement>& placements, double dx, double dy) {
    std::vector<event::Placement> moved = placements;
    for (event::Placement& placement : moved) {
        placement.centre = Point(placement.centre.x() + dx, placement.centre.y() + dy);
    }
    return moved;
}

Unit placedAt(const Unit& unit, const std::vector<event::Placement>& placements) {
    Unit placed = unit;
    for (std::size_t i = 0; i < placed.elements.size() && i < placements.size(); ++i) {
        placed.elements[i].centre = placements[i].centre;
        placed.elements[i].facing = placements[i].facing;
    }
    return placed;
}

const Unit* nearestEnemy(const Battle& battle, const Unit& unit) {
    const Unit* nearest = nullptr;
    double best = std::numeric_limits<double>::max();
    for (const Unit& other : battle.units) {
        if (other.side == unit.side || other.eliminated()) {
            continue;
        }
        const double gap = distanceBetween(unit, other, DistanceConvention::NearestEdges);
        if (gap < best) {
            best = gap;
            nearest = &other;
        }
    }
    return nearest;
}

Face attackedFace(const Unit& target, const Unit& from) {
    if (target.elements.empty() || from.elements.empty()) {
        return Face::Front;
    }
    // The base of the target nearest the attacker: a line's middle base, not its end.
    const Point at = from.centre();
    const Element* nearest = &target.elements.front();
    for (const Element& element : target.elements) {
        if (bg::distance(element.centre, at) < bg::distance(nearest->centre, at)) {
            nearest = &element;
        }
    }
    return faceOf(*nearest, at);
}

bool inFrontArc(const Unit& from, const Unit& target) {
    for (const Element& element : from.elements) {
        if (unitInArc(element, target, 90)) {
            return true;
        }
    }
    return false;
}

Cover coverOf(const Battle& battle, const Unit& unit) {
    Cover best = Cover::None;
    const Point centre = unit.centre();
    for (const TerrainArea& area : battle.areas) {
        if (area.cover() > best && bg::within(centre, area.outline)) {
            best = area.cover();
        }
    }
    return best;
}

bool behindFriendlyLines(const Battle& battle, const Unit& unit, const Unit& enemy) {
    const Segment line(enemy.centre(), unit.centre());
    for (const Unit& friendUnit : battle.units) {
        if (friendUnit.side != unit.side || friendUnit.id == unit.id || friendUnit.eliminated() ||
            friendUnit.arm == Arm::Leader) {
            continue;
        }
        for (const Element& element : friendUnit.elements) {
            if (bg::intersects(line, element.footprint())) {
                return true;
            }
        }
    }
    return false;
}

const Unit* attachedCommander(const Battle& battle, const Unit& unit) {
    for (const Unit& leader : battle.units) {
        if (leader.arm == Arm::Leader && leader.attachedTo == unit.id && leader.type != "wizard" &&
            !leader.eliminated()) {
            return &leader;
        }
    }
    return nullptr;
}

bool obstacleBetween(const Battle& battle, const Unit& a, const Unit& b) {
    const Segment line(a.centre(), b.centre());
    const double reach = battle.table.fromUnits(2);
    for (const TerrainLine& terrainLine : battle.lines) {
        if (!terrainLine.isObstacle() || !bg::intersects(line, terrainLine.path)) {
            continue;
        }
        // Defended: the obstacle runs within 2" of the defender's bases.
        for (const Element& element : b.elements) {
            if (bg::distance(element.footprint(), terrainLine.path) <= reach) {
                return true;
            }
        }
    }
    return false;
}

bool inContact(const Unit& a, const Unit& b) {
    return !a.eliminated() && !b.eliminated() && distanceBetween(a, b, DistanceConvention::NearestEdges) < 0.5;
}

} // namespace sandtable::ozz
