#pragma once

#include "sandtable/action.h"
#include "sandtable/ruleset.h"

#include <string>
#include <vector>

namespace sandtable {

/// The same order previewed on the table changed in one way a player could change it:
/// a marker or counter of the ruleset's unit settings set or cleared on the acting unit or
/// its target, the target turned to show its flank or rear, either unit in another of its
/// formations. What the rulings board shows as "what changes the odds".
struct WhatIf {
    std::string change; // "Quadling Rifles Disordered", "Quadling Rifles turned to show its flank"
    Preview preview;
    std::vector<std::string> ticked;   // modifiers that would apply and do not now
    std::vector<std::string> unticked; // modifiers that apply now and would not
    bool allowedChanged = false;       // the order allowed where it is not, or the reverse
};

/// Every such change that changes the order's preview (a modifier ticked or unticked, the
/// odds, whether it is allowed), in a fixed order: the acting unit's settings, the
/// target's, the target's facing, then formations. Rolls nothing.
std::vector<WhatIf> whatIfs(const Ruleset& ruleset, const Battle& battle, const Action& action);

} // namespace sandtable
