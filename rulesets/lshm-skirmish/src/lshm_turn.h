#pragma once

#include "lshm_figures.h"
#include "sandtable/offer.h"
#include "sandtable/ruleset.h"
#include "sandtable/scenario.h"

#include <string>
#include <vector>

namespace sandtable::lshm {

// The turn (Sequence of Play): the movement phase by cards, the leaders not in a unit,
// the fire phase by cards, then close combat and morale carried out whole.

/// Whether the battle has ended (its verdict is in the session).
bool battleOver(const Battle& battle);
/// "movement", "leaders", "fire" while orders are given.
std::string phaseOf(const Battle& battle);
/// The unit whose move is under way (rolled and not ended), or empty.
std::string actingUnit(const Battle& battle);
/// Whether the unit may still be chosen in this phase: it has not had its chance and can act.
bool eligible(const Data& data, const Battle& battle, const Unit& unit);
/// The side to give orders now: the side the card calls, or in the leaders' step the side
/// moving its leaders.
std::string sideToAct(const Battle& battle);

/// Sets up the battle: the victory conditions, each unit's starting strength, turn 1.
void startBattle(Step& step, const Scenario& scenario);
/// The unit has had its chance this phase: marks it and turns the next card (or ends the phase).
void finishUnit(Step& step, const std::string& unit);
/// The side's order ending its leaders' moves.
void endLeaders(Step& step);

/// A unit's offers now, of `roles` alone (the targets of the rest's orders not worked out).
std::vector<Offer> unitOffers(const Data& data, const Battle& battle, const Unit& unit, OrderRoles roles = OrderRoles::every());
/// A unit's orders on a rulings board, whatever the card and phase: each kind it could be
/// given, each that takes a target listing every enemy.
std::vector<Offer> rulingUnitOffers(const Data& data, const Battle& battle, const Unit& unit);
std::vector<Offer> sideOffers(const Battle& battle);
/// Where the game stands; with `listActing` false, without the units that may act
/// (Ruleset::briefStatus).
GameStatus gameStatus(const Data& data, const Battle& battle, bool listActing = true);

} // namespace sandtable::lshm
