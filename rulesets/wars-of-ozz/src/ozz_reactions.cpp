#include "ozz_reactions.h"

#include "ozz_charge.h"
#include "ozz_fire.h"
#include "ozz_geometry.h"
#include "ozz_melee.h"
#include "ozz_tests.h"
#include "sandtable/battle_geometry.h"
#include "sandtable/measure.h"

#include <cmath>

namespace sandtable::ozz {

namespace bg = boost::geometry;

namespace {

Point along(const Point& from, double facing, double millimetres) {
    const Point direction = facingVector(facing);
    return Point(from.x() + direction.x() * millimetres, from.y() + direction.y() * millimetres);
}

void loseIfOffTable(Step& step, const std::string& unitId) {
    const Unit& unit = step.unit(unitId);
    if (!unit.eliminated() && !onTable(step.battle.table, unit)) {
        step.ruling("ozz-rout");
        step.emit(rearmost(unit, static_cast<int>(unit.elements.size())));
        step.outcome(unit.name + " leaves the table and is lost");
    }
}

// Where a unit must stand to be `stopShort` millimetres from the target, moving along
// `facing` from where it is: the gap shrinks as it goes, so bisect on the distance.
double distanceToGap(const Unit& unit, const Unit& target, const std::vector<event::Placement>& start, double facing, double stopShort,
                     double limit) {
    const Point direction = facingVector(facing);
    auto gapAfter = [&](double travelled) {
        const Unit moved = placedAt(unit, shifted(start, direction.x() * travelled, direction.y() * travelled));
        return distanceBetween(moved, target, DistanceConvention::NearestEdges);
    };
    if (gapAfter(0) <= stopShort) {
        return 0;
    }
    if (gapAfter(limit) > stopShort) {
        return limit;
    }
    double low = 0, high = limit;
    for (int i = 0; i < 50; ++i) {
        const double middle = (low + high) / 2;
        (gapAfter(middle) > stopShort ? low : high) = middle;
    }
    return high;
}

bool openAndLevel(const Battle& battle, const Path& lastStretch) {
    for (const TerrainArea& area : battle.areas) {
        if (area.type != AreaType::Hill && bg::intersects(lastStretch, area.outline)) {
            return false;
        }
    }
    for (const TerrainLine& line : battle.lines) {
        if (line.type != LineType::Road && bg::intersects(lastStretch, line.path)) {
            return false;
        }
    }
    const int level = groundLevel(battle, lastStretch.front());
    const double length = bg::length(lastStretch);
    for (int i = 1; i <= 20; ++i) {
        const double t = length * i / 20;
        const Point direction(lastStretch.back().x() - lastStretch.front().x(), lastStretch.back().y() - lastStretch.front().y());
        const Point at(lastStretch.front().x() + direction.x() * t / length, lastStretch.front().y() + direction.y() * t / length);
        if (groundLevel(battle, at) != level) {
            return false;
        }
    }
    return true;
}

} // namespace

double rollAllowance(Step& step, const std::string& unitId, MoveKind kind) {
    const AllowancePlan plan = allowancePlan(step.data, step.unit(unitId), kind);
    const Unit& unit = step.unit(unitId);
    const auto rolled = step.roll(plan.row->roll, unit.name + ": movement (" + plan.row->name + ")", step.data.movementSource);
    const ModifierApplication applied = applyAllowance(plan, rolled);
    step.out.trace.modifiers(*plan.modifiers, applied);
    step.ruling("ozz-move-path");
    const double allowance = std::max(0.0, boost::rational_cast<double>(applied.exact));
    step.outcome(unit.name + ": allowance " + step.battle.table.formatLength(step.millimetres(allowance)), step.data.movementSource);
    return allowance;
}

void moveAlong(Step& step, const std::string& unitId, const Path& path, double facing) {
    const Unit& unit = step.unit(unitId);
    if (path.empty()) {
        return;
    }
    const Point start = unit.centre();
    const Point end = path.back();
    auto placements = turned(unit, facing);
    placements = shifted(placements, end.x() - start.x(), end.y() - start.y());
    step.emit(event::Moved{unitId, placements});
    loseIfOffTable(step, unitId);
}

ApproachPlan planApproach(const Data& data, const Battle& battle, const Unit& unit, const Unit& target, double stopShort) {
    ApproachPlan plan;
    plan.facing = bearing(unit.centre(), target.centre());
    const auto start = turned(unit, plan.facing);
    const Unit facingTarget = placedAt(unit, start);
    // Moving the centre onto the target's centre certainly overlaps it, and the gap
    // shrinks steadily up to contact along that line: bisect within it.
    const double limit = bg::distance(facingTarget.centre(), target.centre());
    const double travel = distanceToGap(facingTarget, target, start, plan.facing, battle.table.fromUnits(stopShort), limit);
    plan.path.push_back(facingTarget.centre());
    plan.path.push_back(along(facingTarget.centre(), plan.facing, travel));
    const PathCost cost = pathCost(data, battle, facingTarget, plan.path);
    plan.cost = cost.cost;
    plan.refusal = cost.refusal;
    const double fourInches = battle.table.fromUnits(4);
    Path last;
    last.push_back(along(facingTarget.centre(), plan.facing, std::max(0.0, travel - fourInches)));
    last.push_back(plan.path.back());
    plan.impetus = measure::atLeast(travel, fourInches) && openAndLevel(battle, last);
    return plan;
}

Approach moveToward(Step& step, const std::string& unitId, const std::string& targetId, double allowance, double stopShort, bool face) {
    Approach approach;
    const Unit& unit = step.unit(unitId);
    const Unit& target = step.unit(targetId);
    ApproachPlan plan = planApproach(step.data, step.battle, unit, target, stopShort);
    if (!plan.refusal.empty()) {
        step.outcome(unit.name + " cannot go that way: " + plan.refusal);
        return approach;
    }
    const double facing = face ? plan.facing : unit.elements.front().facing;
    if (measure::atMost(plan.cost, allowance)) {
        approach.contact = stopShort <= 0;
        approach.impetus = plan.impetus;
        approach.travelled = step.inches(bg::length(plan.path));
        moveAlong(step, unitId, plan.path, facing);
        return approach;
    }
    // Short: as far as the allowance pays along the same line.
    const Unit facingTarget = placedAt(unit, turned(unit, plan.facing));
    const PathCost partial = pathCost(step.data, step.battle, facingTarget, plan.path, allowance);
    approach.travelled = step.inches(bg::length(partial.affordable));
    moveAlong(step, unitId, partial.affordable, facing);
    return approach;
}

void moveBackward(Step& step, const std::string& unitId, double inches) {
    const Unit& unit = step.unit(unitId);
    const double facing = unit.elements.front().facing;
    const Point start = unit.centre();
    Path path;
    path.push_back(start);
    path.push_back(along(start, facing + 180, step.millimetres(inches)));
    moveAlong(step, unitId, path, facing);
}

void faceNearestEnemy(Step& step, const std::string& unitId) {
    const Unit& unit = step.unit(unitId);
    if (const Unit* enemy = nearestEnemy(step.battle, unit)) {
        step.emit(event::Moved{unitId, turned(unit, bearing(unit.centre(), enemy->centre()))});
    }
}

void moveAway(Step& step, const std::string& unitId, const std::string& fromId, MoveKind kind) {
    const Unit& unit = step.unit(unitId);
    const Unit* from = step.battle.findUnit(fromId);
    if (unit.arm == Arm::Guns && kind == MoveKind::Rout) {
        step.ruling("ozz-artillery-dashes");
        step.outcome(unit.name + ": routed artillery does not run");
        return;
    }
    const double away = from != nullptr ? bearing(from->centre(), unit.centre()) : normaliseDegrees(unit.elements.front().facing + 180);
    step.emit(event::Moved{unitId, turned(unit, away)});
    const double allowance = rollAllowance(step, unitId, kind);
    const Unit& turnedUnit = step.unit(unitId);
    Path path;
    path.push_back(turnedUnit.centre());
    path.push_back(along(turnedUnit.centre(), away, step.millimetres(allowance)));
    const PathCost cost = pathCost(step.data, step.battle, turnedUnit, path, allowance);
    if (!cost.refusal.empty()) {
        // Blocked ground: run straight until it, as far as the open part allows.
        step.outcome(turnedUnit.name + " is blocked: " + cost.refusal);
        return;
    }
    moveAlong(step, unitId, cost.affordable, away);
}

void rout(Step& step, const std::string& unitId) {
    step.ruling("ozz-rout");
    step.emit(event::MarkerChanged{unitId, "routed", true});
    step.emit(event::MarkerChanged{unitId, "disordered", true});
    const Unit* enemy = nearestEnemy(step.battle, step.unit(unitId));
    moveAway(step, unitId, enemy != nullptr ? enemy->id : std::string(), MoveKind::Rout);
    removeFromMelee(step, unitId);
}

void carryOutFiredUpon(Step& step, const std::string& unitId, const std::string& firerId, const std::string& procedure, bool chained) {
    const auto chosen = step.options.find("reaction-tests");
    const bool oneStep = chosen == step.options.end() || chosen->second == "one-step";
    if (procedure == "charge-nearest") {
        step.ruling("ozz-toward-enemy");
        step.ruling("ozz-reactions-end");
        const Unit* enemy = nearestEnemy(step.battle, step.unit(unitId));
        if (enemy == nullptr || step.unit(unitId).arm == Arm::Guns) {
            step.outcome(step.unit(unitId).name + " has no charge to make");
            return;
        }
        const std::string enemyId = enemy->id;
        if (const std::string why = infantryContactRefusal(step.unit(unitId), *enemy); !why.empty()) {
            step.outcome(step.unit(unitId).name + " may not charge " + enemy->name + ": " + why,
                         Citation{step.data.info.sourceFile, "§ Infantry may only move into contact"});
            return;
        }
        if (oneStep) {
            // The whole charge sequence: the target's Test of Resolve, its reaction, the
            // charger's Test of Elan to close; reactions inside it call for no more tests.
            resolveCharge(step, unitId, enemyId, ChargeKind::Reaction);
            return;
        }
        const double allowance = rollAllowance(step, unitId, MoveKind::Charge);
        const Approach approach = moveToward(step, unitId, enemyId, allowance, 0, true);
        if (approach.contact) {
            fightMelee(step, unitId, enemyId, MeleeStart{approach.impetus, {}, {}, false});
        } else {
            step.emit(event::MarkerChanged{unitId, "disordered", true});
            step.outcome(step.unit(unitId).name + " charges " + step.battle.table.formatLength(step.millimetres(approach.travelled)) +
                         " and falls short");
        }
    } else if (procedure == "fire-or-advance") {
        const FirePlan plan = planFire(step.data, step.battle, step.unit(unitId), step.unit(firerId), {true});
        if (plan.refusal.empty()) {
            FireCircumstances reaction{true};
            reaction.testsTarget = oneStep && !chained;
            resolveFire(step, unitId, firerId, reaction);
            return;
        }
        step.ruling("ozz-toward-enemy");
        step.outcome(step.unit(unitId).name + " cannot fire back (" + plan.refusal + "): it advances");
        const Unit* enemy = nearestEnemy(step.battle, step.unit(unitId));
        if (enemy == nullptr || !gunsMayNotMoveDisordered(step.battle, step.unit(unitId)).empty()) {
            return;
        }
        const std::string enemyId = enemy->id;
        const double allowance = rollAllowance(step, unitId, MoveKind::Reaction);
        moveToward(step, unitId, enemyId, allowance, 1, true);
    } else if (procedure == "no-fire") {
        step.outcome(step.unit(unitId).name + " holds, and does not fire");
    } else if (procedure == "back-disordered") {
        moveBackward(step, unitId, 4);
        step.emit(event::MarkerChanged{unitId, "disordered", true});
    } else if (procedure == "rout") {
        rout(step, unitId);
    }
}

void rally(Step& step, const std::string& unitId) {
    TestSituation situation;
    situation.chart = "tests-of-elan";
    situation.row = 3;
    const Unit* enemy = nearestEnemy(step.battle, step.unit(unitId));
    situation.cause = enemy != nullptr ? enemy->id : "";
    const TestOutcome outcome = runTest(step, unitId, situation);
    const std::string& procedure = outcome.procedure;
    if (procedure == "recover-face-reform") {
        step.emit(event::MarkerChanged{unitId, "routed", false});
        step.emit(event::MarkerChanged{unitId, "disordered", false});
        faceNearestEnemy(step, unitId);
    } else if (procedure == "recover-face") {
        step.emit(event::MarkerChanged{unitId, "routed", false});
        faceNearestEnemy(step, unitId);
    } else if (procedure == "recover") {
        step.emit(event::MarkerChanged{unitId, "routed", false});
    } else if (procedure == "run-then-recover") {
        const Unit* nearest = nearestEnemy(step.battle, step.unit(unitId));
        moveAway(step, unitId, nearest != nullptr ? nearest->id : std::string(), MoveKind::Rout);
        if (!step.unit(unitId).eliminated()) {
            step.emit(event::MarkerChanged{unitId, "routed", false});
        }
    } else if (procedure == "keep-routing-lose-base") {
        const Unit* nearest = nearestEnemy(step.battle, step.unit(unitId));
        moveAway(step, unitId, nearest != nullptr ? nearest->id : std::string(), MoveKind::Rout);
        if (!step.unit(unitId).eliminated()) {
            step.emit(rearmost(step.unit(unitId), 1));
        }
    }
}

void previewRally(const Data& data, const Battle& battle, const Unit& unit, Preview& preview) {
    if (unit.markers.count("routed") == 0) {
        preview.refusal = unit.name + " is not routed";
        return;
    }
    TestSituation situation;
    situation.chart = "tests-of-elan";
    situation.row = 3;
    const Unit* enemy = nearestEnemy(battle, unit);
    situation.cause = enemy != nullptr ? enemy->id : "";
    preview.modifiers = shiftsFor(data, battle, unit, situation).checks;
    preview.odds.push_back(testOdds(data, battle, unit, situation));
}

} // namespace sandtable::ozz
