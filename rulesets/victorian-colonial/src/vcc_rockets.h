#pragma once

#include "vcc_units.h"

#include <optional>
#include <vector>

namespace sandtable::vcc {

// Firing Rockets Procedure: a rocket is aimed at a box, not a unit; it hits on 5-6 or
// drifts (RULINGS.md, vcc-rocket-drift, vcc-rocket-hits).

/// The boxes a rocket unit may aim at: any box of the table in its front arc.
std::vector<Box> rocketBoxes(const Battle& battle, const Unit& unit);

/// The box a rocket aimed at `target` from `from` drifts to on a score of 1-4 (beyond,
/// short, left, right along the line of fire); empty off the table.
std::optional<Box> driftBox(const Table& table, const Box& from, const Box& target, int score);

void previewRocket(const Data& data, const RulesetOptions& options, const Battle& battle, const Unit& unit, const Action& action,
                   Preview& preview);
void resolveRocket(Step& step, const Action& action);

} // namespace sandtable::vcc
