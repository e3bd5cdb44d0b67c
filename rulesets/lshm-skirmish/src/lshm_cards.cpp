#include "lshm_cards.h"

#include "sandtable/deck.h"

namespace sandtable::lshm {

const std::string kDeck = "cards";
const std::string kHitDeck = "hit-cards";

std::string sideOfColour(const Battle& battle, CardColour colour) {
    const std::size_t index = colour == CardColour::Black ? 0 : 1;
    return battle.sides.size() > index ? battle.sides[index].id : std::string();
}

std::string colourOfSide(const Battle& battle, const std::string& side) {
    return !battle.sides.empty() && battle.sides.front().id == side ? "black" : "red";
}

void shuffleDeck(Step& step, const std::string& why) {
    step.ruling("lshm-card-order");
    step.ruling("lshm-colours");
    step.emit(event::DeckFormed{kDeck, standardCards(true)});
    step.outcome(why + ": 52 cards and the red and black jokers shuffled", cite("1. MOVEMENT PHASE;"));
}

kit::TurnedCall turnOrderCard(Step& step) {
    const Battle& battle = step.battle;
    kit::TurnedCall turned = kit::turnCardAndCall(step, kDeck, "order card", [&](const Card& card) {
        CardCall call;
        if (const auto colour = card.colour()) {
            call.side = sideOfColour(battle, *colour);
        }
        return call;
    });
    if (turned.reshuffled) {
        step.outcome("The deck ran out: the turned cards are shuffled into a new deck", cite("2. FIRE PHASE;"));
    }
    return turned;
}

const DeckState* hitDeck(const Battle& battle, const RulesetOptions& options) {
    const auto found = battle.decks.find(option(options, "hit-deck", "separate-deck") ? kHitDeck : kDeck);
    return found == battle.decks.end() ? nullptr : &found->second;
}

Card turnHitCard(Step& step, const std::string& purpose) {
    step.ruling("lshm-one-deck");
    const bool separate = option(step.options, "hit-deck", "separate-deck");
    const std::string& deck = separate ? kHitDeck : kDeck;
    if (step.battle.decks.count(deck) == 0) {
        step.emit(event::DeckFormed{deck, standardCards(true)});
    }
    const int before = step.battle.decks.at(deck).shuffles;
    const Card card = cardFromId(kit::turnCardOnly(step, deck, purpose));
    if (step.battle.decks.at(deck).shuffles != before) {
        step.outcome("The deck ran out while turning hit cards: the turned cards are shuffled into a new deck",
                     cite("C. Determining Hits"));
    }
    return card;
}

std::string jokerShowing(const Battle& battle) {
    const auto found = battle.decks.find(kDeck);
    if (found == battle.decks.end() || found->second.call.empty()) {
        return {};
    }
    const Card card = cardFromId(found->second.showing());
    if (!card.isJoker()) {
        return {};
    }
    return card.colour() == CardColour::Red ? "red" : "black";
}

std::string calledSide(const Battle& battle) { return kit::currentCall(battle, kDeck).side; }

} // namespace sandtable::lshm
