#pragma once

#include "sandtable/distribution.h"

#include <cstdint>
#include <functional>
#include <map>
#include <utility>

namespace sandtable {

/// The exact joint chances of two things a roll decides at once: a number (hits, pips)
/// and whether some die met a condition (any 6, which calls for a leader-hit check in
/// Victorian Colonial Combat). Keyed by (number, met).
class JointOdds {
public:
    /// A pool of `dice` dice of `sides` faces (1 to sides): each face adds `value(face)`
    /// to the number and meets the condition when `flag(face)`.
    static JointOdds pool(int dice, int sides, const std::function<std::int64_t(int face)>& value,
                          const std::function<bool(int face)>& flag);

    /// Every (number, met) that can happen with its chance.
    std::map<std::pair<std::int64_t, bool>, Probability> chances() const;
    /// The chance of exactly `number` with the condition met (or not).
    Probability chance(std::int64_t number, bool met) const;
    /// The chance the condition is met at all, whatever the number.
    Probability chanceMet() const;
    /// The number alone, the condition forgotten.
    Distribution number() const;

private:
    // Equally likely ways to each (number, met), out of the pool's sides^dice: exact
    // counts, so that the number alone is a Distribution without a common denominator.
    std::map<std::pair<std::int64_t, bool>, Weight> m_ways;
    Weight m_total = 1;
};

} // namespace sandtable
