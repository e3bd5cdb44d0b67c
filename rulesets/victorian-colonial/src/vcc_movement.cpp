#include "vcc_movement.h"

#include "sandtable/kit/preview.h"
#include "vcc_grid.h"
#include "vcc_melee.h"
#include "vcc_morale.h"

#include <algorithm>
#include <deque>
#include <map>

namespace sandtable::vcc {

std::string whyNoMove(const Battle& battle, const Unit& unit) {
    if (counter(unit, "acted") > 0) {
        return unit.name + " has already given its order this step";
    }
    if (broken(unit)) {
        return unit.name + " is broken: it may not move until rallied";
    }
    if (prone(unit)) {
        return unit.name + " is prone: it must rally to move";
    }
    if (inContact(battle, unit.id)) {
        return unit.name + " is in contact with the enemy";
    }
    return {};
}

std::vector<Box> reach(const Data& data, const RulesetOptions& options, const Battle& battle, const Unit& unit) {
    const int move = typeOf(data, unit).move;
    if (move <= 0 || inSquare(unit)) {
        return {};
    }
    const Table& table = battle.table;
    const Box start = boxOf(battle, unit);
    const bool diagonal = gridSteps(options) == GridSteps::Diagonal;
    // Every box costs one box (vcc-terrain): a walk outward, breadth first.
    std::map<std::pair<int, int>, int> cost{{{start.column, start.row}, 0}};
    std::deque<Box> open{start};
    std::vector<Box> reached;
    while (!open.empty()) {
        const Box at = open.front();
        open.pop_front();
        const int spent = cost.at({at.column, at.row});
        if (spent == move) {
            continue;
        }
        for (int dr = -1; dr <= 1; ++dr) {
            for (int dc = -1; dc <= 1; ++dc) {
                if ((dc == 0 && dr == 0) || (!diagonal && dc != 0 && dr != 0)) {
                    continue;
                }
                const Box next{at.column + dc, at.row + dr};
                if (!table.onGrid(next) || cost.count({next.column, next.row}) != 0 || impassable(battle, next) ||
                    enemyHolds(data, battle, next, unit.side)) {
                    continue;
                }
                cost[{next.column, next.row}] = spent + 1;
                reached.push_back(next);
                open.push_back(next);
            }
        }
    }
    return reached;
}

namespace {

bool mayFormSquare(const Data& data, const Unit& unit) { return typeOf(data, unit).arm == Arm::Foot && !raw(unit); }

std::string whyNoPivot(const Data& data, const Battle& battle, const Unit& unit) {
    if (std::string why = whyNoMove(battle, unit); !why.empty()) {
        return why;
    }
    if (inSquare(unit)) {
        return unit.name + " is in square, facing every way";
    }
    const TroopType& type = typeOf(data, unit);
    if (type.move == 0 && !type.pivots) {
        return type.name + " may not move or pivot";
    }
    return {};
}

std::string whyNoRally(const Unit& unit) {
    if (!prone(unit) && !broken(unit)) {
        return unit.name + " is neither prone nor broken: it has nothing to rally from";
    }
    if (counter(unit, "rallied") > 0) {
        return unit.name + " has already tried to rally this step";
    }
    return {};
}

} // namespace

void offerMovement(const Data& data, const RulesetOptions& options, const Battle& battle, const Unit& unit, std::vector<Offer>& offers) {
    if (whyNoRally(unit).empty()) {
        offers.push_back({.type = "rally", .label = "Rally", .unit = unit.id, .role = OrderRole::Rally});
    }
    if (!whyNoMove(battle, unit).empty()) {
        return;
    }
    if (auto boxes = reach(data, options, battle, unit); !boxes.empty()) {
        offers.push_back({.type = "move",
                          .label = "Move (" + lengthText(typeOf(data, unit).move, MeasureUnit::Box) + ")",
                          .unit = unit.id,
                          .role = OrderRole::Move,
                          .input = OrderInput::Box,
                          .boxes = std::move(boxes)});
    }
    if (auto targets = chargeTargets(data, options, battle, unit); !targets.empty()) {
        offers.push_back({.type = "charge",
                          .label = "Charge",
                          .unit = unit.id,
                          .role = OrderRole::Charge,
                          .input = OrderInput::Target,
                          .targets = std::move(targets)});
    }
    if (whyNoPivot(data, battle, unit).empty()) {
        offers.push_back({.type = "pivot", .label = "Pivot", .unit = unit.id, .role = OrderRole::Face, .input = OrderInput::Facing});
    }
    if (mayFormSquare(data, unit)) {
        const bool square = inSquare(unit);
        offers.push_back({.type = "formation",
                          .label = square ? "Leave square" : "Form square",
                          .unit = unit.id,
                          .role = OrderRole::Formation,
                          .choice = square ? "line" : "square"});
    }
}

bool anyMovement(const Data& data, const RulesetOptions& options, const Battle& battle, const Unit& unit) {
    if (whyNoRally(unit).empty()) {
        return true;
    }
    if (!whyNoMove(battle, unit).empty()) {
        return false;
    }
    return whyNoPivot(data, battle, unit).empty() || mayFormSquare(data, unit) || !reach(data, options, battle, unit).empty() ||
           !chargeTargets(data, options, battle, unit).empty();
}

void previewMove(const Data& data, const RulesetOptions& options, const Battle& battle, const Unit& unit, const Action& action,
                 Preview& preview) {
    kit::showRuling(preview, data, "vcc-terrain");
    preview.allowance = typeOf(data, unit).move;
    if (std::string why = whyNoMove(battle, unit); !why.empty()) {
        preview.refusal = why;
        return;
    }
    if (!action.box) {
        preview.refusal = "a move needs the box to move to";
        return;
    }
    const Box from = boxOf(battle, unit);
    preview.pathCost = boxesBetween(options, from, *action.box);
    preview.facts.push_back({"From", boxName(from)});
    preview.facts.push_back({"To", boxName(*action.box)});
    const auto boxes = reach(data, options, battle, unit);
    if (std::find(boxes.begin(), boxes.end(), *action.box) == boxes.end()) {
        preview.refusal = unit.name + " cannot reach " + boxName(*action.box) + " (a move of " +
                          lengthText(typeOf(data, unit).move, MeasureUnit::Box) + ", through boxes no enemy holds)";
        return;
    }
    preview.facts.push_back({"Counts for its fire", "moved: x1/2 to its next fire" +
                                                        std::string(typeOf(data, unit).noFireAfterMove ? ", and it may not fire" : "")});
    kit::showRuling(preview, data, "vcc-moved");
}

void previewPivot(const Data& data, const RulesetOptions& options, const Battle& battle, const Unit& unit, const Action& action,
                  Preview& preview) {
    kit::showRuling(preview, data, "vcc-turning");
    if (std::string why = whyNoPivot(data, battle, unit); !why.empty()) {
        preview.refusal = why;
        return;
    }
    if (!action.facing) {
        preview.refusal = "a pivot needs the facing to turn to";
        return;
    }
    const double facing = snapFacing(options, *action.facing);
    preview.facts.push_back({"Faces", std::to_string(static_cast<int>(facing)) + "°"});
    preview.facts.push_back({"Counts for its fire", "moved: x1/2 to its next fire"});
}

void previewFormation(const Data& data, const Battle& battle, const Unit& unit, const Action& action, Preview& preview) {
    kit::showRuling(preview, data, "vcc-square");
    if (!mayFormSquare(data, unit)) {
        preview.refusal = "only regular foot may form square";
    } else if (std::string why = whyNoMove(battle, unit); !why.empty()) {
        preview.refusal = why;
    } else if (action.choice != "square" && action.choice != "line") {
        preview.refusal = "a formation is \"square\" or \"line\", not \"" + action.choice + "\"";
    } else if ((action.choice == "square") == inSquare(unit)) {
        preview.refusal = unit.name + (inSquare(unit) ? " is already in square" : " is not in square");
    }
    preview.facts.push_back({"Effect", action.choice == "square" ? "+1 to morale, never flanked, fires all round; cannot move"
                                                                 : "free to move again next step"});
}

void previewRally(const Data& data, const Battle& battle, const Unit& unit, Preview& preview) {
    kit::showRuling(preview, data, "vcc-rally");
    if (std::string why = whyNoRally(unit); !why.empty()) {
        preview.refusal = why;
        return;
    }
    const MoraleTest test = moraleTest(data, battle, unit, false);
    preview.modifiers = test.weighing.checks;
    preview.odds.push_back(moraleOdds(test, "Rally"));
}

namespace {

/// An Army Commander alone in the box an enemy enters is taken (vcc-army-commander).
void takeLoneCommanders(Step& step, const Box& box, const std::string& enteringSide) {
    for (const Unit* unit : unitsIn(step.battle, box)) {
        if (unit->side != enteringSide && typeOf(step.data, *unit).commander) {
            step.ruling("vcc-army-commander");
            step.emit(rearmost(*unit, static_cast<int>(unit->elements.size())));
            step.outcome(unit->name + " is taken", cite("Morale modifiers to die roll"));
        }
    }
}

void markMoved(Step& step, const std::string& unitId, double how) {
    setCounter(step, unitId, "acted", 1.0);
    setCounter(step, unitId, "moved", how);
}

} // namespace

void resolveMove(Step& step, const Action& action) {
    const Unit& unit = step.unit(action.unit);
    Preview check;
    previewMove(step.data, step.options, step.battle, unit, action, check);
    if (!check.allowed()) {
        step.refuse(check.refusal);
        return;
    }
    const Box from = boxOf(step.battle, unit);
    const Box to = *action.box;
    takeLoneCommanders(step, to, unit.side);
    const double facing = facingToward(step.battle.table, from, to, step.options);
    step.emit(event::Moved{action.unit, placedInBox(step.battle, step.unit(action.unit), to, facing)});
    markMoved(step, action.unit, 2);
    step.outcome(unit.name + " moves from " + boxName(from) + " to " + boxName(to), cite("Movement"));
}

void resolvePivot(Step& step, const Action& action) {
    const Unit& unit = step.unit(action.unit);
    Preview check;
    previewPivot(step.data, step.options, step.battle, unit, action, check);
    if (!check.allowed()) {
        step.refuse(check.refusal);
        return;
    }
    step.ruling("vcc-turning");
    const double facing = snapFacing(step.options, *action.facing);
    step.emit(event::Moved{action.unit, placedInBox(step.battle, unit, boxOf(step.battle, unit), facing)});
    markMoved(step, action.unit, 1);
    step.outcome(unit.name + " pivots to face " + std::to_string(static_cast<int>(facing)) + "°", cite("Movement"));
}

void resolveFormation(Step& step, const Action& action) {
    const Unit& unit = step.unit(action.unit);
    Preview check;
    previewFormation(step.data, step.battle, unit, action, check);
    if (!check.allowed()) {
        step.refuse(check.refusal);
        return;
    }
    step.ruling("vcc-square");
    step.emit(event::FormationSet{action.unit, action.choice});
    markMoved(step, action.unit, 1);
    step.outcome(unit.name + (action.choice == "square" ? " forms square" : " leaves its square"), cite("Morale modifiers to die roll"));
}

void resolveRally(Step& step, const Action& action) {
    const Unit& unit = step.unit(action.unit);
    if (std::string why = whyNoRally(unit); !why.empty()) {
        step.refuse(why);
        return;
    }
    step.ruling("vcc-rally");
    const bool wasBroken = broken(unit);
    setCounter(step, action.unit, "rallied", 1.0);
    if (testMorale(step, action.unit, boxOf(step.battle, unit), false, true)) {
        setMarker(step, action.unit, "prone", false);
        setMarker(step, action.unit, "broken", false);
        if (wasBroken) {
            setCounter(step, action.unit, "acted", 1.0); // a broken unit that rallies may not also move
        }
        step.outcome(step.unit(action.unit).name + " rallies" + (wasBroken ? "; it may not move this step" : " and may move"),
                     cite("Sequence of Play"));
    }
}

} // namespace sandtable::vcc
