#pragma once

#include "ein_data.h"

#include <string>
#include <vector>

namespace sandtable::ein {

/// What a path costs a unit through the battle's terrain (RULINGS.md, ein-terrain), walked
/// by the core at the data's "path-costs" and the scenario's own terms: each stretch at
/// the speed of the slowest ground under it, each watercourse or obstacle crossed at the
/// share of a move the players agreed.
struct PathCost {
    double length = 0; // cm
    double cost = 0;   // cm of allowance, crossings included
    std::string refusal;
    bool losesFiringOrder = false; // infantry crossing a stream (the Wörthbach)
    std::vector<std::string> notes;
};

/// `allowance` (cm) prices crossings, which cost a share of a whole move.
PathCost pathCost(const Data& data, const Battle& battle, const Unit& unit, const Path& path, double allowance);

/// Whether the unit stands in woods or a built-up area (SAVING THROWS: "in cover").
bool inCover(const Battle& battle, const Unit& unit);
bool inBuiltUpOrWood(const Battle& battle, const Unit& unit);
bool inBuiltUp(const Battle& battle, const Unit& unit);

} // namespace sandtable::ein
