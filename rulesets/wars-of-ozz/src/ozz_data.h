#pragma once

#include "sandtable/battle.h"
#include "sandtable/diagnostics.h"
#include "sandtable/dice_expression.h"
#include "sandtable/kit/ruleset_data.h"
#include "sandtable/ruleset.h"
#include "sandtable/table_set.h"

#include <map>
#include <string>
#include <vector>

namespace sandtable::ozz {

/// A row of "Base Movement (best of 2d10 plus...)".
struct MovementRow {
    std::string id;
    std::string name;
    DiceExpression roll;
    int add = 0;
    bool half = false;     // "Unlimbered artillery moves ½ the highest d10"
    std::string modifiers; // the column of "Move Modifiers" it pays
    std::string note;
};

struct Weapon {
    std::string id;
    std::string name;
    std::string ranges; // a range-bands table
};

struct UnitType {
    std::string id;
    std::string name;
    Arm arm = Arm::Foot;
    std::string movement;
    std::string weapon; // empty: no firearms
    int points = 0;
};

using kit::RulingText;

/// Everything ruleset.json holds, checked and typed.
struct Data : kit::RulesetData {
    std::vector<MovementRow> movement;
    Citation movementSource;
    std::vector<Weapon> weapons;
    std::vector<UnitType> unitTypes;
    /// chart id -> row -> column -> the procedure that carries the result out
    std::map<std::string, std::vector<std::vector<std::string>>> reactions;

    const UnitType* unitType(const std::string& id) const;
    const Weapon* weapon(const std::string& id) const;
    const MovementRow* movementRow(const std::string& id) const;
};

LoadResult<Data> parseData(std::string_view text, const std::string& fileName);

/// The data compiled into the program from rulesets/wars-of-ozz/ruleset.json.
const Data& builtInData();

} // namespace sandtable::ozz
