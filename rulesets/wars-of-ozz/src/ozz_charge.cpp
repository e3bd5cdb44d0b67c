#include "ozz_charge.h"

#include "ozz_fire.h"
#include "ozz_geometry.h"
#include "ozz_melee.h"
#include "ozz_movement.h"
#include "ozz_reactions.h"
#include "ozz_tests.h"
#include "sandtable/battle_geometry.h"
#include "sandtable/kit/preview.h"
#include "sandtable/measure.h"

#include <cmath>
#include <sstream>

namespace sandtable::ozz {

namespace {

/// Where a charge stands between its steps; a prompt carries it as JSON.
struct ChargeState {
    std::string charger;
    std::string target;
    double allowance = 0;
    bool closeArtilleryFire = false;
    bool counterCharged = false;         // the target counter charged: Disordered after it (‡)
    bool reaction = false;               // a reaction's charge: no charge ahead after its melee
    std::map<std::string, int> defender; // melee modifiers the target's reaction gave it
    std::map<std::string, int> attacker;

    nlohmann::json toJson(const std::string& stage) const {
        return {{"stage", stage},
                {"charger", charger},
                {"target", target},
                {"allowance", allowance},
                {"closeArtilleryFire", closeArtilleryFire},
                {"counterCharged", counterCharged},
                {"reaction", reaction},
                {"defender", defender},
                {"attacker", attacker}};
    }
    static ChargeState fromJson(const nlohmann::json& json) {
        ChargeState state;
        state.charger = json.at("charger").get<std::string>();
        state.target = json.at("target").get<std::string>();
        state.allowance = json.at("allowance").get<double>();
        state.closeArtilleryFire = json.at("closeArtilleryFire").get<bool>();
        state.counterCharged = json.value("counterCharged", false);
        state.reaction = json.value("reaction", false);
        state.defender = json.at("defender").get<std::map<std::string, int>>();
        state.attacker = json.at("attacker").get<std::map<std::string, int>>();
        return state;
    }
};

int resolveRow(Arm arm) {
    switch (arm) {
    case Arm::Horse:
        return 3;
    case Arm::Guns:
        return 4;
    default:
        return 2;
    }
}

bool usable(const Step& step, const std::string& id) {
    const Unit* unit = step.battle.findUnit(id);
    return unit != nullptr && !unit->eliminated() && unit->markers.count("routed") == 0;
}

/// ‡ After charging, a unit is Disordered: the charger, and a counter-charger, when the
/// charge ends without a melee (a melee disorders both once it is fought).
void disorderAfterCharging(Step& step, const ChargeState& state) {
    for (const std::string& id : {state.charger, state.counterCharged ? state.target : std::string()}) {
        const Unit* unit = id.empty() ? nullptr : step.battle.findUnit(id);
        if (unit != nullptr && !unit->eliminated() && unit->markers.count("disordered") == 0) {
            step.emit(event::MarkerChanged{id, "disordered", true});
        }
    }
}

void fallShort(Step& step, ChargeState& state) {
    const Approach approach = moveToward(step, state.charger, state.target, state.allowance, 0, true);
    disorderAfterCharging(step, state);
    step.outcome(step.unit(state.charger).name + " charges " + inches(approach.travelled) + " and does not reach " +
                     step.unit(state.target).name + ": Disordered",
                 step.data.ruling("ozz-charge-sequence").interprets);
}

void closeAndFight(Step& step, ChargeState& state) {
    const Approach approach = moveToward(step, state.charger, state.target, state.allowance, 0, true);
    if (!approach.contact) {
        step.outcome(step.unit(state.charger).name + " does not reach " + step.unit(state.target).name);
        disorderAfterCharging(step, state);
        return;
    }
    // ‡ "After charging or participating in Melee": the melee is fought first, in the
    // order the units came to it, and both are Disordered after it (fightMelee).
    step.ruling("ozz-impetus");
    step.outcome(step.unit(state.charger).name + (approach.impetus ? " closes with impetus" : " closes without impetus"),
                 Citation{step.data.info.sourceFile, "The last four inches of a charge move must be over open, level terrain"});
    fightMelee(step, state.charger, state.target, MeleeStart{approach.impetus, state.attacker, state.defender, !state.reaction});
}

void stopShort(Step& step, ChargeState& state, double short_) {
    moveToward(step, state.charger, state.target, state.allowance, short_, true);
    disorderAfterCharging(step, state);
}

// The charger's Test of Elan to close, and what follows it.
void chargerCloses(Step& step, ChargeState& state) {
    if (!usable(step, state.charger)) {
        return;
    }
    if (step.unit(state.target).eliminated()) {
        step.outcome(step.unit(state.target).name + " is gone: the charge has nothing to close with");
        disorderAfterCharging(step, state);
        return;
    }
    const ApproachPlan reach = planApproach(step.data, step.battle, step.unit(state.charger), step.unit(state.target), 0);
    if (!reach.refusal.empty() || measure::exceeds(reach.cost, state.allowance)) {
        fallShort(step, state);
        return;
    }
    TestSituation situation;
    situation.chart = "tests-of-elan";
    situation.row = 1;
    situation.cause = state.target;
    situation.closeArtilleryFire = state.closeArtilleryFire;
    const TestOutcome outcome = runTest(step, state.charger, situation);
    const std::string& procedure = outcome.procedure;
    if (procedure == "close-plus-one") {
        state.attacker["close-plus-one"] = 1;
        closeAndFight(step, state);
    } else if (procedure == "close") {
        closeAndFight(step, state);
    } else if (procedure == "stop-short-fire-or-close") {
        Prompt prompt;
        prompt.side = step.unit(state.charger).side;
        prompt.unit = state.charger;
        prompt.question = step.unit(state.charger).name + ": stop 2\" short and fire, or close at -2 Melee?";
        prompt.choices = {{"stop-and-fire", "Stop 2\" short and fire"}, {"close", "Close (-2 Melee)"}};
        prompt.citation = step.data.chart("tests-of-elan").source;
        prompt.context = state.toJson("close-choice");
        step.out.prompt = prompt;
    } else if (procedure == "stop-short-disordered-fire") {
        stopShort(step, state, 2);
        resolveFire(step, state.charger, state.target, FireCircumstances{true});
    } else if (procedure == "stop-far-short-lose-base") {
        stopShort(step, state, 4);
        step.emit(rearmost(step.unit(state.charger), 1));
    }
}

void counterCharge(Step& step, ChargeState& state, int bonus) {
    const Unit& target = step.unit(state.target);
    const Unit& charger = step.unit(state.charger);
    // § Infantry may only meet the flanks or rear of cavalry, or the front of
    // disordered cavalry: met head on, good-order cavalry leaves it standing.
    if (!infantryContactRefusal(target, charger).empty()) {
        step.outcome(target.name + " may not counter charge the front of cavalry in good order (§): it stands, \"Steady, men!\"",
                     Citation{step.data.info.sourceFile, "§ Infantry may only move into contact with the flanks or rear of cavalry"});
        return;
    }
    if (bonus > 0) {
        state.defender["reaction-plus-one"] = 1;
    } else if (bonus < 0) {
        state.defender["reaction-minus-one"] = 1;
    }
    state.counterCharged = true;
    step.outcome(target.name + " counter charges", step.data.chart("tests-of-resolve").source);
}

void artilleryFires(Step& step, ChargeState& state, const FireCircumstances& circumstances) {
    const FirePlan plan = planFire(step.data, step.battle, step.unit(state.target), step.unit(state.charger), circumstances);
    if (!plan.refusal.empty()) {
        step.outcome(step.unit(state.target).name + " cannot fire: " + plan.refusal);
        return;
    }
    const bool shortRange = plan.band->id == "short";
    resolveFire(step, state.target, state.charger, circumstances);
    const bool flankOrRear = attackedFace(step.unit(state.target), step.unit(state.charger)) != Face::Front;
    if (shortRange && !flankOrRear) {
        state.closeArtilleryFire = true;
    } else if (shortRange) {
        step.outcome("The charge comes at the guns' flank or rear: no close-range artillery fire shift (†)",
                     Citation{step.data.info.sourceFile, "† When charging the flank or rear of artillery"});
    }
}

// The target's reaction, carried out; false when the charge must wait for a prompt.
bool targetReacts(Step& step, ChargeState& state, const std::string& procedure) {
    const FireCircumstances reaction{true};
    if (procedure == "counter-charge-plus-one") {
        counterCharge(step, state, 1);
    } else if (procedure == "stand-and-fire") {
        resolveFire(step, state.target, state.charger, reaction);
    } else if (procedure == "steady" || procedure == "stand") {
        step.outcome(step.unit(state.target).name + " stands");
    } else if (procedure == "wavering-back-disordered" || procedure == "back-disordered") {
        moveBackward(step, state.target, 4);
        step.emit(event::MarkerChanged{state.target, "disordered", true});
    } else if (procedure == "rout") {
        rout(step, state.target);
    } else if (procedure == "move-away-or-counter-charge") {
        Prompt prompt;
        prompt.side = step.unit(state.target).side;
        prompt.unit = state.target;
        prompt.question = step.unit(state.target).name + ": full move away, or counter charge?";
        prompt.choices = {{"move-away", "Full move away"}, {"counter-charge", "Counter charge"}};
        prompt.citation = step.data.chart("tests-of-resolve").source;
        prompt.context = state.toJson("cavalry-choice");
        step.out.prompt = prompt;
        return false;
    } else if (procedure == "counter-charge") {
        counterCharge(step, state, 0);
    } else if (procedure == "counter-charge-minus-one") {
        counterCharge(step, state, -1);
    } else if (procedure == "face-fire-melee-plus-one") {
        const Unit& guns = step.unit(state.target);
        step.emit(event::Moved{state.target, turned(guns, bearing(guns.centre(), step.unit(state.charger).centre()))});
        artilleryFires(step, state, FireCircumstances{true, true});
        state.defender["reaction-plus-one"] = 1;
    } else if (procedure == "fire-and-melee") {
        artilleryFires(step, state, reaction);
    } else if (procedure == "fire-minus-one-and-melee") {
        artilleryFires(step, state, FireCircumstances{true, false, false, true});
    } else if (procedure == "fire-minus-one-melee-minus-one") {
        artilleryFires(step, state, FireCircumstances{true, false, false, true});
        state.defender["reaction-minus-one"] = 1;
    } else if (procedure == "long-range-fire-melee-minus-one") {
        artilleryFires(step, state, FireCircumstances{true, false, true});
        state.defender["reaction-minus-one"] = 1;
    }
    step.ruling("ozz-reactions-end");
    return true;
}

} // namespace

std::string whyNoCharge(const Data& data, const Battle& battle, const Unit& charger, const Unit& target) {
    if (charger.eliminated() || target.eliminated()) {
        return "a unit with no bases left cannot charge or be charged";
    }
    if (charger.side == target.side) {
        return target.name + " is on the same side";
    }
    if (charger.arm == Arm::Guns || charger.arm == Arm::Leader) {
        return charger.name + " may not charge (RULINGS.md, ozz-artillery-dashes, ozz-wizards)";
    }
    if (target.arm == Arm::Leader) {
        return "leaders and wizards are not targets on their own (RULINGS.md, ozz-wizards)";
    }
    if (charger.markers.count("routed") != 0) {
        return charger.name + " is routed";
    }
    if (charger.counters.count("fired") != 0 || charger.counters.count("moved") != 0) {
        return charger.name + " has already moved or fired this activation (RULINGS.md, ozz-one-activation)";
    }
    if (!meleeOpponents(battle, charger.id).empty()) {
        return charger.name + " is locked in melee";
    }
    if (!inFrontArc(charger, target)) {
        return target.name + " is not in " + charger.name + "'s front arc";
    }
    if (!hasLineOfSight(battle, charger.centre(), target.centre())) {
        return charger.name + " cannot see " + target.name;
    }
    if (std::string why = infantryContactRefusal(charger, target); !why.empty()) {
        return why;
    }
    const AllowancePlan plan = allowancePlan(data, charger, MoveKind::Charge);
    if (!plan.refusal.empty()) {
        return plan.refusal;
    }
    return {};
}

void resolveCharge(Step& step, const std::string& chargerId, const std::string& targetId, ChargeKind kind) {
    step.ruling("ozz-charge-sequence");
    if (kind == ChargeKind::Ordered) {
        step.emit(event::CounterSet{chargerId, "charged", 1.0});
        step.emit(event::CounterSet{chargerId, "moved", 1.0});
    }
    ChargeState state;
    state.charger = chargerId;
    state.target = targetId;
    state.reaction = kind == ChargeKind::Reaction;
    state.allowance = rollAllowance(step, chargerId, MoveKind::Charge);
    const ApproachPlan reach = planApproach(step.data, step.battle, step.unit(chargerId), step.unit(targetId), 0);
    if (!reach.refusal.empty() || measure::exceeds(reach.cost, state.allowance)) {
        step.outcome("Contact needs " + inches(reach.cost) + " of allowance", step.data.ruling("ozz-charge-sequence").interprets);
        fallShort(step, state);
        return;
    }
    const Unit& target = step.unit(targetId);
    TestSituation situation;
    situation.chart = "tests-of-resolve";
    situation.row = resolveRow(target.arm);
    situation.cause = chargerId;
    situation.flankOrRear = attackedFace(target, step.unit(chargerId)) != Face::Front;
    const TestOutcome outcome = runTest(step, targetId, situation);
    if (targetReacts(step, state, outcome.procedure)) {
        chargerCloses(step, state);
    }
}

void answerCharge(Step& step, const Prompt& prompt, const std::string& choice) {
    ChargeState state = ChargeState::fromJson(prompt.context);
    const std::string stage = prompt.context.at("stage").get<std::string>();
    step.outcome(prompt.question + " " + choice, prompt.citation);
    if (stage == "cavalry-choice") {
        if (choice == "move-away") {
            moveAway(step, state.target, state.charger, MoveKind::Normal);
        } else {
            counterCharge(step, state, 0);
        }
        chargerCloses(step, state);
    } else if (stage == "close-choice") {
        if (choice == "stop-and-fire") {
            stopShort(step, state, 2);
            resolveFire(step, state.charger, state.target, FireCircumstances{true});
        } else {
            state.attacker["close-minus-two"] = 1;
            closeAndFight(step, state);
        }
    }
}

void previewCharge(const Data& data, const Battle& battle, const Unit& charger, const Unit* target, Preview& preview) {
    for (const Unit& candidate : battle.units) {
        if (candidate.side == charger.side || candidate.eliminated() || candidate.arm == Arm::Leader) {
            continue;
        }
        TargetCheck check;
        check.unit = candidate.id;
        check.distance = gapInches(battle, charger, candidate);
        check.inArc = inFrontArc(charger, candidate);
        check.inSight = hasLineOfSight(battle, charger.centre(), candidate.centre());
        check.reason = whyNoCharge(data, battle, charger, candidate);
        check.eligible = check.reason.empty();
        preview.targets.push_back(check);
    }
    if (target == nullptr) {
        preview.refusal = "choose a target";
        return;
    }
    preview.refusal = whyNoCharge(data, battle, charger, *target);
    const AllowancePlan plan = allowancePlan(data, charger, MoveKind::Charge);
    if (plan.row == nullptr || !preview.refusal.empty()) {
        return;
    }
    const ApproachPlan reach = planApproach(data, battle, charger, *target, 0);
    preview.modifiers = plan.checks;
    preview.facts.push_back({"Distance", inches(gapInches(battle, charger, *target))});
    preview.facts.push_back({"Cost to contact", inches(reach.cost)});
    preview.facts.push_back({"Impetus", reach.impetus ? "yes: the last 4\" are open and level" : "no"});
    preview.facts.push_back({"Attacking", toString(attackedFace(*target, charger))});
    preview.pathCost = reach.cost;
    preview.odds.push_back(allowanceOdds(plan));
    const Probability reaches = chanceToCover(plan, reach.cost);
    preview.odds.push_back(Odds{"Reaching " + target->name, {{"reaches", reaches}, {"falls short", 1 - reaches}}, {}});
    // Said in words where no roll reaches: the player should not have to read it off a bar.
    if (toDouble(reaches) == 0) {
        preview.facts.push_back({"Contact", "cannot be made: no roll of the charge move covers " + inches(reach.cost) +
                                                "; the charger would move its full allowance toward " + target->name +
                                                " and stop, Disordered (ozz-charge-sequence)"});
    } else {
        preview.facts.push_back({"Chance of contact",
                                 toString(reaches) + " (" + std::to_string(static_cast<int>(std::lround(toDouble(reaches) * 100))) + "%)"});
    }
    TestSituation resolve;
    resolve.chart = "tests-of-resolve";
    resolve.row = resolveRow(target->arm);
    resolve.cause = charger.id;
    resolve.flankOrRear = attackedFace(*target, charger) != Face::Front;
    preview.odds.push_back(testOdds(data, battle, *target, resolve));
    TestSituation close;
    close.chart = "tests-of-elan";
    close.row = 1;
    close.cause = target->id;
    Odds closing = testOdds(data, battle, charger, close);
    closing.title += target->arm == Arm::Guns ? " (before any close-range artillery fire)" : "";
    preview.odds.push_back(closing);
    const MeleePlan melee = planMelee(data, battle, charger, *target, true, reach.impetus, {});
    for (ModifierCheck check : melee.checks) {
        check.name = "Melee: " + check.name;
        preview.modifiers.push_back(check);
    }
    kit::showRuling(preview, data, "ozz-charge-sequence");
}

std::vector<std::string> chargeableTargets(const Data& data, const Battle& battle, const Unit& charger) {
    return unitIdsWhere(battle, [&](const Unit& target) { return whyNoCharge(data, battle, charger, target).empty(); });
}

} // namespace sandtable::ozz
