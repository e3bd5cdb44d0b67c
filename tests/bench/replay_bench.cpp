// Save and replay benchmark: prints figures, asserts nothing. Run with `make bench`.
// Target (issue 6): loading and replaying a 500-action save in under 50 ms. And (issue 18)
// a turn of the LSHM skirmish, sides of 60 figures, resolved in under a millisecond on
// average: the computer plays The farm at Casa Blanca on both sides, and the game's
// actions are resolved again by a replay, whose time per turn is printed.

#include "played_game.h"
#include "sandtable/battle_report.h"
#include "sandtable/computer_player.h"
#include "sandtable/replay.h"
#include "sandtable/save_file.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <functional>
#include <map>
#include <set>
#include <vector>

using namespace sandtable;
using Clock = std::chrono::steady_clock;

namespace {

// The median of `runs` timed calls of `body`, in milliseconds: steady, and not the lucky one.
double medianMilliseconds(int runs, const std::function<void()>& body) {
    std::vector<double> times;
    for (int run = 0; run < runs; ++run) {
        const auto start = Clock::now();
        body();
        times.push_back(std::chrono::duration<double, std::milli>(Clock::now() - start).count());
    }
    std::sort(times.begin(), times.end());
    return times[times.size() / 2];
}

} // namespace

int main() {
    // The shipped scenario with its turn limit lifted, so that the game runs to 500 actions.
    auto game =
        savetest::startGame(std::filesystem::path(SANDTABLE_SCENARIOS_DIR) / "ozz-winkie-border.json", 500, nlohmann::json::object(), 60);
    savetest::playOn(*game, 500, 6);
    std::map<std::string, int> kinds;
    for (const LogEntry& entry : game->log()) {
        ++kinds[entry.action.type];
    }
    const std::string text = toJsonText(saveOf(*game));
    std::printf("A game of %zu actions, turn %d, %llu dice rolled; the save is %.1f KiB.\n  actions:", game->log().size(),
                game->battle().turn, static_cast<unsigned long long>(game->dice().rollCount()), text.size() / 1024.0);
    for (const auto& [kind, count] : kinds) {
        std::printf(" %s %d,", kind.c_str(), count);
    }
    std::printf("\n\n");

    const double read = medianMilliseconds(21, [&] {
        if (!parseSave(text, "bench.sandtable")) {
            std::abort();
        }
    });
    const double loadAndReplay = medianMilliseconds(21, [&] {
        const auto save = parseSave(text, "bench.sandtable");
        const auto replayed = replay(*save, makeRuleset);
        if (!replayed || !replayed->reproduced()) {
            std::abort();
        }
    });
    const double write = medianMilliseconds(21, [&] {
        if (toJsonText(saveOf(*game)).size() != text.size()) {
            std::abort();
        }
    });
    const double report = medianMilliseconds(11, [&] {
        if (toMarkdown(battleReport(*game)).empty()) {
            std::abort();
        }
    });
    std::printf("read the save (JSON, scenario, 500 actions)   %8.2f ms\n", read);
    std::printf("load and replay it, every hash checked        %8.2f ms   (target 50 ms)\n", loadAndReplay);
    std::printf("  of which replay                             %8.2f ms, %.1f us per action\n", loadAndReplay - read,
                (loadAndReplay - read) * 1000 / static_cast<double>(game->log().size()));
    std::printf("write the save (the autosave's work)          %8.2f ms\n", write);
    std::printf("battle report as Markdown                     %8.2f ms\n", report);

    // LSHM: a skirmish turn's resolution (the rules alone; the computer's thinking is the
    // refight benchmark's).
    std::printf("\nLSHM Napoleonic Skirmish, The farm at Casa Blanca (two sides of about 60 figures), the computer on both sides:\n");
    for (const std::uint64_t seed : {1u, 2u, 3u}) {
        auto skirmish = savetest::startGame(std::filesystem::path(SANDTABLE_SCENARIOS_DIR) / "lshm-casa-blanca.json", seed);
        ComputerPlayer computer;
        const std::set<std::string> both{"french", "british"};
        for (int guard = 0; guard < 5000 && !skirmish->status().over; ++guard) {
            const auto side = computerToDecide(*skirmish, both);
            if (!side || !computer.play(*skirmish, *side, [&](const Action& action) {
                    auto done = skirmish->perform(action);
                    return done ? std::string() : done.error();
                })) {
                break;
            }
        }
        const SaveFile save = saveOf(*skirmish);
        const double replayed = medianMilliseconds(11, [&] {
            const auto again = replay(save, makeRuleset);
            if (!again || !again->reproduced()) {
                std::abort();
            }
        });
        const int turns = skirmish->battle().turn;
        // The rules alone: each action resolved on the state it was played in, with a copy
        // of the game's dice where they stood (the game's own bookkeeping left out).
        auto again = savetest::startGame(std::filesystem::path(SANDTABLE_SCENARIOS_DIR) / "lshm-casa-blanca.json", seed);
        double resolving = 0;
        for (const LogEntry& entry : skirmish->log()) {
            DiceStream dice = again->dice();
            const auto start = Clock::now();
            const Resolution resolution = again->ruleset().resolve(again->battle(), entry.action, dice);
            resolving += std::chrono::duration<double, std::milli>(Clock::now() - start).count();
            if (!resolution.refusal.empty() || !again->perform(entry.action)) {
                std::abort();
            }
        }
        std::printf("  seed %llu: the rules' resolutions alone, %.3f ms a turn (target < 1 ms)\n", static_cast<unsigned long long>(seed),
                    resolving / turns);
        std::printf("  seed %llu: %zu actions over %d turns replayed, every hash checked, in %7.2f ms: %.3f ms a turn, %.1f us an action\n",
                    static_cast<unsigned long long>(seed), skirmish->log().size(), turns, replayed, replayed / turns,
                    replayed * 1000 / static_cast<double>(skirmish->log().size()));
    }
    return 0;
}
