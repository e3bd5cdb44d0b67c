#pragma once

#include "sandtable/battle.h"
#include "sandtable/diagnostics.h"
#include "sandtable/kit/ruleset_data.h"
#include "sandtable/ruleset.h"
#include "sandtable/table_set.h"

#include <optional>
#include <string>
#include <vector>

namespace sandtable::oibl {

/// A kind of stand of the mounting conventions, with what the nationality notes say it
/// carries: its figures and size, the formations it may take and the one it takes
/// normally, its weapon and whether it has bayonets (MOUNTING CONVENTIONS).
struct TroopType {
    std::string id;
    std::string name;
    Arm arm = Arm::Foot;
    int figuresPerStand = 1;
    double width = 1; // inches
    double depth = 1;
    std::string normalFormation;
    std::vector<std::string> formations;
    std::string weapon; // a range-bands table's id; empty: does not fire
    bool bayonets = false;
};

/// Which figures of a unit in a formation fire (FIRE COMBAT).
enum class Firing { TwoRanks, OneRank, FrontRank, EachStand, Guns, None };

struct Formation {
    std::string id;
    std::string name;
    std::string movement; // a movement rate's id
    Firing fires = Firing::None;
    Citation source;
};

/// A troop quality and its Morale Number (TROOP QUALITY), best first.
struct Quality {
    std::string id;
    std::string name;
    int moraleNumber = 7;
};

/// A row of the movement chart: the rolled rate, the optional fixed rate, or a bonus
/// added to either (road, charge).
struct MovementRate {
    std::string id;
    std::string name;
    std::string roll;               // "1d6+2"; empty where the rate is a length or "n/a"
    std::optional<double> constant; // a rate that is not rolled (prolong, 1.5")
    double fixed = 0;
    bool bonus = false;
};

/// A cannon's size and the figures it fires as (ARTILLERY FIREPOWER).
struct Gun {
    std::string id;
    std::string name;
    int figures = 10;
};

/// A row of the interpenetration chart: a kind of moving unit and the kinds it passes
/// without penalty ("any", "skirmish-infantry", "skirmish-cavalry").
struct Interpenetration {
    std::string mover;
    std::string name;
    std::vector<std::string> passesFreely;
};

/// One of the events that give a unit a Panic Marker (MORALE AND MORALE TESTS).
struct PanicTrigger {
    std::string id;
    std::string name;
};

/// Everything ruleset.json holds, checked and typed.
struct Data : kit::RulesetData {
    std::vector<TroopType> types;
    Citation typesSource;
    std::vector<Formation> formations;
    Citation formationsSource;
    std::vector<Quality> qualities;
    Citation qualitiesSource;
    std::vector<MovementRate> rates;
    Citation ratesSource;
    std::vector<Gun> guns;
    Citation gunsSource;
    std::vector<Interpenetration> interpenetration;
    Citation interpenetrationSource;
    std::vector<PanicTrigger> panicTriggers;
    Citation panicTriggersSource;

    const TroopType* type(const std::string& id) const;
    const Formation* formation(const std::string& id) const;
    const Quality* quality(const std::string& id) const;
    /// 0 for the best quality (Elite), rising as it worsens; -1 for none known.
    int qualityRank(const std::string& id) const;
    const MovementRate& rate(const std::string& id) const; // a miss is a bug: the loader checked them
    const Gun* gun(const std::string& id) const;
    const PanicTrigger& trigger(const std::string& id) const;
};

LoadResult<Data> parseData(std::string_view text, const std::string& fileName);

/// The data compiled into the program from rulesets/one-if-by-land/ruleset.json.
const Data& builtInData();

} // namespace sandtable::oibl
