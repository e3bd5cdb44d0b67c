// The status asks whether each acting unit has any order at its brigade's step
// (oibl::hasOrdersAtStep, stopping at the first charge target or fire target found)
// rather than list every offer: at points of whole games of both shipped scenarios, the
// computer on every side, it must agree with the offers listed, for every unit at each
// step that offers orders, whatever step the game is at.
#include "oibl_test_support.h"
#include "oibl_turn.h"
#include "sandtable/computer_player.h"
#include "sandtable/game.h"
#include "sandtable/scenario.h"

#include <catch2/catch.hpp>
#include <set>

using namespace oibltest;

TEST_CASE("a unit has orders at a step exactly when it is offered some there", "[oibl][turn]") {
    const char* file = GENERATE("oibl-freemans-farm.json", "oibl-training-charge.json");
    auto scenario = loadScenario(scenariosDir() / file);
    REQUIRE(scenario);
    std::set<std::string> everyone;
    for (const Side& side : scenario->battle.sides) {
        everyone.insert(side.id);
    }
    std::size_t had = 0;
    std::size_t hadNone = 0;
    for (const ComputerLevel level : {ComputerLevel::Random, ComputerLevel::Basic}) {
        auto started = Game::start(*scenario, std::make_unique<oibl::OneIfByLandRuleset>(optionsWith(scenario->rulesetOptions)), 3);
        REQUIRE(started);
        Game& game = **started;
        ComputerPlayer computer(level);
        for (int action = 0; action < 400 && !game.status().over; ++action) {
            if (action % 3 == 0) {
                for (const Unit& unit : game.battle().units) {
                    if (unit.eliminated()) {
                        continue;
                    }
                    for (const int step : {2, 4, 5}) {
                        INFO(file << ", " << toString(level) << ", action " << action << ": " << unit.name << " at step " << step);
                        const bool offered = !oibl::offersAtStep(data(), game.ruleset().options(), game.battle(), unit, step).empty();
                        CHECK(oibl::hasOrdersAtStep(data(), game.ruleset().options(), game.battle(), unit, step) == offered);
                        had += offered && step != 4 ? 1 : 0;
                        hadNone += !offered && step != 4 ? 1 : 0;
                    }
                }
            }
            const std::optional<std::string> side = computerToDecide(game, everyone);
            REQUIRE(side);
            REQUIRE(computer.play(game, *side, [&](const Action& next) {
                auto done = game.perform(next);
                return done ? std::string() : done.error();
            }));
        }
    }
    // Charges and fire both offered and refused at many points.
    CHECK(had >= 20);
    CHECK(hadNone >= 50);
}
