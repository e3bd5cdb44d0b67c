#pragma once

// The units a side may act with, each with the best of its remembered orders, kept in the
// list's order from one decision to the next. After an action only the units whose
// thoughts changed are read again; the rest are an id and a packed rank each. The pick of
// the best is a pass over those ranks, not through every unit's thoughts: at 4,000 units
// that walk was a fifth of the computer's time, each unit's thoughts a read from far
// memory. Private to the core (computer_player.cpp).

#include "computer_memory.h"

#include <functional>
#include <string>
#include <vector>

namespace sandtable::computer {

/// Whether `a` comes before `b` in the doctrine's order: by priority, then the greater
/// gain, then the nearer.
bool better(const Candidate& a, const Candidate& b);

/// Thinks about a unit afresh and remembers its thoughts; null when it is not on the table.
using Think = std::function<Remembered*(const std::string& unit)>;

class UnitRanking {
public:
    /// `reader`: the ranking's own in the memory (RememberedThoughts::addReader).
    explicit UnitRanking(std::size_t reader);

    /// Ranks `units`, in their order, for a new decision: a unit with no thoughts
    /// remembered is thought about (`think`), in that order. One whose nearest enemy came
    /// nearer beyond its horizon (Remembered::nearerEnemyAt) ranks by its stand-in, to be
    /// thought about again when it is the best (thinkAgain), or at once unless
    /// `puttingOff`. Nothing taken in the last decision stays taken.
    void refresh(RememberedThoughts& thoughts, const std::vector<std::string>& units, bool puttingOff, const Think& think);

    /// A unit's best candidate left, and where the unit is in the list.
    struct Ranked {
        const Candidate* candidate = nullptr;
        std::size_t place = 0;
    };
    /// The best candidate left, the first of equals in the list's order (and within a
    /// unit's, in its thoughts' order); no candidate when none is left.
    Ranked best() const;
    /// Whether `ranked` stands in for thoughts a nearer enemy put out of date.
    bool standsIn(const Ranked& ranked) const;
    /// Thinks again about the unit `standIn` stands in for: ranked by its fresh thoughts.
    void thinkAgain(const Ranked& standIn, const Think& think);
    /// Takes `ranked` (from best): not offered again in this decision.
    void take(const Ranked& ranked);
    /// Every candidate of every unit, in the list's order.
    std::vector<const Candidate*> all() const;

private:
    /// The doctrine's order of a candidate, packed for the pass.
    struct Rank {
        Priority priority = Priority::SpendActivation;
        double gain = 0;
        double distance = 0;
    };
    struct Slot {
        std::string unit;
        Remembered* thoughts = nullptr;  // null when the unit is not on the table
        const Candidate* best = nullptr; // its best left, or its stand-in; null when none is left
        Rank rank;                       // the best's
        bool trusted = false;            // false: read again at the next refresh (something was taken)
    };

    /// Finds the slot's best left afresh from its thoughts.
    void rank(Slot& slot);

    std::size_t m_reader;
    std::vector<Slot> m_slots;
    std::vector<Slot> m_refreshed;         // the next refresh's, kept for the ids' room
    RememberedThoughts::Changes m_changes; // read at each refresh, kept for its room
    std::vector<const Candidate*> m_taken; // in this decision
};

} // namespace sandtable::computer
