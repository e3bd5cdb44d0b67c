// The computer makes a scenario's recorded pre-battle moves for the sides it plays, as
// the report's commanders did, and carries on as before where the rules refuse one or
// give no pre-battle moves.

#include "sandtable/computer_player.h"
#include "sandtable/game.h"
#include "sandtable/ruleset_registry.h"
#include "sandtable/scenario.h"

#include <catch2/catch.hpp>
#include <filesystem>

using namespace sandtable;
using Catch::Matchers::Contains;

namespace {

Scenario einsamenhugel() {
    auto loaded = loadScenario(std::filesystem::path(SANDTABLE_SCENARIOS_DIR) / "einsamenhugel-battle.json");
    REQUIRE(loaded);
    return std::move(loaded).value();
}

struct BeforeBattle {
    std::unique_ptr<Game> game;
    std::vector<ComputerChoice> played;
};

/// The computer on every side until the battle's first turn begins.
BeforeBattle playUntilTheBattle(const Scenario& scenario) {
    auto ruleset = makeRuleset(scenario.rulesetId, scenario.rulesetOptions);
    REQUIRE(ruleset);
    auto started = Game::start(scenario, std::move(ruleset).value(), 1);
    REQUIRE(started);
    BeforeBattle before{std::move(started).value(), {}};
    Game& game = *before.game;
    ComputerPlayer computer(ComputerLevel::Basic); // the rules under test, at the fast, fixed level
    while (game.status().beforeBattle) {
        const auto side = computerToDecide(game, {"pragmatic", "franco-bavarian"});
        REQUIRE(side);
        auto played = computer.play(game, *side, [&game](const Action& action, const std::string& reason) {
            const auto done = game.perform(action, reason);
            return done ? std::string() : done.error();
        });
        REQUIRE(played);
        before.played.push_back(*played);
        REQUIRE(before.played.size() < 20);
    }
    return before;
}

} // namespace

TEST_CASE("the computer makes the report's pre-battle moves for King George and none for Maurice", "[computer][pre-battle]") {
    const Scenario scenario = einsamenhugel();
    REQUIRE(scenario.preBattleMoves.size() == 3);
    const BeforeBattle before = playUntilTheBattle(scenario);
    // Three moves, then each side passes.
    REQUIRE(before.played.size() == 5);
    for (std::size_t i = 0; i < 3; ++i) {
        const PreBattleMove& planned = scenario.preBattleMoves[i];
        INFO(planned.unit);
        CHECK(before.played[i].action.unit == planned.unit);
        CHECK_THAT(before.played[i].reason, Contains("moves before the battle as the report's commander did: " + planned.note));
        const Unit* unit = before.game->battle().findUnit(planned.unit);
        CHECK(unit->centre().x() == Approx(planned.to.x()));
        CHECK(unit->centre().y() == Approx(planned.to.y()));
        CHECK(unit->elements.front().facing == Approx(*planned.facing));
    }
    CHECK(before.played[3].action.unit.empty());
    CHECK(before.played[4].action.unit.empty());
    CHECK(before.game->battle().turn == 1);
    // Each reason is kept with its order in the log, and an undo keeps those before it.
    REQUIRE(before.game->log().size() == 5);
    CHECK(before.game->log()[0].reason == before.played[0].reason);
    before.game->undo();
    REQUIRE(before.game->log().size() == 4);
    CHECK(before.game->log()[2].reason == before.played[2].reason);
}

TEST_CASE("a pre-battle move the rules refuse is passed over, and without pre-battle moves none is made", "[computer][pre-battle]") {
    Scenario scenario = einsamenhugel();
    // Into the enemy's half: refused by the rules, so King George makes the other two.
    scenario.preBattleMoves[0].to = Point(310, 200);
    const BeforeBattle refused = playUntilTheBattle(scenario);
    REQUIRE(refused.played.size() == 4);
    CHECK(refused.played[0].action.unit == "csaky-hussars");
    CHECK(refused.game->battle().findUnit("von-aldeleben-dragoons")->centre().y() == Approx(630));

    scenario = einsamenhugel();
    scenario.rulesetOptions["pre-battle-moves"] = "0";
    const BeforeBattle none = playUntilTheBattle(scenario);
    CHECK(none.played.empty());
    CHECK(none.game->battle().findUnit("csaky-hussars")->centre().x() == Approx(1010));
}
