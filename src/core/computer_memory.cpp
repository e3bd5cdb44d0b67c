#include "computer_memory.h"

#include "sandtable/battle.h"
#include "sandtable/battle_geometry.h"

#include <algorithm>
#include <cmath>

namespace sandtable::computer {

namespace {

/// Added to every heed, in table millimetres: a margin for rounding.
constexpr double kRounding = 1;
/// The farthest a heed reaches: a unit with no enemy on the table heeds the whole of it.
constexpr double kFarthest = 1e9;

/// The larger of two boxes' distances across and down: never more than their gap.
double squareGap(const UprightBox& a, const UprightBox& b) {
    const double apartX = std::max({0.0, a.low.x() - b.high.x(), b.low.x() - a.high.x()});
    const double apartY = std::max({0.0, a.low.y() - b.high.y(), b.low.y() - a.high.y()});
    return std::max(apartX, apartY);
}

} // namespace

double reachOf(const UnitThoughts& thoughts) { return thoughts.horizon * kHorizonShare + kHorizonMargin; }

Footprint footprintOf(const Unit& unit) {
    Footprint footprint;
    if (unit.eliminated()) {
        return footprint;
    }
    footprint.centre = unit.centre();
    footprint.side = unit.side;
    footprint.onTable = true;
    footprint.box = uprightBoxOf(unit);
    footprint.radius = reachOf(unit);
    return footprint;
}

double gapAtLeast(const Footprint& a, const Footprint& b) { return gapAtLeast(a.box, b.box); }

bool surelyApart(const Footprint& a, const Footprint& b, double bound) {
    const double across = std::max(std::abs(a.centre.x() - b.centre.x()), std::abs(a.centre.y() - b.centre.y()));
    return across - a.radius - b.radius > bound;
}

struct RememberedThoughts::Index {
    /// What a thinker heeds, packed for a scan: the box round where it stood, and how far
    /// from it a change reaches its thoughts (any unit's, and another side's).
    struct Heed {
        UprightBox box;
        double near = 0;
        double enemies = 0;
        std::size_t side = 0; // in `sides`
        Entry* entry = nullptr;
    };
    std::vector<Heed> heeds;                              // of the thinkers on the table
    std::unordered_map<const Entry*, std::size_t> heedOf; // each such thinker's place in `heeds`
    std::vector<std::string> sides;                       // the sides met, numbered
    std::unordered_multimap<std::string, Entry*> namedBy; // a related unit, and each thinker naming it

    std::size_t sideNumber(const std::string& side) {
        const auto it = std::find(sides.begin(), sides.end(), side);
        if (it != sides.end()) {
            return static_cast<std::size_t>(it - sides.begin());
        }
        sides.push_back(side);
        return sides.size() - 1;
    }

    Heed heedFor(Entry& entry) {
        const Remembered& remembered = entry.second;
        const double reach = reachOf(remembered.thoughts);
        return Heed{remembered.at.box, reach + kRounding, std::min(std::max(reach, remembered.thoughts.nearestGap), kFarthest) + kRounding,
                    sideNumber(remembered.at.side), &entry};
    }

    /// Files the entry's heed afresh, in place of any it had.
    void file(Entry& entry) {
        const auto known = heedOf.find(&entry);
        if (!entry.second.at.onTable) {
            if (known != heedOf.end()) {
                unfile(entry);
            }
        } else if (known != heedOf.end()) {
            heeds[known->second] = heedFor(entry);
        } else {
            heedOf.emplace(&entry, heeds.size());
            heeds.push_back(heedFor(entry));
        }
    }

    void unfile(const Entry& entry) {
        const auto known = heedOf.find(&entry);
        if (known == heedOf.end()) {
            return;
        }
        const std::size_t place = known->second;
        heedOf.erase(known);
        if (place + 1 != heeds.size()) {
            heeds[place] = heeds.back();
            heedOf[heeds[place].entry] = place;
        }
        heeds.pop_back();
    }

    void name(Entry& entry) {
        for (const std::string& related : entry.second.thoughts.related) {
            namedBy.emplace(related, &entry);
        }
    }

    void unname(const Entry& entry) {
        for (const std::string& related : entry.second.thoughts.related) {
            auto [first, last] = namedBy.equal_range(related);
            const auto named = std::find_if(first, last, [&](const auto& naming) { return naming.second == &entry; });
            if (named != last) {
                namedBy.erase(named);
            }
        }
    }

    void clear() {
        heeds.clear();
        heedOf.clear();
        namedBy.clear();
    }
};

RememberedThoughts::RememberedThoughts() : m_index(std::make_unique<Index>()) {}
RememberedThoughts::~RememberedThoughts() = default;
RememberedThoughts::RememberedThoughts(RememberedThoughts&&) noexcept = default;
RememberedThoughts& RememberedThoughts::operator=(RememberedThoughts&&) noexcept = default;

Remembered* RememberedThoughts::find(const std::string& unit) {
    const auto it = m_thoughts.find(unit);
    return it != m_thoughts.end() ? &it->second : nullptr;
}

const Remembered* RememberedThoughts::find(const std::string& unit) const {
    const auto it = m_thoughts.find(unit);
    return it != m_thoughts.end() ? &it->second : nullptr;
}

Remembered& RememberedThoughts::put(const std::string& unit, Remembered thoughts) {
    auto [it, added] = m_thoughts.try_emplace(unit);
    const bool sameNames = !added && it->second.thoughts.related == thoughts.thoughts.related;
    if (!added && !sameNames) {
        m_index->unname(*it);
    }
    it->second = std::move(thoughts);
    noteChanged(it->second);
    m_index->file(*it);
    if (!sameNames) {
        m_index->name(*it);
    }
    if (it->second.thoughts.weighed) {
        m_weighed.push_back(unit);
    }
    return it->second;
}

void RememberedThoughts::erase(const std::string& unit) {
    const auto it = m_thoughts.find(unit);
    if (it != m_thoughts.end()) {
        m_index->unfile(*it);
        m_index->unname(*it);
        noteChanged(it->second);
        m_thoughts.erase(it);
    }
}

void RememberedThoughts::eraseWeighed() {
    for (const std::string& unit : m_weighed) {
        if (const Remembered* remembered = find(unit); remembered != nullptr && remembered->thoughts.weighed) {
            erase(unit);
        }
    }
    m_weighed.clear();
}

void RememberedThoughts::clear() {
    m_thoughts.clear();
    m_index->clear();
    m_weighed.clear();
    for (Changes& reader : m_readers) {
        reader.thoughts.clear();
        reader.all = true;
    }
}

void RememberedThoughts::noteChanged(const Remembered& thoughts) {
    for (Changes& reader : m_readers) {
        if (!reader.all) {
            reader.thoughts.push_back(&thoughts);
        }
    }
}

std::size_t RememberedThoughts::addReader() {
    m_readers.push_back(Changes{{}, true}); // it has read nothing yet
    return m_readers.size() - 1;
}

void RememberedThoughts::readChanges(std::size_t reader, Changes& into) {
    into.thoughts.clear();
    into.all = false;
    std::swap(into, m_readers.at(reader));
}

std::size_t RememberedThoughts::size() const { return m_thoughts.size(); }

std::vector<RememberedThoughts::Entry*> RememberedThoughts::reachedBy(const std::string& changed, const Footprint& before,
                                                                      const Footprint& after) {
    std::vector<Entry*> reached;
    if (const auto it = m_thoughts.find(changed); it != m_thoughts.end()) {
        reached.push_back(&*it);
    }
    auto [first, last] = m_index->namedBy.equal_range(changed);
    for (auto it = first; it != last; ++it) {
        reached.push_back(it->second);
    }
    const std::string& side = before.onTable ? before.side : after.side;
    const auto number = std::find(m_index->sides.begin(), m_index->sides.end(), side);
    const std::size_t changedSide = static_cast<std::size_t>(number - m_index->sides.begin()); // past the last: no thinker's
    for (const Footprint* footprint : {&before, &after}) {
        if (!footprint->onTable) {
            continue;
        }
        // Every thinker's heed, in one pass over packed numbers: a few instructions each.
        for (const Index::Heed& heed : m_index->heeds) {
            const double gap = squareGap(heed.box, footprint->box);
            if (gap <= heed.near || (gap <= heed.enemies && heed.side != changedSide)) {
                reached.push_back(heed.entry);
            }
        }
    }
    std::sort(reached.begin(), reached.end());
    reached.erase(std::unique(reached.begin(), reached.end()), reached.end());
    return reached;
}

} // namespace sandtable::computer
