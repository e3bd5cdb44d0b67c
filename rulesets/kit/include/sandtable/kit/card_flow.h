#pragma once

#include "sandtable/card.h"
#include "sandtable/deck.h"
#include "sandtable/kit/resolution_step.h"

#include <functional>
#include <string>

namespace sandtable::kit {

/// A card turned by the shared flow, and whom it called.
struct TurnedCall {
    std::string card;
    bool reshuffled = false;
    CardCall call;
};

/// Whom a card calls to act, by the ruleset's rules: a side, a command acting as one or
/// units (an empty call for a joker or an event card).
using CallOf = std::function<CardCall(const Card& card)>;

/// The shared "turn a card" flow: turns the next card of `deck` from the game's stream
/// under `purpose` (the discards gathered back first when none is left to draw), asks
/// `callOf` whom it calls, and emits DeckGathered (when it had to), CardTurned and
/// CardCalled, in that order. The ruleset then says in its own words what the card means.
/// The deck must exist and hold at least one card.
TurnedCall turnCardAndCall(ResolutionStep& step, const std::string& deck, const std::string& purpose, const CallOf& callOf);

/// Turns the next card of `deck` as turnCardAndCall does (the discards gathered back first
/// when none is left) but calls no one: a card drawn to say who a hit strikes (LSHM). Emits
/// DeckGathered (when it had to) and CardTurned; the deck's call stays as it was.
std::string turnCardOnly(ResolutionStep& step, const std::string& deck, const std::string& purpose);

/// The deck's call, or an empty one when the battle has no such deck.
const CardCall& currentCall(const Battle& battle, const std::string& deck);

} // namespace sandtable::kit
