#include "playable_scenario.h"

#include "sandtable/ruleset_registry.h"

namespace sandtable::cli {

PlayableScenario loadPlayable(const std::string& path) {
    auto loaded = loadScenario(path);
    if (!loaded) {
        std::string problems;
        for (const Diagnostic& diagnostic : loaded.error()) {
            problems += (problems.empty() ? "" : "; ") + diagnostic.toString();
        }
        throw UsageError(problems);
    }
    PlayableScenario playable;
    playable.scenario = std::move(loaded).value();
    const RegisteredRuleset* registered = findRuleset(playable.scenario.rulesetId);
    if (registered == nullptr) {
        std::string known;
        for (const RegisteredRuleset& candidate : registeredRulesets()) {
            known += (known.empty() ? "" : ", ") + candidate.id;
        }
        throw UsageError(path + ": /ruleset: no ruleset \"" + playable.scenario.rulesetId + "\" (rulesets: " + known + ")");
    }
    auto ruleset = registered->create(playable.scenario.rulesetOptions);
    if (!ruleset) {
        throw UsageError(path + ": /rulesetOptions: " + ruleset.error());
    }
    playable.ruleset = std::move(ruleset).value();
    const auto problems = playable.ruleset->checkScenario(playable.scenario);
    if (!problems.empty()) {
        std::string text;
        for (const std::string& problem : problems) {
            text += (text.empty() ? "" : "; ") + problem;
        }
        throw UsageError(path + ": " + text);
    }
    playable.battle = playable.scenario.battle;
    playable.battle.countStartingBases();
    return playable;
}

Action actionArgument(const VerbArguments& args) {
    const auto text = args.value("--action");
    if (!text) {
        throw UsageError("--action is needed, e.g. --action '{\"type\":\"fire\",\"unit\":\"ID\",\"target\":\"ID\"}'");
    }
    const nlohmann::json json = nlohmann::json::parse(*text, nullptr, false);
    if (json.is_discarded()) {
        throw UsageError("--action is not JSON: '" + *text + "'");
    }
    auto action = actionFromJson(json);
    if (!action) {
        throw UsageError("--action: " + action.error());
    }
    return std::move(action).value();
}

} // namespace sandtable::cli
