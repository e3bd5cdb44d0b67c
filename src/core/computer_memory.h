#pragma once

// The computer player's memory of what each unit thought and where it stood as it
// thought, kept until a change overtakes it. Which thoughts a unit's change may reach is
// found by one pass over what the thinkers heed, packed as numbers (a few instructions a
// thinker), before only those it may reach are measured. R-trees of the heeds were tried
// and cost more: a dozen thinkers are filed afresh every action, and an insertion in a
// tree of boxes that overlap as much as these costs some four thousand instructions.
// Private to the core (computer_player.cpp).

#include "computer_doctrine.h"
#include "sandtable/geometry.h"

#include <memory>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

namespace sandtable {

struct Unit;

namespace computer {

/// Table millimetres added to how far a unit looked (and a quarter of it) before another
/// unit's change is taken to be beyond it: rules look a little past a move or a range (a
/// gun's guard within 4 cm of it, a unit in the way beside the line of fire).
constexpr double kHorizonMargin = 50;
constexpr double kHorizonShare = 1.25;

/// How far from its edges a change reaches a unit's thoughts.
double reachOf(const UnitThoughts& thoughts);

/// Where a unit stands, as a circle round its bases: enough to tell that a change is
/// surely beyond a unit's horizon.
struct Footprint {
    Point centre{0, 0};
    double radius = 0;
    UprightBox box{Point(0, 0), Point(0, 0)}; // tighter than the circle for bases square to the table
    std::string side;
    bool onTable = false;
};

Footprint footprintOf(const Unit& unit);

/// The least the nearest edges of two footprints can be apart.
double gapAtLeast(const Footprint& a, const Footprint& b);

/// Whether two footprints are surely more than `bound` apart, by the larger of their
/// distances across and down (never more than the true one): no square root for the
/// many thinkers far from a change.
bool surelyApart(const Footprint& a, const Footprint& b, double bound);

/// A unit's thoughts, and where it stood as it thought them.
struct Remembered {
    UnitThoughts thoughts;
    Footprint at; // where the unit stood as it thought (it has not moved since: it would be forgotten)
    // Set when its nearest enemy may have changed beyond its horizon (another came
    // nearer, or it moved or changed), to the least gap the nearest may now be at: its
    // orders drawn from the nearest enemy are out of date, the rest hold. It is thought
    // about again only when `standIn`, the best its orders could now be, might be the best
    // of the side's.
    std::optional<double> nearerEnemyAt;
    Candidate standIn{Priority::SpendActivation, 0, {}, ""};
};

/// The units' remembered thoughts by unit id, with what each heeds: the units it names
/// (UnitThoughts::related), the box round where it stood and its reach (any unit's change
/// that near may overtake its thoughts), and the gap to its nearest enemy (another side's
/// unit coming nearer than that changes its nearest).
class RememberedThoughts {
public:
    using Entry = std::pair<const std::string, Remembered>; // a unit's id and its thoughts

    RememberedThoughts();
    ~RememberedThoughts();
    RememberedThoughts(RememberedThoughts&&) noexcept;
    RememberedThoughts& operator=(RememberedThoughts&&) noexcept;

    Remembered* find(const std::string& unit);
    const Remembered* find(const std::string& unit) const;
    /// Remembers `thoughts` as the unit's, in place of any it had.
    Remembered& put(const std::string& unit, Remembered thoughts);
    void erase(const std::string& unit);
    /// Forgets every unit's thoughts that were weighed (UnitThoughts::weighed).
    void eraseWeighed();
    void clear();
    std::size_t size() const;

    /// Notes that the unit's remembered thoughts changed in place (the caller's change of
    /// its nearerEnemyAt; put and erase note their own): a change its readers read.
    void noteChanged(const Remembered& thoughts);
    /// A new reader of what changed: the thoughts put, erased or noted since it last
    /// read. Each side's ranking (computer_ranking.h) is one, so that it reads again
    /// only the units whose thoughts changed.
    std::size_t addReader();
    struct Changes {
        std::vector<const Remembered*> thoughts; // put, erased (no longer to be read) or noted
        bool all = false;                        // every unit's were forgotten (clear)
    };
    /// What changed since the reader last read, in no set order, into `into` (whose room
    /// the reader keeps for its next changes); read only once.
    void readChanges(std::size_t reader, Changes& into);

    /// The units whose thoughts a change of `changed` (from `before` to `after`, either
    /// off the table) may have overtaken: itself, those that name it, and those whose
    /// heed either footprint's box comes within, by the larger of the distances across
    /// and down (never more than the gap). Each once, in no set order; a superset, to be
    /// measured exactly by the caller. Valid until the entry is erased or put again.
    std::vector<Entry*> reachedBy(const std::string& changed, const Footprint& before, const Footprint& after);

private:
    struct Index;
    std::unordered_map<std::string, Remembered> m_thoughts;
    std::unique_ptr<Index> m_index;
    std::vector<std::string> m_weighed; // units whose remembered thoughts may be weighed ones
    std::vector<Changes> m_readers;     // what each reader has yet to read (until clear)
};

} // namespace computer
} // namespace sandtable
