// Batches of computer refights: each game played to its end on its own thread, the results
// gathered in run order so that the threads never change what a batch reports.

#include "sandtable/refight.h"

#include "sandtable/computer_player.h"

#include <algorithm>
#include <mutex>
#include <optional>
#include <thread>

namespace sandtable {

namespace {

Expected<std::unique_ptr<Game>, std::string> startGame(const Scenario& scenario, const RulesetMaker& makeRuleset, std::uint64_t seed) {
    auto ruleset = makeRuleset(scenario.rulesetId, scenario.rulesetOptions);
    if (!ruleset) {
        return ruleset.error();
    }
    return Game::start(scenario, std::move(ruleset).value(), seed);
}

std::set<std::string> everySide(const Scenario& scenario) {
    std::set<std::string> sides;
    for (const Side& side : scenario.battle.sides) {
        sides.insert(side.id);
    }
    return sides;
}

} // namespace

Expected<RefightGame, std::string> refightOnce(const Scenario& scenario, const RulesetMaker& makeRuleset, const RefightPlan& plan,
                                               std::uint64_t seed) {
    auto started = startGame(scenario, makeRuleset, seed);
    if (!started) {
        return started.error();
    }
    Game& game = **started;
    const std::set<std::string> sides = everySide(scenario);
    RefightGame played;
    played.seed = seed;
    // A player of its own for each side, at the side's level.
    std::map<std::string, ComputerPlayer> computers;
    for (const std::string& side : sides) {
        computers.emplace(side, ComputerPlayer(plan.levelOf(side)));
    }
    ComputerPlayer gameOrders(plan.level); // the game's own orders (a card to turn), asked of no side
    // The turn the battle ended in is the one its last action was given in: a ruleset may
    // open the next turn as it closes the last (a turn limit reached at the end of turn 8).
    int lastActionTurn = game.battle().turn;
    while (!game.status().over) {
        if (played.actions == plan.actionLimit) {
            played.stopped = "the battle had not ended after " + std::to_string(plan.actionLimit) + " actions";
            break;
        }
        lastActionTurn = game.battle().turn;
        const std::optional<std::string> side = computerToDecide(game, sides);
        if (!side) {
            played.stopped = "the game waits on no side the computer plays";
            break;
        }
        const auto found = computers.find(*side);
        ComputerPlayer& computer = found != computers.end() ? found->second : gameOrders;
        const auto chosen = computer.play(game, *side, [&game](const Action& action, const std::string& reason) {
            const auto done = game.perform(action, reason);
            return done ? std::string() : done.error();
        });
        if (!chosen) {
            played.stopped = chosen.error();
            break;
        }
        ++played.actions;
    }
    const GameStatus& status = game.status();
    played.over = status.over;
    played.winner = status.over ? status.winner : std::string();
    played.result = status.over ? status.result : played.stopped;
    played.endTurn = played.actions == 0 ? game.battle().turn : lastActionTurn;
    played.losses = battleLosses(game);
    for (SideLosses& side : played.losses) {
        if (static_cast<int>(side.unitsLostByTurn.size()) > played.endTurn) {
            side.unitsLostByTurn.resize(static_cast<std::size_t>(played.endTurn));
        }
    }
    return played;
}

Expected<std::vector<RefightGame>, std::string> refight(const Scenario& scenario, const RulesetMaker& makeRuleset, const RefightPlan& plan,
                                                        const RefightProgress& progress, const std::atomic<bool>* cancel) {
    // A scenario that cannot start says so once, before any thread is started.
    if (auto started = startGame(scenario, makeRuleset, plan.firstSeed); !started) {
        return started.error();
    }
    std::vector<std::optional<RefightGame>> games(plan.runs);
    std::atomic<std::size_t> nextRun{0};
    std::mutex reporting;
    std::size_t done = 0;
    std::string failure;
    const auto work = [&] {
        while (cancel == nullptr || !cancel->load()) {
            const std::size_t run = nextRun.fetch_add(1);
            if (run >= plan.runs) {
                return;
            }
            auto played = refightOnce(scenario, makeRuleset, plan, plan.firstSeed + run);
            const std::lock_guard lock(reporting);
            if (!played) {
                failure = played.error();
                continue;
            }
            RefightGame game = std::move(played).value();
            game.run = run;
            games[run] = std::move(game);
            ++done;
            if (progress) {
                progress(done, plan.runs);
            }
        }
    };
    const unsigned jobs = std::clamp<unsigned>(plan.jobs, 1, static_cast<unsigned>(std::max<std::size_t>(plan.runs, 1)));
    std::vector<std::thread> threads;
    for (unsigned job = 1; job < jobs; ++job) {
        threads.emplace_back(work);
    }
    work();
    for (std::thread& thread : threads) {
        thread.join();
    }
    if (!failure.empty()) {
        return failure;
    }
    std::vector<RefightGame> finished;
    for (std::optional<RefightGame>& game : games) {
        if (game) {
            finished.push_back(std::move(*game));
        }
    }
    return finished;
}

} // namespace sandtable
