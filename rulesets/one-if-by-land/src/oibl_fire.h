#pragma once

#include "oibl_units.h"
#include "sandtable/offer.h"

#include <map>
#include <string>
#include <vector>

namespace sandtable::oibl {

/// When fire is not a step-5 order of the unit's own: a charged defender's, at 2"
/// (RULINGS.md, oibl-defender-fire), and what its test left it to fire with.
struct FireCircumstances {
    bool defensive = false;
    bool halfRoundedDown = false; // failed its charge test by 1
    bool halfRoundedUp = false;   // skirmishers firing as they evade
};

/// Whether a unit (or the given stands of it) may hit a target, and from how far
/// (FIRE COMBAT; RULINGS.md, oibl-stand-edge, oibl-sight).
struct TargetView {
    bool inRange = false;
    bool inArc = false;
    bool inSight = false;
    double range = 0; // inches, from the nearest firing stand
    std::string reason;
    bool eligible() const { return reason.empty(); }
};
TargetView viewOf(const Data& data, const RulesetOptions& options, const Battle& battle, const Unit& firer,
                  const std::vector<const Element*>& stands, const Unit& target);

/// One roll of fire worked out without the die: who fires, how many figures, every
/// modifier (FIRING MODIFIERS TO DIE ROLL), and the figures' notes.
struct ShotPlan {
    std::string refusal;
    std::vector<std::string> firers;
    std::vector<std::string> stands; // a skirmishing unit's stands that fire; empty: as its formation fires
    std::string target;
    bool cannon = false;
    double range = 0;
    std::string band;
    int figures = 0;
    std::vector<std::string> figureNotes;
    std::vector<ModifierCheck> checks;
    std::map<std::string, int> times;
    int modifier = 0;
    std::vector<std::string> rulings;
};
ShotPlan planShot(const Data& data, const RulesetOptions& options, const Battle& battle, const std::vector<std::string>& firers,
                  const std::vector<std::string>& stands, const std::string& target, const FireCircumstances& circumstances = {});

/// The exact chance of each number of casualties (COMBAT TABLE, the excess over 30 rolled
/// again: RULINGS.md, oibl-excess-figures).
Distribution casualtiesOf(const Data& data, const RulesetOptions& options, const ShotPlan& plan);

/// Rolls the combat table for `figures` at `modifier`, fire or melee alike (FIRE AND MELEE
/// COMBAT): 30 figures a roll, the excess over 30 rolled again (RULINGS.md,
/// oibl-excess-figures: a second d10, or the same roll under option excess-roll), one
/// figure as oibl-single-figure reads it. Each roll traced as `purpose`; returns the casualties.
int rollCombatTable(Step& step, int figures, int modifier, const std::string& purpose);

/// Rolls a shot, takes its casualties, and gives the target the Panic Markers they call
/// for (unless `triggers` is false: the charge sequence gives its own). Returns the casualties.
int resolveShot(Step& step, const ShotPlan& plan, bool triggers = true);

/// The enemy units a unit (or some of its stands) could fire at now.
std::vector<std::string> fireTargets(const Data& data, const RulesetOptions& options, const Battle& battle, const Unit& firer);

/// Why a unit may not fire at step 5 now (routing, limbered, fired, moved...), or empty.
std::string whyNoFire(const Data& data, const RulesetOptions& options, const Unit& unit);

void offerFire(const Data& data, const RulesetOptions& options, const Battle& battle, const Unit& unit, std::vector<Offer>& offers);
/// Whether offerFire offers the unit fire: it may fire and fireTargets has a target,
/// enemies tried up to the first (the status asks it of every acting unit after every
/// action; listing the brigade's combined fire for it cost each unit every other's targets).
bool mayFire(const Data& data, const RulesetOptions& options, const Battle& battle, const Unit& unit);
void previewFire(const Data& data, const RulesetOptions& options, const Battle& battle, const Unit& unit, const Action& action,
                 Preview& preview);
void resolveFire(Step& step, const Action& action);

} // namespace sandtable::oibl
