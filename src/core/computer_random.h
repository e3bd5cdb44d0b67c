#pragma once

// The Random level: a baseline the other levels are measured against, not an opponent.
// Private to the core (computer_player.cpp).

#include "sandtable/computer_player.h"

#include <string>
#include <vector>

namespace sandtable::computer {

/// Every order on offer to `side` now (each unit that may act, and the side's own), each
/// given an input at random where it needs one (a target, a place within its move, a box,
/// a facing), in a random order, each previewed as allowed. The randomness is the
/// computer's own, seeded by the game's seed and its log's length: the same game gives
/// the same choices, and the game's dice are untouched.
std::vector<ComputerChoice> randomChoices(const Game& game, const GameStatus& status, const std::string& side);

} // namespace sandtable::computer
