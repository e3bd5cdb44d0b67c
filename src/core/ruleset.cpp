#include "sandtable/ruleset.h"

#include <algorithm>

namespace sandtable {

Expected<RulesetOptions, std::string> readOptions(const std::vector<RulesetOption>& declared,
                                                  const nlohmann::json& chosen) {
    RulesetOptions options;
    for (const RulesetOption& option : declared) {
        options[option.id] = option.defaultChoice;
    }
    if (chosen.is_null()) {
        return options;
    }
    if (!chosen.is_object()) {
        return std::string("ruleset options should be an object of option id to choice");
    }
    for (const auto& [key, value] : chosen.items()) {
        const auto option = std::find_if(declared.begin(), declared.end(),
                                         [&](const RulesetOption& o) { return o.id == key; });
        if (option == declared.end()) {
            std::string known;
            for (const RulesetOption& o : declared) {
                known += (known.empty() ? "" : ", ") + o.id;
            }
            return "unknown ruleset option \"" + key + "\" (options: " + (known.empty() ? "none" : known) + ")";
        }
        std::string choices;
        for (const std::string& choice : option->choices) {
            choices += (choices.empty() ? "" : ", ") + choice;
        }
        if (!value.is_string() ||
            std::find(option->choices.begin(), option->choices.end(), value.get<std::string>()) ==
                option->choices.end()) {
            return "option \"" + key + "\" cannot be " + value.dump() + " (choices: " + choices + ")";
        }
        options[key] = value.get<std::string>();
    }
    return options;
}

} // namespace sandtable
