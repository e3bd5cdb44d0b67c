#include "sandtable/joint_odds.h"

#include <algorithm>
#include <stdexcept>

namespace sandtable {

JointOdds JointOdds::pool(int dice, int sides, const std::function<std::int64_t(int face)>& value,
                          const std::function<bool(int face)>& flag) {
    if (dice < 0 || sides < 1) {
        throw std::invalid_argument("a pool needs zero or more dice of one or more faces");
    }
    // Ways to reach (number, met) after each die: a die multiplies the ways by its faces.
    std::map<std::pair<std::int64_t, bool>, Weight> ways{{{0, false}, Weight(1)}};
    Weight total = 1;
    for (int die = 0; die < dice; ++die) {
        std::map<std::pair<std::int64_t, bool>, Weight> next;
        for (const auto& [state, count] : ways) {
            for (int face = 1; face <= sides; ++face) {
                next[{state.first + value(face), state.second || flag(face)}] += count;
            }
        }
        ways = std::move(next);
        total *= sides;
    }
    JointOdds odds;
    odds.m_ways = std::move(ways);
    odds.m_total = std::move(total);
    return odds;
}

std::map<std::pair<std::int64_t, bool>, Probability> JointOdds::chances() const {
    std::map<std::pair<std::int64_t, bool>, Probability> chances;
    for (const auto& [state, count] : m_ways) {
        chances.emplace(state, Probability(count, m_total));
    }
    return chances;
}

Probability JointOdds::chance(std::int64_t number, bool met) const {
    const auto found = m_ways.find({number, met});
    return found == m_ways.end() ? Probability(0) : Probability(found->second, m_total);
}

Probability JointOdds::chanceMet() const {
    Weight met = 0;
    for (const auto& [state, count] : m_ways) {
        if (state.second) {
            met += count;
        }
    }
    return Probability(met, m_total);
}

Distribution JointOdds::number() const {
    const std::int64_t lowest = m_ways.begin()->first.first;
    std::int64_t highest = lowest;
    for (const auto& [state, count] : m_ways) {
        highest = std::max(highest, state.first);
    }
    std::vector<Weight> weights(static_cast<std::size_t>(highest - lowest + 1), Weight(0));
    for (const auto& [state, count] : m_ways) {
        weights[static_cast<std::size_t>(state.first - lowest)] += count;
    }
    return Distribution::fromWeights(lowest, std::move(weights));
}

} // namespace sandtable
