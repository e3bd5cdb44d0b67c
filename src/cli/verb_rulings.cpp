#include "playable_scenario.h"
#include "report.h"
#include "sandtable/ruleset_registry.h"
#include "seed_argument.h"
#include "verb.h"

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
            out << info.id << "  " << info.name << "  (" << info.sourceFile << ", measured in " << toString(info.unit) << ")\n";
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
    const Preview preview = playable.ruleset().preview(playable.battle(), action);
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
