#pragma once

#include <boost/multiprecision/cpp_int.hpp>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace sandtable {

/// An exact count of equally likely ways. Arbitrary precision, so 40 dice never overflow;
/// small values stay inside the object without allocating.
using Weight = boost::multiprecision::cpp_int;
/// An exact probability, always in lowest terms.
using Probability = boost::multiprecision::cpp_rational;

std::string toString(const Probability& probability); // "19/100"
double toDouble(const Probability& probability);

/// The exact distribution of a whole-number outcome: each value's weight out of a total.
/// Outcomes are stored densely from the lowest to the highest possible value, because
/// dice sums and chart cells are contiguous ranges.
class Distribution {
public:
    /// The certain outcome 0.
    Distribution();
    static Distribution certain(std::int64_t value);
    /// Every value from `lowest` to `highest` equally likely (one die).
    static Distribution uniform(std::int64_t lowest, std::int64_t highest);
    /// Weights for lowest, lowest+1, ...; at least one must be positive.
    static Distribution fromWeights(std::int64_t lowest, std::vector<Weight> weights);

    std::int64_t lowest() const { return m_lowest; }
    std::int64_t highest() const { return m_lowest + static_cast<std::int64_t>(m_weights.size()) - 1; }
    const Weight& total() const { return m_total; }
    Weight weight(std::int64_t value) const;

    Probability probability(std::int64_t value) const;
    Probability probabilityAtLeast(std::int64_t value) const;
    Probability probabilityAtMost(std::int64_t value) const;
    Probability mean() const;

    /// The values that can happen (weight above zero), ascending.
    std::vector<std::int64_t> outcomes() const;

    /// The distribution of this + other when the two are independent.
    Distribution plus(const Distribution& other) const;
    /// Each outcome v becomes f(v); weights of outcomes that meet are added.
    Distribution map(const std::function<std::int64_t(std::int64_t)>& f) const;
    /// Each outcome v is followed by the distribution f(v): the mixture, weighted exactly.
    Distribution bind(const std::function<Distribution(std::int64_t)>& f) const;

    friend bool operator==(const Distribution& a, const Distribution& b);

private:
    Distribution(std::int64_t lowest, std::vector<Weight> weights, Weight total);
    void trim(); // drops zero weights at both ends, so equal distributions compare equal

    std::int64_t m_lowest = 0;
    std::vector<Weight> m_weights;
    Weight m_total;
};

} // namespace sandtable
