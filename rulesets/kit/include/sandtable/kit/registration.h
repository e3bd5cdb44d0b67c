#pragma once

#include "sandtable/ruleset_registry.h"

#include <memory>
#include <string>

namespace sandtable::kit {

/// The registry entry of a ruleset class `R` built from `R(RulesetOptions)`, whose data
/// `builtIn()` reads once (its info declares the options) and `parse(text, file)` checks.
template <class R, class BuiltIn, class Parse>
RegisteredRuleset registration(std::string id, BuiltIn builtIn, Parse parse, std::string_view data) {
    return RegisteredRuleset{std::move(id),
                             [builtIn](const nlohmann::json& chosen) -> Expected<std::unique_ptr<Ruleset>, std::string> {
                                 try {
                                     auto options = readOptions(builtIn().info.options, chosen);
                                     if (!options) {
                                         return options.error();
                                     }
                                     return std::unique_ptr<Ruleset>(std::make_unique<R>(*options));
                                 } catch (const std::exception& broken) {
                                     return std::string(broken.what());
                                 }
                             },
                             [parse](std::string_view text, const std::string& fileName) -> std::vector<Diagnostic> {
                                 auto data = parse(text, fileName);
                                 return data ? std::vector<Diagnostic>{} : data.error();
                             },
                             data};
}

} // namespace sandtable::kit
