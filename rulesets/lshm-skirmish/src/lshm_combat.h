#pragma once

#include "lshm_figures.h"
#include "sandtable/ruleset.h"

namespace sandtable::lshm {

/// The close combat phase (3. CLOSE COMBAT): each charge of the movement phase completed
/// in the order declared (the close into combat and stand and fight rolls), then every
/// pair of figures fights, d10 against d10, round after round until one side has no one
/// left fighting.
void closeCombatPhase(Step& step);

/// The modifiers a figure fights with against one opponent (CLOSE COMBAT CHART), each
/// checked with its reason; `opponents` is its place among the figures it fights this round.
struct Fighter {
    const Unit* unit = nullptr;
    const Element* figure = nullptr;
    bool charging = false;
    bool defending = false;
    bool fromRear = false;
};
std::vector<ModifierCheck> fightModifiers(const Data& data, const RulesetOptions& options, const Battle& battle, const Fighter& fighter,
                                          const Element& opponent, int additionalOpponents);
int totalOf(const std::vector<ModifierCheck>& checks, const Data& data, const Unit& unit, const RulesetOptions& options);
/// The close combat chart's column a unit fights on (RULINGS.md, lshm-missing-columns).
std::string combatColumn(const Data& data, const RulesetOptions& options, const Unit& unit);

/// The chance the charger closes in and the charged unit stands (CLOSE INTO CLOSE COMBAT
/// CHART), for a preview.
void previewCloseIn(const Data& data, const Battle& battle, const Unit& charger, const Unit& target, Preview& preview);

} // namespace sandtable::lshm
