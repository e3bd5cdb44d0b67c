#include "sandtable/unit_index.h"

#include "sandtable/battle.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace sandtable {

namespace {

/// At most this many squares a side: a finer grid costs more to file than it spares.
constexpr int kMostSquares = 256;

/// The reach of a base from its centre, whatever its facing.
double reachOf(const Element& element) { return std::hypot(element.width, element.depth) / 2; }

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

UnitIndex::UnitIndex(const Battle& battle) {
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
    constexpr Squares kNoSquares{std::numeric_limits<int>::max(), std::numeric_limits<int>::min(), std::numeric_limits<int>::max(),
                                 std::numeric_limits<int>::min()};
    m_grids.emplace_back(squares);
    m_filled.push_back(kNoSquares);
    m_gridOf.assign(battle.units.size(), 0);
    m_coveredBy.resize(battle.units.size());
    for (std::size_t i = 0; i < battle.units.size(); ++i) {
        const Unit& unit = battle.units[i];
        if (unit.elements.empty()) {
            continue;
        }
        if (std::find(m_sides.begin(), m_sides.end(), unit.side) == m_sides.end()) {
            m_sides.push_back(unit.side);
            m_grids.emplace_back(squares);
            m_filled.push_back(kNoSquares);
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
    for (const Squares& squares : covered) {
        for (const std::size_t grid : {std::size_t{0}, ofSide}) {
            Squares& filled = m_filled[grid];
            filled = {std::min(filled.c0, squares.c0), std::max(filled.c1, squares.c1), std::min(filled.r0, squares.r0),
                      std::max(filled.r1, squares.r1)};
        }
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
        // A grid's filled squares stay as wide as they were: an outward search may look at
        // a square or two that is now empty, and finds the same units.
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

void UnitIndex::outward(const Point& low, const Point& high, const std::string& notOfSide, const std::function<void(std::size_t)>& visit,
                        const std::function<bool(double)>& ringDone) const {
    if (m_grids.empty()) {
        ringDone(std::numeric_limits<double>::infinity());
        return;
    }
    std::vector<std::size_t> grids;
    for (std::size_t side = 0; side < m_sides.size(); ++side) {
        if (m_sides[side] != notOfSide) {
            grids.push_back(side + 1);
        }
    }
    const Squares base = squaresOf(low, high, 0);
    // A box not wholly on the grid: its rings would not measure distance from it.
    const bool onGrid = std::min(low.x(), high.x()) >= m_left && std::min(low.y(), high.y()) >= m_top &&
                        std::max(low.x(), high.x()) < m_left + m_columns * m_cell && std::max(low.y(), high.y()) < m_top + m_rows * m_cell;
    const auto visitSquare = [&](std::size_t grid, int column, int row) {
        for (const std::size_t position : m_grids[grid][static_cast<std::size_t>(row) * static_cast<std::size_t>(m_columns) + column]) {
            visit(position);
        }
    };
    for (int ring = 0;; ++ring) {
        const int c0 = base.c0 - ring;
        const int c1 = base.c1 + ring;
        const int r0 = base.r0 - ring;
        const int r1 = base.r1 + ring;
        const bool last = !onGrid || (c0 <= 0 && r0 <= 0 && c1 >= m_columns - 1 && r1 >= m_rows - 1);
        for (const std::size_t grid : grids) {
            // Only the ring's squares where the grid holds units: none in the rings between.
            const Squares& filled = m_filled[grid];
            if (!onGrid) {
                for (int row = filled.r0; row <= filled.r1; ++row) {
                    for (int column = filled.c0; column <= filled.c1; ++column) {
                        visitSquare(grid, column, row);
                    }
                }
                continue;
            }
            const int left = std::max(c0, filled.c0);
            const int right = std::min(c1, filled.c1);
            const int top = std::max(r0, filled.r0);
            const int bottom = std::min(r1, filled.r1);
            if (left > right || top > bottom) {
                continue;
            }
            for (const int row : {r0, r1}) { // its top and bottom edges
                if (row >= top && row <= bottom && (row == r0 || r1 != r0)) {
                    for (int column = left; column <= right; ++column) {
                        visitSquare(grid, column, row);
                    }
                }
            }
            for (const int column : {c0, c1}) { // its sides, between them
                if (column >= left && column <= right && (column == c0 || c1 != c0)) {
                    for (int row = std::max(top, r0 + 1); row <= std::min(bottom, r1 - 1); ++row) {
                        visitSquare(grid, column, row);
                    }
                }
            }
        }
        if (!ringDone(last ? std::numeric_limits<double>::infinity() : ring * m_cell) || last) {
            return;
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

void enemiesOutward(const Battle& battle, const Unit& unit, const std::function<void(const Unit&)>& visit,
                    const std::function<bool(double)>& ringDone) {
    const UnitIndex* index = battle.index.get();
    if (index == nullptr) {
        for (const Unit& other : battle.units) {
            if (other.side != unit.side) {
                visit(other);
            }
        }
        ringDone(std::numeric_limits<double>::infinity());
        return;
    }
    Point low;
    Point high;
    double margin = 0;
    boundsOf(unit, low, high, margin);
    if (margin > 0) { // a unit with no bases: everything, once
        index->outward(
            Point(std::numeric_limits<double>::infinity(), 0), Point(0, 0), unit.side,
            [&](std::size_t position) { visit(battle.units[position]); }, ringDone);
        return;
    }
    index->outward(
        low, high, unit.side, [&](std::size_t position) { visit(battle.units[position]); }, ringDone);
}

} // namespace sandtable
