#pragma once

#include "verb.h"

#include "sandtable/action.h"
#include "sandtable/ruleset.h"
#include "sandtable/scenario.h"

#include <memory>

namespace sandtable::cli {

/// A scenario file with the ruleset it names, ready for a ruling: a UsageError naming
/// the file and what is wrong otherwise.
struct PlayableScenario {
    Scenario scenario;
    std::unique_ptr<Ruleset> ruleset;
    Battle battle; // the scenario's battle with its starting bases counted
};

PlayableScenario loadPlayable(const std::string& path);

/// The --action argument: a JSON object, or a UsageError saying what is wrong with it.
Action actionArgument(const VerbArguments& args);

} // namespace sandtable::cli
