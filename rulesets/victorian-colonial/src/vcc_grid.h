#pragma once

#include "sandtable/event.h"
#include "sandtable/path_walk.h"
#include "vcc_units.h"

#include <utility>
#include <vector>

namespace sandtable::vcc {

// The table as the sheet counts it: boxes, grid directions, and what a box holds.

/// Whether a step may be diagonal (RULINGS.md, vcc-diagonal).
GridSteps gridSteps(const RulesetOptions& options);
/// Boxes between two boxes as the rules count them: a diagonal step one box, or (option
/// orthogonal) along rows and columns only.
int boxesBetween(const RulesetOptions& options, const Box& a, const Box& b);

/// The box a unit stands in: the one its centre is in.
Box boxOf(const Battle& battle, const Unit& unit);
/// The units in a box, in the battle's order; the eliminated are not there.
std::vector<const Unit*> unitsIn(const Battle& battle, const Box& box);
/// Whether an enemy of `side` that fights holds the box (the Army Commander alone does not).
bool enemyHolds(const Data& data, const Battle& battle, const Box& box, const std::string& side);

/// A bearing turned to the nearest multiple of `step` degrees (45: the eight grid directions).
double snapDegrees(double degrees, double step);
/// A facing turned to the nearest grid direction: eight, or four (option facing).
double snapFacing(const RulesetOptions& options, double degrees);
/// The step (columns, rows) one box along a grid facing (a multiple of 45 degrees).
std::pair<int, int> stepAlong(double facing);
/// The grid facing that points from one box toward another, as near as the grid allows.
double facingToward(const Table& table, const Box& from, const Box& to, const RulesetOptions& options);

/// Whether `to` lies in the front arc of a unit in `from` facing `facing`: 45 degrees
/// either side (RULINGS.md, vcc-sight).
bool inFrontArc(const Table& table, const Box& from, double facing, const Box& to);
/// Whether an attacker in `attacker` is on the flank or rear of a unit in `target` facing
/// `facing`: 90 degrees or more off its facing (RULINGS.md, vcc-flank).
bool onFlank(const Table& table, const Box& target, double facing, const Box& attacker);

enum class BoxCover { None, Soft, Hard };
/// The cover a unit in the box is in, and the terrain that gives it (RULINGS.md, vcc-cover).
std::pair<BoxCover, const TerrainArea*> coverIn(const Battle& battle, const Box& box);
/// The hill contour at the box's centre (RULINGS.md, vcc-uphill).
int levelOf(const Battle& battle, const Box& box);
/// Boxes no unit may enter: water (RULINGS.md, vcc-terrain).
bool impassable(const Battle& battle, const Box& box);

/// Where a unit's elements stand when it takes a place in `box` facing `facing`: in a
/// block at the centre of its share of the box, the box shared out between the units
/// already there (RULINGS.md, vcc-box-sharing).
std::vector<event::Placement> placedInBox(const Battle& battle, const Unit& unit, const Box& box, double facing);

} // namespace sandtable::vcc
