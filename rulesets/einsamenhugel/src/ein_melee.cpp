#include "ein_melee.h"

#include "ein_morale.h"
#include "ein_movement.h"
#include "ein_terrain.h"
#include "sandtable/battle_geometry.h"
#include "sandtable/kit/preview.h"
#include "sandtable/kit/unit_paths.h"
#include "sandtable/measure.h"

#include <boost/rational.hpp>
#include <cmath>
#include <tuple>

namespace sandtable::ein {

namespace bg = boost::geometry;

namespace {

using Pairs = std::vector<std::pair<std::string, std::string>>;

Pairs allMelees(const Battle& battle) {
    Pairs pairs;
    for (const auto& pair : kit::sessionEntries(battle, "melees")) {
        pairs.emplace_back(pair[0].get<std::string>(), pair[1].get<std::string>());
    }
    return pairs;
}

nlohmann::json toJson(const Pairs& pairs) {
    nlohmann::json array = nlohmann::json::array();
    for (const auto& [a, b] : pairs) {
        array.push_back(nlohmann::json::array({a, b}));
    }
    return array;
}

/// A unit's outline in its own frame: how far its bases reach forward, back, left and right
/// of its centre.
struct Extent {
    double front = 0, back = 0, left = 0, right = 0;
};

Extent extentOf(const Unit& unit) {
    Extent extent{-1e9, 1e9, 1e9, -1e9};
    const double facing = unit.elements.front().facing;
    const Point ahead = facingVector(facing);
    const Point side = facingVector(facing + 90);
    const Point centre = unit.centre();
    for (const Element& element : unit.elements) {
        for (const Point& corner : rectangleCorners(element.centre, element.width, element.depth, element.facing)) {
            const double along = (corner.x() - centre.x()) * ahead.x() + (corner.y() - centre.y()) * ahead.y();
            const double across = (corner.x() - centre.x()) * side.x() + (corner.y() - centre.y()) * side.y();
            extent.front = std::max(extent.front, along);
            extent.back = std::min(extent.back, along);
            extent.left = std::min(extent.left, across);
            extent.right = std::max(extent.right, across);
        }
    }
    return extent;
}

bool riverBetween(const Battle& battle, const Unit& a, const Unit& b) {
    const Segment line(a.centre(), b.centre());
    for (const TerrainLine& terrain : battle.lines) {
        if ((terrain.type == LineType::River || terrain.type == LineType::Stream) && bg::intersects(line, terrain.path)) {
            return true;
        }
    }
    return false;
}

} // namespace

std::vector<std::pair<std::string, std::string>> pendingMelees(const Battle& battle) {
    Pairs pending;
    const nlohmann::json fought = battle.session.value("meleesFought", nlohmann::json::array());
    for (const auto& pair : allMelees(battle)) {
        const Unit* a = battle.findUnit(pair.first);
        const Unit* b = battle.findUnit(pair.second);
        if (a == nullptr || b == nullptr || a->eliminated() || b->eliminated()) {
            continue;
        }
        if (std::find(fought.begin(), fought.end(), nlohmann::json::array({pair.first, pair.second})) == fought.end()) {
            pending.push_back(pair);
        }
    }
    return pending;
}

std::string whyNoCharge(const Data& data, const RulesetOptions& options, const Battle& battle, const Unit& charger, const Unit& target) {
    (void)options;
    if (!isFighting(charger)) {
        return charger.name + " cannot charge";
    }
    if (target.side == charger.side || !isFighting(target)) {
        return "a charge needs an enemy unit on the table (a general alone is not a target)";
    }
    const TroopClass& troops = classOf(data, charger);
    if (troops.gun || (troops.light && charger.arm == Arm::Foot)) {
        return "artillery and light infantry never charge";
    }
    if (charger.arm == Arm::Foot && target.arm == Arm::Horse) {
        return "foot may not charge horse";
    }
    if (target.arm == Arm::Guns) {
        for (const Unit& guard : battle.units) {
            if (guard.side == target.side && isFighting(guard) && classOf(data, guard).closeOrder &&
                measure::atMost(battle.table.toUnits(gapAtLeast(guard, target)), 4) && measure::atMost(gapCm(battle, guard, target), 4)) {
                return target.name + " may not be charged: " + guard.name + " (close-order foot) is within 4cm of it";
            }
        }
    }
    if (const std::string why = whyNoMove(data, battle, charger); !why.empty()) {
        return why;
    }
    if (!inFrontArc(charger, target)) {
        return target.name + " is not in front of " + charger.name;
    }
    return {};
}

ChargePlan planCharge(const Data& data, const RulesetOptions& options, const Battle& battle, const Unit& charger, const Unit& target) {
    ChargePlan plan;
    plan.refusal = whyNoCharge(data, options, battle, charger, target);
    if (!plan.refusal.empty()) {
        return plan;
    }
    plan.face = attackedFace(target, charger);
    for (const auto& [attacker, defender] : allMelees(battle)) {
        const Unit* other = battle.findUnit(attacker);
        if (defender == target.id && other != nullptr && !other->eliminated() && attackedFace(target, *other) == plan.face) {
            plan.refusal = "only one unit can contact each face of an enemy unit: " + other->name + " is on its " + toString(plan.face);
            return plan;
        }
    }
    // Out of reach before any path is costed: the gap between the nearest edges is the
    // least any charge path can cost, so a unit farther than its move cannot charge (a
    // bound from the centres first, which spares the exact measure of most enemies).
    plan.allowance = allowanceCm(data, charger);
    if (const double least = battle.table.toUnits(gapAtLeast(charger, target)); measure::exceeds(least, plan.allowance)) {
        plan.refusal = target.name + " is at least " + cm(least) + " of movement away; " + charger.name + " moves " + cm(plan.allowance);
        return plan;
    }
    if (const double gap = gapCm(battle, charger, target); measure::exceeds(gap, plan.allowance)) {
        plan.refusal = target.name + " is at least " + cm(gap) + " of movement away; " + charger.name + " moves " + cm(plan.allowance);
        return plan;
    }
    const Extent them = extentOf(target);
    const Extent us = extentOf(charger);
    const double targetFacing = target.elements.front().facing;
    const Point ahead = facingVector(targetFacing);
    const Point side = facingVector(targetFacing + 90);
    const Point centre = target.centre();
    Point middle = centre;
    Point outward = ahead;
    auto at = [&](double along, double across) {
        return Point(centre.x() + ahead.x() * along + side.x() * across, centre.y() + ahead.y() * along + side.y() * across);
    };
    switch (plan.face) {
    case Face::Front:
        middle = at(them.front, (them.left + them.right) / 2);
        outward = ahead;
        break;
    case Face::Rear:
        middle = at(them.back, (them.left + them.right) / 2);
        outward = Point(-ahead.x(), -ahead.y());
        break;
    case Face::LeftFlank:
        middle = at((them.front + them.back) / 2, them.left);
        outward = Point(-side.x(), -side.y());
        break;
    case Face::RightFlank:
        middle = at((them.front + them.back) / 2, them.right);
        outward = side;
        break;
    }
    plan.facing = bearing(Point(0, 0), Point(-outward.x(), -outward.y()));
    plan.wheel = angleBetween(charger.elements.front().facing, plan.facing);
    if (measure::exceeds(plan.wheel, 45)) {
        plan.refusal = "a charge must not wheel more than 45 degrees (this one would wheel " +
                       std::to_string(static_cast<int>(std::round(plan.wheel))) + ")";
        return plan;
    }
    // The charger's front middle meets the face's middle: its centre stands off by its
    // front reach, shifted by how far off-centre its front is.
    const Point chargerSide = facingVector(plan.facing + 90);
    const double offCentre = (us.left + us.right) / 2;
    const Point newCentre(middle.x() + outward.x() * us.front - chargerSide.x() * offCentre,
                          middle.y() + outward.y() * us.front - chargerSide.y() * offCentre);
    const Path route{charger.centre(), newCentre};
    const PathCost cost = pathCost(data, battle, charger, route, plan.allowance);
    if (!cost.refusal.empty()) {
        plan.refusal = cost.refusal;
        return plan;
    }
    const WheelCost wheel = wheelCost(data, options, charger, plan.facing);
    plan.distance = cost.cost + wheel.cost;
    if (measure::exceeds(plan.distance, plan.allowance)) {
        plan.refusal = target.name + " is " + cm(plan.distance) + " of movement away; " + charger.name + " moves " + cm(plan.allowance);
        return plan;
    }
    std::vector<std::string> passable{target.id};
    for (const Unit& other : battle.units) {
        if (other.side == charger.side && other.arm == Arm::Foot && classOf(data, other).light) {
            passable.push_back(other.id);
        }
    }
    if (const std::string blocker = kit::obstruction(battle, charger, route, plan.facing, passable); !blocker.empty()) {
        plan.refusal = battle.findUnit(blocker)->name + " is in the way";
        return plan;
    }
    plan.contact = kit::placementsAlong(charger, route, bg::length(route), plan.facing);
    return plan;
}

void resolveCharge(Step& step, const Action& action) {
    const Unit& charger = step.unit(action.unit);
    const Unit* target = step.battle.findUnit(action.target);
    if (target == nullptr) {
        step.refuse("a charge needs a target");
        return;
    }
    const ChargePlan plan = planCharge(step.data, step.options, step.battle, charger, *target);
    if (!plan.refusal.empty()) {
        step.refuse(plan.refusal);
        return;
    }
    step.ruling("ein-charge-contact");
    const std::string name = charger.name;
    const std::string targetName = target->name;
    const Point from = charger.centre();
    std::vector<event::Placement> placements = plan.contact;
    bool contact = true;
    if (measure::atLeast(plan.distance, 0.75 * plan.allowance)) {
        step.ruling("ein-variation");
        const double factor = rollVariation(step, name);
        if (factor < 1 && measure::exceeds(plan.distance, plan.allowance * factor)) {
            // Short: it covers three quarters of its move toward the enemy and halts.
            contact = false;
            const double share = plan.allowance * factor / plan.distance;
            const Point to = placedAt(charger, plan.contact).centre();
            const Path route{from, Point(from.x() + (to.x() - from.x()) * share, from.y() + (to.y() - from.y()) * share)};
            placements = kit::placementsAlong(charger, route, bg::length(route), plan.facing);
        }
    }
    step.emit(event::Moved{action.unit, placements});
    step.emit(event::CounterSet{action.unit, "acted", 1.0});
    step.emit(event::CounterSet{action.unit, "moved", 1.0});
    if (const Unit* general = attachedGeneral(step.battle, action.unit)) {
        const Point to = step.unit(action.unit).centre();
        const std::string generalId = general->id;
        step.emit(event::Moved{generalId, shifted(placementsOf(*general), to.x() - from.x(), to.y() - from.y())});
    }
    if (!contact) {
        step.outcome(name + " charges " + targetName + " but falls short", cite("The Variation"));
        return;
    }
    nlohmann::json melees = step.battle.session.value("melees", nlohmann::json::array());
    melees.push_back(nlohmann::json::array({action.unit, action.target}));
    step.emit(event::SessionSet{"melees", melees});
    step.outcome(name + " charges into the " + toString(plan.face) + " of " + targetName + " (" + cm(plan.distance) + " of " +
                     cm(plan.allowance) + ")",
                 cite("MELEES"));
}

MeleeDice meleeDice(const Data& data, const RulesetOptions& options, const Battle& battle, const Unit& unit, const Unit& enemy,
                    bool charged) {
    MeleeDice dice;
    const TroopClass& troops = classOf(data, unit);
    const TroopClass& theirs = classOf(data, enemy);
    dice.quarters = quarters(unit);
    const bool lightInCover = troops.light && inBuiltUpOrWood(battle, unit);
    if (troops.gun || (troops.light && !lightInCover) || (troops.meleeRow == 0 && !lightInCover)) {
        dice.inflictsNothing = true;
        dice.rowLabel = troops.name;
        return dice;
    }
    const Chart& chart = data.chart("melee-dice");
    const int row = lightInCover ? 4 : troops.meleeRow;
    int column = 5;
    if (theirs.closeOrder || (theirs.light && inBuiltUpOrWood(battle, enemy))) {
        column = inFiringOrder(data, enemy) && attackedFace(enemy, unit) == Face::Front ? 4 : 5;
    } else if (theirs.meleeColumn.count(enemy.formation) != 0) {
        column = theirs.meleeColumn.at(enemy.formation);
    } else if (!theirs.meleeColumn.empty()) {
        column = theirs.meleeColumn.begin()->second;
    }
    dice.rowLabel = chart.rows->bands[row - 1].label;
    dice.columnLabel = chart.columns.bands[column - 1].label;
    dice.cell = chart.cellAt(row - 1, column - 1).text;
    dice.perQuarter = std::stod(dice.cell);
    const ModifierList& extras = data.modifiers("melee-extra-dice");
    auto check = [&](const char* id, bool applies, const std::string& reason) {
        const Modifier* modifier = extras.find(id);
        // The extra dice are the list's own amounts, so that the data decides them.
        const double amount = boost::rational_cast<double>(modifier->amount);
        dice.extras.push_back({id, modifier->name, modifier->effect() + " die per 25%", applies, applies ? 1 : 0, reason,
                               modifier->source.empty() ? extras.source : modifier->source});
        if (applies) {
            dice.perQuarter += amount;
        }
    };
    const Face face = attackedFace(enemy, unit);
    check("flank-or-rear", !charged && face != Face::Front,
          !charged ? "attacking the enemy's " + toString(face) : std::string("defending"));
    const int ours = groundLevel(battle, unit.centre());
    const int theirsLevel = groundLevel(battle, enemy.centre());
    check("higher-ground", ours > theirsLevel, "contour " + std::to_string(ours) + " against " + std::to_string(theirsLevel));
    const bool town = inBuiltUp(battle, unit);
    const bool bank = riverBetween(battle, unit, enemy);
    check("defending-bank-or-town", charged && (town || bank),
          !charged ? std::string("attacking")
          : town   ? "defending a built-up area"
          : bank   ? "defending a river bank"
                   : "no river bank or built-up area");
    dice.dice = dice.perQuarter * dice.quarters;
    const bool prussianHorse = options.count("prussian-mollwitz") != 0 && options.at("prussian-mollwitz") == "on" &&
                               ofNation(unit, "prussian") && unit.arm == Arm::Horse;
    dice.hitScore = static_cast<int>(data.chart("melee-hit-scores").cellAt(0, prussianHorse ? 1 : 0).number);
    const Chart& saves = data.chart("saving-throws");
    if (inCover(battle, enemy)) {
        dice.saveScore = static_cast<int>(saves.cellAt(0, 0).number);
        dice.saveLabel = saves.columns.bands[0].label;
    } else if (cuirassed(enemy)) {
        dice.saveScore = static_cast<int>(saves.cellAt(0, 1).number);
        dice.saveLabel = saves.columns.bands[1].label;
    }
    return dice;
}

Distribution meleeHits(const MeleeDice& dice) {
    if (dice.inflictsNothing) {
        return Distribution::certain(0);
    }
    const int whole = static_cast<int>(std::floor(dice.dice + 1e-9));
    const bool half = dice.dice - whole > 0.25;
    const int hitFaces = std::clamp(7 - dice.hitScore, 0, 6);
    const int saveFaces = dice.saveScore > 0 ? std::clamp(7 - dice.saveScore, 0, 6) : 0;
    const Weight success = hitFaces * (6 - saveFaces);
    const Distribution one = Distribution::fromWeights(0, {Weight(36) - success, success});
    auto pool = [&](int count) {
        Distribution total = Distribution::certain(0);
        for (int i = 0; i < count; ++i) {
            total = total.plus(one);
        }
        return total;
    };
    if (!half) {
        return pool(whole);
    }
    return Distribution::fromWeights(0, {1, 1}).bind([&](std::int64_t extra) { return pool(whole + static_cast<int>(extra)); });
}

namespace {

/// Throws one side's dice; the hits that stand.
int throwMelee(Step& step, const Unit& unit, const Unit& enemy, const MeleeDice& dice) {
    if (dice.inflictsNothing) {
        step.outcome(unit.name + " inflicts no casualties in a melee (" + dice.rowLabel + ")", cite("MELEES"));
        return 0;
    }
    step.out.trace.add(
        TraceStep{trace::Lookup{step.data.chart("melee-dice").name, dice.rowLabel, dice.columnLabel, dice.cell, {}}, cite("MELEES")});
    for (const ModifierCheck& extra : dice.extras) {
        traceCheck(step, extra);
    }
    int whole = static_cast<int>(std::floor(dice.dice + 1e-9));
    if (dice.dice - whole > 0.25) {
        if (step.roll("1d6", "half a die: " + unit.name + " (4-6 makes it whole)", cite("MELEES")) >= 4) {
            ++whole;
        }
    }
    int hits = rollSuccesses(step, whole, dice.hitScore,
                             "melee: " + unit.name + " against " + enemy.name + " (" + std::to_string(whole) + " dice, " +
                                 std::to_string(dice.hitScore) + "-6 hits)",
                             cite("MELEES"));
    if (hits > 0 && dice.saveScore > 0) {
        hits -= rollSuccesses(step, hits, dice.saveScore,
                              "saving throws: " + enemy.name + " (" + dice.saveLabel + ", " + std::to_string(dice.saveScore) + "-6)",
                              cite("MELEES"));
    }
    step.outcome(unit.name + " inflicts " + std::to_string(hits) + " hit" + (hits == 1 ? "" : "s") + " on " + enemy.name, cite("MELEES"));
    return hits;
}

void dropMelees(Step& step, const std::string& unitId) {
    Pairs kept;
    for (const auto& pair : allMelees(step.battle)) {
        if (pair.first != unitId && pair.second != unitId) {
            kept.push_back(pair);
        }
    }
    step.emit(event::SessionSet{"melees", toJson(kept)});
}

void retreat(Step& step, const std::string& loserId, const std::string& winnerId) {
    const Unit& loser = step.unit(loserId);
    const Unit& winner = step.unit(winnerId);
    const std::string name = loser.name;
    step.ruling("ein-retreat");
    const double allowance = allowanceCm(step.data, loser);
    const double factor = rollVariation(step, name + " retreating");
    const double facing = bearing(winner.centre(), loser.centre());
    const Point away = facingVector(facing);
    const double distance = step.battle.table.fromUnits(allowance * factor);
    const Point from = loser.centre();
    const Path route{from, Point(from.x() + away.x() * distance, from.y() + away.y() * distance)};
    std::vector<std::string> passable{winnerId};
    for (const Unit& other : step.battle.units) {
        const TroopClass& troops = classOf(step.data, other);
        if (other.arm != Arm::Leader && (troops.gun || (troops.light && other.arm == Arm::Foot))) {
            passable.push_back(other.id);
        }
    }
    const std::string blocker = kit::obstruction(step.battle, loser, route, facing, passable);
    const std::vector<event::Placement> placements = kit::placementsAlong(loser, route, distance, facing);
    const bool offTable = !onTable(step.battle.table, placedAt(loser, placements));
    const PathCost ground = pathCost(step.data, step.battle, loser, route, allowance);
    if (!blocker.empty() || offTable || !ground.refusal.empty()) {
        const Unit* blocking = blocker.empty() ? nullptr : step.battle.findUnit(blocker);
        const std::string why = blocking != nullptr ? blocking->name + " obstructs its retreat"
                                : offTable          ? "its retreat would take it off the table"
                                                    : ground.refusal;
        step.ruling("ein-retreat-blocked");
        step.outcome(name + " cannot retreat: " + why, cite("MELEES"));
        applyHits(step, loserId, quarters(step.unit(loserId)), "retreat obstructed");
        dropMelees(step, loserId);
        // A friendly blocker tests, unless it is cavalry retreated into by infantry.
        if (blocking != nullptr && blocking->side == step.unit(loserId).side &&
            !(blocking->arm == Arm::Horse && step.unit(loserId).arm == Arm::Foot)) {
            testMorale(step, {blocker}, "retreated into by " + name);
        }
        return;
    }
    step.emit(event::Moved{loserId, placements});
    if (const Unit* general = attachedGeneral(step.battle, loserId)) {
        const Point to = step.unit(loserId).centre();
        const std::string generalId = general->id;
        step.emit(event::Moved{generalId, shifted(placementsOf(*general), to.x() - from.x(), to.y() - from.y())});
    }
    dropMelees(step, loserId);
    step.outcome(name + " retreats " + cm(allowance * factor) + " and ends with its back to the enemy", cite("MELEES"));
}

} // namespace

void fightMelee(Step& step, const std::string& chargerId, const std::string& chargedId) {
    nlohmann::json fought = step.battle.session.value("meleesFought", nlohmann::json::array());
    fought.push_back(nlohmann::json::array({chargerId, chargedId}));
    step.emit(event::SessionSet{"meleesFought", fought});
    const Unit& charger = step.unit(chargerId);
    const Unit& charged = step.unit(chargedId);
    // Artillery is automatically eliminated in a melee (MELEES).
    for (const Unit* unit : {&charger, &charged}) {
        if (unit->arm == Arm::Guns && !unit->eliminated()) {
            const std::string id = unit->id;
            step.outcome(unit->name + " is caught in a melee: artillery is automatically eliminated", cite("MELEES"));
            applyHits(step, id, quarters(*unit), "melee");
            dropMelees(step, id);
            return;
        }
    }
    step.ruling("ein-melee");
    const MeleeDice chargerDice = meleeDice(step.data, step.options, step.battle, charger, charged, false);
    const MeleeDice chargedDice = meleeDice(step.data, step.options, step.battle, charged, charger, true);
    const Unit chargerBefore = charger;
    const Unit chargedBefore = charged;
    const int onCharged = throwMelee(step, chargerBefore, chargedBefore, chargerDice);
    const int onCharger = throwMelee(step, chargedBefore, chargerBefore, chargedDice);
    auto fireHits = [](const Unit& unit) {
        return unit.counters.count("fire-hits") != 0 ? static_cast<int>(unit.counters.at("fire-hits")) : 0;
    };
    const int sufferedCharger = onCharger + fireHits(chargerBefore);
    const int sufferedCharged = onCharged + fireHits(chargedBefore);
    step.outcome(chargerBefore.name + " has suffered " + std::to_string(sufferedCharger) + " hit(s) this turn, " + chargedBefore.name +
                     " " + std::to_string(sufferedCharged) + ", firing included",
                 cite("MELEES"));
    applyHits(step, chargerId, onCharger, "melee");
    applyHits(step, chargedId, onCharged, "melee");
    const bool chargerGone = step.unit(chargerId).eliminated();
    const bool chargedGone = step.unit(chargedId).eliminated();
    if (chargerGone || chargedGone) {
        dropMelees(step, chargerGone ? chargerId : chargedId);
        return;
    }
    if (sufferedCharger == sufferedCharged) {
        step.outcome("a tie: another round of meleeing on the following turn", cite("MELEES"));
        return;
    }
    const std::string loser = sufferedCharger > sufferedCharged ? chargerId : chargedId;
    const std::string winner = loser == chargerId ? chargedId : chargerId;
    step.outcome(step.unit(loser).name + " loses the melee", cite("MELEES"));
    testMorale(step, {loser}, "lost a melee");
    if (!step.unit(loser).eliminated()) {
        retreat(step, loser, winner);
    } else {
        dropMelees(step, loser);
    }
}

namespace {

std::string diceText(double dice) {
    const int whole = static_cast<int>(dice + 1e-9);
    return std::to_string(whole) + (dice - whole > 0.25 ? "½" : "");
}

} // namespace

std::vector<std::string> chargeableTargets(const Data& data, const RulesetOptions& options, const Battle& battle, const Unit& charger) {
    // An enemy beyond the charger's move by the bound from the centres is one planCharge
    // refuses too: passed over before the rest of its checks and the words of its refusal
    // (the offers ask this of every enemy, every decision).
    std::vector<std::string> targets;
    for (const Unit* target : fightingEnemiesWithin(battle, charger, allowanceCm(data, charger))) {
        if (planCharge(data, options, battle, charger, *target).refusal.empty()) {
            targets.push_back(target->id);
        }
    }
    return targets;
}

std::optional<std::pair<std::string, std::string>> pendingMeleeBetween(const Battle& battle, const std::string& a, const std::string& b) {
    for (const auto& pair : pendingMelees(battle)) {
        if ((pair.first == a && pair.second == b) || (pair.first == b && pair.second == a)) {
            return pair;
        }
    }
    return std::nullopt;
}

void previewCharge(const Data& data, const RulesetOptions& options, const Battle& battle, const Unit& charger, const Unit* target,
                   Preview& preview) {
    if (target == nullptr) {
        preview.refusal = "a charge needs a target";
        return;
    }
    const ChargePlan plan = planCharge(data, options, battle, charger, *target);
    preview.refusal = plan.refusal;
    preview.allowance = plan.allowance;
    preview.pathCost = plan.distance;
    preview.facts.push_back({"Contact", toString(plan.face) + " of " + target->name});
    preview.facts.push_back({"Distance", cm(plan.distance) + " of " + cm(plan.allowance)});
    if (plan.refusal.empty() && measure::atLeast(plan.distance, 0.75 * plan.allowance)) {
        const Probability reach = measure::atMost(plan.distance, 0.75 * plan.allowance) ? Probability(1) : Probability(5, 6);
        preview.odds.push_back(Odds{"The charge reaches " + target->name, {{"contact", reach}, {"falls short", 1 - reach}}, {}});
        kit::showRuling(preview, data, "ein-variation");
    }
    kit::showRuling(preview, data, "ein-charge-contact");
}

void previewMelee(const Data& data, const RulesetOptions& options, const Battle& battle, const Unit& unit, const Unit* target,
                  Preview& preview) {
    const auto pair = target != nullptr ? pendingMeleeBetween(battle, unit.id, target->id) : std::nullopt;
    if (!pair) {
        preview.refusal = unit.name + " has no melee to fight with " + (target != nullptr ? target->name : "that unit");
        return;
    }
    const Unit& charger = *battle.findUnit(pair->first);
    const Unit& charged = *battle.findUnit(pair->second);
    for (const auto& [who, enemy, defending] : {std::tuple{&charger, &charged, false}, std::tuple{&charged, &charger, true}}) {
        const MeleeDice dice = meleeDice(data, options, battle, *who, *enemy, defending);
        preview.facts.push_back({who->name, dice.inflictsNothing
                                                ? "inflicts no casualties"
                                                : diceText(dice.dice) + " dice (" + dice.cell + " per 25%, " + percent(dice.quarters) +
                                                      "), hits on " + std::to_string(dice.hitScore) + "-6"});
        for (ModifierCheck extra : dice.extras) {
            extra.name = who->name + ": " + extra.name;
            preview.modifiers.push_back(extra);
        }
        preview.odds.push_back(kit::oddsOf(who->name + " inflicts (after saves)", meleeHits(dice)));
    }
}

} // namespace sandtable::ein
