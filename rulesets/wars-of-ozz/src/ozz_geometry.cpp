#include "ozz_geometry.h"

#include "sandtable/unit_index.h"

#include <cmath>
#include <limits>

namespace sandtable::ozz {

namespace bg = boost::geometry;

double gapInches(const Battle& battle, const Unit& a, const Unit& b) {
    return battle.table.toUnits(distanceBetween(a, b, DistanceConvention::NearestEdges));
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
        if (friendUnit.side != unit.side || friendUnit.id == unit.id || friendUnit.eliminated() || friendUnit.arm == Arm::Leader) {
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
    for (const Unit* leader : leadersAttachedTo(battle, unit.id)) {
        if (leader->type != "wizard" && !leader->eliminated()) {
            return leader;
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

std::string infantryContactRefusal(const Unit& mover, const Unit& target) {
    if (mover.arm == Arm::Foot && target.arm == Arm::Horse && target.markers.count("disordered") == 0 &&
        attackedFace(target, mover) == Face::Front) {
        return "§ infantry may only move into contact with the flanks or rear of cavalry or the front of disordered cavalry";
    }
    return {};
}

bool impetusForbidden(const Unit& attacker, const Unit& enemy) { return attacker.arm == Arm::Foot && enemy.arm == Arm::Horse; }

} // namespace sandtable::ozz
