#pragma once

#include "ozz_step.h"
#include "sandtable/modifier_list.h"
#include "sandtable/range_bands.h"
#include "sandtable/ruleset.h"

#include <map>
#include <string>
#include <vector>

namespace sandtable::ozz {

/// Fire that is part of a reaction rather than an action of its own.
struct FireCircumstances {
    bool reaction = false;       // no Test of Resolve follows (RULINGS.md, ozz-reactions-end)
    bool turnToFace = false;     // "Turn to face enemy, fire": the arc does not limit it
    bool forceLongRange = false; // "Fire at long range"
    bool minusOne = false;       // "Fire (-1)"
    /// Reaction fire that still calls for its target's Test of Resolve, one step deep
    /// (RULINGS.md, ozz-reactions-end, option reaction-tests "one-step").
    bool testsTarget = false;
};

/// Everything about one unit firing at another, worked out before any die.
struct FirePlan {
    std::string refusal;
    const Weapon* weapon = nullptr;
    const RangeBands* ranges = nullptr;
    const RangeBand* band = nullptr;
    double distance = 0; // inches
    std::map<std::string, int> times;
    std::vector<ModifierCheck> checks;
    ModifierApplication applied;
    int number = 0; // the Marksmanship number after modifiers and halving
    int bases = 0;
    DiceExpression hits; // a d10 per base, a hit at or under the number
};

FirePlan planFire(const Data& data, const Battle& battle, const Unit& firer, const Unit& target, const FireCircumstances& circumstances);

/// Every enemy unit, with its distance, band and arc, and whether it may be fired at.
std::vector<TargetCheck> fireTargets(const Data& data, const Battle& battle, const Unit& firer);

/// Fires and removes bases; an action's fire is followed by the target's Test of Resolve.
/// Returns the bases the target lost.
int resolveFire(Step& step, const std::string& firer, const std::string& target, const FireCircumstances& circumstances);

/// Takes hits off a unit: a base per hit, or per two hits with the odd one carried
/// (RULINGS.md, ozz-base-loss). Returns the bases removed.
int takeHits(Step& step, const std::string& unit, int hits);

/// How many bases `hits` would remove from this unit now.
int basesForHits(const RulesetOptions& options, const Unit& unit, int hits);

void previewFire(const Data& data, const RulesetOptions& options, const Battle& battle, const Unit& firer, const Unit* target,
                 Preview& preview);

/// The enemy units the firer may fire at now.
std::vector<std::string> fireableTargets(const Data& data, const Battle& battle, const Unit& firer);

} // namespace sandtable::ozz
