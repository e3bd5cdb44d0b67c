// Dice engine benchmark: prints figures, asserts nothing. Not part of `make test`;
// run with `make bench`. Targets (issue 2): an expression roll costs at most 3x a raw die
// draw per die; exact distributions of 2d10kh1+3 and of a d10 through a 10x13 chart in
// under 50 µs each.

#include "sandtable/dice_expression.h"
#include "sandtable/table_set.h"

#include <boost/random/mersenne_twister.hpp>
#include <boost/random/uniform_int_distribution.hpp>
#include <chrono>
#include <cstdio>
#include <functional>

using namespace sandtable;
using Clock = std::chrono::steady_clock;

namespace {

// The best of several timed runs of `body`, in seconds per call: the least disturbed. A
// template, so that the body is inlined into the loop: through a std::function each raw
// draw would pay an indirect call and the baseline would flatten every ratio.
template <class Body> double secondsPerCall(long calls, Body&& body, int runs = 5) {
    double best = 1e30;
    for (int run = 0; run < runs; ++run) {
        const auto start = Clock::now();
        for (long i = 0; i < calls; ++i) {
            body();
        }
        const double seconds = std::chrono::duration<double>(Clock::now() - start).count();
        best = std::min(best, seconds / static_cast<double>(calls));
    }
    return best;
}

volatile std::int64_t sink = 0;

} // namespace

int main() {
    constexpr long draws = 4'000'000;

    boost::random::mt19937 engine(42);
    const double engineDraw = secondsPerCall(draws, [&] { sink = sink + engine(); });
    boost::random::uniform_int_distribution<int> d10(1, 10);
    const double rawDie = secondsPerCall(draws, [&] { sink = sink + d10(engine); });
    std::printf("raw engine draws:        %8.1f M/s  (%5.2f ns each)\n", 1e-6 / engineDraw, engineDraw * 1e9);
    std::printf("raw die draws (d10):     %8.1f M/s  (%5.2f ns each)  <- the baseline\n", 1e-6 / rawDie, rawDie * 1e9);

    // A stream records every die. Timed twice: while its record grows from empty (the
    // kernel faulting in fresh pages dominates a 4-million-entry log), and in the steady
    // state, after a restore() has emptied a record whose memory is already there.
    DiceStream recorded(42);
    const DicePosition start = recorded.position();
    const double growing = secondsPerCall(
        draws,
        [&] {
            sink = sink + recorded.roll(Die{10, 1}, 0);
        },
        1);
    recorded.restore(start);
    const double steady = secondsPerCall(
        draws,
        [&] {
            sink = sink + recorded.roll(Die{10, 1}, 0);
        },
        1);
    std::printf("stream rolls, record growing: %6.1f M/s  (%5.2f ns each, %.2fx raw)\n", 1e-6 / growing, growing * 1e9, growing / rawDie);
    std::printf("stream rolls, steady state:   %6.1f M/s  (%5.2f ns each, %.2fx raw)\n", 1e-6 / steady, steady * 1e9, steady / rawDie);

    std::printf("\nexpression rolls through the game's stream, every die recorded (steady state):\n");
    for (const auto& [text, dice] : {std::pair{"2d10kh1+3", 2}, std::pair{"4d6>=4", 4}, std::pair{"3d6", 3}, std::pair{"d10z+2", 1},
                                     std::pair{"(7/2 up min 1)d6", 4}}) {
        const DiceExpression expression = *DiceExpression::parse(text);
        DiceStream stream(7);
        const DicePosition origin = stream.position();
        const long rolls = draws / dice;
        const auto body = [&] { sink = sink + expression.roll(stream, 0); };
        secondsPerCall(rolls, body, 1); // grows the record to its full size
        stream.restore(origin);
        const double perRoll = secondsPerCall(rolls, body, 1);
        const double perDie = perRoll / dice;
        std::printf("  %-18s %8.2f M rolls/s  %6.2f ns/die  = %4.2fx a raw die draw%s\n", text, 1e-6 / perRoll, perDie * 1e9,
                    perDie / rawDie, perDie / rawDie <= 3 ? "" : "  (over 3x)");
    }

    std::printf("\nexact distributions (best of 5 runs):\n");
    const DiceExpression best = *DiceExpression::parse("2d10kh1+3");
    const double bestOdds = secondsPerCall(20'000, [&] { sink = sink + best.distribution().highest(); });
    std::printf("  2d10kh1+3:                       %8.2f µs\n", bestOdds * 1e6);

    const auto tables = loadTableSet(SANDTABLE_BENCH_DATA_DIR "/tables/engine-examples.json");
    if (!tables) {
        std::printf("cannot load the combat chart:\n%s", toString(tables.error()).c_str());
        return 1;
    }
    const Chart& chart = *tables->findChart("combat-table");
    const DiceExpression d10z = *DiceExpression::parse("d10z+2");
    const double chartOdds = secondsPerCall(20'000, [&] { sink = sink + chart.distribution(13, d10z.distribution())->highest(); });
    std::printf("  d10 (0-9) +2 through the 10x13 combat chart: %8.2f µs\n", chartOdds * 1e6);
    const DiceExpression heavy = *DiceExpression::parse("(2d6/2 dice)d6>=4");
    const double heavyOdds = secondsPerCall(2'000, [&] { sink = sink + heavy.distribution().highest(); });
    std::printf("  (2d6/2 dice)d6>=4 (Einsamenhügel guns):      %8.2f µs\n", heavyOdds * 1e6);
    const DiceExpression big = *DiceExpression::parse("20d6");
    const double bigOdds = secondsPerCall(200, [&] { sink = sink + big.distribution().highest(); });
    std::printf("  20d6:                            %8.2f µs\n", bigOdds * 1e6);
    return 0;
}
