#pragma once

#include "vcc_units.h"

#include <string>
#include <vector>

namespace sandtable::vcc {

// Fire, steps 1-2 (artillery, machine guns) and 5-6 (small arms): Firing Procedure:,
// Firing Ranges (boxes):, Firing modifiers: (round up); RULINGS.md, vcc-sight.

/// Whether the unit's weapon fires in heavy-weapon steps (artillery, machine guns,
/// rockets) rather than small-arms steps.
bool heavyWeapon(const Data& data, const Unit& unit);
/// Why a unit may not fire at all now (broken, in contact, fired, moved with a
/// "(no fire)" weapon...), or empty.
std::string whyNoFire(const Data& data, const Battle& battle, const Unit& unit);

/// Every enemy unit checked as a target: range band in boxes, arc, sight, eligibility.
std::vector<TargetCheck> fireTargets(const Data& data, const RulesetOptions& options, const Battle& battle, const Unit& unit);
std::vector<std::string> eligibleTargets(const Data& data, const RulesetOptions& options, const Battle& battle, const Unit& unit);
/// Whether eligibleTargets has any: checked enemy by enemy up to the first eligible (the
/// status asks it of every unit after every action).
bool anyEligibleTarget(const Data& data, const RulesetOptions& options, const Battle& battle, const Unit& unit);

void previewFire(const Data& data, const RulesetOptions& options, const Battle& battle, const Unit& unit, const Unit* target,
                 Preview& preview);
void resolveFire(Step& step, const Action& action);

} // namespace sandtable::vcc
