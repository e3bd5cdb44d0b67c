#pragma once

#include "vcc_units.h"

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace sandtable::vcc {

// Melee between units in contact in boxes next to each other (Melee; Melee modifiers:;
// RULINGS.md, vcc-melee-contact, vcc-support).

/// The pairs of units in contact, in the order they met.
std::vector<std::pair<std::string, std::string>> contacts(const Battle& battle);
/// The enemy units a unit is in contact with.
std::vector<std::string> contactsOf(const Battle& battle, const std::string& unitId);
bool inContact(const Battle& battle, const std::string& unitId);
/// Contacts not yet fought in this turn's melee step.
std::vector<std::pair<std::string, std::string>> meleesToFight(const Battle& battle);

void makeContact(Step& step, const std::string& a, const std::string& b);
/// "Break contact": every contact of the unit ends.
void breakContacts(Step& step, const std::string& unitId);
/// Ends the contacts of units destroyed or no longer next to each other.
void dropLostContacts(Step& step);

/// The enemy units `unit` may charge now: in a box next to one it can reach in its move.
std::vector<std::string> chargeTargets(const Data& data, const RulesetOptions& options, const Battle& battle, const Unit& unit);
/// Why the unit may not charge at all now, or empty.
std::string whyNoCharge(const Data& data, const Battle& battle, const Unit& unit);
/// The box a charge at `target` ends in: on its flank or rear where the charger can reach
/// one, else in front; the nearest to where it started (RULINGS.md, vcc-melee-contact).
std::optional<Box> chargeBox(const Data& data, const RulesetOptions& options, const Battle& battle, const Unit& unit, const Unit& target);

void previewCharge(const Data& data, const RulesetOptions& options, const Battle& battle, const Unit& unit, const Unit* target,
                   Preview& preview);
void resolveCharge(Step& step, const Action& action);

/// What one melee would roll on each side, previewed.
void previewMelee(const Data& data, const RulesetOptions& options, const Battle& battle, const Unit& unit, const Unit* target,
                  Preview& preview);
/// Fights the melee between two units in contact: both sides roll at once, supporters
/// adding their dice; the hits, the leader checks, and the morale checks owed in step 8.
void fightMelee(Step& step, const std::string& unitId, const std::string& enemyId);

} // namespace sandtable::vcc
