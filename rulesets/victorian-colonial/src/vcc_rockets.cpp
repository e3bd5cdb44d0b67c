#include "vcc_rockets.h"

#include "sandtable/chart.h"
#include "sandtable/kit/preview.h"
#include "vcc_fire.h"
#include "vcc_grid.h"
#include "vcc_hits.h"
#include "vcc_morale.h"

#include <algorithm>

namespace sandtable::vcc {

std::vector<Box> rocketBoxes(const Battle& battle, const Unit& unit) {
    std::vector<Box> boxes;
    const Table& table = battle.table;
    const Box from = boxOf(battle, unit);
    for (int row = 0; row < table.rows(); ++row) {
        for (int column = 0; column < table.columns(); ++column) {
            const Box box{column, row};
            if (inFrontArc(table, from, facingOf(unit), box)) {
                boxes.push_back(box);
            }
        }
    }
    return boxes;
}

std::optional<Box> driftBox(const Table& table, const Box& from, const Box& target, int score) {
    // The line of fire to the nearest of the eight grid directions, whatever the units' facings.
    const double line = snapDegrees(bearing(table.boxCentre(from), table.boxCentre(target)), 45);
    const double offsets[] = {0, 180, 270, 90}; // beyond, short, left, right
    const auto [dc, dr] = stepAlong(normaliseDegrees(line + offsets[std::clamp(score, 1, 4) - 1]));
    const Box drifted{target.column + dc, target.row + dr};
    if (!table.onGrid(drifted)) {
        return std::nullopt;
    }
    return drifted;
}

namespace {

std::vector<std::string> unitsHit(const Data& data, const Battle& battle, const Box& box) {
    std::vector<std::string> ids;
    for (const Unit* unit : unitsIn(battle, box)) {
        if (fights(data, *unit)) {
            ids.push_back(unit->id);
        }
    }
    return ids;
}

std::string names(const Battle& battle, const std::vector<std::string>& ids) {
    std::string text;
    for (const std::string& id : ids) {
        text += (text.empty() ? "" : ", ") + battle.findUnit(id)->name;
    }
    return text.empty() ? "no one" : text;
}

} // namespace

void previewRocket(const Data& data, const RulesetOptions& options, const Battle& battle, const Unit& unit, const Action& action,
                   Preview& preview) {
    kit::showRuling(preview, data, "vcc-rocket-drift");
    kit::showRuling(preview, data, "vcc-rocket-hits");
    if (std::string why = whyNoFire(data, battle, unit); !why.empty()) {
        preview.refusal = why;
        return;
    }
    if (!action.box) {
        preview.refusal = "a rocket is aimed at a box";
        return;
    }
    const Box target = *action.box;
    const Box from = boxOf(battle, unit);
    if (!battle.table.onGrid(target) || !inFrontArc(battle.table, from, facingOf(unit), target)) {
        preview.refusal = boxName(target) + " is not in " + unit.name + "'s front arc";
        return;
    }
    preview.facts.push_back({"Aimed at", boxName(target) + ": " + names(battle, unitsHit(data, battle, target))});
    Odds odds{"Where the rocket lands", {{"hits " + boxName(target) + " (5-6)", Probability(1, 3)}}, {}};
    if (options.at("rocket-drift") == "lost") {
        odds.lines.push_back({"drifts and is lost (1-4)", Probability(2, 3)});
    } else {
        const char* words[] = {"beyond", "short", "left", "right"};
        for (int score = 1; score <= 4; ++score) {
            const auto box = driftBox(battle.table, from, target, score);
            odds.lines.push_back({std::string("drifts ") + words[score - 1] + " (" + std::to_string(score) + ") to " +
                                      (box ? boxName(*box) + ": " + names(battle, unitsHit(data, battle, *box)) : "off the table"),
                                  Probability(1, 6)});
        }
    }
    preview.odds.push_back(odds);
    for (const std::string& id : unitsHit(data, battle, target)) {
        const Unit& hit = *battle.findUnit(id);
        preview.odds.push_back(moraleOdds(moraleTest(data, battle, hit, true), hit.name + "'s morale check if hit"));
    }
}

void resolveRocket(Step& step, const Action& action) {
    const Unit& unit = step.unit(action.unit);
    Preview check;
    previewRocket(step.data, step.options, step.battle, unit, action, check);
    if (!check.allowed()) {
        step.refuse(check.refusal);
        return;
    }
    const Box from = boxOf(step.battle, unit);
    const Box aimed = *action.box;
    setCounter(step, action.unit, "fired", 1.0);
    const Chart& toHit = step.data.chart("rocket-to-hit");
    const std::int64_t score = step.roll("1d6", "rocket", cite("Firing Rockets Procedure"));
    const auto result = toHit.lookup(std::nullopt, score);
    step.out.trace.lookup(toHit, *result);
    std::optional<Box> landed = aimed;
    if (result->cell.text == "drift") {
        step.ruling("vcc-rocket-drift");
        if (step.option("rocket-drift") == "lost") {
            step.outcome("the rocket drifts and is lost", cite("Firing Rockets Procedure"));
            return;
        }
        const Chart& drift = step.data.chart("rocket-drift");
        const auto direction = drift.lookup(std::nullopt, score);
        step.out.trace.lookup(drift, *direction);
        landed = driftBox(step.battle.table, from, aimed, static_cast<int>(score));
        if (!landed) {
            step.outcome("the rocket drifts " + direction->cell.text + " off the table", cite("Firing Rockets Procedure"));
            return;
        }
        step.outcome("the rocket drifts " + direction->cell.text + " to " + boxName(*landed), cite("Firing Rockets Procedure"));
    }
    step.ruling("vcc-rocket-hits");
    const auto hit = unitsHit(step.data, step.battle, *landed);
    step.outcome("the rocket hits " + boxName(*landed) + ": " + names(step.battle, hit), cite("Firing Rockets Procedure"));
    for (const std::string& id : hit) {
        if (step.option("rocket-dice") == "on") {
            const int dice = std::max(1, gunners(step.unit(action.unit)));
            takeHits(step, id, static_cast<int>(step.roll(std::to_string(dice) + "d6", "rocket hits", cite("Firing Rockets Procedure"))));
        }
        if (score == 6 && !step.unit(id).eliminated()) {
            leaderHitChecks(step, id, 1, leaderRow("medium"));
        }
        if (!step.unit(id).eliminated()) {
            oweMorale(step, id, from, true);
        }
    }
}

} // namespace sandtable::vcc
