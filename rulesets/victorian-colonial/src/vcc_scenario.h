#pragma once

#include "sandtable/scenario.h"
#include "vcc_data.h"

#include <string>
#include <vector>

namespace sandtable::vcc {

/// What stops a scenario being played by these rules, each problem starting with its JSON
/// pointer in the scenario file.
std::vector<std::string> scenarioProblems(const Data& data, const Scenario& scenario);

} // namespace sandtable::vcc
