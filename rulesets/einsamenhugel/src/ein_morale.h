#pragma once

#include "ein_units.h"

#include <set>
#include <string>
#include <vector>

namespace sandtable::ein {

/// What a morale throw needs (MORALE): the score for the unit's class, the general's +1
/// and the rear support's +1, each checked.
struct MoraleCheck {
    int score = 4;
    std::string classLabel;
    std::vector<ModifierCheck> modifiers;
    int modifier = 0;
    std::string supporter; // the unit giving rear support, if any
};

/// `taken`: supporters already giving support in this batch of tests (a unit supports
/// only one unit).
MoraleCheck moraleCheck(const Data& data, const Battle& battle, const Unit& unit, const std::set<std::string>& taken);

/// The friendly unit directly behind that could reach it in two turns, or null.
const Unit* rearSupport(const Data& data, const Battle& battle, const Unit& unit, const std::set<std::string>& taken);

/// The chance a morale throw with this check passes.
Probability passChance(const MoraleCheck& check);

/// Throws for each unit in `units` together (their checks read the battle before any
/// result is applied), then removes a further 25 per cent from each that fails.
void testMorale(Step& step, const std::vector<std::string>& units, const std::string& why);

/// The chance the unit passes a morale test, should its move or charge call for one.
Odds moraleOdds(const Data& data, const Battle& battle, const Unit& unit);

} // namespace sandtable::ein
