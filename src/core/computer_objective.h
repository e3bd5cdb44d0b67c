#pragma once

// The part of the computer's army plan that goes for the scenario's objectives
// (Ruleset::objectives): which units are detailed to take and hold each. Private to the
// core (computer_player.cpp and computer_doctrine.cpp).

#include "sandtable/game.h"

#include <functional>
#include <string>
#include <vector>

namespace sandtable::computer {

/// The game's objectives, each with every side's units that may hold it (Objective::heldBy)
/// ranked, foot first, by how near they stood when the battle began: made once a game
/// (ComputerPlayer), read for each unit.
struct ObjectivePlan {
    struct Detail {
        Objective objective;
        std::vector<const Unit*> ranked;     // the scenario's own units, nearest first
        std::vector<std::string> rearOf;     // the sides in whose rear it lay as they deployed
        std::vector<std::string> fartherOff; // the sides whose foot all stood farther from it than another side's nearest
    };
    std::vector<Detail> details;
};

/// The plan of the game: none where the ruleset gives no objective. It reads the battle
/// as the scenario deployed it and the objectives as the ruleset keeps them from the
/// start, so it holds for the whole game.
ObjectivePlan planObjectives(const Game& game);

/// The objective (and its plan) `unit` is detailed to take and hold, if any. Of each objective, two units
/// of each side are detailed: of its foot still on the table, those that stood nearest
/// the objective when the battle began (so that the detail does not pass back and forth
/// as units move); where fewer foot are left, its horse and guns, then its leaders, where
/// they count as holding it. A unit `beaten` says is beaten holds no detail unless it
/// stands in the objective already: it would not go (it falls back instead), and the
/// objective stood empty at the end with it a few inches off. The units ranked before it
/// are noted in `related`: the loss of one, or its beating, passes the detail on.
const ObjectivePlan::Detail* detailedTo(const ObjectivePlan& plan, const Game& game, const Unit& unit, std::vector<std::string>& related,
                                        const std::function<bool(const Unit&)>& beaten);

/// Whether the objective lay behind `side`'s army as the armies deployed (on the far side
/// of its centre from the enemy's): its detail then does not march back to it, but fights
/// with the rest, the army keeping the objective by standing between it and the enemy.
bool inRear(const ObjectivePlan::Detail& detail, const std::string& side);

/// Whether `side`'s detail makes for the objective now: always, unless its foot all stood
/// farther from it than another side's nearest as the armies deployed (the enemy gets
/// there first, and a detail walking up to it walks into the fire of those holding it)
/// and an enemy's fighting unit stands in it (turnsOnHolders); then only in the last
/// kLateTurns turns before it is judged, to contest it (never where it is judged whenever
/// the battle ends, byTurn 0: no turn is known to be the last).
bool makesForNow(const ObjectivePlan::Detail& detail, const Battle& battle, const std::string& side, int turn);

/// Whether makesForNow turns on who stands in the objective now: for the side the enemy
/// got there first before its last turns. Its detail's thoughts then reach to the
/// objective's far edge, so that a unit coming into it or leaving it makes them afresh.
bool turnsOnHolders(const ObjectivePlan::Detail& detail, const std::string& side, int turn);

/// Whether `side` contests the objective in its last turns: the enemy got there first
/// (makesForNow) and the last kLateTurns turns have come.
bool contestsLate(const ObjectivePlan::Detail& detail, const std::string& side, int turn);

/// Whether `side` has an objective to take that the enemy gets to first (its foot all
/// stood farther from it as the armies deployed): such a side must go to the enemy, and
/// cannot wait for the enemy to come to it.
bool mustTakeFromEnemy(const ObjectivePlan& plan, const std::string& side);

/// Whether the unit stands in the objective (its centre within the area).
bool standsIn(const Objective& objective, const Unit& unit);

/// Where a unit makes for to take the objective: the area's centre.
Point centreOf(const Objective& objective);

} // namespace sandtable::computer
