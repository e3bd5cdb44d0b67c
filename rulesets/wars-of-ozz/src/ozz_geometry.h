#pragma once

#include "sandtable/battle.h"
#include "sandtable/battle_geometry.h"
#include "sandtable/event.h"
#include "sandtable/kit/words.h"
#include "sandtable/terrain.h"

#include <string>
#include <vector>

namespace sandtable::ozz {

/// A length in inches as the card writes it: "7\"", "6.5\"".
using kit::inches;

/// Inches between the nearest points of two units (RULINGS.md, ozz-fire-arc).
double gapInches(const Battle& battle, const Unit& a, const Unit& b);

/// The nearest enemy that is still on the table; null when none is.
const Unit* nearestEnemy(const Battle& battle, const Unit& unit);

/// The cover a unit stands in, by the ground under its centre (RULINGS.md, ozz-cover).
Cover coverOf(const Battle& battle, const Unit& unit);

/// Whether the line from `enemy` to `unit` passes through another unit of `unit`'s side
/// (RULINGS.md, ozz-behind-friendly-lines).
bool behindFriendlyLines(const Battle& battle, const Unit& unit, const Unit& enemy);

/// The commander attached to a unit, if any (RULINGS.md, ozz-commander-attached).
const Unit* attachedCommander(const Battle& battle, const Unit& unit);

/// The card's § footnote: infantry may only move into contact with the flanks or rear of
/// cavalry or the front of disordered cavalry. Empty when `mover` may contact `target`,
/// else why not. Any other pairing may.
std::string infantryContactRefusal(const Unit& mover, const Unit& target);

/// The § footnote's second half: infantry meeting cavalry does not apply the impetus bonus.
bool impetusForbidden(const Unit& attacker, const Unit& enemy);

/// Whether `b` defends a linear obstacle against `a`: one crosses the line between their
/// centres within 2" of b's bases (RULINGS.md, ozz-defended-obstacle).
bool obstacleBetween(const Battle& battle, const Unit& a, const Unit& b);

} // namespace sandtable::ozz
