// Save and replay benchmark: prints figures, asserts nothing. Run with `make bench`.
// Target (issue 6): loading and replaying a 500-action save in under 50 ms.

#include "played_game.h"
#include "sandtable/battle_report.h"
#include "sandtable/replay.h"
#include "sandtable/save_file.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <functional>
#include <map>
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
    return 0;
}
