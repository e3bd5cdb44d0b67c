#pragma once

#include "ozz_data.h"
#include "sandtable/battle.h"
#include "sandtable/modifier_list.h"
#include "sandtable/ruleset.h"

#include <optional>
#include <string>
#include <vector>

namespace sandtable::ozz {

/// Why a unit moves: an ordinary move, a charge, a rout. Each pays the same terrain but
/// takes different bonuses ("Charging ‡ or Routing").
enum class MoveKind { Normal, Charge, Rout, Reaction };

/// How a unit's allowance is made up before the dice: its row of "Base Movement" and
/// the move modifiers that act on the allowance rather than on the path.
struct AllowancePlan {
    const MovementRow* row = nullptr;
    const ModifierList* modifiers = nullptr;
    std::map<std::string, int> times; // modifier id -> applies how often
    std::vector<ModifierCheck> checks;
    std::string refusal;
};

AllowancePlan allowancePlan(const Data& data, const Unit& unit, MoveKind kind);

/// Whether the artillery column's "--" forbids (option artillery-dashes "not-allowed") or
/// only means no modifier ("no-modifier"), as the game's start recorded it (RULINGS.md,
/// ozz-artillery-dashes).
bool dashesForbid(const Battle& battle);
/// Why Disordered guns may not move, under "not-allowed"; empty otherwise.
std::string gunsMayNotMoveDisordered(const Battle& battle, const Unit& unit);
/// The allowance in inches for the roll of the row's dice.
double allowanceFor(const AllowancePlan& plan, std::int64_t rolled);
ModifierApplication applyAllowance(const AllowancePlan& plan, std::int64_t rolled);
/// The chance that the allowance is at least `cost` inches, exactly.
Probability chanceToCover(const AllowancePlan& plan, double cost);
/// The exact distribution of the allowance, as "n inches" lines.
Odds allowanceOdds(const AllowancePlan& plan);

/// What a path costs a unit: inches of allowance, walked by the core (pricePath) at the
/// "path-costs" table's prices read through the unit's move modifiers, with the trace's
/// checks of those modifiers.
struct PathCost {
    double length = 0; // inches
    double cost = 0;   // inches of allowance
    std::vector<ModifierCheck> checks;
    std::string refusal; // a river, a wall for the guns...
    /// The path cut where a budget ran out (the whole path if it did not).
    Path affordable;
    double affordableCost = 0;
};

/// `path` begins where the unit's centre stands. With a budget, `affordable` stops
/// where the allowance is spent.
PathCost pathCost(const Data& data, const Battle& battle, const Unit& unit, const Path& path, std::optional<double> budget = std::nullopt);

/// The list of move modifiers a unit pays (its arm's column of "Move Modifiers").
const ModifierList& moveModifiers(const Data& data, const Unit& unit);

} // namespace sandtable::ozz
