// The Strong level's search: it plays its best few orders out in games forked from the
// position (Game::fork) and gives the one that leaves its side clearly best placed, saying
// so in the order's reason.

#include "computer_game.h"
#include "computer_search.h"
#include "sandtable/computer_player.h"
#include "shipped_scenario.h"

#include <catch2/catch.hpp>

using namespace sandtable;
using Catch::Matchers::Contains;
using sandtable::test::shipped;

TEST_CASE("the strong level plays its best few orders out and gives the one that leaves its side best placed", "[computer][search]") {
    const Scenario scenario = shipped("ozz-winkie-border.json");
    const std::set<std::string> sides = test::everySide(scenario);
    const std::unique_ptr<Game> game = test::startGame(scenario, 5);
    ComputerPlayer strong(ComputerLevel::Strong);
    ComputerPlayer basic(ComputerLevel::Basic);
    std::optional<ComputerChoice> searched;
    for (int i = 0; i < 300 && !game->status().over && !searched; ++i) {
        const bool winkies = computerToDecide(*game, sides) == std::optional<std::string>("winkies");
        const ComputerChoice played = test::decideGivingReasons(
            winkies ? strong : basic, *game, winkies ? std::set<std::string>{"winkies"} : std::set<std::string>{"quadlings"});
        if (winkies && played.reason.find("played out") != std::string::npos) {
            searched = played;
        }
    }
    REQUIRE(searched);
    CHECK_THAT(searched->reason, Contains("played out " + std::to_string(computer::kGamesPlayedOut) + " times each to turn"));
}

TEST_CASE("the search gives the doctrine's first order unless another's games beat it by a clear margin", "[computer][search]") {
    const Scenario scenario = shipped("ozz-winkie-border.json");
    const std::set<std::string> sides = test::everySide(scenario);
    int displaced = 0;
    int kept = 0;
    for (const std::uint64_t seed : {3, 5, 8}) {
        const std::unique_ptr<Game> game = test::startGame(scenario, seed);
        ComputerPlayer basic(ComputerLevel::Basic);
        for (int i = 0; i < 90 && !game->status().over; ++i) {
            const std::string side = sideToDecide(*game);
            const std::vector<ComputerChoice> choices = computerChoices(*game, side, ComputerLevel::Standard);
            if (!side.empty() && choices.size() >= 3 && i % 6 == 0) {
                // The games each order comes to, worked out apart: the same every time, and
                // the game untouched.
                const std::string now = game->stateHash();
                std::vector<ComputerChoice> orders(choices.begin(), choices.begin() + 3);
                std::vector<double> outcomes;
                std::vector<std::vector<double>> games;
                for (const ComputerChoice& order : orders) {
                    const std::optional<double> outcome = computer::playedOut(*game, side, order.action);
                    const std::optional<std::vector<double>> each = computer::playedOutGames(*game, side, order.action);
                    REQUIRE(outcome);
                    REQUIRE(each);
                    REQUIRE(each->size() == static_cast<std::size_t>(computer::kGamesPlayedOut));
                    CHECK(*outcome == *computer::playedOut(*game, side, order.action));
                    outcomes.push_back(*outcome);
                    games.push_back(*each);
                }
                CHECK(game->stateHash() == now);
                // The first stands unless another beats it by the margin on the mean and in
                // kClearWins games of the same dice; then the best of the others.
                std::size_t expected = 0;
                for (std::size_t j = 1; j < outcomes.size(); ++j) {
                    int wins = 0;
                    for (std::size_t g = 0; g < games[j].size(); ++g) {
                        wins += games[j][g] > games[0][g] ? 1 : 0;
                    }
                    const bool clearly = outcomes[j] > outcomes[0] + computer::kClearlyBetter && wins >= computer::kClearWins;
                    if (expected == 0 ? clearly : outcomes[j] > outcomes[expected]) {
                        expected = j;
                    }
                }
                const ComputerChoice wanted = orders[expected];
                computer::putSearchedFirst(*game, side, orders);
                CHECK(orders.front().action == wanted.action);
                CHECK_THAT(orders.front().reason, Contains(wanted.reason + "; played out"));
                (expected == 0 ? kept : displaced) += 1;
            }
            test::decide(basic, *game, sides);
        }
    }
    // Both ways are seen, so that the margin is put to the test.
    INFO("kept " << kept << ", displaced " << displaced);
    CHECK(kept > 0);
    CHECK(displaced > 0);
}
