#pragma once

#include "ozz_data.h"
#include "sandtable/ruleset.h"

namespace sandtable::ozz {

/// What the table draws around a unit: the front arc it fires in (RULINGS.md,
/// ozz-fire-arc), its weapon's range bands from the card's "Weapon" table, and the
/// movement it has left once rolled.
UnitOverlay overlayOf(const Data& data, const Battle& battle, const Unit& unit);

} // namespace sandtable::ozz
