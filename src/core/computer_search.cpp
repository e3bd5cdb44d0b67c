#include "computer_search.h"

#include "computer_weighing.h"
#include "sandtable/computer_player.h"

#include <algorithm>
#include <cstdio>
#include <set>

namespace sandtable::computer {

namespace {

/// Mixed into the game's seed for the dice of the games played out: the computer's own,
/// never the game's.
constexpr std::uint64_t kPlayedOutDice = 0x5ea5c4ed0u;

double meanOf(const std::vector<double>& balances) {
    double total = 0;
    for (const double balance : balances) {
        total += balance;
    }
    return balances.empty() ? 0.0 : total / static_cast<double>(balances.size());
}

} // namespace

std::optional<std::vector<double>> playedOutGames(const Game& game, const std::string& side, const Action& action) {
    std::set<std::string> everyone;
    for (const Side& each : game.battle().sides) {
        everyone.insert(each.id);
    }
    const int lastTurn = game.battle().turn + kTurnsPlayedOut;
    std::vector<double> balances;
    for (int i = 0; i < kGamesPlayedOut; ++i) {
        // Game i's dice are the same for every order of the decision.
        const std::unique_ptr<Game> forked = game.fork(seedAt(game, kPlayedOutDice, i));
        if (!forked->perform(action)) {
            return std::nullopt;
        }
        ComputerPlayer basic(ComputerLevel::Basic);
        for (int taken = 0; taken < kActionsPlayedOut && forked->battle().turn < lastTurn; ++taken) {
            const std::optional<std::string> deciding = computerToDecide(*forked, everyone);
            if (!deciding) {
                break; // over, or nobody to decide
            }
            const auto played = basic.play(*forked, *deciding, [&forked](const Action& next) {
                const auto done = forked->perform(next);
                return done ? std::string() : done.error();
            });
            if (!played) {
                break; // stuck: as it stands
            }
        }
        balances.push_back(sideBalance(*forked, side));
    }
    return balances;
}

std::optional<double> playedOut(const Game& game, const std::string& side, const Action& action) {
    const std::optional<std::vector<double>> balances = playedOutGames(game, side, action);
    return balances ? std::optional<double>(meanOf(*balances)) : std::nullopt;
}

void putSearchedFirst(const Game& game, const std::string& side, std::vector<ComputerChoice>& orders) {
    if (orders.size() < 2) {
        return;
    }
    std::vector<std::optional<std::vector<double>>> games;
    std::vector<std::optional<double>> outcomes;
    for (const ComputerChoice& order : orders) {
        games.push_back(playedOutGames(game, side, order.action));
        outcomes.push_back(games.back() ? std::optional<double>(meanOf(*games.back())) : std::nullopt);
    }
    // The doctrine's first order stands unless another's games beat it clearly: by
    // kClearlyBetter on the mean, and in kClearWins of the games, game by game (the same
    // dice): a handful of games tell a small difference from the dice no better than the
    // doctrine does.
    const auto clearlyBeats = [&](std::size_t i) {
        if (!games[0]) {
            return true;
        }
        int wins = 0;
        for (std::size_t g = 0; g < games[i]->size(); ++g) {
            wins += (*games[i])[g] > (*games[0])[g] ? 1 : 0;
        }
        return *outcomes[i] > *outcomes[0] + kClearlyBetter && wins >= kClearWins;
    };
    std::size_t given = 0;
    for (std::size_t i = 1; i < orders.size(); ++i) {
        if (outcomes[i] && (given == 0 ? clearlyBeats(i) : *outcomes[i] > *outcomes[given])) {
            given = i;
        }
    }
    std::optional<double> others;
    for (std::size_t i = 0; i < orders.size(); ++i) {
        if (i != given && outcomes[i]) {
            others = std::max(others.value_or(*outcomes[i]), *outcomes[i]);
        }
    }
    if (outcomes[given] && others) {
        orders[given].reason += "; " + describeSearch(game, *outcomes[given] - *others);
    }
    std::rotate(orders.begin(), orders.begin() + static_cast<std::ptrdiff_t>(given),
                orders.begin() + static_cast<std::ptrdiff_t>(given) + 1);
}

std::string describeSearch(const Game& game, double margin) {
    char text[160];
    if (margin >= 0) {
        std::snprintf(text, sizeof text, "played out %d times each to turn %d: %+.2f bases against the best of the others", kGamesPlayedOut,
                      game.battle().turn + kTurnsPlayedOut, margin);
    } else {
        std::snprintf(text, sizeof text,
                      "played out %d times each to turn %d: the best of the others %.2f bases ahead, not clearly (%.0f base and %d "
                      "of the %d games)",
                      kGamesPlayedOut, game.battle().turn + kTurnsPlayedOut, -margin, kClearlyBetter, kClearWins, kGamesPlayedOut);
    }
    return text;
}

} // namespace sandtable::computer
