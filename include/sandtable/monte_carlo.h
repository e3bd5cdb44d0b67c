#pragma once

#include "sandtable/dice_stream.h"
#include "sandtable/ruleset.h"

#include <cstdint>
#include <functional>
#include <string>
#include <utility>
#include <vector>

namespace sandtable {

/// The chances of a procedure's outcomes estimated by running it many times, for the
/// procedures too long to enumerate exactly (a melee of rounds, a chain of tests). Each
/// run rolls on a private stream seeded for the estimate, never on the game's, so an
/// estimate draws no die of the game and the same estimate always gives the same figures.
class Estimate {
public:
    /// Runs `trial` `samples` times on one private stream seeded with `seed`; each run
    /// returns the outcome's label. Outcomes keep the order they were first seen in.
    static Estimate run(int samples, std::uint64_t seed, const std::function<std::string(DiceStream&)>& trial);

    int samples() const { return m_samples; }
    const std::vector<std::pair<std::string, int>>& counts() const { return m_counts; }
    /// The share of runs that gave `outcome` (0 if none did).
    double chance(const std::string& outcome) const;
    /// The standard error of that share, sqrt(p(1-p)/n): about two in three estimates
    /// fall within one of the true chance.
    double standardError(const std::string& outcome) const;
    /// As odds for a preview: each outcome's share as a fraction of the samples, and
    /// Odds::samples set, which the front ends show as an estimate.
    Odds odds(std::string title) const;

private:
    int m_samples = 0;
    std::vector<std::pair<std::string, int>> m_counts;
};

/// The standard error of an estimated line, sqrt(p(1-p)/n); 0 for exact odds.
double standardError(const Odds& odds, const Odds::Line& line);

} // namespace sandtable
