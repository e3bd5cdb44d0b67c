// A resolution rolls a dice expression given as text (ResolutionStep::roll) as it rolls
// the expression parsed: the text is parsed once a thread and kept, so the hundredth roll
// of "2d6" must fall as the first would, and a text that is no expression is still
// refused by name however often it is tried.

#include "sandtable/kit/resolution_step.h"

#include <catch2/catch.hpp>
#include <stdexcept>
#include <string>

using namespace sandtable;

namespace {

const std::vector<kit::RulingText> kNoRulings;

} // namespace

TEST_CASE("a dice expression rolled by its text falls as the expression parsed does, every time", "[kit][dice]") {
    const Battle battle;
    for (const std::string text : {"2d6", "3d6+1", "1d10", "2d6", "4d6>=4", "3d6+1"}) {
        INFO(text);
        const DiceExpression parsed = kit::parseOrThrow(text);
        for (std::uint64_t seed = 1; seed <= 20; ++seed) {
            DiceStream byText(seed);
            DiceStream byParsed(seed);
            kit::ResolutionStep stepByText(kNoRulings, {}, battle, &byText);
            kit::ResolutionStep stepByParsed(kNoRulings, {}, battle, &byParsed);
            const std::int64_t first = stepByText.roll(text, "test", {});
            const std::int64_t second = stepByText.roll(text, "test", {});
            CHECK(first == stepByParsed.roll(parsed, "test", {}));
            CHECK(second == stepByParsed.roll(parsed, "test", {}));
            CHECK(byText.rollCount() == byParsed.rollCount());
            // Each roll is in the account, as it is of the parsed expression.
            REQUIRE(stepByText.out.trace.steps().size() == 2);
            CHECK(stepByText.out.trace.steps().size() == stepByParsed.out.trace.steps().size());
        }
    }
}

TEST_CASE("a text that is no dice expression is refused by name, the second time too", "[kit][dice]") {
    const Battle battle;
    DiceStream dice(3);
    kit::ResolutionStep step(kNoRulings, {}, battle, &dice);
    for (int attempt = 0; attempt < 2; ++attempt) {
        try {
            step.roll("2d", "test", {});
            FAIL("the bad expression rolled");
        } catch (const std::logic_error& refused) {
            CHECK_THAT(refused.what(), Catch::Contains("bad dice expression '2d'"));
        }
    }
    CHECK(dice.rollCount() == 0);
}
