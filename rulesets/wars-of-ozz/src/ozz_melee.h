#pragma once

#include "ozz_step.h"
#include "sandtable/modifier_list.h"
#include "sandtable/ruleset.h"

#include <map>
#include <string>
#include <vector>

namespace sandtable::ozz {

/// How a melee begins: the charger's impetus and the reaction results' modifiers
/// (melee list ids such as "reaction-plus-one" -> times) for each side.
struct MeleeStart {
    bool impetus = false;
    std::map<std::string, int> attacker;
    std::map<std::string, int> defender;
    bool followUps = true; // false inside a reaction (RULINGS.md, ozz-reactions-end)
};

/// One side's Melee number against the other, before any die.
struct MeleePlan {
    std::map<std::string, int> times;
    std::vector<ModifierCheck> checks;
    ModifierApplication applied;
    int number = 0;
    bool doubles = false; // "cavalry with impetus inflicts double casualties on inf and arty"
    DiceExpression hits;
};

MeleePlan planMelee(const Data& data, const Battle& battle, const Unit& unit, const Unit& enemy, bool attacking, bool impetus,
                    const std::map<std::string, int>& extras);

/// Fights rounds until the melee is decided or three rounds are fought (RULINGS.md,
/// ozz-melee-rounds), carrying out both sides' Tests of Elan.
void fightMelee(Step& step, const std::string& attacker, const std::string& defender, const MeleeStart& start);

/// The enemies a unit is locked in melee with.
std::vector<std::string> meleeOpponents(const Battle& battle, const std::string& unit);
void removeFromMelee(Step& step, const std::string& unit);

/// Why the unit may not fight on against `target` (it is not locked in melee with it).
std::string whyNoMelee(const Battle& battle, const Unit& unit, const Unit* target);

/// Both sides' Melee numbers and the chance of each number of hits.
void previewMelee(const Data& data, const Battle& battle, const Unit& unit, const Unit* target, Preview& preview);

} // namespace sandtable::ozz
