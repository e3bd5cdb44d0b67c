#pragma once

#include "ein_units.h"

#include <string>
#include <vector>

namespace sandtable::ein {

/// One unit's fire at one target worked out without dice (MUSKETRY, ARTILLERY, SAVING
/// THROWS): what it throws, what it needs, and every modifier checked.
/// How roundshot at 50 per cent or lower is halved twice (RULINGS.md, ein-artillery-half):
/// the score quartered with one rounding, or halved and rounded, then halved and rounded again.
enum class Halving { Quarter, Twice };

struct FirePlan {
    std::string refusal;
    std::string kind; // "musketry", "canister", "roundshot"
    double range = 0; // cm
    int dice = 0;
    bool halveScore = false; // roundshot at 50 per cent or lower ("1d6, halved" in the chart)
    Halving halving = Halving::Quarter;
    int hitScore = 4; // per die (musketry) or per potential hit (artillery)
    std::string hitScoreLabel;
    std::vector<ModifierCheck> modifiers;
    int modifier = 0;           // on each musketry die, or on the artillery throw
    bool returnFire = false;    // moved, so may fire only back at a unit firing at it
    bool britishChance = false; // the 50:50 chance is thrown for each volley
    int britishBonus = 1;       // what it adds when it comes up (the data's british-musketry)
    int saveScore = 0;          // 0: no saving throw
    std::string saveLabel;
};

/// `firers`: who is firing at whom this phase, to know whether return fire is allowed;
/// empty when the question is only whether the order may be given.
FirePlan planFire(const Data& data, const RulesetOptions& options, const Battle& battle, const Unit& firer, const Unit& target);

/// The chance of each number of hits after saves, for the preview.
Distribution hitsDistribution(const FirePlan& plan);

/// Records a fire order (no dice until both sides have ordered: all fire is simultaneous).
void orderFire(Step& step, const std::string& unitId, const std::string& targetId);

/// Throws every fire order together from the state before any of it, applies all hits,
/// then takes the morale tests they cause together (TURN SEQUENCE 2).
void resolveAllFire(Step& step);

/// The unit a unit has been ordered to fire at this turn, or empty.
std::string firingAt(const Battle& battle, const std::string& unitId);
/// Why a unit may give no fire order now: it has given its one this turn (TURN SEQUENCE:
/// each unit fires once); empty when it may. Offers, status, preview and resolution ask it.
std::string whyNoFireOrder(const Battle& battle, const Unit& unit);
/// Whether whyNoFireOrder has nothing to say, without the words (the status asks every unit).
bool mayOrderFire(const Battle& battle, const Unit& unit);

/// The enemy units the firer may fire at now.
std::vector<std::string> fireableTargets(const Data& data, const RulesetOptions& options, const Battle& battle, const Unit& firer);

/// The fire's kind, range, dice, saving throw and the chance of each number of hits; for
/// a verdict, whether it may be given.
void previewFire(const Data& data, const RulesetOptions& options, const Battle& battle, const Unit& firer, const Unit* target,
                 PreviewFor reader, Preview& preview);

/// How far off the unit would stand to fight, in table units: guns and foot with firearms
/// at their longest range, horse (carbines or not) close to charge (0).
double standOffDistance(const Data& data, const Battle& battle, const Unit& unit);

} // namespace sandtable::ein
