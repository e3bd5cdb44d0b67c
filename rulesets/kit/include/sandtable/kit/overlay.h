#pragma once

#include "sandtable/range_bands.h"
#include "sandtable/ruleset.h"

#include <string>

namespace sandtable::kit {

/// A weapon's fire arc and range bands as the table draws them (Ruleset::overlay), from
/// its range-bands table in the ruleset's unit, and the words for them: "Musket, front
/// 90°: Short to 7.0", Long to 14.0"". A band named as its table ("Musket range") is
/// written without its name.
UnitOverlay weaponOverlay(const Table& table, const std::string& weapon, const RangeBands& bands, double arcDegrees);

} // namespace sandtable::kit
