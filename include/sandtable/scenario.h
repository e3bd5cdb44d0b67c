#pragma once

#include "sandtable/battle.h"
#include "sandtable/diagnostics.h"
#include "sandtable/json_reader.h"

#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace sandtable {

/// How a side wins, as the scenario states it; the ruleset reads `parameters`.
struct VictoryCondition {
    std::string id;
    std::string description;
    nlohmann::json parameters = nlohmann::json::object();
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
