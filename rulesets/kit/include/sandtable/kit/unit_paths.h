#pragma once

#include "sandtable/battle.h"
#include "sandtable/event.h"

#include <string>
#include <vector>

namespace sandtable::kit {

/// The path cut at `distance` millimetres from its first point.
Path cutPath(const Path& path, double distance);

/// Where a unit stands with its centre at `to`, its bases turned to `facing` about the
/// centre and carried with it.
std::vector<event::Placement> placedWithCentreAt(const Unit& unit, const Point& to, double facing);

/// Where a unit stands at `distance` millimetres along a path from its centre, as
/// placedWithCentreAt the point reached.
std::vector<event::Placement> placementsAlong(const Unit& unit, const Path& path, double distance, double facing);

/// The units that may stand in the way of `unit` going along `path` (more, never fewer),
/// in the battle's order: what obstruction looks at, and what a rule that excuses some of
/// them (friends passed through) reads.
std::vector<const Unit*> unitsAlong(const Battle& battle, const Unit& unit, const Path& path);

/// The other unit whose bases the unit would cross on the way or stand on at the end,
/// ignoring `ignored` (units it may pass through) and leaders; empty when the way is
/// clear. Touching is not crossing.
std::string obstruction(const Battle& battle, const Unit& unit, const Path& path, double facing, const std::vector<std::string>& ignored);

} // namespace sandtable::kit
