#pragma once

#include "sandtable/dice_expression.h"
#include "sandtable/modifier_list.h"
#include "vcc_units.h"

#include <string>

namespace sandtable::vcc {

/// A number of dice after the modifiers: whole d6s (at least one: "Never less than 1 die")
/// and perhaps a half die, rolled as a d3 (RULINGS.md, vcc-half-dice).
struct DicePool {
    int whole = 1;
    bool half = false;

    std::string expression() const; // "3d6+1d3"
    std::string words() const;      // "3½ dice"
    /// The pips' exact distribution: the hits it scores.
    Distribution hits() const;
    /// The chance that a roll shows at least one 6 (or a 3 on its d3): a leader-hit check.
    Probability anyTrigger() const;
};

/// The modified number of dice rounded as the options say: up to a half die, or up to
/// whole dice; never less than 1 die (the list's floor).
DicePool poolOf(const ModifierApplication& applied, const RulesetOptions& options);

/// How many leader-hit checks a roll calls for: one when any die shows a 6 (a 3 on a d3),
/// or one per such die (option leader-checks = per-six).
int leaderChecksCalled(const RollResult& roll, const RulesetOptions& options);

/// The row of the leader-hit chart for a range band: 1 long, 2 medium, 3 close or melee.
int leaderRow(const std::string& band);

/// The chance a pool's roll hits the target's leader at least once at `row`.
Probability leaderHitChance(const Data& data, const RulesetOptions& options, const DicePool& pool, int row);

/// Rolls the leader-hit checks a roll calls for on `unitId`'s leader, and their effects
/// (Leader Hits; Effect of leader hits: 2d6): a cheer, wounds, or the leader toasted and
/// his base taken off (RULINGS.md, vcc-leader-hits).
void leaderHitChecks(Step& step, const std::string& unitId, int checks, int row);

/// Takes `hits` hits on a unit: figures off its bases, a base taken off when its figures
/// are gone, the rearmost first and the leader base last; gunners first from a gun's crew,
/// each as a base; a gun with no gunners abandoned (RULINGS.md, vcc-hits, vcc-abandoned).
void takeHits(Step& step, const std::string& unitId, int hits);

/// The hits a unit's next base takes to come off: its figures, or four (option hits).
int hitsPerBase(const Data& data, const RulesetOptions& options, const Unit& unit);

} // namespace sandtable::vcc
