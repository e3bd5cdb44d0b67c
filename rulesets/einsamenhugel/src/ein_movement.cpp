#include "ein_movement.h"

#include "sandtable/battle_geometry.h"
#include "sandtable/kit/preview.h"
#include "sandtable/kit/unit_paths.h"
#include "sandtable/measure.h"

#include <cmath>

namespace sandtable::ein {

namespace bg = boost::geometry;

double allowanceCm(const Data& data, const Unit& unit) {
    const TroopClass& troops = classOf(data, unit);
    const auto found = troops.movement.find(unit.formation);
    return found != troops.movement.end() ? found->second : troops.movement.begin()->second;
}

std::vector<std::string> formationsFor(const Data& data, const Unit& unit) {
    const TroopClass* own = data.troopClass(unit.type);
    if (own == nullptr) {
        return {};
    }
    std::vector<std::string> formations = own->formations;
    if (unit.stats.value("fightsAsLight", false)) {
        formations.push_back("loose");
    }
    return formations;
}

WheelCost wheelCost(const Data& data, const RulesetOptions& options, const Unit& unit, double facing) {
    WheelCost wheel;
    if (unit.elements.empty()) {
        return wheel;
    }
    const double allowance = allowanceCm(data, unit);
    wheel.angle = angleBetween(unit.elements.front().facing, facing);
    const bool prussian = options.count("prussian-mollwitz") != 0 && options.at("prussian-mollwitz") == "on" && ofNation(unit, "prussian");
    if (wheel.angle < 0.5) {
        return wheel;
    }
    if (std::abs(wheel.angle - 180) < 0.5) {
        wheel.aboutTurn = true;
        if (unit.counters.count("about-turned") != 0) {
            wheel.cost = allowance / 2;
            wheel.reason = "a second about-turn this turn costs half the movement distance";
        } else {
            wheel.reason = "an about-turn is free";
        }
        return wheel;
    }
    if (prussian && unit.arm == Arm::Foot) {
        wheel.reason = "Prussian foot suffer no movement penalty for wheeling";
    } else if (prussian && unit.arm == Arm::Horse) {
        wheel.cost = allowance / 2;
        wheel.reason = "for Prussian horse all wheeling costs half a move";
    } else if (measure::atMost(wheel.angle, 45)) {
        wheel.reason = "a wheel of up to 45 degrees is free";
    } else {
        wheel.cost = allowance / 2;
        wheel.reason = "wheeling more than 45 degrees costs half a turn";
    }
    return wheel;
}

bool lightTroops(const TroopClass& troops) { return troops.light || troops.id == "light-horse"; }

namespace {

// Why a unit may not move, as a code: the status asks it of every unit after every
// action, and only a refusal needs the words.
enum class NoMove { None, HadItsMove, LockedInMelee, NotLight, DidNotFire, MovedAfterFire };

/// The ids of the units locked in melee: the battle's "melees" session entries (each a
/// pair of ids), read once for a whole army. Malformed entries are passed over.
std::vector<const std::string*> lockedInMelee(const Battle& battle) {
    std::vector<const std::string*> locked;
    for (const auto& pair : kit::sessionEntries(battle, "melees")) {
        for (std::size_t at = 0; pair.is_array() && at < std::min<std::size_t>(pair.size(), 2); ++at) {
            if (pair[at].is_string()) {
                locked.push_back(&pair[at].get_ref<const std::string&>());
            }
        }
    }
    return locked;
}

NoMove noMove(const std::vector<const std::string*>& locked, const Unit& unit) {
    static const std::string kActed = "acted"; // not made afresh for every unit after every action
    if (!unit.counters.empty() && unit.counters.count(kActed) != 0) {
        return NoMove::HadItsMove;
    }
    if (std::any_of(locked.begin(), locked.end(), [&](const std::string* id) { return *id == unit.id; })) {
        return NoMove::LockedInMelee;
    }
    return NoMove::None;
}

NoMove noMove(const Battle& battle, const Unit& unit) { return noMove(lockedInMelee(battle), unit); }

NoMove noMoveAfterFire(const Data& data, const Battle& battle, const Unit& unit) {
    if (unit.arm == Arm::Leader || unit.eliminated() || !lightTroops(classOf(data, unit))) {
        return NoMove::NotLight;
    }
    if (unit.counters.count("fired") == 0) {
        return NoMove::DidNotFire;
    }
    if (unit.counters.count("acted") != 0) {
        return NoMove::MovedAfterFire;
    }
    return noMove(battle, unit);
}

std::string explained(NoMove why, const Unit& unit) {
    switch (why) {
    case NoMove::None:
        return {};
    case NoMove::HadItsMove:
        return unit.name + " has had its move this turn";
    case NoMove::LockedInMelee:
        return unit.name + " is locked in melee";
    case NoMove::NotLight:
        return unit.name + " is not light troops: only light troops may fire and make a half move";
    case NoMove::DidNotFire:
        return unit.name + " did not fire this turn";
    case NoMove::MovedAfterFire:
        return unit.name + " has already moved this turn";
    }
    return {};
}

} // namespace

std::string whyNoMoveAfterFire(const Data& data, const Battle& battle, const Unit& unit) {
    return explained(noMoveAfterFire(data, battle, unit), unit);
}

bool mayMoveAfterFire(const Data& data, const Battle& battle, const Unit& unit) {
    return noMoveAfterFire(data, battle, unit) == NoMove::None;
}

std::string whyNoMove(const Data& data, const Battle& battle, const Unit& unit) {
    (void)data;
    return explained(noMove(battle, unit), unit);
}

bool mayMove(const Battle& battle, const Unit& unit) { return noMove(battle, unit) == NoMove::None; }

std::vector<std::string> unitsThatMayMove(const Battle& battle, const std::string& side) {
    std::vector<std::string> units;
    units.reserve(battle.units.size());
    const std::vector<const std::string*> locked = lockedInMelee(battle);
    for (const Unit& unit : battle.units) {
        if (!unit.eliminated() && unit.side == side && noMove(locked, unit) == NoMove::None) {
            units.push_back(unit.id);
        }
    }
    return units;
}

MovePlan planMove(const Data& data, const RulesetOptions& options, const Battle& battle, const Unit& unit, const Path& points,
                  std::optional<double> facing) {
    MovePlan plan;
    plan.allowance = allowanceCm(data, unit);
    // After the fire is thrown, light troops that fired make a half move (MOVEMENT).
    const bool afterFire = battle.phase == "light-moves";
    if (afterFire) {
        plan.allowance /= 2;
    }
    plan.route.push_back(unit.centre());
    for (const Point& point : points) {
        plan.route.push_back(point);
    }
    plan.facing = facing.value_or(unit.elements.empty() ? 0.0 : unit.elements.front().facing);
    if (std::string problem = pathProblem(battle.table, points); !problem.empty()) {
        plan.refusal = problem;
        return plan;
    }
    if (points.empty() && !facing) {
        plan.refusal = "a move needs a path (the points the unit's centre passes through) or a new facing";
        return plan;
    }
    plan.wheel = wheelCost(data, options, unit, plan.facing);
    plan.path = pathCost(data, battle, unit, plan.route, plan.allowance);
    if (!plan.path.refusal.empty()) {
        plan.refusal = plan.path.refusal;
        return plan;
    }
    if (unit.arm == Arm::Guns && unit.formation == "unlimbered" && !measure::negligible(plan.path.length)) {
        plan.refusal = unit.name + " is unlimbered: guns take a turn to limber before they can move";
        return plan;
    }
    const double total = plan.path.cost + plan.wheel.cost;
    if (measure::exceeds(total, plan.allowance)) {
        plan.refusal = "the move costs " + cm(total) + " and " + unit.name + " moves " + cm(plan.allowance);
        return plan;
    }
    // A half move is never within 25 per cent of the full distance: no Variation.
    plan.variation = !afterFire && !measure::negligible(plan.path.length) && measure::atLeast(total, 0.75 * plan.allowance);
    // Light infantry may be passed through, and pass through friends (MOVEMENT).
    std::vector<std::string> passable;
    const bool moverLight = classOf(data, unit).light && unit.arm == Arm::Foot;
    for (const Unit* near : kit::unitsAlong(battle, unit, plan.route)) {
        const Unit& other = *near;
        const bool otherLight = other.arm == Arm::Foot && classOf(data, other).light;
        if (other.side == unit.side && (moverLight || otherLight)) {
            passable.push_back(other.id);
        }
    }
    if (const std::string blocker = kit::obstruction(battle, unit, plan.route, plan.facing, passable); !blocker.empty()) {
        plan.refusal = unit.name + " would run into " + battle.findUnit(blocker)->name;
        return plan;
    }
    // Passing through light infantry is allowed only if the move takes it beyond them.
    if (const std::string landing = kit::obstruction(battle, unit, Path{plan.route.back()}, plan.facing, {}); !landing.empty()) {
        plan.refusal = unit.name + " would end its move on " + battle.findUnit(landing)->name;
        return plan;
    }
    plan.checks.push_back({"wheel", "Wheel", plan.wheel.cost > 0 ? "-" + cm(plan.wheel.cost) : "free", plan.wheel.angle >= 0.5,
                           plan.wheel.angle >= 0.5 ? 1 : 0,
                           plan.wheel.angle >= 0.5
                               ? std::to_string(static_cast<int>(std::round(plan.wheel.angle))) + " degrees: " + plan.wheel.reason
                               : "no change of facing",
                           cite("MOVEMENT")});
    for (const std::string& note : plan.path.notes) {
        plan.checks.push_back({"terrain", "Terrain", "", true, 1, note, cite("The Battle of Einsamenhügel")});
    }
    return plan;
}

double rollVariation(Step& step, const std::string& unitName) {
    const Chart& chart = step.data.chart("variation");
    const std::int64_t thrown = step.roll("1d6", "the Variation: " + unitName, chart.source);
    const auto looked = chart.lookup(std::nullopt, thrown);
    if (looked) {
        step.out.trace.lookup(chart, *looked);
    }
    // The factor is the chart's cell ("+25%"), checked when the data was read.
    return looked ? variationFactor(looked->cell.text).value_or(1.0) : 1.0;
}

void resolveMove(Step& step, const Action& action) {
    const Unit& unit = step.unit(action.unit);
    if (action.path.empty() && !action.facing) {
        step.refuse("a move needs a path (the points the unit's centre passes through) or a new facing");
        return;
    }
    if (const std::string why =
            step.battle.phase == "light-moves" ? whyNoMoveAfterFire(step.data, step.battle, unit) : whyNoMove(step.data, step.battle, unit);
        !why.empty()) {
        step.refuse(why);
        return;
    }
    if (step.battle.phase == "light-moves") {
        step.ruling("ein-light-half-move");
    }
    const MovePlan plan = planMove(step.data, step.options, step.battle, unit, action.path, action.facing);
    if (!plan.refusal.empty()) {
        step.refuse(plan.refusal);
        return;
    }
    for (const ModifierCheck& check : plan.checks) {
        if (check.applies) {
            traceCheck(step, check);
        }
    }
    step.ruling("ein-terrain");
    const double pathMm = bg::length(plan.route);
    double distanceMm = pathMm;
    Path route = plan.route;
    if (plan.variation) {
        step.ruling("ein-variation");
        const double factor = rollVariation(step, unit.name);
        if (factor < 1) {
            // "subtract 25% from the distance covered".
            distanceMm = pathMm * factor;
        } else if (factor > 1 && !measure::negligible(pathMm)) {
            // "add 25% to the distance covered": a quarter more of the path it was given,
            // on along the last leg while the way is clear.
            const Point last = route[route.size() - 2];
            const Point end = route.back();
            const double extra = pathMm * (factor - 1);
            const double legLength = bg::distance(last, end);
            Path longer = route;
            longer.back() = Point(end.x() + (end.x() - last.x()) / legLength * extra, end.y() + (end.y() - last.y()) / legLength * extra);
            const PathCost cost = pathCost(step.data, step.battle, unit, longer, plan.allowance);
            const bool offTable =
                !onTable(step.battle.table, placedAt(unit, kit::placementsAlong(unit, longer, pathMm + extra, plan.facing)));
            if (cost.refusal.empty() && !offTable && kit::obstruction(step.battle, unit, Path{longer.back()}, plan.facing, {}).empty() &&
                kit::obstruction(step.battle, unit, longer, plan.facing, {}).empty()) {
                route = longer;
                distanceMm = pathMm + extra;
            } else {
                step.outcome("the extra quarter is ignored: it would carry " + unit.name +
                                 " into impassable ground, another unit or off the table",
                             step.data.chart("variation").source);
            }
        }
    }
    const std::string name = unit.name;
    const Point from = unit.centre();
    step.emit(event::Moved{action.unit, kit::placementsAlong(unit, route, distanceMm, plan.facing)});
    step.emit(event::CounterSet{action.unit, "acted", 1.0});
    if (!measure::negligible(distanceMm)) {
        step.emit(event::CounterSet{action.unit, "moved", distanceMm / std::max(1e-9, step.battle.table.fromUnits(plan.allowance))});
    }
    if (plan.wheel.aboutTurn) {
        step.emit(event::CounterSet{action.unit, "about-turned", 1.0});
    }
    if (plan.path.losesFiringOrder && step.unit(action.unit).formation == "line") {
        step.emit(event::FormationSet{action.unit, "column"});
        step.outcome(name + " loses its firing order crossing the water", cite("The Battle of Einsamenhügel"));
    }
    if (!generalsUnit(step.battle, action.unit).empty()) {
        step.emit(event::Attached{action.unit, ""});
    }
    // A general goes with the unit he is attached to.
    if (const Unit* general = attachedGeneral(step.battle, action.unit)) {
        const Point to = step.unit(action.unit).centre();
        const std::string generalId = general->id;
        step.emit(event::Moved{generalId, shifted(placementsOf(*general), to.x() - from.x(), to.y() - from.y())});
    }
    step.outcome(name + " moves " + cm(step.battle.table.toUnits(distanceMm)) + " of its " + cm(plan.allowance), cite("MOVEMENT"));
}

std::vector<event::Placement> formedUp(const Unit& unit, const std::string& formation) {
    std::vector<event::Placement> placements = placementsOf(unit);
    if (unit.elements.size() != 2) {
        return placements;
    }
    const double facing = unit.elements.front().facing;
    const Point centre = unit.centre();
    const Element& base = unit.elements.front();
    const Point right = facingVector(facing + 90);
    const Point ahead = facingVector(facing);
    const bool sideBySide = formation == "line" || formation == "loose" || formation == "one-rank";
    for (int i = 0; i < 2; ++i) {
        const double offset = (i == 0 ? -0.5 : 0.5);
        placements[i].facing = facing;
        placements[i].centre = sideBySide
                                   ? Point(centre.x() + right.x() * offset * base.width, centre.y() + right.y() * offset * base.width)
                                   : Point(centre.x() - ahead.x() * offset * base.depth, centre.y() - ahead.y() * offset * base.depth);
    }
    return placements;
}

bool formationTakesTurn(const Data& data, const RulesetOptions& options, const Unit& unit, const std::string& formation) {
    const auto chosen = options.find("formation-changes");
    if (chosen != options.end() && chosen->second == "whole-turn") {
        return true;
    }
    // "It takes a complete turn for foot to change into firing order"; "Guns take a turn
    // to limber or unlimber". Nothing else is priced (RULINGS.md, ein-formation-turn).
    const TroopClass& troops = classOf(data, unit);
    return troops.gun || (troops.closeOrder && formation == "line");
}

void resolveFormation(Step& step, const Action& action) {
    const Unit& unit = step.unit(action.unit);
    const auto allowed = formationsFor(step.data, unit);
    if (std::find(allowed.begin(), allowed.end(), action.choice) == allowed.end() || unit.arm == Arm::Leader) {
        std::string list;
        for (const std::string& formation : allowed) {
            list += (list.empty() ? "" : ", ") + formation;
        }
        step.refuse(unit.name + " cannot form \"" + action.choice + "\" (it may form: " + (list.empty() ? "nothing" : list) + ")");
        return;
    }
    if (unit.formation == action.choice) {
        step.refuse(unit.name + " is already " + action.choice);
        return;
    }
    if (const std::string why = whyNoMove(step.data, step.battle, unit); !why.empty()) {
        step.refuse(why);
        return;
    }
    const bool wholeTurn = formationTakesTurn(step.data, step.options, unit, action.choice);
    if (!wholeTurn && unit.counters.count("re-formed") != 0) {
        step.refuse(unit.name + " has already changed formation this turn");
        return;
    }
    std::vector<event::Placement> placements = formedUp(unit, action.choice);
    if (action.facing) {
        // Pivoting can be done as part of unlimbering (MOVEMENT).
        if (unit.arm != Arm::Guns) {
            step.refuse("only guns may pivot as they limber or unlimber");
            return;
        }
        placements = turned(placedAt(unit, placements), *action.facing);
    }
    const std::string name = unit.name;
    step.emit(event::FormationSet{action.unit, action.choice});
    step.emit(event::Moved{action.unit, placements});
    step.ruling("ein-formation-turn");
    if (!wholeTurn) {
        // Leaving firing order, or a change the text does not price: part of the move,
        // which the unit may still make this turn in its new formation.
        step.emit(event::CounterSet{action.unit, "re-formed", 1.0});
        if (action.choice == "loose") {
            step.ruling("ein-fights-as-light");
        }
        step.outcome(name + " forms " + action.choice + " and may still move this turn", cite("MOVEMENT"));
        return;
    }
    step.emit(event::CounterSet{action.unit, "acted", 1.0});
    step.emit(event::CounterSet{action.unit, "moved", 1.0});
    if (action.choice == "loose") {
        step.ruling("ein-fights-as-light");
    }
    const std::string what = unit.arm == Arm::Guns ? (action.choice == "limbered" ? "limber" : "unlimber") : "form " + action.choice;
    step.outcome(name + " takes the turn to " + what, cite("MOVEMENT"));
}

std::string whyNoAttach(const Data& data, const Battle& battle, const Unit& general, const Unit* target) {
    if (general.arm != Arm::Leader) {
        return general.name + " is not a general";
    }
    if (target == nullptr || target->side != general.side || !isFighting(*target)) {
        return "a general joins a friendly unit on the table";
    }
    if (std::string why = whyNoMove(data, battle, general); !why.empty()) {
        return why;
    }
    if (generalsUnit(battle, general.id) == target->id) {
        return general.name + " is already with " + target->name;
    }
    const double reach = allowanceCm(data, general);
    if (measure::exceeds(gapCm(battle, general, *target), reach)) {
        return target->name + " is " + cm(gapCm(battle, general, *target)) + " away; " + general.name + " moves " + cm(reach);
    }
    return {};
}

void resolveAttach(Step& step, const Action& action) {
    const Unit& general = step.unit(action.unit);
    const Unit* target = step.battle.findUnit(action.target);
    if (const std::string why = whyNoAttach(step.data, step.battle, general, target); !why.empty()) {
        step.refuse(why);
        return;
    }
    const std::string current = generalsUnit(step.battle, general.id);
    // He takes his place behind the unit's centre.
    const double facing = target->elements.front().facing;
    const Point behind = facingVector(facing + 180);
    double depth = 0;
    for (const Element& element : target->elements) {
        const double along =
            (element.centre.x() - target->centre().x()) * behind.x() + (element.centre.y() - target->centre().y()) * behind.y();
        depth = std::max(depth, along + element.depth / 2);
    }
    const Point spot(target->centre().x() + behind.x() * (depth + 12), target->centre().y() + behind.y() * (depth + 12));
    const std::string generalName = general.name;
    const std::string targetName = target->name;
    std::vector<event::Placement> placements = placementsOf(general);
    for (event::Placement& placement : placements) {
        placement.centre = spot;
        placement.facing = facing;
    }
    step.emit(event::Attached{action.unit, action.target});
    step.emit(event::Moved{action.unit, placements});
    step.emit(event::CounterSet{action.unit, "acted", 1.0});
    step.ruling("ein-general");
    step.outcome(generalName + " joins " + targetName + (current.empty() ? "" : " (leaving " + step.unit(current).name + ")"),
                 cite("MORALE"));
}

namespace {

/// A pre-battle move (Final Adjustments): where it would place the unit, or why it may
/// not be made; what both its preview and its resolution read.
struct Redeployment {
    std::string refusal;
    Unit placed;
    int used = 0; // the side's pre-battle moves made so far
    int allowed = 0;
};

Redeployment planRedeploy(const RulesetOptions& options, const Battle& battle, const Unit& unit, const Action& action) {
    Redeployment plan;
    plan.allowed = std::stoi(options.at("pre-battle-moves"));
    for (const Unit& other : battle.units) {
        plan.used += other.side == unit.side && other.counters.count("redeployed") != 0 ? 1 : 0;
    }
    if (unit.counters.count("redeployed") != 0) {
        plan.refusal = unit.name + " has already been moved before the battle";
        return plan;
    }
    if (plan.used >= plan.allowed) {
        plan.refusal = "each side may move up to " + std::to_string(plan.allowed) + " units before the battle";
        return plan;
    }
    if (action.path.empty()) {
        plan.refusal = "a move needs a path: the points the unit's centre passes through";
        return plan;
    }
    // Its own half: the half of the table its side's units stand in.
    double sumY = 0;
    int count = 0;
    for (const Unit& other : battle.units) {
        if (other.side == unit.side && !other.eliminated()) {
            sumY += other.centre().y();
            ++count;
        }
    }
    const bool nearSide = count > 0 && sumY / count > battle.table.depth / 2;
    const double facing = action.facing.value_or(unit.elements.front().facing);
    const Point to = action.path.back();
    plan.placed = placedAt(unit, kit::placedWithCentreAt(unit, to, facing));
    bool inHalf = onTable(battle.table, plan.placed);
    for (const Element& element : plan.placed.elements) {
        for (const Point& corner : rectangleCorners(element.centre, element.width, element.depth, element.facing)) {
            inHalf = inHalf && (nearSide ? measure::atLeast(corner.y(), battle.table.depth / 2)
                                         : measure::atMost(corner.y(), battle.table.depth / 2));
        }
    }
    if (!inHalf) {
        plan.refusal = unit.name + " must stay in its own half of the table";
        return plan;
    }
    std::vector<std::string> ignored;
    if (const Unit* general = attachedGeneral(battle, unit.id)) {
        ignored.push_back(general->id);
    }
    if (const std::string landing = kit::obstruction(battle, unit, Path{to}, facing, ignored); !landing.empty()) {
        plan.refusal = unit.name + " would stand on " + battle.findUnit(landing)->name;
    }
    return plan;
}

} // namespace

void resolveRedeploy(Step& step, const Action& action) {
    const Unit& unit = step.unit(action.unit);
    const Redeployment plan = planRedeploy(step.options, step.battle, unit, action);
    if (!plan.refusal.empty()) {
        step.refuse(plan.refusal);
        return;
    }
    const Point from = unit.centre();
    const Unit& placed = plan.placed;
    const int used = plan.used;
    const int allowed = plan.allowed;
    const std::string name = unit.name;
    step.emit(event::Moved{action.unit, placed.elements.empty() ? placementsOf(unit) : placementsOf(placed)});
    step.emit(event::CounterSet{action.unit, "redeployed", 1.0});
    if (const Unit* general = attachedGeneral(step.battle, action.unit)) {
        const Point now = step.unit(action.unit).centre();
        const std::string generalId = general->id;
        step.emit(event::Moved{generalId, shifted(placementsOf(*general), now.x() - from.x(), now.y() - from.y())});
    }
    step.ruling("ein-pre-battle");
    step.outcome(name + " is moved before the battle (" + std::to_string(used + 1) + " of " + std::to_string(allowed) + ")",
                 cite("Final Adjustments"));
}

void offerMovement(const Data& data, const RulesetOptions& options, const Battle& battle, const Unit& unit,
                   const std::vector<std::string>& chargeable, std::vector<Offer>& offers) {
    if (unit.arm == Arm::Leader) {
        offers.push_back({.type = "move", .label = "Move", .unit = unit.id, .role = OrderRole::Move, .input = OrderInput::Path});
        const double reach = allowanceCm(data, unit);
        std::vector<std::string> friends;
        for (const Unit* near : unitsNear(battle, unit, battle.table.fromUnits(reach + measure::tolerance))) {
            if (near->side == unit.side && whyNoAttach(data, battle, unit, near).empty()) {
                friends.push_back(near->id);
            }
        }
        if (!friends.empty()) {
            offers.push_back({.type = "attach",
                              .label = "Join a unit",
                              .unit = unit.id,
                              .role = OrderRole::Attach,
                              .input = OrderInput::Target,
                              .targets = friends});
        }
        return;
    }
    if (!(unit.arm == Arm::Guns && unit.formation == "unlimbered")) {
        offers.push_back({.type = "move", .label = "Move", .unit = unit.id, .role = OrderRole::Move, .input = OrderInput::Path});
    }
    if (!chargeable.empty()) {
        offers.push_back({.type = "charge",
                          .label = "Charge",
                          .unit = unit.id,
                          .role = OrderRole::Charge,
                          .input = OrderInput::Target,
                          .targets = chargeable});
    }
    for (const std::string& formation : formationsFor(data, unit)) {
        if (formation == unit.formation) {
            continue;
        }
        const bool wholeTurn = formationTakesTurn(data, options, unit, formation);
        if (!wholeTurn && unit.counters.count("re-formed") != 0) {
            continue;
        }
        const std::string cost = wholeTurn ? " (the turn)" : " (then move)";
        offers.push_back(
            {.type = "formation",
             .label = unit.arm == Arm::Guns ? (formation == "limbered" ? "Limber" : "Unlimber") + cost : "Form " + formation + cost,
             .unit = unit.id,
             .role = OrderRole::Formation,
             .choice = formation});
    }
}

void previewMove(const Data& data, const RulesetOptions& options, const Battle& battle, const Unit& unit, const Action& action,
                 PreviewFor reader, Preview& preview) {
    if (battle.phase == "deployment") {
        if (reader == PreviewFor::Verdict) {
            preview.refusal = planRedeploy(options, battle, unit, action).refusal;
            return;
        }
        preview.facts.push_back(
            {"Before the battle", "anywhere in the side's own half, up to " + options.at("pre-battle-moves") + " units"});
        kit::showRuling(preview, data, "ein-pre-battle");
        preview.refusal = planRedeploy(options, battle, unit, action).refusal;
        return;
    }
    const MovePlan plan = planMove(data, options, battle, unit, action.path, action.facing);
    // What resolveMove refuses first: a unit that has had its move, is locked in melee,
    // or (after the fire) may make no half move. The move it would have is still shown,
    // for a player asking what it would be.
    const std::string why = battle.phase == "light-moves" ? whyNoMoveAfterFire(data, battle, unit) : whyNoMove(data, battle, unit);
    preview.refusal = !why.empty() ? why : plan.refusal;
    preview.allowance = plan.allowance;
    preview.pathCost = plan.path.cost + plan.wheel.cost;
    if (reader == PreviewFor::Verdict) {
        return;
    }
    preview.modifiers = plan.checks;
    preview.facts.push_back({"Move", cm(plan.allowance)});
    preview.facts.push_back({"Path", cm(plan.path.length) + " long, costs " + cm(plan.path.cost + plan.wheel.cost)});
    if (plan.variation) {
        const Chart& chart = data.chart("variation");
        preview.odds.push_back(
            Odds{chart.name, {{"-25%", Probability(1, 6)}, {"no change", Probability(4, 6)}, {"+25%", Probability(1, 6)}}, {}});
        kit::showRuling(preview, data, "ein-variation");
    }
    kit::showRuling(preview, data, "ein-terrain");
}

void previewFormation(const Data& data, const RulesetOptions& options, const Unit& unit, const std::string& formation, Preview& preview) {
    preview.facts.push_back({"Effect", formationTakesTurn(data, options, unit, formation)
                                           ? "the change takes the unit's whole turn"
                                           : "the change is part of the move: the unit may still move this turn"});
    kit::showRuling(preview, data, "ein-formation-turn");
}

void previewAttach(const Data& data, const Battle& battle, const Unit& general, const Unit* target, Preview& preview) {
    preview.refusal = whyNoAttach(data, battle, general, target);
    preview.facts.push_back({"Effect", "the general joins the unit: +1 to its morale throws; he is lost if it is eliminated"});
}

} // namespace sandtable::ein
