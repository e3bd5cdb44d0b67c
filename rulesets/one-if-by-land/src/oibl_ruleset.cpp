#include "oibl_ruleset.h"

#include "oibl_charge.h"
#include "oibl_fire.h"
#include "oibl_formations.h"
#include "oibl_melee.h"
#include "oibl_movement.h"
#include "oibl_scenario.h"
#include "oibl_turn.h"
#include "oibl_unit_state.h"
#include "oibl_units.h"
#include "sandtable/kit/formation_shape.h"
#include "sandtable/kit/objectives.h"
#include "sandtable/kit/registration.h"
#include "sandtable/kit/ruling_offers.h"

#include <set>

// One If By Land's routing: which step offers which orders, and which file's preview and
// resolution each order goes to. The rules live in the step files (oibl_turn, oibl_charge,
// oibl_movement, oibl_formations, oibl_fire, oibl_melee, oibl_morale, oibl_casualties).

namespace sandtable::oibl {

namespace {

const std::set<std::string> kMovementOrders{"roll-move", "move", "face", "prolong", "retreat", "stop-retreat", "attach"};
const std::set<std::string> kFormationOrders{"formation", "formation-advancing", "dismount", "lights"};

bool isOver(const Battle& battle) { return battle.session.contains("over"); }

} // namespace

OneIfByLandRuleset::OneIfByLandRuleset(RulesetOptions options) : m_data(builtInData()), m_options(std::move(options)) {}

std::vector<std::string> OneIfByLandRuleset::checkScenario(const Scenario& scenario) const { return scenarioProblems(m_data, scenario); }

Resolution OneIfByLandRuleset::start(const Battle& battle, const Scenario& scenario, DiceStream& dice) const {
    Step step(m_data, m_options, battle, &dice);
    startBattle(step, scenario);
    return step.finish();
}

std::vector<Offer> OneIfByLandRuleset::rulingOffers(const Battle& battle, const std::string& unitId) const {
    const Unit* unit = battle.findUnit(unitId);
    if (unit == nullptr || unit->eliminated()) {
        return {};
    }
    if (isOfficer(*unit)) {
        return kit::leaderRulingOffers(battle, *unit);
    }
    std::vector<Offer> offers =
        kit::rulingOffersOf(battle, *unit,
                            {{.type = "move", .label = "Move", .role = OrderRole::Move, .input = OrderInput::Path},
                             {.type = "face", .label = "Face or wheel", .role = OrderRole::Face, .input = OrderInput::Facing},
                             {.type = "fire", .label = "Fire", .role = OrderRole::Fire, .input = OrderInput::Target},
                             {.type = "charge", .label = "Declare a charge", .role = OrderRole::Charge, .input = OrderInput::Target},
                             {.type = "stop-retreat", .label = "Stop retreating (a morale test)", .role = OrderRole::Reform}});
    if (skirmishing(*unit) && unit->elements.size() > 1) {
        // Skirmishers fire stand by stand, each at a target of its own, as in play (offerFire).
        for (Offer& offer : offers) {
            if (offer.type == "fire") {
                offer.input = OrderInput::ElementTargets;
                offer.label = "Fire (each stand at its own target)";
                for (const Element& stand : unit->elements) {
                    offer.elements.push_back(stand.id);
                }
            }
        }
    }
    offerFormations(m_data, battle, *unit, offers);
    return offers;
}

std::vector<Health> OneIfByLandRuleset::figureStates() const {
    // The figures a stand has lost: it fires and fights with those left standing.
    return {Health::Killed};
}

std::vector<UnitSetting> OneIfByLandRuleset::unitSettings() const {
    return {{.id = "panic", .name = "Panic Marker", .weakens = 0.2},   {.id = "wavering", .name = "Wavering", .weakens = 0.3},
            {.id = "routing", .name = "Routing", .weakens = 0.6},      {.id = "retreating", .name = "Retreating", .weakens = 0.4},
            {.id = "reforming", .name = "Re-forming", .weakens = 0.2}, {.id = "dismounted", .name = "Dismounted"}};
}

std::vector<Offer> OneIfByLandRuleset::offers(const Battle& battle, const std::string& unitId) const {
    std::vector<Offer> offers;
    if (isOver(battle)) {
        return offers;
    }
    const int now = stepOf(battle);
    if (unitId.empty()) {
        if (now == 0) {
            offers.push_back({.type = "next-card", .label = sideOrderLabel(battle), .role = OrderRole::Draw});
        } else if (now == 2 || now == 4 || now == 5) {
            offers.push_back({.type = "end-step", .label = sideOrderLabel(battle), .role = OrderRole::Pass});
        }
        return offers;
    }
    const Unit* unit = battle.findUnit(unitId);
    if (unit == nullptr || unit->eliminated() || !acting(battle, unitId)) {
        return offers;
    }
    return offersAtStep(m_data, m_options, battle, *unit, now);
}

std::string OneIfByLandRuleset::sequenceRefusal(const Battle& battle, const Action& action) const {
    // The step decides which orders may be given, and to whom; whether the rules allow the
    // order (range, sight, reach) is the resolution's question. Answered from the step alone,
    // without working out every offer's targets: the game asks before every action.
    if (isOver(battle)) {
        return "the battle is over";
    }
    const int now = stepOf(battle);
    const std::string when = "turn " + std::to_string(battle.turn) + (now == 0 ? ", between cards" : ", step " + std::to_string(now));
    if (action.type == "next-card") {
        return now == 0 ? std::string() : "a brigade is still acting (" + when + "): end its steps first";
    }
    if (action.type == "end-step") {
        return now == 2 || now == 4 || now == 5 ? std::string() : "no step to end now (" + when + ")";
    }
    const Unit* unit = battle.findUnit(action.unit);
    if (unit == nullptr) {
        return action.unit.empty() ? "the action names no unit" : "there is no unit \"" + action.unit + "\"";
    }
    const auto notNow = [&](const char* step) { return unit->name + " may not " + action.type + " now (" + when + "): " + step; };
    if (!acting(battle, unit->id)) {
        return notNow("its brigade's card has not set it going");
    }
    if (action.type == "charge") {
        return now == 2 ? std::string() : notNow("charges are declared at step 2");
    }
    if (kMovementOrders.count(action.type) != 0 || kFormationOrders.count(action.type) != 0) {
        return now == 4 ? std::string() : notNow("units move at step 4");
    }
    if (action.type == "fire" || action.type == "combined-fire") {
        if (now != 5) {
            return notNow("units fire at step 5");
        }
        for (const std::string& other : action.with) {
            if (!acting(battle, other)) {
                return "\"" + other + "\" is not one of the acting brigade's units";
            }
        }
        return {};
    }
    if (action.type == "melee") {
        return notNow("melees are fought at step 6, as the charges brought them on");
    }
    return "these rules have no action \"" + action.type + "\"";
}

Preview OneIfByLandRuleset::preview(const Battle& battle, const Action& action) const {
    // What the rules say of the action wherever the sequence of play stands (Game::preview
    // adds whose step it is), so that a ruling can be asked of any unit at any time.
    Preview preview;
    if (action.type == "next-card" || action.type == "end-step") {
        previewSideOrder(m_data, battle, action, preview);
        return preview;
    }
    const Unit* unit = battle.findUnit(action.unit);
    if (unit == nullptr) {
        preview.refusal = action.unit.empty() ? "the action names no unit" : "there is no unit \"" + action.unit + "\"";
        return preview;
    }
    if (action.type == "charge") {
        previewCharge(m_data, m_options, battle, *unit, action, preview);
    } else if (kMovementOrders.count(action.type) != 0) {
        previewMovement(m_data, m_options, battle, *unit, action, preview);
    } else if (kFormationOrders.count(action.type) != 0) {
        previewFormation(m_data, battle, *unit, action, preview);
    } else if (action.type == "fire" || action.type == "combined-fire") {
        previewFire(m_data, m_options, battle, *unit, action, preview);
    } else if (action.type == "melee") {
        previewMelee(m_data, m_options, battle, *unit, battle.findUnit(action.target), preview);
    } else {
        preview.refusal = "these rules have no action \"" + action.type + "\"";
    }
    return preview;
}

Resolution OneIfByLandRuleset::resolve(const Battle& battle, const Action& action, DiceStream& dice) const {
    Step step(m_data, m_options, battle, &dice);
    if (action.type == "next-card") {
        if (stepOf(battle) != 0) {
            step.refuse("a brigade is still acting: end its steps first");
        } else {
            turnNextCard(step);
        }
        return step.finish();
    }
    if (action.type == "end-step") {
        endStep(step);
        return step.finish();
    }
    const Unit* unit = battle.findUnit(action.unit);
    if (unit == nullptr) {
        step.refuse(action.unit.empty() ? "the action names no unit" : "there is no unit \"" + action.unit + "\"");
        return step.finish();
    }
    if (unit->eliminated()) {
        step.refuse(unit->name + " has no stands left");
        return step.finish();
    }
    if (action.type == "charge") {
        resolveChargeDeclaration(step, action);
    } else if (kMovementOrders.count(action.type) != 0) {
        resolveMovement(step, action);
    } else if (action.type == "dismount") {
        resolveDismount(step, action);
    } else if (action.type == "lights") {
        resolveLights(step, action);
    } else if (kFormationOrders.count(action.type) != 0) {
        resolveFormation(step, action);
    } else if (action.type == "fire" || action.type == "combined-fire") {
        resolveFire(step, action);
    } else if (action.type == "melee") {
        const Unit* target = battle.findUnit(action.target);
        if (target == nullptr || target->side == unit->side || !fighting(*target)) {
            step.refuse("a melee is between fighting units of two sides");
        } else {
            fightMelee(step, {action.unit}, {action.target});
        }
    } else {
        step.refuse("these rules have no action \"" + action.type + "\"");
    }
    return step.finish();
}

Resolution OneIfByLandRuleset::answer(const Battle& battle, const Prompt& prompt, const Action& answer, DiceStream& dice) const {
    Step step(m_data, m_options, battle, &dice);
    if (prompt.context.value("stage", std::string()) != "evade") {
        step.refuse("these rules ask no question \"" + prompt.question + "\"");
        return step.finish();
    }
    answerCharge(step, prompt, answer);
    return step.finish();
}

GameStatus OneIfByLandRuleset::status(const Battle& battle) const { return gameStatus(m_data, m_options, battle); }
GameStatus OneIfByLandRuleset::briefStatus(const Battle& battle) const { return gameStatus(m_data, m_options, battle, false); }

std::string OneIfByLandRuleset::unitState(const Battle& battle, const std::string& unitId) const {
    const Unit* unit = battle.findUnit(unitId);
    return unit == nullptr ? std::string() : unitStateText(m_data, m_options, battle, *unit);
}

UnitOverlay OneIfByLandRuleset::overlay(const Battle& battle, const std::string& unitId) const {
    const Unit* unit = battle.findUnit(unitId);
    return unit == nullptr || unit->eliminated() ? UnitOverlay{} : overlayOf(m_data, m_options, battle, *unit);
}

double OneIfByLandRuleset::standOffRange(const Battle& battle, const std::string& unitId) const {
    // A doctrine for the computer: foot with firearms stop at their range to shoot, guns at
    // 25", beyond which their fire takes the cannon-over-25 modifier; cavalry and Indians
    // close to charge.
    const Unit* unit = battle.findUnit(unitId);
    if (unit == nullptr || unit->eliminated() || isOfficer(*unit) || mounted(*unit) || isIndian(*unit)) {
        return 0;
    }
    const RangeBands* bands = m_data.tables.findRangeBands(weaponOf(m_data, *unit));
    if (bands == nullptr) {
        return 0;
    }
    return battle.table.fromUnits(unit->arm == Arm::Guns ? 25.0 : bands->maximumRange());
}

std::vector<Objective> OneIfByLandRuleset::objectives(const Battle& battle) const {
    // The area the "turn-limit" victory names: the side alone in it when the turns are up
    // wins, its fighting units (not officers) counting (holds, oibl_turn.cpp).
    return kit::areaObjectives(battle, "turn-limit", "objective", {Arm::Foot, Arm::Horse, Arm::Guns});
}

} // namespace sandtable::oibl

namespace sandtable {

const char* sandtable_one_if_by_land_data(); // generated from ruleset.json

RegisteredRuleset sandtable_register_one_if_by_land() {
    return kit::registration<oibl::OneIfByLandRuleset>("one-if-by-land", oibl::builtInData, oibl::parseData,
                                                       sandtable_one_if_by_land_data());
}

FormationShape oibl::OneIfByLandRuleset::formationShape(const Unit& unit) const { return kit::formationShapeNamed(unit.formation); }

} // namespace sandtable
