#pragma once

#include "ozz_data.h"
#include "sandtable/scenario.h"

#include <string>
#include <vector>

namespace sandtable::ozz {

/// What in a scenario The Wars of Ozz cannot play: unknown unit types and markers,
/// missing stats, a victory other than points (RULINGS.md, ozz-victory). Each problem
/// begins with its JSON pointer in the scenario file.
std::vector<std::string> scenarioProblems(const Data& data, const Scenario& scenario);

} // namespace sandtable::ozz
