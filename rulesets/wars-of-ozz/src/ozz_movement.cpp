#include "ozz_movement.h"

#include "ozz_geometry.h"
#include "sandtable/battle_geometry.h"
#include "sandtable/kit/modifier_check.h"
#include "sandtable/measure.h"

#include <algorithm>
#include <cmath>
#include <sstream>

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

// Cost of one inch of ground: 1 in the open, 2 at ½, 4 at ¼; the worst area counts.
double groundFactor(const ModifierList& list, const Battle& battle, const Point& at, std::string& where) {
    double factor = 1;
    for (const TerrainArea& area : battle.areas) {
        std::string id;
        switch (area.type) {
        case AreaType::Woods:
            id = "woods";
            break;
        case AreaType::Rough:
        case AreaType::Marsh:
        case AreaType::BuiltUp:
            id = "rough";
            break;
        default:
            continue;
        }
        if (!bg::within(at, area.outline)) {
            continue;
        }
        const Modifier* modifier = list.find(id);
        if (modifier == nullptr) {
            continue;
        }
        const double areaFactor = 1.0 / boost::rational_cast<double>(modifier->amount);
        if (areaFactor > factor) {
            factor = areaFactor;
            where = id;
        }
    }
    return factor;
}

bool inWater(const Battle& battle, const Point& at) {
    return std::any_of(battle.areas.begin(), battle.areas.end(),
                       [&](const TerrainArea& area) { return area.type == AreaType::Water && bg::within(at, area.outline); });
}

bool nearBridge(const Battle& battle, const Point& at) {
    const double inch = battle.table.fromUnits(1);
    return std::any_of(battle.lines.begin(), battle.lines.end(),
                       [&](const TerrainLine& line) { return line.type == LineType::Bridge && bg::distance(at, line.path) <= inch; });
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

namespace {

// Where a leg meets the edge of any area or any line, as fractions 0-1 along it, so that
// each piece between two of them lies wholly in or out of every area and crosses nothing.
std::vector<double> breakpoints(const Battle& battle, const Point& a, const Point& b) {
    std::vector<double> ts{0.0, 1.0};
    const Path leg{a, b};
    const double length = bg::distance(a, b);
    auto addPoints = [&](const std::vector<Point>& points) {
        for (const Point& point : points) {
            ts.push_back(std::clamp(bg::distance(a, point) / length, 0.0, 1.0));
        }
    };
    for (const TerrainArea& area : battle.areas) {
        Path ring(area.outline.outer().begin(), area.outline.outer().end());
        std::vector<Point> points;
        bg::intersection(leg, ring, points);
        addPoints(points);
    }
    for (const TerrainLine& line : battle.lines) {
        std::vector<Point> points;
        bg::intersection(leg, line.path, points);
        addPoints(points);
    }
    std::sort(ts.begin(), ts.end());
    ts.erase(std::unique(ts.begin(), ts.end(), [](double x, double y) { return measure::negligible(y - x); }), ts.end());
    return ts;
}

Point lerp(const Point& a, const Point& b, double t) { return Point(a.x() + (b.x() - a.x()) * t, a.y() + (b.y() - a.y()) * t); }

} // namespace

PathCost pathCost(const Data& data, const Battle& battle, const Unit& unit, const Path& path, std::optional<double> budget) {
    PathCost result;
    const ModifierList& list = moveModifiers(data, unit);
    const double facing = unit.elements.empty() ? 0 : unit.elements.front().facing;
    double woods = 0, rough = 0, sideways = 0;
    int obstacles = 0, contours = 0;
    bool spent = false;
    if (!path.empty()) {
        result.affordable.push_back(path.front());
    }
    // Pays `cost` to reach `to`; with a budget, stops part-way when `perInch` allows.
    auto pay = [&](const Point& from, const Point& to, double cost, double perInch) {
        if (spent || !budget) {
            return;
        }
        if (measure::atMost(result.affordableCost + cost, *budget)) {
            result.affordableCost += cost;
            result.affordable.push_back(to);
            return;
        }
        spent = true;
        if (perInch > 0) {
            const double inches = (*budget - result.affordableCost) / perInch;
            const double fraction = std::clamp(battle.table.fromUnits(inches) / bg::distance(from, to), 0.0, 1.0);
            if (fraction > 0) {
                result.affordable.push_back(lerp(from, to, fraction));
                result.affordableCost += perInch * battle.table.toUnits(bg::distance(from, lerp(from, to, fraction)));
            }
        }
    };
    for (std::size_t i = 1; i < path.size(); ++i) {
        const Point a = path[i - 1];
        const Point b = path[i];
        if (bg::distance(a, b) <= 0) {
            continue;
        }
        const bool offFacing = measure::exceeds(angleBetween(bearing(a, b), facing), 45.0);
        if (offFacing && list.find("sideways-backward-disordered") == nullptr && dashesForbid(battle)) {
            result.refusal = unit.name + " may not move sideways or backward: face first (RULINGS.md, ozz-artillery-dashes)";
            return result;
        }
        const std::vector<double> ts = breakpoints(battle, a, b);
        for (std::size_t k = 1; k < ts.size(); ++k) {
            const Point p = lerp(a, b, ts[k - 1]);
            const Point q = lerp(a, b, ts[k]);
            const Point mid = lerp(a, b, (ts[k - 1] + ts[k]) / 2);
            if (inWater(battle, mid)) {
                result.refusal = unit.name + " may not enter water (RULINGS.md, ozz-watercourses)";
                return result;
            }
            // Crossing into this piece: the lines at its start, and a contour climbed.
            double crossing = 0;
            if (k > 1) {
                const Point before = lerp(a, b, (ts[k - 2] + ts[k - 1]) / 2);
                const Segment step(before, mid);
                for (const TerrainLine& line : battle.lines) {
                    if (!bg::intersects(step, line.path)) {
                        continue;
                    }
                    const std::string name = line.name.empty() ? toString(line.type) : line.name;
                    const bool riverLike = line.type == LineType::River || line.impassableTo.count(toString(unit.arm)) != 0;
                    if (riverLike && !nearBridge(battle, p)) {
                        result.refusal = unit.name + " may not cross " + name + " here (RULINGS.md, ozz-watercourses)";
                        return result;
                    }
                    if (line.isObstacle()) {
                        const Modifier* obstacle = list.find("linear-obstacle");
                        if (obstacle == nullptr) {
                            result.refusal = unit.name + " may not cross " + name +
                                             ": artillery may not cross a linear obstacle (RULINGS.md, ozz-artillery-dashes)";
                            return result;
                        }
                        crossing += -boost::rational_cast<double>(obstacle->amount);
                        ++obstacles;
                    }
                }
                const int climbed = groundLevel(battle, mid) - groundLevel(battle, before);
                if (climbed > 0) {
                    const Modifier* contour = list.find("contour");
                    crossing += climbed * (contour != nullptr ? -boost::rational_cast<double>(contour->amount) : 2.0);
                    contours += climbed;
                }
            }
            if (crossing > 0) {
                result.cost += crossing;
                pay(p, p, crossing, 0);
            }
            std::string where;
            double factor = groundFactor(list, battle, mid, where);
            const double inches = battle.table.toUnits(bg::distance(p, q));
            if (where == "woods") {
                woods += inches;
            } else if (where == "rough") {
                rough += inches;
            }
            if (offFacing) {
                factor *= 2;
                sideways += inches;
            }
            result.length += inches;
            result.cost += inches * factor;
            pay(p, q, inches * factor, factor);
        }
    }
    if (!budget) {
        result.affordable = path;
        result.affordableCost = result.cost;
    }
    std::ostringstream woodsText, roughText, sidewaysText;
    woodsText << inches(woods) << " through woods";
    roughText << inches(rough) << " through rough ground";
    sidewaysText << inches(sideways) << " sideways or backward";
    result.checks.push_back(check(list, "woods", woods > 0 ? 1 : 0, woodsText.str()));
    result.checks.push_back(check(list, "rough", rough > 0 ? 1 : 0, roughText.str()));
    if (list.find("sideways-backward-disordered") != nullptr) {
        result.checks.push_back(check(list, "sideways-backward-disordered", sideways > 0 ? 1 : 0, sidewaysText.str()));
    }
    if (list.find("linear-obstacle") != nullptr) {
        result.checks.push_back(check(list, "linear-obstacle", obstacles, std::to_string(obstacles) + " linear obstacle(s) crossed"));
    }
    result.checks.push_back(check(list, "contour", contours, std::to_string(contours) + " contour(s) climbed"));
    return result;
}

} // namespace sandtable::ozz
