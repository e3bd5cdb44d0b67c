#pragma once

// The places a scenario's victory rewards holding, read for the computer player
// (Ruleset::objectives) from the victory conditions a ruleset keeps in its session.

#include "sandtable/battle.h"
#include "sandtable/ruleset.h"

#include <string>
#include <vector>

namespace sandtable::kit {

/// The objective of each victory condition `conditionId` in the session's "victory" (as
/// the scenario gives them: id and parameters) that names a terrain area by its parameter
/// `areaKey`, judged at the end of its parameter "turns" (0 where it has none); none for
/// a condition whose area is not on the table. `heldBy`: the arms whose units count as
/// standing in it, as the ruleset judges it (Objective::heldBy).
std::vector<Objective> areaObjectives(const Battle& battle, const std::string& conditionId, const std::string& areaKey,
                                      const std::vector<Arm>& heldBy);

} // namespace sandtable::kit
