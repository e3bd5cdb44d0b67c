#include "ozz_ruleset.h"

#include "ozz_activation.h"
#include "ozz_charge.h"
#include "ozz_fire.h"
#include "ozz_manoeuvre.h"
#include "ozz_melee.h"
#include "ozz_overlay.h"
#include "ozz_reactions.h"
#include "ozz_scenario.h"
#include "ozz_step.h"
#include "sandtable/kit/formation_shape.h"
#include "sandtable/kit/registration.h"
#include "sandtable/kit/ruling_offers.h"
#include "sandtable/scenario.h"

#include <algorithm>

// The Wars of Ozz's routing: which file's offer, preview and resolution each order goes
// to. The rules themselves live in the phase files (ozz_manoeuvre, ozz_fire, ozz_charge,
// ozz_melee, ozz_reactions, ozz_activation).

namespace sandtable::ozz {

namespace {

Unit const* unitOrRefuse(const Battle& battle, const Action& action, std::string& refusal) {
    const Unit* unit = battle.findUnit(action.unit);
    if (unit == nullptr) {
        refusal = action.unit.empty() ? "the action names no unit" : "there is no unit \"" + action.unit + "\"";
    } else if (unit->eliminated()) {
        refusal = unit->name + " has no bases left";
    }
    return unit;
}

/// The action's target, or null; a target named but not there is refused.
const Unit* targetOrRefuse(const Battle& battle, const Action& action, std::string& refusal) {
    const Unit* target = action.target.empty() ? nullptr : battle.findUnit(action.target);
    if (!action.target.empty() && target == nullptr && refusal.empty()) {
        refusal = "there is no unit \"" + action.target + "\"";
    }
    return target;
}

} // namespace

OzzRuleset::OzzRuleset(RulesetOptions options) : m_data(builtInData()), m_options(std::move(options)) {}

std::vector<std::string> OzzRuleset::checkScenario(const Scenario& scenario) const { return scenarioProblems(m_data, scenario); }

Resolution OzzRuleset::start(const Battle& battle, const Scenario& scenario, DiceStream& dice) const {
    Step step(m_data, m_options, battle, &dice);
    startBattle(step, scenario);
    return std::move(step.out);
}

std::vector<Offer> OzzRuleset::offers(const Battle& battle, const std::string& unitId) const {
    return offersFor(battle, unitId, Targets::Listed);
}

std::vector<Offer> OzzRuleset::offersOfRoles(const Battle& battle, const std::string& unitId, OrderRoles roles) const {
    std::vector<Offer> offers = offersFor(battle, unitId, Targets::Listed, roles);
    std::erase_if(offers, [&](const Offer& given) { return !roles.has(given.role); });
    return offers;
}

std::vector<Offer> OzzRuleset::rulingOffers(const Battle& battle, const std::string& unitId) const {
    const Unit* unit = battle.findUnit(unitId);
    if (unit == nullptr || unit->eliminated()) {
        return {};
    }
    std::vector<Offer> offers =
        kit::rulingOffersOf(battle, *unit,
                            {{.type = "move", .label = "Move", .role = OrderRole::Move, .input = OrderInput::Path},
                             {.type = "fire", .label = "Fire", .role = OrderRole::Fire, .input = OrderInput::Target},
                             {.type = "charge", .label = "Charge", .role = OrderRole::Charge, .input = OrderInput::Target},
                             {.type = "melee", .label = "Fight on in the melee", .role = OrderRole::Melee, .input = OrderInput::Target},
                             {.type = "rally", .label = "Try to rally (Test of Elan)", .role = OrderRole::Rally}});
    offerChanges(*unit, offers);
    return offers;
}

std::vector<UnitSetting> OzzRuleset::unitSettings() const {
    return {{.id = "disordered", .name = "Disordered", .weakens = 0.25},
            {.id = "routed", .name = "Routed", .weakens = 0.6},
            {.id = "hits", .name = "A hit carried over (two remove a base)", .counter = true, .maximum = 1, .weakens = 0.15},
            {.id = "activation-die", .name = "Activation die", .counter = true, .maximum = 6}};
}

std::string OzzRuleset::sequenceRefusal(const Battle& battle, const Action& action) const {
    // The orders without their targets: which targets the rules allow is resolve's check,
    // and working them out (sight, range, arcs for every enemy) is most of an offer's cost.
    return refusalUnlessOffered(battle, action, offersFor(battle, action.unit, Targets::Unlisted));
}

std::vector<Offer> OzzRuleset::offersFor(const Battle& battle, const std::string& unitId, Targets targets, OrderRoles roles) const {
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
    if (const auto opponents = meleeOpponents(battle, unitId); !opponents.empty()) {
        offers.push_back({.type = "melee",
                          .label = "Fight on in the melee",
                          .unit = unitId,
                          .role = OrderRole::Melee,
                          .input = OrderInput::Target,
                          .targets = opponents});
        offers.push_back(endActivation);
        return offers;
    }
    offerMoves(m_data, battle, *unit, offers);
    if (unit->counters.count("charged") == 0) {
        // Unlisted: the orders without their targets, for the sequence check.
        // Targets are worked out only for the roles asked (offersOfRoles).
        const bool listed = targets == Targets::Listed;
        const auto fireable = listed && roles.has(OrderRole::Fire) ? fireableTargets(m_data, battle, *unit) : std::vector<std::string>{};
        if (!listed || !fireable.empty()) {
            offers.push_back({.type = "fire",
                              .label = "Fire",
                              .unit = unitId,
                              .role = OrderRole::Fire,
                              .input = OrderInput::Target,
                              .targets = fireable});
        }
        const auto chargeable =
            listed && roles.has(OrderRole::Charge) ? chargeableTargets(m_data, battle, *unit) : std::vector<std::string>{};
        if (!listed || !chargeable.empty()) {
            offers.push_back({.type = "charge",
                              .label = "Charge",
                              .unit = unitId,
                              .role = OrderRole::Charge,
                              .input = OrderInput::Target,
                              .targets = chargeable});
        }
        offerChanges(*unit, offers);
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
    const Unit* target = targetOrRefuse(battle, action, preview.refusal);
    if (unit == nullptr || !preview.refusal.empty()) {
        return preview;
    }
    if (action.type == "fire") {
        previewFire(m_data, m_options, battle, *unit, target, preview);
    } else if (action.type == "charge") {
        previewCharge(m_data, battle, *unit, target, preview);
    } else if (isManoeuvre(action.type)) {
        previewManoeuvre(m_data, battle, *unit, action, preview);
    } else if (action.type == "rally") {
        previewRally(m_data, battle, *unit, preview);
    } else if (action.type == "melee") {
        previewMelee(m_data, battle, *unit, target, preview);
    } else if (action.type == "end-activation") {
        preview.facts.push_back({"Effect", "the unit is done for this turn"});
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
    const Unit* target = targetOrRefuse(battle, action, step.out.refusal);
    if (unit == nullptr || !step.out.refusal.empty()) {
        return std::move(step.out);
    }
    // Refusals first, so that a refused action rolls nothing and changes nothing.
    if (action.type == "fire") {
        step.out.refusal = target != nullptr ? planFire(m_data, battle, *unit, *target, {}).refusal : std::string("fire needs a target");
    } else if (action.type == "charge") {
        step.out.refusal = target != nullptr ? whyNoCharge(m_data, battle, *unit, *target) : "a charge needs a target";
    } else if (action.type == "rally" && unit->markers.count("routed") == 0) {
        step.out.refusal = unit->name + " is not routed";
    } else if (action.type == "melee") {
        step.out.refusal = whyNoMelee(battle, *unit, target);
    } else if (isManoeuvre(action.type)) {
        step.out.refusal = manoeuvreRefusal(m_data, battle, *unit, action);
    }
    if (!step.out.refusal.empty()) {
        return std::move(step.out);
    }
    beginActivation(step, action.unit);
    if (action.type == "end-activation") {
        endActivation(step);
    } else if (isManoeuvre(action.type)) {
        resolveManoeuvre(step, action);
    } else if (action.type == "fire") {
        resolveFire(step, action.unit, action.target, {});
    } else if (action.type == "charge") {
        resolveCharge(step, action.unit, action.target);
    } else if (action.type == "melee") {
        fightMelee(step, action.unit, action.target, MeleeStart{});
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
GameStatus OzzRuleset::briefStatus(const Battle& battle) const { return gameStatus(m_data, battle, false); }

} // namespace sandtable::ozz

namespace sandtable {

const char* sandtable_wars_of_ozz_data(); // generated from ruleset.json

RegisteredRuleset sandtable_register_wars_of_ozz() {
    return kit::registration<ozz::OzzRuleset>("wars-of-ozz", ozz::builtInData, ozz::parseData, sandtable_wars_of_ozz_data());
}

FormationShape ozz::OzzRuleset::formationShape(const Unit& unit) const { return kit::formationShapeNamed(unit.formation); }

} // namespace sandtable
