#include "sandtable/battle_report.h"

#include "sandtable/page_text.h"

#include <set>
#include <sstream>
#include <variant>

namespace sandtable {

namespace {

std::string sectionHeading(const Battle& battle) {
    return "Turn " + std::to_string(battle.turn) + (battle.phase.empty() ? "" : ", " + battle.phase);
}

std::string scoreLine(const Battle& battle, const GameStatus& status) {
    std::string text;
    for (const SideScore& score : status.scores) {
        const Side* side = battle.findSide(score.side);
        text += (text.empty() ? "" : ", ") + (side != nullptr ? side->name : score.side) + " " + std::to_string(score.points);
    }
    return text;
}

} // namespace

namespace {

/// The trace as lines, each ruling stated in full the first time only: once `stated` holds
/// its id, a later use says so in a line ("Ruling hits-on-sixes, as stated above").
std::vector<std::string> traceLines(const Trace& trace, std::set<std::string>* stated) {
    std::vector<std::string> lines = toText(trace);
    if (stated == nullptr) {
        return lines;
    }
    for (std::size_t i = 0; i < trace.steps().size() && i < lines.size(); ++i) {
        if (const auto* ruling = std::get_if<trace::Ruling>(&trace.steps()[i].detail);
            ruling != nullptr && !stated->insert(ruling->id).second) {
            lines[i] = "Ruling " + ruling->id + ", as stated above";
        }
    }
    return lines;
}

// Tells one entry, bringing `battle` from the state before it to the state after it: the
// report walks the whole game this way, with no copy of the battle per action. With
// `stated`, a ruling already told earlier in the report is named, not told again.
ReportEntry tellAndApply(Battle& battle, const LogEntry& entry, std::set<std::string>* stated = nullptr) {
    ReportEntry told;
    told.heading = describe(battle, entry.action);
    told.reason = entry.reason;
    told.trace = traceLines(entry.resolution.trace, stated);
    for (const Event& event : entry.resolution.events) {
        // The ruleset's bookkeeping (a deck's order, pools, running counters) is not news.
        if (!std::holds_alternative<event::SessionSet>(event) && !std::holds_alternative<event::CounterSet>(event)) {
            told.changes.push_back(describe(battle, event));
        }
        applyEvent(battle, event);
    }
    if (entry.resolution.prompt) {
        told.question = entry.resolution.prompt->question;
    }
    return told;
}

} // namespace

ReportEntry reportEntry(const Battle& before, const LogEntry& entry) {
    Battle battle = before;
    return tellAndApply(battle, entry);
}

BattleReport battleReport(const Game& game, ReportPictures pictures) {
    BattleReport report;
    const Scenario& scenario = game.scenario();
    report.title = scenario.name;
    const RulesetInfo& info = game.ruleset().info();
    report.about.push_back("Played by " + info.name + " (version " + info.version + ", " + info.sourceFile + "), seed " +
                           std::to_string(game.seed()) + ", " + std::to_string(game.log().size()) + " actions.");
    if (!scenario.source.empty()) {
        report.about.push_back(scenario.source);
    }
    for (const Side& side : game.battle().sides) {
        std::string units;
        for (const Unit& unit : game.startingBattle().units) {
            if (unit.side == side.id) {
                units += (units.empty() ? "" : ", ") + unit.name;
            }
        }
        report.about.push_back(side.name + (side.commander.empty() ? "" : " (" + side.commander + ")") + ": " + units + ".");
    }
    Battle battle = game.startingBattle();
    const bool drawn = pictures == ReportPictures::TurnByTurn;
    if (drawn) {
        report.pictures.push_back({0, "The table at the start", battle});
    }
    int sectionTurn = battle.turn;
    std::set<std::string> stated; // the rulings told so far
    for (const LogEntry& entry : game.log()) {
        const std::string heading = sectionHeading(battle);
        if (report.sections.empty() || report.sections.back().heading != heading) {
            // A new turn's first section: the table as the last turn left it.
            if (drawn && !report.sections.empty() && battle.turn != sectionTurn) {
                report.pictures.push_back({report.sections.size(), "The table at the end of turn " + std::to_string(sectionTurn), battle});
            }
            sectionTurn = battle.turn;
            report.sections.push_back({heading, {}});
        }
        report.sections.back().entries.push_back(tellAndApply(battle, entry, &stated));
    }
    if (drawn && !game.log().empty()) {
        // The last action may have ended a turn (and nothing of the next was played yet).
        const std::string caption = battle.turn != sectionTurn ? "The table at the end of turn " + std::to_string(sectionTurn)
                                    : game.status().over       ? "The table at the end of the battle"
                                                               : "The table as the report ends, in turn " + std::to_string(battle.turn);
        report.pictures.push_back({report.sections.size(), caption, battle});
    }
    const GameStatus status = game.status();
    report.outcome = status.over
                         ? status.result
                         : "Turn " + std::to_string(status.turn) + ", still playing. Score: " + scoreLine(game.battle(), status) + ".";
    return report;
}

std::string toMarkdown(const BattleReport& report) {
    std::ostringstream text;
    text << "# " << report.title << "\n\n";
    for (const std::string& line : report.about) {
        text << line << "\n\n";
    }
    for (const BattleReport::Section& section : report.sections) {
        text << "## " << section.heading << "\n\n";
        for (const ReportEntry& entry : section.entries) {
            text << "**" << entry.heading << "**\n\n";
            if (!entry.reason.empty()) {
                text << "*The computer: " << entry.reason << "*\n\n";
            }
            for (const std::string& line : entry.trace) {
                text << "- " << line << "\n";
            }
            for (const std::string& line : entry.changes) {
                text << "- → " << line << "\n";
            }
            if (!entry.question.empty()) {
                text << "- ? " << entry.question << "\n";
            }
            text << "\n";
        }
    }
    text << "## Outcome\n\n" << report.outcome << "\n";
    return text.str();
}

std::string pictureUrl(std::size_t index) { return "picture-" + std::to_string(index) + ".png"; }

std::string toHtml(const BattleReport& report, PictureSize pictureSize) {
    std::ostringstream html;
    html << "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>" << htmlEscaped(report.title)
         << "</title>\n<style>\n"
            "body { font-family: Georgia, serif; max-width: 48em; margin: 2em auto; line-height: 1.45; color: #222; }\n"
            "h2 { border-bottom: 1px solid #bbb; margin-top: 2em; }\n"
            "h3 { font-size: 1em; margin-bottom: 0.2em; }\n"
            "ul { margin-top: 0.2em; font-size: 0.92em; }\n"
            "li.change { color: #14532d; } li.question { color: #7c2d12; }\n"
            "</style>\n</head>\n<body>\n";
    html << "<h1>" << htmlEscaped(report.title) << "</h1>\n";
    for (const std::string& line : report.about) {
        html << "<p>" << htmlEscaped(line) << "</p>\n";
    }
    const std::string sized =
        pictureSize.width > 0 ? " width=\"" + std::to_string(pictureSize.width) + "\" height=\"" + std::to_string(pictureSize.height) + "\""
                              : std::string();
    std::size_t nextPicture = 0;
    const auto drawPictures = [&](std::size_t beforeSection) {
        for (; nextPicture < report.pictures.size() && report.pictures[nextPicture].beforeSection == beforeSection; ++nextPicture) {
            // The page's line height would stretch the picture's line by as much again.
            html << "<p class=\"picture\" style=\"line-height: 100%\"><img src=\"" << pictureUrl(nextPicture) << "\"" << sized
                 << "></p>\n<p class=\"caption\"><i>" << htmlEscaped(report.pictures[nextPicture].caption) << "</i></p>\n";
        }
    };
    for (std::size_t index = 0; index < report.sections.size(); ++index) {
        const BattleReport::Section& section = report.sections[index];
        drawPictures(index);
        html << "<h2>" << htmlEscaped(section.heading) << "</h2>\n";
        for (const ReportEntry& entry : section.entries) {
            html << "<h3>" << htmlEscaped(entry.heading) << "</h3>\n";
            if (!entry.reason.empty()) {
                html << "<p class=\"reason\"><i>The computer: " << htmlEscaped(entry.reason) << "</i></p>\n";
            }
            html << "<ul>\n";
            for (const std::string& line : entry.trace) {
                html << "<li>" << htmlEscaped(line) << "</li>\n";
            }
            for (const std::string& line : entry.changes) {
                html << "<li class=\"change\">&rarr; " << htmlEscaped(line) << "</li>\n";
            }
            if (!entry.question.empty()) {
                html << "<li class=\"question\">? " << htmlEscaped(entry.question) << "</li>\n";
            }
            html << "</ul>\n";
        }
    }
    drawPictures(report.sections.size());
    html << "<h2>Outcome</h2>\n<p>" << htmlEscaped(report.outcome) << "</p>\n</body>\n</html>\n";
    return html.str();
}

} // namespace sandtable
