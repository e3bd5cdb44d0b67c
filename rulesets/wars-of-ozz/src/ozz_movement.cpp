#include "ozz_movement.h"

#include "ozz_geometry.h"
#include "sandtable/battle_geometry.h"
#include "sandtable/kit/modifier_check.h"
#include "sandtable/measure.h"
#include "sandtable/path_walk.h"

#include <algorithm>
#include <cmath>

namespace sandtable::ozz {

namespace bg = boost::geometry;

namespace {

std::string movementRowId(const Data& data, const Unit& unit) {
    const UnitType* type = data.unitType(unit.type);
    const std::string row = type != nullptr ? type->movement : "infantry";
    if (row == "artillery") {
        return unit.formation == "unlimbered" ? "unlimbered-artillery" : "limbered-artillery";
    }
    return row;
}

ModifierCheck check(const ModifierList& list, const std::string& id, int times, std::string reason) {
    return kit::modifierCheck(list, id, times, std::move(reason));
}

} // namespace

const ModifierList& moveModifiers(const Data& data, const Unit& unit) {
    const MovementRow* row = data.movementRow(movementRowId(data, unit));
    return data.modifiers(row != nullptr ? row->modifiers : "move-infantry");
}

bool dashesForbid(const Battle& battle) {
    const auto found = battle.session.find("artilleryDashes");
    return found != battle.session.end() && found->is_string() && found->get_ref<const std::string&>() == "not-allowed";
}

std::string gunsMayNotMoveDisordered(const Battle& battle, const Unit& unit) {
    if (unit.arm == Arm::Guns && unit.markers.count("disordered") != 0 && dashesForbid(battle)) {
        return unit.name + " is Disordered, and disordered artillery may not move (RULINGS.md, ozz-artillery-dashes, option not-allowed)";
    }
    return {};
}

AllowancePlan allowancePlan(const Data& data, const Unit& unit, MoveKind kind) {
    AllowancePlan plan;
    plan.row = data.movementRow(movementRowId(data, unit));
    if (plan.row == nullptr) {
        plan.refusal = unit.name + " has no row in Base Movement";
        return plan;
    }
    plan.modifiers = &data.modifiers(plan.row->modifiers);
    const ModifierList& list = *plan.modifiers;
    auto consider = [&](const std::string& id, bool applies, const std::string& reason) {
        if (list.find(id) == nullptr) {
            return false;
        }
        plan.times[id] = applies ? 1 : 0;
        plan.checks.push_back(check(list, id, applies ? 1 : 0, reason));
        return true;
    };
    const bool column = unit.formation == "column";
    consider("column", column, column ? "in column" : "not in column");
    const bool fired = unit.counters.count("fired") != 0;
    if (!consider("fire-then-move", fired && kind == MoveKind::Normal, fired ? "fired this activation" : "has not fired")) {
        if (fired && kind == MoveKind::Normal) {
            plan.refusal = unit.name + " fired this activation, and artillery may not fire then move (RULINGS.md, ozz-artillery-dashes)";
        }
    }
    const bool changed = unit.counters.count("formation-changed") != 0;
    consider("formation-change", changed, changed ? "changed formation or faced this activation" : "no formation change");
    const bool disordered = unit.markers.count("disordered") != 0;
    // Artillery's "--" in this row: whether Disordered guns may move at all is the
    // option of ozz-artillery-dashes (gunsMayNotMoveDisordered); they are never halved.
    consider("sideways-backward-disordered", disordered && kind != MoveKind::Rout, disordered ? "Disordered" : "not Disordered");
    const bool bonus = kind == MoveKind::Charge || kind == MoveKind::Rout;
    if (!consider("charging-routing", bonus,
                  kind == MoveKind::Charge ? "charging" : (kind == MoveKind::Rout ? "routing" : "neither charging nor routing")) &&
        kind == MoveKind::Charge) {
        plan.refusal = unit.name + " may not charge (RULINGS.md, ozz-artillery-dashes)";
    }
    return plan;
}

ModifierApplication applyAllowance(const AllowancePlan& plan, std::int64_t rolled) {
    const Fraction base = plan.row->half ? Fraction(rolled, 2) : Fraction(rolled + plan.row->add);
    return plan.modifiers->apply(base, plan.times);
}

double allowanceFor(const AllowancePlan& plan, std::int64_t rolled) {
    return std::max(0.0, boost::rational_cast<double>(applyAllowance(plan, rolled).exact));
}

Probability chanceToCover(const AllowancePlan& plan, double cost) {
    const Distribution rolls = plan.row->roll.distribution();
    Probability chance = 0;
    for (const std::int64_t value : rolls.outcomes()) {
        if (measure::atLeast(allowanceFor(plan, value), cost)) {
            chance += rolls.probability(value);
        }
    }
    return chance;
}

Odds allowanceOdds(const AllowancePlan& plan) {
    Odds odds;
    odds.title =
        "Movement allowance (" + plan.row->roll.text() + (plan.row->half ? ", halved" : " + " + std::to_string(plan.row->add)) + ")";
    const Distribution rolls = plan.row->roll.distribution();
    std::map<double, Probability> byAllowance;
    for (const std::int64_t value : rolls.outcomes()) {
        byAllowance[allowanceFor(plan, value)] += rolls.probability(value);
    }
    for (const auto& [allowance, probability] : byAllowance) {
        odds.lines.push_back({inches(allowance), probability});
    }
    return odds;
}

PathCost pathCost(const Data& data, const Battle& battle, const Unit& unit, const Path& path, std::optional<double> budget) {
    const ModifierList& list = moveModifiers(data, unit);
    const std::optional<double> facing = unit.elements.empty() ? std::nullopt : std::optional(unit.elements.front().facing);
    PathPrices prices = data.pathCosts().pricesFor(toString(unit.arm), &list, 0, facing);
    if (list.find("sideways-backward-disordered") == nullptr && dashesForbid(battle)) {
        prices.offFacing.impassable = true;
        prices.offFacing.why = "RULINGS.md, ozz-artillery-dashes";
    }
    const PathPrice price = pricePath(battle, unit, path, prices, budget);
    PathCost result;
    result.length = price.length;
    result.cost = price.cost;
    result.refusal = price.refusal;
    result.affordable = price.affordable;
    result.affordableCost = price.affordableCost;
    if (!result.refusal.empty()) {
        return result;
    }
    const double woods = price.lengthIn("woods");
    const double rough = price.lengthIn("rough");
    const int obstacles = price.crossings("linear-obstacle");
    result.checks.push_back(check(list, "woods", woods > 0 ? 1 : 0, inches(woods) + " through woods"));
    result.checks.push_back(check(list, "rough", rough > 0 ? 1 : 0, inches(rough) + " through rough ground"));
    if (list.find("sideways-backward-disordered") != nullptr) {
        result.checks.push_back(check(list, "sideways-backward-disordered", price.offFacingLength > 0 ? 1 : 0,
                                      inches(price.offFacingLength) + " sideways or backward"));
    }
    if (list.find("linear-obstacle") != nullptr) {
        result.checks.push_back(check(list, "linear-obstacle", obstacles, std::to_string(obstacles) + " linear obstacle(s) crossed"));
    }
    result.checks.push_back(check(list, "contour", price.contoursClimbed, std::to_string(price.contoursClimbed) + " contour(s) climbed"));
    return result;
}

} // namespace sandtable::ozz
