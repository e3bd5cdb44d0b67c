#pragma once

#include "sandtable/battle.h"
#include "sandtable/offer.h"

#include <vector>

namespace sandtable::kit {

/// A ruleset's rulingOffers() made from the kinds of order a unit of it may be given
/// (type, label, role, input, choice), whatever the sequence of play says: each kind that
/// takes a target lists every enemy unit still standing (an Attach, every friendly unit
/// but the leader), and every kind is given `unit`'s id. The preview then says whether
/// the rules allow the order here.
std::vector<Offer> rulingOffersOf(const Battle& battle, const Unit& unit, std::vector<Offer> kinds);

/// A general's or officer's orders on a rulings board, where he moves and joins units:
/// "Move" along a path and "Join a unit" (type "attach") at any friendly unit.
std::vector<Offer> leaderRulingOffers(const Battle& battle, const Unit& leader);

} // namespace sandtable::kit
