#include "lshm_ruleset.h"

#include "lshm_buildings.h"
#include "lshm_cards.h"
#include "lshm_combat.h"
#include "lshm_fire.h"
#include "lshm_morale.h"
#include "lshm_movement.h"
#include "lshm_scenario.h"
#include "lshm_turn.h"
#include "sandtable/kit/formation_shape.h"
#include "sandtable/kit/objectives.h"
#include "sandtable/kit/registration.h"
#include "sandtable/kit/ruling_offers.h"

#include <set>

// The LSHM rules' routing: which phase offers which orders, and which file's preview and
// resolution each goes to. The rules live in the phase files.

namespace sandtable::lshm {

namespace {

const std::set<std::string> kMovementOrders{"roll-move", "move",           "place-figures", "face",     "formation", "go-prone", "stand-up",
                                            "charge",    "counter-charge", "hold",          "end-move", "breach",    "loophole"};
const std::set<std::string> kActingOrders{"roll-move", "move", "place-figures", "face", "formation", "end-move"};
const std::set<std::string> kFireOrders{"fire", "volley", "hold-fire", "batter"};

std::string noUnit(const Action& action) {
    return action.unit.empty() ? "the action names no unit" : "there is no unit \"" + action.unit + "\"";
}

} // namespace

LshmRuleset::LshmRuleset(RulesetOptions options) : m_data(builtInData()), m_options(std::move(options)) {}

std::vector<std::string> LshmRuleset::checkScenario(const Scenario& scenario) const { return scenarioProblems(m_data, scenario); }

Resolution LshmRuleset::start(const Battle& battle, const Scenario& scenario, DiceStream& dice) const {
    Step step(m_data, m_options, battle, &dice);
    startBattle(step, scenario);
    return step.finish();
}

std::vector<Offer> LshmRuleset::offers(const Battle& battle, const std::string& unitId) const {
    if (unitId.empty()) {
        return sideOffers(battle);
    }
    const Unit* unit = battle.findUnit(unitId);
    return unit == nullptr ? std::vector<Offer>{} : unitOffers(m_data, battle, *unit);
}

std::vector<Offer> LshmRuleset::offersOfRoles(const Battle& battle, const std::string& unitId, OrderRoles roles) const {
    if (unitId.empty()) {
        return Ruleset::offersOfRoles(battle, unitId, roles);
    }
    const Unit* unit = battle.findUnit(unitId);
    return unit == nullptr ? std::vector<Offer>{} : unitOffers(m_data, battle, *unit, roles);
}

std::vector<Offer> LshmRuleset::rulingOffers(const Battle& battle, const std::string& unitId) const {
    const Unit* unit = battle.findUnit(unitId);
    return unit == nullptr || unit->eliminated() ? std::vector<Offer>{} : rulingUnitOffers(m_data, battle, *unit);
}

std::vector<Health> LshmRuleset::figureStates() const {
    // Each man's wounds and death, which his fire, his fight and his unit's morale read.
    return {Health::LightlyWounded, Health::HeavilyWounded, Health::Killed};
}

std::vector<UnitSetting> LshmRuleset::unitSettings() const {
    return {{.id = "pinned", .name = "Pinned", .weakens = 0.2},
            {.id = "shaken", .name = "Shaken", .weakens = 0.4},
            {.id = "routed", .name = "Routed", .weakens = 0.6},
            {.id = "critical", .name = "Critical morale", .weakens = 0.2},
            {.id = "immobile", .name = "Immobile (failed major morale)", .weakens = 0.3}};
}

std::string LshmRuleset::sequenceRefusal(const Battle& battle, const Action& action) const {
    if (battleOver(battle)) {
        return "the battle is over";
    }
    const std::string phase = phaseOf(battle);
    const std::string when = "turn " + std::to_string(battle.turn) + ", " + phase;
    if (action.type == "end-leaders") {
        return phase == "leaders" ? std::string() : "no leaders are moving now (" + when + ")";
    }
    const Unit* unit = battle.findUnit(action.unit);
    if (unit == nullptr) {
        return noUnit(action);
    }
    if (unit->side != sideToAct(battle)) {
        return unit->name + " may not act now (" + when + "): the card showing is not its side's";
    }
    const std::string acting = actingUnit(battle);
    if (!acting.empty()) {
        if (acting != unit->id) {
            return battle.findUnit(acting)->name + " is moving on this card: end its move first";
        }
        return kActingOrders.count(action.type) != 0 ? std::string()
                                                     : unit->name + " is moving: it may move, face, place its figures or end its move";
    }
    const bool movementPhase = phase == "movement" || phase == "leaders";
    if (movementPhase ? kMovementOrders.count(action.type) == 0 : kFireOrders.count(action.type) == 0) {
        return kMovementOrders.count(action.type) + kFireOrders.count(action.type) == 0
                   ? "these rules have no action \"" + action.type + "\""
                   : unit->name + " may not " + action.type + " now (" + when + ")";
    }
    // Whether the order's target may be fired at is the resolution's question: here only
    // whether the unit has had its chance (a fire card's whole plan is not worked out).
    const bool hadChance = listed(battle, "done", unit->id) || routed(*unit) || figuresOf(*unit).empty() ||
                           (phase == "leaders") != (unit->arm == Arm::Leader) || (phase == "fire" && counter(*unit, "fired") > 0);
    if (hadChance) {
        return unit->name + " has had its chance this phase, or may not act in it (" + when + ")";
    }
    return {};
}

Preview LshmRuleset::preview(const Battle& battle, const Action& action) const {
    Preview preview;
    const Unit* unit = battle.findUnit(action.unit);
    if (action.type == "end-leaders") {
        return preview;
    }
    if (unit == nullptr) {
        preview.refusal = noUnit(action);
        return preview;
    }
    if (kFireOrders.count(action.type) != 0 && action.type != "hold-fire" && action.type != "batter") {
        previewFire(m_data, m_options, battle, *unit, action, preview);
    } else if (kMovementOrders.count(action.type) != 0) {
        previewMovement(m_data, battle, *unit, action, preview);
        if (action.type == "charge") {
            if (const Unit* target = battle.findUnit(action.target)) {
                previewCloseIn(m_data, battle, *unit, *target, preview);
            }
        }
    } else if (action.type != "hold-fire" && action.type != "batter") {
        preview.refusal = "these rules have no action \"" + action.type + "\"";
    }
    if (isBasicUnit(*unit)) {
        previewMorale(m_data, battle, *unit, preview);
    }
    return preview;
}

Resolution LshmRuleset::resolve(const Battle& battle, const Action& action, DiceStream& dice) const {
    Step step(m_data, m_options, battle, &dice);
    if (action.type == "end-leaders") {
        if (phaseOf(battle) != "leaders") {
            step.refuse("no leaders are moving now");
        } else {
            endLeaders(step);
        }
        return step.finish();
    }
    const Unit* unit = battle.findUnit(action.unit);
    if (unit == nullptr) {
        step.refuse(noUnit(action));
        return step.finish();
    }
    if (unit->eliminated() || figuresOf(*unit).empty()) {
        step.refuse(unit->name + " has no figures left");
        return step.finish();
    }
    const std::string& type = action.type;
    if (type == "roll-move") {
        resolveRollMove(step, action);
    } else if (type == "move") {
        resolveMove(step, action);
    } else if (type == "place-figures") {
        resolvePlaceFigures(step, action);
    } else if (type == "face") {
        resolveFace(step, action);
    } else if (type == "formation") {
        resolveFormation(step, action);
    } else if (type == "go-prone" || type == "stand-up") {
        resolvePosture(step, action);
    } else if (type == "charge") {
        resolveCharge(step, action);
    } else if (type == "counter-charge") {
        resolveCounterCharge(step, action);
    } else if (type == "hold" && !jokerShowing(battle).empty() && !gunTooFewToMove(*unit)) {
        resolveRollMove(step, action);
        step.outcome(unit->name + " stands", cite("Joker Movement Chart; Roll one D-6."));
        step.unitFinished = true;
    } else if (type == "hold" || type == "end-move" || type == "hold-fire") {
        if (type == "hold" && gunTooFewToMove(*unit)) {
            step.ruling("lshm-guns"); // too few figures to move it: no chart, joker or not
        }
        step.outcome(unit->name + (type == "hold"        ? " does not move"
                                   : type == "hold-fire" ? " does not fire"
                                                         : " ends its move"),
                     cite("Sequence of Play:"));
        step.unitFinished = true;
    } else if (type == "breach" || type == "loophole") {
        bool offered = false;
        for (const BreachChoice& choice : breachChoices(battle, *unit, type == "loophole")) {
            offered = offered || choice.id == action.choice;
        }
        if (!offered) {
            step.refuse(unit->name + " is not at \"" + action.choice + "\" to " + type + " it");
        } else {
            startWork(step, *unit, action.choice, type == "loophole");
            step.unitFinished = true;
        }
    } else if (type == "fire" || type == "volley") {
        resolveFire(step, action);
    } else if (type == "batter") {
        batter(step, *unit, action.choice, "ball");
        setCounter(step, unit->id, "fired", 1);
        step.unitFinished = true;
    } else {
        step.refuse("these rules have no action \"" + type + "\"");
    }
    if (!step.refused()) {
        if (step.unitFinished) {
            finishUnit(step, unit->id);
        } else if (kActingOrders.count(type) != 0 && actingUnit(step.battle) != unit->id && sideToAct(battle) == unit->side) {
            step.emit(event::SessionSet{"acting", unit->id});
        }
    }
    return step.finish();
}

Resolution LshmRuleset::answer(const Battle& battle, const Prompt& prompt, const Action&, DiceStream& dice) const {
    Step step(m_data, m_options, battle, &dice);
    step.refuse("these rules ask no question \"" + prompt.question + "\"");
    return step.finish();
}

GameStatus LshmRuleset::status(const Battle& battle) const { return gameStatus(m_data, battle); }
GameStatus LshmRuleset::briefStatus(const Battle& battle) const { return gameStatus(m_data, battle, false); }

std::string LshmRuleset::unitState(const Battle& battle, const std::string& unitId) const {
    const Unit* unit = battle.findUnit(unitId);
    if (unit == nullptr) {
        return {};
    }
    int light = 0;
    int heavy = 0;
    for (const Element& figure : unit->elements) {
        light += figure.health == Health::LightlyWounded ? 1 : 0;
        heavy += figure.health == Health::HeavilyWounded ? 1 : 0;
    }
    std::string text = std::to_string(fitFigures(*unit)) + " of " + std::to_string(startingFigures(*unit)) + " figures fit";
    if (light + heavy > 0) {
        text += ", " + std::to_string(light) + " lightly and " + std::to_string(heavy) + " heavily wounded";
    }
    for (const char* marker : {"routed", "shaken", "critical", "pinned", "immobile", "charged"}) {
        if (unit->markers.count(marker) != 0) {
            text += std::string("; ") + (std::string(marker) == "critical" ? "in critical morale" : marker);
        }
    }
    if (counter(*unit, "prisoners") > 0) {
        text += "; holds " + std::to_string(static_cast<int>(counter(*unit, "prisoners"))) + " prisoners";
    }
    if (listed(battle, "done", unit->id)) {
        text += phaseOf(battle) == "fire" ? "; has had its fire card" : "; has had its move";
    }
    if (actingUnit(battle) == unit->id && counter(*unit, "rolled") > 0) {
        text += "; " + inches(moveLeft(*unit)) + " of move left";
    }
    return text;
}

UnitOverlay LshmRuleset::overlay(const Battle& battle, const std::string& unitId) const {
    UnitOverlay overlay;
    const Unit* unit = battle.findUnit(unitId);
    if (unit == nullptr || figuresOf(*unit).empty()) {
        return overlay;
    }
    const std::string weapon = unit->arm == Arm::Guns ? std::string("ball") : weaponOf(*unit, *figuresOf(*unit).back());
    if (const Weapon* w = m_data.weapon(weapon)) {
        overlay.arcDegrees = w->cone;
        overlay.bands.push_back({"half range", battle.table.fromUnits(w->maxRange / 2)});
        overlay.bands.push_back({"maximum", battle.table.fromUnits(w->maxRange)});
        overlay.about = w->name + ": half range " + inches(w->maxRange / 2) + " (+1), maximum " + inches(w->maxRange) + "; each figure's " +
                        std::to_string(static_cast<int>(w->cone)) + "-degree cone";
    }
    if (actingUnit(battle) == unitId && counter(*unit, "rolled") > 0) {
        overlay.move = battle.table.fromUnits(moveLeft(*unit));
        overlay.about += "; " + inches(moveLeft(*unit)) + " of move left";
    }
    return overlay;
}

double LshmRuleset::standOffRange(const Battle& battle, const std::string& unitId) const {
    // A doctrine for the computer: shooters stop at half their weapon's range, where the +1
    // begins (guns at grapeshot range); horse close to charge.
    const Unit* unit = battle.findUnit(unitId);
    if (unit == nullptr || figuresOf(*unit).empty() || unit->arm == Arm::Horse || unit->arm == Arm::Leader) {
        return 0;
    }
    if (unit->arm == Arm::Guns) {
        return battle.table.fromUnits(16.0);
    }
    const Weapon* weapon = m_data.weapon(weaponOf(*unit, *figuresOf(*unit).back()));
    return weapon == nullptr ? 0 : battle.table.fromUnits(weapon->maxRange / 2);
}

std::vector<Objective> LshmRuleset::objectives(const Battle& battle) const {
    // The area the "hold-objective" victory names: the side alone in it when the turns are up
    // wins, any figure of a unit not routed counting, a leader's too (lshm_turn.cpp).
    return kit::areaObjectives(battle, "hold-objective", "area", {Arm::Foot, Arm::Horse, Arm::Guns, Arm::Leader});
}

} // namespace sandtable::lshm

namespace sandtable {

const char* sandtable_lshm_skirmish_data(); // generated from ruleset.json

RegisteredRuleset sandtable_register_lshm_skirmish() {
    return kit::registration<lshm::LshmRuleset>("lshm-skirmish", lshm::builtInData, lshm::parseData, sandtable_lshm_skirmish_data());
}

FormationShape lshm::LshmRuleset::formationShape(const Unit& unit) const { return kit::formationShapeNamed(unit.formation); }

} // namespace sandtable
