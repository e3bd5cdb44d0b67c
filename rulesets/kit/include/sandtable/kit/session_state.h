#pragma once

#include "sandtable/kit/resolution_step.h"

#include <string>
#include <vector>

namespace sandtable::kit {

// A ruleset's running state of play, kept in the battle's session keys and each unit's
// counters and markers, read from a battle and changed through a resolution's events.

/// The entries listed under a session key as they are kept, not copied (an empty list when
/// it is missing or not a list): for lists of pairs or orders that a status reads for
/// every unit after every action.
const nlohmann::json& sessionEntries(const Battle& battle, const char* key);
/// The ids listed under a session key (none when it is missing or not a list).
std::vector<std::string> sessionList(const Battle& battle, const char* key);
bool listed(const Battle& battle, const char* key, const std::string& id);
void addToList(ResolutionStep& step, const char* key, const std::string& id);
void removeFromList(ResolutionStep& step, const char* key, const std::string& id);

/// A unit counter, 0 when not set.
double counter(const Unit& unit, const char* name);
void setCounter(ResolutionStep& step, const std::string& unit, const char* name, double value);
/// Erases a counter the unit has (no event when it has none).
void clearCounter(ResolutionStep& step, const Unit& unit, const char* name);
/// Sets or clears a unit marker (no event when it is already so).
void setMarker(ResolutionStep& step, const Unit& unit, const char* marker, bool present);

} // namespace sandtable::kit
