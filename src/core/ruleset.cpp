#include "sandtable/ruleset.h"

#include <algorithm>

namespace sandtable {

std::string Ruleset::sequenceRefusal(const Battle& battle, const Action& action) const {
    return refusalUnlessOffered(battle, action, offers(battle, action.unit));
}

std::string Ruleset::refusalUnlessOffered(const Battle& battle, const Action& action, const std::vector<Offer>& offered) const {
    const bool isOffered = std::any_of(offered.begin(), offered.end(), [&](const Offer& offer) {
        return offer.type == action.type && (action.target.empty() || offer.targets.empty() ||
                                             std::find(offer.targets.begin(), offer.targets.end(), action.target) != offer.targets.end());
    });
    if (isOffered) {
        return {};
    }
    const Unit* unit = battle.findUnit(action.unit);
    const std::string who = unit != nullptr ? unit->name : (action.unit.empty() ? "the side to play" : action.unit);
    return who + " may not " + action.type + (action.target.empty() ? "" : " " + action.target) + " now (" + status(battle).situation + ")";
}

UnitOverlay Ruleset::overlay(const Battle&, const std::string&) const { return {}; }

Expected<RulesetOptions, std::string> readOptions(const std::vector<RulesetOption>& declared, const nlohmann::json& chosen) {
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
        const std::string& id = key; // a structured binding cannot be captured before clang 16
        const auto option = std::find_if(declared.begin(), declared.end(), [&](const RulesetOption& o) { return o.id == id; });
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
            std::find(option->choices.begin(), option->choices.end(), value.get<std::string>()) == option->choices.end()) {
            return "option \"" + key + "\" cannot be " + value.dump() + " (choices: " + choices + ")";
        }
        options[key] = value.get<std::string>();
    }
    return options;
}

std::string Ruleset::unitState(const Battle&, const std::string&) const { return {}; }

std::vector<UnitFigure> Ruleset::unitFigures(const Battle&, const std::string&) const { return {}; }

double Ruleset::standOffRange(const Battle&, const std::string&) const { return 0; }

} // namespace sandtable
