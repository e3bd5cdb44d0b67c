// The odds helpers beyond one number: joint outcomes, and estimates on a private stream.

#include "sandtable/joint_odds.h"
#include "sandtable/monte_carlo.h"

#include <catch2/catch.hpp>
#include <cmath>

using namespace sandtable;

namespace {

std::int64_t hitOnFivePlus(int face) { return face >= 5 ? 1 : 0; }
bool isSix(int face) { return face == 6; }

} // namespace

TEST_CASE("joint odds: hits and whether any die showed a 6, every cell counted by hand", "[odds][joint]") {
    // Two d6 hitting on 5-6; a 6 calls for a leader-hit check (Victorian Colonial Combat).
    const JointOdds odds = JointOdds::pool(2, 6, hitOnFivePlus, isSix);
    CHECK(odds.chance(0, false) == Probability(16, 36)); // both 1-4
    CHECK(odds.chance(0, true) == 0);
    CHECK(odds.chance(1, false) == Probability(8, 36)); // a 5 and a 1-4, either way round
    CHECK(odds.chance(1, true) == Probability(8, 36));  // a 6 and a 1-4
    CHECK(odds.chance(2, false) == Probability(1, 36)); // 5, 5
    CHECK(odds.chance(2, true) == Probability(3, 36));  // 5-6, 6-5, 6-6
    CHECK(odds.chanceMet() == Probability(11, 36));
    const Distribution hits = odds.number();
    CHECK(hits.probability(0) == Probability(16, 36));
    CHECK(hits.probability(1) == Probability(16, 36));
    CHECK(hits.probability(2) == Probability(4, 36));
    Probability total = 0;
    for (const auto& [state, chance] : odds.chances()) {
        total += chance;
    }
    CHECK(total == 1);
}

TEST_CASE("joint odds: the number alone is the pool's own distribution", "[odds][joint]") {
    const JointOdds pips = JointOdds::pool(
        3, 6, [](int face) { return face; }, isSix);
    const Distribution d6 = Distribution::uniform(1, 6);
    CHECK(pips.number() == d6.plus(d6).plus(d6));
    CHECK(pips.chanceMet() == Probability(91, 216)); // 1 - (5/6)^3
    const JointOdds none = JointOdds::pool(0, 6, hitOnFivePlus, isSix);
    CHECK(none.chance(0, false) == 1);
    CHECK_THROWS_AS(JointOdds::pool(-1, 6, hitOnFivePlus, isSix), std::invalid_argument);
}

TEST_CASE("an estimate runs on its own stream: the same seed, the same figures, within its standard error of the exact odds",
          "[odds][montecarlo]") {
    // The joint cells of three d6 hitting on 5-6, estimated, against the exact figures.
    const JointOdds exact = JointOdds::pool(3, 6, hitOnFivePlus, isSix);
    const auto trial = [](DiceStream& stream) {
        int hits = 0;
        bool six = false;
        for (int die = 0; die < 3; ++die) {
            const int face = stream.roll(Die{6, 1});
            hits += face >= 5 ? 1 : 0;
            six = six || face == 6;
        }
        return std::to_string(hits) + (six ? " with a 6" : "");
    };
    const Estimate estimate = Estimate::run(40'000, 99, trial);
    CHECK(estimate.samples() == 40'000);
    int counted = 0;
    for (const auto& [label, count] : estimate.counts()) {
        counted += count;
    }
    CHECK(counted == 40'000);
    for (int hits = 0; hits <= 3; ++hits) {
        for (const bool six : {false, true}) {
            const std::string label = std::to_string(hits) + (six ? " with a 6" : "");
            const double truth = toDouble(exact.chance(hits, six));
            INFO(label << ": estimate " << estimate.chance(label) << " ± " << estimate.standardError(label) << ", exact " << truth);
            // Five standard errors (of the true chance): a false alarm once in millions.
            CHECK(std::abs(estimate.chance(label) - truth) <= 5 * std::sqrt(truth * (1 - truth) / 40'000) + 1e-12);
        }
    }
    // Deterministic from its seed; another seed, other figures.
    CHECK(Estimate::run(40'000, 99, trial).counts() == estimate.counts());
    CHECK(Estimate::run(40'000, 100, trial).counts() != estimate.counts());
    // As odds: an estimate, with its sample count, each line's standard error as the helper's.
    const Odds odds = estimate.odds("Three dice at 5+");
    REQUIRE(odds.samples == 40'000);
    REQUIRE(odds.lines.size() == estimate.counts().size());
    for (const Odds::Line& line : odds.lines) {
        CHECK(standardError(odds, line) == Approx(estimate.standardError(line.label)));
    }
    CHECK(estimate.chance("never seen") == 0);
    CHECK_THROWS_AS(Estimate::run(0, 1, trial), std::invalid_argument);
}

TEST_CASE("exact odds have no standard error", "[odds][montecarlo]") {
    Odds exact;
    exact.lines.push_back({"hit", Probability(1, 3)});
    CHECK(standardError(exact, exact.lines.front()) == 0);
}
