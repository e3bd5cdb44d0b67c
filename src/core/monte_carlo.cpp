#include "sandtable/monte_carlo.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace sandtable {

namespace {

// The record of every die is for a game's log; an estimate's private stream clears it
// now and then so that a hundred thousand runs do not keep a million records.
constexpr std::size_t kRecordKept = 4096;

double errorOf(double chance, int samples) { return samples > 0 ? std::sqrt(chance * (1 - chance) / samples) : 0; }

} // namespace

Estimate Estimate::run(int samples, std::uint64_t seed, const std::function<std::string(DiceStream&)>& trial) {
    if (samples <= 0) {
        throw std::invalid_argument("an estimate needs at least one sample");
    }
    Estimate estimate;
    estimate.m_samples = samples;
    DiceStream stream(seed);
    for (int i = 0; i < samples; ++i) {
        const std::string outcome = trial(stream);
        const auto found = std::find_if(estimate.m_counts.begin(), estimate.m_counts.end(),
                                        [&](const std::pair<std::string, int>& count) { return count.first == outcome; });
        if (found == estimate.m_counts.end()) {
            estimate.m_counts.emplace_back(outcome, 1);
        } else {
            ++found->second;
        }
        if (stream.record().size() > kRecordKept) {
            stream.restore(stream.position());
        }
    }
    return estimate;
}

double Estimate::chance(const std::string& outcome) const {
    for (const auto& [label, count] : m_counts) {
        if (label == outcome) {
            return static_cast<double>(count) / m_samples;
        }
    }
    return 0;
}

double Estimate::standardError(const std::string& outcome) const { return errorOf(chance(outcome), m_samples); }

Odds Estimate::odds(std::string title) const {
    Odds odds;
    odds.title = std::move(title);
    odds.samples = m_samples;
    for (const auto& [label, count] : m_counts) {
        Odds::Line line{label, Probability(count)};
        line.probability /= m_samples;
        odds.lines.push_back(std::move(line));
    }
    return odds;
}

double standardError(const Odds& odds, const Odds::Line& line) {
    return odds.samples ? errorOf(toDouble(line.probability), *odds.samples) : 0;
}

} // namespace sandtable
