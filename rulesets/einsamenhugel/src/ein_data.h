#pragma once

#include "sandtable/battle.h"
#include "sandtable/diagnostics.h"
#include "sandtable/kit/ruleset_data.h"
#include "sandtable/ruleset.h"
#include "sandtable/table_set.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace sandtable::ein {

/// Whom a preview is for: a player, who reads its facts, modifiers, odds and rulings, or
/// the verdict alone (Ruleset::verdict: whether the action may be taken, the movement
/// allowance and the path's cost), which the computer asks of many moves and targets a
/// decision; the text a player reads was a fifth of a verdict's time.
enum class PreviewFor { Player, Verdict };

using kit::RulingText;

/// A kind of troops as the rules tell them apart (ORGANISATION, MOVEMENT, MUSKETRY,
/// MELEES): what it moves in each formation, whether and how it fires, and its row and
/// column of the melee chart.
struct TroopClass {
    std::string id;
    std::string name;
    Arm arm = Arm::Foot;
    std::vector<std::string> formations;       // the first is the one it forms by default
    std::map<std::string, double> movement;    // formation -> cm
    std::string firearm;                       // "musket", "carbine", or empty
    std::map<std::string, int> hitScoreColumn; // formation -> column of "musketry-scores"
    int meleeRow = 0;                          // 0: inflicts no casualties in melee
    std::map<std::string, int> meleeColumn;    // formation -> column of "melee-dice"
    bool closeOrder = false;
    bool light = false;
    bool gun = false;
};

/// Everything ruleset.json holds, checked and typed.
struct Data : kit::RulesetData {
    std::vector<TroopClass> classes;

    const TroopClass* troopClass(const std::string& id) const;
};

/// A cell of the artillery-dice chart (ARTILLERY): "2d6", "1d6", or "1d6, halved".
struct ArtilleryDice {
    int dice = 1;
    bool halved = false;
};
/// The cell read; empty when it is not of that form.
std::optional<ArtilleryDice> artilleryDice(const std::string& cell);

/// A cell of the Variation chart as the factor on the distance covered: "+25%" 1.25,
/// "-25%" 0.75, "no change" 1; empty when it is none of these.
std::optional<double> variationFactor(const std::string& cell);

LoadResult<Data> parseData(std::string_view text, const std::string& fileName);

/// The data compiled into the program from rulesets/einsamenhugel/ruleset.json.
const Data& builtInData();

} // namespace sandtable::ein
