#pragma once

#include "sandtable/battle.h"
#include "sandtable/page_text.h"

#include <string>
#include <vector>

namespace sandtable {

class Game;
class Ruleset;

/// Each side's units as a player's roster: name, type, arm, quality, formation, command,
/// bases (now and at the start), stats, and their state in the ruleset's words.
struct Roster {
    std::string title;
    std::vector<std::string> about; // the ruleset, where the battle stands
    struct SideUnits {
        std::string heading; // "Winkies (General Tik-Tok): 6 units"
        TextGrid units;
    };
    std::vector<SideUnits> sides;
};

/// The roster of `battle` as `ruleset` reads it; `title` names the scenario and `when`
/// says where the battle stands ("Before the battle", "Turn 3, fire phase").
Roster roster(const Battle& battle, const Ruleset& ruleset, const std::string& title, const std::string& when);

/// Where `game` stands, for a roster's heading: "Before the battle", "Turn 3, fire phase",
/// or the turn with the result once it is over.
std::string standing(const Game& game);

std::string toMarkdown(const Roster& roster);
std::string toHtml(const Roster& roster);

} // namespace sandtable
