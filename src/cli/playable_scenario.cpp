#include "playable_scenario.h"

#include "sandtable/json_reader.h"
#include "sandtable/ruleset_registry.h"

namespace sandtable::cli {

PlayableScenario loadPlayable(const std::string& path, std::uint64_t seed) {
    auto loaded = loadScenario(path);
    if (!loaded) {
        std::string problems;
        for (const Diagnostic& diagnostic : loaded.error()) {
            problems += (problems.empty() ? "" : "; ") + diagnostic.toString();
        }
        throw UsageError(problems);
    }
    Scenario scenario = std::move(loaded).value();
    const RegisteredRuleset* registered = findRuleset(scenario.rulesetId);
    if (registered == nullptr) {
        std::string known;
        for (const RegisteredRuleset& candidate : registeredRulesets()) {
            known += (known.empty() ? "" : ", ") + candidate.id;
        }
        throw UsageError(path + ": /ruleset: no ruleset \"" + scenario.rulesetId + "\" (rulesets: " + known + ")");
    }
    auto ruleset = registered->create(scenario.rulesetOptions);
    if (!ruleset) {
        throw UsageError(path + ": /rulesetOptions: " + ruleset.error());
    }
    const auto problems = (*ruleset)->checkScenario(scenario);
    if (!problems.empty()) {
        std::string text;
        for (const std::string& problem : problems) {
            text += (text.empty() ? "" : "; ") + problem;
        }
        throw UsageError(path + ": " + text);
    }
    auto started = Game::start(std::move(scenario), std::move(ruleset).value(), seed);
    if (!started) {
        throw UsageError(path + ": " + started.error());
    }
    PlayableScenario playable;
    playable.game = std::move(started).value();
    return playable;
}

std::string PlayableScenario::sequenceNote(const Action& action) const { return game->ruleset().sequenceRefusal(game->battle(), action); }

Action actionArgument(const VerbArguments& args) {
    const auto text = args.value("--action");
    if (!text) {
        throw UsageError("--action is needed, e.g. --action '{\"type\":\"fire\",\"unit\":\"ID\",\"target\":\"ID\"}'");
    }
    const ParsedJson parsed = parseJsonText(*text);
    if (!parsed.value) {
        throw UsageError("--action: " + parsed.problem + ", in '" + printable(*text) + "'");
    }
    auto action = actionFromJson(*parsed.value);
    if (!action) {
        throw UsageError("--action: " + action.error());
    }
    return std::move(action).value();
}

} // namespace sandtable::cli
