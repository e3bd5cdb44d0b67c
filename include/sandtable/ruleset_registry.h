#pragma once

#include "sandtable/diagnostics.h"
#include "sandtable/ruleset.h"

#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace sandtable {

/// A ruleset the build registered: its id and how to make one with given options.
struct RegisteredRuleset {
    std::string id;
    /// Makes the ruleset with these options (missing ones take their defaults); an
    /// unknown option or value is an error naming it and the choices.
    std::function<Expected<std::unique_ptr<Ruleset>, std::string>(const nlohmann::json& options)> create;
    /// Reads a ruleset.json text as this ruleset would, reporting every problem: what
    /// `sandtable-cli validate` says of an edited data file.
    std::function<std::vector<Diagnostic>(std::string_view text, const std::string& fileName)> checkData;
    /// The ruleset.json this build plays by, as written: what its quick-reference sheet
    /// is laid out from (reference_sheet.h).
    std::string_view data;
};

/// Every ruleset under rulesets/, in folder order. The build generates this list from
/// the folders (src/rulesets/CMakeLists.txt), so neither the core nor a front end names a
/// ruleset.
const std::vector<RegisteredRuleset>& registeredRulesets();

const RegisteredRuleset* findRuleset(const std::string& id);

/// Makes the ruleset `id` with these options; an error names an unknown id (and the ones
/// this build has) or a refused option.
Expected<std::unique_ptr<Ruleset>, std::string> makeRuleset(const std::string& id, const nlohmann::json& options);

} // namespace sandtable
