#pragma once

#include "vcc_units.h"

#include <string>

namespace sandtable::vcc {

/// What the rules say of a unit now: its bases and gunners, the hits it carries, its
/// leader's wounds, its state and what it may still do.
std::string unitStateText(const Data& data, const RulesetOptions& options, const Battle& battle, const Unit& unit);

/// The boxes the table shades around a unit: where it may move now, and its weapon's bands.
UnitOverlay overlayOf(const Data& data, const RulesetOptions& options, const Battle& battle, const Unit& unit);

} // namespace sandtable::vcc
