#pragma once

#include "vcc_units.h"

#include <string>
#include <vector>

namespace sandtable::vcc {

// Rally and movement, steps 3 and 4 (Movement; RULINGS.md, vcc-turning, vcc-square,
// vcc-rally, vcc-terrain, vcc-army-commander).

/// Why a unit may not move (nor charge, nor pivot) in its movement step now, or empty.
std::string whyNoMove(const Battle& battle, const Unit& unit);
/// The boxes a unit may move to: within its move in boxes, stepping only through boxes no
/// enemy holds and no water fills, nearest first; its own box not among them.
std::vector<Box> reach(const Data& data, const RulesetOptions& options, const Battle& battle, const Unit& unit);

/// The movement step's orders of one unit: rally, move, charge, pivot, form or leave square.
void offerMovement(const Data& data, const RulesetOptions& options, const Battle& battle, const Unit& unit, std::vector<Offer>& offers);
/// Whether offerMovement offers the unit anything: the cheap orders asked first, the
/// boxes it reaches and its charges last (the status asks it of every unit).
bool anyMovement(const Data& data, const RulesetOptions& options, const Battle& battle, const Unit& unit);

void previewMove(const Data& data, const RulesetOptions& options, const Battle& battle, const Unit& unit, const Action& action,
                 Preview& preview);
void previewPivot(const Data& data, const RulesetOptions& options, const Battle& battle, const Unit& unit, const Action& action,
                  Preview& preview);
void previewFormation(const Data& data, const Battle& battle, const Unit& unit, const Action& action, Preview& preview);
void previewRally(const Data& data, const Battle& battle, const Unit& unit, Preview& preview);

void resolveMove(Step& step, const Action& action);
void resolvePivot(Step& step, const Action& action);
void resolveFormation(Step& step, const Action& action);
void resolveRally(Step& step, const Action& action);

} // namespace sandtable::vcc
