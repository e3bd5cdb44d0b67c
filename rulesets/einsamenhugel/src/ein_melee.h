#pragma once

#include "ein_units.h"
#include "sandtable/battle_geometry.h"

#include <optional>
#include <string>
#include <vector>

namespace sandtable::ein {

/// Why `charger` may not charge `target` now (MELEES: who may charge whom; MOVEMENT:
/// a charge's wheel and one unit per face), or empty.
std::string whyNoCharge(const Data& data, const RulesetOptions& options, const Battle& battle, const Unit& charger, const Unit& target);

/// Where a charge would bring the charger: into contact with the face of the target it
/// stands before, front to that face's middle (RULINGS.md, ein-charge-contact).
struct ChargePlan {
    std::string refusal;
    Face face = Face::Front;
    std::vector<event::Placement> contact;
    double facing = 0;
    double distance = 0; // cm of allowance, terrain included
    double allowance = 0;
    double wheel = 0;
};
ChargePlan planCharge(const Data& data, const RulesetOptions& options, const Battle& battle, const Unit& charger, const Unit& target);

void resolveCharge(Step& step, const Action& action);

/// The dice one side of a melee throws (MELEES): the chart's cell and the extra dice, per
/// 25 per cent of effectiveness remaining; a half die is a 50:50 chance of a whole one.
struct MeleeDice {
    std::string refusal;
    std::string rowLabel;
    std::string columnLabel;
    std::string cell;
    double perQuarter = 0;
    int quarters = 0;
    double dice = 0; // may end in a half
    std::vector<ModifierCheck> extras;
    int hitScore = 4;
    int saveScore = 0; // the enemy's saving throw against these hits; 0 none
    std::string saveLabel;
    bool inflictsNothing = false;
};
MeleeDice meleeDice(const Data& data, const RulesetOptions& options, const Battle& battle, const Unit& unit, const Unit& enemy,
                    bool charged);

/// The hits of one side in a round, after the enemy's saves, as exact odds.
Distribution meleeHits(const MeleeDice& dice);

/// The contacts waiting to be fought this melee phase, as [charger, charged] pairs.
std::vector<std::pair<std::string, std::string>> pendingMelees(const Battle& battle);

/// Fights one round between the two (MELEES): hits, saves, the loser's morale test and
/// retreat, or a tie that fights again next turn.
void fightMelee(Step& step, const std::string& charger, const std::string& charged);

/// The enemy units the charger may charge now.
std::vector<std::string> chargeableTargets(const Data& data, const RulesetOptions& options, const Battle& battle, const Unit& charger);

/// The melee to be fought between the two this turn, charger first; none when there is none.
std::optional<std::pair<std::string, std::string>> pendingMeleeBetween(const Battle& battle, const std::string& a, const std::string& b);

/// Where the charge would make contact, how far it is and the chance it reaches.
void previewCharge(const Data& data, const RulesetOptions& options, const Battle& battle, const Unit& charger, const Unit* target,
                   Preview& preview);

/// Both sides' dice in the melee between the two, and what each would inflict.
void previewMelee(const Data& data, const RulesetOptions& options, const Battle& battle, const Unit& unit, const Unit* target,
                  Preview& preview);

} // namespace sandtable::ein
