#include "ozz_manoeuvre.h"

#include "ozz_geometry.h"
#include "ozz_melee.h"
#include "ozz_movement.h"
#include "ozz_reactions.h"
#include "sandtable/battle_geometry.h"
#include "sandtable/kit/preview.h"
#include "sandtable/measure.h"

#include <algorithm>
#include <array>
#include <string_view>

namespace sandtable::ozz {

namespace {

constexpr std::array<std::string_view, 5> manoeuvres{"roll-movement", "move", "formation", "face", "re-form"};

bool hasCounter(const Unit& unit, const char* counter) { return unit.counters.count(counter) != 0; }

void halveMovementLeft(Step& step, const std::string& unitId) {
    const Unit& unit = step.unit(unitId);
    if (hasCounter(unit, "movement-left")) {
        step.emit(event::CounterSet{unitId, "movement-left", unit.counters.at("movement-left") / 2});
    }
}

Path fromCentre(const Unit& unit, const Path& points) {
    Path path;
    path.push_back(unit.centre());
    for (const Point& point : points) {
        path.push_back(point);
    }
    return path;
}

std::vector<std::string> formationsFor(const Unit& unit) {
    if (unit.arm == Arm::Guns) {
        return {"limbered", "unlimbered"};
    }
    if (unit.arm == Arm::Leader) {
        return {};
    }
    return {"line", "column"};
}

void resolveMove(Step& step, const Action& action) {
    const Unit& unit = step.unit(action.unit);
    if (action.path.empty()) {
        step.out.refusal = "a move needs a path: the points the unit's centre passes through";
        return;
    }
    if (std::string problem = pathProblem(step.battle.table, action.path); !problem.empty()) {
        step.out.refusal = problem;
        return;
    }
    if (const std::string why = whyNoMove(step.data, step.battle, unit); !why.empty()) {
        step.out.refusal = why;
        return;
    }
    const Path path = fromCentre(unit, action.path);
    const bool rolled = hasCounter(unit, "movement-left");
    const PathCost cost = pathCost(step.data, step.battle, unit, path);
    if (!cost.refusal.empty()) {
        step.out.refusal = cost.refusal;
        return;
    }
    double left = 0;
    if (rolled) {
        left = unit.counters.at("movement-left");
        if (measure::exceeds(cost.cost, left)) {
            step.out.refusal = "the path costs " + inches(cost.cost) + " and " + unit.name + " has " + inches(left) + " left";
            return;
        }
    } else {
        left = rollAllowance(step, action.unit, MoveKind::Normal);
    }
    const PathCost paid = pathCost(step.data, step.battle, step.unit(action.unit), path, left);
    for (const ModifierCheck& check : paid.checks) {
        if (check.applies) {
            step.out.trace.add(TraceStep{trace::Modifier{check.id, check.name, check.effect, check.times}, check.citation});
        }
    }
    step.ruling("ozz-move-path");
    const double facing = unit.elements.front().facing;
    moveAlong(step, action.unit, paid.affordable, facing);
    step.emit(event::CounterSet{action.unit, "movement-left", std::max(0.0, left - paid.affordableCost)});
    step.emit(event::CounterSet{action.unit, "moved", 1.0});
    step.outcome(step.unit(action.unit).name + " moves " + inches(step.inches(boost::geometry::length(paid.affordable))) + " for " +
                     inches(paid.affordableCost) + " of allowance" +
                     (measure::below(paid.affordableCost, cost.cost) ? " (its allowance ran out before the end of the path)" : ""),
                 step.data.modifiers("move-infantry").source);
}

void resolveFormation(Step& step, const Action& action) {
    const Unit& unit = step.unit(action.unit);
    const auto allowed = formationsFor(unit);
    if (std::find(allowed.begin(), allowed.end(), action.choice) == allowed.end()) {
        std::string list;
        for (const std::string& formation : allowed) {
            list += (list.empty() ? "" : ", ") + formation;
        }
        step.out.refusal = unit.name + " cannot form \"" + action.choice + "\" (it may form: " + (list.empty() ? "nothing" : list) + ")";
        return;
    }
    if (unit.formation == action.choice) {
        step.out.refusal = unit.name + " is already " + action.choice;
        return;
    }
    if (hasCounter(unit, "charged")) {
        step.out.refusal = unit.name + " has charged this activation";
        return;
    }
    step.emit(event::FormationSet{action.unit, action.choice});
    step.emit(event::CounterSet{action.unit, "formation-changed", 1.0});
    if (action.choice == "unlimbered") {
        step.emit(event::CounterSet{action.unit, "unlimbered-now", 1.0});
    }
    halveMovementLeft(step, action.unit);
    step.outcome(unit.name + " forms " + action.choice + ": movement this activation is halved",
                 step.data.modifiers("move-infantry").source);
}

void resolveFace(Step& step, const Action& action) {
    const Unit& unit = step.unit(action.unit);
    if (!action.facing) {
        step.out.refusal = "a turn needs \"facing\": degrees clockwise from up the table";
        return;
    }
    if (hasCounter(unit, "charged")) {
        step.out.refusal = unit.name + " has charged this activation";
        return;
    }
    step.emit(event::Moved{action.unit, turned(unit, *action.facing)});
    step.emit(event::CounterSet{action.unit, "formation-changed", 1.0});
    halveMovementLeft(step, action.unit);
    step.outcome(unit.name + " faces " + inches(*action.facing).substr(0, inches(*action.facing).size() - 1) +
                     "°: a change of facing halves movement this activation",
                 step.data.modifiers("move-infantry").source);
}

void resolveReform(Step& step, const Action& action) {
    const Unit& unit = step.unit(action.unit);
    step.emit(event::MarkerChanged{action.unit, "disordered", false});
    step.emit(event::CounterSet{action.unit, "formation-changed", 1.0});
    halveMovementLeft(step, action.unit);
    step.outcome(unit.name + " re-forms: no longer Disordered, movement halved", step.data.modifiers("move-infantry").source);
}

void previewMove(const Data& data, const Battle& battle, const Unit& unit, const Action& action, Preview& preview) {
    preview.refusal = whyNoMove(data, battle, unit);
    if (preview.refusal.empty() && action.type == "move") {
        preview.refusal = action.path.empty() ? "a move needs a path: the points the unit's centre passes through"
                                              : pathProblem(battle.table, action.path);
    }
    const AllowancePlan plan = allowancePlan(data, unit, MoveKind::Normal);
    if (plan.row == nullptr) {
        return;
    }
    preview.modifiers = plan.checks;
    if (hasCounter(unit, "movement-left")) {
        preview.allowance = unit.counters.at("movement-left");
        preview.facts.push_back({"Allowance left", inches(*preview.allowance)});
    } else {
        preview.odds.push_back(allowanceOdds(plan));
    }
    if (!action.path.empty()) {
        const PathCost cost = pathCost(data, battle, unit, fromCentre(unit, action.path));
        preview.pathCost = cost.cost;
        preview.facts.push_back({"Path", inches(cost.length) + " long, costs " + inches(cost.cost)});
        for (const ModifierCheck& check : cost.checks) {
            preview.modifiers.push_back(check);
        }
        if (!cost.refusal.empty()) {
            preview.refusal = cost.refusal;
        } else if (preview.allowance && measure::exceeds(cost.cost, *preview.allowance)) {
            preview.refusal = "the path costs " + inches(cost.cost) + " and " + unit.name + " has " + inches(*preview.allowance) + " left";
        } else if (!preview.allowance) {
            const Probability covers = chanceToCover(plan, cost.cost);
            preview.odds.push_back(Odds{"Allowance covers the whole path", {{"all of it", covers}, {"part of it", 1 - covers}}, {}});
        }
    }
    kit::showRuling(preview, data, "ozz-move-path");
}

} // namespace

bool isManoeuvre(const std::string& type) { return std::find(manoeuvres.begin(), manoeuvres.end(), type) != manoeuvres.end(); }

std::string whyNoMove(const Data& data, const Battle& battle, const Unit& unit) {
    if (hasCounter(unit, "charged")) {
        return unit.name + " has charged this activation";
    }
    if (!meleeOpponents(battle, unit.id).empty()) {
        return unit.name + " is locked in melee";
    }
    const AllowancePlan plan = allowancePlan(data, unit, MoveKind::Normal);
    if (!plan.refusal.empty()) {
        return plan.refusal;
    }
    if (std::string why = gunsMayNotMoveDisordered(battle, unit); !why.empty()) {
        return why;
    }
    if (hasCounter(unit, "movement-left") && measure::negligible(std::max(0.0, unit.counters.at("movement-left")))) {
        return unit.name + " has no movement left";
    }
    return {};
}

void offerMoves(const Data& data, const Battle& battle, const Unit& unit, std::vector<Offer>& offers) {
    if (!whyNoMove(data, battle, unit).empty()) {
        return;
    }
    if (!hasCounter(unit, "movement-left")) {
        offers.push_back(
            {.type = "roll-movement", .label = "Roll movement (best of 2d10 plus base)", .unit = unit.id, .role = OrderRole::PrepareMove});
    }
    offers.push_back({.type = "move", .label = "Move", .unit = unit.id, .role = OrderRole::Move, .input = OrderInput::Path});
}

void offerChanges(const Unit& unit, std::vector<Offer>& offers) {
    for (const std::string& formation : formationsFor(unit)) {
        if (formation != unit.formation) {
            offers.push_back(
                {.type = "formation", .label = "Form " + formation, .unit = unit.id, .role = OrderRole::Formation, .choice = formation});
        }
    }
    offers.push_back({.type = "face", .label = "Change facing", .unit = unit.id, .role = OrderRole::Face, .input = OrderInput::Facing});
    if (unit.markers.count("disordered") != 0) {
        offers.push_back({.type = "re-form", .label = "Re-form (remove Disordered)", .unit = unit.id, .role = OrderRole::Reform});
    }
}

void previewManoeuvre(const Data& data, const Battle& battle, const Unit& unit, const Action& action, Preview& preview) {
    if (action.type == "move" || action.type == "roll-movement") {
        previewMove(data, battle, unit, action, preview);
    } else {
        preview.facts.push_back({"Effect", "halves the unit's movement this activation"});
    }
}

std::string manoeuvreRefusal(const Data& data, const Battle& battle, const Unit& unit, const Action& action) {
    if (action.type == "re-form" && unit.markers.count("disordered") == 0) {
        return unit.name + " is not Disordered";
    }
    if (action.type == "roll-movement") {
        return hasCounter(unit, "movement-left") ? unit.name + " has rolled its movement already" : whyNoMove(data, battle, unit);
    }
    return {};
}

void resolveManoeuvre(Step& step, const Action& action) {
    if (action.type == "roll-movement") {
        const double allowance = rollAllowance(step, action.unit, MoveKind::Normal);
        step.emit(event::CounterSet{action.unit, "movement-left", allowance});
    } else if (action.type == "move") {
        resolveMove(step, action);
    } else if (action.type == "formation") {
        resolveFormation(step, action);
    } else if (action.type == "face") {
        resolveFace(step, action);
    } else if (action.type == "re-form") {
        resolveReform(step, action);
    }
}

} // namespace sandtable::ozz
