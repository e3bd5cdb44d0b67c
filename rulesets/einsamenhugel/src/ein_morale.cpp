#include "ein_morale.h"

#include "ein_movement.h"
#include "sandtable/battle_geometry.h"
#include "sandtable/measure.h"

namespace sandtable::ein {

namespace bg = boost::geometry;

const Unit* rearSupport(const Data& data, const Battle& battle, const Unit& unit, const std::set<std::string>& taken) {
    if (unit.elements.empty()) {
        return nullptr;
    }
    const double facing = unit.elements.front().facing;
    const Point ahead = facingVector(facing);
    const Point right = facingVector(facing + 90);
    const Point centre = unit.centre();
    double halfFrontage = 0;
    for (const Element& element : unit.elements) {
        for (const Point& corner : rectangleCorners(element.centre, element.width, element.depth, element.facing)) {
            const double across = (corner.x() - centre.x()) * right.x() + (corner.y() - centre.y()) * right.y();
            halfFrontage = std::max(halfFrontage, std::abs(across));
        }
    }
    const Unit* best = nullptr;
    double bestGap = 0;
    // A supporter is within two of its own moves: of the longest move any troops have.
    double longestMove = 0;
    for (const TroopClass& troops : data.classes) {
        for (const auto& [formation, move] : troops.movement) {
            longestMove = std::max(longestMove, move);
        }
    }
    for (const Unit* near : unitsNear(battle, unit, battle.table.fromUnits(2 * longestMove + measure::tolerance))) {
        const Unit& other = *near;
        // Where it stands first: the cheapest test, and the one most units fail.
        if (other.elements.empty()) {
            continue;
        }
        const Point at = other.centre();
        const double behind = -((at.x() - centre.x()) * ahead.x() + (at.y() - centre.y()) * ahead.y());
        const double across = (at.x() - centre.x()) * right.x() + (at.y() - centre.y()) * right.y();
        if (behind <= 0 || std::abs(across) > halfFrontage) {
            continue;
        }
        if (other.side != unit.side || other.id == unit.id || !isFighting(other) || taken.count(other.id) != 0) {
            continue;
        }
        const TroopClass& troops = classOf(data, other);
        if (troops.light || troops.gun) {
            continue;
        }
        // A bound from the centres first, never more than the gap (less a hair for
        // rounding): a unit it puts beyond the nearest supporter found, or beyond its two
        // moves, is not the one, without the exact measure. In a deep army every unit has
        // many friends behind it, and this runs for every morale check previewed.
        const double leastGap = battle.table.toUnits(gapAtLeast(unit, other)) - 1e-9;
        if ((best != nullptr && leastGap > bestGap) || measure::exceeds(leastGap, 2 * allowanceCm(data, other))) {
            continue;
        }
        // Able to reach it in two turns by normal movement, in the formation it is in and
        // without the variation (Battle of Einsamenhügel - Aftermath).
        const double gap = gapCm(battle, unit, other);
        if (measure::exceeds(gap, 2 * allowanceCm(data, other))) {
            continue;
        }
        if (best == nullptr || gap < bestGap) {
            best = &other;
            bestGap = gap;
        }
    }
    return best;
}

MoraleCheck moraleCheck(const Data& data, const Battle& battle, const Unit& unit, const std::set<std::string>& taken) {
    MoraleCheck check;
    const Chart& scores = data.chart("morale-scores");
    const int column = unit.quality == "elite" ? 1 : (unit.quality == "poor" || unit.quality == "militia") ? 3 : 2;
    check.score = static_cast<int>(scores.cellAt(0, column - 1).number);
    check.classLabel = scores.columns.bands[column - 1].label;
    const ModifierList& list = data.modifiers("morale-throw");
    const Unit* general = attachedGeneral(battle, unit.id);
    const Unit* support = rearSupport(data, battle, unit, taken);
    for (const Modifier& modifier : list.modifiers) {
        ModifierCheck item{
            modifier.id, modifier.name, modifier.effect(), false, 0, {}, modifier.source.empty() ? list.source : modifier.source};
        if (modifier.id == "general-attached") {
            item.applies = general != nullptr;
            item.reason = general != nullptr ? general->name + " is with the unit" : "no general is with the unit";
        } else if (modifier.id == "rear-support") {
            item.applies = support != nullptr;
            item.reason = support != nullptr ? support->name + " stands directly behind, within two turns' move"
                                             : "no friendly unit that may support stands directly behind within two turns' move";
        }
        item.times = item.applies ? 1 : 0;
        if (item.applies) {
            check.modifier += static_cast<int>(modifier.amount.numerator());
        }
        check.modifiers.push_back(item);
    }
    check.supporter = support != nullptr ? support->id : "";
    return check;
}

Probability passChance(const MoraleCheck& check) {
    const int needed = std::clamp(check.score - check.modifier, 1, 7);
    return Probability(7 - needed, 6);
}

void testMorale(Step& step, const std::vector<std::string>& units, const std::string& why) {
    std::set<std::string> taken;
    std::vector<std::pair<std::string, MoraleCheck>> checks;
    for (const std::string& id : units) {
        const Unit& unit = step.unit(id);
        if (unit.eliminated()) {
            continue;
        }
        MoraleCheck check = moraleCheck(step.data, step.battle, unit, taken);
        if (!check.supporter.empty()) {
            taken.insert(check.supporter);
        }
        checks.emplace_back(id, check);
    }
    if (!checks.empty()) {
        step.ruling("ein-rear-support");
    }
    std::vector<std::string> failed;
    for (const auto& [id, check] : checks) {
        const Unit& unit = step.unit(id);
        step.out.trace.add(
            TraceStep{trace::Lookup{step.data.chart("morale-scores").name, "", check.classLabel, std::to_string(check.score) + "-6", {}},
                      cite("MORALE")});
        for (const ModifierCheck& modifier : check.modifiers) {
            traceCheck(step, modifier);
        }
        const std::int64_t thrown = step.roll("1d6", "morale: " + unit.name + " (" + why + ")", cite("MORALE"));
        const std::int64_t total = thrown + check.modifier;
        if (total >= check.score) {
            step.outcome(unit.name + " passes its morale test (" + std::to_string(total) + " against " + std::to_string(check.score) +
                             "-6)",
                         cite("MORALE"));
        } else {
            step.outcome(unit.name + " fails its morale test (" + std::to_string(total) + " against " + std::to_string(check.score) +
                             "-6): a further 25 per cent is removed",
                         cite("MORALE"));
            failed.push_back(id);
        }
    }
    for (const std::string& id : failed) {
        applyHits(step, id, 1, "failed morale");
    }
}

Odds moraleOdds(const Data& data, const Battle& battle, const Unit& unit) {
    const Probability passes = passChance(moraleCheck(data, battle, unit, {}));
    return Odds{"Morale test passes (if one is needed)", {{"passes", passes}, {"fails", 1 - passes}}, {}};
}

} // namespace sandtable::ein
