#pragma once

#include "oibl_units.h"
#include "sandtable/event.h"
#include "sandtable/offer.h"

#include <string>
#include <vector>

namespace sandtable::oibl {

/// The unit's stands laid out in `formation` about its command stand, which stays where
/// it is (Formation Changes; RULINGS.md, oibl-formations), in the unit's element order,
/// each stand at the size it has now.
std::vector<event::Placement> formedUp(const Unit& unit, const std::string& formation, double facing);

/// Why the unit may not change to `formation` now (not one it may take, already in it,
/// moved, routing...); empty when it may. `advancing`: the close/open change made while
/// advancing at half speed rather than in place.
std::string whyNoFormation(const Data& data, const Unit& unit, const std::string& formation, bool advancing);

/// Step 4's changes of formation, limbering, dismounting and the French lights.
void offerFormations(const Data& data, const Battle& battle, const Unit& unit, std::vector<Offer>& offers);
void previewFormation(const Data& data, const Battle& battle, const Unit& unit, const Action& action, Preview& preview);
void resolveFormation(Step& step, const Action& action);

/// Whether a change to `formation` is free (into skirmish order) or costs the move.
bool formationChangeIsFree(const Unit& unit, const std::string& formation);

/// A rallied unit reformed in place in its type's normal formation (RULINGS.md,
/// oibl-reforming).
void reformInPlace(Step& step, const std::string& unitId);

/// Dismounting or mounting cavalry (RULINGS.md, oibl-dismount).
void resolveDismount(Step& step, const Action& action);
/// French light stands sent out as skirmishers, or recalled (RULINGS.md, oibl-french-lights).
void resolveLights(Step& step, const Action& action);

} // namespace sandtable::oibl
