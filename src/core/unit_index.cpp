#include "sandtable/unit_index.h"

#include "sandtable/battle.h"
#include "sandtable/battle_geometry.h"

#include <algorithm>
#include <boost/geometry/index/rtree.hpp>
#include <cmath>
#include <limits>

namespace sandtable {

namespace {

/// At most this many squares a side: a finer grid costs more to file than it spares.
constexpr int kMostSquares = 256;

namespace bgi = boost::geometry::index;
using TreeBox = boost::geometry::model::box<Point>;
/// A side's units by the upright boxes round their bases: the value a position in
/// battle.units. An R* tree, for its nearest-first queries on units that move.
using BoxTree = bgi::rtree<std::pair<TreeBox, std::size_t>, bgi::rstar<16>>;

TreeBox boxFrom(const UprightBox& box) { return TreeBox(box.low, box.high); }

/// The box round bases, each by the circle it may turn in.
struct Bounds {
    double left = std::numeric_limits<double>::max();
    double top = std::numeric_limits<double>::max();
    double right = std::numeric_limits<double>::lowest();
    double bottom = std::numeric_limits<double>::lowest();

    void add(const Element& element) {
        const double reach = reachOf(element);
        left = std::min(left, element.centre.x() - reach);
        right = std::max(right, element.centre.x() + reach);
        top = std::min(top, element.centre.y() - reach);
        bottom = std::max(bottom, element.centre.y() + reach);
    }
};

} // namespace

struct UnitIndex::BoxTrees {
    std::vector<BoxTree> ofSide;
};

UnitIndex::~UnitIndex() = default;

UnitIndex::UnitIndex(const Battle& battle) : m_trees(std::make_unique<BoxTrees>()) {
    Bounds bounds;
    double reaches = 0;
    std::size_t bases = 0;
    for (std::size_t i = 0; i < battle.units.size(); ++i) {
        const Unit& unit = battle.units[i];
        m_positions.emplace(unit.id, i);
        if (unit.arm == Arm::Leader) {
            m_leaders.push_back(i);
        }
        for (const Element& element : unit.elements) {
            bounds.add(element);
            reaches += reachOf(element);
            ++bases;
        }
    }
    const double left = bounds.left;
    const double top = bounds.top;
    const double right = bounds.right;
    const double bottom = bounds.bottom;
    if (bases == 0 || !std::isfinite(left + right + top + bottom)) {
        return; // nothing filed: near() falls back to every unit
    }
    // Squares about two bases across, fewer on a table too large for that.
    const double extent = std::max(right - left, bottom - top);
    m_cell = std::max({4 * reaches / static_cast<double>(bases), extent / kMostSquares, 1.0});
    m_left = left;
    m_top = top;
    m_columns = static_cast<int>((right - left) / m_cell) + 1;
    m_rows = static_cast<int>((bottom - top) / m_cell) + 1;
    const std::size_t squares = static_cast<std::size_t>(m_columns) * static_cast<std::size_t>(m_rows);
    m_grids.emplace_back(squares);
    m_gridOf.assign(battle.units.size(), 0);
    m_coveredBy.resize(battle.units.size());
    m_boxes.assign(battle.units.size(), UprightBox{Point(0, 0), Point(0, 0)}); // a unit with no bases keeps this
    for (std::size_t i = 0; i < battle.units.size(); ++i) {
        const Unit& unit = battle.units[i];
        if (unit.elements.empty()) {
            continue;
        }
        if (std::find(m_sides.begin(), m_sides.end(), unit.side) == m_sides.end()) {
            m_sides.push_back(unit.side);
            m_grids.emplace_back(squares);
            m_trees->ofSide.emplace_back();
        }
        fileUnit(unit, i); // the grid holds every base: it was drawn round them
    }
}

template <typename Visit> void UnitIndex::forEachSquare(const Squares& squares, std::size_t ofSide, const Visit& visit) {
    for (int row = squares.r0; row <= squares.r1; ++row) {
        for (int column = squares.c0; column <= squares.c1; ++column) {
            const std::size_t at = static_cast<std::size_t>(row) * static_cast<std::size_t>(m_columns) + column;
            visit(m_grids[0][at]);
            if (ofSide != 0) {
                visit(m_grids[ofSide][at]);
            }
        }
    }
}

bool UnitIndex::fileUnit(const Unit& unit, std::size_t position) {
    std::vector<Squares>& covered = m_coveredBy[position];
    covered.clear();
    m_gridOf[position] = 0;
    m_boxes[position] = uprightBoxOf(unit);
    if (unit.elements.empty()) {
        return true;
    }
    const auto side = std::find(m_sides.begin(), m_sides.end(), unit.side);
    if (side == m_sides.end()) {
        return false;
    }
    const std::size_t ofSide = static_cast<std::size_t>(side - m_sides.begin()) + 1;
    m_gridOf[position] = ofSide;
    const double right = m_left + m_columns * m_cell;
    const double bottom = m_top + m_rows * m_cell;
    for (const Element& element : unit.elements) {
        const double reach = reachOf(element);
        const Point low(element.centre.x() - reach, element.centre.y() - reach);
        const Point high(element.centre.x() + reach, element.centre.y() + reach);
        // Not `<` but `!(>=)`: a base not a number is off the grid too.
        if (!(low.x() >= m_left && low.y() >= m_top && high.x() < right && high.y() < bottom)) {
            return false;
        }
        covered.push_back(squaresOf(low, high, 0));
    }
    m_trees->ofSide[ofSide - 1].insert({boxFrom(m_boxes[position]), position});
    for (const Squares& squares : covered) {
        forEachSquare(squares, ofSide, [&](std::vector<std::size_t>& square) {
            // Each square's units in the battle's order, once: as filing them in turn gives.
            const auto place = std::lower_bound(square.begin(), square.end(), position);
            if (place == square.end() || *place != position) {
                square.insert(place, position);
            }
        });
    }
    return true;
}

bool UnitIndex::refile(const Battle& battle, const std::vector<std::size_t>& moved) {
    if (battle.units.size() != m_gridOf.size() || m_grids.empty()) {
        return false;
    }
    for (const std::size_t position : moved) {
        if (position >= battle.units.size()) {
            return false;
        }
        // Out of the squares it was filed in (a square's units are few: the erase is cheap).
        const std::size_t ofSide = m_gridOf[position];
        for (const Squares& squares : m_coveredBy[position]) {
            forEachSquare(squares, ofSide, [&](std::vector<std::size_t>& square) {
                const auto place = std::lower_bound(square.begin(), square.end(), position);
                if (place != square.end() && *place == position) {
                    square.erase(place);
                }
            });
        }
        if (ofSide != 0) {
            m_trees->ofSide[ofSide - 1].remove({boxFrom(m_boxes[position]), position});
        }
        if (!fileUnit(battle.units[position], position)) {
            return false;
        }
    }
    return true;
}

UnitIndex::Squares UnitIndex::squaresOf(const Point& low, const Point& high, double margin) const {
    // Clamped in doubles first: a box far off the grid (or not a number) must not overflow.
    const auto index = [&](double at, double origin, int count) {
        const double square = std::floor((at - origin) / m_cell);
        return square != square ? 0 : static_cast<int>(std::clamp(square, 0.0, static_cast<double>(count - 1)));
    };
    return {index(std::min(low.x(), high.x()) - margin, m_left, m_columns), index(std::max(low.x(), high.x()) + margin, m_left, m_columns),
            index(std::min(low.y(), high.y()) - margin, m_top, m_rows), index(std::max(low.y(), high.y()) + margin, m_top, m_rows)};
}

void UnitIndex::gather(const Squares& squares, std::size_t grid, std::vector<std::size_t>& found) const {
    for (int row = squares.r0; row <= squares.r1; ++row) {
        for (int column = squares.c0; column <= squares.c1; ++column) {
            const std::vector<std::size_t>& square =
                m_grids[grid][static_cast<std::size_t>(row) * static_cast<std::size_t>(m_columns) + column];
            found.insert(found.end(), square.begin(), square.end());
        }
    }
}

std::vector<std::size_t> UnitIndex::near(const Point& low, const Point& high, double margin) const {
    std::vector<std::size_t> found;
    if (!m_grids.empty()) {
        gather(squaresOf(low, high, margin), 0, found);
        std::sort(found.begin(), found.end());
        found.erase(std::unique(found.begin(), found.end()), found.end());
    }
    return found;
}

std::vector<std::size_t> UnitIndex::near(const Point& low, const Point& high, double margin, const std::string& notOfSide) const {
    std::vector<std::size_t> found;
    if (!m_grids.empty()) {
        const Squares squares = squaresOf(low, high, margin);
        for (std::size_t side = 0; side < m_sides.size(); ++side) {
            if (m_sides[side] != notOfSide) {
                gather(squares, side + 1, found);
            }
        }
        std::sort(found.begin(), found.end());
        found.erase(std::unique(found.begin(), found.end()), found.end());
    }
    return found;
}

void UnitIndex::nearestFirst(const UprightBox& box, const std::string& notOfSide,
                             const std::function<bool(std::size_t, double)>& visit) const {
    // Rounds of the few nearest of each other side's tree, four times as many each round
    // (the nearest enemy is mostly in the first): an unbounded nearest-first query of
    // Boost's R-tree sorts each node it opens, and cost more than the rings of squares it
    // replaced. A round visits, nearest first, the units no farther than the farthest
    // found in each tree that may hold more: any unit not found is at least that far.
    const TreeBox from = boxFrom(box);
    std::vector<std::pair<TreeBox, std::size_t>> values;
    std::vector<std::pair<double, std::size_t>> found;
    std::vector<std::size_t> visited; // of the earlier rounds, as far as their bound
    double visitedTo = -1;            // the farthest of them
    for (std::size_t most = 4;; most *= 4) {
        found.clear();
        double bound = std::numeric_limits<double>::infinity();
        for (std::size_t side = 0; side < m_sides.size(); ++side) {
            const BoxTree& tree = m_trees->ofSide[side];
            if (m_sides[side] == notOfSide) {
                continue;
            }
            values.clear();
            tree.query(bgi::nearest(from, static_cast<unsigned>(most)), std::back_inserter(values));
            double farthest = 0;
            for (const auto& [_, position] : values) {
                const double gap = gapAtLeast(box, boxOf(position));
                farthest = std::max(farthest, gap);
                // Only a unit as far as the last visited may have been visited already.
                if (gap > visitedTo || (gap == visitedTo && std::find(visited.begin(), visited.end(), position) == visited.end())) {
                    found.emplace_back(gap, position);
                }
            }
            if (values.size() < tree.size()) {
                bound = std::min(bound, farthest);
            }
        }
        std::sort(found.begin(), found.end());
        for (const auto& [gap, position] : found) {
            if (gap > bound) {
                break;
            }
            if (!visit(position, gap)) {
                return;
            }
            visited.push_back(position);
            visitedTo = gap;
        }
        if (bound == std::numeric_limits<double>::infinity()) {
            return; // every unit found, and visited
        }
    }
}

std::ptrdiff_t UnitIndex::positionOf(const std::string& id) const {
    const auto it = m_positions.find(id);
    return it == m_positions.end() ? -1 : static_cast<std::ptrdiff_t>(it->second);
}

void UnitIndexSlot::file(const Battle& battle) {
    if (m_index && m_moved.empty()) {
        return; // no event has moved a base since it was filed: a pass, a marker, a fire order
    }
    // Refiled in place only where nobody else holds it (a resolution's copy shares it while
    // it lasts): an index another battle reads must not change under it.
    if (!(m_index && m_index.use_count() == 1 && !m_moved.empty() && m_index->refile(battle, m_moved))) {
        m_index = std::make_shared<UnitIndex>(battle);
    }
    m_moved.clear();
}

std::vector<const Unit*> unitsNear(const Battle& battle, const Point& low, const Point& high, double margin) {
    std::vector<const Unit*> units;
    const UnitIndex* index = battle.index.get();
    if (index == nullptr) {
        units.reserve(battle.units.size());
        for (const Unit& unit : battle.units) {
            units.push_back(&unit);
        }
        return units;
    }
    for (const std::size_t position : index->near(low, high, margin)) {
        units.push_back(&battle.units[position]);
    }
    return units;
}

namespace {

/// The box round a unit's bases (a unit with none: a point and no limit to the margin).
void boundsOf(const Unit& unit, Point& low, Point& high, double& margin) {
    Bounds bounds;
    for (const Element& element : unit.elements) {
        bounds.add(element);
    }
    if (unit.elements.empty()) {
        bounds = Bounds{0, 0, 0, 0};
        margin = std::numeric_limits<double>::infinity(); // a unit with no bases is near nowhere in particular
    }
    low = Point(bounds.left, bounds.top);
    high = Point(bounds.right, bounds.bottom);
}

} // namespace

std::vector<const Unit*> unitsNear(const Battle& battle, const Unit& unit, double margin) {
    Point low;
    Point high;
    boundsOf(unit, low, high, margin);
    return unitsNear(battle, low, high, margin);
}

std::vector<const Unit*> leadersAttachedTo(const Battle& battle, const std::string& unitId) {
    std::vector<const Unit*> leaders;
    const auto take = [&](const Unit& leader) {
        if (leader.arm == Arm::Leader && leader.attachedTo == unitId) {
            leaders.push_back(&leader);
        }
    };
    if (const UnitIndex* index = battle.index.ids()) {
        for (const std::size_t position : index->leaders()) {
            if (position < battle.units.size()) {
                take(battle.units[position]);
            }
        }
    } else {
        for (const Unit& unit : battle.units) {
            take(unit);
        }
    }
    return leaders;
}

std::vector<const Unit*> enemiesNear(const Battle& battle, const Unit& unit, double margin) {
    std::vector<const Unit*> units;
    const UnitIndex* index = battle.index.get();
    if (index == nullptr) {
        for (const Unit& other : battle.units) {
            if (other.side != unit.side) {
                units.push_back(&other);
            }
        }
        return units;
    }
    Point low;
    Point high;
    boundsOf(unit, low, high, margin);
    for (const std::size_t position : index->near(low, high, margin, unit.side)) {
        units.push_back(&battle.units[position]);
    }
    return units;
}

void enemiesNearestFirst(const Battle& battle, const Unit& unit, const std::function<bool(const Unit&, double)>& visit) {
    if (unit.elements.empty()) {
        return; // near nothing
    }
    const UprightBox box = uprightBoxOf(unit);
    if (const UnitIndex* index = battle.index.get()) {
        index->nearestFirst(box, unit.side, [&](std::size_t position, double gap) { return visit(battle.units[position], gap); });
        return;
    }
    std::vector<std::pair<double, const Unit*>> enemies;
    for (const Unit& other : battle.units) {
        if (other.side != unit.side && !other.elements.empty()) {
            enemies.emplace_back(gapAtLeast(box, uprightBoxOf(other)), &other);
        }
    }
    std::stable_sort(enemies.begin(), enemies.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
    for (const auto& [gap, other] : enemies) {
        if (!visit(*other, gap)) {
            return;
        }
    }
}

} // namespace sandtable
