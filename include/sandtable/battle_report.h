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
    std::string reason; // the computer's, for its orders
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
    /// The table as it stood at the start, at the end of each turn (the start of the
    /// next) and at the end, for a printed report to draw; only when asked for.
    struct Picture {
        std::size_t beforeSection = 0; // drawn before this section (sections.size(): at the end)
        std::string caption;           // "The table at the end of turn 2"
        Battle battle;
    };
    std::vector<Picture> pictures;
};

enum class ReportPictures { None, TurnByTurn };

BattleReport battleReport(const Game& game, ReportPictures pictures = ReportPictures::None);
std::string toMarkdown(const BattleReport& report);
/// The size a picture is shown at on the page, in CSS pixels.
struct PictureSize {
    int width = 0;
    int height = 0;
};

/// A whole HTML page, with its text escaped. Each picture is an image named
/// `pictureUrl(index)` shown at `pictureSize`, for the caller to supply (a printed
/// report's drawings of the table).
std::string toHtml(const BattleReport& report, PictureSize pictureSize = {});
std::string pictureUrl(std::size_t index); // "picture-3.png"

} // namespace sandtable
