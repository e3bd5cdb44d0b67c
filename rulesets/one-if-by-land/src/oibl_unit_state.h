#pragma once

#include "oibl_units.h"

#include <string>

namespace sandtable::oibl {

/// What the rules make of a unit now, for the Unit panel: figures left and the casualty
/// level, quality and Morale Number, formation, markers, and what it has done this activation.
std::string unitStateText(const Data& data, const RulesetOptions& options, const Battle& battle, const Unit& unit);

/// Its arc, weapon range and the move it has left, for the table to draw.
UnitOverlay overlayOf(const Data& data, const RulesetOptions& options, const Battle& battle, const Unit& unit);

} // namespace sandtable::oibl
