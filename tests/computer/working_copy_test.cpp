// The copy of the battle a game lends each resolution for its working copy
// (Battle::workingCopy) is kept from one action to the next, so it must equal the
// battle after every action: whole games of every shipped scenario, the computer on
// every side, compare the two after each action, in every part a scenario or the
// state text holds.
#include "computer_game.h"
#include "sandtable/battle_state.h"

#include <catch2/catch.hpp>
#include <filesystem>
#include <set>

using namespace sandtable;
using namespace sandtable::test;

namespace {

/// All a battle holds that a rule reads: what a scenario writes of it (units with their
/// names, stats and bases; terrain; sides) and its state text (markers, counters,
/// session, decks).
std::string everything(const Battle& battle) {
    Scenario holder;
    holder.battle = battle;
    return toJsonText(holder) + "\n" + battleStateText(battle);
}

} // namespace

TEST_CASE("the working copy a game keeps for its resolutions equals its battle after every action", "[game][computer]") {
    const std::filesystem::path folder = SANDTABLE_SCENARIOS_DIR;
    for (const char* file : {"ozz-winkie-border.json", "einsamenhugel-battle.json", "vcc-abu-klea.json", "oibl-training-charge.json",
                             "oibl-freemans-farm.json", "lshm-casa-blanca.json"}) {
        auto scenario = loadScenario(folder / file);
        REQUIRE(scenario);
        const auto started = startGame(*scenario, 11);
        Game& game = *started;
        const std::set<std::string> everyone = everySide(*scenario);
        ComputerPlayer computer(ComputerLevel::Basic);
        std::size_t kept = 0;
        std::size_t actions = 0;
        while (actions < 400 && !game.status().over) {
            decide(computer, game, everyone);
            ++actions;
            INFO(file << ", action " << actions);
            if (const Battle* copy = game.workingCopy()) {
                ++kept;
                REQUIRE(everything(*copy) == everything(game.battle()));
            }
        }
        INFO(file);
        // Kept through the game, not made afresh for each action.
        CHECK(kept == actions);
        CHECK(actions >= 15); // the training charge ends in 17
    }
}
