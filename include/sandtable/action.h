#pragma once

#include "sandtable/expected.h"
#include "sandtable/geometry.h"
#include "sandtable/table.h"

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

namespace sandtable {

/// One element's own part in an order, where each base or figure is told apart: whom it
/// aims at, where it is set down and how it faces there.
struct ElementOrder {
    std::string element;          // the element's id
    std::string target;           // a unit's or an element's id, when each element picks its own
    std::optional<Point> at;      // where it is placed, in table millimetres
    std::optional<double> facing; // how it faces there, degrees clockwise from up the table

    /// Points compare by their coordinates (Boost's point has no ==).
    friend bool operator==(const ElementOrder& a, const ElementOrder& b);
};

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
    /// Units that act with `unit` as one (the rest of its brigade), by id.
    std::vector<std::string> with;
    /// A point on the table the order names (where to go, where to aim), in millimetres.
    std::optional<Point> point;
    /// A box of a gridded table the order names.
    std::optional<Box> box;
    /// Each element's own target or placement, for orders that tell elements apart.
    std::vector<ElementOrder> elements;

    friend bool operator==(const Action& a, const Action& b);
};

/// The action that answers a prompt by picking one of its choices.
Action answerChoosing(std::string choice);

struct Battle;

/// What a player reads in a log: "Quadling Rifles: fire at Winkie Guard", "next-card".
std::string describe(const Battle& battle, const Action& action);

/// Why an action's payload cannot be on this table whatever the rules say: a point that is
/// not a number or lies off the table, a box off the grid, an element named twice;
/// empty when there is nothing wrong with it.
std::string payloadProblem(const Table& table, const Action& action);

/// {"type": "fire", "unit": "blue-1", "target": "red-2"}; a path is [[x, y], ...] in mm,
/// a point [x, y], a box [column, row], "with" a list of unit ids and "elements" a list
/// of {"element", "target", "at", "facing"}. Keys with nothing in them are left out.
nlohmann::json toJson(const Action& action);
/// Reads an action; the error names the key that is wrong and what was expected.
Expected<Action, std::string> actionFromJson(const nlohmann::json& json);

} // namespace sandtable
