// Refight benchmark: prints figures, asserts nothing. Run with `make bench`.
// Targets (issue 19): the computer's refights of each shipped battle, computer against
// computer in one process, no saves written: finished battles a second per core at each
// level, on one thread and on two (scaling), with the actions a game; then the standard
// level's matches against the basic level and a random player from both seats (the share
// of games it won). `refight-bench RUNS` sets the basic level's games per measurement (200
// by default; a quarter of them at standard and for each match, a hundredth at strong,
// which plays every decision out: a Freeman's Farm game takes it about three minutes).

#include "sandtable/refight.h"
#include "sandtable/ruleset_registry.h"
#include "sandtable/scenario.h"

#include <algorithm>
#include <cctype>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>

using namespace sandtable;
using Clock = std::chrono::steady_clock;

int main(int argc, char** argv) {
    std::size_t runs = 200;
    if (argc > 1) {
        // A whole number of games and nothing else: "--help" or "2x" must not run no games.
        const std::string word = argv[1];
        char* end = nullptr;
        const unsigned long long asked = std::strtoull(word.c_str(), &end, 10);
        if (argc > 2 || word.empty() || !std::isdigit(static_cast<unsigned char>(word.front())) || *end != '\0' || asked == 0 ||
            asked > 1000000) {
            std::fprintf(stderr, "usage: refight-bench [RUNS]: RUNS, the basic level's games per measurement, from 1 to 1000000 "
                                 "(200 by default)\n");
            return 2;
        }
        runs = static_cast<std::size_t>(asked);
    }
    std::printf("refights, the computer on every side, %zu games from seed 1, no saves\n", runs);
    std::printf("%-28s %-9s %5s %6s %10s %12s %14s %10s %9s\n", "scenario", "level", "jobs", "games", "time (s)", "battles/s",
                "battles/s/core", "actions", "finished");
    for (const char* name :
         {"einsamenhugel-battle.json", "ozz-winkie-border.json", "vcc-abu-klea.json", "oibl-freemans-farm.json", "lshm-casa-blanca.json"}) {
        auto scenario = loadScenario(std::filesystem::path(SANDTABLE_SCENARIOS_DIR) / name);
        if (!scenario) {
            std::printf("%s: %s\n", name, toString(scenario.error()).c_str());
            return 1;
        }
        struct Level {
            ComputerLevel level;
            std::size_t runs;
        };
        for (const Level level : {Level{ComputerLevel::Basic, runs}, Level{ComputerLevel::Standard, std::max<std::size_t>(runs / 4, 2)},
                                  Level{ComputerLevel::Strong, std::max<std::size_t>(runs / 100, 2)}}) {
            for (const unsigned jobs : {1u, 2u}) {
                RefightPlan plan;
                plan.runs = level.runs;
                plan.jobs = jobs;
                plan.level = level.level;
                const auto start = Clock::now();
                const auto games = refight(*scenario, makeRuleset, plan);
                const double seconds = std::chrono::duration<double>(Clock::now() - start).count();
                if (!games) {
                    std::printf("%s: %s\n", name, games.error().c_str());
                    return 1;
                }
                std::size_t actions = 0;
                std::size_t finished = 0;
                for (const RefightGame& game : *games) {
                    actions += game.actions;
                    finished += game.over ? 1 : 0;
                }
                const double rate = static_cast<double>(games->size()) / seconds;
                std::printf("%-28s %-9s %5u %6zu %10.2f %12.2f %14.2f %10.1f %9zu\n", name, toString(level.level).c_str(), jobs,
                            games->size(), seconds, rate, rate / jobs, static_cast<double>(actions) / static_cast<double>(games->size()),
                            finished);
                std::fflush(stdout);
            }
        }
        for (const ComputerLevel opponent : {ComputerLevel::Basic, ComputerLevel::Random}) {
            for (const Side& seat : scenario->battle.sides) {
                RefightPlan plan;
                plan.runs = std::max<std::size_t>(runs / 4, 2);
                plan.jobs = 2;
                plan.level = opponent;
                plan.levels[seat.id] = ComputerLevel::Standard;
                const auto games = refight(*scenario, makeRuleset, plan);
                if (!games) {
                    return 1;
                }
                std::size_t won = 0;
                std::size_t lost = 0;
                for (const RefightGame& game : *games) {
                    won += game.winner == seat.id ? 1 : 0;
                    lost += !game.winner.empty() && game.winner != seat.id ? 1 : 0;
                }
                std::printf("%-28s standard as %s against %s: won %zu, lost %zu, drew %zu of %zu (%.0f%% won)\n", name, seat.id.c_str(),
                            toString(opponent).c_str(), won, lost, games->size() - won - lost, games->size(),
                            100.0 * static_cast<double>(won) / static_cast<double>(games->size()));
                std::fflush(stdout);
            }
        }
    }
    return 0;
}
