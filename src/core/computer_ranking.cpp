#include "computer_ranking.h"

#include <algorithm>

namespace sandtable::computer {

namespace {

/// The doctrine's order, of candidates and of their packed ranks alike.
template <typename Ranked> bool ahead(const Ranked& a, const Ranked& b) {
    if (a.priority != b.priority) {
        return a.priority < b.priority;
    }
    return a.gain != b.gain ? a.gain > b.gain : a.distance < b.distance;
}

} // namespace

bool better(const Candidate& a, const Candidate& b) { return ahead(a, b); }

UnitRanking::UnitRanking(std::size_t reader) : m_reader(reader) {}

void UnitRanking::rank(Slot& slot) {
    slot.best = nullptr;
    if (slot.thoughts == nullptr) {
        return;
    }
    Remembered& remembered = *slot.thoughts;
    if (remembered.nearerEnemyAt) {
        // Its orders drawn from the nearest enemy are now at best of their priority and
        // gain, at the new enemy's gap; the rest are as they were.
        const UnitThoughts& old = remembered.thoughts;
        Candidate bound{old.nearestPriority, *remembered.nearerEnemyAt, {}, slot.unit, old.nearestGain};
        for (const Candidate& candidate : old.candidates) {
            if (better(candidate, bound)) {
                bound = Candidate{candidate.priority, candidate.distance, {}, slot.unit, candidate.gain};
            }
        }
        remembered.standIn = std::move(bound);
        slot.best = &remembered.standIn;
    } else {
        for (const Candidate& candidate : remembered.thoughts.candidates) {
            if ((slot.best == nullptr || better(candidate, *slot.best)) &&
                std::find(m_taken.begin(), m_taken.end(), &candidate) == m_taken.end()) {
                slot.best = &candidate;
            }
        }
    }
    if (slot.best != nullptr) {
        slot.rank = Rank{slot.best->priority, slot.best->gain, slot.best->distance};
    }
}

void UnitRanking::refresh(RememberedThoughts& thoughts, const std::vector<std::string>& units, bool puttingOff, const Think& think) {
    // Where a unit left the list (it acted, or fell), the next few slots are looked at too.
    constexpr std::size_t kLookAhead = 4;
    thoughts.readChanges(m_reader, m_changes);
    std::vector<const Remembered*>& changed = m_changes.thoughts;
    std::sort(changed.begin(), changed.end());
    m_taken.clear();
    m_refreshed.resize(units.size());
    std::size_t next = 0; // in m_slots: where the next unit is looked for first
    for (std::size_t i = 0; i < units.size(); ++i) {
        Slot& slot = m_refreshed[i];
        slot.unit = units[i]; // into the room it had: no allocation
        const Slot* was = nullptr;
        for (std::size_t at = next; at < std::min(next + kLookAhead, m_slots.size()); ++at) {
            if (m_slots[at].unit == slot.unit) {
                was = &m_slots[at];
                next = at + 1;
                break;
            }
        }
        // Thoughts changed since may have left their place to another unit's: looked up.
        if (was != nullptr && was->trusted && was->thoughts != nullptr && !m_changes.all &&
            !std::binary_search(changed.begin(), changed.end(), was->thoughts)) {
            slot.thoughts = was->thoughts;
            slot.best = was->best;
            slot.rank = was->rank;
        } else {
            // Remembered thoughts are of a unit on the table: the events that take it off
            // name it, and forget them. Only a unit to think about afresh is looked up.
            slot.thoughts = thoughts.find(slot.unit);
            if (slot.thoughts == nullptr) {
                slot.thoughts = think(slot.unit);
            }
            rank(slot);
        }
        slot.trusted = true;
        if (!puttingOff && slot.thoughts != nullptr && slot.thoughts->nearerEnemyAt) {
            slot.thoughts = think(slot.unit);
            rank(slot);
        }
    }
    m_slots.swap(m_refreshed);
    // The thoughts put while refreshing were ranked as they were put.
    thoughts.readChanges(m_reader, m_changes);
}

UnitRanking::Ranked UnitRanking::best() const {
    Ranked found;
    const Rank* bestRank = nullptr;
    for (std::size_t place = 0; place < m_slots.size(); ++place) {
        const Slot& slot = m_slots[place];
        if (slot.best != nullptr && (bestRank == nullptr || ahead(slot.rank, *bestRank))) {
            found = Ranked{slot.best, place};
            bestRank = &slot.rank;
        }
    }
    return found;
}

bool UnitRanking::standsIn(const Ranked& ranked) const {
    const Slot& slot = m_slots.at(ranked.place);
    return slot.thoughts != nullptr && ranked.candidate == &slot.thoughts->standIn;
}

void UnitRanking::thinkAgain(const Ranked& standIn, const Think& think) {
    Slot& slot = m_slots.at(standIn.place);
    slot.thoughts = think(slot.unit);
    rank(slot);
}

void UnitRanking::take(const Ranked& ranked) {
    m_taken.push_back(ranked.candidate);
    Slot& slot = m_slots.at(ranked.place);
    slot.trusted = false;
    rank(slot);
}

std::vector<const Candidate*> UnitRanking::all() const {
    std::vector<const Candidate*> candidates;
    for (const Slot& slot : m_slots) {
        if (slot.thoughts == nullptr) {
            continue;
        }
        if (slot.best != nullptr && slot.best == &slot.thoughts->standIn) {
            candidates.push_back(slot.best);
            continue;
        }
        for (const Candidate& candidate : slot.thoughts->thoughts.candidates) {
            candidates.push_back(&candidate);
        }
    }
    return candidates;
}

} // namespace sandtable::computer
