#include "ozz_fire.h"

#include "ozz_geometry.h"
#include "ozz_reactions.h"
#include "ozz_tests.h"
#include "sandtable/battle_geometry.h"
#include "sandtable/kit/modifier_check.h"
#include "sandtable/kit/preview.h"

#include <algorithm>
#include <cmath>
#include <sstream>

namespace sandtable::ozz {

namespace {

ModifierCheck describe(const ModifierList& list, const std::string& id, int times, std::string reason) {
    return kit::modifierCheck(list, id, times, std::move(reason));
}

} // namespace

FirePlan planFire(const Data& data, const Battle& battle, const Unit& firer, const Unit& target, const FireCircumstances& circumstances) {
    FirePlan plan;
    const UnitType* type = data.unitType(firer.type);
    plan.weapon = type != nullptr && !type->weapon.empty() ? data.weapon(type->weapon) : nullptr;
    auto refuse = [&](std::string why) {
        if (plan.refusal.empty()) {
            plan.refusal = std::move(why);
        }
    };
    if (plan.weapon == nullptr) {
        refuse(firer.name + " has no firearms");
        return plan;
    }
    plan.ranges = &data.ranges(plan.weapon->ranges);
    plan.distance = gapInches(battle, firer, target);
    plan.band = plan.ranges->bandFor(plan.distance);
    if (circumstances.forceLongRange && plan.band != nullptr) {
        plan.band = &plan.ranges->bands.back();
    }
    if (firer.eliminated() || target.eliminated()) {
        refuse("a unit with no bases left cannot fire or be fired at");
    }
    if (firer.side == target.side) {
        refuse(target.name + " is on the same side");
    }
    if (target.arm == Arm::Leader) {
        refuse("leaders and wizards are not targets on their own (RULINGS.md, ozz-wizards)");
    }
    if (firer.markers.count("routed") != 0) {
        refuse(firer.name + " is routed");
    }
    if (firer.arm == Arm::Guns && firer.formation != "unlimbered") {
        refuse(firer.name + " is limbered: unlimber to fire");
    }
    if (!circumstances.reaction && firer.counters.count("fired") != 0) {
        refuse(firer.name + " has fired this activation");
    }
    if (!circumstances.turnToFace && !inFrontArc(firer, target)) {
        refuse(target.name + " is not in " + firer.name + "'s front arc (RULINGS.md, ozz-fire-arc)");
    }
    if (!hasLineOfSight(battle, firer.centre(), target.centre())) {
        refuse(firer.name + " cannot see " + target.name);
    }
    if (plan.band == nullptr) {
        refuse(target.name + " is " + inches(plan.distance) + " away, beyond " + plan.weapon->name + " range of " +
               inches(plan.ranges->maximumRange()));
    }
    const ModifierList& list = data.modifiers("marksmanship");
    const Cover cover = coverOf(battle, target);
    const Face face = attackedFace(target, firer);
    auto consider = [&](const std::string& id, bool applies, const std::string& reason) {
        plan.times[id] = applies ? 1 : 0;
        plan.checks.push_back(describe(list, id, applies ? 1 : 0, reason));
    };
    consider("light-cover", cover == Cover::Light, cover == Cover::Light ? "the target is in woods" : "not in light cover");
    consider("heavy-cover", cover == Cover::Heavy, cover == Cover::Heavy ? "the target is in a built-up area" : "not in heavy cover");
    consider("target-column", target.formation == "column",
             "the target is in " + (target.formation.empty() ? std::string("line") : target.formation));
    consider("flank-or-rear", face != Face::Front, "firing at the target's " + toString(face));
    const bool unlimberedNow = firer.counters.count("unlimbered-now") != 0;
    consider("unlimbered-this-activation", unlimberedNow, unlimberedNow ? "unlimbered this activation" : "not unlimbered this activation");
    const bool artillerists = target.arm == Arm::Guns && target.formation == "unlimbered";
    consider("at-artillerists", artillerists,
             artillerists ? "the target is unlimbered artillery" : "the target is not unlimbered artillery");
    consider("firer-disordered", firer.markers.count("disordered") != 0,
             firer.markers.count("disordered") != 0 ? "the firer is Disordered" : "the firer is in good order");
    consider("artillery-reaction", circumstances.minusOne, circumstances.minusOne ? "the reaction says Fire (-1)" : "no reaction penalty");
    const bool longRange = plan.band != nullptr && plan.band->id == "long";
    consider("long-range", longRange,
             plan.band == nullptr ? "out of range"
                                  : inches(plan.distance) + " is " + plan.band->name + " range for " + plan.weapon->name +
                                        (circumstances.forceLongRange ? " (the reaction fires at long range)" : ""));
    const auto marksmanship = firer.stats.find("marksmanship");
    const int base = marksmanship != firer.stats.end() && marksmanship->is_number_integer() ? marksmanship->get<int>() : 0;
    plan.applied = list.apply(Fraction(base), plan.times);
    plan.number = std::clamp(static_cast<int>(plan.applied.rounded.value_or(0)), 0, 10);
    plan.bases = static_cast<int>(firer.elements.size());
    plan.hits = parseOrThrow(std::to_string(std::max(plan.bases, 1)) + "d10<=" + std::to_string(plan.number));
    return plan;
}

std::vector<TargetCheck> fireTargets(const Data& data, const Battle& battle, const Unit& firer) {
    std::vector<TargetCheck> targets;
    for (const Unit& target : battle.units) {
        if (target.side == firer.side || target.eliminated() || target.arm == Arm::Leader) {
            continue;
        }
        const FirePlan plan = planFire(data, battle, firer, target, {});
        TargetCheck check;
        check.unit = target.id;
        check.distance = gapInches(battle, firer, target);
        check.band = plan.band != nullptr ? plan.band->name : "out of range";
        check.inArc = inFrontArc(firer, target);
        check.inSight = hasLineOfSight(battle, firer.centre(), target.centre());
        check.eligible = plan.refusal.empty();
        check.reason = plan.refusal;
        targets.push_back(check);
    }
    return targets;
}

int basesForHits(const RulesetOptions& options, const Unit& unit, int hits) {
    if (options.at("hits-per-base") == "2") {
        const int carried = unit.counters.count("hits") != 0 ? static_cast<int>(unit.counters.at("hits")) : 0;
        return std::min<int>((carried + hits) / 2, static_cast<int>(unit.elements.size()));
    }
    return std::min<int>(hits, static_cast<int>(unit.elements.size()));
}

int takeHits(Step& step, const std::string& unitId, int hits) {
    const Unit& unit = step.unit(unitId);
    step.ruling("ozz-base-loss");
    const int bases = basesForHits(step.options, unit, hits);
    if (step.options.at("hits-per-base") == "2") {
        const int carried = unit.counters.count("hits") != 0 ? static_cast<int>(unit.counters.at("hits")) : 0;
        step.emit(event::CounterSet{unitId, "hits", static_cast<double>((carried + hits) % 2)});
    }
    if (bases > 0) {
        step.emit(rearmost(step.unit(unitId), bases));
    }
    const Unit& after = step.unit(unitId);
    step.outcome(after.name + ": " + std::to_string(hits) + (hits == 1 ? " hit, " : " hits, ") + std::to_string(bases) +
                 (bases == 1 ? " base" : " bases") + " removed" + (after.eliminated() ? ": the unit is gone" : ""));
    return bases;
}

int resolveFire(Step& step, const std::string& firerId, const std::string& targetId, const FireCircumstances& circumstances) {
    const FirePlan plan = planFire(step.data, step.battle, step.unit(firerId), step.unit(targetId), circumstances);
    const Unit& firer = step.unit(firerId);
    if (!plan.refusal.empty()) {
        step.outcome(firer.name + " cannot fire: " + plan.refusal);
        return 0;
    }
    step.ruling("ozz-fire-arc");
    step.out.trace.modifiers(step.data.modifiers("marksmanship"), plan.applied);
    if (plan.times.at("long-range") > 0) {
        step.ruling("ozz-long-range");
    }
    step.ruling("ozz-hits");
    const Unit& target = step.unit(targetId);
    const int hits = static_cast<int>(step.roll(plan.hits,
                                                firer.name + " fires at " + target.name + " (" + plan.weapon->name + ", " +
                                                    plan.band->name + ", Marksmanship " + std::to_string(plan.number) + ")",
                                                step.data.modifiers("marksmanship").source));
    const bool closeArtillery = firer.arm == Arm::Guns && plan.band->id == "short";
    if (!circumstances.reaction) {
        step.emit(event::CounterSet{firerId, "fired", 1.0});
        const Unit& after = step.unit(firerId);
        if (after.counters.count("movement-left") != 0) {
            const double left = after.counters.at("movement-left");
            step.emit(event::CounterSet{firerId, "movement-left", after.arm == Arm::Guns ? 0.0 : left / 2});
        }
    }
    const int lost = takeHits(step, targetId, hits);
    (void)lost;
    if (circumstances.reaction) {
        // Reaction fire tests its target one step deep, or not at all (the option).
        step.ruling("ozz-reactions-end");
        if (!circumstances.testsTarget) {
            return lost;
        }
    }
    if (step.unit(targetId).eliminated()) {
        return lost;
    }
    TestSituation situation;
    situation.chart = "tests-of-resolve";
    situation.row = 1;
    situation.cause = firerId;
    situation.flankOrRear = attackedFace(step.unit(targetId), step.unit(firerId)) != Face::Front;
    situation.closeArtilleryFire = closeArtillery;
    const TestOutcome outcome = runTest(step, targetId, situation);
    // A test called for by reaction fire is the last step: what it calls for calls for no more.
    carryOutFiredUpon(step, targetId, firerId, outcome.procedure, circumstances.reaction);
    return lost;
}

void previewFire(const Data& data, const RulesetOptions& options, const Battle& battle, const Unit& firer, const Unit* target,
                 Preview& preview) {
    preview.targets = fireTargets(data, battle, firer);
    if (target == nullptr) {
        preview.refusal = "choose a target";
        return;
    }
    const FirePlan plan = planFire(data, battle, firer, *target, {});
    preview.refusal = plan.refusal;
    preview.modifiers = plan.checks;
    preview.facts.push_back({"Weapon", plan.weapon != nullptr ? plan.weapon->name : "none"});
    preview.facts.push_back({"Distance", inches(gapInches(battle, firer, *target))});
    preview.facts.push_back({"Range band", plan.band != nullptr ? plan.band->name : "out of range"});
    if (!plan.refusal.empty() || plan.weapon == nullptr) {
        return;
    }
    preview.facts.push_back({"Marksmanship", std::to_string(plan.number) + " (" + std::to_string(plan.bases) + " d10, a hit on " +
                                                 std::to_string(plan.number) + " or less)"});
    const Distribution hits = plan.hits.distribution();
    Odds hitOdds;
    hitOdds.title = "Hits on " + target->name + " (" + plan.hits.text() + ")";
    for (const std::int64_t value : hits.outcomes()) {
        const int bases = basesForHits(options, *target, static_cast<int>(value));
        hitOdds.lines.push_back(
            {std::to_string(value) + (value == 1 ? " hit" : " hits") + " (" + std::to_string(bases) + (bases == 1 ? " base)" : " bases)"),
             hits.probability(value)});
    }
    preview.odds.push_back(hitOdds);
    // The target's Test of Resolve, over every number of bases it might lose first.
    TestSituation situation;
    situation.chart = "tests-of-resolve";
    situation.row = 1;
    situation.cause = firer.id;
    situation.flankOrRear = attackedFace(*target, firer) != Face::Front;
    situation.closeArtilleryFire = firer.arm == Arm::Guns && plan.band->id == "short";
    Odds reaction;
    std::map<std::string, Probability> byResult;
    std::vector<std::string> order;
    for (const std::int64_t value : hits.outcomes()) {
        situation.extraBasesLost = basesForHits(options, *target, static_cast<int>(value));
        if (situation.extraBasesLost >= static_cast<int>(target->elements.size())) {
            byResult["(no test: the unit is gone)"] += hits.probability(value);
            continue;
        }
        const Odds test = testOdds(data, battle, *target, situation);
        reaction.title = test.title;
        for (const Odds::Line& line : test.lines) {
            if (byResult.find(line.label) == byResult.end()) {
                order.push_back(line.label);
            }
            byResult[line.label] += line.probability * hits.probability(value);
        }
    }
    for (const std::string& label : order) {
        reaction.lines.push_back({label, byResult[label]});
    }
    if (byResult.count("(no test: the unit is gone)") != 0) {
        reaction.lines.push_back({"(no test: the unit is gone)", byResult["(no test: the unit is gone)"]});
    }
    preview.odds.push_back(reaction);
    kit::showRuling(preview, data, "ozz-hits");
    kit::showRuling(preview, data, "ozz-base-loss");
}

std::vector<std::string> fireableTargets(const Data& data, const Battle& battle, const Unit& firer) {
    return unitIdsWhere(battle, [&](const Unit& target) {
        return target.side != firer.side && !target.eliminated() && target.arm != Arm::Leader &&
               planFire(data, battle, firer, target, {}).refusal.empty();
    });
}

} // namespace sandtable::ozz
