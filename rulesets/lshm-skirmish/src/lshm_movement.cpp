#include "lshm_movement.h"

#include "lshm_buildings.h"
#include "lshm_cards.h"
#include "sandtable/battle_geometry.h"
#include "sandtable/kit/preview.h"
#include "sandtable/measure.h"
#include "sandtable/unit_index.h"

#include <algorithm>
#include <boost/geometry.hpp>
#include <cmath>
#include <map>
#include <tuple>

namespace sandtable::lshm {

namespace bg = boost::geometry;

namespace {

const Citation kMovement = cite("1. MOVEMENT PHASE;");

std::string changedFrom(const Battle& battle, const Unit& unit) {
    const nlohmann::json changed = battle.session.value("changedFrom", nlohmann::json::object());
    return changed.value(unit.id, std::string());
}

std::optional<int> columnDice(const MovementRow& row, bool road, bool charge) {
    if (charge) {
        return road && row.roadCharge ? row.roadCharge : row.charge;
    }
    return road && row.road ? row.road : row.crossCountry;
}

bool allOnRoad(const Battle& battle, const Unit& unit) {
    const auto figures = figuresOf(unit);
    return !figures.empty() && std::all_of(figures.begin(), figures.end(), [&](const Element* f) { return onRoad(battle, f->centre); });
}

Point offsetBy(const Point& point, double dx, double dy) { return Point(point.x() + dx, point.y() + dy); }

double pathLength(const Point& start, const Path& path) {
    double length = 0;
    Point at = start;
    for (const Point& next : path) {
        length += bg::distance(at, next);
        at = next;
    }
    return length;
}

/// Where each element ends after the unit's centre goes along `path`: each carried the same
/// way, facing `facing` (or as it faced).
std::vector<event::Placement> carried(const Unit& unit, const Point& to, std::optional<double> facing) {
    const Point centre = unit.centre();
    std::vector<event::Placement> placements;
    for (const Element& element : unit.elements) {
        placements.push_back({offsetBy(element.centre, to.x() - centre.x(), to.y() - centre.y()), facing.value_or(element.facing)});
    }
    return placements;
}

bool pathMeetsRough(const Battle& battle, const Unit& unit, const Path& path) {
    const Point centre = unit.centre();
    for (const Element& figure : unit.elements) {
        if (!present(figure) && !isGun(figure)) {
            continue;
        }
        const double dx = figure.centre.x() - centre.x();
        const double dy = figure.centre.y() - centre.y();
        Point at = figure.centre;
        if (roughAt(battle, at)) {
            return true;
        }
        for (const Point& next : path) {
            const Point to = offsetBy(next, dx, dy);
            if (roughBetween(battle, at, to)) {
                return true;
            }
            at = to;
        }
    }
    return false;
}

/// Whether a charge at `target` meets rough ground: the charger's figures carried straight
/// at the target's nearest figure, as the charge goes (resolveCharge), and as its preview
/// gives the odds of coming within 2".
bool chargeMeetsRough(const Battle& battle, const Unit& unit, const Unit& target) {
    const Element* aim = nearestFigure(target, unit.centre());
    if (aim == nullptr) {
        return false;
    }
    Path straight;
    straight.push_back(aim->centre);
    return pathMeetsRough(battle, unit, straight);
}

/// Why figures may not stand where the placements put them: off the table, in a building
/// they may not enter or that is full (RULINGS.md, lshm-buildings).
std::string placementProblem(const Battle& battle, const Unit& unit, const std::vector<event::Placement>& placements) {
    std::map<const TerrainArea*, int> entering;
    for (std::size_t i = 0; i < placements.size() && i < unit.elements.size(); ++i) {
        if (!onTable(battle.table, placements[i].centre)) {
            return "the move would take " + unit.name + " off the table";
        }
        if (!present(unit.elements[i])) {
            continue;
        }
        const TerrainArea* building = buildingAt(battle, placements[i].centre);
        if (building != nullptr && !bg::covered_by(unit.elements[i].centre, building->outline)) {
            ++entering[building];
        }
    }
    for (const auto& [building, count] : entering) {
        if (const std::string refusal = entryRefusal(battle, *building, unit.side); !refusal.empty()) {
            return refusal;
        }
        const int room = capacityOf(*building) - figuresInside(battle, *building);
        if (count > room) {
            return building->name + " holds " + std::to_string(capacityOf(*building)) + " figures and has room for " +
                   std::to_string(room) + " more (MOUNT: Number of figures allowed in a building)";
        }
    }
    return {};
}

/// The faces of a roll of d6, lowest first, with the highest `high` and the lowest `low`
/// taken off (the wounded's dice: 1. MOVEMENT PHASE M and N).
std::vector<int> keptFaces(const RollResult& rolled, int high, int low) {
    std::vector<int> faces;
    for (const RollPart& part : rolled.parts) {
        for (const RolledDie& die : part.dice) {
            faces.push_back(die.face);
        }
    }
    std::sort(faces.begin(), faces.end());
    for (int i = 0; i < high && !faces.empty(); ++i) {
        faces.pop_back();
    }
    for (int i = 0; i < low && !faces.empty(); ++i) {
        faces.erase(faces.begin());
    }
    return faces;
}

/// Rolls the unit's move dice and keeps the allowance, with and without rough ground.
void rollAllowance(Step& step, const Unit& unit, int extraDice, bool subtractDie) {
    const MoveDice dice = moveDice(step.data, step.battle, unit, false);
    const int count = dice.dice + extraDice;
    if (count <= 0) {
        step.outcome(unit.name + " has no move in its formation (" + dice.row + ", " + dice.column + ": \"-\")", cite("MOVEMENT CHART"));
        setCounter(step, unit.id, "allowance", 0);
        setCounter(step, unit.id, "allowance-rough", 0);
        setCounter(step, unit.id, "rolled", 1);
        return;
    }
    const RollResult rolled =
        step.rollDetailed(kit::parseOrThrow(std::to_string(count) + "d6"),
                          possessive(unit.name) + " move (" + dice.row + ", " + dice.column + ")", cite("MOVEMENT CHART"));
    const std::vector<int> kept = keptFaces(rolled, dice.dropHighest, dice.dropLowest);
    for (const std::string& why : dice.why) {
        step.ruling("lshm-rough");
        step.ruling("lshm-wounded-stay");
        step.outcome(why, kMovement);
    }
    int total = 0;
    for (int face : kept) {
        total += face;
    }
    int rough = kept.empty() ? 0 : total - kept.back();
    if (subtractDie) {
        const int less = static_cast<int>(
            step.roll("1d6", "Joker: one d6 off " + possessive(unit.name) + " move", cite("Joker Movement Chart; Roll one D-6.")));
        step.ruling("lshm-joker-move");
        total = std::max(0, total - less);
        rough = std::max(0, rough - less);
    }
    setCounter(step, unit.id, "allowance", total);
    setCounter(step, unit.id, "allowance-rough", rough);
    setCounter(step, unit.id, "rolled", 1);
    step.outcome(unit.name + " may move " + inches(total) + " (" + inches(rough) + " if it meets rough ground: its highest die off)",
                 cite("1. MOVEMENT PHASE;"));
}

/// Why `unit` may not charge `target` (given its movement dice), or empty.
std::string chargeRefusal(const Unit& unit, const Unit* target, const MoveDice& dice) {
    if (target == nullptr || target->side == unit.side || figuresOf(*target).empty()) {
        return "a charge needs an enemy unit with figures on the table";
    }
    if (unit.formation == "square") {
        return "troops in square may not charge (1. MOVEMENT PHASE H)";
    }
    if (dice.dice <= 0) {
        return unit.name + " may not charge in its formation (" + dice.row + ": \"-\" under Charge)";
    }
    return {};
}

void jokerMove(Step& step, const Unit& unit) {
    step.ruling("lshm-joker-move");
    const Chart& chart = step.data.chart("joker-movement");
    const auto die = step.roll("1d6", "Joker Movement Chart for " + unit.name, chart.source);
    const std::string result = chart.lookup(std::nullopt, die)->cell.text;
    const Citation citation = chart.source;
    if (result == "add-die") {
        step.outcome("1: one die more to " + possessive(unit.name) + " move this turn", citation);
        rollAllowance(step, unit, 1, false);
    } else if (result == "no-move") {
        step.outcome("2: " + unit.name + " does not move this turn", citation);
        step.unitFinished = true;
    } else if (result == "fall-back") {
        const Unit* enemy = nearestEnemy(step.battle, unit);
        const double back = static_cast<double>(step.roll("2d6", possessive(unit.name) + " fall back", citation));
        if (enemy != nullptr) {
            moveStraight(step, unit, enemy->centre(), back, "3: " + unit.name + " falls back " + inches(back) + " from " + enemy->name,
                         citation);
        }
        step.unitFinished = true;
    } else if (result == "subtract-die") {
        step.outcome("4: one d6 off " + possessive(unit.name) + " move this turn", citation);
        rollAllowance(step, unit, 0, true);
    } else if (result == "heal") {
        for (const Element& figure : unit.elements) {
            if (figure.health == Health::LightlyWounded) {
                step.emit(event::ElementHealthSet{unit.id, figure.id, Health::Fit});
            }
        }
        step.outcome("5: " + possessive(unit.name) + " lightly wounded are healed; it moves as normal", citation);
        rollAllowance(step, step.unit(unit.id), 0, false);
    } else {
        const Unit* enemy = nearestEnemy(step.battle, unit);
        if (unit.arm == Arm::Leader) {
            const Unit* friendUnit = nearestFriend(step.battle, unit);
            if (friendUnit != nullptr) {
                step.emit(event::Attached{unit.id, friendUnit->id});
                step.outcome("6: the command group joins " + friendUnit->name + " to accompany it", citation);
            }
        } else if (unit.arm == Arm::Guns && enemy != nullptr) {
            const double gap = unitGap(step.battle, unit, *enemy);
            if (gap > 16.0) {
                moveStraight(step, unit, enemy->centre(), -(gap - 16.0),
                             "6: " + unit.name + " moves to grapeshot range of " + enemy->name + ", 16\"", citation);
            } else {
                step.outcome("6: " + unit.name + " is already within grapeshot range of " + enemy->name, citation);
            }
        } else if (enemy != nullptr && chargeRefusal(unit, enemy, moveDice(step.data, step.battle, unit, true)).empty()) {
            step.outcome("6: " + unit.name + " charges the nearest enemy, " + enemy->name, citation);
            Action charge{.type = "charge", .unit = unit.id, .target = enemy->id};
            resolveCharge(step, charge);
        } else {
            // A square, or a formation with no charge, stands: the chart's charge is one
            // it may not make (lshm-joker-move).
            step.outcome("6: " + unit.name + " may not charge in its formation and stands", citation);
        }
        step.unitFinished = true;
    }
}

Point stepToward(const Point& from, const Point& to, double millimetres) {
    const double length = bg::distance(from, to);
    if (length <= 0) {
        return from;
    }
    const double share = millimetres / length;
    return Point(from.x() + (to.x() - from.x()) * share, from.y() + (to.y() - from.y()) * share);
}

} // namespace

MoveDice moveDice(const Data& data, const Battle& battle, const Unit& unit, bool charge) {
    MoveDice dice;
    const TroopType& type = typeOf(data, unit);
    std::vector<std::string> formations{formationOf(data, unit).id};
    if (const std::string from = changedFrom(battle, unit); !from.empty()) {
        formations.push_back(from);
    }
    const bool road = allOnRoad(battle, unit);
    bool first = true;
    for (const std::string& id : formations) {
        const Formation* formation = data.formation(id);
        const MovementRow* row = formation == nullptr ? nullptr : data.movement(type.movementRow, formation->movementAs);
        if (row == nullptr) {
            continue;
        }
        const std::optional<int> n = columnDice(*row, road, charge);
        const int count = n.value_or(0);
        if (first || count < dice.dice) {
            dice.dice = count;
            dice.row = row->printed;
            const bool roadUsed = road && (charge ? row->roadCharge.has_value() : row->road.has_value());
            dice.column = charge ? (roadUsed ? "Road Charge" : "Charge") : (roadUsed ? "On Road" : "Cross Country");
        }
        first = false;
    }
    for (const Element& figure : unit.elements) {
        if (figure.health == Health::HeavilyWounded) {
            dice.dropHighest = 1;
        } else if (figure.health == Health::LightlyWounded) {
            dice.dropLowest = 1;
        }
    }
    if (dice.dropHighest > 0) {
        dice.why.push_back("Heavily wounded carried: the highest die off (1. MOVEMENT PHASE M)");
    }
    if (dice.dropLowest > 0) {
        dice.why.push_back("Lightly wounded walking: the lowest die off (1. MOVEMENT PHASE N)");
    }
    return dice;
}

Distribution allowanceOdds(int dice, int high, int low) {
    if (dice <= 0 || dice - high - low <= 0) {
        return Distribution::certain(0);
    }
    // Every preview of a move asks: worked out once per thread for each kind of roll.
    thread_local std::map<std::tuple<int, int, int>, Distribution> known;
    const auto key = std::make_tuple(dice, high, low);
    if (const auto found = known.find(key); found != known.end()) {
        return found->second;
    }
    std::vector<Weight> weights(static_cast<std::size_t>(6 * dice + 1), Weight(0));
    std::vector<int> faces(static_cast<std::size_t>(dice), 1);
    while (true) {
        std::vector<int> sorted = faces;
        std::sort(sorted.begin(), sorted.end());
        int total = 0;
        for (std::size_t i = static_cast<std::size_t>(low); i + static_cast<std::size_t>(high) < sorted.size(); ++i) {
            total += sorted[i];
        }
        weights[static_cast<std::size_t>(total)] += 1;
        std::size_t at = 0;
        while (at < faces.size() && faces[at] == 6) {
            faces[at++] = 1;
        }
        if (at == faces.size()) {
            break;
        }
        ++faces[at];
    }
    return known.emplace(key, Distribution::fromWeights(0, weights)).first->second;
}

double facingOf(const Unit& unit) { return unit.elements.empty() ? 0.0 : unit.elements.front().facing; }

std::vector<event::Placement> layout(const Unit& unit, const std::string& formation, const Point& centre, double facing) {
    std::vector<event::Placement> placements(unit.elements.size(), event::Placement{centre, facing});
    std::vector<std::size_t> figures;
    std::size_t gun = unit.elements.size();
    double spacing = 0;
    for (std::size_t i = 0; i < unit.elements.size(); ++i) {
        if (isGun(unit.elements[i])) {
            gun = i;
        } else if (present(unit.elements[i])) {
            figures.push_back(i);
            spacing = std::max(spacing, std::max(unit.elements[i].width, unit.elements[i].depth));
        } else {
            placements[i] = {unit.elements[i].centre, unit.elements[i].facing};
        }
    }
    const Point ahead = facingVector(facing);
    const Point right = facingVector(facing + 90);
    const auto at = [&](double across, double forward) {
        return Point(centre.x() + right.x() * across + ahead.x() * forward, centre.y() + right.y() * across + ahead.y() * forward);
    };
    const std::size_t count = figures.size();
    if (gun < unit.elements.size()) {
        // A gun with its crew: limbered, the crew in single file in front and the tube to the
        // rear; in action, the crew about the gun within 1" (1. MOVEMENT PHASE I and J).
        placements[gun] = {centre, formation == "limbered" ? facing + 180 : facing};
        for (std::size_t k = 0; k < count; ++k) {
            const double d = static_cast<double>(k);
            placements[figures[k]] = {formation == "limbered" ? at(0, unit.elements[gun].depth / 2 + spacing * (d + 0.6))
                                                              : at((d - (static_cast<double>(count) - 1) / 2) * spacing, -spacing * 1.1),
                                      facing};
        }
        return placements;
    }
    const bool mounted = unit.arm == Arm::Horse;
    std::size_t perRank = mounted ? 6 : 6;
    double gap = spacing;
    if (formation == "column") {
        perRank = mounted ? 3 : 4;
    } else if (formation == "open") {
        gap = spacing + 25.4;
    } else if (formation == "line" && mounted) {
        perRank = std::max<std::size_t>(count, 1);
    }
    if (formation == "square") {
        // Foot in a hollow square, four a side, each facing out.
        const double half = 1.5 * spacing;
        for (std::size_t k = 0; k < count; ++k) {
            const std::size_t side = k % 4;
            const double along = (static_cast<double>(k / 4) - 1.0) * spacing;
            const double turn = facing + 90.0 * static_cast<double>(side);
            const Point out = facingVector(turn);
            const Point across = facingVector(turn + 90);
            placements[figures[k]] = {
                Point(centre.x() + out.x() * half + across.x() * along, centre.y() + out.y() * half + across.y() * along),
                normaliseDegrees(turn)};
        }
        return placements;
    }
    const std::size_t ranks = (count + perRank - 1) / std::max<std::size_t>(perRank, 1);
    for (std::size_t k = 0; k < count; ++k) {
        const std::size_t rank = k / perRank;
        const std::size_t file = k % perRank;
        const std::size_t inRank = std::min(perRank, count - rank * perRank);
        const double across = (static_cast<double>(file) - (static_cast<double>(inRank) - 1) / 2) * gap;
        const double forward = ((static_cast<double>(ranks) - 1) / 2 - static_cast<double>(rank)) * gap;
        placements[figures[k]] = {at(across, forward), facing};
    }
    return placements;
}

double moveLeft(const Unit& unit) {
    const double allowance = counter(unit, counter(unit, "rough") > 0 ? "allowance-rough" : "allowance");
    return std::max(0.0, allowance - counter(unit, "used"));
}

bool moveStraight(Step& step, const Unit& unit, const Point& from, double distance, const std::string& why, const Citation& citation) {
    const Point centre = unit.centre();
    const double length = bg::distance(centre, from);
    if (length <= 0) {
        return false;
    }
    const double millimetres = step.millimetres(distance);
    const double dx = (centre.x() - from.x()) / length * millimetres;
    const double dy = (centre.y() - from.y()) / length * millimetres;
    // Cut the move where the first figure would pass the edge.
    double share = 1.0;
    const double width = step.battle.table.width;
    const double depth = step.battle.table.depth;
    for (const Element& element : unit.elements) {
        const auto limit = [&](double position, double delta, double size) {
            if (delta > 0 && position + delta > size) {
                share = std::min(share, std::max(0.0, (size - position) / delta));
            } else if (delta < 0 && position + delta < 0) {
                share = std::min(share, std::max(0.0, position / -delta));
            }
        };
        limit(element.centre.x(), dx, width);
        limit(element.centre.y(), dy, depth);
    }
    std::vector<event::Placement> placements;
    for (const Element& element : unit.elements) {
        placements.push_back({offsetBy(element.centre, dx * share, dy * share), element.facing});
    }
    step.emit(event::Moved{unit.id, placements});
    step.outcome(why, citation);
    return share < 1.0;
}

bool gunTooFewToMove(const Unit& unit) { return unit.arm == Arm::Guns && figuresOf(unit).size() < 2; }

void resolveRollMove(Step& step, const Action& action) {
    const Unit& unit = step.unit(action.unit);
    if (counter(unit, "rolled") > 0) {
        step.refuse(unit.name + " has rolled its move already");
        return;
    }
    if (gunTooFewToMove(unit)) {
        step.ruling("lshm-guns");
        step.refuse("at least two figures are needed to move a gun (1. MOVEMENT PHASE I)");
        return;
    }
    if (!jokerShowing(step.battle).empty()) {
        jokerMove(step, unit);
        return;
    }
    rollAllowance(step, unit, 0, false);
}

namespace {

/// A unit's move along a path once it has rolled (1. MOVEMENT PHASE B): where it would
/// stand and what it would use, or why it may not go. What its preview and its
/// resolution both read, so that the one allows what the other takes.
struct PlannedMove {
    std::string refusal;
    bool rough = false;   // the path meets rough ground, or the unit met it already
    double allowance = 0; // inches, its roll's (the rough one's where rough)
    double length = 0;    // inches
    std::optional<double> facing;
    std::vector<event::Placement> placements;
    std::vector<std::string> leaders; // the leaders going with it
};

PlannedMove planMove(const Battle& battle, const Unit& unit, const Action& action) {
    PlannedMove plan;
    if (counter(unit, "rolled") <= 0) {
        plan.refusal = unit.name + " must roll its move first (the player announces the unit, then rolls)";
        return plan;
    }
    if (battle.session.value("acting", std::string()) != unit.id && battle.phase != "leaders") {
        plan.refusal = unit.name + " is not the unit moving on this card";
        return plan;
    }
    if (action.path.empty()) {
        plan.refusal = "a move needs a path";
        return plan;
    }
    if (const std::string problem = pathProblem(battle.table, action.path); !problem.empty()) {
        plan.refusal = problem;
        return plan;
    }
    plan.rough = counter(unit, "rough") > 0 || pathMeetsRough(battle, unit, action.path);
    plan.allowance = counter(unit, plan.rough ? "allowance-rough" : "allowance");
    plan.length = battle.table.toUnits(pathLength(unit.centre(), action.path));
    const double left = plan.allowance - counter(unit, "used");
    if (exceeds(plan.length, left)) {
        plan.refusal = "the path is " + inches(plan.length) + " and " + unit.name + " has " + inches(std::max(0.0, left)) + " left" +
                       (plan.rough ? " (rough ground: its highest die off)" : "");
        return plan;
    }
    plan.facing = action.facing;
    if (!plan.facing) {
        const Point from = action.path.size() > 1 ? action.path[action.path.size() - 2] : unit.centre();
        if (bg::distance(from, action.path.back()) > 0.5) {
            plan.facing = bearing(from, action.path.back());
        }
    }
    plan.placements = carried(unit, action.path.back(), plan.facing);
    if (plan.refusal = placementProblem(battle, unit, plan.placements); !plan.refusal.empty()) {
        return plan;
    }
    // Leaders accompanying the unit go with it (RULINGS.md, lshm-accompany): those named in
    // the order, and those joined to it (a command group's joker).
    std::vector<std::string> leaders = action.with;
    for (const Unit* other : leadersAttachedTo(battle, unit.id)) {
        if (!other->eliminated() && std::find(leaders.begin(), leaders.end(), other->id) == leaders.end()) {
            leaders.push_back(other->id);
        }
    }
    for (const std::string& leaderId : leaders) {
        const Unit* leader = battle.findUnit(leaderId);
        if (leader == nullptr || leader->side != unit.side || leader->arm != Arm::Leader || unitGap(battle, *leader, unit) > 6.0) {
            plan.refusal = "\"" + leaderId + "\" is not a leader of the side within 6\" of " + unit.name;
            return plan;
        }
        plan.leaders.push_back(leader->id);
    }
    return plan;
}

} // namespace

void resolveMove(Step& step, const Action& action) {
    const Unit& unit = step.unit(action.unit);
    const PlannedMove plan = planMove(step.battle, unit, action);
    if (!plan.refusal.empty()) {
        step.refuse(plan.refusal);
        return;
    }
    const bool rough = plan.rough;
    const double allowance = plan.allowance;
    const double length = plan.length;
    const std::optional<double> facing = plan.facing;
    const std::vector<event::Placement>& placements = plan.placements;
    if (rough) {
        step.ruling("lshm-rough");
        setCounter(step, unit.id, "rough", 1);
    }
    for (const std::string& leaderId : plan.leaders) {
        const Unit* leader = step.battle.findUnit(leaderId); // looked up as the move's events change the battle
        step.ruling("lshm-accompany");
        const Point centre = unit.centre();
        const Point to = action.path.back();
        std::vector<event::Placement> carriedLeader;
        for (const Element& element : leader->elements) {
            carriedLeader.push_back({offsetBy(element.centre, to.x() - centre.x(), to.y() - centre.y()), facing.value_or(element.facing)});
        }
        step.emit(event::Moved{leader->id, carriedLeader});
        addToList(step, "done", leader->id);
    }
    step.emit(event::Moved{unit.id, placements});
    setCounter(step, unit.id, "used", counter(unit, "used") + length);
    setCounter(step, unit.id, "moved", 1);
    step.outcome(unit.name + " moves " + inches(length) + ", " + inches(std::max(0.0, allowance - counter(step.unit(unit.id), "used"))) +
                     " left",
                 kMovement);
}

void resolvePlaceFigures(Step& step, const Action& action) {
    const Unit& unit = step.unit(action.unit);
    if (counter(unit, "rolled") <= 0) {
        step.refuse(unit.name + " must roll its move first (the player announces the unit, then rolls)");
        return;
    }
    std::vector<event::Placement> placements;
    for (const Element& element : unit.elements) {
        placements.push_back({element.centre, element.facing});
    }
    const double used = counter(unit, "used");
    bool anyRough = counter(unit, "rough") > 0;
    for (const ElementOrder& order : action.elements) {
        const auto found =
            std::find_if(unit.elements.begin(), unit.elements.end(), [&](const Element& e) { return e.id == order.element; });
        if (found == unit.elements.end() || !order.at) {
            step.refuse(order.at ? "\"" + order.element + "\" is not a figure of " + unit.name : "a figure's place is missing");
            return;
        }
        const bool rough = anyRough || roughBetween(step.battle, found->centre, *order.at);
        const double left = counter(unit, rough ? "allowance-rough" : "allowance") - used;
        const double length = inchesBetween(step.battle, found->centre, *order.at);
        if (exceeds(length, left)) {
            step.refuse("figure " + found->id + " would move " + inches(length) + " and has " + inches(std::max(0.0, left)) + " left" +
                        (rough ? " (rough ground)" : ""));
            return;
        }
        anyRough = anyRough || rough;
        auto& placement = placements[static_cast<std::size_t>(found - unit.elements.begin())];
        placement.centre = *order.at;
        placement.facing = order.facing.value_or(length > 0.05 ? bearing(found->centre, *order.at) : found->facing);
    }
    if (unit.formation == "open") {
        // Open order: at least 1" between each figure (Unit Formations).
        for (std::size_t i = 0; i < placements.size(); ++i) {
            for (std::size_t j = i + 1; j < placements.size(); ++j) {
                if (!present(unit.elements[i]) || !present(unit.elements[j])) {
                    continue;
                }
                const double gapBetween = inchesBetween(step.battle, placements[i].centre, placements[j].centre) -
                                          step.units(std::max(unit.elements[i].width, unit.elements[j].width));
                if (below(gapBetween, 1.0)) {
                    step.refuse("in open order figures stand at least 1\" apart: " + unit.elements[i].id + " and " + unit.elements[j].id +
                                " would be " + inches(std::max(0.0, gapBetween)) + " apart");
                    return;
                }
            }
        }
    }
    if (const std::string problem = placementProblem(step.battle, unit, placements); !problem.empty()) {
        step.refuse(problem);
        return;
    }
    step.emit(event::Moved{unit.id, placements});
    setCounter(step, unit.id, "moved", 1);
    step.outcome(unit.name + ": " + std::to_string(action.elements.size()) + " figures placed, each within its move", kMovement);
    step.unitFinished = true;
}

void resolveFace(Step& step, const Action& action) {
    const Unit& unit = step.unit(action.unit);
    if (!action.facing) {
        step.refuse("a new facing is needed");
        return;
    }
    std::vector<event::Placement> placements;
    for (const Element& element : unit.elements) {
        placements.push_back({element.centre, *action.facing});
    }
    step.emit(event::Moved{unit.id, placements});
    step.outcome(possessive(unit.name) + " figures turn to face " + std::to_string(static_cast<int>(std::lround(*action.facing))) +
                     " degrees",
                 kMovement);
}

void resolveFormation(Step& step, const Action& action) {
    const Unit& unit = step.unit(action.unit);
    const TroopType& type = typeOf(step.data, unit);
    if (std::find(type.formations.begin(), type.formations.end(), action.choice) == type.formations.end()) {
        step.refuse(type.name + " do not form " + (action.choice.empty() ? std::string("nothing") : "\"" + action.choice + "\""));
        return;
    }
    if (action.choice == unit.formation) {
        step.refuse(unit.name + " is in " + action.choice + " already");
        return;
    }
    step.ruling("lshm-formation-change");
    nlohmann::json changed = step.battle.session.value("changedFrom", nlohmann::json::object());
    if (!changed.contains(unit.id)) {
        changed[unit.id] = unit.formation;
    }
    step.emit(event::SessionSet{"changedFrom", changed});
    step.emit(event::Moved{unit.id, layout(unit, action.choice, unit.centre(), facingOf(unit))});
    step.emit(event::FormationSet{unit.id, action.choice});
    const Formation& formation = *step.data.formation(action.choice);
    step.outcome(unit.name + " forms " + formation.name + " in place", formation.source);
    if (unit.arm == Arm::Guns) {
        // Limbering or unlimbering takes the turn (1. MOVEMENT PHASE L).
        step.ruling("lshm-guns");
        step.unitFinished = true;
    }
}

namespace {

/// The figures that go prone (or stand up): present, unwounded and not so already.
std::vector<const Element*> postureChanges(const Unit& unit, bool prone) {
    std::vector<const Element*> figures;
    for (const Element& figure : unit.elements) {
        if (present(figure) && !isWounded(figure) && (figure.markers.count("prone") != 0) != prone) {
            figures.push_back(&figure);
        }
    }
    return figures;
}

std::string postureRefusal(const Unit& unit, bool prone) {
    return postureChanges(unit, prone).empty() ? unit.name + (prone ? " is prone already" : " has no prone figure to stand up")
                                               : std::string();
}

} // namespace

void resolvePosture(Step& step, const Action& action) {
    const Unit& unit = step.unit(action.unit);
    const bool prone = action.type == "go-prone";
    step.ruling("lshm-prone");
    if (const std::string refusal = postureRefusal(unit, prone); !refusal.empty()) {
        step.refuse(refusal);
        return;
    }
    for (const Element* figure : postureChanges(unit, prone)) {
        setElementMarker(step, unit, *figure, "prone", prone);
    }
    step.outcome(unit.name + (prone ? " goes prone" : " stands up") + ": its whole move", cite("B. SPECIAL RULES FOR FIRING:"));
    step.unitFinished = true;
}

std::vector<std::string> chargeTargets(const Data& data, const Battle& battle, const Unit& unit) {
    std::vector<std::string> targets;
    const MoveDice dice = moveDice(data, battle, unit, true);
    if (dice.dice <= 0 || unit.formation == "square") {
        return targets;
    }
    const double reach = 6.0 * (dice.dice - dice.dropHighest - dice.dropLowest) + 2.0;
    for (const Unit& other : battle.units) {
        if (other.side != unit.side && isBasicUnit(other) && !figuresOf(other).empty() && atMost(unitGap(battle, unit, other), reach)) {
            targets.push_back(other.id);
        }
    }
    return targets;
}

void resolveCharge(Step& step, const Action& action) {
    const Unit& unit = step.unit(action.unit);
    const Unit* target = step.battle.findUnit(action.target);
    const MoveDice dice = moveDice(step.data, step.battle, unit, true);
    if (const std::string refusal = chargeRefusal(unit, target, dice); !refusal.empty()) {
        step.refuse(refusal);
        return;
    }
    step.ruling("lshm-charge");
    const double gapBefore = unitGap(step.battle, unit, *target);
    const RollResult rolled =
        step.rollDetailed(kit::parseOrThrow(std::to_string(dice.dice) + "d6"),
                          possessive(unit.name) + " charge (" + dice.row + ", " + dice.column + ")", cite("MOVEMENT CHART"));
    const std::vector<int> faces = keptFaces(rolled, dice.dropHighest, dice.dropLowest);
    const Element* aim = nearestFigure(*target, unit.centre());
    const bool rough = chargeMeetsRough(step.battle, unit, *target);
    int total = 0;
    for (int face : faces) {
        total += face;
    }
    if (rough && !faces.empty()) {
        step.ruling("lshm-rough");
        total -= faces.back();
        step.outcome("Rough ground on the way: the highest die off", cite("1. MOVEMENT PHASE;"));
    }
    const double needed = std::max(0.0, gapBefore - 2.0);
    double goes = std::min<double>(total, needed);
    const Point centre = unit.centre();
    std::vector<event::Placement> placements =
        carried(unit, stepToward(centre, aim->centre, step.millimetres(goes)), bearing(centre, aim->centre));
    // A building it may not enter stops it short, as far on as it may stand.
    std::string stoppedBy = placementProblem(step.battle, unit, placements);
    const std::string blocked = stoppedBy;
    while (!stoppedBy.empty() && goes > 0) {
        goes = std::max(0.0, goes - 0.25);
        placements = carried(unit, stepToward(centre, aim->centre, step.millimetres(goes)), bearing(centre, aim->centre));
        stoppedBy = placementProblem(step.battle, unit, placements);
    }
    if (!blocked.empty()) {
        step.ruling("lshm-buildings");
        step.outcome(unit.name + " is stopped short: " + blocked, cite("MOUNT: Military Operations in Urban Terrain."));
        total = static_cast<int>(goes); // what it may cover: the charge falls short
    }
    step.emit(event::Moved{unit.id, placements});
    setMarker(step, unit, "charged", true);
    setCounter(step, unit.id, "moved", 1);
    // Whether the charge began out of the charged figures' sight (C. Special rules 1).
    bool seen = false;
    for (const Element* figure : figuresOf(*target)) {
        seen = seen || angleBetween(figure->facing, bearing(figure->centre, centre)) <= 90.0;
    }
    if (atMost(goes, static_cast<double>(total)) && atMost(needed, static_cast<double>(total))) {
        nlohmann::json charges = step.battle.session.value("charges", nlohmann::json::array());
        charges.push_back({{"charger", unit.id},
                           {"target", target->id},
                           {"unseen", !seen},
                           {"counter", false},
                           {"where", {target->centre().x(), target->centre().y()}}});
        step.emit(event::SessionSet{"charges", charges});
        step.outcome(unit.name + " charges " + target->name + " and stops 2\" from it, " + inches(goes) +
                         " moved; the charge is completed in the close combat phase",
                     cite("1. MOVEMENT PHASE;"));
    } else {
        step.outcome(possessive(unit.name) + " charge falls short of " + target->name + ": " + inches(total) + " of the " + inches(needed) +
                         " needed to come within 2\"",
                     cite("1. MOVEMENT PHASE;"));
    }
    step.unitFinished = true;
}

void resolveCounterCharge(Step& step, const Action& action) {
    const Unit& unit = step.unit(action.unit);
    nlohmann::json charges = step.battle.session.value("charges", nlohmann::json::array());
    bool found = false;
    for (auto& charge : charges) {
        if (charge.value("target", std::string()) == unit.id && charge.value("charger", std::string()) == action.target) {
            charge["counter"] = true;
            found = true;
        }
    }
    if (!found) {
        step.refuse(unit.name + " may counter charge only a unit that charged it this turn");
        return;
    }
    step.ruling("lshm-counter-charge");
    step.emit(event::SessionSet{"charges", charges});
    setMarker(step, unit, "charged", true);
    step.outcome(unit.name + " counter charges " + step.unit(action.target).name, cite("A. Completion of Charge Moves:"));
    step.unitFinished = true;
}

void previewMovement(const Data& data, const Battle& battle, const Unit& unit, const Action& action, Preview& preview) {
    const bool charge = action.type == "charge";
    const MoveDice dice = moveDice(data, battle, unit, charge);
    preview.facts.push_back(
        {"Movement chart", dice.row + ", " + dice.column + ": " + (dice.dice > 0 ? std::to_string(dice.dice) + " dice" : "-")});
    for (const std::string& why : dice.why) {
        preview.facts.push_back({"Less", why});
    }
    kit::showRuling(preview, data, "lshm-rough");
    if (action.type == "roll-move" || charge) {
        const Distribution odds = allowanceOdds(dice.dice, dice.dropHighest, dice.dropLowest);
        preview.odds.push_back(
            kit::oddsOf(std::string(charge ? "Charge" : "Move") + " in inches (" + std::to_string(dice.dice) + "d6)", odds));
        preview.odds.push_back(
            kit::oddsOf("In rough ground (highest die off)", allowanceOdds(dice.dice, dice.dropHighest + 1, dice.dropLowest)));
    }
    if (!jokerShowing(battle).empty() && action.type == "roll-move") {
        preview.facts.push_back({"Joker", "the unit first rolls on the Joker Movement Chart (1d6)"});
        kit::showRuling(preview, data, "lshm-joker-move");
    }
    if (charge) {
        const Unit* target = battle.findUnit(action.target);
        if (target != nullptr) {
            const double gap = unitGap(battle, unit, *target);
            const double needed = std::max(0.0, gap - 2.0);
            preview.facts.push_back({"Distance to " + target->name, inches(gap)});
            preview.facts.push_back({"Needed to come within 2\"", inches(needed)});
            // Rough ground on the way takes the highest die still kept off, as the charge
            // does: without it, a charge that could not move an inch was shown certain to
            // come within 2".
            const bool rough = chargeMeetsRough(battle, unit, *target);
            if (rough) {
                preview.facts.push_back({"Rough ground on the way", "the highest die off"});
                kit::showRuling(preview, data, "lshm-rough");
            }
            const Distribution odds = allowanceOdds(dice.dice, dice.dropHighest + (rough ? 1 : 0), dice.dropLowest);
            preview.odds.push_back(Odds{"Charge comes within 2\"",
                                        {{"reaches", odds.probabilityAtLeast(static_cast<std::int64_t>(std::ceil(needed - 1e-6)))}},
                                        {}});
        }
        kit::showRuling(preview, data, "lshm-charge");
        if (preview.refusal.empty()) {
            preview.refusal = chargeRefusal(unit, battle.findUnit(action.target), dice);
        }
    }
    if (action.type == "go-prone" || action.type == "stand-up") {
        preview.refusal = postureRefusal(unit, action.type == "go-prone");
    }
    if ((action.type == "move" || action.type == "place-figures") && counter(unit, "rolled") <= 0) {
        preview.refusal = unit.name + " rolls its move first: the player announces the unit, then rolls (1. MOVEMENT PHASE B)";
        return;
    }
    if (action.type == "move" || action.type == "place-figures") {
        preview.allowance = moveLeft(unit);
        if (!action.path.empty()) {
            preview.pathCost = battle.table.toUnits(pathLength(unit.centre(), action.path));
            if (counter(unit, "rough") <= 0 && pathMeetsRough(battle, unit, action.path)) {
                preview.facts.push_back({"Rough ground", "the path meets rough ground: " +
                                                             inches(counter(unit, "allowance-rough") - counter(unit, "used")) + " left"});
                preview.allowance = std::max(0.0, counter(unit, "allowance-rough") - counter(unit, "used"));
            }
        }
    }
    if (action.type == "move" && preview.refusal.empty()) {
        // What its resolution refuses, in its words: another unit's card, no path, a path
        // longer than the move left, a place it may not stand, a leader too far to go with it.
        preview.refusal = planMove(battle, unit, action).refusal;
    }
}

} // namespace sandtable::lshm
