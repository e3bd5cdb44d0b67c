// Game::fork: a game that goes on from another as it stands (its battle, the question
// waiting), with dice of its own and a log of its own, leaving the other untouched; the
// same seed and actions come to the same battle, and undo goes back to the fork.

#include "computer_game.h"
#include "sandtable/computer_player.h"
#include "shipped_scenario.h"

#include <catch2/catch.hpp>

using namespace sandtable;
using sandtable::test::shipped;

namespace {

/// `actions` decisions of the Basic level on every side.
void playedBasic(Game& game, const std::set<std::string>& sides, int actions) {
    ComputerPlayer basic(ComputerLevel::Basic);
    for (int i = 0; i < actions && !game.status().over; ++i) {
        test::decide(basic, game, sides);
    }
}

} // namespace

TEST_CASE("a forked game goes on from the game as it stands with dice of its own, and leaves the game untouched",
          "[game][computer][search]") {
    const Scenario scenario = shipped("ozz-winkie-border.json");
    const std::set<std::string> sides = test::everySide(scenario);
    const std::unique_ptr<Game> game = test::startGame(scenario, 3);
    playedBasic(*game, sides, 30);
    const std::string before = game->stateHash();
    const std::size_t logged = game->log().size();
    REQUIRE(logged == 30);

    const std::unique_ptr<Game> forked = game->fork(99);
    CHECK(forked->stateHash() == before);
    CHECK(forked->log().empty());
    CHECK(forked->status().activeSide == game->status().activeSide);
    CHECK(forked->status().turn == game->status().turn);
    CHECK(forked->prompt().has_value() == game->prompt().has_value());
    playedBasic(*forked, sides, 10);
    REQUIRE(forked->log().size() == 10);
    CHECK(forked->stateHash() != before);
    CHECK(game->stateHash() == before);
    CHECK(game->log().size() == logged);

    // The same seed and the same actions come to the same battle; undone, to the start.
    const std::unique_ptr<Game> again = game->fork(99);
    for (const LogEntry& entry : forked->log()) {
        REQUIRE(again->perform(entry.action));
    }
    CHECK(again->stateHash() == forked->stateHash());
    CHECK(again->dice().rollCount() == forked->dice().rollCount());
    while (again->canUndo()) {
        again->undo();
    }
    CHECK(again->stateHash() == before);
    CHECK(again->status().activeSide == game->status().activeSide);
}
