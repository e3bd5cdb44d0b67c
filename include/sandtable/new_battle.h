#pragma once

#include "sandtable/scenario.h"
#include "sandtable/terrain_generator.h"

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace sandtable {

/// What a player asks for when starting a new battle to lay out: a table, a ruleset, and
/// optionally the random terrain generator with its seed and the players' choices.
struct NewBattleSettings {
    std::string name = "New battle";
    std::string rulesetId;
    Table table;
    bool randomTerrain = false;
    std::uint64_t seed = 0;
    std::map<int, FeatureKind> choices; // sector number -> what its player chose
    /// The ruleset's options to play with (option id -> choice); the ruleset's defaults
    /// stand for any it does not name.
    std::map<std::string, std::string> rulesetOptions;
};

/// The new battle: the scenario (two sides, no units yet; the generator's dice in its
/// source notes, so they stay with it) and, for the random terrain, the rolls and a line
/// per die for the log.
struct NewBattle {
    Scenario scenario;
    std::vector<SectorRoll> rolls;
    std::vector<std::string> log;
};
NewBattle newBattle(const NewBattleSettings& settings);

/// "hill", "water", "wood", "built-up"; empty for anything else.
std::optional<FeatureKind> featureKindFromString(const std::string& text);

} // namespace sandtable
