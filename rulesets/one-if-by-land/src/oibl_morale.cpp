#include "oibl_morale.h"

#include "oibl_formations.h"
#include "oibl_movement.h"
#include "sandtable/battle_geometry.h"
#include "sandtable/kit/modifier_check.h"
#include "sandtable/measure.h"

#include <algorithm>
#include <cmath>

namespace sandtable::oibl {

namespace bg = boost::geometry;

namespace {

/// The chart-free odds of a d10 read 0 to 9: how many faces give each result.
struct Faces {
    int pass = 0;
    int byOne = 0;
    int byTwo = 0;
};

Faces facesOf(const MoralePlan& plan) {
    Faces faces;
    for (int die = 0; die <= 9; ++die) {
        const int over = die + plan.modifier - plan.moraleNumber;
        (over <= 0 ? faces.pass : over == 1 ? faces.byOne : faces.byTwo) += 1;
    }
    return faces;
}

/// Whether a friendly unit stands across the line between the two (RULINGS.md, oibl-outflanked).
bool friendBetween(const Battle& battle, const Unit& unit, const Unit& enemy) {
    Path line;
    line.push_back(unit.centre());
    line.push_back(enemy.centre());
    for (const Unit& friendUnit : battle.units) {
        if (friendUnit.side != unit.side || friendUnit.id == unit.id || !fighting(friendUnit) || routing(friendUnit)) {
            continue;
        }
        for (const Element& stand : friendUnit.elements) {
            if (bg::intersects(line, stand.footprint())) {
                return true;
            }
        }
    }
    return false;
}

/// How far an enemy threatens: its weapon's range, or its best charge.
double threatReach(const Data& data, const RulesetOptions& options, const Unit& enemy) {
    double reach = 0;
    if (const RangeBands* bands = data.tables.findRangeBands(weaponOf(data, enemy)); bands != nullptr && enemy.arm != Arm::Guns) {
        reach = bands->maximumRange();
    }
    const bool charges =
        mounted(enemy) || isIndian(enemy) || (enemy.arm == Arm::Foot && (enemy.formation == "close" || enemy.formation == "open"));
    if (charges) {
        const Distribution rate = rateDistribution(data, options, rateOf(data, enemy));
        reach = std::max(reach, static_cast<double>(rate.highest()) + data.rate("charge").fixed);
    }
    return reach;
}

std::string outflankedBy(const Data& data, const RulesetOptions& options, const Battle& battle, const Unit& unit) {
    if (skirmishing(unit) || unit.eliminated()) {
        return {};
    }
    for (const Unit& enemy : battle.units) {
        if (enemy.side == unit.side || !fighting(enemy) || routing(enemy)) {
            continue;
        }
        const Face face = attackedFace(unit, enemy);
        if (face == Face::Front) {
            continue;
        }
        const double reach = threatReach(data, options, enemy);
        if (reach <= 0 || measure::exceeds(gapAtLeast(unit, enemy), battle.table.fromUnits(reach)) ||
            measure::exceeds(gapInches(battle, unit, enemy), reach)) {
            continue;
        }
        if (friendBetween(battle, unit, enemy)) {
            continue;
        }
        return enemy.name + " on its " + toString(face) + ", " + inches(gapInches(battle, unit, enemy)) + " off";
    }
    return {};
}

/// The worst friend seen routing within 12": 2 for a higher quality, 1 for an equal one.
std::pair<int, std::string> friendRouting(const Data& data, const Battle& battle, const Unit& unit) {
    std::pair<int, std::string> worst{0, {}};
    const int own = qualityRank(data, battle, unit, false);
    for (const Unit& other : battle.units) {
        if (other.side != unit.side || other.id == unit.id || other.eliminated() || !routing(other) || !closeOrOpenOrder(other)) {
            continue;
        }
        if (measure::exceeds(gapInches(battle, unit, other), 12) || !hasLineOfSight(battle, unit.centre(), other.centre())) {
            continue;
        }
        const int theirs = data.qualityRank(other.quality);
        const int level = theirs < own ? 2 : theirs == own ? 1 : 0;
        if (level > worst.first) {
            worst = {level, other.name + " (" + qualityName(data, other) + ") routing " + inches(gapInches(battle, unit, other)) + " off"};
        }
    }
    return worst;
}

std::string chargeRelation(const Unit& unit, const Unit& charger, const std::string& id) {
    const bool cavalry = mounted(charger);
    const bool formedFoot = charger.arm == Arm::Foot && (charger.formation == "close" || charger.formation == "open");
    if (id == "open-charged-by-cavalry") {
        return cavalry && unit.arm == Arm::Foot && unit.formation == "open" ? "charged by " + charger.name : "";
    }
    if (id == "skirmish-charged-by-cavalry") {
        return cavalry && unit.arm == Arm::Foot && skirmishing(unit) ? "charged by " + charger.name : "";
    }
    if (id == "skirmish-charged-by-infantry") {
        return formedFoot && unit.arm == Arm::Foot && skirmishing(unit) ? "charged by " + charger.name : "";
    }
    if (id == "artillery-charged-by-cavalry") {
        return cavalry && unit.arm == Arm::Guns ? "charged by " + charger.name : "";
    }
    return {};
}

void add(MoralePlan& plan, const ModifierList& list, const std::string& id, int times, std::string reason) {
    plan.checks.push_back(kit::modifierCheck(list, id, times, std::move(reason)));
    if (times > 0) {
        plan.times[id] = times;
    }
}

} // namespace

MoralePlan planMorale(const Data& data, const RulesetOptions& options, const Battle& battle, const Unit& unit,
                      const MoraleSituation& situation) {
    MoralePlan plan;
    const ModifierList& list = data.modifiers("morale");
    plan.moraleNumber = moraleNumber(data, battle, unit, situation.chargeOrMelee);
    // Commanding Officer is with the unit: -X (RULINGS.md, oibl-co-bonus).
    int x = 0;
    std::string who;
    for (const Unit* officer : commandingOfficersWith(battle, unit)) {
        const int rating = option(options, "co-bonus", "fixed") ? 1 : std::max(1, officer->stats.value("command", 1));
        if (rating > x) {
            x = rating;
            who = officer->name + " is with it (X = " + std::to_string(rating) + ")";
        }
    }
    add(plan, list, "commanding-officer", x, who.empty() ? "no commanding officer with it" : who);
    const Unit* charger = situation.chargedBy.empty() ? nullptr : battle.findUnit(situation.chargedBy);
    const CoverCheck cover = coverOf(battle, unit, charger != nullptr ? charger : nearestEnemy(battle, unit));
    add(plan, list, "light-cover", cover.cover == Cover::Light ? 1 : 0, cover.cover == Cover::Light ? cover.reason : "not in light cover");
    add(plan, list, "heavy-cover", cover.cover == Cover::Heavy ? 1 : 0, cover.cover == Cover::Heavy ? cover.reason : "not in heavy cover");
    const std::string flank = outflankedBy(data, options, battle, unit);
    add(plan, list, "outflanked", flank.empty() ? 0 : 1,
        flank.empty() ? (skirmishing(unit) ? "skirmishers have no flanks or rear" : "no enemy on its flank or rear within reach") : flank);
    const auto [level, routed] = friendRouting(data, battle, unit);
    add(plan, list, "equal-friend-routing", level == 1 ? 1 : 0, level == 1 ? routed : "no formed friend of equal quality seen routing");
    add(plan, list, "higher-friend-routing", level == 2 ? 1 : 0, level == 2 ? routed : "no formed friend of higher quality seen routing");
    for (const char* id :
         {"open-charged-by-cavalry", "skirmish-charged-by-cavalry", "skirmish-charged-by-infantry", "artillery-charged-by-cavalry"}) {
        const std::string why = charger != nullptr ? chargeRelation(unit, *charger, id) : std::string();
        add(plan, list, id, why.empty() ? 0 : 1, why.empty() ? "not so charged" : why);
    }
    // Only the highest level of casualties counts, of the starting figures (RULINGS.md,
    // oibl-casualty-levels).
    const int start = startingFigures(unit);
    const int lost = start - figuresLeft(unit);
    const int share = start > 0 ? lost * 100 / start : 0;
    const std::string tally = std::to_string(lost) + " of " + std::to_string(start) + " figures lost";
    add(plan, list, "casualties-25", share >= 25 && share < 50 ? 1 : 0, tally);
    add(plan, list, "casualties-50", share >= 50 && share < 75 ? 1 : 0, tally);
    add(plan, list, "casualties-75", share >= 75 ? 1 : 0, tally);
    const ModifierApplication applied = list.apply(Fraction(0), plan.times);
    plan.modifier = static_cast<int>(boost::rational_cast<std::int64_t>(applied.exact));
    return plan;
}

Odds moraleOdds(const MoralePlan& plan, const std::string& title) {
    const Faces faces = facesOf(plan);
    return Odds{title + " (1d10 " + (plan.modifier >= 0 ? "+" : "") + std::to_string(plan.modifier) + ", at most " +
                    std::to_string(plan.moraleNumber) + ")",
                {{"passes", Probability(faces.pass, 10)},
                 {"fails by 1", Probability(faces.byOne, 10)},
                 {"fails by 2 or more", Probability(faces.byTwo, 10)}},
                {}};
}

MoraleResult testMorale(Step& step, const std::string& unitId, const MoraleSituation& situation, const std::string& why) {
    const Unit& unit = step.unit(unitId);
    const MoralePlan plan = planMorale(step.data, step.options, step.battle, unit, situation);
    const std::string name = unit.name;
    for (const ModifierCheck& check : plan.checks) {
        kit::traceCheck(step.out.trace, check);
    }
    // Indians test higher to charge or fight, and in woods (RULINGS.md, oibl-quality).
    if (isIndian(unit) && (situation.chargeOrMelee || inWoods(step.battle, unit))) {
        step.ruling("oibl-quality");
    }
    const std::int64_t die = step.roll("d10z", name + ": morale test, " + why, cite("MORALE AND MORALE TESTS"));
    const std::int64_t total = die + plan.modifier;
    const std::int64_t over = total - plan.moraleNumber;
    if (over <= 0) {
        step.outcome(name + " passes its morale test: " + std::to_string(total) + " against " + std::to_string(plan.moraleNumber),
                     cite("MORALE AND MORALE TESTS"));
        return MoraleResult::Pass;
    }
    const Chart& results = step.data.chart("morale-results");
    if (const auto looked = results.lookup(std::nullopt, over)) {
        step.out.trace.lookup(results, *looked);
    }
    step.outcome(name + " fails its morale test by " + std::to_string(over) + ": " + std::to_string(total) + " against " +
                     std::to_string(plan.moraleNumber),
                 cite("MORALE RESULTS"));
    return over == 1 ? MoraleResult::FailedByOne : MoraleResult::FailedByTwo;
}

void applyMoraleResult(Step& step, const std::string& unitId, MoraleResult result) {
    const Unit& unit = step.unit(unitId);
    if (unit.eliminated()) {
        return;
    }
    switch (result) {
    case MoraleResult::Pass:
        setMarker(step, unit, "wavering", false);
        if (option(step.options, "panic-markers", "clear-on-pass") && hasPanicMarker(unit) && !routing(unit)) {
            step.ruling("oibl-panic-markers");
            step.emit(event::MarkerChanged{unitId, "panic", false});
        }
        return;
    case MoraleResult::FailedByOne:
        step.ruling("oibl-wavering");
        setMarker(step, unit, "wavering", true);
        step.outcome(unit.name + " wavers: it may not advance, and " +
                         (step.data.qualityRank(unit.quality) <= step.data.qualityRank("regular") ? "fires half its figures (rounded up)"
                                                                                                  : "may not fire"),
                     cite("MORALE RESULTS"));
        return;
    case MoraleResult::FailedByTwo:
        rout(step, unitId);
        return;
    }
}

std::optional<MoraleResult> receivePanic(Step& step, const std::string& unitId, const std::string& trigger,
                                         const MoraleSituation& situation, bool applyResults, bool always) {
    const Unit& unit = step.unit(unitId);
    if (unit.eliminated() || isOfficer(unit)) {
        return std::nullopt;
    }
    const PanicTrigger& cause = step.data.trigger(trigger);
    if (hasPanicMarker(unit) && !always) {
        step.ruling("oibl-panic-markers");
        step.outcome(unit.name + " already carries a Panic Marker: \"" + cause.name + "\" adds none and calls for no test",
                     step.data.panicTriggersSource);
        return std::nullopt;
    }
    if (!hasPanicMarker(unit)) {
        step.emit(event::MarkerChanged{unitId, "panic", true});
        step.outcome(unit.name + " receives a Panic Marker: " + cause.name, step.data.panicTriggersSource);
    }
    if (routing(unit)) {
        return std::nullopt; // a router's test waits for its activation (RULINGS.md, oibl-routs)
    }
    const MoraleResult result = testMorale(step, unitId, situation, cause.name);
    if (applyResults) {
        applyMoraleResult(step, unitId, result);
    }
    return result;
}

std::string routRate(const Unit& unit) { return mounted(unit) ? "cavalry-rout" : "infantry-rout"; }
std::string retreatRate(const Unit& unit) { return mounted(unit) ? "cavalry-retreat" : "infantry-retreat"; }

void routMove(Step& step, const std::string& unitId) {
    const Unit& unit = step.unit(unitId);
    if (unit.eliminated()) {
        return;
    }
    step.ruling("oibl-routs");
    if (unit.arm == Arm::Guns) {
        step.outcome(unit.name + ": the crew abandon the gun, which stays where it is", cite("Rout Movement"));
        return;
    }
    const Unit* enemy = nearestEnemy(step.battle, unit);
    const double away = enemy != nullptr ? bearing(enemy->centre(), unit.centre()) : normaliseDegrees(commandStand(unit).facing + 180);
    const double distance = rollRate(step, unit.name, routRate(unit), "rout move");
    const std::string name = unit.name;
    const double went = moveStraight(step, unitId, away, distance, away, Turning::InPlace);
    if (!step.unit(unitId).eliminated()) {
        step.outcome(name + " routs " + inches(went) + " away from the enemy", cite("Rout Movement"));
    }
}

void rout(Step& step, const std::string& unitId) {
    const Unit& unit = step.unit(unitId);
    if (unit.eliminated() || routing(unit)) {
        return;
    }
    const std::string name = unit.name;
    if (closeOrOpenOrder(unit)) {
        setCounter(step, unitId, "formed-before-rout", 1);
    }
    step.emit(event::MarkerChanged{unitId, "routing", true});
    setMarker(step, step.unit(unitId), "wavering", false);
    setMarker(step, step.unit(unitId), "reforming", false);
    if (!hasPanicMarker(step.unit(unitId))) {
        step.emit(event::MarkerChanged{unitId, "panic", true});
    }
    if (step.unit(unitId).arm != Arm::Guns) {
        step.emit(event::FormationSet{unitId, "routing"});
    }
    step.outcome(name + " ROUTS, in no formation, with a Panic Marker", cite("MORALE RESULTS"));
    // Officers with it leave it.
    for (const Unit& officer : step.battle.units) {
        if (officer.attachedTo == unitId) {
            step.emit(event::Attached{officer.id, ""});
        }
    }
    // A friendly unit of equal or higher quality routing within 12" in view of a unit gives
    // it a Panic Marker (MORALE AND MORALE TESTS): seen where it routs, before it runs.
    const Unit& routed = step.unit(unitId);
    std::vector<std::string> seeing;
    for (const Unit& other : step.battle.units) {
        if (other.side != routed.side || other.id == unitId || !fighting(other) || routing(other)) {
            continue;
        }
        if (step.data.qualityRank(routed.quality) > step.data.qualityRank(other.quality)) {
            continue;
        }
        if (measure::exceeds(gapInches(step.battle, other, routed), 12) || !hasLineOfSight(step.battle, other.centre(), routed.centre())) {
            continue;
        }
        seeing.push_back(other.id);
    }
    routMove(step, unitId);
    for (const std::string& id : seeing) {
        receivePanic(step, id, "friend-routs");
    }
}

bool safeToRally(const Battle& battle, const Unit& unit) {
    if (unit.eliminated()) {
        return false;
    }
    const Point centre = unit.centre();
    for (const TerrainArea& area : battle.areas) {
        if ((area.type == AreaType::Woods || area.type == AreaType::BuiltUp) && bg::within(centre, area.outline)) {
            return true;
        }
    }
    const Unit* enemy = nearestEnemy(battle, unit);
    if (enemy == nullptr) {
        return true;
    }
    bool seen = false;
    for (const Unit& other : battle.units) {
        if (other.side != unit.side && fighting(other) && !routing(other) && hasLineOfSight(battle, other.centre(), centre)) {
            seen = true;
            break;
        }
    }
    return !seen || friendBetween(battle, unit, *enemy);
}

void panicTests(Step& step, const std::vector<std::string>& units) {
    for (const std::string& id : units) {
        const Unit* unit = step.battle.findUnit(id);
        if (unit == nullptr || unit->eliminated() || !hasPanicMarker(*unit) || isOfficer(*unit)) {
            continue;
        }
        if (routing(*unit)) {
            step.ruling("oibl-routs");
            if (!safeToRally(step.battle, *unit)) {
                step.outcome(unit->name + " is still in the open, in sight of the enemy: it takes no test and routs on at step 6",
                             cite("Rout Movement"));
                setCounter(step, id, "rout-again", 1);
                continue;
            }
            const MoraleResult result = testMorale(step, id, {}, "step 1, routing (to rally)");
            if (result != MoraleResult::Pass) {
                step.outcome(step.unit(id).name + " fails to rally: it continues to rout at step 6", cite("MORALE RESULTS"));
                setCounter(step, id, "rout-again", 1);
                continue;
            }
            const Unit& rallied = step.unit(id);
            step.ruling("oibl-reforming");
            step.emit(event::MarkerChanged{id, "routing", false});
            step.emit(event::MarkerChanged{id, "panic", false});
            clearCounter(step, rallied, "formed-before-rout");
            reformInPlace(step, id);
            step.emit(event::MarkerChanged{id, "reforming", true});
            setCounter(step, id, "reforming-through", step.battle.turn);
            setCounter(step, id, "rallied", 1);
            step.outcome(rallied.name + " rallies: it spends this turn reforming in place", cite("MORALE RESULTS"));
            continue;
        }
        const MoraleResult result = testMorale(step, id, {}, "step 1, with a Panic Marker");
        if (result == MoraleResult::Pass) {
            step.emit(event::MarkerChanged{id, "panic", false});
            setMarker(step, step.unit(id), "wavering", false);
            step.outcome(step.unit(id).name + " passes: its Panic Marker comes off", step.data.panicTriggersSource);
            continue;
        }
        applyMoraleResult(step, id, result);
    }
}

void compulsoryRouts(Step& step, const std::vector<std::string>& units) {
    for (const std::string& id : units) {
        const Unit* unit = step.battle.findUnit(id);
        if (unit == nullptr || unit->eliminated() || counter(*unit, "rout-again") == 0) {
            continue;
        }
        clearCounter(step, *unit, "rout-again");
        if (routing(*unit)) {
            routMove(step, id);
        }
    }
}

} // namespace sandtable::oibl
