// Refight benchmark: prints figures, asserts nothing. Run with `make bench`.
// Target (issue 19): the computer's refights of each shipped battle, computer against
// computer in one process, no saves written: finished battles a second per core, on one
// thread and on two (scaling), with the actions a game. `refight-bench RUNS` sets the
// games per measurement (200 by default).

#include "sandtable/refight.h"
#include "sandtable/ruleset_registry.h"
#include "sandtable/scenario.h"

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>

using namespace sandtable;
using Clock = std::chrono::steady_clock;

int main(int argc, char** argv) {
    const std::size_t runs = argc > 1 ? static_cast<std::size_t>(std::atoll(argv[1])) : 200;
    std::printf("refights, the computer on every side, %zu games from seed 1, no saves\n", runs);
    std::printf("%-28s %5s %10s %12s %14s %10s %9s\n", "scenario", "jobs", "time (s)", "battles/s", "battles/s/core", "actions",
                "finished");
    for (const char* name :
         {"einsamenhugel-battle.json", "ozz-winkie-border.json", "vcc-abu-klea.json", "oibl-freemans-farm.json", "lshm-casa-blanca.json"}) {
        auto scenario = loadScenario(std::filesystem::path(SANDTABLE_SCENARIOS_DIR) / name);
        if (!scenario) {
            std::printf("%s: %s\n", name, toString(scenario.error()).c_str());
            return 1;
        }
        for (const unsigned jobs : {1u, 2u}) {
            RefightPlan plan;
            plan.runs = runs;
            plan.jobs = jobs;
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
            std::printf("%-28s %5u %10.2f %12.1f %14.1f %10.1f %9zu\n", name, jobs, seconds, rate, rate / jobs,
                        static_cast<double>(actions) / static_cast<double>(games->size()), finished);
            std::fflush(stdout);
        }
    }
    return 0;
}
