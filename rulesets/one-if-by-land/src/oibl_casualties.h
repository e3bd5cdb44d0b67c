#pragma once

#include "oibl_units.h"

#include <string>

namespace sandtable::oibl {

/// Takes `count` figures off a unit ("Each hit 1 figure"), stand by stand as RULINGS.md,
/// oibl-casualties orders them, taking off every stand left empty (and a gun whose crew is
/// gone: oibl-artillery-crews), then rolls the risk to any general with it. Returns how
/// many figures it took (no more than it had). Gives no Panic Marker: the caller knows
/// which trigger, if any, the casualties are.
int takeCasualties(Step& step, const std::string& unitId, int count, const std::string& cause);

/// The unit as it would stand having lost `count` more figures, taken as takeCasualties
/// takes them (stands are left in place): what a preview weighs a later test with.
Unit withCasualties(const Unit& unit, int count);

/// The risk to each general with a unit that has taken `casualties` (RISK TO GENERALS):
/// a d10 (0-9) for each two, rounded up; each 1 rolls the d6 of wounds.
void riskToGenerals(Step& step, const std::string& unitId, int casualties);

/// A general killed: taken off, his commands without a commander, every unit under them
/// given a Panic Marker (RISK TO GENERALS; trigger "commander-killed").
void generalKilled(Step& step, const std::string& officerId);

} // namespace sandtable::oibl
