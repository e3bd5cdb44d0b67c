#pragma once

#include "vcc_units.h"
#include "vcc_weighing.h"

#include <string>

namespace sandtable::vcc {

/// A morale test as it stands: the bases and gunners counted, the modifiers weighed and
/// the number to roll at or under (Morale 1d6; RULINGS.md, vcc-morale-target).
struct MoraleTest {
    int count = 0;
    Weighing weighing;
    ModifierApplication applied;
    int target = 0;
};

/// Whether an enemy unit stands next to `unit` on its flank or rear; a square has none
/// (Morale modifiers to die roll; RULINGS.md, vcc-flank).
bool flanked(const Data& data, const Battle& battle, const Unit& unit);

MoraleTest moraleTest(const Data& data, const Battle& battle, const Unit& unit, bool hitByRockets);

/// The chance of passing and of missing by each margin (Effects of failing morale 1d6).
Odds moraleOdds(const MoraleTest& test, const std::string& title);

/// Notes that a unit owes a morale check at the end of the step, caused from `cause` (the
/// box of the firer), by a rocket or not (RULINGS.md, vcc-morale-owed).
void oweMorale(Step& step, const std::string& unitId, const Box& cause, bool rocket);
/// Takes every check owed, in the order owed, and clears the list.
void takeOwedChecks(Step& step);

/// Tests a unit's morale and, when it fails, applies the effect of the margin. Returns
/// whether it passed. A rally's failure has no effect unless option rally-failure says so.
bool testMorale(Step& step, const std::string& unitId, const Box& cause, bool rocket, bool rally);

/// Moves a unit `boxes` boxes straight away from `cause`, box by box; a unit that cannot
/// make the whole retreat is broken (RULINGS.md, vcc-retreat).
void retreat(Step& step, const std::string& unitId, int boxes, const Box& cause);

} // namespace sandtable::vcc
