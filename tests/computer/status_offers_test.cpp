// A ruleset's status lists the units that may act (GameStatus::mayActivate); where it
// finds them by a quicker way than listing each unit's offers (Abu Klea's rules ask
// whether a unit has any order, stopping at the first), the list must still be exactly
// the units offered an order. Whole games, the computer on every side at two levels, at
// every action.
#include "computer_game.h"

#include <catch2/catch.hpp>
#include <filesystem>
#include <set>

using namespace sandtable;
using namespace sandtable::test;

TEST_CASE("the status lists as able to act exactly the units offered an order", "[computer]") {
    const std::filesystem::path folder = SANDTABLE_SCENARIOS_DIR;
    const char* file = GENERATE("vcc-abu-klea.json", "oibl-freemans-farm.json", "oibl-training-charge.json");
    auto scenario = loadScenario(folder / file);
    REQUIRE(scenario);
    const std::set<std::string> everyone = everySide(*scenario);
    std::size_t listed = 0;
    std::size_t unlisted = 0;
    for (const ComputerLevel level : {ComputerLevel::Random, ComputerLevel::Basic}) {
        for (const std::uint64_t seed : {3u, 4u}) {
            const auto started = startGame(*scenario, seed);
            Game& game = *started;
            ComputerPlayer computer(level);
            for (int action = 0; action < 300 && !game.status().over; ++action) {
                const GameStatus& status = game.status();
                if (status.activeUnit.empty() && !game.prompt()) {
                    const std::set<std::string> mayActivate(status.mayActivate.begin(), status.mayActivate.end());
                    for (const Unit& unit : game.battle().units) {
                        INFO(file << ", " << toString(level) << ", seed " << seed << ", action " << action << ": " << unit.name);
                        const bool offered = !unit.eliminated() && !game.offers(unit.id).empty();
                        CHECK(offered == (mayActivate.count(unit.id) != 0));
                        listed += offered ? 1 : 0;
                        unlisted += offered ? 0 : 1;
                    }
                }
                decide(computer, game, everyone);
            }
        }
    }
    CHECK(listed >= 100);
    CHECK(unlisted >= 100);
}
