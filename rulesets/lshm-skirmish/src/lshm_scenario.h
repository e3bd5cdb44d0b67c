#pragma once

#include "lshm_data.h"
#include "sandtable/scenario.h"

#include <string>
#include <vector>

namespace sandtable::lshm {

/// What stops a scenario being played by these rules, each with its place in the file.
std::vector<std::string> scenarioProblems(const Data& data, const Scenario& scenario);

} // namespace sandtable::lshm
