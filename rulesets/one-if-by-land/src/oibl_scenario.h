#pragma once

#include "oibl_data.h"
#include "sandtable/scenario.h"

#include <string>
#include <vector>

namespace sandtable::oibl {

/// What stops a scenario being played by these rules, each problem starting with its JSON
/// pointer: unknown types, qualities and formations, stands that are not of their type's
/// size (MOUNTING CONVENTIONS), guns without crew, victory conditions these rules do not play.
std::vector<std::string> scenarioProblems(const Data& data, const Scenario& scenario);

} // namespace sandtable::oibl
