#include "sandtable/kit/card_flow.h"

#include <stdexcept>

namespace sandtable::kit {

TurnedCall turnCardAndCall(ResolutionStep& step, const std::string& deck, const std::string& purpose, const CallOf& callOf) {
    const auto found = step.battle.decks.find(deck);
    if (found == step.battle.decks.end()) {
        throw std::logic_error("turnCardAndCall: the battle has no deck '" + deck + "'");
    }
    DiceStream& dice = step.dice();
    const TurnedCard turned = turnCard(found->second, dice, dice.purpose(purpose));
    if (turned.reshuffled) {
        step.emit(event::DeckGathered{deck});
    }
    step.emit(event::CardTurned{deck, turned.card});
    CardCall call = callOf(cardFromId(turned.card));
    step.emit(event::CardCalled{deck, call});
    return {turned.card, turned.reshuffled, std::move(call)};
}

const CardCall& currentCall(const Battle& battle, const std::string& deck) {
    static const CardCall none;
    const auto found = battle.decks.find(deck);
    return found == battle.decks.end() ? none : found->second.call;
}

} // namespace sandtable::kit
