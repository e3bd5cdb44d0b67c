#pragma once

#include "sandtable/battle.h"
#include "sandtable/diagnostics.h"
#include "sandtable/json_reader.h"

#include <filesystem>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

namespace sandtable {

/// How a side wins, as the scenario states it; the ruleset reads `parameters`.
struct VictoryCondition {
    std::string id;
    std::string description;
    nlohmann::json parameters = nlohmann::json::object();
};

/// One side's losses in the report a scenario recreates: the units it had lost by the end
/// of each turn, cumulative, from turn 1.
struct ReportedLosses {
    std::string side;
    std::vector<int> unitsLostByTurn;
};

/// How the published battle went, as data, for refights to be compared with: who won
/// (a side id, or empty for a draw), the turn it ended, its result in words, each side's
/// losses by turn, and where the report says so.
struct ReportedCourse {
    std::string source;
    std::string winner;
    int endTurn = 0;
    std::string result;
    std::vector<ReportedLosses> losses;
};

/// A move a side's commander made before the battle in the report the scenario recreates
/// (Einsamenhügel's "Final Adjustments"): the unit, where its centre went (table
/// millimetres), its facing there if it turned, and the report's words. The computer makes
/// these when it plays the side and the rules give pre-battle moves
/// (GameStatus::beforeBattle); a player may make any.
struct PreBattleMove {
    std::string unit;
    Point to{0, 0};
    std::optional<double> facing;
    std::string note;
};

/// A battle set up to be played: the table and everything on it, the ruleset and its
/// options, how it is won, and what it recreates. The format is docs/formats/scenario.md.
struct Scenario {
    /// The version written; every version from oldestFormat on is read. Format 2 brought
    /// the chain of command and an element's identity (docs/formats/scenario.md).
    static constexpr std::int64_t format = 2;
    static constexpr std::int64_t oldestFormat = 1;

    std::string name;
    std::string author;
    std::string source; // the battle or report it recreates, free text
    std::string rulesetId;
    nlohmann::json rulesetOptions = nlohmann::json::object();
    Battle battle;
    std::vector<VictoryCondition> victory;
    std::optional<ReportedCourse> reportedCourse; // for scenarios recreating a report
    std::vector<PreBattleMove> preBattleMoves;    // in the order they were made
};

LoadResult<Scenario> loadScenario(const std::filesystem::path& path);
LoadResult<Scenario> parseScenario(std::string_view text, const std::string& fileName);
/// Reads a scenario that stands inside another document (a save): problems are reported
/// at their pointers within it.
LoadResult<Scenario> readScenario(const JsonNode& node);

/// The scenario as canonical JSON text: the same scenario always gives the same bytes.
std::string toJsonText(const Scenario& scenario);

/// Writes text to `path` so that a crash or a full disk never leaves a broken file where
/// a good one was: it writes a temporary file beside it, flushes it, then renames it over.
/// Returns an empty string, or what went wrong.
std::string writeFileAtomically(const std::filesystem::path& path, const std::string& text);

} // namespace sandtable
