#pragma once

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
};

/// Every ruleset under rulesets/, in folder order. The build generates this list from
/// the folders (src/rulesets/CMakeLists.txt), so neither the core nor a front end names a
/// ruleset.
const std::vector<RegisteredRuleset>& registeredRulesets();

const RegisteredRuleset* findRuleset(const std::string& id);

} // namespace sandtable
