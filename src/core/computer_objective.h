#pragma once

// The part of the computer's army plan that goes for the scenario's objectives
// (Ruleset::objectives): which unit is detailed to take and hold each. Private to the
// core (computer_doctrine.cpp).

#include "sandtable/game.h"

#include <string>
#include <vector>

namespace sandtable::computer {

/// The objective `unit` is detailed to take and hold, if any. Of each objective, two units
/// of each side are detailed: of its foot still on the table, those that stood nearest
/// the objective when the battle began (so that the detail does not pass back and forth
/// as units move). The units ranked before it are noted in `related`: the loss of one
/// passes the detail on.
const Objective* detailedTo(const Game& game, const std::vector<Objective>& objectives, const Unit& unit,
                            std::vector<std::string>& related);

/// Whether the unit stands in the objective (its centre within the area).
bool standsIn(const Objective& objective, const Unit& unit);

/// Where a unit makes for to take the objective: the area's centre.
Point centreOf(const Objective& objective);

} // namespace sandtable::computer
