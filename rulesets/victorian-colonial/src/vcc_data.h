#pragma once

#include "sandtable/battle.h"
#include "sandtable/diagnostics.h"
#include "sandtable/kit/ruleset_data.h"
#include "sandtable/ruleset.h"
#include "sandtable/table_set.h"

#include <string>
#include <vector>

namespace sandtable::vcc {

/// A troop type of the Movement chart, with what the rest of the sheet says of it: how it
/// counts (a die and a morale point per base, or per gunner figure), what it fires, and
/// whether it may pivot or fire after moving.
struct TroopType {
    std::string id;
    std::string name;
    Arm arm = Arm::Foot;
    int move = 0;                     // boxes
    bool countsGunners = false;       // "1 die per ... gunner figure"
    std::vector<std::string> weapons; // range-band ids; the first is its own unless the unit names one
    bool noFireAfterMove = false;     // "(no fire)"
    bool pivots = false;              // "* May pivot - counts as movement for shot."
    bool mounted = false;             // "Cav/cam"
    bool commander = false;           // the Army Commander (vcc-army-commander)
    int figuresPerBase = 1;           // vcc-hits, where the unit gives none
};

/// Everything ruleset.json holds, checked and typed.
struct Data : kit::RulesetData {
    std::vector<TroopType> types;
    Citation typesSource;

    const TroopType* type(const std::string& id) const;
};

LoadResult<Data> parseData(std::string_view text, const std::string& fileName);

/// The data compiled into the program from rulesets/victorian-colonial/ruleset.json.
const Data& builtInData();

} // namespace sandtable::vcc
