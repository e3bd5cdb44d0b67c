#include "sandtable/joint_odds.h"

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
    for (const auto& [state, count] : ways) {
        odds.m_chances.emplace(state, Probability(count, total));
    }
    return odds;
}

Probability JointOdds::chance(std::int64_t number, bool met) const {
    const auto found = m_chances.find({number, met});
    return found == m_chances.end() ? Probability(0) : found->second;
}

Probability JointOdds::chanceMet() const {
    Probability met = 0;
    for (const auto& [state, chance] : m_chances) {
        if (state.second) {
            met += chance;
        }
    }
    return met;
}

Distribution JointOdds::number() const {
    // Common denominator: every chance is ways / sides^dice, so scale back to weights.
    std::map<std::int64_t, Probability> byNumber;
    for (const auto& [state, chance] : m_chances) {
        byNumber[state.first] += chance;
    }
    Weight denominator = 1;
    for (const auto& [number, chance] : byNumber) {
        const Weight d = boost::multiprecision::denominator(chance);
        denominator = denominator / boost::multiprecision::gcd(denominator, d) * d; // lcm
    }
    const std::int64_t lowest = byNumber.begin()->first;
    const std::int64_t highest = byNumber.rbegin()->first;
    std::vector<Weight> weights(static_cast<std::size_t>(highest - lowest + 1), Weight(0));
    for (const auto& [number, chance] : byNumber) {
        weights[static_cast<std::size_t>(number - lowest)] =
            boost::multiprecision::numerator(chance) * (denominator / boost::multiprecision::denominator(chance));
    }
    return Distribution::fromWeights(lowest, std::move(weights));
}

} // namespace sandtable
