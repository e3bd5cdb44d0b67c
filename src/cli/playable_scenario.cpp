#include "playable_scenario.h"

#include "sandtable/json_reader.h"
#include "sandtable/replay.h"
#include "sandtable/ruleset_registry.h"
#include "sandtable/save_file.h"

namespace sandtable::cli {

namespace {

std::string joined(const std::vector<Diagnostic>& diagnostics) {
    std::string problems;
    for (const Diagnostic& diagnostic : diagnostics) {
        problems += (problems.empty() ? "" : "; ") + diagnostic.toString();
    }
    return problems;
}

/// A game in progress, as its save leaves it: replayed, so that a ruling can be asked of
/// the very situation on the table (where the replay parts from the save, where it stops).
PlayableScenario loadSavedGame(const std::string& path) {
    auto save = loadSave(path);
    if (!save) {
        throw UsageError(joined(save.error()));
    }
    auto replayed = replay(*save, [](const std::string& id, const nlohmann::json& options) { return makeRuleset(id, options); });
    if (!replayed) {
        throw UsageError(path + ": " + replayed.error());
    }
    PlayableScenario playable;
    playable.game = std::move(std::move(replayed).value().game);
    return playable;
}

} // namespace

PlayableScenario loadPlayable(const std::string& path, std::uint64_t seed) {
    if (path.ends_with(".sandtable")) {
        return loadSavedGame(path);
    }
    auto loaded = loadScenario(path);
    if (!loaded) {
        throw UsageError(joined(loaded.error()));
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
