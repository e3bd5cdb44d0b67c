#include "vcc_fire.h"

#include "sandtable/battle_geometry.h"
#include "sandtable/kit/preview.h"
#include "sandtable/range_bands.h"
#include "vcc_grid.h"
#include "vcc_hits.h"
#include "vcc_melee.h"
#include "vcc_morale.h"
#include "vcc_weighing.h"

#include <algorithm>

namespace sandtable::vcc {

bool heavyWeapon(const Data& data, const Unit& unit) { return typeOf(data, unit).countsGunners; }

std::string whyNoFire(const Data& data, const Battle& battle, const Unit& unit) {
    const TroopType& type = typeOf(data, unit);
    if (type.weapons.empty()) {
        return type.name + " do not fire (vcc-who-fires)";
    }
    if (broken(unit)) {
        return unit.name + " is broken: it may not shoot until rallied";
    }
    if (inContact(battle, unit.id)) {
        return unit.name + " is in contact with the enemy";
    }
    if (counter(unit, "fired") > 0) {
        return unit.name + " has already fired this step";
    }
    if (type.noFireAfterMove && counter(unit, "moved") >= 2) {
        return unit.name + " moved in its latest movement step: " + type.name + " that move may not fire";
    }
    return {};
}

namespace {

struct Shot {
    TargetCheck check;
    std::string band; // close, medium, long
};

Shot checkTarget(const Data& data, const RulesetOptions& options, const Battle& battle, const Unit& unit, const Unit& target) {
    Shot shot;
    TargetCheck& check = shot.check;
    check.unit = target.id;
    const Box from = boxOf(battle, unit);
    const Box to = boxOf(battle, target);
    const int boxes = boxesBetween(options, from, to);
    check.distance = boxes;
    const std::string weapon = weaponOf(data, unit);
    const RangeBands* bands = data.tables.findRangeBands(weapon);
    const RangeBand* band = bands != nullptr && boxes >= 1 ? bands->bandFor(boxes) : nullptr;
    if (band != nullptr) {
        shot.band = band->id;
        check.band = band->name;
    }
    check.inArc = inSquare(unit) || inFrontArc(battle.table, from, facingOf(unit), to);
    check.inSight = hasLineOfSight(battle, battle.table.boxCentre(from), battle.table.boxCentre(to));
    const auto engaged = contactsOf(battle, target.id);
    const bool engagedWithFriends = std::any_of(engaged.begin(), engaged.end(), [&](const std::string& id) {
        const Unit* other = battle.findUnit(id);
        return other != nullptr && other->side == unit.side;
    });
    if (boxes == 0) {
        check.reason = "in the same box: that is melee, not fire";
    } else if (band == nullptr) {
        check.reason = "out of range (" + lengthText(boxes, MeasureUnit::Box) + ")";
    } else if (!check.inArc) {
        check.reason = "outside its front arc";
    } else if (!check.inSight) {
        check.reason = "out of sight";
    } else if (engagedWithFriends) {
        check.reason = "in contact with a unit of its own side";
    }
    check.eligible = check.reason.empty();
    return shot;
}

struct FireRoll {
    Weighing weighing;
    ModifierApplication applied;
    DicePool pool;
    int base = 0;
};

FireRoll weighFire(const Data& data, const RulesetOptions& options, const Battle& battle, const Unit& unit, const Unit& target,
                   const std::string& band) {
    FireRoll roll{Weighing(data.modifiers("firing")), {}, {}, fireDice(data, options, unit)};
    Weighing& w = roll.weighing;
    const bool vsMounted = mounted(data, target);
    w.weigh("vs-mounted", vsMounted, vsMounted ? "the target is mounted" : "the target is not mounted");
    w.weigh("elite", elite(unit), elite(unit) ? "an elite unit" : "not elite");
    w.weigh("raw", raw(unit), raw(unit) ? "a raw unit" : "not raw");
    w.weigh("close-range", band == "close", band == "close" ? "close range" : "not close range");
    w.weigh("long-range", band == "long", band == "long" ? "long range" : "not long range");
    const bool moved = counter(unit, "moved") > 0;
    w.weigh("firer-moved", moved, moved ? "it moved or pivoted in its latest movement step" : "it did not move");
    w.weigh("firing-prone", prone(unit), prone(unit) ? "it is prone" : "not prone");
    w.weigh("vs-prone", prone(target), prone(target) ? "the target is prone" : "the target is not prone");
    const auto [cover, area] = coverIn(battle, boxOf(battle, target));
    const std::string where = area != nullptr ? " (" + area->name + ")" : "";
    w.weigh("vs-soft-cover", cover == BoxCover::Soft,
            cover == BoxCover::Soft ? "the target is in soft cover" + where : "not in soft cover");
    w.weigh("vs-hard-cover", cover == BoxCover::Hard,
            cover == BoxCover::Hard ? "the target is in hard cover" + where : "not in hard cover");
    roll.applied = w.apply(Fraction(roll.base));
    roll.pool = poolOf(roll.applied, options);
    return roll;
}

} // namespace

std::vector<TargetCheck> fireTargets(const Data& data, const RulesetOptions& options, const Battle& battle, const Unit& unit) {
    std::vector<TargetCheck> checks;
    if (weaponOf(data, unit).empty() || weaponOf(data, unit) == "rockets") {
        return checks;
    }
    for (const Unit& target : battle.units) {
        if (target.side != unit.side && fights(data, target)) {
            checks.push_back(checkTarget(data, options, battle, unit, target).check);
        }
    }
    return checks;
}

std::vector<std::string> eligibleTargets(const Data& data, const RulesetOptions& options, const Battle& battle, const Unit& unit) {
    std::vector<std::string> ids;
    for (const TargetCheck& check : fireTargets(data, options, battle, unit)) {
        if (check.eligible) {
            ids.push_back(check.unit);
        }
    }
    return ids;
}

bool anyEligibleTarget(const Data& data, const RulesetOptions& options, const Battle& battle, const Unit& unit) {
    if (weaponOf(data, unit).empty() || weaponOf(data, unit) == "rockets") {
        return false;
    }
    return std::any_of(battle.units.begin(), battle.units.end(), [&](const Unit& target) {
        return target.side != unit.side && fights(data, target) && checkTarget(data, options, battle, unit, target).check.eligible;
    });
}

void previewFire(const Data& data, const RulesetOptions& options, const Battle& battle, const Unit& unit, const Unit* target,
                 Preview& preview) {
    preview.targets = fireTargets(data, options, battle, unit);
    kit::showRuling(preview, data, "vcc-sight");
    if (std::string why = whyNoFire(data, battle, unit); !why.empty()) {
        preview.refusal = why;
        return;
    }
    if (target == nullptr) {
        preview.refusal = "fire needs a target";
        return;
    }
    if (target->side == unit.side || !fights(data, *target)) {
        preview.refusal = target->name + " is not an enemy unit that may be shot at";
        return;
    }
    const Shot shot = checkTarget(data, options, battle, unit, *target);
    if (!shot.check.eligible) {
        preview.refusal = target->name + ": " + shot.check.reason;
        return;
    }
    kit::showRuling(preview, data, "vcc-range-bands");
    kit::showRuling(preview, data, "vcc-who-fires");
    kit::showRuling(preview, data, "vcc-half-dice");
    kit::showRuling(preview, data, "vcc-hits");
    if (counter(unit, "moved") > 0) {
        kit::showRuling(preview, data, "vcc-moved");
    }
    const FireRoll roll = weighFire(data, options, battle, unit, *target, shot.band);
    preview.modifiers = roll.weighing.checks;
    preview.facts.push_back({"Range", lengthText(shot.check.distance, MeasureUnit::Box) + ", " + shot.check.band});
    preview.facts.push_back({"Dice", std::to_string(roll.base) + " → " + roll.pool.words() + " (" + roll.pool.expression() + ")"});
    preview.odds.push_back(kit::oddsOf("Hits on " + target->name, roll.pool.hits()));
    const int row = leaderRow(shot.band);
    preview.odds.push_back(Odds{"Leader",
                                {{"a leader-hit check (a 6, or 3 on the d3)", roll.pool.anyTrigger()},
                                 {target->name + "'s leader hit", leaderHitChance(data, options, roll.pool, row)}},
                                {}});
    preview.odds.push_back(moraleOdds(moraleTest(data, battle, *target, false), target->name + "'s morale check as it stands"));
}

void resolveFire(Step& step, const Action& action) {
    const Unit& unit = step.unit(action.unit);
    const Unit* target = step.battle.findUnit(action.target);
    Preview check;
    previewFire(step.data, step.options, step.battle, unit, target, check);
    if (!check.allowed()) {
        step.refuse(check.refusal);
        return;
    }
    const Shot shot = checkTarget(step.data, step.options, step.battle, unit, *target);
    const FireRoll roll = weighFire(step.data, step.options, step.battle, unit, *target, shot.band);
    step.ruling("vcc-half-dice");
    step.out.trace.modifiers(roll.weighing.list(), roll.applied);
    const RollResult result = step.rollDetailed(kit::parseOrThrow(roll.pool.expression()), "fire", cite("Firing Procedure:"));
    setCounter(step, action.unit, "fired", 1.0);
    const std::string targetId = target->id;
    takeHits(step, targetId, static_cast<int>(result.total));
    leaderHitChecks(step, targetId, leaderChecksCalled(result, step.options), leaderRow(shot.band));
    if (!step.unit(targetId).eliminated()) {
        oweMorale(step, targetId, boxOf(step.battle, step.unit(action.unit)), false);
    }
}

} // namespace sandtable::vcc
