#pragma once

#include "sandtable/battle_losses.h"
#include "sandtable/computer_player.h"
#include "sandtable/expected.h"
#include "sandtable/replay.h"
#include "sandtable/scenario.h"

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <vector>

namespace sandtable {

/// How a batch of refights, the computer playing every side, is played: how many games,
/// from which seed (game i is seeded firstSeed + i, so any one of them can be played again
/// alone with `sandtable-cli play --computer all --seed`), on how many threads, and the
/// most actions a game may take before it is called unfinished, and how well the computer
/// plays each side (`levels` by side id; a side not named plays at `level`).
struct RefightPlan {
    std::uint64_t firstSeed = 1;
    std::size_t runs = 100;
    unsigned jobs = 1;
    std::size_t actionLimit = 100000;
    ComputerLevel level = ComputerLevel::Standard;
    std::map<std::string, ComputerLevel> levels;

    ComputerLevel levelOf(const std::string& side) const {
        const auto it = levels.find(side);
        return it != levels.end() ? it->second : level;
    }
};

/// One refight's outcome: its run and seed, whether the battle ended (and if not, why it
/// stopped), the winner (a side id, or empty for a draw), the result in words, the turn it
/// ended in (its last action's: a ruleset that opens the next turn as it closes the last
/// does not count the one it opened), the actions taken, and each side's losses
/// (battleLosses, by turn up to the end turn).
struct RefightGame {
    std::size_t run = 0;
    std::uint64_t seed = 0;
    bool over = false;
    std::string stopped;
    std::string winner;
    std::string result;
    int endTurn = 0;
    std::size_t actions = 0;
    std::vector<SideLosses> losses;
};

/// Plays `scenario` once with `seed`, the computer on every side. An error when the
/// scenario cannot start (its ruleset unknown, its options refused).
Expected<RefightGame, std::string> refightOnce(const Scenario& scenario, const RulesetMaker& makeRuleset, const RefightPlan& plan,
                                               std::uint64_t seed);

/// Told after each finished game how many are done of how many; it may be called from any
/// of the refight's threads, one call at a time.
using RefightProgress = std::function<void(std::size_t done, std::size_t runs)>;

/// Plays the plan's runs on its jobs threads and returns the games in run order, so the
/// same plan gives the same games whatever the threads. Setting `cancel` stops it after
/// the games under way: it returns the games finished so far, each still in run order
/// (runs missing from the middle are left out). An error when the scenario cannot start.
Expected<std::vector<RefightGame>, std::string> refight(const Scenario& scenario, const RulesetMaker& makeRuleset, const RefightPlan& plan,
                                                        const RefightProgress& progress = {}, const std::atomic<bool>* cancel = nullptr);

} // namespace sandtable
