#pragma once

#include "ein_units.h"
#include "sandtable/ruleset.h"

namespace sandtable::ein {

/// What the table draws around a unit: the front it fires to (RULINGS.md, ein-fire-arc),
/// its firearm's or the guns' range bands (MUSKETRY, ARTILLERY), and its move by class
/// and formation (MOVEMENT), which the Variation may change by a quarter.
UnitOverlay overlayOf(const Data& data, const Battle& battle, const Unit& unit);

} // namespace sandtable::ein
