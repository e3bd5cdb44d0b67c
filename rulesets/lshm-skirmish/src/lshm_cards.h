#pragma once

#include "lshm_figures.h"
#include "sandtable/card.h"
#include "sandtable/kit/card_flow.h"

#include <string>

namespace sandtable::lshm {

/// The deck of 52 cards and two jokers that orders movement and fire, and turns up the
/// cards of the hits (RULINGS.md, lshm-one-deck); "hit-cards" when option hit-deck keeps a
/// second deck for hits.
extern const std::string kDeck;
extern const std::string kHitDeck;

/// The side a card's colour calls: the first side plays black, the second red
/// (RULINGS.md, lshm-colours); empty for a named card.
std::string sideOfColour(const Battle& battle, CardColour colour);
std::string colourOfSide(const Battle& battle, const std::string& side); // "black", "red"

/// Forms the deck anew, shuffled (A. Shuffle Card Deck; A. Random Order of Firing).
void shuffleDeck(Step& step, const std::string& why);
/// Turns the next card to order the phase and calls the side of its colour.
kit::TurnedCall turnOrderCard(Step& step);
/// Turns a card for a hit, from the order deck or the hit deck by option hit-deck, saying
/// in the trace which card it was and when the deck ran out.
Card turnHitCard(Step& step, const std::string& purpose);
/// The deck hit cards come from in this battle.
const DeckState* hitDeck(const Battle& battle, const RulesetOptions& options);

/// The joker showing on the order deck ("red", "black"), or empty.
std::string jokerShowing(const Battle& battle);
/// The side the card showing calls (empty between phases).
std::string calledSide(const Battle& battle);

} // namespace sandtable::lshm
