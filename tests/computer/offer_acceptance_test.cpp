// An order the game offers is one it takes: at many points of whole computer games of
// every shipped scenario, every offer of every unit (and the side's own) that the offer
// completes by itself (no input, or one of the targets or boxes it lists) is previewed
// as allowed and performed without a refusal. An offer the game would refuse is a bug: a
// player is shown an order that cannot be given, and the computer wastes its turn on it.

#include "computer_game.h"

#include <algorithm>
#include <catch2/catch.hpp>
#include <filesystem>

using namespace sandtable;
using namespace sandtable::test;

namespace {

/// The game after the first `count` of `actions`.
std::unique_ptr<Game> gameAt(const Scenario& scenario, std::uint64_t seed, const std::vector<Action>& actions, std::size_t count) {
    auto game = startGame(scenario, seed);
    for (std::size_t i = 0; i < count; ++i) {
        REQUIRE(game->perform(actions[i]));
    }
    return game;
}

} // namespace

TEST_CASE("every order offered at points of whole games of every shipped scenario is allowed and taken", "[computer][offers]") {
    const std::filesystem::path folder = SANDTABLE_SCENARIOS_DIR;
    // One If By Land's Freeman's Farm is too long a game to replay at every point here; its
    // offers are checked along a whole game by the ruleset's own tests.
    for (const char* file : {"ozz-winkie-border.json", "einsamenhugel-battle.json", "vcc-abu-klea.json", "oibl-training-charge.json",
                             "lshm-casa-blanca.json"}) {
        auto scenario = loadScenario(folder / file);
        REQUIRE(scenario);
        const std::uint64_t seed = 5;
        // A whole game by the computer on every side, its actions kept.
        auto game = startGame(*scenario, seed);
        const std::set<std::string> everyone = everySide(*scenario);
        ComputerPlayer computer(ComputerLevel::Basic); // the rules under test, at the fast, fixed level
        while (game->log().size() < 400 && !game->status().over) {
            decide(computer, *game, everyone);
        }
        std::vector<Action> actions;
        for (const LogEntry& entry : game->log()) {
            actions.push_back(entry.action);
        }
        // Every offer at every seventh point (closer in a short game), each performed on a game of its own.
        int tried = 0;
        const std::size_t every = std::clamp<std::size_t>(actions.size() / 20, 1, 7);
        for (std::size_t point = 0; point < actions.size(); point += every) {
            const auto at = gameAt(*scenario, seed, actions, point);
            std::vector<std::string> asked{""};
            for (const Unit& unit : at->battle().units) {
                asked.push_back(unit.id);
            }
            for (const std::string& unit : asked) {
                for (const Offer& offer : at->offers(unit)) {
                    for (const Action& action : completions(offer)) {
                        INFO(scenario->name << ", after " << point << " actions (turn " << at->battle().turn << ", " << at->battle().phase
                                            << "): " << toJson(action).dump());
                        CHECK(at->preview(action).refusal == "");
                        const auto fresh = gameAt(*scenario, seed, actions, point);
                        const auto done = fresh->perform(action);
                        CHECK((done ? std::string() : done.error()) == "");
                        ++tried;
                    }
                }
            }
        }
        INFO(scenario->name);
        CHECK(tried > 20); // it did try: every scenario offers targets, choices or whole orders
    }
}
