#include "ein_ruleset.h"

#include "ein_fire.h"
#include "ein_melee.h"
#include "ein_morale.h"
#include "ein_movement.h"
#include "ein_officer.h"
#include "ein_overlay.h"
#include "ein_scenario.h"
#include "ein_turn.h"
#include "ein_unit_state.h"
#include "ein_units.h"
#include "sandtable/kit/formation_shape.h"
#include "sandtable/kit/registration.h"
#include "sandtable/kit/ruling_offers.h"
#include "sandtable/scenario.h"

#include <algorithm>

// The Einsamenhügel rules' routing: which phase offers which orders, and which file's
// preview and resolution each order goes to. The rules themselves live in the phase files
// (ein_movement, ein_fire, ein_melee, ein_morale, ein_turn).

namespace sandtable::ein {

EinsamenhugelRuleset::EinsamenhugelRuleset(RulesetOptions options) : m_data(builtInData()), m_options(std::move(options)) {}

std::vector<std::string> EinsamenhugelRuleset::checkScenario(const Scenario& scenario) const { return scenarioProblems(m_data, scenario); }

Resolution EinsamenhugelRuleset::start(const Battle& battle, const Scenario& scenario, DiceStream& dice) const {
    Step step(m_data, m_options, battle, &dice);
    for (const Unit& unit : battle.units) {
        if (unit.formation.empty() && unit.arm != Arm::Leader) {
            step.emit(event::FormationSet{unit.id, formationsFor(m_data, unit).front()});
        }
    }
    startBattle(step, scenario);
    return step.finish();
}

std::vector<Offer> EinsamenhugelRuleset::rulingOffers(const Battle& battle, const std::string& unitId) const {
    const Unit* unit = battle.findUnit(unitId);
    if (unit == nullptr || unit->eliminated()) {
        return {};
    }
    if (unit->arm == Arm::Leader) {
        return kit::leaderRulingOffers(battle, *unit);
    }
    std::vector<Offer> offers =
        kit::rulingOffersOf(battle, *unit,
                            {{.type = "move", .label = "Move", .role = OrderRole::Move, .input = OrderInput::Path},
                             {.type = "fire", .label = "Fire", .role = OrderRole::Fire, .input = OrderInput::Target},
                             {.type = "charge", .label = "Charge", .role = OrderRole::Charge, .input = OrderInput::Target},
                             {.type = "melee", .label = "Fight the melee", .role = OrderRole::Melee, .input = OrderInput::Target}});
    for (const std::string& formation : formationsFor(m_data, *unit)) {
        if (formation != unit->formation) {
            const std::string label = unit->arm == Arm::Guns ? (formation == "limbered" ? "Limber" : "Unlimber") : "Form " + formation;
            offers.push_back({.type = "formation", .label = label, .unit = unitId, .role = OrderRole::Formation, .choice = formation});
        }
    }
    return offers;
}

std::vector<UnitSetting> EinsamenhugelRuleset::unitSettings() const {
    return {{.id = "quarters", .name = "Effectiveness in quarters (4: full)", .counter = true, .maximum = 4, .unset = 4, .weakens = 0.25},
            {.id = "lost-firing-order", .name = "Has lost its firing order", .counter = true, .maximum = 1, .weakens = 0.15}};
}

std::vector<RulingPhase> EinsamenhugelRuleset::rulingPhases() const {
    // A move is the order the step changes: anywhere in the side's half before the battle
    // (ein-pre-battle), a light unit's half move after the fire (ein-light-half-move). Fire
    // and melee read the same whatever the step, so a board in the movement phase asks them.
    std::vector<RulingPhase> phases{{"movement", "Movement phase"}};
    if (const auto option = m_options.find("light-fire-then-move"); option == m_options.end() || option->second != "off") {
        phases.push_back({"light-moves", "After the fire: light troops' half move"});
    }
    if (const auto option = m_options.find("pre-battle-moves"); option != m_options.end() && option->second != "0") {
        phases.push_back({"deployment", "Before the battle: moves in the side's own half"});
    }
    return phases;
}

std::vector<Offer> EinsamenhugelRuleset::offers(const Battle& battle, const std::string& unitId) const {
    std::vector<Offer> offers;
    const std::string phase = battle.phase;
    if (unitId.empty()) {
        if (std::string label = passLabel(phase); !label.empty()) {
            offers.push_back({.type = "pass", .label = std::move(label), .role = OrderRole::Pass});
        }
        return offers;
    }
    const Unit* unit = battle.findUnit(unitId);
    if (unit == nullptr || unit->eliminated()) {
        return offers;
    }
    if (phase == "melee") {
        for (const auto& [a, b] : pendingMelees(battle)) {
            if (a == unitId || b == unitId) {
                offers.push_back({.type = "melee",
                                  .label = "Fight the melee",
                                  .unit = unitId,
                                  .role = OrderRole::Melee,
                                  .input = OrderInput::Target,
                                  .targets = {a == unitId ? b : a}});
            }
        }
        return offers;
    }
    if (unit->side != sideToPlay(battle)) {
        return offers;
    }
    if (phase == "light-moves" && mayMoveAfterFire(m_data, battle, *unit)) {
        offers.push_back(
            {.type = "move", .label = "Half move after firing", .unit = unitId, .role = OrderRole::Move, .input = OrderInput::Path});
    } else if (phase == "deployment" && unit->counters.count("redeployed") == 0) {
        offers.push_back(
            {.type = "move", .label = "Move before the battle", .unit = unitId, .role = OrderRole::Move, .input = OrderInput::Path});
    } else if (phase == "movement" && mayMove(battle, *unit)) {
        const auto chargeable = unit->arm == Arm::Leader ? std::vector<std::string>{} : chargeableTargets(m_data, m_options, battle, *unit);
        offerMovement(m_data, m_options, battle, *unit, chargeable, offers);
    } else if (phase == "fire" && isFighting(*unit) && mayOrderFire(battle, *unit)) {
        if (auto targets = fireableTargets(m_data, m_options, battle, *unit); !targets.empty()) {
            offers.push_back({.type = "fire",
                              .label = "Fire",
                              .unit = unitId,
                              .role = OrderRole::Fire,
                              .input = OrderInput::Target,
                              .targets = std::move(targets)});
        }
    }
    return offers;
}

std::string EinsamenhugelRuleset::sequenceRefusal(const Battle& battle, const Action& action) const {
    return turnSequenceRefusal(m_data, battle, action);
}

Preview EinsamenhugelRuleset::preview(const Battle& battle, const Action& action) const {
    return previewOf(battle, action, PreviewFor::Player);
}

Preview EinsamenhugelRuleset::verdict(const Battle& battle, const Action& action) const {
    return previewOf(battle, action, PreviewFor::Verdict);
}

Preview EinsamenhugelRuleset::previewOf(const Battle& battle, const Action& action, PreviewFor reader) const {
    // What the rules say of the action, wherever the sequence of play stands: whose turn
    // and phase it is are the game's question (Game::preview adds it), so that a ruling can
    // be asked of any unit at any time.
    Preview preview;
    if (action.type == "pass") {
        preview.facts.push_back({"Effect", battle.phase == "movement"
                                               ? "the side moves no more units this turn"
                                               : "the side's fire orders are complete; when both sides have passed, all fire is thrown"});
        return preview;
    }
    const Unit* unit = battle.findUnit(action.unit);
    if (unit == nullptr) {
        preview.refusal = action.unit.empty() ? "the action names no unit" : "there is no unit \"" + action.unit + "\"";
        return preview;
    }
    const Unit* target = action.target.empty() ? nullptr : battle.findUnit(action.target);
    if (!action.target.empty() && target == nullptr) {
        preview.refusal = "there is no unit \"" + action.target + "\"";
        return preview;
    }
    if (action.type == "move") {
        previewMove(m_data, m_options, battle, *unit, action, reader, preview);
        if (battle.phase == "deployment") {
            return preview;
        }
    } else if (action.type == "charge") {
        previewCharge(m_data, m_options, battle, *unit, target, preview);
        if (target == nullptr) {
            return preview;
        }
    } else if (action.type == "fire") {
        previewFire(m_data, m_options, battle, *unit, target, reader, preview);
    } else if (action.type == "melee") {
        previewMelee(m_data, m_options, battle, *unit, target, preview);
    } else if (action.type == "formation") {
        previewFormation(m_data, m_options, *unit, action.choice, preview);
    } else if (action.type == "attach") {
        previewAttach(m_data, battle, *unit, target, preview);
    } else {
        preview.refusal = "these rules have no action \"" + action.type + "\"";
    }
    if (reader == PreviewFor::Player && unit->arm != Arm::Leader && isFighting(*unit) &&
        (action.type == "move" || action.type == "charge")) {
        preview.odds.push_back(moraleOdds(m_data, battle, *unit));
    }
    return preview;
}

Resolution EinsamenhugelRuleset::resolve(const Battle& battle, const Action& action, DiceStream& dice) const {
    Step step(m_data, m_options, battle, &dice);
    if (action.type == "pass") {
        if (passLabel(battle.phase).empty()) {
            step.refuse("there is nothing to pass in the " + battle.phase + " phase");
            return step.finish();
        }
        pass(step);
        return step.finish();
    }
    const Unit* unit = battle.findUnit(action.unit);
    if (unit == nullptr) {
        step.refuse(action.unit.empty() ? "the action names no unit" : "there is no unit \"" + action.unit + "\"");
        return step.finish();
    }
    if (unit->eliminated()) {
        step.refuse(unit->name + " has been eliminated");
        return step.finish();
    }
    if (action.type == "move" && battle.phase == "deployment") {
        resolveRedeploy(step, action);
        return step.finish();
    }
    if (action.type == "move") {
        resolveMove(step, action);
    } else if (action.type == "formation") {
        resolveFormation(step, action);
    } else if (action.type == "charge") {
        resolveCharge(step, action);
    } else if (action.type == "attach") {
        resolveAttach(step, action);
    } else if (action.type == "fire") {
        orderFire(step, action.unit, action.target);
    } else if (action.type == "melee") {
        const auto pair = pendingMeleeBetween(battle, action.unit, action.target);
        if (!pair) {
            step.refuse(unit->name + " has no melee to fight with \"" + action.target + "\" this turn");
            return step.finish();
        }
        fightMelee(step, pair->first, pair->second);
        if (!step.refused()) {
            afterMelee(step);
        }
        return step.finish();
    } else {
        step.refuse("these rules have no action \"" + action.type + "\"");
    }
    // A change of formation that is part of the move leaves the unit still to move: the
    // turn stays with its side.
    const bool stillToMove = action.type == "formation" && !step.refused() && step.battle.findUnit(action.unit) != nullptr &&
                             step.battle.findUnit(action.unit)->counters.count("acted") == 0;
    if (!step.refused() && isUnitOrder(action.type) && !stillToMove) {
        afterUnitMove(step);
    }
    return step.finish();
}

Resolution EinsamenhugelRuleset::answer(const Battle& battle, const Prompt& prompt, const Action& answer, DiceStream& dice) const {
    (void)battle;
    (void)dice;
    Resolution refused;
    refused.refusal = "these rules ask no questions mid-action (\"" + prompt.question + "\" / \"" + answer.choice + "\")";
    return refused;
}

GameStatus EinsamenhugelRuleset::status(const Battle& battle) const { return gameStatus(m_data, m_options, battle); }
GameStatus EinsamenhugelRuleset::briefStatus(const Battle& battle) const { return gameStatus(m_data, m_options, battle, false); }

std::string EinsamenhugelRuleset::unitState(const Battle& battle, const std::string& unitId) const {
    return unitStateText(m_data, battle, unitId);
}

std::vector<UnitFigure> EinsamenhugelRuleset::unitFigures(const Battle& battle, const std::string& unitId) const {
    const Unit* unit = battle.findUnit(unitId);
    if (unit == nullptr) {
        return {};
    }
    if (std::optional<UnitFigure> officer = officerFigure(*unit)) {
        return {*officer};
    }
    return {};
}

UnitOverlay EinsamenhugelRuleset::overlay(const Battle& battle, const std::string& unitId) const {
    const Unit* unit = battle.findUnit(unitId);
    return unit == nullptr || unit->eliminated() ? UnitOverlay{} : overlayOf(m_data, battle, *unit);
}

double EinsamenhugelRuleset::standOffRange(const Battle& battle, const std::string& unitId) const {
    const Unit* unit = battle.findUnit(unitId);
    return unit == nullptr ? 0 : standOffDistance(m_data, battle, *unit);
}

} // namespace sandtable::ein

namespace sandtable {

const char* sandtable_einsamenhugel_data(); // generated from ruleset.json

RegisteredRuleset sandtable_register_einsamenhugel() {
    return kit::registration<ein::EinsamenhugelRuleset>("einsamenhugel", ein::builtInData, ein::parseData, sandtable_einsamenhugel_data());
}

FormationShape ein::EinsamenhugelRuleset::formationShape(const Unit& unit) const { return kit::formationShapeNamed(unit.formation); }

} // namespace sandtable
