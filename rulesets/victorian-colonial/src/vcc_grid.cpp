#include "vcc_grid.h"

#include "sandtable/battle_geometry.h"

#include <algorithm>
#include <array>
#include <cmath>

namespace sandtable::vcc {

GridSteps gridSteps(const RulesetOptions& options) {
    return options.at("diagonal") == "orthogonal" ? GridSteps::Orthogonal : GridSteps::Diagonal;
}

int boxesBetween(const RulesetOptions& options, const Box& a, const Box& b) {
    if (gridSteps(options) == GridSteps::Orthogonal) {
        return std::abs(a.column - b.column) + std::abs(a.row - b.row);
    }
    return boxDistance(a, b);
}

Box boxOf(const Battle& battle, const Unit& unit) { return battle.table.boxAt(unit.centre()); }

std::vector<const Unit*> unitsIn(const Battle& battle, const Box& box) {
    std::vector<const Unit*> found;
    for (const Unit& unit : battle.units) {
        if (!unit.eliminated() && boxOf(battle, unit) == box) {
            found.push_back(&unit);
        }
    }
    return found;
}

bool enemyHolds(const Data& data, const Battle& battle, const Box& box, const std::string& side) {
    const auto here = unitsIn(battle, box);
    return std::any_of(here.begin(), here.end(), [&](const Unit* unit) { return unit->side != side && fights(data, *unit); });
}

double snapDegrees(double degrees, double step) { return normaliseDegrees(std::round(normaliseDegrees(degrees) / step) * step); }

double snapFacing(const RulesetOptions& options, double degrees) { return snapDegrees(degrees, options.at("facing") == "four" ? 90 : 45); }

std::pair<int, int> stepAlong(double facing) {
    const Point direction = facingVector(facing);
    return {static_cast<int>(std::lround(direction.x())), static_cast<int>(std::lround(direction.y()))};
}

double facingToward(const Table& table, const Box& from, const Box& to, const RulesetOptions& options) {
    if (from == to) {
        return 0;
    }
    return snapFacing(options, bearing(table.boxCentre(from), table.boxCentre(to)));
}

bool inFrontArc(const Table& table, const Box& from, double facing, const Box& to) {
    if (from == to) {
        return false;
    }
    return angleBetween(facing, bearing(table.boxCentre(from), table.boxCentre(to))) <= 45 + 1e-6;
}

bool onFlank(const Table& table, const Box& target, double facing, const Box& attacker) {
    if (target == attacker) {
        return false;
    }
    return angleBetween(facing, bearing(table.boxCentre(target), table.boxCentre(attacker))) >= 90 - 1e-6;
}

std::pair<BoxCover, const TerrainArea*> coverIn(const Battle& battle, const Box& box) {
    const Point centre = battle.table.boxCentre(box);
    std::pair<BoxCover, const TerrainArea*> best{BoxCover::None, nullptr};
    for (const TerrainArea& area : battle.areas) {
        if (!boost::geometry::covered_by(centre, area.outline)) {
            continue;
        }
        BoxCover cover = BoxCover::None;
        const std::string agreed = area.rules.is_object() ? area.rules.value("cover", "") : "";
        if (agreed == "soft") {
            cover = BoxCover::Soft;
        } else if (agreed == "hard") {
            cover = BoxCover::Hard;
        } else if (agreed.empty()) {
            if (area.type == AreaType::Woods || area.type == AreaType::Rough) {
                cover = BoxCover::Soft;
            } else if (area.type == AreaType::BuiltUp) {
                cover = BoxCover::Hard;
            }
        }
        if (cover > best.first) {
            best = {cover, &area};
        }
    }
    return best;
}

int levelOf(const Battle& battle, const Box& box) { return groundLevel(battle, battle.table.boxCentre(box)); }

bool impassable(const Battle& battle, const Box& box) {
    const Point centre = battle.table.boxCentre(box);
    return std::any_of(battle.areas.begin(), battle.areas.end(), [&](const TerrainArea& area) {
        return area.type == AreaType::Water && boost::geometry::covered_by(centre, area.outline);
    });
}

std::vector<event::Placement> placedInBox(const Battle& battle, const Unit& unit, const Box& box, double facing) {
    const Table& table = battle.table;
    // The box is shared in quarters, the first one no other unit stands in taken.
    const Point boxCentre = table.boxCentre(box);
    const auto quarterOf = [&](const Point& at) { return (at.x() < boxCentre.x() ? 0 : 1) + (at.y() < boxCentre.y() ? 0 : 2); };
    std::array<bool, 4> taken{};
    int others = 0;
    for (const Unit& other : battle.units) {
        if (other.id == unit.id || other.eliminated() || table.boxAt(other.centre()) != box) {
            continue;
        }
        const Point at = other.centre();
        taken[quarterOf(at)] = true;
        ++others;
    }
    const auto free = std::find(taken.begin(), taken.end(), false);
    int slot = free != taken.end() ? static_cast<int>(free - taken.begin()) : others % 4;
    if (!unit.eliminated() && table.boxAt(unit.centre()) == box && !taken[quarterOf(unit.centre())]) {
        slot = quarterOf(unit.centre()); // turning where it stands keeps its place
    }
    const double quarter = table.boxSize / 4;
    const Point centre(boxCentre.x() + (slot % 2 == 0 ? -quarter : quarter), boxCentre.y() + (slot < 2 ? -quarter : quarter));
    // The elements in ranks across the front, as many to a rank as fit across a quarter.
    const double across = table.boxSize / 2 * 0.9;
    std::vector<event::Placement> placements;
    if (unit.elements.empty()) {
        return placements;
    }
    const double width = unit.elements.front().width;
    const double depth = unit.elements.front().depth;
    const int perRank = std::max(1, static_cast<int>(across / std::max(width, 1.0)));
    const int count = static_cast<int>(unit.elements.size());
    const int ranks = (count + perRank - 1) / perRank;
    const Point front = facingVector(facing);
    const Point right(-front.y(), front.x());
    for (int index = 0; index < count; ++index) {
        const int rank = index / perRank;
        const int inRank = std::min(perRank, count - rank * perRank);
        const double x = (index % perRank - (inRank - 1) / 2.0) * width;
        const double y = ((ranks - 1) / 2.0 - rank) * depth;
        placements.push_back({Point(centre.x() + right.x() * x + front.x() * y, centre.y() + right.y() * x + front.y() * y), facing});
    }
    return placements;
}

} // namespace sandtable::vcc
