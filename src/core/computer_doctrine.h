#pragma once

// The computer player's doctrine for one unit: what it would do now and what that choice
// depends on, so that ComputerPlayer can keep it until something it depends on changes.
// Private to the core (computer_player.cpp and computer_doctrine.cpp).

#include "computer_objective.h"
#include "computer_weighing.h"
#include "sandtable/computer_player.h"

#include <limits>
#include <string>
#include <vector>

namespace sandtable::computer {

// What the computer does first, and what only when nothing better is on offer.
// A unit that may act but has nothing better to do spends its activation last of all, so
// that a side whose only units left are idle (a general in an alternate-units turn) still
// hands the turn on.
enum class Priority { Melee, Rally, Reform, FallBack, Charge, Fire, PrepareMove, Advance, EndActivation, SideOrder, SpendActivation };

struct Candidate {
    Priority priority;
    double distance; // to the enemy concerned: nearer first within a priority (and gain)
    ComputerChoice choice;
    std::string unit; // whose choice it is ("" for the side's own orders)
    double gain = 0;  // the order's expected gain as weighed (computer_weighing.h): more first within a priority
};

/// What a unit's candidates were drawn from: the units they name and how far around the
/// unit the rules were asked to look. Another unit's move, loss or change matters to
/// these candidates only if it is one of `related`, stands (before or after) within
/// `horizon` of the unit, or is or becomes the nearest enemy (`nearest`, or one nearer
/// than `nearestGap`), which matters to its orders drawn from the nearest enemy only.
struct UnitThoughts {
    std::vector<Candidate> candidates;
    std::vector<std::string> related;                       // targets offered, enemies whose range it is in
    std::string nearest;                                    // the nearest enemy, where an order is drawn from it
    double nearestGap = std::numeric_limits<double>::max(); // table millimetres, nearest edges
    double horizon = 0;                                     // table millimetres, from its edges
    /// The best that an order drawn from the nearest enemy (an advance on it, a step back
    /// from it) could be, by priority and then gain; its distance is the new nearest gap.
    /// A nearer enemy beyond the horizon changes no other order: ComputerPlayer puts off
    /// thinking again until the unit's orders, so bounded, could be the best.
    Priority nearestPriority = Priority::SpendActivation;
    double nearestGain = 0;
    /// Its orders were weighed (it was offered a target at a level that weighs): what they
    /// are worth is weighed against the turn played on, and a change to its nearest enemy,
    /// however far, forgets them (ComputerPlayer keeps them otherwise as any thoughts,
    /// unless told to weigh afresh at every decision).
    bool weighed = false;
};

/// Every order the doctrine would consider for `unit` now, best first within each
/// priority, each previewed as allowed. `acting`: the unit is the one in the middle of its
/// activation (an end to it is then an end, not a spent activation). `weigher`: the
/// decision's, at the levels that weigh their orders (Standard, Strong); null for Basic.
/// `plan`: the game's objectives (computer_objective.h), at those levels; else null.
UnitThoughts considerUnit(const Game& game, const Unit& unit, bool acting, Weigher* weigher, const ObjectivePlan* plan);

/// The plainest answer a prompt allows (its first choice, target or box, the unit where
/// it stands).
Action plainAnswer(const Battle& battle, const Prompt& prompt);

} // namespace sandtable::computer
