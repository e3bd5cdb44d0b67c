#include "playable_scenario.h"
#include "report.h"
#include "sandtable/guarded_preview.h"
#include "sandtable/ruleset_registry.h"
#include "seed_argument.h"
#include "verb.h"

#include <optional>
#include <ostream>

namespace sandtable::cli {

int runRulesets(const VerbArguments& args, std::ostream& out) {
    if (!args.positionals().empty()) {
        throw UsageError("rulesets takes no arguments, found '" + args.positionals().front() + "'");
    }
    nlohmann::ordered_json json = nlohmann::ordered_json::array();
    for (const RegisteredRuleset& registered : registeredRulesets()) {
        auto ruleset = registered.create(nlohmann::json::object());
        if (!ruleset) {
            throw UsageError("ruleset " + registered.id + " cannot be made: " + ruleset.error());
        }
        const RulesetInfo& info = (*ruleset)->info();
        nlohmann::ordered_json options = nlohmann::ordered_json::array();
        for (const RulesetOption& option : info.options) {
            options.push_back({{"id", option.id},
                               {"name", option.name},
                               {"description", option.description},
                               {"choices", option.choices},
                               {"default", option.defaultChoice}});
        }
        json.push_back(
            {{"id", info.id}, {"name", info.name}, {"source", info.sourceFile}, {"unit", toString(info.unit)}, {"options", options}});
        if (!args.has("--json")) {
            out << info.id << "  " << info.name << "  (" << info.sourceFile << ", measured in " << pluralName(info.unit) << ")\n";
            for (const RulesetOption& option : info.options) {
                out << "  option " << option.id << ": ";
                for (std::size_t i = 0; i < option.choices.size(); ++i) {
                    out << (i == 0 ? "" : " | ") << option.choices[i] << (option.choices[i] == option.defaultChoice ? " (default)" : "");
                }
                out << "\n    " << option.description << "\n";
            }
        }
    }
    if (args.has("--json")) {
        out << json.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) << "\n";
    }
    return 0;
}

int runPreview(const VerbArguments& args, std::ostream& out) {
    const std::uint64_t seed = args.value("--seed") ? seedArgument(args) : 1;
    const PlayableScenario playable = loadPlayable(args.single("a scenario file"), seed);
    const Action action = actionArgument(args);
    const Preview preview = guardedPreview(playable.ruleset(), playable.battle(), action);
    const std::string sequence = playable.sequenceNote(action);
    if (args.has("--json")) {
        nlohmann::ordered_json json;
        json["ruleset"] = playable.ruleset().info().id;
        json["action"] = toJson(action);
        const nlohmann::ordered_json details = previewJson(playable.battle(), preview);
        for (const auto& [key, value] : details.items()) {
            json[key] = value;
        }
        if (!sequence.empty()) {
            json["sequence"] = sequence;
        }
        out << json.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) << "\n";
    } else {
        out << playable.ruleset().info().name << ": " << toJson(action).dump() << "\n";
        printPreview(out, playable.battle(), preview);
        if (!sequence.empty()) {
            out << "In a game at the start: " << sequence << " (the ruling above holds all the same)\n";
        }
    }
    return 0;
}

int runOffers(const VerbArguments& args, std::ostream& out) {
    const std::uint64_t seed = args.value("--seed") ? seedArgument(args) : 1;
    const PlayableScenario playable = loadPlayable(args.single("a scenario file"), seed);
    const Battle& battle = playable.battle();
    std::vector<std::string> asked{""}; // the side's own orders first
    if (const std::optional<std::string> unit = args.value("--unit")) {
        if (battle.findUnit(*unit) == nullptr) {
            throw UsageError("--unit: the scenario has no unit '" + *unit + "'");
        }
        asked = {*unit};
    } else {
        for (const Unit& unit : battle.units) {
            asked.push_back(unit.id);
        }
    }
    nlohmann::ordered_json offers = nlohmann::ordered_json::array();
    const GameStatus status = playable.game->status();
    if (!args.has("--json")) {
        out << playable.ruleset().info().name << ", turn " << status.turn << ": " << status.situation << "\n";
    }
    for (const std::string& id : asked) {
        const Unit* unit = battle.findUnit(id);
        for (const Offer& offer : playable.game->offers(id)) {
            offers.push_back({{"unit", offer.unit},
                              {"type", offer.type},
                              {"label", offer.label},
                              {"role", std::string(roleName(offer.role))},
                              {"input", std::string(inputName(offer.input))},
                              {"targets", offer.targets},
                              {"choice", offer.choice}});
            if (!offer.with.empty()) {
                offers.back()["with"] = offer.with;
            }
            if (!offer.elements.empty()) {
                offers.back()["elements"] = offer.elements;
            }
            if (!offer.boxes.empty()) {
                offers.back()["boxes"] = boxesJson(offer.boxes);
            }
            if (args.has("--json")) {
                continue;
            }
            out << "  " << (unit != nullptr ? unit->id + " (" + unit->name + ")" : std::string("the side")) << ": " << offer.type;
            if (!offer.choice.empty()) {
                out << " " << offer.choice;
            }
            out << "  \"" << offer.label << "\"  role " << roleName(offer.role);
            if (offer.input != OrderInput::None) {
                out << ", needs a " << inputName(offer.input);
            }
            if (!offer.targets.empty()) {
                out << ":";
                for (const std::string& target : offer.targets) {
                    out << " " << target;
                }
            }
            for (const auto& [what, list] : {std::pair{"with", &offer.with}, std::pair{"for elements", &offer.elements}}) {
                if (!list->empty()) {
                    out << "; " << what;
                    for (const std::string& id : *list) {
                        out << " " << id;
                    }
                }
            }
            if (!offer.boxes.empty()) {
                out << "; boxes" << boxesText(offer.boxes);
            }
            out << "\n";
        }
    }
    if (args.has("--json")) {
        nlohmann::ordered_json json;
        json["ruleset"] = playable.ruleset().info().id;
        json["situation"] = status.situation;
        json["offers"] = offers;
        out << json.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) << "\n";
    } else if (offers.empty()) {
        out << "  nothing is offered now\n";
    }
    return 0;
}

int runResolve(const VerbArguments& args, std::ostream& out) {
    const std::uint64_t seed = seedArgument(args);
    const PlayableScenario playable = loadPlayable(args.single("a scenario file"), seed);
    const Action action = actionArgument(args);
    DiceStream dice(seed);
    const Resolution resolution = playable.ruleset().resolve(playable.battle(), action, dice);
    if (!resolution.refusal.empty()) {
        throw UsageError("the action is refused: " + resolution.refusal);
    }
    if (args.has("--json")) {
        nlohmann::ordered_json json;
        json["ruleset"] = playable.ruleset().info().id;
        json["action"] = toJson(action);
        json["seed"] = seed;
        const nlohmann::ordered_json details = resolutionJson(playable.battle(), resolution);
        for (const auto& [key, value] : details.items()) {
            json[key] = value;
        }
        out << json.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) << "\n";
    } else {
        out << playable.ruleset().info().name << ": " << toJson(action).dump() << "  (seed " << seed << ")\n";
        printResolution(out, playable.battle(), resolution);
    }
    return 0;
}

} // namespace sandtable::cli
