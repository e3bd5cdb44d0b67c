#pragma once

#include "sandtable/scenario.h"
#include "vcc_units.h"

#include <string>
#include <vector>

namespace sandtable::vcc {

// The sequence of play: eight steps, each played by one side as a whole (Sequence of
// Play; RULINGS.md, vcc-steps, vcc-victory).

enum class StepKind { HeavyFire, Movement, SmallArms, Melee };

struct StepOfPlay {
    const char* phase; // Battle::phase
    int number;        // as the sheet numbers it
    const std::string* side;
    StepKind kind;
    const char* name;
};

/// The step the battle is at, or null when it is over.
const StepOfPlay* currentStep(const Battle& battle);
std::string sideToPlay(const Battle& battle);

/// What a unit of the side to play may do in the step now. (unitHasOrders says whether
/// this is empty without listing it: a change to one is a change to the other, and
/// tests/computer/status_offers_test.cpp holds them together.)
std::vector<Offer> unitOffers(const Data& data, const RulesetOptions& options, const Battle& battle, const Unit& unit);
/// Whether unitOffers offers the unit anything, found without listing them all: the
/// status asks it of every unit after every action, and listing every unit's targets and
/// reachable boxes for it was half the standard computer's time.
bool unitHasOrders(const Data& data, const RulesetOptions& options, const Battle& battle, const Unit& unit);

/// Turn 1, step 1: the turn limit and objective from the scenario's victory conditions.
void startBattle(Step& step, const std::vector<VictoryCondition>& victory);

/// The side to play ends its step: the morale checks it owes are taken, and the next step
/// begins (a step in which its side has nothing to do passing by itself).
void pass(Step& step);

/// After a melee: when none is left to fight, step 8's morale checks, and the turn ends.
void afterMelee(Step& step);

/// The scenario's objective as the battle keeps it (Ruleset::objectives): its box's square,
/// judged when the turns are up; none where the scenario gives none.
std::vector<Objective> battleObjectives(const Battle& battle);

/// Where the game stands; with `listActing` false, without the units that may act
/// (Ruleset::briefStatus): listing them asks each unit for an order.
GameStatus gameStatus(const Data& data, const RulesetOptions& options, const Battle& battle, bool listActing = true);

} // namespace sandtable::vcc
