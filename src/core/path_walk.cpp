// One walk of a path through the terrain, and its price. Every ruleset prices movement
// here from its own costs (PathPrices), so the geometry of a move (where a path enters
// an area, which lines and contours it crosses, whether it is by a bridge) is worked
// out once.
#include "sandtable/path_walk.h"

#include "sandtable/battle_geometry.h"
#include "sandtable/measure.h"

#include <algorithm>
#include <cmath>

namespace sandtable {

namespace bg = boost::geometry;

namespace {

Point lerp(const Point& a, const Point& b, double t) { return Point(a.x() + (b.x() - a.x()) * t, a.y() + (b.y() - a.y()) * t); }

using Envelope = bg::model::box<Point>;

/// Each area's bounding box, in the battle's order: an area whose box a leg misses has no
/// edge on it and no point of it inside, ruled out before the exact tests, which cost far
/// more (every move previewed walks its path, and most areas lie far from it).
std::vector<Envelope> areaEnvelopes(const Battle& battle) {
    std::vector<Envelope> envelopes;
    envelopes.reserve(battle.areas.size());
    for (const TerrainArea& area : battle.areas) {
        envelopes.push_back(bg::return_envelope<Envelope>(area.outline));
    }
    return envelopes;
}

/// Where a leg meets the edge of any area or any line (`lines`, already found), as
/// fractions 0-1 along it, so that each piece between two of them lies wholly in or out
/// of every area.
std::vector<double> breakpoints(const Battle& battle, const std::vector<Envelope>& envelopes, const Point& a, const Point& b,
                                const std::vector<std::pair<double, LineCrossing>>& lines) {
    std::vector<double> ts{0.0, 1.0};
    const Path leg{a, b};
    const Envelope legBox = bg::return_envelope<Envelope>(leg);
    const double length = bg::distance(a, b);
    auto addPoints = [&](const std::vector<Point>& points) {
        for (const Point& point : points) {
            ts.push_back(std::clamp(bg::distance(a, point) / length, 0.0, 1.0));
        }
    };
    for (std::size_t i = 0; i < battle.areas.size(); ++i) {
        const TerrainArea& area = battle.areas[i];
        if (bg::disjoint(legBox, envelopes[i])) {
            continue;
        }
        const Path ring(area.outline.outer().begin(), area.outline.outer().end());
        std::vector<Point> points;
        bg::intersection(leg, ring, points);
        addPoints(points);
    }
    for (const auto& [t, crossing] : lines) {
        ts.push_back(t);
    }
    std::sort(ts.begin(), ts.end());
    ts.erase(std::unique(ts.begin(), ts.end(), [](double x, double y) { return measure::negligible(y - x); }), ts.end());
    return ts;
}

Point centroid(const Polygon& polygon) {
    Point centre(0, 0);
    bg::centroid(polygon, centre);
    return centre;
}

bool byBridge(const Battle& battle, const Point& at, double reachMm) {
    return std::any_of(battle.lines.begin(), battle.lines.end(),
                       [&](const TerrainLine& line) { return line.type == LineType::Bridge && bg::distance(at, line.path) <= reachMm; });
}

/// The boxes after `from` on the way to `to`, each next to the one before. By value:
/// `route` grows as the steps are added, and `from` is its last box.
void stepBetween(const Box from, const Box to, GridSteps steps, std::vector<Box>& route) {
    const int dc = to.column - from.column;
    const int dr = to.row - from.row;
    if (steps == GridSteps::Diagonal) {
        // One step for each box of the longer way, the shorter rounded along the line.
        const int count = std::max(std::abs(dc), std::abs(dr));
        for (int i = 1; i <= count; ++i) {
            route.push_back({from.column + static_cast<int>(std::lround(static_cast<double>(dc) * i / count)),
                             from.row + static_cast<int>(std::lround(static_cast<double>(dr) * i / count))});
        }
        return;
    }
    // Along rows and columns: at each step, the way that keeps nearer the straight line.
    Box at = from;
    int columns = 0;
    int rows = 0;
    while (columns < std::abs(dc) || rows < std::abs(dr)) {
        const bool alongRow =
            rows == std::abs(dr) || (columns < std::abs(dc) && (columns + 0.5) * std::abs(dr) < (rows + 0.5) * std::abs(dc));
        if (alongRow) {
            at.column += dc > 0 ? 1 : -1;
            ++columns;
        } else {
            at.row += dr > 0 ? 1 : -1;
            ++rows;
        }
        route.push_back(at);
    }
}

std::vector<PathStretch> walkBoxes(const Battle& battle, const Path& path, GridSteps steps) {
    std::vector<PathStretch> stretches;
    const std::vector<Box> route = boxRoute(battle.table, path, steps);
    for (std::size_t i = 1; i < route.size(); ++i) {
        PathStretch stretch;
        stretch.from = battle.table.boxCentre(route[i - 1]);
        stretch.to = battle.table.boxCentre(route[i]);
        stretch.length = battle.table.boxSize;
        stretch.heading = bearing(stretch.from, stretch.to);
        for (const TerrainArea& area : battle.areas) {
            if (bg::within(stretch.to, area.outline)) {
                stretch.areas.push_back(&area);
            }
        }
        for (const TerrainLine& line : battle.lines) {
            std::vector<Point> points;
            bg::intersection(Path{stretch.from, stretch.to}, line.path, points);
            // A line through the centre left was crossed on the step into it.
            for (const Point& point : points) {
                if (!measure::negligible(bg::distance(point, stretch.from))) {
                    stretch.crossings.push_back({&line, point});
                }
            }
        }
        stretch.contoursClimbed = groundLevel(battle, stretch.to) - groundLevel(battle, stretch.from);
        stretches.push_back(std::move(stretch));
    }
    return stretches;
}

} // namespace

std::vector<Box> boxRoute(const Table& table, const Path& path, GridSteps steps) {
    std::vector<Box> route;
    for (const Point& point : path) {
        const Box box = table.boxAt(point);
        if (route.empty()) {
            route.push_back(box);
        } else if (!(box == route.back())) {
            stepBetween(route.back(), box, steps, route);
        }
    }
    return route;
}

std::vector<PathStretch> walkPath(const Battle& battle, const Path& path, GridSteps steps) {
    if (battle.table.gridded()) {
        return walkBoxes(battle, path, steps);
    }
    std::vector<PathStretch> stretches;
    std::vector<LineCrossing> carried; // met at the end of a leg: crossed into the next one
    std::optional<int> lastLevel;
    const std::vector<Envelope> envelopes = areaEnvelopes(battle);
    for (std::size_t leg = 1; leg < path.size(); ++leg) {
        const Point a = path[leg - 1];
        const Point b = path[leg];
        const double legLength = bg::distance(a, b);
        if (measure::negligible(legLength)) {
            continue;
        }
        // Each line's crossings, by where along the leg they are.
        std::vector<std::pair<double, LineCrossing>> met;
        const auto legBox = bg::return_envelope<bg::model::box<Point>>(Path{a, b});
        for (const TerrainLine& line : battle.lines) {
            // A line whose bounding box the leg's misses is not crossed: ruled out before
            // the exact intersection, which costs far more (every move previewed walks this).
            if (bg::disjoint(legBox, bg::return_envelope<bg::model::box<Point>>(line.path))) {
                continue;
            }
            std::vector<Point> points;
            bg::intersection(Path{a, b}, line.path, points);
            for (const Point& point : points) {
                met.emplace_back(std::clamp(bg::distance(a, point) / legLength, 0.0, 1.0), LineCrossing{&line, point});
            }
        }
        const std::vector<double> ts = breakpoints(battle, envelopes, a, b, met);
        for (std::size_t k = 1; k < ts.size(); ++k) {
            PathStretch stretch;
            stretch.from = lerp(a, b, ts[k - 1]);
            stretch.to = lerp(a, b, ts[k]);
            stretch.length = bg::distance(stretch.from, stretch.to);
            stretch.heading = bearing(a, b);
            const Point middle = lerp(a, b, (ts[k - 1] + ts[k]) / 2);
            for (std::size_t i = 0; i < battle.areas.size(); ++i) {
                if (bg::covered_by(middle, envelopes[i]) && bg::within(middle, battle.areas[i].outline)) {
                    stretch.areas.push_back(&battle.areas[i]);
                }
            }
            if (k == 1) {
                stretch.crossings = std::move(carried);
                carried.clear();
            }
            for (const auto& [t, crossing] : met) {
                // A crossing at the leg's start was met at the end of the leg before (or
                // is where the path starts); one at its end is crossed into the next leg.
                if (k > 1 && measure::negligible(t - ts[k - 1])) {
                    stretch.crossings.push_back(crossing);
                }
            }
            const int level = groundLevel(battle, middle);
            stretch.contoursClimbed = lastLevel ? level - *lastLevel : 0;
            lastLevel = level;
            stretches.push_back(std::move(stretch));
        }
        for (const auto& [t, crossing] : met) {
            if (measure::negligible(1 - t)) {
                carried.push_back(crossing);
            }
        }
    }
    return stretches;
}

bool directlyDownhill(const Battle& battle, const TerrainArea& hill, const Point& at, double heading) {
    if (hill.type != AreaType::Hill) {
        return false;
    }
    Point top = centroid(hill.outline);
    int best = hill.level;
    for (const TerrainArea& other : battle.areas) {
        if (other.type == AreaType::Hill && other.level > best && bg::within(centroid(other.outline), hill.outline)) {
            best = other.level;
            top = centroid(other.outline);
        }
    }
    if (measure::negligible(bg::distance(top, at))) {
        return false;
    }
    return measure::atMost(angleBetween(bearing(top, at), heading), 45);
}

GroundCost PathPrices::ground(const TerrainArea& area) const {
    if (areaTerms) {
        if (auto agreed = areaTerms(area)) {
            return *agreed;
        }
    }
    const auto found = areas.find(area.type);
    return found == areas.end() ? GroundCost{} : found->second;
}

CrossingCost PathPrices::crossing(const TerrainLine& line) const {
    if (line.impassableTo.count(arm) != 0) {
        CrossingCost cost;
        cost.impassable = true;
        cost.why = "impassable to " + arm;
        return cost;
    }
    if (lineTerms) {
        if (auto agreed = lineTerms(line)) {
            return *agreed;
        }
    }
    const auto found = lines.find(line.type);
    return found == lines.end() ? CrossingCost{} : found->second;
}

double PathPrice::lengthIn(const std::string& tally) const {
    double total = 0;
    for (const Slowed& slow : slowed) {
        total += slow.cost.tally == tally ? slow.length : 0;
    }
    return total;
}

int PathPrice::crossings(const std::string& tally) const {
    return static_cast<int>(
        std::count_if(crossed.begin(), crossed.end(), [&](const Crossed& cross) { return !cross.byBridge && cross.cost.tally == tally; }));
}

std::string featureName(const TerrainArea& area) { return area.name.empty() ? toString(area.type) : area.name; }
std::string featureName(const TerrainLine& line) { return line.name.empty() ? toString(line.type) : line.name; }

namespace {

std::string because(const std::string& why) { return why.empty() ? "" : " (" + why + ")"; }

/// Pays a path's costs in order against an optional budget, cutting the path where it
/// runs out.
class Purse {
public:
    Purse(const Battle& battle, PathPrice& price, std::optional<double> budget) : m_table(battle.table), m_price(price), m_budget(budget) {}

    /// Pays `cost` (table units) to reach `to` from `from`, at `perLength` when it may stop part-way.
    void pay(const Point& from, const Point& to, double cost, double perLength) {
        m_price.cost += cost;
        if (m_spent || !m_budget) {
            return;
        }
        if (measure::atMost(m_price.affordableCost + cost, *m_budget)) {
            m_price.affordableCost += cost;
            if (!bg::equals(m_price.affordable.back(), to)) {
                m_price.affordable.push_back(to);
            }
            return;
        }
        m_spent = true;
        const double length = bg::distance(from, to);
        if (perLength > 0 && length > 0) {
            const double units = (*m_budget - m_price.affordableCost) / perLength;
            const double fraction = std::clamp(m_table.fromUnits(units) / length, 0.0, 1.0);
            if (fraction > 0) {
                const Point stop = lerp(from, to, fraction);
                m_price.affordable.push_back(stop);
                m_price.affordableCost += perLength * m_table.toUnits(bg::distance(from, stop));
            }
        }
    }

private:
    const Table& m_table;
    PathPrice& m_price;
    std::optional<double> m_budget;
    bool m_spent = false;
};

} // namespace

PathPrice pricePath(const Battle& battle, const Unit& unit, const Path& path, const PathPrices& prices, std::optional<double> budget) {
    PathPrice price;
    if (!path.empty()) {
        price.affordable.push_back(path.front());
    }
    Purse purse(battle, price, budget);
    // In boxes, a step is paid whole or not taken: the move stops in a box, not between.
    const bool gridded = battle.table.gridded();
    const std::vector<PathStretch> stretches = walkPath(battle, path, prices.gridSteps);
    for (const PathStretch& stretch : stretches) {
        const bool offFacing = prices.facing && measure::exceeds(angleBetween(stretch.heading, *prices.facing), 45.0);
        if (offFacing && prices.offFacing.impassable) {
            price.refusal = unit.name + " may not move sideways or backward: face first" + because(prices.offFacing.why);
            return price;
        }
        // What is crossed on the way in.
        double crossingCost = 0;
        for (const LineCrossing& met : stretch.crossings) {
            if (byBridge(battle, met.at, battle.table.fromUnits(prices.bridgeReach))) {
                price.crossed.push_back({met.line, true, CrossingCost{}});
                continue;
            }
            const CrossingCost cost = prices.crossing(*met.line);
            if (cost.impassable) {
                price.refusal = unit.name + " cannot cross " + featureName(*met.line) + " here" + because(cost.why);
                return price;
            }
            price.crossed.push_back({met.line, false, cost});
            // A share of a move includes the path it takes to get a base over.
            crossingCost +=
                cost.fixed + (cost.shareOfMove > 0 ? std::max(0.0, cost.shareOfMove * prices.allowance - prices.shareIncludes) : 0.0);
        }
        if (stretch.contoursClimbed > 0) {
            if (prices.contour.impassable) {
                price.refusal = unit.name + " cannot climb here" + because(prices.contour.why);
                return price;
            }
            crossingCost += stretch.contoursClimbed * prices.contour.allowanceFor(prices.allowance);
            price.contoursClimbed += stretch.contoursClimbed;
        }
        if (crossingCost > 0) {
            purse.pay(stretch.from, stretch.from, crossingCost, 0);
        }
        // The stretch itself, at its worst ground.
        GroundCost worst;
        const TerrainArea* slowest = nullptr;
        const Point middle = lerp(stretch.from, stretch.to, 0.5);
        for (const TerrainArea* area : stretch.areas) {
            GroundCost cost = prices.ground(*area);
            if (cost.impassable) {
                price.refusal = unit.name + " cannot enter " + featureName(*area) + because(cost.why);
                return price;
            }
            if (cost.fullSpeedDownhill && directlyDownhill(battle, *area, middle, stretch.heading)) {
                cost.perLength = 1;
            }
            if (cost.perLength > worst.perLength) {
                worst = cost;
                slowest = area;
            }
        }
        const double length = battle.table.toUnits(stretch.length);
        price.length += length;
        if (slowest != nullptr) {
            auto slowed = std::find_if(price.slowed.begin(), price.slowed.end(), [&](const PathPrice::Slowed& slow) {
                return slow.area == slowest && slow.cost.perLength == worst.perLength;
            });
            if (slowed == price.slowed.end()) {
                price.slowed.push_back({slowest, worst, 0});
                slowed = price.slowed.end() - 1;
            }
            slowed->length += length;
        }
        double perLength = worst.perLength;
        if (offFacing) {
            perLength *= prices.offFacing.perLength;
            price.offFacingLength += length;
        }
        purse.pay(stretch.from, stretch.to, length * perLength, gridded ? 0.0 : perLength);
    }
    if (!budget) {
        price.affordable = path;
        price.affordableCost = price.cost;
        if (gridded) {
            // From where it stands, box centre to box centre.
            price.affordable.resize(std::min<std::size_t>(1, path.size()));
            for (const PathStretch& stretch : stretches) {
                price.affordable.push_back(stretch.to);
            }
        }
    }
    return price;
}

} // namespace sandtable
