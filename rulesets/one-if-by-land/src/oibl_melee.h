#pragma once

#include "oibl_units.h"

#include <map>
#include <string>
#include <vector>

namespace sandtable::oibl {

/// One side's roll in a round of melee worked out without the die (MELEE COMBAT, MELEE
/// MODIFIERS TO DIE ROLL): whose figures, how many, against whom, every modifier.
struct MeleeRoll {
    std::vector<std::string> units;
    std::string opponent; // the enemy unit the roll's casualties fall on
    int figures = 0;
    std::vector<std::string> figureNotes;
    std::vector<ModifierCheck> checks;
    std::map<std::string, int> times;
    int modifier = 0;
};

/// The rolls of one side in round 1 or 2 against the other: its units of one quality
/// combined, each other quality on its own (RULINGS.md, oibl-melee).
std::vector<MeleeRoll> meleeRolls(const Data& data, const Battle& battle, const std::vector<std::string>& side,
                                  const std::vector<std::string>& enemies, bool attacking, int round);

/// Whether the melee is cavalry against infantry, fought for one round only.
bool cavalryAgainstInfantry(const Battle& battle, const std::vector<std::string>& attackers, const std::vector<std::string>& defenders);

/// Fights a melee to its end: two rounds (one of cavalry against infantry), the casualties,
/// the winner, the routs, tests and the attacker's retreat (DETERMINATION OF WINNER OF MELEE).
void fightMelee(Step& step, std::vector<std::string> attackers, std::vector<std::string> defenders);

/// Step 6: every melee the brigade's charges brought on, in order.
void fightPendingMelees(Step& step);

/// What a melee between the two would be: each side's round-1 roll and the odds of its
/// casualties, for the ruling board and the preview of the step that fights it.
void previewMelee(const Data& data, const RulesetOptions& options, const Battle& battle, const Unit& attacker, const Unit* defender,
                  Preview& preview);

} // namespace sandtable::oibl
