#pragma once

#include "lshm_figures.h"
#include "sandtable/ruleset.h"

namespace sandtable::lshm {

/// The morale phase (4. MORAL PHASE): major morale for a side whose Commander-in-Chief is
/// lost, critical morale (shaken figures hit, or below half strength), shaken units
/// rallying and pinned morale, each on the MORAL CHART (2d6, a total less than the number
/// passes).
void moralePhase(Step& step);

/// The unit's number on the Critical and Pinned columns, with or without leader, and why.
int criticalNumber(const Data& data, const Battle& battle, const Unit& unit, std::string* why);
/// Whether the unit has fewer fit figures than half those it began with.
bool belowHalf(const Unit& unit);

/// Routed units move 4d6" toward the nearest table edge, and leave the game when they reach it.
void moveRouters(Step& step);

void previewMorale(const Data& data, const Battle& battle, const Unit& unit, Preview& preview);

} // namespace sandtable::lshm
