#pragma once

#include "sandtable/battle.h"
#include "sandtable/ruleset.h"

#include <optional>

namespace sandtable::ein {

/// How far behind a unit's rear edge its officer stands, centre to edge, in table
/// millimetres: clear of the bases for a figure on a round base of about 12mm.
inline constexpr double kOfficerGap = 8;

/// The officer figure that shows a battalion's or squadron's effectiveness
/// (ORGANISATION): centrally behind at full strength; moved to the right after the first
/// hit; centrally behind the remaining base after the second; removed after the third.
/// Guns ("a gun and its crew") and generals have none (RULINGS.md, ein-base-loss).
std::optional<UnitFigure> officerFigure(const Unit& unit);

} // namespace sandtable::ein
