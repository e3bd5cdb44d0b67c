#pragma once

#include "ein_data.h"
#include "sandtable/battle.h"

#include <string>

namespace sandtable::ein {

/// The rules' account of a unit for the Unit dock: its effectiveness and hits, class and
/// formation, move, its general, whether it has moved, whom it is in melee with. A
/// general: the unit he is with.
std::string unitStateText(const Data& data, const Battle& battle, const std::string& unitId);

} // namespace sandtable::ein
