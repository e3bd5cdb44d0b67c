#pragma once

#include "sandtable/battle.h"
#include "sandtable/battle_geometry.h"
#include "sandtable/event.h"
#include "sandtable/terrain.h"

#include <string>
#include <vector>

namespace sandtable::ozz {

/// Inches between the nearest points of two units (RULINGS.md, ozz-fire-arc).
double gapInches(const Battle& battle, const Unit& a, const Unit& b);

/// The placements of a unit turned to `facing` about its centre.
std::vector<event::Placement> turned(const Unit& unit, double facing);
/// The placements of a unit moved by (dx, dy) millimetres, keeping its facing.
std::vector<event::Placement> shifted(const std::vector<event::Placement>& placements, double dx, double dy);
/// The unit as it would stand at these placements.
Unit placedAt(const Unit& unit, const std::vector<event::Placement>& placements);

/// The nearest enemy that is still on the table; null when none is.
const Unit* nearestEnemy(const Battle& battle, const Unit& unit);

/// The face of `target` that `from` stands on (diagonals extended), by the target's base
/// nearest to it.
Face attackedFace(const Unit& target, const Unit& from);

/// Whether any base of `from` has any part of `target` in its front 90°.
bool inFrontArc(const Unit& from, const Unit& target);

/// The cover a unit stands in, by the ground under its centre (RULINGS.md, ozz-cover).
Cover coverOf(const Battle& battle, const Unit& unit);

/// Whether the line from `enemy` to `unit` passes through another unit of `unit`'s side
/// (RULINGS.md, ozz-behind-friendly-lines).
bool behindFriendlyLines(const Battle& battle, const Unit& unit, const Unit& enemy);

/// The commander attached to a unit, if any (RULINGS.md, ozz-commander-attached).
const Unit* attachedCommander(const Battle& battle, const Unit& unit);

/// Whether `b` defends a linear obstacle against `a`: one crosses the line between their
/// centres within 2" of b's bases (RULINGS.md, ozz-defended-obstacle).
bool obstacleBetween(const Battle& battle, const Unit& a, const Unit& b);

/// Whether two units touch (their bases are within half a millimetre).
bool inContact(const Unit& a, const Unit& b);

} // namespace sandtable::ozz
