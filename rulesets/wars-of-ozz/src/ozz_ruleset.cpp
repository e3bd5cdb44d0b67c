#include "ozz_ruleset.h"

#include "ozz_activation.h"
#include "ozz_charge.h"
#include "ozz_fire.h"
#include "ozz_geometry.h"
#include "ozz_melee.h"
#include "ozz_movement.h"
#include "ozz_overlay.h"
#include "ozz_reactions.h"
#include "ozz_step.h"
#include "ozz_tests.h"
#include "sandtable/kit/registration.h"
#include "sandtable/measure.h"
#include "sandtable/scenario.h"

#include <algorithm>
#include <cmath>
#include <sstream>

namespace sandtable::ozz {

namespace {

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

Unit const* unitOrRefuse(const Battle& battle, const Action& action, std::string& refusal) {
    const Unit* unit = battle.findUnit(action.unit);
    if (unit == nullptr) {
        refusal = action.unit.empty() ? "the action names no unit" : "there is no unit \"" + action.unit + "\"";
    } else if (unit->eliminated()) {
        refusal = unit->name + " has no bases left";
    }
    return unit;
}

} // namespace

OzzRuleset::OzzRuleset(RulesetOptions options) : m_data(builtInData()), m_options(std::move(options)) {}

std::vector<std::string> OzzRuleset::checkScenario(const Scenario& scenario) const {
    std::vector<std::string> problems;
    // RULINGS.md, ozz-victory: a point per enemy base lost, over a number of turns.
    for (std::size_t i = 0; i < scenario.victory.size(); ++i) {
        const VictoryCondition& condition = scenario.victory[i];
        const std::string at = "/victory/" + std::to_string(i);
        if (condition.id != "points") {
            problems.push_back(at + "/id: \"" + condition.id + "\" is not a victory The Wars of Ozz plays (points)");
            continue;
        }
        for (const auto& [key, value] : condition.parameters.items()) {
            if (key != "turns") {
                problems.push_back(at + "/parameters/" + key + ": unknown parameter (points takes turns)");
            } else if (!value.is_number_integer() || value.get<std::int64_t>() < 1 || value.get<std::int64_t>() > 100) {
                problems.push_back(at + "/parameters/turns: expected a whole number of turns from 1 to 100, found " + value.dump());
            }
        }
    }
    for (std::size_t index = 0; index < scenario.battle.units.size(); ++index) {
        const Unit& unit = scenario.battle.units[index];
        // Each problem begins with its JSON pointer in the scenario file.
        const std::string at = "/units/" + std::to_string(index);
        const UnitType* type = m_data.unitType(unit.type);
        if (type == nullptr) {
            std::string known;
            for (const UnitType& candidate : m_data.unitTypes) {
                known += (known.empty() ? "" : ", ") + candidate.id;
            }
            problems.push_back(at + "/type: unit \"" + unit.id + "\" has type \"" + unit.type +
                               "\", which The Wars of Ozz does not have (" + known + ")");
            continue;
        }
        if (type->arm != unit.arm) {
            problems.push_back(at + "/arm: unit \"" + unit.id + "\" is " + toString(unit.arm) + " but a " + type->name + " is " +
                               toString(type->arm));
        }
        for (const std::string& marker : unit.markers) {
            if (marker != "disordered" && marker != "routed") {
                problems.push_back(at + "/markers: unit \"" + unit.id + "\" has the marker \"" + marker +
                                   "\"; The Wars of Ozz knows disordered and routed");
            }
        }
        if (unit.arm == Arm::Leader) {
            continue;
        }
        std::vector<std::string> needed{"melee", "resolve", "elan"};
        if (!type->weapon.empty()) {
            needed.push_back("marksmanship");
        }
        for (const std::string& stat : needed) {
            const auto found = unit.stats.find(stat);
            if (found == unit.stats.end() || !found->is_number_integer() || found->get<int>() < 0 || found->get<int>() > 10) {
                problems.push_back(at + "/stats/" + stat + ": unit \"" + unit.id + "\" needs stats." + stat + ", a whole number 0 to 10");
            }
        }
        if (unit.arm == Arm::Guns && unit.formation != "limbered" && unit.formation != "unlimbered") {
            problems.push_back(at + "/formation: unit \"" + unit.id +
                               "\" is artillery: its formation should be \"limbered\" or \"unlimbered\"");
        }
    }
    return problems;
}

Resolution OzzRuleset::start(const Battle& battle, const Scenario& scenario, DiceStream& dice) const {
    Step step(m_data, m_options, battle, &dice);
    step.emit(event::SessionSet{"mode", m_options.at("activation")});
    step.emit(event::SessionSet{"artilleryDashes", m_options.at("artillery-dashes")});
    int turns = 8;
    for (const VictoryCondition& condition : scenario.victory) {
        if (condition.parameters.contains("turns") && condition.parameters["turns"].is_number_integer()) {
            turns = condition.parameters["turns"].get<int>();
        }
    }
    step.emit(event::SessionSet{"turns", turns});
    step.emit(event::SessionSet{"contacts", nlohmann::json::array()});
    step.ruling("ozz-victory");
    startTurn(step, 1);
    return std::move(step.out);
}

std::vector<Offer> OzzRuleset::offers(const Battle& battle, const std::string& unitId) const {
    return offersFor(battle, unitId, Targets::Listed);
}

std::string OzzRuleset::sequenceRefusal(const Battle& battle, const Action& action) const {
    // The orders without their targets: which targets the rules allow is resolve's check,
    // and working them out (sight, range, arcs for every enemy) is most of an offer's cost.
    return refusalUnlessOffered(battle, action, offersFor(battle, action.unit, Targets::Unlisted));
}

std::vector<Offer> OzzRuleset::offersFor(const Battle& battle, const std::string& unitId, Targets targets) const {
    std::vector<Offer> offers;
    const std::string active = activeUnit(battle);
    if (unitId.empty()) {
        if (active.empty() && battle.session.value("mode", "") == "double-random") {
            const bool spent = activationDeckSpent(battle, m_options);
            offers.push_back({.type = "next-card",
                              .label = spent ? "Start turn " + std::to_string(battle.turn + 1) : "Turn the next card",
                              .role = OrderRole::Draw});
        }
        return offers;
    }
    const Unit* unit = battle.findUnit(unitId);
    if (unit == nullptr || unit->eliminated()) {
        return offers;
    }
    const auto eligible = mayActivate(m_data, battle);
    if (active != unitId && std::find(eligible.begin(), eligible.end(), unitId) == eligible.end()) {
        return offers;
    }
    const Offer endActivation{.type = "end-activation", .label = "End activation", .unit = unitId, .role = OrderRole::EndActivation};
    if (unit->markers.count("routed") != 0) {
        offers.push_back({.type = "rally", .label = "Try to rally (Test of Elan)", .unit = unitId, .role = OrderRole::Rally});
        offers.push_back(endActivation);
        return offers;
    }
    const auto opponents = meleeOpponents(battle, unitId);
    if (!opponents.empty()) {
        offers.push_back({.type = "melee",
                          .label = "Fight on in the melee",
                          .unit = unitId,
                          .role = OrderRole::Melee,
                          .input = OrderInput::Target,
                          .targets = opponents});
        offers.push_back(endActivation);
        return offers;
    }
    if (whyNoMove(m_data, battle, *unit).empty()) {
        if (!hasCounter(*unit, "movement-left")) {
            offers.push_back({.type = "roll-movement",
                              .label = "Roll movement (best of 2d10 plus base)",
                              .unit = unitId,
                              .role = OrderRole::PrepareMove});
        }
        offers.push_back({.type = "move", .label = "Move", .unit = unitId, .role = OrderRole::Move, .input = OrderInput::Path});
    }
    if (!hasCounter(*unit, "charged")) {
        if (targets == Targets::Unlisted) {
            offers.push_back({.type = "fire", .label = "Fire", .unit = unitId, .role = OrderRole::Fire, .input = OrderInput::Target});
            offers.push_back({.type = "charge", .label = "Charge", .unit = unitId, .role = OrderRole::Charge, .input = OrderInput::Target});
        } else {
            std::vector<std::string> fireable;
            for (const Unit& target : battle.units) {
                if (target.side != unit->side && !target.eliminated() && target.arm != Arm::Leader &&
                    planFire(m_data, battle, *unit, target, {}).refusal.empty()) {
                    fireable.push_back(target.id);
                }
            }
            if (!fireable.empty()) {
                offers.push_back({.type = "fire",
                                  .label = "Fire",
                                  .unit = unitId,
                                  .role = OrderRole::Fire,
                                  .input = OrderInput::Target,
                                  .targets = fireable});
            }
            std::vector<std::string> chargeable;
            for (const Unit& target : battle.units) {
                if (whyNoCharge(m_data, battle, *unit, target).empty()) {
                    chargeable.push_back(target.id);
                }
            }
            if (!chargeable.empty()) {
                offers.push_back({.type = "charge",
                                  .label = "Charge",
                                  .unit = unitId,
                                  .role = OrderRole::Charge,
                                  .input = OrderInput::Target,
                                  .targets = chargeable});
            }
        }
        for (const std::string& formation : formationsFor(*unit)) {
            if (formation != unit->formation) {
                offers.push_back(
                    {.type = "formation", .label = "Form " + formation, .unit = unitId, .role = OrderRole::Formation, .choice = formation});
            }
        }
        offers.push_back({.type = "face", .label = "Change facing", .unit = unitId, .role = OrderRole::Face, .input = OrderInput::Facing});
        if (unit->markers.count("disordered") != 0) {
            offers.push_back({.type = "re-form", .label = "Re-form (remove Disordered)", .unit = unitId, .role = OrderRole::Reform});
        }
    }
    offers.push_back(endActivation);
    return offers;
}

UnitOverlay OzzRuleset::overlay(const Battle& battle, const std::string& unitId) const {
    const Unit* unit = battle.findUnit(unitId);
    return unit == nullptr || unit->eliminated() ? UnitOverlay{} : overlayOf(m_data, battle, *unit);
}

Preview OzzRuleset::preview(const Battle& battle, const Action& action) const {
    Preview preview;
    if (action.type == "next-card") {
        previewNextCard(m_data, battle, m_options, preview);
        return preview;
    }
    const Unit* unit = unitOrRefuse(battle, action, preview.refusal);
    if (unit == nullptr || !preview.refusal.empty()) {
        return preview;
    }
    const Unit* target = action.target.empty() ? nullptr : battle.findUnit(action.target);
    if (!action.target.empty() && target == nullptr) {
        preview.refusal = "there is no unit \"" + action.target + "\"";
        return preview;
    }
    if (action.type == "fire") {
        previewFire(m_data, m_options, battle, *unit, target, preview);
    } else if (action.type == "charge") {
        previewCharge(m_data, battle, *unit, target, preview);
    } else if (action.type == "move" || action.type == "roll-movement") {
        preview.refusal = whyNoMove(m_data, battle, *unit);
        if (preview.refusal.empty() && action.type == "move") {
            preview.refusal = action.path.empty() ? "a move needs a path: the points the unit's centre passes through"
                                                  : pathProblem(battle.table, action.path);
        }
        const AllowancePlan plan = allowancePlan(m_data, *unit, MoveKind::Normal);
        if (plan.row == nullptr) {
            return preview;
        }
        preview.modifiers = plan.checks;
        if (hasCounter(*unit, "movement-left")) {
            preview.allowance = unit->counters.at("movement-left");
            preview.facts.push_back({"Allowance left", inches(*preview.allowance)});
        } else {
            preview.odds.push_back(allowanceOdds(plan));
        }
        if (!action.path.empty()) {
            const PathCost cost = pathCost(m_data, battle, *unit, fromCentre(*unit, action.path));
            preview.pathCost = cost.cost;
            preview.facts.push_back({"Path", inches(cost.length) + " long, costs " + inches(cost.cost)});
            for (const ModifierCheck& check : cost.checks) {
                preview.modifiers.push_back(check);
            }
            if (!cost.refusal.empty()) {
                preview.refusal = cost.refusal;
            } else if (preview.allowance && measure::exceeds(cost.cost, *preview.allowance)) {
                preview.refusal =
                    "the path costs " + inches(cost.cost) + " and " + unit->name + " has " + inches(*preview.allowance) + " left";
            } else if (!preview.allowance) {
                const Probability covers = chanceToCover(plan, cost.cost);
                preview.odds.push_back(Odds{"Allowance covers the whole path", {{"all of it", covers}, {"part of it", 1 - covers}}, {}});
            }
        }
        const RulingText& ruling = m_data.ruling("ozz-move-path");
        preview.rulings.ruling(ruling.id, ruling.text, ruling.interprets);
    } else if (action.type == "rally") {
        if (unit->markers.count("routed") == 0) {
            preview.refusal = unit->name + " is not routed";
            return preview;
        }
        TestSituation situation;
        situation.chart = "tests-of-elan";
        situation.row = 3;
        const Unit* enemy = nearestEnemy(battle, *unit);
        situation.cause = enemy != nullptr ? enemy->id : "";
        preview.modifiers = shiftsFor(m_data, battle, *unit, situation).checks;
        preview.odds.push_back(testOdds(m_data, battle, *unit, situation));
    } else if (action.type == "melee") {
        if (target == nullptr) {
            preview.refusal = "choose the enemy to fight";
            return preview;
        }
        const MeleePlan mine = planMelee(m_data, battle, *unit, *target, true, false, {});
        const MeleePlan theirs = planMelee(m_data, battle, *target, *unit, false, false, {});
        preview.modifiers = mine.checks;
        for (const auto& [plan, who] : {std::pair{&mine, unit}, std::pair{&theirs, target}}) {
            const Distribution hits = plan->hits.distribution();
            Odds odds;
            odds.title = who->name + " hits (" + plan->hits.text() + ")";
            for (const std::int64_t value : hits.outcomes()) {
                odds.lines.push_back({std::to_string(value), hits.probability(value)});
            }
            preview.odds.push_back(odds);
        }
    } else if (action.type == "formation" || action.type == "face" || action.type == "re-form" || action.type == "end-activation") {
        preview.facts.push_back(
            {"Effect", action.type == "end-activation" ? "the unit is done for this turn" : "halves the unit's movement this activation"});
    } else {
        preview.refusal = "The Wars of Ozz has no action \"" + action.type + "\"";
    }
    return preview;
}

Resolution OzzRuleset::resolve(const Battle& battle, const Action& action, DiceStream& dice) const {
    Step step(m_data, m_options, battle, &dice);
    if (action.type == "next-card") {
        turnNextCard(step);
        return std::move(step.out);
    }
    const Unit* unit = unitOrRefuse(battle, action, step.out.refusal);
    if (unit == nullptr || !step.out.refusal.empty()) {
        return std::move(step.out);
    }
    const Unit* target = action.target.empty() ? nullptr : battle.findUnit(action.target);
    if (!action.target.empty() && target == nullptr) {
        step.out.refusal = "there is no unit \"" + action.target + "\"";
        return std::move(step.out);
    }
    // Refusals first, so that a refused action rolls nothing and changes nothing.
    if (action.type == "fire") {
        step.out.refusal = target != nullptr ? planFire(m_data, battle, *unit, *target, {}).refusal : std::string("fire needs a target");
    } else if (action.type == "charge") {
        step.out.refusal = target != nullptr ? whyNoCharge(m_data, battle, *unit, *target) : "a charge needs a target";
    } else if (action.type == "rally" && unit->markers.count("routed") == 0) {
        step.out.refusal = unit->name + " is not routed";
    } else if (action.type == "re-form" && unit->markers.count("disordered") == 0) {
        step.out.refusal = unit->name + " is not Disordered";
    } else if (action.type == "roll-movement") {
        step.out.refusal =
            hasCounter(*unit, "movement-left") ? unit->name + " has rolled its movement already" : whyNoMove(m_data, battle, *unit);
    } else if (action.type == "melee") {
        const auto opponents = meleeOpponents(battle, unit->id);
        if (target == nullptr || std::find(opponents.begin(), opponents.end(), target->id) == opponents.end()) {
            step.out.refusal = unit->name + " is not locked in melee with " + (target != nullptr ? target->name : "anyone named");
        }
    }
    if (!step.out.refusal.empty()) {
        return std::move(step.out);
    }
    beginActivation(step, action.unit);
    if (action.type == "end-activation") {
        endActivation(step);
    } else if (action.type == "roll-movement") {
        const double allowance = rollAllowance(step, action.unit, MoveKind::Normal);
        step.emit(event::CounterSet{action.unit, "movement-left", allowance});
    } else if (action.type == "move") {
        resolveMove(step, action);
    } else if (action.type == "fire") {
        resolveFire(step, action.unit, action.target, {});
    } else if (action.type == "charge") {
        resolveCharge(step, action.unit, action.target);
    } else if (action.type == "melee") {
        fightMelee(step, action.unit, action.target, MeleeStart{});
    } else if (action.type == "formation") {
        resolveFormation(step, action);
    } else if (action.type == "face") {
        resolveFace(step, action);
    } else if (action.type == "re-form") {
        step.emit(event::MarkerChanged{action.unit, "disordered", false});
        step.emit(event::CounterSet{action.unit, "formation-changed", 1.0});
        halveMovementLeft(step, action.unit);
        step.outcome(unit->name + " re-forms: no longer Disordered, movement halved", step.data.modifiers("move-infantry").source);
    } else if (action.type == "rally") {
        rally(step, action.unit);
    } else {
        step.out.refusal = "The Wars of Ozz has no action \"" + action.type + "\"";
    }
    if (step.out.refusal.empty() && !step.out.prompt) {
        endActivationIfLost(step);
    }
    return step.finish();
}

Resolution OzzRuleset::answer(const Battle& battle, const Prompt& prompt, const Action& answer, DiceStream& dice) const {
    Step step(m_data, m_options, battle, &dice);
    // The game has checked the answer; a caller asking for a ruling directly may not have.
    if (std::string problem = answerProblem(battle.table, prompt, answer); !problem.empty()) {
        step.out.refusal = std::move(problem);
        return std::move(step.out);
    }
    answerCharge(step, prompt, answer.choice);
    if (step.out.refusal.empty() && !step.out.prompt) {
        endActivationIfLost(step);
    }
    return std::move(step.out);
}

GameStatus OzzRuleset::status(const Battle& battle) const { return gameStatus(m_data, battle); }

} // namespace sandtable::ozz

namespace sandtable {

RegisteredRuleset sandtable_register_wars_of_ozz() {
    return kit::registration<ozz::OzzRuleset>("wars-of-ozz", ozz::builtInData, ozz::parseData);
}

} // namespace sandtable
