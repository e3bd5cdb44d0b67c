#pragma once

#include "ein_data.h"
#include "sandtable/scenario.h"

#include <string>
#include <vector>

namespace sandtable::ein {

/// What in a scenario these rules cannot play: other than two armies, a table not in
/// centimetres, unknown troop classes, formations and qualities, markers, a general
/// attached to no unit of his side, a victory other than the army's break (RULINGS.md,
/// ein-army-break). Each unit's problem begins with its JSON pointer in the file.
std::vector<std::string> scenarioProblems(const Data& data, const Scenario& scenario);

} // namespace sandtable::ein
