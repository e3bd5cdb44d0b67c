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
/// its battle after each action (UnitIndexSlot), refiling only the units whose bases an
/// event changed; any other change or copy of a battle drops its index, so that it is
/// never out of date.
class UnitIndex {
public:
    explicit UnitIndex(const Battle& battle);
    ~UnitIndex();
    UnitIndex(const UnitIndex&) = delete;
    UnitIndex& operator=(const UnitIndex&) = delete;

    /// The positions in battle.units of the units with a base whose footprint may lie
    /// within `margin` millimetres of the box from `low` to `high`: in the battle's order,
    /// possibly more than those, never fewer.
    std::vector<std::size_t> near(const Point& low, const Point& high, double margin) const;
    /// The same, of the units of every side but `side` only.
    std::vector<std::size_t> near(const Point& low, const Point& high, double margin, const std::string& notOfSide) const;
    /// Visits the units of other sides than `notOfSide` filed with bases, nearest first by
    /// the gap between `box` and the upright box round each (gapAtLeast, boxOf): each
    /// once, `visit(position, gap)` returning whether to go on. For the nearest enemy of a
    /// unit, at the cost of the enemies about as near (a search of an R-tree of each
    /// side's boxes), however far off they stand and however many stand beyond.
    void nearestFirst(const UprightBox& box, const std::string& notOfSide, const std::function<bool(std::size_t, double)>& visit) const;
    /// The upright box round the bases of the unit at `position` as it was filed
    /// (uprightBoxOf), kept so that a search does not work it out at every visit.
    const UprightBox& boxOf(std::size_t position) const { return m_boxes[position]; }
    /// The position in battle.units of the unit with this id, or -1.
    std::ptrdiff_t positionOf(const std::string& id) const;
    /// The positions in battle.units of the leaders (Arm::Leader), in the battle's order.
    const std::vector<std::size_t>& leaders() const { return m_leaders; }

    /// Files again the units at `moved` (positions in battle.units) where their bases
    /// stand now, the rest of the battle as it was filed: the same squares as a new index
    /// of the same grid would give them, at the cost of the units moved rather than of the
    /// battle. False, with the index spoilt, where the grid cannot take the change (a base
    /// off it, a side it has no grid for, units added or taken away): a new index is due.
    bool refile(const Battle& battle, const std::vector<std::size_t>& moved);

private:
    /// The squares a box (widened by a margin) covers, clamped to the grid.
    struct Squares {
        int c0, c1, r0, r1;
    };
    Squares squaresOf(const Point& low, const Point& high, double margin) const;
    /// Files the unit at `position` in the squares its bases cover; false where a base
    /// lies off the grid or the unit's side has no grid.
    bool fileUnit(const Unit& unit, std::size_t position);
    /// visit(square) for each square of `squares`, in the grid of all units and in grid
    /// `ofSide` (none where 0).
    template <typename Visit> void forEachSquare(const Squares& squares, std::size_t ofSide, const Visit& visit);
    void gather(const Squares& squares, std::size_t grid, std::vector<std::size_t>& found) const;

    std::unordered_map<std::string, std::size_t> m_positions;
    std::vector<std::size_t> m_leaders;
    double m_left = 0;
    double m_top = 0;
    double m_cell = 1;
    int m_columns = 0;
    int m_rows = 0;
    // One grid for all units, then one for each side's (m_sides[i] names grid i + 1): each
    // row by row, the units with a base in each square.
    std::vector<std::string> m_sides;
    std::vector<std::vector<std::vector<std::size_t>>> m_grids;
    // Each side's units by their upright boxes, for nearestFirst (m_sides' order).
    struct BoxTrees;
    std::unique_ptr<BoxTrees> m_trees;
    // Where each unit is filed: its side's grid (0 for none) and the squares of each base.
    std::vector<std::size_t> m_gridOf;
    std::vector<std::vector<Squares>> m_coveredBy;
    std::vector<UprightBox> m_boxes; // each unit's, as it was filed
};

/// Where a Battle keeps its index: empty but when the game has filed the battle as it
/// stands. Copying a battle gives a copy with no index (it may be changed); an event that
/// moves, takes or reshapes a unit's bases marks the unit to be refiled, and leaves the
/// index out of use until then (event.cpp); one that adds or removes a unit drops it.
class UnitIndexSlot {
public:
    UnitIndexSlot() = default;
    UnitIndexSlot(const UnitIndexSlot&) {}
    UnitIndexSlot& operator=(const UnitIndexSlot&) {
        drop();
        return *this;
    }
    UnitIndexSlot(UnitIndexSlot&&) noexcept {}
    UnitIndexSlot& operator=(UnitIndexSlot&&) noexcept {
        drop();
        return *this;
    }

    /// The index, where it is filed for the battle as it stands; else none.
    const UnitIndex* get() const { return m_moved.empty() ? m_index.get() : nullptr; }
    /// The index for finding a unit by its id: right while no unit was added or taken
    /// away, though some may have moved since it was filed.
    const UnitIndex* ids() const { return m_index.get(); }
    /// Files the battle: the units marked moved only, where the index allows it, and
    /// nothing where no event has moved a base since. (A battle changed otherwise than by
    /// events drops its index first.)
    void file(const Battle& battle);
    void drop() {
        m_index.reset();
        m_moved.clear();
    }
    /// The bases of the unit at this position in battle.units changed.
    void moved(std::size_t position) {
        if (m_index) {
            m_moved.push_back(position);
        }
    }
    /// The index of `other`, a battle this one is a copy of, as it stands: for a
    /// resolution's working copy or a computer's try, changed by events only. Shared too
    /// where a base has moved since it was filed, with those moves: then it serves to find
    /// units by id only (ids), which it still does right.
    void shareFrom(const UnitIndexSlot& other) {
        drop();
        m_index = other.m_index;
        if (m_index) {
            m_moved = other.m_moved;
        }
    }

private:
    std::shared_ptr<UnitIndex> m_index;
    std::vector<std::size_t> m_moved;
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
/// The leaders (Arm::Leader) attached to the unit with this id, eliminated or not, in the
/// battle's order: from the index's list of leaders where the battle has one.
std::vector<const Unit*> leadersAttachedTo(const Battle& battle, const std::string& unitId);
/// The units with bases of other sides than `unit`'s, nearest first by the gap between
/// the upright boxes round their bases and round `unit`'s (gapAtLeast): as
/// UnitIndex::nearestFirst where the battle has an index, else each measured and sorted
/// (none for a unit with no bases). `visit(other, gap)` returns whether to go on.
void enemiesNearestFirst(const Battle& battle, const Unit& unit, const std::function<bool(const Unit&, double)>& visit);

} // namespace sandtable
