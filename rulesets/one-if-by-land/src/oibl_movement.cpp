#include "oibl_movement.h"

#include "oibl_formations.h"
#include "oibl_morale.h"
#include "oibl_turn.h"
#include "sandtable/battle_geometry.h"
#include "sandtable/kit/modifier_check.h"
#include "sandtable/kit/preview.h"
#include "sandtable/kit/unit_paths.h"
#include "sandtable/measure.h"
#include "sandtable/path_walk.h"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <set>

namespace sandtable::oibl {

namespace bg = boost::geometry;

std::string rateOf(const Data& data, const Unit& unit) {
    if (routing(unit)) {
        return routRate(unit);
    }
    if (isOfficer(unit) || mounted(unit)) {
        return "cavalry-and-generals"; // "Movement rates are the same for all formations"
    }
    return formationOf(data, unit).movement;
}

namespace {

bool fixedRates(const RulesetOptions& options) { return option(options, "movement-rates", "fixed"); }

/// What a movement modifier adds, in inches ("Deliberate Militia Retreat: Plus Three").
double movementBonus(const Data& data, const std::string& id) {
    const Modifier* modifier = data.modifiers("movement").find(id);
    return modifier != nullptr ? boost::rational_cast<double>(modifier->amount) : 0.0;
}

} // namespace

std::string rateText(const Data& data, const RulesetOptions& options, const std::string& rate) {
    const MovementRate& row = data.rate(rate);
    if (row.constant) {
        return inches(*row.constant);
    }
    return fixedRates(options) ? inches(row.fixed) : row.roll + "\"";
}

Distribution rateDistribution(const Data& data, const RulesetOptions& options, const std::string& rate) {
    const MovementRate& row = data.rate(rate);
    if (row.constant) {
        return Distribution::certain(static_cast<std::int64_t>(std::floor(*row.constant)));
    }
    if (fixedRates(options)) {
        return Distribution::certain(static_cast<std::int64_t>(row.fixed));
    }
    return kit::parseOrThrow(row.roll).distribution();
}

double rollRate(Step& step, const std::string& unitName, const std::string& rate, const std::string& purpose) {
    const MovementRate& row = step.data.rate(rate);
    if (row.constant) {
        return *row.constant;
    }
    if (fixedRates(step.options)) {
        step.outcome(unitName + ": " + purpose + " " + inches(row.fixed) + " (" + row.name + ", the optional fixed rate)",
                     step.data.ratesSource);
        return row.fixed;
    }
    return static_cast<double>(step.roll(row.roll, unitName + ": " + purpose + " (" + row.name + ")", step.data.ratesSource));
}

std::optional<double> allowanceOf(const Data& data, const RulesetOptions& options, const Unit& unit) {
    if (unit.counters.count("allowance") != 0) {
        return counter(unit, "allowance");
    }
    if (isOfficer(unit)) {
        const Health health = officerHealth(unit);
        if (health == Health::LightlyWounded) {
            return 10.0; // "General can only move 10 inches per turn"
        }
        if (health == Health::HeavilyWounded) {
            return std::nullopt; // 1d6, rolled
        }
    }
    const MovementRate& row = data.rate(rateOf(data, unit));
    if (row.constant) {
        return *row.constant;
    }
    if (fixedRates(options)) {
        return row.fixed;
    }
    return std::nullopt;
}

void spendShareOfMove(Step& step, const std::string& unitId, double share, const std::string& why) {
    const Unit& unit = step.unit(unitId);
    std::optional<double> allowance = allowanceOf(step.data, step.options, unit);
    if (!allowance) {
        allowance = rollRate(step, unit.name, rateOf(step.data, unit), "move");
    }
    const double left = *allowance * (1 - share);
    setCounter(step, unitId, "allowance", left);
    step.outcome(unit.name + ": " + why + " takes " + inches(*allowance * share) + " of its " + inches(*allowance) + "; " + inches(left) +
                     " left to move",
                 cite("MODIFIERS TO MOVEMENT"));
}

void carryOfficers(Step& step, const std::string& unitId, const Point& from) {
    const Unit& unit = step.unit(unitId);
    if (unit.eliminated()) {
        return;
    }
    const Point to = unit.centre();
    std::vector<std::string> officers;
    for (const Unit& officer : step.battle.units) {
        if (officer.attachedTo == unitId && !officer.eliminated()) {
            officers.push_back(officer.id);
        }
    }
    for (const std::string& id : officers) {
        const Unit& officer = step.unit(id);
        step.emit(event::Moved{id, shifted(placementsOf(officer), to.x() - from.x(), to.y() - from.y())});
    }
}

namespace {

/// The kind of mover or passed unit, as the interpenetration chart names them.
std::string interpenetrationKind(const Unit& unit) {
    if (skirmishing(unit)) {
        return unit.arm == Arm::Horse ? "skirmish-cavalry" : "skirmish-infantry";
    }
    if (unit.arm == Arm::Foot && (unit.formation == "close" || unit.formation == "open")) {
        return "formed-infantry";
    }
    return "others";
}

bool passesFreely(const Data& data, const Unit& mover, const Unit& passed) {
    const std::string kind = interpenetrationKind(mover);
    for (const Interpenetration& row : data.interpenetration) {
        if (row.mover != kind) {
            continue;
        }
        for (const std::string& free : row.passesFreely) {
            if (free == "any" || free == interpenetrationKind(passed)) {
                return true;
            }
        }
    }
    return false;
}

/// Half the frontage: how far the outer flank of a wheel is from its pivot, in inches.
double halfFrontage(const Battle& battle, const Unit& unit) {
    double widest = 0;
    for (const Element* stand : frontRank(unit)) {
        widest = std::max(widest, std::abs(placeOf(unit, *stand).across) + stand->width / 2);
    }
    return battle.table.toUnits(widest);
}

/// Moves free of the route's rules: skirmishers, limbered guns and generals "move freely
/// in any direction" (MOVEMENT; Special Rules Concerning Skirmish Order Troops).
bool movesFreely(const Unit& unit) { return skirmishing(unit) || unit.formation == "limbered" || isOfficer(unit); }

bool onRoad(const Battle& battle, const Path& route) {
    const double oneInch = battle.table.fromUnits(1);
    const double length = bg::length(route);
    const int samples = std::max(2, static_cast<int>(std::ceil(length / (oneInch / 2))));
    for (int i = 0; i <= samples; ++i) {
        const Path cut = kit::cutPath(route, length * i / samples);
        const Point at = cut.back();
        bool near = false;
        for (const TerrainLine& line : battle.lines) {
            if ((line.type == LineType::Road || line.type == LineType::Bridge) && measure::atMost(bg::distance(at, line.path), oneInch)) {
                near = true;
                break;
            }
        }
        if (!near) {
            return false;
        }
    }
    return true;
}

bool bridgeNear(const Battle& battle, const Point& at) {
    const double oneInch = battle.table.fromUnits(1);
    return std::any_of(battle.lines.begin(), battle.lines.end(), [&](const TerrainLine& line) {
        return line.type == LineType::Bridge && measure::atMost(bg::distance(at, line.path), oneInch);
    });
}

void check(MoveCost& cost, const Data& data, const std::string& id, int times, std::string reason) {
    cost.checks.push_back(kit::modifierCheck(data.modifiers("movement"), id, times, std::move(reason)));
}

/// The friends the unit would pass through going from `from` (distance along the route)
/// along one stretch, that charge the interpenetration penalty; an enemy in the way is a refusal.
std::vector<std::string> crossedOnStretch(const Data& data, const Battle& battle, const Unit& unit, const Path& route, double from,
                                          const PathStretch& stretch, double facing, const Unit* chargeTarget, std::string& blockedBy) {
    std::vector<std::string> crossed;
    const Unit there = placedAt(unit, kit::placementsAlong(unit, route, from, facing));
    Path leg;
    leg.push_back(there.centre());
    leg.push_back(
        Point(there.centre().x() + (stretch.to.x() - stretch.from.x()), there.centre().y() + (stretch.to.y() - stretch.from.y())));
    // Each unit in the way, found one after another: the first the leg runs into, then
    // the first with that one set aside, until the way is clear.
    std::vector<std::string> passed;
    if (chargeTarget != nullptr) {
        passed.push_back(chargeTarget->id);
    }
    for (std::string blocker = kit::obstruction(battle, there, leg, facing, passed); !blocker.empty();
         blocker = kit::obstruction(battle, there, leg, facing, passed)) {
        passed.push_back(blocker);
        const Unit& near = *battle.findUnit(blocker);
        if (near.side != unit.side) {
            blockedBy = near.name;
            return {};
        }
        if (!passesFreely(data, unit, near)) {
            crossed.push_back(near.name);
        }
    }
    return crossed;
}

} // namespace

MoveCost moveCost(const Data& data, const Battle& battle, const Unit& unit, const Path& route, double facing, const Unit* chargeTarget) {
    const bool charge = chargeTarget != nullptr;
    MoveCost cost;
    if (unit.eliminated()) {
        cost.refusal = unit.name + " has no stands left";
        return cost;
    }
    Path points;
    for (std::size_t i = 1; i < route.size(); ++i) {
        points.push_back(route[i]);
    }
    if (std::string problem = pathProblem(battle.table, points); !problem.empty()) {
        cost.refusal = problem;
        return cost;
    }
    const bool free = movesFreely(unit);
    const double startFacing = commandStand(unit).facing;
    const double turn = angleBetween(startFacing, facing);
    int aboutFaces = 0;
    int sideFaces = 0;
    // The turn at the start: an about face, a cavalry face, or a wheel (RULINGS.md,
    // oibl-movement-costs).
    if (!free && turn > 1) {
        if (std::abs(turn - 180) <= 1) {
            aboutFaces = 1;
            cost.turnCost = 2;
        } else if (mounted(unit) && std::abs(turn - 90) <= 1) {
            sideFaces = 1;
            cost.turnCost = 2;
            cost.endsInSkirmish = true;
        } else {
            // The outer flank walks its arc at half speed.
            cost.turnCost = 2 * halfFrontage(battle, unit) * turn * std::numbers::pi / 180;
        }
    }
    cost.length = battle.table.toUnits(bg::length(route));
    int halfSpeedStretches = 0;
    int quarterSpeedStretches = 0;
    std::set<std::string> reasons;
    std::set<const TerrainLine*> obstacles;
    double along = 0;
    const bool formedColumn = unit.formation == "column";
    for (const PathStretch& stretch : walkPath(battle, route)) {
        int conditions = 0;
        std::string why;
        for (const TerrainArea* area : stretch.areas) {
            if (area->type == AreaType::Water) {
                cost.refusal = unit.name + " cannot enter " + (area->name.empty() ? std::string("the water") : area->name) +
                               " (RULINGS.md, oibl-movement-costs)";
                return cost;
            }
            if (area->type == AreaType::Woods && !skirmishing(unit)) {
                conditions += 1;
                reasons.insert("through " + (area->name.empty() ? std::string("woods") : area->name));
                break;
            }
        }
        for (const LineCrossing& crossing : stretch.crossings) {
            const TerrainLine& line = *crossing.line;
            const bool byBridge = bridgeNear(battle, crossing.at);
            if (line.impassableTo.count(toString(unit.arm)) != 0 && !byBridge) {
                cost.refusal = unit.name + " cannot cross " + featureName(line) + " but by a bridge";
                return cost;
            }
            if (line.type == LineType::River && !byBridge) {
                cost.refusal = unit.name + " cannot cross " + featureName(line) + " but by a bridge (RULINGS.md, oibl-movement-costs)";
                return cost;
            }
            if (line.isObstacle() && !byBridge && !skirmishing(unit)) {
                obstacles.insert(&line); // each obstacle once, however often crossed
            }
        }
        if (stretch.length > 0 && !free) {
            const double off = angleBetween(stretch.heading, facing);
            if (off > 45 && (formedColumn || mounted(unit))) {
                cost.refusal = std::string(mounted(unit) ? "cavalry" : "an infantry column") +
                               " may not backstep or sidestep: face or wheel first (Wheels and Oblique Movement)";
                return cost;
            }
            if (off > 22.5) {
                conditions += 1;
                reasons.insert(off > 135 ? "backstepping" : off > 45 ? "sidestepping" : "moving obliquely");
            }
        }
        std::string blockedBy;
        const auto crossed = stretch.length > 0
                                 ? crossedOnStretch(data, battle, unit, route, along, stretch, facing, chargeTarget, blockedBy)
                                 : std::vector<std::string>{};
        if (!blockedBy.empty()) {
            cost.refusal = unit.name + " would run into " + blockedBy;
            return cost;
        }
        if (!crossed.empty()) {
            conditions += 1;
            reasons.insert("passing through " + crossed.front());
        }
        const double length = battle.table.toUnits(stretch.length);
        const double factor = conditions == 0 ? 1 : conditions == 1 ? 2 : 4;
        halfSpeedStretches += conditions == 1 && length > 0 ? 1 : 0;
        quarterSpeedStretches += conditions >= 2 && length > 0 ? 1 : 0;
        cost.cost += length * factor;
        along += stretch.length;
    }
    cost.obstacles = static_cast<int>(obstacles.size());
    cost.cost += 2.0 * cost.obstacles + cost.turnCost;
    std::string slowed;
    for (const std::string& reason : reasons) {
        slowed += (slowed.empty() ? "" : ", ") + reason;
    }
    const bool roadMover = (formedColumn && frontRank(unit).size() == 1) || unit.formation == "limbered";
    const bool road = roadMover && !route.empty() && bg::length(route) > 0 && onRoad(battle, route);
    cost.bonus = (road ? data.rate("road").fixed : 0) + (charge ? data.rate("charge").fixed : 0);
    check(cost, data, "obstacle", cost.obstacles,
          cost.obstacles > 0 ? std::to_string(cost.obstacles) + " linear obstacle(s) crossed"
                             : (skirmishing(unit) ? "skirmishers pay no terrain penalties" : "no linear obstacle crossed"));
    check(cost, data, "about-face", aboutFaces, aboutFaces > 0 ? "it about faces" : "no about face");
    check(cost, data, "side-face", sideFaces, sideFaces > 0 ? "a left or right face: it ends in skirmish order" : "no left or right face");
    check(cost, data, "half-speed", halfSpeedStretches > 0 ? 1 : 0,
          halfSpeedStretches > 0 ? slowed
          : free                 ? "it moves freely in any direction"
                                 : "nothing slows it");
    check(cost, data, "quarter-speed", quarterSpeedStretches > 0 ? 1 : 0,
          quarterSpeedStretches > 0 ? "two or more together: " + slowed : "never two conditions at once");
    check(cost, data, "road", road ? 1 : 0,
          road        ? "the whole move on the road"
          : roadMover ? "not wholly on a road"
                      : "only a one-stand-wide column or limbered guns");
    if (charge) {
        check(cost, data, "charge", 1, "a charge move");
    }
    if (!free && turn > 1 && aboutFaces == 0 && sideFaces == 0) {
        cost.checks.push_back(ModifierCheck{"wheel", "Wheel", "its outer flank's arc at 50% speed", true, 1,
                                            std::to_string(static_cast<int>(std::lround(turn))) + " degrees: " + inches(cost.turnCost),
                                            cite("Wheels and Oblique Movement")});
    }
    // Where it ends: on the table, and on no other unit.
    const Point end = route.empty() ? unit.centre() : route.back();
    const Unit there = placedAt(unit, kit::placedWithCentreAt(unit, end, facing));
    if (!onTable(battle.table, there)) {
        cost.refusal = unit.name + " would end off the table";
        return cost;
    }
    std::vector<std::string> touching;
    if (charge) {
        touching.push_back(chargeTarget->id); // a charge ends against its target
    }
    if (const std::string landing = kit::obstruction(battle, there, Path{end}, facing, touching); !landing.empty()) {
        cost.refusal = unit.name + " would end its move on " + battle.findUnit(landing)->name;
    }
    return cost;
}

double moveStraight(Step& step, const std::string& unitId, double heading, double distance, double facing, Turning turning) {
    const Unit& unit = step.unit(unitId);
    const Point from = unit.centre();
    std::vector<event::Placement> turnedPlacements = turned(unit, facing);
    if (turning == Turning::InPlace) {
        turnedPlacements = placementsOf(unit);
        for (event::Placement& placement : turnedPlacements) {
            placement.facing = facing;
        }
    }
    const Unit turnedUnit = placedAt(unit, turnedPlacements);
    const Point direction = facingVector(heading);
    const double full = step.millimetres(std::max(0.0, distance));
    const auto pathOf = [&](double length) {
        Path path;
        path.push_back(from);
        path.push_back(Point(from.x() + direction.x() * length, from.y() + direction.y() * length));
        return path;
    };
    // It breaks away from the units it touches: only what lies ahead can stop it.
    std::vector<std::string> touching;
    for (const Unit& other : step.battle.units) {
        if (other.id != unitId && !other.eliminated() && inContact(unit, other)) {
            touching.push_back(other.id);
        }
    }
    double length = full;
    if (const std::string blocker = kit::obstruction(step.battle, turnedUnit, pathOf(full), facing, touching); !blocker.empty()) {
        double low = 0;
        double high = full;
        for (int i = 0; i < 30; ++i) {
            const double middle = (low + high) / 2;
            (kit::obstruction(step.battle, turnedUnit, pathOf(middle), facing, touching).empty() ? low : high) = middle;
        }
        length = low;
        step.outcome(unit.name + " is stopped short by " + step.unit(blocker).name, cite("Rout Movement"));
    }
    const Path path = pathOf(length);
    const auto placements = shifted(turnedPlacements, direction.x() * length, direction.y() * length);
    const Unit there = placedAt(unit, placements);
    if (!onTable(step.battle.table, there)) {
        const std::string name = unit.name;
        step.emit(rearmost(unit, static_cast<int>(unit.elements.size())));
        setCounter(step, unitId, "left-table", 1);
        step.outcome(name + " leaves the table and is lost", cite("Rout Movement"));
        return step.units(length);
    }
    step.emit(event::Moved{unitId, placements});
    carryOfficers(step, unitId, from);
    return step.units(length);
}

std::string whyNoMove(const Unit& unit) {
    if (unit.eliminated()) {
        return unit.name + " has no stands left";
    }
    if (routing(unit)) {
        return unit.name + " is routing: it moves at step 6 (compulsory routs)";
    }
    if (unit.markers.count("reforming") != 0) {
        return unit.name + " is reforming in place (RULINGS.md, oibl-reforming)";
    }
    if (counter(unit, "charge-failed") != 0) {
        return unit.name + " failed its charge test: it may not move for the rest of the turn";
    }
    if (counter(unit, "charging") != 0) {
        return unit.name + " has declared a charge: it moves at step 3";
    }
    if (counter(unit, "formation-changed") != 0) {
        return unit.name + " changed formation in place: that was its whole move";
    }
    if (counter(unit, "prolonged") != 0) {
        return unit.name + " has prolonged this turn";
    }
    if (counter(unit, "fired") != 0) {
        return unit.name + " has fired";
    }
    return {};
}

namespace {

/// Whether the move brings the unit nearer the nearest enemy: a wavering unit may not
/// (MORALE RESULTS: "may not advance, but may withdraw").
bool advances(const Battle& battle, const Unit& unit, const Unit& moved) {
    const Unit* enemy = nearestEnemy(battle, unit);
    return enemy != nullptr && measure::below(distanceBetween(moved, *enemy, DistanceConvention::NearestEdges),
                                              distanceBetween(unit, *enemy, DistanceConvention::NearestEdges) - 0.5);
}

double usedOf(const Unit& unit) { return counter(unit, "used"); }

struct MovePlan {
    std::string refusal;
    Path route;
    double facing = 0;
    MoveCost cost;
    std::optional<double> allowance; // with any bonus, before what is used
    double left = 0;
};

MovePlan planMove(const Data& data, const RulesetOptions& options, const Battle& battle, const Unit& unit, const Action& action) {
    MovePlan plan;
    plan.route.push_back(unit.centre());
    for (const Point& point : action.path) {
        plan.route.push_back(point);
    }
    plan.facing = action.facing.value_or(unit.elements.empty() ? 0.0 : commandStand(unit).facing);
    if (action.type == "move" && action.path.empty() && !action.facing) {
        plan.refusal = "a move needs a path (the points the unit's centre passes through) or a new facing";
        return plan;
    }
    if (action.type == "face" && !action.facing) {
        plan.refusal = "a facing is needed";
        return plan;
    }
    if (std::string why = whyNoMove(unit); !why.empty()) {
        plan.refusal = why;
        return plan;
    }
    plan.cost = moveCost(data, battle, unit, plan.route, plan.facing);
    const bool retreat = action.type == "retreat" || unit.markers.count("retreating") != 0;
    plan.allowance = allowanceOf(data, options, unit);
    if (plan.allowance) {
        *plan.allowance += plan.cost.bonus + (retreat ? movementBonus(data, "militia-retreat") : 0);
        plan.left = *plan.allowance - usedOf(unit);
    }
    // The allowance before the path's own refusal: a player (or the computer) told that a
    // move would end on a friend or off the table still reads how far the unit may go.
    if (!plan.cost.refusal.empty()) {
        plan.refusal = plan.cost.refusal;
        return plan;
    }
    if (unit.markers.count("wavering") != 0 || retreat) {
        // Neither a wavering unit nor a deliberate retreat may come nearer the enemy.
        if (advances(battle, unit, placedAt(unit, kit::placedWithCentreAt(unit, plan.route.back(), plan.facing)))) {
            plan.refusal = unit.markers.count("wavering") != 0
                               ? unit.name + " is wavering: it may not advance, only withdraw (RULINGS.md, oibl-wavering)"
                               : "a deliberate retreat moves away from the enemy (RULINGS.md, oibl-militia-retreat)";
            return plan;
        }
    }
    if (!plan.allowance) {
        plan.refusal = possessive(unit.name) + " move is not rolled yet: roll it first";
        return plan;
    }
    if (measure::exceeds(plan.cost.cost, plan.left)) {
        plan.refusal =
            "the move costs " + inches(plan.cost.cost) + " and " + unit.name + " has " + inches(std::max(0.0, plan.left)) + " left";
    }
    return plan;
}

bool americanMilitia(const Unit& unit) {
    return unit.type == "militia-infantry" && unit.stats.is_object() && unit.stats.value("nation", std::string()) == "american";
}

} // namespace

namespace {
void previewAttach(const Data& data, const RulesetOptions& options, const Battle& battle, const Unit& officer, const Action& action,
                   Preview& preview);
} // namespace

void offerMovement(const Data& data, const RulesetOptions& options, const Battle& battle, const Unit& unit, std::vector<Offer>& offers) {
    if (!whyNoMove(unit).empty()) {
        return;
    }
    const std::string rate = rateOf(data, unit);
    if (unit.formation == "unlimbered") {
        offers.push_back({.type = "prolong",
                          .label = "Prolong (1.5\"; no fire after)",
                          .unit = unit.id,
                          .role = OrderRole::Move,
                          .input = OrderInput::Path});
        return;
    }
    const std::optional<double> allowance = allowanceOf(data, options, unit);
    if (!allowance) {
        const bool wounded = isOfficer(unit) && officerHealth(unit) == Health::HeavilyWounded;
        offers.push_back({.type = "roll-move",
                          .label = "Roll the move (" + (wounded ? std::string("1d6\"") : rateText(data, options, rate)) + ")",
                          .unit = unit.id,
                          .role = OrderRole::PrepareMove});
    }
    // The move is offered before its roll too: a front end rolls it first (PrepareMove).
    const std::string left = allowance ? " (" + inches(std::max(0.0, *allowance - usedOf(unit))) + " left)" : std::string();
    offers.push_back({.type = "move", .label = "Move" + left, .unit = unit.id, .role = OrderRole::Move, .input = OrderInput::Path});
    if (americanMilitia(unit) && unit.markers.count("retreating") == 0 && usedOf(unit) == 0) {
        offers.push_back(
            {.type = "retreat", .label = "Deliberate retreat (+3\")", .unit = unit.id, .role = OrderRole::Move, .input = OrderInput::Path});
    }
    if (!isOfficer(unit)) {
        offers.push_back({.type = "face", .label = "Face or wheel", .unit = unit.id, .role = OrderRole::Face, .input = OrderInput::Facing});
    }
    if (unit.markers.count("retreating") != 0 && usedOf(unit) == 0) {
        offers.push_back({.type = "stop-retreat", .label = "Stop retreating (a morale test)", .unit = unit.id, .role = OrderRole::Reform});
    }
    if (isOfficer(unit) && allowance) {
        // The units he could reach this move.
        std::vector<std::string> targets;
        for (const Unit& other : battle.units) {
            if (other.side != unit.side || !fighting(other) || other.id == unit.attachedTo || routing(other)) {
                continue;
            }
            Preview reach;
            previewAttach(data, options, battle, unit, Action{.type = "attach", .unit = unit.id, .target = other.id}, reach);
            if (reach.allowed()) {
                targets.push_back(other.id);
            }
        }
        if (!targets.empty()) {
            offers.push_back({.type = "attach",
                              .label = "Join a unit",
                              .unit = unit.id,
                              .role = OrderRole::Attach,
                              .input = OrderInput::Target,
                              .targets = targets});
        }
    }
}

namespace {

/// Where a general joining a unit stands: just behind its command stand.
Point behindCommandStand(const Unit& unit, const Unit& officer) {
    const Element& command = commandStand(unit);
    const Point back = facingVector(command.facing + 180);
    double rearmost = 0;
    for (const Element& stand : unit.elements) {
        const double behind = (stand.centre.x() - command.centre.x()) * back.x() + (stand.centre.y() - command.centre.y()) * back.y();
        rearmost = std::max(rearmost, behind + stand.depth / 2);
    }
    const double depth = officer.elements.empty() ? 0 : officer.elements.front().depth;
    const double offset = std::max(rearmost, command.depth / 2) + depth / 2;
    return Point(command.centre.x() + back.x() * offset, command.centre.y() + back.y() * offset);
}

void previewAttach(const Data& data, const RulesetOptions& options, const Battle& battle, const Unit& officer, const Action& action,
                   Preview& preview) {
    const Unit* target = battle.findUnit(action.target);
    if (target == nullptr || target->side != officer.side || !fighting(*target)) {
        preview.refusal = "a general joins a friendly unit on the table";
        return;
    }
    Path route;
    route.push_back(officer.centre());
    route.push_back(behindCommandStand(*target, officer));
    const MoveCost cost = moveCost(data, battle, officer, route, commandStand(*target).facing);
    const std::optional<double> allowance = allowanceOf(data, options, officer);
    preview.allowance = allowance;
    preview.pathCost = cost.cost;
    preview.facts.push_back({"Joins", target->name});
    if (!allowance) {
        preview.refusal = possessive(officer.name) + " move is not rolled yet";
    } else if (measure::exceeds(cost.cost, *allowance - usedOf(officer))) {
        preview.refusal = target->name + " is " + inches(cost.cost) + " away, beyond " + possessive(officer.name) + " move";
    }
    kit::showRuling(preview, data, "oibl-co-bonus");
}

} // namespace

void previewMovement(const Data& data, const RulesetOptions& options, const Battle& battle, const Unit& unit, const Action& action,
                     Preview& preview) {
    const std::string rate = rateOf(data, unit);
    if (action.type == "roll-move") {
        preview.refusal = whyNoMove(unit);
        if (allowanceOf(data, options, unit)) {
            preview.refusal = possessive(unit.name) + " move is already known";
        }
        const Distribution rolled = isOfficer(unit) && officerHealth(unit) == Health::HeavilyWounded
                                        ? kit::parseOrThrow("1d6").distribution()
                                        : rateDistribution(data, options, rate);
        preview.facts.push_back({"Rate", data.rate(rate).name + ": " + rateText(data, options, rate)});
        preview.odds.push_back(kit::oddsOf("Movement (inches)", rolled));
        return;
    }
    if (action.type == "attach") {
        previewAttach(data, options, battle, unit, action, preview);
        return;
    }
    if (action.type == "stop-retreat") {
        preview.refusal = unit.markers.count("retreating") == 0 ? unit.name + " is not retreating" : whyNoMove(unit);
        const MoralePlan plan = planMorale(data, options, battle, unit, {});
        preview.modifiers = plan.checks;
        preview.odds.push_back(moraleOdds(plan, "Morale test to stop retreating"));
        kit::showRuling(preview, data, "oibl-militia-retreat");
        return;
    }
    if (action.type == "prolong") {
        preview.refusal = whyNoMove(unit);
        if (unit.formation != "unlimbered") {
            preview.refusal = "only unlimbered guns prolong";
        }
        Path route;
        route.push_back(unit.centre());
        for (const Point& point : action.path) {
            route.push_back(point);
        }
        const double length = battle.table.toUnits(bg::length(route));
        if (action.path.empty()) {
            preview.refusal = "a prolong needs the place the gun goes to";
        }
        preview.allowance = 1.5;
        preview.pathCost = length;
        if (preview.allowed() && measure::exceeds(length, 1.5)) {
            preview.refusal = "a prolong moves at most 1.5\"";
        }
        preview.facts.push_back({"Effect", "the gun may not fire after it"});
        return;
    }
    const MovePlan plan = planMove(data, options, battle, unit, action);
    preview.refusal = plan.refusal;
    preview.modifiers = plan.cost.checks;
    preview.allowance = plan.allowance ? std::optional<double>(plan.left) : std::nullopt;
    preview.pathCost = plan.cost.cost;
    preview.facts.push_back({"Rate", data.rate(rate).name + ": " + rateText(data, options, rate)});
    preview.facts.push_back({"Path", inches(plan.cost.length)});
    preview.facts.push_back({"Cost", inches(plan.cost.cost)});
    if (plan.allowance) {
        preview.facts.push_back({"Left", inches(std::max(0.0, plan.left))});
    } else {
        preview.odds.push_back(kit::oddsOf("Movement (inches)", rateDistribution(data, options, rate)));
    }
    if (plan.cost.endsInSkirmish) {
        preview.facts.push_back({"Ends", "in skirmish order (a single left or right face)"});
        kit::showRuling(preview, data, "oibl-face-to-skirmish");
    }
    kit::showRuling(preview, data, "oibl-movement-costs");
    if (action.type == "retreat" || unit.markers.count("retreating") != 0) {
        kit::showRuling(preview, data, "oibl-militia-retreat");
    }
}

namespace {

void resolveAttach(Step& step, const Action& action) {
    const Unit& officer = step.unit(action.unit);
    Preview check;
    previewAttach(step.data, step.options, step.battle, officer, action, check);
    if (!check.allowed()) {
        step.refuse(check.refusal);
        return;
    }
    const Unit& target = step.unit(action.target);
    const Point to = behindCommandStand(target, officer);
    Path route;
    route.push_back(officer.centre());
    route.push_back(to);
    const MoveCost cost = moveCost(step.data, step.battle, officer, route, commandStand(target).facing);
    const std::string name = officer.name;
    const std::string targetName = target.name;
    step.emit(event::Moved{action.unit, kit::placedWithCentreAt(officer, to, commandStand(target).facing)});
    step.emit(event::Attached{action.unit, action.target});
    setCounter(step, action.unit, "used", usedOf(step.unit(action.unit)) + cost.cost);
    step.outcome(name + " joins " + targetName, cite("RISK TO GENERALS"));
}

void resolveStopRetreat(Step& step, const Action& action) {
    const Unit& unit = step.unit(action.unit);
    if (unit.markers.count("retreating") == 0) {
        step.refuse(unit.name + " is not retreating");
        return;
    }
    if (const std::string why = whyNoMove(unit); !why.empty()) {
        step.refuse(why);
        return;
    }
    step.ruling("oibl-militia-retreat");
    const MoraleResult result = testMorale(step, action.unit, {}, "to stop retreating");
    setCounter(step, action.unit, "used", 1e6); // the test is its move
    if (result == MoraleResult::Pass) {
        step.emit(event::MarkerChanged{action.unit, "retreating", false});
        step.emit(event::MarkerChanged{action.unit, "reforming", true});
        setCounter(step, action.unit, "reforming-through", step.battle.turn);
        step.outcome(unit.name + " stops retreating and spends the turn reforming in place", cite("Deliberate Militia Retreat"));
    } else {
        step.outcome(unit.name + " does not stop: it goes on retreating", cite("Deliberate Militia Retreat"));
    }
}

} // namespace

void resolveMovement(Step& step, const Action& action) {
    const Unit& unit = step.unit(action.unit);
    if (action.type == "roll-move") {
        if (const std::string why = whyNoMove(unit); !why.empty()) {
            step.refuse(why);
            return;
        }
        if (allowanceOf(step.data, step.options, unit)) {
            step.refuse(possessive(unit.name) + " move is already known");
            return;
        }
        const bool wounded = isOfficer(unit) && officerHealth(unit) == Health::HeavilyWounded;
        const double rolled = wounded
                                  ? static_cast<double>(step.roll("1d6", unit.name + ": move, seriously wounded", cite("RISK TO GENERALS")))
                                  : rollRate(step, unit.name, rateOf(step.data, unit), "move");
        setCounter(step, action.unit, "allowance", rolled);
        step.outcome(unit.name + " may move " + inches(rolled) + " this activation", step.data.ratesSource);
        return;
    }
    if (action.type == "attach") {
        resolveAttach(step, action);
        return;
    }
    if (action.type == "stop-retreat") {
        resolveStopRetreat(step, action);
        return;
    }
    if (action.type == "prolong") {
        Preview check;
        previewMovement(step.data, step.options, step.battle, unit, action, check);
        if (!check.allowed()) {
            step.refuse(check.refusal);
            return;
        }
        const Point to = action.path.back();
        const double facing = action.facing.value_or(commandStand(unit).facing);
        step.emit(event::Moved{action.unit, kit::placedWithCentreAt(unit, to, facing)});
        setCounter(step, action.unit, "prolonged", 1);
        step.outcome(unit.name + " prolongs " + inches(check.pathCost.value_or(0)) + ": it may not fire this turn",
                     cite("Unlimbered Artillery Prolong"));
        return;
    }
    const MovePlan plan = planMove(step.data, step.options, step.battle, unit, action);
    if (!plan.refusal.empty()) {
        step.refuse(plan.refusal);
        return;
    }
    step.ruling("oibl-movement-costs");
    for (const ModifierCheck& check : plan.cost.checks) {
        kit::traceCheck(step.out.trace, check);
    }
    const std::string name = unit.name;
    const Point from = unit.centre();
    step.emit(event::Moved{action.unit, kit::placedWithCentreAt(unit, plan.route.back(), plan.facing)});
    if (!unit.attachedTo.empty() && isOfficer(unit)) {
        step.emit(event::Attached{action.unit, ""});
    }
    carryOfficers(step, action.unit, from);
    if (plan.cost.endsInSkirmish) {
        step.ruling("oibl-face-to-skirmish");
        const Unit& moved = step.unit(action.unit);
        step.emit(event::Moved{action.unit, formedUp(moved, "skirmish", plan.facing)});
        step.emit(event::FormationSet{action.unit, "skirmish"});
    }
    if (action.type == "retreat") {
        step.ruling("oibl-militia-retreat");
        step.emit(event::MarkerChanged{action.unit, "retreating", true});
    }
    setCounter(step, action.unit, "used", usedOf(unit) + plan.cost.cost);
    setCounter(step, action.unit, "moved", 1);
    setCounter(step, action.unit, "moved-length", counter(step.unit(action.unit), "moved-length") + plan.cost.length);
    step.outcome(name + " moves " + inches(plan.cost.length) + " for " + inches(plan.cost.cost) + " of its " + inches(*plan.allowance),
                 step.data.ratesSource);
}

} // namespace sandtable::oibl
