#include "sandtable/new_battle.h"

namespace sandtable {

std::optional<FeatureKind> featureKindFromString(const std::string& text) {
    if (text == "hill") {
        return FeatureKind::Hill;
    }
    if (text == "water") {
        return FeatureKind::Water;
    }
    if (text == "wood") {
        return FeatureKind::Wood;
    }
    if (text == "built-up") {
        return FeatureKind::BuiltUp;
    }
    return std::nullopt;
}

NewBattle newBattle(const NewBattleSettings& settings) {
    NewBattle result;
    Scenario& scenario = result.scenario;
    scenario.name = settings.name;
    scenario.author = "Sandtable";
    scenario.rulesetId = settings.rulesetId;
    scenario.rulesetOptions = nlohmann::json::object();
    for (const auto& [option, choice] : settings.rulesetOptions) {
        scenario.rulesetOptions[option] = choice;
    }
    scenario.battle.table = settings.table;
    scenario.battle.sides = {{"side-a", "Player A", "#b22222", ""}, {"side-b", "Player B", "#1f4e9c", ""}};
    if (!settings.randomTerrain) {
        scenario.source = "A new battle.";
        return result;
    }
    DiceStream dice(settings.seed);
    result.rolls = rollTerrain(dice);
    result.log.push_back("Random terrain generator (" + terrainGeneratorSource().toString() + "), seed " + std::to_string(settings.seed) +
                         ":");
    for (const SectorRoll& roll : result.rolls) {
        std::string line = describe(roll);
        const auto chosen = settings.choices.find(roll.number());
        if (chosen != settings.choices.end() && (roll.kind == FeatureKind::PlayerAChoice || roll.kind == FeatureKind::PlayerBChoice)) {
            line += ": chose " + toString(chosen->second);
        }
        result.log.push_back(line);
    }
    GeneratedTerrain terrain = buildTerrain(settings.table, result.rolls, settings.choices);
    scenario.battle.areas = std::move(terrain.areas);
    scenario.battle.lines = std::move(terrain.lines);
    for (const std::string& note : terrain.notes) {
        result.log.push_back(note);
    }
    scenario.source = "A new battle on terrain from the random terrain generator. ";
    for (std::size_t i = 0; i < result.log.size(); ++i) {
        scenario.source += result.log[i] + (i + 1 < result.log.size() ? " " : "");
    }
    return result;
}

} // namespace sandtable
