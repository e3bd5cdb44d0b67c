#pragma once

// The orders that move or re-form a unit without fighting ("Movement" and "Formation
// Changes"): roll the movement, move along a path, change formation or facing, re-form.
// Each order's offer, preview, refusal and resolution live here together.

#include "ozz_data.h"
#include "ozz_step.h"
#include "sandtable/battle.h"
#include "sandtable/offer.h"
#include "sandtable/ruleset.h"

#include <string>
#include <vector>

namespace sandtable::ozz {

/// Whether `type` is one of this file's orders.
bool isManoeuvre(const std::string& type);

/// Why a unit may not move now (it charged, is locked in melee, has no allowance...),
/// or empty when it may.
std::string whyNoMove(const Data& data, const Battle& battle, const Unit& unit);

/// The offers to roll the movement and to move, when the unit may move.
void offerMoves(const Data& data, const Battle& battle, const Unit& unit, std::vector<Offer>& offers);

/// The offers to change formation and facing, and to re-form a Disordered unit.
void offerChanges(const Unit& unit, std::vector<Offer>& offers);

void previewManoeuvre(const Data& data, const Battle& battle, const Unit& unit, const Action& action, Preview& preview);

/// Why the order may not be carried out, checked before any die; empty when it may.
/// (A move's path is checked as it is priced, in resolveManoeuvre.)
std::string manoeuvreRefusal(const Data& data, const Battle& battle, const Unit& unit, const Action& action);

void resolveManoeuvre(Step& step, const Action& action);

} // namespace sandtable::ozz
