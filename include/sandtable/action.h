#pragma once

#include "sandtable/expected.h"
#include "sandtable/geometry.h"

#include <nlohmann/json.hpp>
#include <optional>
#include <string>

namespace sandtable {

/// What a player (or the computer) asks for: move along a path, fire at a target,
/// charge, rally, draw a card, end an activation, answer a prompt. The ruleset decides
/// what each type means; the log of actions with the seed is the whole game.
struct Action {
    std::string type;
    std::string unit;
    std::string target;
    /// For moves: the points the unit's centre passes through after where it stands,
    /// in table millimetres.
    Path path;
    /// For turns: the new facing, degrees clockwise from up the table.
    std::optional<double> facing;
    /// For answers and formation changes: the chosen option's id.
    std::string choice;

    friend bool operator==(const Action&, const Action&) = default;
};

struct Battle;

/// What a player reads in a log: "Quadling Rifles: fire at Winkie Guard", "next-card".
std::string describe(const Battle& battle, const Action& action);

/// {"type": "fire", "unit": "blue-1", "target": "red-2"}; a path is [[x, y], ...] in mm.
nlohmann::json toJson(const Action& action);
/// Reads an action; the error names the key that is wrong and what was expected.
Expected<Action, std::string> actionFromJson(const nlohmann::json& json);

} // namespace sandtable
