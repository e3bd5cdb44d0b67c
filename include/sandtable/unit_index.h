#pragma once

#include "sandtable/geometry.h"

#include <cstddef>
#include <functional>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

namespace sandtable {

struct Battle;
struct Unit;

/// A battle's units filed by id and by where their bases stand, on a grid of squares: so
/// that a rule asks for the units near a place, or a unit by its id, without going
/// through every unit of a large battle. Made for one state of the battle: the game files
/// its battle after each action (UnitIndexSlot), and any change or copy of a battle
/// drops its index, so that it is never out of date.
class UnitIndex {
public:
    explicit UnitIndex(const Battle& battle);

    /// The positions in battle.units of the units with a base whose footprint may lie
    /// within `margin` millimetres of the box from `low` to `high`: in the battle's order,
    /// possibly more than those, never fewer.
    std::vector<std::size_t> near(const Point& low, const Point& high, double margin) const;
    /// The same, of the units of every side but `side` only.
    std::vector<std::size_t> near(const Point& low, const Point& high, double margin, const std::string& notOfSide) const;
    /// Visits the units of other sides than `notOfSide` outward from the box from `low` to
    /// `high`, ring of squares by ring: `visit(position)` for each unit filed in a ring (a
    /// unit may come more than once), then `ringDone(within)`, `within` the distance from
    /// the box inside which every such unit has now been visited (infinity at the last
    /// ring); it returns whether to go on. For the nearest enemy of a unit far behind its
    /// lines, at the cost of the squares crossed rather than of every unit in between.
    void outward(const Point& low, const Point& high, const std::string& notOfSide, const std::function<void(std::size_t)>& visit,
                 const std::function<bool(double)>& ringDone) const;
    /// The position in battle.units of the unit with this id, or -1.
    std::ptrdiff_t positionOf(const std::string& id) const;

private:
    /// The squares a box (widened by a margin) covers, clamped to the grid.
    struct Squares {
        int c0, c1, r0, r1;
    };
    Squares squaresOf(const Point& low, const Point& high, double margin) const;
    void gather(const Squares& squares, std::size_t grid, std::vector<std::size_t>& found) const;

    std::unordered_map<std::string, std::size_t> m_positions;
    double m_left = 0;
    double m_top = 0;
    double m_cell = 1;
    int m_columns = 0;
    int m_rows = 0;
    // One grid for all units, then one for each side's (m_sides[i] names grid i + 1): each
    // row by row, the units with a base in each square.
    std::vector<std::string> m_sides;
    std::vector<std::vector<std::vector<std::size_t>>> m_grids;
    // Each grid's squares that hold a unit lie within these (c1 < c0 when none do): an
    // outward search crosses the empty rings between a unit and the enemy at no cost.
    std::vector<Squares> m_filled;
};

/// Where a Battle keeps its index: empty but when the game has filed the battle as it
/// stands. Copying a battle gives a copy with no index (it may be changed), and so does
/// every event applied (event.cpp).
class UnitIndexSlot {
public:
    UnitIndexSlot() = default;
    UnitIndexSlot(const UnitIndexSlot&) {}
    UnitIndexSlot& operator=(const UnitIndexSlot&) {
        m_index.reset();
        return *this;
    }
    UnitIndexSlot(UnitIndexSlot&&) noexcept {}
    UnitIndexSlot& operator=(UnitIndexSlot&&) noexcept {
        m_index.reset();
        return *this;
    }

    const UnitIndex* get() const { return m_index.get(); }
    void file(const Battle& battle);
    void drop() { m_index.reset(); }

private:
    std::shared_ptr<const UnitIndex> m_index;
};

/// The units that may have a base within `margin` millimetres of the box from `low` to
/// `high`, in the battle's order: from the index where the battle has one, else every
/// unit. A rule still tests each exactly; this only spares it the units far away.
std::vector<const Unit*> unitsNear(const Battle& battle, const Point& low, const Point& high, double margin);
/// The units that may have a base within `margin` millimetres of one of `unit`'s (itself
/// among them), in the battle's order.
std::vector<const Unit*> unitsNear(const Battle& battle, const Unit& unit, double margin);
/// The same, of the units of other sides than `unit`'s only.
std::vector<const Unit*> enemiesNear(const Battle& battle, const Unit& unit, double margin);
/// The units of other sides than `unit`'s, nearest first by ring as UnitIndex::outward
/// (every one in the battle's order, then `ringDone(infinity)`, where there is no index).
void enemiesOutward(const Battle& battle, const Unit& unit, const std::function<void(const Unit&)>& visit,
                    const std::function<bool(double)>& ringDone);

} // namespace sandtable
