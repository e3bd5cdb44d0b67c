#pragma once

#include "sandtable/ruleset.h"

#include <string>

namespace sandtable::kit {

/// The table's shape for a formation named as the rule texts name them: "column" (and
/// march or attack column) a column, "square" a square, "skirmish", "open", "loose"
/// and "open-order" spread out, "limbered" a gun limbered; any other name
/// (line, close order, one rank, unlimbered) a line. For Ruleset::formationShape.
FormationShape formationShapeNamed(const std::string& formation);

} // namespace sandtable::kit
