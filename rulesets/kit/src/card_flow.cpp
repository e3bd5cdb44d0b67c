#include "sandtable/kit/card_flow.h"

#include <stdexcept>

namespace sandtable::kit {

namespace {

TurnedCard turnNext(ResolutionStep& step, const std::string& deck, const std::string& purpose) {
    const auto found = step.battle.decks.find(deck);
    if (found == step.battle.decks.end()) {
        throw std::logic_error("turning a card: the battle has no deck '" + deck + "'");
    }
    DiceStream& dice = step.dice();
    const TurnedCard turned = turnCard(found->second, dice, dice.purpose(purpose));
    if (turned.reshuffled) {
        step.emit(event::DeckGathered{deck});
    }
    step.emit(event::CardTurned{deck, turned.card});
    return turned;
}

} // namespace

TurnedCall turnCardAndCall(ResolutionStep& step, const std::string& deck, const std::string& purpose, const CallOf& callOf) {
    const TurnedCard turned = turnNext(step, deck, purpose);
    CardCall call = callOf(cardFromId(turned.card));
    step.emit(event::CardCalled{deck, call});
    return {turned.card, turned.reshuffled, std::move(call)};
}

std::string turnCardOnly(ResolutionStep& step, const std::string& deck, const std::string& purpose) {
    return turnNext(step, deck, purpose).card;
}

const CardCall& currentCall(const Battle& battle, const std::string& deck) {
    static const CardCall none;
    const auto found = battle.decks.find(deck);
    return found == battle.decks.end() ? none : found->second.call;
}

} // namespace sandtable::kit
