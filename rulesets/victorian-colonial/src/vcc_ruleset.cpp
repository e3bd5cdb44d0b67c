#include "vcc_ruleset.h"

#include "sandtable/kit/formation_shape.h"
#include "sandtable/kit/registration.h"
#include "sandtable/kit/ruling_offers.h"
#include "sandtable/range_bands.h"
#include "vcc_fire.h"
#include "vcc_melee.h"
#include "vcc_movement.h"
#include "vcc_rockets.h"
#include "vcc_scenario.h"
#include "vcc_turn.h"
#include "vcc_unit_state.h"
#include "vcc_units.h"

// Victorian Colonial Combat's routing: which step offers which orders, and which file's
// preview and resolution each order goes to. The rules live in the step files (vcc_turn,
// vcc_movement, vcc_fire, vcc_rockets, vcc_melee, vcc_morale).

namespace sandtable::vcc {

VictorianColonialRuleset::VictorianColonialRuleset(RulesetOptions options) : m_data(builtInData()), m_options(std::move(options)) {}

std::vector<std::string> VictorianColonialRuleset::checkScenario(const Scenario& scenario) const {
    return scenarioProblems(m_data, scenario);
}

Resolution VictorianColonialRuleset::start(const Battle& battle, const Scenario& scenario, DiceStream& dice) const {
    Step step(m_data, m_options, battle, &dice);
    for (const Unit& unit : battle.units) {
        if (unit.formation.empty() && typeOf(m_data, unit).arm == Arm::Foot) {
            step.emit(event::FormationSet{unit.id, "line"});
        }
    }
    startBattle(step, scenario.victory);
    return step.finish();
}

std::vector<Offer> VictorianColonialRuleset::rulingOffers(const Battle& battle, const std::string& unitId) const {
    const Unit* unit = battle.findUnit(unitId);
    if (unit == nullptr || unit->eliminated()) {
        return {};
    }
    const bool square = unit->formation == "square";
    // Rockets are aimed at a box, any of the grid: the preview says whether it is in the arc.
    const Offer fire = weaponOf(m_data, *unit) == "rockets"
                           ? Offer{.type = "rocket", .label = "Fire rockets at a box", .role = OrderRole::Fire, .input = OrderInput::Box}
                           : Offer{.type = "fire", .label = "Fire", .role = OrderRole::Fire, .input = OrderInput::Target};
    return kit::rulingOffersOf(battle, *unit,
                               {{.type = "move", .label = "Move", .role = OrderRole::Move, .input = OrderInput::Box},
                                {.type = "pivot", .label = "Pivot", .role = OrderRole::Face, .input = OrderInput::Facing},
                                fire,
                                {.type = "charge", .label = "Charge", .role = OrderRole::Charge, .input = OrderInput::Target},
                                {.type = "melee", .label = "Fight the melee", .role = OrderRole::Melee, .input = OrderInput::Target},
                                {.type = "rally", .label = "Rally", .role = OrderRole::Rally},
                                {.type = "formation",
                                 .label = square ? "Leave square" : "Form square",
                                 .role = OrderRole::Formation,
                                 .choice = square ? "line" : "square"}});
}

std::vector<UnitSetting> VictorianColonialRuleset::unitSettings() const {
    return {{.id = "broken", .name = "Broken", .weakens = 0.6}, {.id = "prone", .name = "Prone"}};
}

std::vector<Offer> VictorianColonialRuleset::offers(const Battle& battle, const std::string& unitId) const {
    const StepOfPlay* at = currentStep(battle);
    if (at == nullptr) {
        return {};
    }
    if (unitId.empty()) {
        if (at->kind == StepKind::Melee) {
            return {};
        }
        return {{.type = "pass", .label = "End step " + std::to_string(at->number) + ": " + at->name, .role = OrderRole::Pass}};
    }
    const Unit* unit = battle.findUnit(unitId);
    return unit == nullptr ? std::vector<Offer>{} : unitOffers(m_data, m_options, battle, *unit);
}

Preview VictorianColonialRuleset::preview(const Battle& battle, const Action& action) const {
    // What the rules say of the action wherever the sequence of play stands (Game::preview
    // adds whose step it is), so that a ruling can be asked of any unit at any time.
    Preview preview;
    if (action.type == "pass") {
        preview.facts.push_back({"Effect", "the step ends; the morale checks it owes are taken"});
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
        previewMove(m_data, m_options, battle, *unit, action, preview);
    } else if (action.type == "pivot") {
        previewPivot(m_data, m_options, battle, *unit, action, preview);
    } else if (action.type == "formation") {
        previewFormation(m_data, battle, *unit, action, preview);
    } else if (action.type == "rally") {
        previewRally(m_data, battle, *unit, preview);
    } else if (action.type == "charge") {
        previewCharge(m_data, m_options, battle, *unit, target, preview);
    } else if (action.type == "fire") {
        previewFire(m_data, m_options, battle, *unit, target, preview);
    } else if (action.type == "rocket") {
        previewRocket(m_data, m_options, battle, *unit, action, preview);
    } else if (action.type == "melee") {
        previewMelee(m_data, m_options, battle, *unit, target, preview);
    } else {
        preview.refusal = "these rules have no action \"" + action.type + "\"";
    }
    return preview;
}

Resolution VictorianColonialRuleset::resolve(const Battle& battle, const Action& action, DiceStream& dice) const {
    Step step(m_data, m_options, battle, &dice);
    if (action.type == "pass") {
        pass(step);
        return step.finish();
    }
    const Unit* unit = battle.findUnit(action.unit);
    if (unit == nullptr) {
        step.refuse(action.unit.empty() ? "the action names no unit" : "there is no unit \"" + action.unit + "\"");
        return step.finish();
    }
    if (unit->eliminated()) {
        step.refuse(unit->name + " has been destroyed");
        return step.finish();
    }
    if (action.type == "move") {
        resolveMove(step, action);
    } else if (action.type == "pivot") {
        resolvePivot(step, action);
    } else if (action.type == "formation") {
        resolveFormation(step, action);
    } else if (action.type == "rally") {
        resolveRally(step, action);
    } else if (action.type == "charge") {
        resolveCharge(step, action);
    } else if (action.type == "fire") {
        resolveFire(step, action);
    } else if (action.type == "rocket") {
        resolveRocket(step, action);
    } else if (action.type == "melee") {
        const auto enemies = contactsOf(battle, action.unit);
        if (std::find(enemies.begin(), enemies.end(), action.target) == enemies.end()) {
            step.refuse(unit->name + " is not in contact with \"" + action.target + "\"");
            return step.finish();
        }
        fightMelee(step, action.unit, action.target);
        if (!step.refused() && currentStep(step.battle) != nullptr && currentStep(step.battle)->kind == StepKind::Melee) {
            afterMelee(step);
        }
    } else {
        step.refuse("these rules have no action \"" + action.type + "\"");
    }
    return step.finish();
}

Resolution VictorianColonialRuleset::answer(const Battle& battle, const Prompt& prompt, const Action& answer, DiceStream& dice) const {
    (void)battle;
    (void)dice;
    Resolution refused;
    refused.refusal = "these rules ask no questions mid-action (\"" + prompt.question + "\" / \"" + answer.choice + "\")";
    return refused;
}

GameStatus VictorianColonialRuleset::status(const Battle& battle) const { return gameStatus(m_data, m_options, battle); }
GameStatus VictorianColonialRuleset::briefStatus(const Battle& battle) const { return gameStatus(m_data, m_options, battle, false); }

std::string VictorianColonialRuleset::unitState(const Battle& battle, const std::string& unitId) const {
    const Unit* unit = battle.findUnit(unitId);
    return unit == nullptr ? std::string() : unitStateText(m_data, m_options, battle, *unit);
}

UnitOverlay VictorianColonialRuleset::overlay(const Battle& battle, const std::string& unitId) const {
    const Unit* unit = battle.findUnit(unitId);
    return unit == nullptr || unit->eliminated() ? UnitOverlay{} : overlayOf(m_data, m_options, battle, *unit);
}

double VictorianColonialRuleset::standOffRange(const Battle& battle, const std::string& unitId) const {
    // A doctrine for the computer: foot and guns stop at medium range to shoot; horse close.
    const Unit* unit = battle.findUnit(unitId);
    if (unit == nullptr || unit->eliminated()) {
        return 0;
    }
    const RangeBands* bands = m_data.tables.findRangeBands(weaponOf(m_data, *unit));
    if (bands == nullptr || bands->bands.size() < 2) {
        return bands == nullptr ? 0 : battle.table.fromUnits(bands->maximumRange());
    }
    return battle.table.fromUnits(bands->bands[1].to);
}

std::vector<Objective> VictorianColonialRuleset::objectives(const Battle& battle) const {
    // The box the "objective" victory names: held alone by an unbroken unit when the turns
    // are up, it wins (vcc-victory); a fighting unit, not a commander (objectiveHolder), as
    // Objective::heldBy has it by default.
    return battleObjectives(battle);
}

} // namespace sandtable::vcc

namespace sandtable {

const char* sandtable_victorian_colonial_data(); // generated from ruleset.json

RegisteredRuleset sandtable_register_victorian_colonial() {
    return kit::registration<vcc::VictorianColonialRuleset>("victorian-colonial", vcc::builtInData, vcc::parseData,
                                                            sandtable_victorian_colonial_data());
}

FormationShape vcc::VictorianColonialRuleset::formationShape(const Unit& unit) const { return kit::formationShapeNamed(unit.formation); }

} // namespace sandtable
