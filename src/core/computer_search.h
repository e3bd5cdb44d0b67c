#pragma once

// The Strong level's search: each of a decision's best few orders is played out in games
// of its own (Game::fork), the Basic level playing every side on from it to the end of
// the turn, and the order whose games leave the side clearly best placed is given.
// Private to the core (computer_player.cpp).

#include "sandtable/computer_player.h"
#include "sandtable/game.h"

#include <optional>
#include <string>
#include <vector>

namespace sandtable::computer {

/// How many of a decision's best orders the Strong level plays out, how many games each,
/// and how many turns on: the orders' games share their dice, game by game, so that the
/// orders are told apart by what they do, not by the dice. Eight games to the end of this
/// turn won more against the Standard level than four to the end of the next, as long to
/// play (docs/architecture.md has the figures).
constexpr std::size_t kOrdersSearched = 3;
constexpr int kGamesPlayedOut = 8;
constexpr int kTurnsPlayedOut = 1;
/// Bases by which another order's games must beat the doctrine's first order's on the
/// mean, and how many of the kGamesPlayedOut games it must beat them in, game by game, to
/// be given instead: the search keeps to the doctrine where the games cannot tell (the mean
/// alone won as many games against the Standard level).
constexpr double kClearlyBetter = 1.0;
constexpr int kClearWins = 6;
/// The most actions a game played out takes: a large battle's turn is cut short there.
constexpr int kActionsPlayedOut = 400;

/// What `side`'s order `action` comes to: the mean of `side`'s balance (sideBalance) over
/// kGamesPlayedOut games forked from `game` with the order given and then played on by
/// the Basic level for every side until kTurnsPlayedOut turns have begun after this one,
/// the game ends or kActionsPlayedOut actions are taken. Nothing when the game refuses
/// the order. The game is untouched; the same game and order always come to the same.
std::optional<double> playedOut(const Game& game, const std::string& side, const Action& action);
/// As playedOut, each game's balance apart, in the order of their dice.
std::optional<std::vector<double>> playedOutGames(const Game& game, const std::string& side, const Action& action);

/// Plays `orders` (the doctrine's best first, at least two) out and puts first the one to
/// give: the doctrine's first, unless another's games leave `side` better placed by more
/// than kClearlyBetter; the reason of the one put first gains the margin (describeSearch).
/// Fewer than two orders are left as they are.
void putSearchedFirst(const Game& game, const std::string& side, std::vector<ComputerChoice>& orders);

/// "played out 8 times each to turn 5: +1.20 bases against the best of the others", for a
/// reason: `margin`, the given order's games' mean balance less the best of the others'
/// (below 0 where the doctrine's first order stood, the others not clearly better).
std::string describeSearch(const Game& game, double margin);

} // namespace sandtable::computer
