#include "sandtable/roster.h"

#include "sandtable/game.h"
#include "sandtable/ruleset.h"

#include <algorithm>
#include <sstream>

namespace sandtable {

namespace {

std::string statText(const nlohmann::json& value) {
    if (value.is_string()) {
        return value.get<std::string>();
    }
    if (value.is_number()) {
        return numberText(value.get<double>());
    }
    return value.dump();
}

std::string statsText(const nlohmann::json& stats) {
    std::string text;
    if (!stats.is_object()) {
        return text;
    }
    for (const auto& [key, value] : stats.items()) {
        text += (text.empty() ? "" : ", ") + key + " " + statText(value);
    }
    return text;
}

std::string commandName(const Battle& battle, const std::string& id) {
    for (const Command& command : battle.commands) {
        if (command.id == id) {
            return command.name;
        }
    }
    return id;
}

std::string stateText(const Battle& battle, const Ruleset& ruleset, const Unit& unit) {
    if (unit.eliminated()) {
        return "eliminated";
    }
    std::string text = ruleset.unitState(battle, unit.id);
    for (const std::string& marker : unit.markers) {
        if (text.find(marker) == std::string::npos) {
            text += (text.empty() ? "" : "; ") + marker;
        }
    }
    if (!unit.attachedTo.empty()) {
        const Unit* with = battle.findUnit(unit.attachedTo);
        text += (text.empty() ? "" : "; ") + std::string("with ") + (with != nullptr ? with->name : unit.attachedTo);
    }
    return text.empty() ? "fresh" : text;
}

} // namespace

Roster roster(const Battle& battle, const Ruleset& ruleset, const std::string& title, const std::string& when) {
    Roster out;
    out.title = title + ": roster";
    out.about.push_back(ruleset.info().name + " (version " + ruleset.info().version + "). " + when + ".");
    for (const Side& side : battle.sides) {
        Roster::SideUnits units;
        units.units.header = {"Unit", "Type", "Arm", "Quality", "Formation", "Command", "Bases", "Stats", "State"};
        units.units.widths = {20, 0, 0, 0, 0, 0, 0, 18, 22};
        for (const Unit& unit : battle.units) {
            if (unit.side != side.id) {
                continue;
            }
            const int now = static_cast<int>(unit.elements.size());
            const int start = std::max(unit.startingBases, now);
            units.units.rows.push_back({unit.name, unit.type, toString(unit.arm), unit.quality, unit.formation,
                                        unit.brigade.empty() ? "" : commandName(battle, unit.brigade),
                                        start == now ? std::to_string(now) : std::to_string(now) + " of " + std::to_string(start),
                                        statsText(unit.stats), stateText(battle, ruleset, unit)});
        }
        units.units = withoutEmptyColumns(std::move(units.units));
        units.heading = side.name + (side.commander.empty() ? "" : " (" + side.commander + ")") + ": " +
                        std::to_string(units.units.rows.size()) + " unit" + (units.units.rows.size() == 1 ? "" : "s");
        out.sides.push_back(units);
    }
    return out;
}

std::string standing(const Game& game) {
    if (game.log().empty()) {
        return "Before the battle";
    }
    const GameStatus& status = game.status();
    return "Turn " + std::to_string(status.turn) + (status.phase.empty() ? "" : ", " + status.phase) +
           (status.over ? ": " + status.result : "");
}

std::string toMarkdown(const Roster& roster) {
    std::ostringstream text;
    text << "# " << roster.title << "\n\n";
    for (const std::string& line : roster.about) {
        text << line << "\n\n";
    }
    for (const Roster::SideUnits& side : roster.sides) {
        text << "## " << side.heading << "\n\n" << toMarkdown(side.units) << "\n";
    }
    return text.str();
}

std::string toHtml(const Roster& roster) {
    std::ostringstream html;
    html << printedPageStart(roster.title);
    for (const std::string& line : roster.about) {
        html << "<p class=\"note\">" << htmlEscaped(line) << "</p>\n";
    }
    for (const Roster::SideUnits& side : roster.sides) {
        html << "<h2>" << htmlEscaped(side.heading) << "</h2>\n" << toHtml(side.units);
    }
    html << printedPageEnd();
    return html.str();
}

} // namespace sandtable
