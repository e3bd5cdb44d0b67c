// The ranking of a side's units kept across decisions (computer_ranking.h) gives the
// orders in the order a plain list of every unit's candidates, rebuilt for each decision,
// gives them: checked here, through thoughts put, erased and put off by a nearer enemy,
// units leaving and joining the list, and decisions that take some orders and not others.

#include "computer_ranking.h"

#include <boost/random/mersenne_twister.hpp>
#include <boost/random/uniform_int_distribution.hpp>
#include <catch2/catch.hpp>
#include <map>
#include <set>

using namespace sandtable;
using namespace sandtable::computer;

namespace {

/// The game's memory and a copy looked at one by one, changed together; thoughts drawn
/// from a unit's id and how often it was thought about, so that both think alike when
/// they think about the same units in the same order.
struct Memories {
    boost::random::mt19937 random{5};
    RememberedThoughts memory;
    std::map<std::string, Remembered> copy;
    std::map<std::string, int> thoughtOf; // how often each unit was thought about, by the ranking or the copy
    std::set<std::string> offTable;

    int draw(int highest) { return boost::random::uniform_int_distribution<int>(0, highest)(random); }

    /// Unit `unit`'s thoughts the `count`th time: few priorities, gains and distances, so
    /// that many orders are equal.
    static Remembered thoughtsOf(const std::string& unit, int count) {
        boost::random::mt19937 own(static_cast<unsigned>(std::hash<std::string>{}(unit) + 7919u * static_cast<unsigned>(count)));
        const auto pick = [&](int highest) { return boost::random::uniform_int_distribution<int>(0, highest)(own); };
        const Priority priorities[] = {Priority::Charge, Priority::Fire, Priority::Advance, Priority::SpendActivation};
        Remembered remembered;
        for (int i = pick(3); i > 0; --i) {
            Candidate candidate{priorities[pick(3)], 10.0 * pick(2), {}, unit, 0.5 * pick(1)};
            candidate.choice.reason = unit + "/" + std::to_string(count) + "/" + std::to_string(remembered.thoughts.candidates.size());
            remembered.thoughts.candidates.push_back(candidate);
        }
        remembered.thoughts.nearestPriority = priorities[pick(3)];
        remembered.thoughts.nearestGain = 0.5 * pick(1);
        return remembered;
    }

    /// Thinks about the unit as the ranking's `think` does, for the memory or the copy.
    Remembered* think(const std::string& unit, bool forCopy) {
        if (offTable.count(unit) != 0) {
            return nullptr;
        }
        const int count = ++thoughtOf[unit + (forCopy ? "#copy" : "")];
        Remembered thoughts = thoughtsOf(unit, count);
        if (forCopy) {
            return &(copy[unit] = thoughts);
        }
        return &memory.put(unit, thoughts);
    }
};

/// What a stand-in is ranked by: as computer_ranking.cpp's, written out again.
Candidate standInOf(const std::string& unit, const Remembered& remembered) {
    Candidate bound{remembered.thoughts.nearestPriority, *remembered.nearerEnemyAt, {}, unit, remembered.thoughts.nearestGain};
    for (const Candidate& candidate : remembered.thoughts.candidates) {
        if (better(candidate, bound)) {
            bound = Candidate{candidate.priority, candidate.distance, {}, unit, candidate.gain};
        }
    }
    bound.choice.reason = "stand-in " + unit;
    return bound;
}

/// A decision as a list of every unit's candidates rebuilt for it does it: the reasons of
/// the first `taking` orders taken, thinking about a unit again where its stand-in is the best.
std::vector<std::string> decidedByList(Memories& m, const std::vector<std::string>& units, int taking) {
    std::vector<Candidate> left;
    for (const std::string& unit : units) {
        auto known = m.copy.find(unit);
        Remembered* remembered = known != m.copy.end() ? &known->second : m.think(unit, true);
        if (remembered == nullptr) {
            continue;
        }
        if (remembered->nearerEnemyAt) {
            left.push_back(standInOf(unit, *remembered));
            continue;
        }
        left.insert(left.end(), remembered->thoughts.candidates.begin(), remembered->thoughts.candidates.end());
    }
    std::vector<std::string> taken;
    while (!left.empty() && static_cast<int>(taken.size()) < taking) {
        auto best = left.begin();
        for (auto it = left.begin(); it != left.end(); ++it) {
            if (better(*it, *best)) {
                best = it;
            }
        }
        if (best->choice.reason.rfind("stand-in ", 0) == 0) {
            const std::string unit = best->unit;
            const Remembered* fresh = m.think(unit, true);
            const auto at = left.erase(best);
            if (fresh != nullptr) {
                left.insert(at, fresh->thoughts.candidates.begin(), fresh->thoughts.candidates.end());
            }
            continue;
        }
        taken.push_back(best->choice.reason);
        left.erase(best);
    }
    return taken;
}

std::vector<std::string> decidedByRanking(Memories& m, UnitRanking& ranking, const std::vector<std::string>& units, int taking) {
    const Think think = [&](const std::string& unit) { return m.think(unit, false); };
    ranking.refresh(m.memory, units, true, think);
    std::vector<std::string> taken;
    while (static_cast<int>(taken.size()) < taking) {
        const UnitRanking::Ranked best = ranking.best();
        if (best.candidate == nullptr) {
            break;
        }
        if (ranking.standsIn(best)) {
            ranking.thinkAgain(best, think);
            continue;
        }
        taken.push_back(best.candidate->choice.reason);
        ranking.take(best);
    }
    return taken;
}

} // namespace

TEST_CASE("a ranking kept across decisions takes the orders a list rebuilt for each takes", "[computer][memory]") {
    Memories m;
    UnitRanking ranking(m.memory.addReader());
    std::vector<std::string> units;
    for (int i = 0; i < 40; ++i) {
        units.push_back("u" + std::to_string(i));
    }
    int takenInAll = 0;
    int standInsInAll = 0;
    for (int decision = 0; decision < 400; ++decision) {
        // Change the memory and the list between decisions, as actions do.
        for (int change = m.draw(4); change > 0; --change) {
            const std::string unit = "u" + std::to_string(m.draw(49));
            switch (m.draw(5)) {
            case 0: // its thoughts overtaken: forgotten
                m.memory.erase(unit);
                m.copy.erase(unit);
                break;
            case 1: { // a nearer enemy beyond its horizon
                Remembered* remembered = m.memory.find(unit);
                if (remembered != nullptr) {
                    const double gap = 5.0 * m.draw(4);
                    remembered->nearerEnemyAt = gap;
                    m.memory.noteChanged(*remembered);
                    m.copy.at(unit).nearerEnemyAt = gap;
                    ++standInsInAll;
                }
                break;
            }
            case 2: // it left the list (it acted), or fell
                units.erase(std::remove(units.begin(), units.end(), unit), units.end());
                if (m.draw(3) == 0) {
                    m.offTable.insert(unit);
                }
                break;
            case 3: // it joined the list, somewhere
                if (std::find(units.begin(), units.end(), unit) == units.end()) {
                    units.insert(units.begin() + m.draw(static_cast<int>(units.size())), unit);
                }
                break;
            case 4:
                m.offTable.erase(unit);
                break;
            default: // every unit's forgotten (a new phase)
                if (m.draw(9) == 0) {
                    m.memory.clear();
                    m.copy.clear();
                }
                break;
            }
        }
        const int taking = m.draw(3) == 0 ? 1000 : m.draw(3);
        INFO("decision " << decision);
        const std::vector<std::string> expected = decidedByList(m, units, taking);
        REQUIRE(decidedByRanking(m, ranking, units, taking) == expected);
        REQUIRE(m.memory.size() == m.copy.size());
        takenInAll += static_cast<int>(expected.size());
    }
    // Neither nothing nor everything at each decision: the test tells the ranking from a list.
    CHECK(takenInAll > 400);
    CHECK(standInsInAll > 50);
}
