#pragma once

#include "sandtable/game.h"

#include <string>
#include <vector>

namespace sandtable {

/// One action told for a reader: "Quadling Rifles: fire Winkie Guard", then every roll,
/// lookup, modifier and ruling of its trace, what changed on the table, and any question
/// it put to a player.
struct ReportEntry {
    std::string heading;
    std::vector<std::string> trace;
    std::vector<std::string> changes;
    std::string question;
};

/// `entry` told against the battle as it stood before it.
ReportEntry reportEntry(const Battle& before, const LogEntry& entry);

/// The battle's story: the game's log by turn and phase, with the scenario, the sides,
/// the seed and how it stands or ended. Exported as Markdown or HTML.
struct BattleReport {
    std::string title;
    std::vector<std::string> about; // ruleset, seed, source, sides
    struct Section {
        std::string heading; // "Turn 2", "Turn 2, melee"
        std::vector<ReportEntry> entries;
    };
    std::vector<Section> sections;
    std::string outcome; // "Winkies win 4 to 1: ..." or "Turn 3: playing, score ..."
};

BattleReport battleReport(const Game& game);
std::string toMarkdown(const BattleReport& report);
/// A whole HTML page, with its text escaped.
std::string toHtml(const BattleReport& report);

} // namespace sandtable
