#pragma once

#include "sandtable/action.h"
#include "sandtable/computer_player.h"
#include "sandtable/diagnostics.h"
#include "sandtable/scenario.h"

#include <cstdint>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <vector>

namespace sandtable {

class Game;

/// One action of a saved game, the hash of the battle after it (battle_state.h), and why
/// the computer gave it (empty for a player's order).
struct SavedAction {
    Action action;
    std::string stateHash;
    std::string reason;
};

/// A game as a file (`*.sandtable`, docs/formats/save.md): the scenario as it was loaded,
/// the ruleset with its version and options, the seed and the log of actions, each with
/// the hash of the state it led to. With the seed, the log *is* the game.
struct SaveFile {
    /// The version written; every version from oldestFormat on is read. Format 2 brought
    /// an action's payloads (docs/formats/save.md) and holds a format-2 scenario.
    static constexpr std::int64_t format = 2;
    static constexpr std::int64_t oldestFormat = 1;
    /// The format of the file this was read from (a save made in play: the current one).
    std::int64_t fileFormat = format;

    Scenario scenario;
    std::string rulesetId;
    std::string rulesetVersion;
    nlohmann::json rulesetOptions = nlohmann::json::object(); // every option, as played
    std::uint64_t seed = 0;
    std::string openingHash; // the state once the first turn was set up
    std::vector<SavedAction> actions;
    /// The sides the computer plays (side ids), so that a game reopened goes on as it was
    /// being played; empty for hotseat. Not part of the game's state: replay ignores it.
    std::vector<std::string> computerSides;
    /// How well it plays them (written only with computerSides).
    ComputerLevel computerLevel = ComputerLevel::Standard;
};

/// What a game in play saves.
SaveFile saveOf(const Game& game);

/// The save as canonical text: the same game always gives the same bytes, and reading
/// then writing a save gives the bytes it was read from.
std::string toJsonText(const SaveFile& save);

/// Whether `json` is a save by what it says of itself (its "kind"), whatever its file is
/// called: a save written under a scenario's name (`play --save game.json`) is read as a save.
bool isSaveJson(const nlohmann::json& json);
/// The same of a file: false when it cannot be read or is not JSON (its reader then says why).
bool isSaveFile(const std::filesystem::path& path);

/// Reads a save, reporting every problem with its JSON pointer. It checks the form only:
/// whether the game reproduces is replay.h's question.
LoadResult<SaveFile> parseSave(std::string_view text, const std::string& fileName);
LoadResult<SaveFile> loadSave(const std::filesystem::path& path);

} // namespace sandtable
