// Computer player benchmark: prints figures, asserts nothing. Run with `make bench`.
// Target (issue 15): the computer's turn 1 grows no worse than linearly with the units on
// the table. Einsamenhügel armies of N units (two lines of foot, horse on the wings, guns
// behind), the computer on both sides, timed from the start to the end of turn 1: the
// whole turn, and apart the computer's deliberation and the game's own work (resolving
// and hashing each action, and the status it keeps after each, which replaying a save
// does too). "considered" counts the
// units the computer thought about afresh: with its memory, a few per action. The
// computer's time is actions x considered per action x time per consideration: the
// first grows with the units, the other two only until a unit's neighbourhood (the units
// within its move, its support behind it) is as full as the armies' depth allows, and
// then stay level. At the Basic level and the default (Standard), whose weighings cost
// nothing on turn 1: no unit is yet offered a target.
//
// What still grows a little faster than the units (measured by instruction counts under
// callgrind, which the machine's timer is too noisy to show): those two factors while the
// armies fill out (20 abreast, 7 ranks deep at 250 units and 25 at 1,000: the share of
// units with a friend in the way, whose moves take more tries, 6 in 7 and then 24 in 25),
// and, per action, a pass over the units that may act: the computer's over each one's id
// and packed rank (computer_ranking.h: reading each one's remembered orders instead cost
// 0.36 ms a unit added at 4,000 units, 20 abreast, Basic; the packed ranks 0.30), and its
// memory's check of what each heeds (a few instructions a unit). The status's list of
// them, the ruleset's (about 100 instructions a unit), is counted as the game's. The last
// column, the time per unit added since the size before, is level where the cost grows
// linearly. Medians of three runs at the Basic level, 500 and 1,000 units against the
// size before: 0.271 and 0.272 ms 20 abreast, 0.230 and 0.234 7 deep (Standard: 0.291 and
// 0.293, 0.252 and 0.259); at 2,000 and 4,000 units the passes above show, 0.283 and 0.305
// ms 20 abreast.

#include "sandtable/computer_player.h"
#include "sandtable/game.h"
#include "sandtable/ruleset_registry.h"
#include "sandtable/scenario.h"

#include <algorithm>
#include <cctype>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

using namespace sandtable;
using Clock = std::chrono::steady_clock;

namespace {

Unit unitAt(const std::string& id, const std::string& side, const std::string& type, Arm arm, double x, double y, double facing) {
    Unit unit;
    unit.id = id;
    unit.name = id;
    unit.side = side;
    unit.type = type;
    unit.arm = arm;
    unit.quality = "regular";
    const bool gun = arm == Arm::Guns;
    for (int base = 0; base < (gun ? 1 : 2); ++base) {
        Element element;
        element.centre = Point(x + (gun ? 0 : (base == 0 ? -20 : 20)), y);
        element.facing = facing;
        element.width = gun ? 20 : 40;
        element.depth = gun ? 40 : 20;
        unit.elements.push_back(element);
    }
    unit.startingBases = static_cast<int>(unit.elements.size());
    return unit;
}

/// Two armies of `perSide` units each, `columns` abreast, 30 cm apart, on a table wide
/// enough for them.
Scenario battleOf(int perSide, int columns) {
    Scenario scenario;
    scenario.name = "Computer benchmark";
    scenario.rulesetId = "einsamenhugel";
    const int rows = (perSide + columns - 1) / columns;
    Battle& battle = scenario.battle;
    battle.table.unit = MeasureUnit::Centimetre;
    battle.table.width = columns * 100.0 + 200;
    battle.table.depth = 2 * rows * 60.0 + 600;
    battle.sides = {{"a", "Side A", "#b22222", ""}, {"b", "Side B", "#1f4e9c", ""}};
    for (const std::string side : {"a", "b"}) {
        for (int i = 0; i < perSide; ++i) {
            const int row = i / columns;
            const int column = i % columns;
            const double x = 150 + column * 100.0;
            const double y = side == "a" ? battle.table.depth / 2 + 150 + row * 60.0 : battle.table.depth / 2 - 150 - row * 60.0;
            const double facing = side == "a" ? 0 : 180;
            const std::string id = side + std::to_string(i);
            const int kind = i % 10;
            if (kind < 6) {
                battle.units.push_back(unitAt(id, side, "regular-foot", Arm::Foot, x, y, facing));
            } else if (kind < 8) {
                battle.units.push_back(unitAt(id, side, "heavy-horse", Arm::Horse, x, y, facing));
            } else if (kind == 8) {
                battle.units.push_back(unitAt(id, side, "light-horse", Arm::Horse, x, y, facing));
            } else {
                battle.units.push_back(unitAt(id, side, "artillery", Arm::Guns, x, y, facing));
            }
        }
    }
    return scenario;
}

} // namespace

int main(int argc, char** argv) {
    // Sizes, levels and a layout on the command line (computer-bench 120 240 basic deep),
    // else the three sizes at the Basic and the default level, in both layouts.
    std::vector<int> sizes;
    std::vector<ComputerLevel> levels;
    std::vector<std::string> layouts; // "deep", "wide": one of the two layouts below
    for (int i = 1; i < argc; ++i) {
        const std::string word = argv[i];
        if (const auto level = computerLevelFromString(word)) {
            levels.push_back(*level);
        } else if (word == "deep" || word == "wide") {
            layouts.push_back(word);
        } else {
            char* end = nullptr;
            const long size = std::strtol(word.c_str(), &end, 10);
            if (word.empty() || !std::isdigit(static_cast<unsigned char>(word.front())) || *end != '\0' || size < 2 || size > 100000) {
                std::fprintf(stderr,
                             "computer-bench: \"%s\" is not a level (random, basic, standard, strong), a layout (deep, wide) "
                             "or a number of units from 2 to 100000\n",
                             word.c_str());
                return 2;
            }
            sizes.push_back(static_cast<int>(size));
        }
    }
    if (sizes.empty()) {
        sizes = {250, 500, 1000};
    }
    if (levels.empty()) {
        levels = {ComputerLevel::Basic, ComputerLevel::Standard};
    }
    // Two layouts: armies 20 units abreast that grow deeper with their size (as issue 15
    // measured), where a rear unit's nearest enemy is farther and changes with every enemy
    // step; and armies 7 ranks deep that grow wider.
    struct Layout {
        const char* name;
        bool deep;
    };
    for (const ComputerLevel level : levels) {
        for (const Layout layout : {Layout{"20 abreast, deeper as they grow", true}, Layout{"7 ranks deep, wider as they grow", false}}) {
            if (!layouts.empty() && std::find(layouts.begin(), layouts.end(), layout.deep ? "deep" : "wide") == layouts.end()) {
                continue;
            }
            std::printf("computer turn 1 at the %s level, Einsamenhügel, computer on both sides, armies %s\n", toString(level).c_str(),
                        layout.name);
            std::printf("%8s %9s %11s %11s %13s %10s %12s %16s %14s %15s\n", "units", "actions", "turn 1 (s)", "game (s)", "computer (s)",
                        "considered", "per action", "us/consideration", "computer ms/unit", "ms/added unit");
            // The computer's time per unit added since the size before: level where its cost
            // grows linearly (a fixed cost per unit), rising where it grows faster.
            int unitsBefore = 0;
            double thinkingBefore = 0;
            for (const int units : sizes) {
                const int perSide = units / 2;
                const Scenario scenario = battleOf(perSide, layout.deep ? 20 : (perSide + 6) / 7);
                auto ruleset = findRuleset("einsamenhugel")->create(nlohmann::json::object());
                auto started = Game::start(scenario, std::move(ruleset).value(), 1);
                if (!started) {
                    std::printf("cannot start: %s\n", started.error().c_str());
                    return 1;
                }
                Game& game = **started;
                ComputerPlayer computer(level);
                const auto start = Clock::now();
                double performing = 0;
                int actions = 0;
                while (game.battle().turn == 1 && !game.status().over) {
                    const auto side = computerToDecide(game, {"a", "b"});
                    if (!side) {
                        break;
                    }
                    const auto played = computer.play(game, *side, [&](const Action& action) {
                        const auto performStart = Clock::now();
                        const auto done = game.perform(action);
                        // The status the game keeps after each action (the ruleset's list
                        // of the units that may act, among others) is the game's work, as
                        // the window and a replay need it too: counted here, not as the
                        // computer's deliberation.
                        (void)game.status();
                        performing += std::chrono::duration<double>(Clock::now() - performStart).count();
                        return done ? std::string() : done.error();
                    });
                    if (!played) {
                        std::printf("stuck: %s\n", played.error().c_str());
                        break;
                    }
                    ++actions;
                }
                const double seconds = std::chrono::duration<double>(Clock::now() - start).count();
                const double thinking = seconds - performing;
                std::printf("%8d %9d %11.3f %11.3f %13.3f %10zu %12.2f %16.1f %14.3f", units, actions, seconds, performing, thinking,
                            computer.unitsConsidered(), static_cast<double>(computer.unitsConsidered()) / std::max(actions, 1),
                            thinking * 1e6 / static_cast<double>(std::max<std::size_t>(computer.unitsConsidered(), 1)),
                            thinking * 1000 / units);
                if (unitsBefore > 0 && units > unitsBefore) {
                    std::printf(" %15.3f", (thinking - thinkingBefore) * 1000 / (units - unitsBefore));
                }
                std::printf("\n");
                unitsBefore = units;
                thinkingBefore = thinking;
                std::fflush(stdout);
            }
        }
    }
    return 0;
}
