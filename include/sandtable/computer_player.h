#pragma once

#include "sandtable/action.h"
#include "sandtable/game.h"

#include <functional>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace sandtable {

/// An action the computer would take for a side, and why, for the log: "the nearest
/// enemy it may reach".
struct ComputerChoice {
    Action action;
    std::string reason;
};

/// The side the game waits on: the side a waiting question is put to, else the side to
/// play; empty when the game is over or waits on no side (a card to turn).
std::string sideToDecide(const Game& game);

/// Whether the computer is to act now for one of `computerSides`, and for which: the side
/// the game waits on, or "" (the game's own orders, such as turning a card) when the game
/// waits on no side and the computer plays any. Nothing when a player is to decide or
/// the game is over.
std::optional<std::string> computerToDecide(const Game& game, const std::set<std::string>& computerSides);

/// A plain computer player for any ruleset, for solo play: it reads only what the game
/// offers and previews, so every rule stays the ruleset's. Best first: fight melees,
/// rally, re-form; shock troops charge the nearest enemy they may; units shoot at the
/// nearest target; a unit beyond its stand-off range (Ruleset::standOffRange) of every
/// enemy advances on the nearest, as far as its move allows; then the side ends the
/// activation or passes. Generals stay where they are; formations are left as they are.
/// Each choice has been previewed as allowed now. A question is answered with its first
/// choice. The same game always gives the same choices: the computer rolls no dice.
std::vector<ComputerChoice> computerChoices(const Game& game, const std::string& side);

/// Performs the best of computerChoices that `perform` takes (it returns why an action
/// was refused, or empty), and returns it; an error when the side has nothing it can do.
Expected<ComputerChoice, std::string> playComputerAction(const Game& game, const std::string& side,
                                                         const std::function<std::string(const Action&)>& perform);

} // namespace sandtable
