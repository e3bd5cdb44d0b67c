#pragma once

#include "ozz_step.h"
#include "sandtable/ruleset.h"

#include <string>
#include <vector>

namespace sandtable::ozz {

/// Why a unit may not charge a target now; empty when it may.
std::string whyNoCharge(const Data& data, const Battle& battle, const Unit& charger, const Unit& target);

/// An ordered charge, or one a Test of Resolve called for ("Charge toward nearest enemy"):
/// a reaction's charge is not the unit's activation, and no charge ahead follows its melee
/// (RULINGS.md, ozz-reactions-end).
enum class ChargeKind { Ordered, Reaction };

/// A charge from the roll of its move to the melee (RULINGS.md, ozz-charge-sequence).
/// It stops at a prompt where the card gives a player the choice.
void resolveCharge(Step& step, const std::string& charger, const std::string& target, ChargeKind kind = ChargeKind::Ordered);

/// Goes on with a charge from a prompt's answer.
void answerCharge(Step& step, const Prompt& prompt, const std::string& choice);

void previewCharge(const Data& data, const Battle& battle, const Unit& charger, const Unit* target, Preview& preview);

/// The enemy units the charger may charge now.
std::vector<std::string> chargeableTargets(const Data& data, const Battle& battle, const Unit& charger);

} // namespace sandtable::ozz
