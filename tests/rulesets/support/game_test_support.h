#pragma once

// Whole games for ruleset tests: a shipped scenario started with a seed, played by the
// computer on every side to its end with each offer's shape checked and every offer that
// needs no player's input taken, and the save replayed to the same hashes.

#include "ruleset_test_support.h"
#include "sandtable/computer_player.h"
#include "sandtable/game.h"
#include "sandtable/replay.h"
#include "sandtable/ruleset_registry.h"
#include "sandtable/save_file.h"
#include "sandtable/scenario.h"

#include <filesystem>
#include <memory>
#include <set>

namespace rulesettest {

inline Scenario shippedScenario(const std::filesystem::path& file) {
    auto scenario = loadScenario(file);
    INFO((scenario ? "" : toString(scenario.error())));
    REQUIRE(scenario);
    return std::move(scenario).value();
}

inline std::unique_ptr<Game> startGame(const std::string& rulesetId, Scenario scenario, std::uint64_t seed,
                                       const nlohmann::json& options = nlohmann::json::object()) {
    auto rules = makeRuleset(rulesetId, options);
    REQUIRE(rules);
    auto game = Game::start(std::move(scenario), std::move(rules).value(), seed);
    REQUIRE(game);
    return std::move(game).value();
}

/// Plays the computer for `sides` until the battle ends (or `most` actions), checking every
/// offer's shape and, every `every` actions (0: never), that each offer needing no player's
/// input (a path, a facing, a place or a target for each element) is allowed.
inline void playToTheEnd(Game& game, const std::set<std::string>& sides, int every, int most = 6000) {
    ComputerPlayer computer(ComputerLevel::Basic); // the rules under test, at the fast, fixed level
    for (int guard = 0; guard < most && !game.status().over; ++guard) {
        if (every > 0 && guard % every == 0) {
            std::vector<std::string> units{""};
            for (const Unit& unit : game.battle().units) {
                units.push_back(unit.id);
            }
            for (const std::string& id : units) {
                for (const Offer& offer : game.offers(id)) {
                    INFO(id << " " << offer.type);
                    CHECK(offerShapeProblem(offer, id).empty());
                    if (offer.input == OrderInput::Path || offer.input == OrderInput::Facing || offer.input == OrderInput::ElementTargets ||
                        offer.input == OrderInput::Placement) {
                        continue; // they need a player's input
                    }
                    for (const Action& action : actionsOffered(game.battle(), offer)) {
                        INFO(toJson(action).dump());
                        CHECK(game.ruleset().sequenceRefusal(game.battle(), action).empty());
                        CHECK(game.preview(action).allowed());
                    }
                }
            }
        }
        const std::optional<std::string> side = computerToDecide(game, sides);
        REQUIRE(side);
        const auto played = computer.play(game, *side, [&](const Action& action) {
            auto done = game.perform(action);
            return done ? std::string() : done.error();
        });
        INFO("turn " << game.battle().turn << " " << game.battle().phase);
        REQUIRE(played);
    }
}

inline void checkReplays(const Game& game) {
    const SaveFile save = saveOf(game);
    auto replayed = replay(save, [](const std::string& id, const nlohmann::json& options) { return makeRuleset(id, options); });
    REQUIRE(replayed);
    CHECK(replayed->reproduced());
}

} // namespace rulesettest
