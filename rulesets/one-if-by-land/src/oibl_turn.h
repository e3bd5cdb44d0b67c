#pragma once

#include "oibl_units.h"
#include "sandtable/offer.h"
#include "sandtable/scenario.h"

#include <string>
#include <vector>

namespace sandtable::oibl {

/// The step of the acting brigade's sequence of play (SEQUENCE OF PLAY): 0 while the next
/// card is to be turned, then 2 (charge declarations), 4 (movement), 5 (firing); steps 1, 3
/// and 6 are carried out whole as they come (RULINGS.md, oibl-steps).
int stepOf(const Battle& battle);
/// The units the card turned last set going, in the battle's order.
std::vector<std::string> actingUnits(const Battle& battle);
bool acting(const Battle& battle, const std::string& unit);
/// The side whose card turned last, while its units act; empty between cards.
std::string actingSide(const Battle& battle);

/// A unit's orders at `step` of its brigade's activation: charges at 2, moves and formation
/// changes at 4, fire at 5; none at the steps that carry themselves out. (hasOrdersAtStep
/// says whether this is empty without listing it: a change to one is a change to the
/// other, and oibl_orders_test.cpp holds them together.)
std::vector<Offer> offersAtStep(const Data& data, const RulesetOptions& options, const Battle& battle, const Unit& unit, int step);
/// Whether offersAtStep offers the unit anything, found without listing every target: the
/// status asks it of every acting unit after every action, and the listing was half of
/// the standard computer's time.
bool hasOrdersAtStep(const Data& data, const RulesetOptions& options, const Battle& battle, const Unit& unit, int step);

/// Sets up the battle: stands' figures, the victory conditions, the deck, turn 1.
void startBattle(Step& step, const Scenario& scenario);

/// Turns the next card and sets its units going (step 1's panic tests at once), or ends
/// the turn when none is left.
void turnNextCard(Step& step);
/// The side's order ending a step (2, 4 or 5), carrying the brigade on to the next.
void endStep(Step& step);
/// Moves the brigade on from `from` past every step in which none of its units has anything
/// to do, carrying out steps 3 and 6 on the way; ends the activation after step 6.
void advanceSteps(Step& step, int from);

/// What the side's order would do now, and the odds of the next card.
void previewSideOrder(const Data& data, const Battle& battle, const Action& action, Preview& preview);
std::string sideOrderLabel(const Battle& battle);

/// Where the game stands; with `listActing` false, without the units that may act
/// (Ruleset::briefStatus): listing them works out each acting unit's charges or fire.
GameStatus gameStatus(const Data& data, const RulesetOptions& options, const Battle& battle, bool listActing = true);

/// The card's display name: "Fraser's Advanced Corps", "American headquarters".
std::string cardName(const Battle& battle, const std::string& card);

} // namespace sandtable::oibl
