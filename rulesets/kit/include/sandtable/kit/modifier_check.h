#pragma once

#include "sandtable/modifier_list.h"
#include "sandtable/ruleset.h"

#include <string>

namespace sandtable::kit {

/// One line of a preview's or a trace's modifier list: modifier `id` of `list`, applying
/// `times` times (0: listed, not applied), why, and the rule it comes from (its own
/// citation, else the list's). A modifier the list lacks is named by its id with no
/// effect: the data check (requireModifiers) refuses such data before play.
ModifierCheck modifierCheck(const ModifierList& list, const std::string& id, int times, std::string reason);

/// Puts a checked modifier in a trace as "name (reason)", applied or not, with its citation.
void traceCheck(Trace& trace, const ModifierCheck& check);

} // namespace sandtable::kit
