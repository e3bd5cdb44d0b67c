#include "oibl_charge.h"

#include "oibl_casualties.h"
#include "oibl_fire.h"
#include "oibl_morale.h"
#include "oibl_movement.h"
#include "oibl_turn.h"
#include "sandtable/battle_geometry.h"
#include "sandtable/kit/preview.h"
#include "sandtable/kit/unit_paths.h"
#include "sandtable/measure.h"

#include <algorithm>
#include <cmath>

namespace sandtable::oibl {

namespace bg = boost::geometry;

namespace {

/// A unit's extent in a frame facing `facing`: across to the right, ahead to the front,
/// measured from `origin`.
struct Extent {
    double minAcross = 1e300, maxAcross = -1e300, minAhead = 1e300, maxAhead = -1e300;
};

Extent extentOf(const std::vector<Element>& stands, double facing, const Point& origin) {
    Extent extent;
    const Point ahead = facingVector(facing);
    const Point right = facingVector(facing + 90);
    for (const Element& stand : stands) {
        for (const Point& corner : rectangleCorners(stand.centre, stand.width, stand.depth, stand.facing)) {
            const double dx = corner.x() - origin.x();
            const double dy = corner.y() - origin.y();
            const double across = dx * right.x() + dy * right.y();
            const double along = dx * ahead.x() + dy * ahead.y();
            extent.minAcross = std::min(extent.minAcross, across);
            extent.maxAcross = std::max(extent.maxAcross, across);
            extent.minAhead = std::min(extent.minAhead, along);
            extent.maxAhead = std::max(extent.maxAhead, along);
        }
    }
    return extent;
}

Point offset(const Point& from, const Point& direction, double length) {
    return Point(from.x() + direction.x() * length, from.y() + direction.y() * length);
}

bool chargesAsInfantry(const Unit& unit) { return unit.arm == Arm::Foot && (unit.formation == "close" || unit.formation == "open"); }

/// "Attacking a defile (i.e., a river ford, bridge, gate on a fort or stockade, or redoubt
/// or other confined area)" (RULINGS.md, oibl-column-charge).
bool inDefile(const Battle& battle, const Unit& target) {
    const Point centre = target.centre();
    for (const TerrainArea& area : battle.areas) {
        if (area.type == AreaType::BuiltUp && bg::within(centre, area.outline)) {
            return true;
        }
    }
    const double twoInches = battle.table.fromUnits(2);
    for (const TerrainLine& line : battle.lines) {
        if (line.type == LineType::Bridge) {
            for (const Element& stand : target.elements) {
                if (measure::atMost(bg::distance(line.path, stand.footprint()), twoInches)) {
                    return true;
                }
            }
        }
    }
    return false;
}

std::string whoMayCharge(const Battle& battle, const Unit& charger, const Unit& target) {
    if (isOfficer(charger) || charger.arm == Arm::Guns) {
        return charger.name + " may not charge (Charge Movement: close or open order infantry, cavalry and Indians)";
    }
    if (mounted(charger) || isIndian(charger) || chargesAsInfantry(charger)) {
        return {};
    }
    if (charger.arm == Arm::Foot && charger.formation == "column") {
        return inDefile(battle, target)
                   ? std::string()
                   : "infantry in column charge only at a defile: " + target.name +
                         " stands in no fort, redoubt or built-up area and at no bridge (RULINGS.md, oibl-column-charge)";
    }
    return charger.name + " may not charge in skirmish order (\"Only Indians and cavalry may Charge while in skirmish formation\")";
}

double reachAllowed(const Data& data, const RulesetOptions& options, const Unit& charger, double bonus) {
    const Distribution rate = rateDistribution(data, options, rateOf(data, charger));
    const double roll = option(options, "charge-reach", "average-roll") ? toDouble(rate.mean()) : static_cast<double>(rate.highest());
    return roll + bonus;
}

/// How far along the charge's route the charger is 2" from its target.
double twoInchMark(const Battle& battle, const Unit& charger, const Unit& target, const ContactPlan& plan) {
    const double twoInches = battle.table.fromUnits(2);
    const double length = bg::length(plan.route);
    double low = 0;
    double high = length;
    const auto gapAt = [&](double along) {
        const Unit moved = placedAt(charger, kit::placementsAlong(charger, plan.route, along, plan.facing));
        return distanceBetween(moved, target, DistanceConvention::NearestEdges);
    };
    if (gapAt(0) <= twoInches) {
        return 0;
    }
    for (int i = 0; i < 40; ++i) {
        const double middle = (low + high) / 2;
        (gapAt(middle) > twoInches ? low : high) = middle;
    }
    return low;
}

} // namespace

ContactPlan planContact(const Data& data, const Battle& battle, const Unit& charger, const Unit& target) {
    ContactPlan plan;
    if (charger.eliminated() || target.eliminated()) {
        plan.refusal = "a unit with no stands left cannot charge or be charged";
        return plan;
    }
    const double targetFacing = commandStand(target).facing;
    const Point origin = target.centre();
    const Extent box = extentOf(target.elements, targetFacing, origin);
    const Point ahead = facingVector(targetFacing);
    const Point right = facingVector(targetFacing + 90);
    plan.face = attackedFace(target, charger);
    // The face as a line: where it starts, which way it runs, how long it is, and its outward normal.
    Point start(0, 0);
    Point along(0, 0);
    Point outward(0, 0);
    double length = 0;
    const auto at = [&](double across, double ahead_) { return offset(offset(origin, right, across), ahead, ahead_); };
    switch (plan.face) {
    case Face::Front:
        start = at(box.minAcross, box.maxAhead);
        along = right;
        length = box.maxAcross - box.minAcross;
        outward = ahead;
        break;
    case Face::Rear:
        start = at(box.minAcross, box.minAhead);
        along = right;
        length = box.maxAcross - box.minAcross;
        outward = Point(-ahead.x(), -ahead.y());
        break;
    case Face::LeftFlank:
        start = at(box.minAcross, box.minAhead);
        along = ahead;
        length = box.maxAhead - box.minAhead;
        outward = Point(-right.x(), -right.y());
        break;
    case Face::RightFlank:
        start = at(box.maxAcross, box.minAhead);
        along = ahead;
        length = box.maxAhead - box.minAhead;
        outward = right;
        break;
    }
    plan.facing = bearing(Point(0, 0), Point(-outward.x(), -outward.y()));
    const std::vector<event::Placement> turnedHere = turned(charger, plan.facing);
    const Unit facingIt = placedAt(charger, turnedHere);
    const Point centre = facingIt.centre();
    const Extent own = extentOf(facingIt.elements, plan.facing, centre);
    const Point front = offset(offset(centre, facingVector(plan.facing), own.maxAhead), facingVector(plan.facing + 90),
                               (own.minAcross + own.maxAcross) / 2);
    // Where its straight advance meets the face, kept on the face; if another unit stands
    // there already (a second charger), the nearest free place along it.
    // Its front may hang past the face's end, if half an inch of it still meets the face.
    const double spare = std::max(0.0, (own.maxAcross - own.minAcross) / 2 - battle.table.fromUnits(0.5));
    const double straight =
        std::clamp((charger.centre().x() - start.x()) * along.x() + (charger.centre().y() - start.y()) * along.y(), 0.0, length);
    const double step = battle.table.fromUnits(0.25);
    std::vector<std::string> ignored{target.id};
    Point to(0, 0);
    for (int tries = 0; tries <= static_cast<int>(2 * (length + 2 * spare) / step) + 2; ++tries) {
        const double shift = (tries % 2 == 1 ? 1 : -1) * step * ((tries + 1) / 2);
        const double t = straight + shift;
        if (t < -spare - step || t > length + spare + step) {
            continue;
        }
        const Point meets = offset(start, along, std::clamp(t, -spare, length + spare));
        to = Point(centre.x() + meets.x() - front.x(), centre.y() + meets.y() - front.y());
        const Unit there = placedAt(charger, kit::placedWithCentreAt(charger, to, plan.facing));
        if (kit::obstruction(battle, there, Path{to}, plan.facing, ignored).empty()) {
            break;
        }
    }
    plan.route.push_back(charger.centre());
    plan.route.push_back(to);
    plan.contact = kit::placedWithCentreAt(charger, to, plan.facing);
    const MoveCost cost = moveCost(data, battle, charger, plan.route, plan.facing, &target);
    plan.refusal = cost.refusal;
    plan.cost = cost.cost;
    plan.bonus = cost.bonus;
    return plan;
}

std::string whyNoCharge(const Data& data, const RulesetOptions& options, const Battle& battle, const Unit& charger, const Unit& target) {
    if (charger.eliminated() || target.eliminated()) {
        return "a unit with no stands left cannot charge or be charged";
    }
    if (charger.side == target.side) {
        return target.name + " is on the same side";
    }
    if (isOfficer(target)) {
        return "generals are not charged on their own (RULINGS.md, oibl-risk-to-generals)";
    }
    if (std::string why = whoMayCharge(battle, charger, target); !why.empty()) {
        return why;
    }
    if (routing(charger)) {
        return charger.name + " is routing";
    }
    if (charger.markers.count("wavering") != 0) {
        return charger.name + " is wavering and may not advance (RULINGS.md, oibl-wavering)";
    }
    if (charger.markers.count("reforming") != 0) {
        return charger.name + " is reforming and may not charge (RULINGS.md, oibl-reforming)";
    }
    if (counter(charger, "charge-failed") != 0) {
        return charger.name + " failed a charge test this turn";
    }
    if (counter(charger, "charging") != 0) {
        return charger.name + " has already declared a charge";
    }
    if (counter(charger, "moved") != 0 || counter(charger, "fired") != 0 || counter(charger, "formation-changed") != 0) {
        return charger.name + " has already moved or fired";
    }
    if (!hasLineOfSight(battle, charger.centre(), target.centre())) {
        return charger.name + " cannot see " + target.name;
    }
    const ContactPlan plan = planContact(data, battle, charger, target);
    if (!plan.refusal.empty()) {
        return plan.refusal;
    }
    const double reach = reachAllowed(data, options, charger, plan.bonus);
    if (measure::exceeds(plan.cost, reach)) {
        return target.name + " is out of reach: contact costs " + inches(plan.cost) + ", and the " +
               (option(options, "charge-reach", "average-roll") ? "average" : "best") + " charge move is " + inches(reach) +
               " (RULINGS.md, oibl-charge-reach)";
    }
    return {};
}

std::vector<std::string> chargeTargets(const Data& data, const RulesetOptions& options, const Battle& battle, const Unit& charger) {
    std::vector<std::string> targets;
    const double farthest = reachAllowed(data, options, charger, 6); // the charge's 3" and a road's 3"
    for (const Unit* enemy : enemiesWithin(battle, charger, farthest)) {
        if (whyNoCharge(data, options, battle, charger, *enemy).empty()) {
            targets.push_back(enemy->id);
        }
    }
    return targets;
}

bool mayDeclareCharge(const Data& data, const RulesetOptions& options, const Battle& battle, const Unit& unit) {
    if (isOfficer(unit) || unit.arm == Arm::Guns) {
        return false;
    }
    const auto enemies = enemiesWithin(battle, unit, reachAllowed(data, options, unit, 6));
    return std::any_of(enemies.begin(), enemies.end(),
                       [&](const Unit* enemy) { return whyNoCharge(data, options, battle, unit, *enemy).empty(); });
}

void offerCharge(const Data& data, const RulesetOptions& options, const Battle& battle, const Unit& unit, std::vector<Offer>& offers) {
    if (isOfficer(unit) || unit.arm == Arm::Guns) {
        return;
    }
    const auto targets = chargeTargets(data, options, battle, unit);
    if (!targets.empty()) {
        offers.push_back({.type = "charge",
                          .label = "Declare a charge",
                          .unit = unit.id,
                          .role = OrderRole::Charge,
                          .input = OrderInput::Target,
                          .targets = targets});
    }
}

void previewCharge(const Data& data, const RulesetOptions& options, const Battle& battle, const Unit& unit, const Action& action,
                   Preview& preview) {
    // Every enemy within the best charge and why it may or may not be charged, while no
    // target is chosen.
    for (const Unit& candidate : battle.units) {
        if (!action.target.empty() || candidate.side == unit.side || !fighting(candidate)) {
            continue;
        }
        if (measure::exceeds(battle.table.toUnits(gapAtLeast(unit, candidate)), reachAllowed(data, options, unit, 6))) {
            continue;
        }
        TargetCheck check;
        check.unit = candidate.id;
        check.distance = gapInches(battle, unit, candidate);
        check.inArc = inFrontArc(unit, candidate);
        check.inSight = hasLineOfSight(battle, unit.centre(), candidate.centre());
        check.reason = whyNoCharge(data, options, battle, unit, candidate);
        check.eligible = check.reason.empty();
        preview.targets.push_back(check);
    }
    const Unit* target = battle.findUnit(action.target);
    if (target == nullptr) {
        preview.refusal = action.target.empty() ? "choose a target" : "there is no unit \"" + action.target + "\"";
        return;
    }
    preview.refusal = whyNoCharge(data, options, battle, unit, *target);
    kit::showRuling(preview, data, "oibl-charge-reach");
    kit::showRuling(preview, data, "oibl-charge-sequence");
    if (!fighting(unit) || !fighting(*target)) {
        // A general alone, or a unit with no stands: refused above, and with no formation
        // or morale to show a contact and tests by.
        return;
    }
    const ContactPlan plan = planContact(data, battle, unit, *target);
    if (!plan.refusal.empty()) {
        return;
    }
    preview.facts.push_back(
        {"Contact", "at " + possessive(target->name) + " " + toString(plan.face) + ", " + inches(plan.cost) + " of movement"});
    preview.pathCost = plan.cost;
    const Distribution rate = rateDistribution(data, options, rateOf(data, unit));
    preview.facts.push_back({"Charge move", rateText(data, options, rateOf(data, unit)) + " + " + inches(plan.bonus)});
    Weight reaching = 0;
    for (std::int64_t value : rate.outcomes()) {
        if (measure::atMost(plan.cost, static_cast<double>(value) + plan.bonus)) {
            reaching += rate.weight(value);
        }
    }
    const Probability reaches = Probability(reaching) / Probability(rate.total());
    preview.odds.push_back(Odds{"Reaching " + target->name + " (if it stands)", {{"reaches", reaches}, {"falls short", 1 - reaches}}, {}});
    // The attacker's test, as it declares (Indians one quality higher).
    const MoralePlan attacker = planMorale(data, options, battle, unit, {true, {}});
    preview.modifiers = attacker.checks;
    preview.odds.push_back(moraleOdds(attacker, possessive(unit.name) + " test to charge"));
    // The defender's test as the charge comes home.
    const MoralePlan defender = planMorale(data, options, battle, *target, {false, unit.id});
    for (ModifierCheck check : defender.checks) {
        check.name = target->name + ": " + check.name;
        check.id = "defender-" + check.id;
        preview.modifiers.push_back(check);
    }
    preview.odds.push_back(moraleOdds(defender, possessive(target->name) + " test when charged"));
    if (skirmishing(*target)) {
        kit::showRuling(preview, data, "oibl-evade");
    } else {
        // Its fire at 2" if it passes, at the charger as it would stand 2" off.
        Battle closer = battle;
        const double mark = twoInchMark(battle, unit, *target, plan);
        applyEvent(closer, event::Moved{unit.id, kit::placementsAlong(unit, plan.route, mark, plan.facing)});
        const ShotPlan shot = planShot(data, options, closer, {target->id}, {}, unit.id, FireCircumstances{true});
        if (shot.refusal.empty()) {
            preview.odds.push_back(kit::oddsOf(possessive(target->name) + " fire at 2\" if it passes (casualties on " + unit.name + ")",
                                               casualtiesOf(data, options, shot)));
        } else {
            preview.facts.push_back({"Defender's fire", shot.refusal});
        }
        kit::showRuling(preview, data, "oibl-defender-fire");
    }
}

namespace {

/// Where a charge stands between its steps; a prompt carries it as JSON.
struct ChargeState {
    std::size_t index = 0;
    std::string charger;
    std::string target;
    double allowance = 0;
    double spent = 0;
    bool evaded = false;

    nlohmann::json toJson(const std::string& stage) const {
        return {{"stage", stage},         {"index", index}, {"charger", charger}, {"target", target},
                {"allowance", allowance}, {"spent", spent}, {"evaded", evaded}};
    }
    static ChargeState fromJson(const nlohmann::json& json) {
        ChargeState state;
        state.index = json.at("index").get<std::size_t>();
        state.charger = json.at("charger").get<std::string>();
        state.target = json.at("target").get<std::string>();
        state.allowance = json.at("allowance").get<double>();
        state.spent = json.at("spent").get<double>();
        state.evaded = json.value("evaded", false);
        return state;
    }
};

bool gone(const Step& step, const std::string& id) {
    const Unit* unit = step.battle.findUnit(id);
    return unit == nullptr || unit->eliminated() || routing(*unit);
}

double towardEnemy(const Unit& unit, const Unit* enemy) {
    return enemy != nullptr ? bearing(unit.centre(), enemy->centre()) : commandStand(unit).facing;
}

/// The charge has failed (RULINGS.md, oibl-charge-test-failure): a full move away, facing
/// the enemy, and no moving, firing or changing formation for the rest of the turn.
void failCharge(Step& step, const std::string& chargerId, const std::string& targetId) {
    const Unit& charger = step.unit(chargerId);
    const Unit* enemy = step.battle.findUnit(targetId);
    const double facing = towardEnemy(charger, enemy);
    const std::string name = charger.name;
    step.ruling("oibl-charge-test-failure");
    const double distance = rollRate(step, name, rateOf(step.data, charger), "full move away");
    const double went = moveStraight(step, chargerId, normaliseDegrees(facing + 180), distance, facing);
    setCounter(step, chargerId, "charge-failed", 1);
    clearCounter(step, step.unit(chargerId), "charging");
    step.outcome(name + (mounted(charger) ? " about faces and rides " : " backsteps ") + inches(went) +
                     " away, facing the enemy: it may not move, fire or change formation for the rest of the turn",
                 cite("MELEE COMBAT"));
}

/// After a failed test of the charge sequence: fail by 1, the charge fails; by 2 or more, a rout.
void afterFailedTest(Step& step, const std::string& chargerId, const std::string& targetId, MoraleResult result) {
    if (result == MoraleResult::FailedByTwo) {
        step.ruling("oibl-charge-test-failure");
        clearCounter(step, step.unit(chargerId), "charging");
        rout(step, chargerId);
    } else {
        failCharge(step, chargerId, targetId);
    }
}

/// The inches of allowance it costs to go `along` millimetres of the route.
double costTo(const Data& data, const Battle& battle, const Unit& charger, const Unit& target, const ContactPlan& plan, double along) {
    const Path cut = kit::cutPath(plan.route, along);
    if (cut.size() < 2) {
        return 0;
    }
    return moveCost(data, battle, charger, cut, plan.facing, &target).cost;
}

/// Goes as far along the route as `budget` inches pay, at most `upTo` millimetres; returns
/// the inches of allowance spent.
double advanceAlong(Step& step, ChargeState& state, const ContactPlan& plan, double upTo, double budget) {
    const Unit& charger = step.unit(state.charger);
    const Unit& target = step.unit(state.target);
    double reach = upTo;
    double cost = costTo(step.data, step.battle, charger, target, plan, upTo);
    if (measure::exceeds(cost, budget)) {
        double low = 0;
        double high = upTo;
        for (int i = 0; i < 30; ++i) {
            const double middle = (low + high) / 2;
            (measure::atMost(costTo(step.data, step.battle, charger, target, plan, middle), budget) ? low : high) = middle;
        }
        reach = low;
        cost = costTo(step.data, step.battle, charger, target, plan, reach);
    }
    const Point from = charger.centre();
    step.emit(event::Moved{state.charger, kit::placementsAlong(charger, plan.route, reach, plan.facing)});
    carryOfficers(step, state.charger, from);
    return cost;
}

/// After the defender's fire of `casualties` on the charger: "If the Attacker takes any
/// casualty from the Defender's fire, they must take another Morale Test to close"
/// (RULINGS.md, oibl-second-test). False when the charge is over.
bool testToClose(Step& step, const ChargeState& state, int casualties) {
    if (gone(step, state.charger)) {
        return false;
    }
    if (casualties == 0) {
        return true;
    }
    step.ruling("oibl-second-test");
    const std::optional<MoraleResult> closing =
        receivePanic(step, state.charger, "charge-casualty", MoraleSituation{true, {}}, false, true);
    if (closing && *closing != MoraleResult::Pass) {
        afterFailedTest(step, state.charger, state.target, *closing);
        return false;
    }
    return true;
}

/// A formed defender's test and fire (step 4 of MELEE COMBAT); false when the charge is over.
bool formedDefenderReacts(Step& step, ChargeState& state, const std::string& defenderId) {
    const std::optional<MoraleResult> result =
        receivePanic(step, defenderId, "being-charged", MoraleSituation{false, state.charger}, false, true);
    const Unit& defender = step.unit(defenderId);
    FireCircumstances fire{true, false, false};
    if (result == MoraleResult::FailedByTwo) {
        rout(step, defenderId);
        if (defenderId == state.target) {
            step.ruling("oibl-defender-routs");
            step.outcome(step.unit(state.charger).name + " drives " + defender.name + " off without a melee",
                         cite("DETERMINATION OF WINNER OF MELEE"));
            clearCounter(step, step.unit(state.charger), "charging");
            return false;
        }
        return true;
    }
    step.ruling("oibl-defender-fire");
    if (result == MoraleResult::FailedByOne) {
        const bool steady = defender.arm == Arm::Foot && step.data.qualityRank(defender.quality) <= step.data.qualityRank("regular");
        if (!steady) {
            step.outcome(defender.name + " fails by 1: it stands, but does not fire", cite("MELEE COMBAT"));
            return true;
        }
        fire.halfRoundedDown = true;
    }
    const ShotPlan shot = planShot(step.data, step.options, step.battle, {defenderId}, {}, state.charger, fire);
    if (!shot.refusal.empty()) {
        step.outcome(defender.name + " cannot fire at the charge: " + shot.refusal, cite("MELEE COMBAT"));
        return true;
    }
    return testToClose(step, state, resolveShot(step, shot, false));
}

/// Skirmishers charged (Special Rules Concerning Skirmish Order Troops 3 and 4); false when
/// the charge must wait for the skirmishers' player to choose.
bool skirmishersReact(Step& step, ChargeState& state) {
    const Unit& target = step.unit(state.target);
    const Unit& charger = step.unit(state.charger);
    step.ruling("oibl-evade");
    if (target.arm == Arm::Horse && charger.arm != Arm::Horse) {
        // "Skirmishing cavalry may automatically evade from attacking infantry."
        const std::string name = target.name;
        const double distance = rollRate(step, name, "cavalry-retreat", "evades");
        const double went = moveStraight(step, state.target, bearing(charger.centre(), target.centre()), distance,
                                         bearing(target.centre(), charger.centre()));
        receivePanic(step, state.target, "evading");
        step.outcome(name + " evades the infantry " + inches(went), cite("Special Rules Concerning Skirmish Order Troops"));
        state.evaded = true;
        return true;
    }
    const std::optional<MoraleResult> result =
        receivePanic(step, state.target, "being-charged", MoraleSituation{false, state.charger}, false, true);
    if (result != MoraleResult::Pass) {
        rout(step, state.target);
        state.evaded = true;
        return true;
    }
    const Unit& passed = step.unit(state.target);
    if (counter(passed, "fired") == 0 && counter(passed, "moved") == 0) {
        Prompt prompt;
        prompt.side = passed.side;
        prompt.unit = state.target;
        prompt.question = passed.name + ": fire half and evade half a retreat move, or make a full retreat move?";
        prompt.choices = {{"fire-and-evade", "Fire half the figures, then evade half a retreat move"},
                          {"full-retreat", "A full retreat move"}};
        prompt.citation = cite("Special Rules Concerning Skirmish Order Troops");
        prompt.context = state.toJson("evade");
        step.out.prompt = prompt;
        return false;
    }
    const std::string name = passed.name;
    const double distance = rollRate(step, name, "infantry-retreat", "evades, half a retreat move") / 2;
    const double went =
        moveStraight(step, state.target, bearing(charger.centre(), passed.centre()), distance, bearing(passed.centre(), charger.centre()));
    receivePanic(step, state.target, "evading");
    step.outcome(name + " has fired or moved: it evades " + inches(went), cite("Special Rules Concerning Skirmish Order Troops"));
    state.evaded = true;
    return true;
}

void registerMelee(Step& step, const ChargeState& state) {
    const Unit& charger = step.unit(state.charger);
    std::vector<std::string> defenders{state.target};
    for (const Unit& other : step.battle.units) {
        if (other.side != charger.side && fighting(other) && other.id != state.target && inContact(charger, other)) {
            defenders.push_back(other.id);
        }
    }
    nlohmann::json melees = step.battle.session.value("melees", nlohmann::json::array());
    for (auto& melee : melees) {
        const auto& theirs = melee["defenders"];
        if (std::find(theirs.begin(), theirs.end(), state.target) == theirs.end()) {
            continue;
        }
        const Unit* first = step.battle.findUnit(melee["attackers"].front().get<std::string>());
        if (first != nullptr && first->quality == charger.quality) {
            melee["attackers"].push_back(state.charger); // "must combine their attack if the same Morale Quality"
            step.emit(event::SessionSet{"melees", melees});
            return;
        }
    }
    melees.push_back({{"attackers", {state.charger}}, {"defenders", defenders}});
    step.emit(event::SessionSet{"melees", melees});
}

/// The last of the charge: any other enemy within 2" tests and may fire, then contact.
void closeIn(Step& step, ChargeState& state) {
    if (gone(step, state.charger)) {
        return;
    }
    if (gone(step, state.target)) {
        step.outcome(possessive(step.unit(state.charger).name) + " target is gone: the charge ends", cite("MELEE COMBAT"));
        clearCounter(step, step.unit(state.charger), "charging");
        return;
    }
    const Unit& charger = step.unit(state.charger);
    const Unit& target = step.unit(state.target);
    const ContactPlan plan = planContact(step.data, step.battle, charger, target);
    const double left = state.allowance - state.spent;
    if (!plan.refusal.empty() || measure::exceeds(plan.cost, left)) {
        const std::string name = charger.name;
        if (plan.refusal.empty()) {
            advanceAlong(step, state, plan, bg::length(plan.route), left);
        }
        clearCounter(step, step.unit(state.charger), "charging");
        if (state.evaded) {
            step.outcome(name + " cannot reach the evading skirmishers: the charge ends without a Panic Marker",
                         cite("Special Rules Concerning Skirmish Order Troops"));
            return;
        }
        step.outcome(name + " fails to make contact" + (plan.refusal.empty() ? "" : ": " + plan.refusal), cite("MELEE COMBAT"));
        receivePanic(step, state.charger, "charge-falls-short");
        return;
    }
    // "If they then come within Two Inches of another defending enemy unit, that enemy
    // unit follows #4 above" (RULINGS.md, oibl-charge-sequence).
    const Unit there = placedAt(charger, plan.contact);
    std::vector<std::string> others;
    for (const Unit& other : step.battle.units) {
        if (other.side != charger.side && fighting(other) && other.id != state.target && !routing(other) && !skirmishing(other) &&
            measure::atMost(gapInches(step.battle, there, other), 2)) {
            others.push_back(other.id);
        }
    }
    for (const std::string& id : others) {
        if (!formedDefenderReacts(step, state, id) || gone(step, state.charger)) {
            return;
        }
    }
    const std::string name = step.unit(state.charger).name;
    const std::string targetName = step.unit(state.target).name;
    const ContactPlan final = planContact(step.data, step.battle, step.unit(state.charger), step.unit(state.target));
    const Point from = step.unit(state.charger).centre();
    step.emit(event::Moved{state.charger, final.contact});
    carryOfficers(step, state.charger, from);
    clearCounter(step, step.unit(state.charger), "charging");
    setCounter(step, state.charger, "in-melee", 1);
    registerMelee(step, state);
    step.outcome(name + " charges home into " + possessive(targetName) + " " + toString(final.face), cite("MELEE COMBAT"));
}

void chargeHome(Step& step, ChargeState& state) {
    if (gone(step, state.charger)) {
        return;
    }
    if (gone(step, state.target)) {
        step.outcome(step.unit(state.target).name + " is no longer there to charge: " + possessive(step.unit(state.charger).name) +
                         " charge ends",
                     cite("MELEE COMBAT"));
        clearCounter(step, step.unit(state.charger), "charging");
        return;
    }
    step.ruling("oibl-charge-sequence");
    const Unit& charger = step.unit(state.charger);
    const Unit& target = step.unit(state.target);
    const ContactPlan plan = planContact(step.data, step.battle, charger, target);
    step.ruling("oibl-road-charge-bonus");
    state.allowance = rollRate(step, charger.name, rateOf(step.data, charger), "charge move") + plan.bonus;
    step.outcome(charger.name + " may charge " + inches(state.allowance) + " (with the 3\" of charge movement" +
                     (plan.bonus > step.data.rate("charge").fixed ? " and the road's 3\")" : ")"),
                 cite("Charge Movement"));
    if (!plan.refusal.empty()) {
        step.outcome(charger.name + " cannot reach " + target.name + ": " + plan.refusal, cite("MELEE COMBAT"));
        clearCounter(step, charger, "charging");
        receivePanic(step, state.charger, "charge-falls-short");
        return;
    }
    // "Moves to within Two Inches of the nearest enemy target unit."
    const double mark = twoInchMark(step.battle, charger, target, plan);
    state.spent = advanceAlong(step, state, plan, mark, state.allowance);
    const Unit& moved = step.unit(state.charger);
    if (measure::exceeds(gapInches(step.battle, moved, step.unit(state.target)), 2.05)) {
        step.outcome(moved.name + " falls short of " + step.unit(state.target).name, cite("MELEE COMBAT"));
        clearCounter(step, moved, "charging");
        receivePanic(step, state.charger, "charge-falls-short");
        return;
    }
    if (skirmishing(step.unit(state.target))) {
        if (!skirmishersReact(step, state)) {
            return; // the prompt carries it on
        }
    } else if (!formedDefenderReacts(step, state, state.target)) {
        return;
    }
    closeIn(step, state);
}

nlohmann::json chargeList(const Battle& battle) { return battle.session.value("charges", nlohmann::json::array()); }

} // namespace

std::vector<std::pair<std::string, std::string>> declaredCharges(const Battle& battle) {
    std::vector<std::pair<std::string, std::string>> charges;
    for (const auto& charge : chargeList(battle)) {
        charges.push_back({charge.at("charger").get<std::string>(), charge.at("target").get<std::string>()});
    }
    return charges;
}

void resolveChargeDeclaration(Step& step, const Action& action) {
    const Unit& charger = step.unit(action.unit);
    const Unit* target = step.battle.findUnit(action.target);
    if (target == nullptr) {
        step.refuse(action.target.empty() ? "choose a target" : "there is no unit \"" + action.target + "\"");
        return;
    }
    if (const std::string why = whyNoCharge(step.data, step.options, step.battle, charger, *target); !why.empty()) {
        step.refuse(why);
        return;
    }
    step.ruling("oibl-charge-reach");
    const std::string name = charger.name;
    const std::string targetName = target->name;
    step.outcome(name + " declares a charge on " + targetName, cite("MELEE COMBAT"));
    const std::optional<MoraleResult> result = receivePanic(step, action.unit, "attempting-charge", MoraleSituation{true, {}}, false, true);
    if (result && *result != MoraleResult::Pass) {
        afterFailedTest(step, action.unit, action.target, *result);
        return;
    }
    setCounter(step, action.unit, "charging", 1);
    nlohmann::json charges = chargeList(step.battle);
    charges.push_back({{"charger", action.unit}, {"target", action.target}});
    step.emit(event::SessionSet{"charges", charges});
    step.outcome(name + " passes: it will charge " + targetName + " at step 3", cite("MELEE COMBAT"));
}

bool chargeMoves(Step& step, std::size_t from) {
    const auto charges = declaredCharges(step.battle);
    for (std::size_t i = from; i < charges.size(); ++i) {
        ChargeState state;
        state.index = i;
        state.charger = charges[i].first;
        state.target = charges[i].second;
        chargeHome(step, state);
        if (step.out.prompt) {
            return false;
        }
    }
    step.emit(event::SessionSet{"charges", nlohmann::json::array()});
    return true;
}

void answerCharge(Step& step, const Prompt& prompt, const Action& answer) {
    ChargeState state = ChargeState::fromJson(prompt.context);
    step.outcome(prompt.question + " " + answer.choice, prompt.citation);
    const Unit& target = step.unit(state.target);
    const Unit& charger = step.unit(state.charger);
    const std::string name = target.name;
    const double away = bearing(charger.centre(), target.centre());
    const double facing = bearing(target.centre(), charger.centre());
    if (answer.choice == "fire-and-evade") {
        const ShotPlan shot =
            planShot(step.data, step.options, step.battle, {state.target}, {}, state.charger, FireCircumstances{true, false, true});
        if (shot.refusal.empty()) {
            if (!testToClose(step, state, resolveShot(step, shot, false))) {
                state.charger.clear(); // the charge is over
            }
        } else {
            step.outcome(name + " cannot fire: " + shot.refusal, prompt.citation);
        }
        const double distance = rollRate(step, name, "infantry-retreat", "evades, half a retreat move") / 2;
        const double went = moveStraight(step, state.target, away, distance, facing);
        step.outcome(name + " evades " + inches(went), prompt.citation);
    } else {
        const double distance = rollRate(step, name, "infantry-retreat", "a full retreat move");
        const double went = moveStraight(step, state.target, away, distance, facing);
        step.outcome(name + " makes a full retreat move of " + inches(went), prompt.citation);
    }
    receivePanic(step, state.target, "evading");
    state.evaded = true;
    if (!state.charger.empty()) {
        closeIn(step, state);
    }
    if (chargeMoves(step, state.index + 1)) {
        advanceSteps(step, 3);
    }
}

} // namespace sandtable::oibl
