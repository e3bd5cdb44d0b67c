#include "ozz_tests.h"

#include "ozz_geometry.h"
#include "sandtable/kit/modifier_check.h"

#include <algorithm>

namespace sandtable::ozz {

namespace {

ModifierCheck shiftCheck(const ModifierList& list, const std::string& id, int times, std::string reason) {
    // A shift of the chart's columns, cited to the chart's modifier list as a whole.
    ModifierCheck check = kit::modifierCheck(list, id, times, std::move(reason));
    const auto amount = boost::rational_cast<std::int64_t>(list.find(id)->amount);
    check.effect = amount > 0 ? "1 shift right" : "1 shift left";
    check.citation = list.source;
    return check;
}

int shiftedColumn(const Data& data, const ShiftPlan& plan, int base) {
    const ModifierApplication applied = data.modifiers("shifts").apply(Fraction(base), plan.times);
    return static_cast<int>(boost::rational_cast<std::int64_t>(applied.exact));
}

std::string statName(const std::string& chart) { return chart == "tests-of-resolve" ? "resolve" : "elan"; }

} // namespace

int baseColumn(int roll, int stat) {
    if (2 * roll < stat) {
        return 0;
    }
    return roll < stat ? 1 : 2;
}

int testStat(const Unit& unit, const std::string& chart) {
    const auto found = unit.stats.find(statName(chart));
    return found != unit.stats.end() && found->is_number_integer() ? found->get<int>() : 0;
}

ShiftPlan shiftsFor(const Data& data, const Battle& battle, const Unit& unit, const TestSituation& situation) {
    const ModifierList& list = data.modifiers("shifts");
    ShiftPlan plan;
    auto add = [&](const std::string& id, int times, const std::string& reason) {
        plan.times[id] = times;
        plan.checks.push_back(shiftCheck(list, id, times, reason));
    };
    const int lost = unit.basesLost() + situation.extraBasesLost;
    add("per-base-lost", lost, std::to_string(lost) + (lost == 1 ? " base lost" : " bases lost"));
    add("close-artillery-fire", situation.closeArtilleryFire ? 1 : 0,
        situation.closeArtilleryFire ? "received close-range artillery fire" : "no close-range artillery fire");
    add("flank-or-rear", situation.flankOrRear ? 1 : 0, situation.flankOrRear ? "attacked from flank or rear" : "attacked from the front");
    const Unit* commander = attachedCommander(battle, unit);
    add("commander-attached", commander != nullptr ? 1 : 0,
        commander != nullptr ? commander->name + " is attached" : "no commander attached");
    const Unit* cause = battle.findUnit(situation.cause);
    const bool behind = cause != nullptr && behindFriendlyLines(battle, unit, *cause);
    add("behind-friendly-lines", behind ? 1 : 0,
        behind ? "friends stand between it and " + cause->name : "no friends between it and the enemy");
    const Cover cover = coverOf(battle, unit);
    add("in-cover", cover != Cover::None ? 1 : 0, cover != Cover::None ? "in cover" : "in the open");
    return plan;
}

TestOutcome runTest(Step& step, const std::string& unitId, const TestSituation& situation) {
    const Chart& chart = step.data.chart(situation.chart);
    const Unit& unit = step.unit(unitId);
    const int stat = testStat(unit, situation.chart);
    const std::string what = situation.chart == "tests-of-resolve" ? "Resolve" : "Elan";
    TestOutcome outcome;
    outcome.roll =
        static_cast<int>(step.roll(d10(), unit.name + ": Test of " + what + " (" + what + " " + std::to_string(stat) + ")", chart.source));
    const int base = baseColumn(outcome.roll, stat);
    step.ruling("ozz-modified-columns");
    const ShiftPlan plan = shiftsFor(step.data, step.battle, unit, situation);
    const ModifierApplication applied = step.data.modifiers("shifts").apply(Fraction(base), plan.times);
    step.out.trace.modifiers(step.data.modifiers("shifts"), applied);
    step.ruling("ozz-shift-directions");
    const int shifted = static_cast<int>(boost::rational_cast<std::int64_t>(applied.exact));
    const auto lookup = chart.lookup(situation.row, shifted);
    if (!lookup) {
        throw std::logic_error(lookup.error());
    }
    step.out.trace.lookup(chart, *lookup);
    outcome.column = static_cast<int>(lookup->column.value_or(0));
    outcome.result = lookup->cell.text;
    outcome.procedure = step.data.reactions.at(situation.chart).at(situation.row - 1).at(outcome.column);
    step.outcome(unit.name + ": " + outcome.result, chart.source);
    return outcome;
}

Odds testOdds(const Data& data, const Battle& battle, const Unit& unit, const TestSituation& situation) {
    const Chart& chart = data.chart(situation.chart);
    const int stat = testStat(unit, situation.chart);
    const ShiftPlan plan = shiftsFor(data, battle, unit, situation);
    // Faces of the d10 that land in each column: ten faces, each a tenth.
    std::vector<int> faces(chart.columns.bands.size(), 0);
    for (int roll = 1; roll <= 10; ++roll) {
        const int column = std::clamp(shiftedColumn(data, plan, baseColumn(roll, stat)), 0, static_cast<int>(faces.size()) - 1);
        ++faces[static_cast<std::size_t>(column)];
    }
    Odds odds;
    odds.title = unit.name + ": " + chart.rows->bands[static_cast<std::size_t>(situation.row - 1)].label;
    for (std::size_t column = 0; column < faces.size(); ++column) {
        if (faces[column] > 0) {
            odds.lines.push_back({chart.cellAt(static_cast<std::size_t>(situation.row - 1), column).text, Probability(faces[column], 10)});
        }
    }
    return odds;
}

} // namespace sandtable::ozz
