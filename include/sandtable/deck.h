#pragma once

#include "sandtable/card.h"
#include "sandtable/dice_stream.h"
#include "sandtable/distribution.h"

#include <functional>
#include <string>
#include <vector>

namespace sandtable {

/// Whom the card turned last calls to act: a side, and in it a command acting as one (every
/// unit under it) or the units named; a side alone calls its units as its rules say (the
/// Wars of Ozz: those showing the card's number). No side: the card calls no one (a joker,
/// an event). Set by event::CardCalled; a deck formed anew calls no one.
struct CardCall {
    std::string side;
    std::string command;
    std::vector<std::string> units;

    bool empty() const { return side.empty(); }
    friend bool operator==(const CardCall&, const CardCall&) = default;
};

/// A deck of cards kept in the battle (Battle::decks), by card id (Card::id). What is left
/// to draw is a composition, not an order: the next card is drawn from the game's stream
/// at the moment it is turned (turnCard), so a preview, a player or the computer player
/// can read what is left and the odds of what comes, but never which card is next. The
/// turned cards are public, in the order turned.
struct DeckState {
    std::vector<std::string> cards;    // every card of the deck, in the deck's own order
    std::vector<std::string> drawPile; // the cards left to draw, in the deck's own order
    std::vector<std::string> discards; // the cards turned, oldest first
    int shuffles = 0;                  // how many times the deck was formed or gathered up
    CardCall call;                     // whom the card turned last calls to act

    /// The card turned last, or empty when none has been turned since the deck was formed.
    std::string showing() const { return discards.empty() ? std::string() : discards.back(); }

    friend bool operator==(const DeckState&, const DeckState&) = default;
};

/// The 52 cards, ace to king in clubs, diamonds, hearts and spades, with the red and
/// black jokers if asked (the LSHM deck), by id.
std::vector<std::string> standardCards(bool withJokers);

/// The next card of a deck, turned: which card, and whether the discards had first to be
/// gathered back because no card was left to draw.
struct TurnedCard {
    std::string card;
    bool reshuffled = false;
};

/// Turns the next card: one uniform draw among the cards left (all the deck's cards, the
/// discards gathered back, when none is left), recorded under `purpose`. The deck must
/// hold at least one card. Changes nothing: the ruleset emits event::CardTurned (after
/// event::DeckGathered when `reshuffled`).
TurnedCard turnCard(const DeckState& deck, DiceStream& stream, PurposeId purpose);

/// The deck after its discards are gathered back into the draw pile.
DeckState gathered(DeckState deck);

using CardTest = std::function<bool(const Card&)>;

/// The chance that the next card turned passes `test` (a reshuffle included: with no card
/// left, the next is drawn from every card of the deck).
Probability nextCardChance(const DeckState& deck, const CardTest& test);

/// The chance of each number of cards passing `test` among the next `draws` turned, index
/// k holding the chance of exactly k: the draw pile first, then, when it runs out, the
/// deck gathered up and drawn again, as turnCard does.
std::vector<Probability> matchesInDraws(const DeckState& deck, const CardTest& test, int draws);

} // namespace sandtable
