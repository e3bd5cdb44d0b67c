#pragma once

#include "ozz_step.h"
#include "sandtable/ruleset.h"
#include "sandtable/scenario.h"

#include <string>
#include <vector>

namespace sandtable::ozz {

/// Sets up the battle: the activation system and the artillery reading the options chose,
/// the turns the victory counts (RULINGS.md, ozz-victory; 8 unless it says), and turn 1.
void startBattle(Step& step, const Scenario& scenario);

/// Sets up a turn: activation dice and the shuffled deck (double random), or the first
/// side to alternate (RULINGS.md, ozz-activation).
void startTurn(Step& step, int turn);

/// Turns the next card; after the last (or the second joker) a new turn begins.
void turnNextCard(Step& step);
/// Whether this turn's activation deck is spent (no card left, or the second joker turned
/// where that ends the turn): the next card order starts a new turn.
bool activationDeckSpent(const Battle& battle, const RulesetOptions& options);
/// What turning the next card may bring: the cards left by colour, and the chance that
/// it is each side's or a joker (from what is left, never the order: none is kept).
void previewNextCard(const Data& data, const Battle& battle, const RulesetOptions& options, Preview& preview);

/// Units that may begin an activation now.
std::vector<std::string> mayActivate(const Data& data, const Battle& battle);
/// The unit whose activation is under way, or empty.
std::string activeUnit(const Battle& battle);
bool hasActivated(const Battle& battle, const std::string& unit);

/// Marks the start of a unit's activation (spending a commander's pool die if that is
/// what lets it act). Does nothing if it is already the active unit.
void beginActivation(Step& step, const std::string& unit);
void endActivation(Step& step);
/// Ends the activation of a unit lost during it (routed off the table, destroyed in a
/// melee): it has no orders left to give (RULINGS.md, ozz-lost-in-activation).
void endActivationIfLost(Step& step);

/// Whether a unit is within its brigade commander's command radius.
bool inCommand(const Battle& battle, const Unit& unit);

/// Where the game stands; with `listActing` false, without the units that may act
/// (Ruleset::briefStatus).
GameStatus gameStatus(const Data& data, const Battle& battle, bool listActing = true);

} // namespace sandtable::ozz
