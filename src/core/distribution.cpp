#include "sandtable/distribution.h"

#include <algorithm>
#include <cassert>
#include <map>
#include <stdexcept>

namespace sandtable {

namespace {

// A dense vector this long would be a bug (an outcome range no table or pool reaches).
constexpr std::int64_t maximumRange = 1 << 22;

void checkRange(std::int64_t lowest, std::int64_t highest) {
    if (highest - lowest + 1 > maximumRange) {
        throw std::length_error("a distribution spans more than " + std::to_string(maximumRange) + " values");
    }
}

} // namespace

std::string toString(const Probability& probability) {
    return boost::multiprecision::numerator(probability).str() + "/" + boost::multiprecision::denominator(probability).str();
}

double toDouble(const Probability& probability) { return probability.convert_to<double>(); }

Distribution::Distribution() : Distribution(certain(0)) {}

Distribution::Distribution(std::int64_t lowest, std::vector<Weight> weights, Weight total)
    : m_lowest(lowest), m_weights(std::move(weights)), m_total(std::move(total)) {
    trim();
}

Distribution Distribution::certain(std::int64_t value) { return Distribution(value, {Weight(1)}, Weight(1)); }

Distribution Distribution::uniform(std::int64_t lowest, std::int64_t highest) {
    assert(lowest <= highest);
    checkRange(lowest, highest);
    const auto count = static_cast<std::size_t>(highest - lowest + 1);
    return Distribution(lowest, std::vector<Weight>(count, Weight(1)), Weight(count));
}

Distribution Distribution::fromWeights(std::int64_t lowest, std::vector<Weight> weights) {
    Weight total = 0;
    for (const Weight& w : weights) {
        if (w < 0) {
            throw std::invalid_argument("a distribution weight is negative");
        }
        total += w;
    }
    if (total == 0) {
        throw std::invalid_argument("a distribution needs at least one possible outcome");
    }
    return Distribution(lowest, std::move(weights), std::move(total));
}

void Distribution::trim() {
    std::size_t first = 0;
    while (first + 1 < m_weights.size() && m_weights[first] == 0) {
        ++first;
    }
    std::size_t last = m_weights.size();
    while (last > first + 1 && m_weights[last - 1] == 0) {
        --last;
    }
    if (first > 0 || last < m_weights.size()) {
        m_weights = std::vector<Weight>(m_weights.begin() + static_cast<std::ptrdiff_t>(first),
                                        m_weights.begin() + static_cast<std::ptrdiff_t>(last));
        m_lowest += static_cast<std::int64_t>(first);
    }
}

Weight Distribution::weight(std::int64_t value) const {
    if (value < lowest() || value > highest()) {
        return 0;
    }
    return m_weights[static_cast<std::size_t>(value - m_lowest)];
}

Probability Distribution::probability(std::int64_t value) const { return Probability(weight(value), m_total); }

Probability Distribution::probabilityAtLeast(std::int64_t value) const {
    Weight sum = 0;
    for (std::int64_t v = std::max(value, lowest()); v <= highest(); ++v) {
        sum += m_weights[static_cast<std::size_t>(v - m_lowest)];
    }
    return Probability(sum, m_total);
}

Probability Distribution::probabilityAtMost(std::int64_t value) const { return Probability(1) - probabilityAtLeast(value + 1); }

Probability Distribution::mean() const {
    Weight sum = 0;
    for (std::size_t i = 0; i < m_weights.size(); ++i) {
        sum += m_weights[i] * (m_lowest + static_cast<std::int64_t>(i));
    }
    return Probability(sum, m_total);
}

std::vector<std::int64_t> Distribution::outcomes() const {
    std::vector<std::int64_t> values;
    for (std::size_t i = 0; i < m_weights.size(); ++i) {
        if (m_weights[i] != 0) {
            values.push_back(m_lowest + static_cast<std::int64_t>(i));
        }
    }
    return values;
}

Distribution Distribution::plus(const Distribution& other) const {
    checkRange(lowest() + other.lowest(), highest() + other.highest());
    std::vector<Weight> weights(m_weights.size() + other.m_weights.size() - 1, Weight(0));
    for (std::size_t i = 0; i < m_weights.size(); ++i) {
        if (m_weights[i] == 0) {
            continue;
        }
        for (std::size_t j = 0; j < other.m_weights.size(); ++j) {
            weights[i + j] += m_weights[i] * other.m_weights[j];
        }
    }
    return Distribution(m_lowest + other.m_lowest, std::move(weights), m_total * other.m_total);
}

Distribution Distribution::map(const std::function<std::int64_t(std::int64_t)>& f) const {
    std::map<std::int64_t, Weight> mapped;
    for (std::size_t i = 0; i < m_weights.size(); ++i) {
        if (m_weights[i] != 0) {
            mapped[f(m_lowest + static_cast<std::int64_t>(i))] += m_weights[i];
        }
    }
    const std::int64_t low = mapped.begin()->first;
    const std::int64_t high = mapped.rbegin()->first;
    checkRange(low, high);
    std::vector<Weight> weights(static_cast<std::size_t>(high - low + 1), Weight(0));
    for (auto& [value, w] : mapped) {
        weights[static_cast<std::size_t>(value - low)] = std::move(w);
    }
    return Distribution(low, std::move(weights), m_total);
}

Distribution Distribution::bind(const std::function<Distribution(std::int64_t)>& f) const {
    // Mixture: P(w) = sum over v of P(v) * P_v(w). With every branch brought to the
    // least common multiple of the branch totals, the result stays in whole weights.
    std::vector<std::pair<Weight, Distribution>> branches;
    Weight commonTotal = 1;
    for (std::size_t i = 0; i < m_weights.size(); ++i) {
        if (m_weights[i] != 0) {
            Distribution branch = f(m_lowest + static_cast<std::int64_t>(i));
            commonTotal = boost::multiprecision::lcm(commonTotal, branch.m_total);
            branches.emplace_back(m_weights[i], std::move(branch));
        }
    }
    std::int64_t low = branches.front().second.lowest();
    std::int64_t high = branches.front().second.highest();
    for (const auto& [w, branch] : branches) {
        low = std::min(low, branch.lowest());
        high = std::max(high, branch.highest());
    }
    checkRange(low, high);
    std::vector<Weight> weights(static_cast<std::size_t>(high - low + 1), Weight(0));
    for (const auto& [w, branch] : branches) {
        const Weight scale = w * (commonTotal / branch.m_total);
        for (std::size_t j = 0; j < branch.m_weights.size(); ++j) {
            weights[static_cast<std::size_t>(branch.m_lowest - low) + j] += branch.m_weights[j] * scale;
        }
    }
    return Distribution(low, std::move(weights), m_total * commonTotal);
}

bool operator==(const Distribution& a, const Distribution& b) {
    if (a.lowest() != b.lowest() || a.m_weights.size() != b.m_weights.size()) {
        return false;
    }
    // Equal as probabilities: a_i / A == b_i / B for every outcome.
    for (std::size_t i = 0; i < a.m_weights.size(); ++i) {
        if (a.m_weights[i] * b.m_total != b.m_weights[i] * a.m_total) {
            return false;
        }
    }
    return true;
}

} // namespace sandtable
