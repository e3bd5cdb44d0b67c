#pragma once

#include "sandtable/computer_player.h"
#include "sandtable/printable.h"
#include "verb.h"

#include <map>
#include <sstream>
#include <string>

namespace sandtable::cli {

/// How well the computer plays, from `--level`: one level for every side it plays
/// ("strong"), or side=level pairs separated by commas ("a=basic,b=standard", a side not
/// named playing at the default). A UsageError names a level or side it does not know.
struct LevelArgument {
    ComputerLevel level = ComputerLevel::Standard;
    std::map<std::string, ComputerLevel> bySide;

    ComputerLevel of(const std::string& side) const {
        const auto it = bySide.find(side);
        return it != bySide.end() ? it->second : level;
    }
};

inline ComputerLevel levelNamed(const std::string& text) {
    if (const std::optional<ComputerLevel> level = computerLevelFromString(text)) {
        return *level;
    }
    throw UsageError("--level: expected random, basic, standard or strong, not \"" + printable(text) + "\"");
}

inline LevelArgument levelArgument(const VerbArguments& args, const Battle& battle) {
    LevelArgument levels;
    const std::optional<std::string> text = args.value("--level");
    if (!text) {
        return levels;
    }
    if (text->find('=') == std::string::npos) {
        levels.level = levelNamed(*text);
        return levels;
    }
    if (text->back() == ',') {
        throw UsageError("--level: a SIDE=LEVEL pair is missing after the last comma in \"" + printable(*text) + "\"");
    }
    std::stringstream list(*text);
    for (std::string pair; std::getline(list, pair, ',');) {
        const std::size_t equals = pair.find('=');
        if (equals == std::string::npos) {
            throw UsageError("--level: expected SIDE=LEVEL pairs separated by commas, not \"" + printable(pair) + "\"");
        }
        const std::string side = pair.substr(0, equals);
        if (battle.findSide(side) == nullptr) {
            std::string known;
            for (const Side& each : battle.sides) {
                known += (known.empty() ? "" : ", ") + each.id;
            }
            throw UsageError("--level: the scenario has no side \"" + printable(side) + "\" (its sides: " + known + ")");
        }
        if (levels.bySide.count(side) != 0) {
            throw UsageError("--level: the side \"" + printable(side) + "\" is given twice");
        }
        levels.bySide[side] = levelNamed(pair.substr(equals + 1));
    }
    return levels;
}

} // namespace sandtable::cli
