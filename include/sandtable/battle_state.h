#pragma once

#include "sandtable/battle.h"

#include <string>

namespace sandtable {

/// Everything about a battle that play changes, as canonical text: turn and phase, each
/// unit's bases, positions (to 0.1 mm), facings, formation, markers and counters, the
/// ruleset's session state, and each deck (its cards left sorted: a composition, not an
/// order). Two battles with the same text are the same game state, so golden games
/// compare it and a replay can check it.
std::string battleStateText(const Battle& battle);

/// A short fingerprint of battleStateText (64-bit FNV-1a, as 16 hex digits): what a save
/// records after each action so that a replay can prove it reproduced the game.
std::string stateHash(const Battle& battle);

} // namespace sandtable
