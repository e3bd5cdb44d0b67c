#pragma once

#include "sandtable/battle.h"
#include "sandtable/diagnostics.h"
#include "sandtable/kit/ruleset_data.h"

#include <optional>
#include <string>
#include <vector>

namespace sandtable::lshm {

/// A troop type (the rows of the charts) and where each chart reads it: the movement
/// chart's row, the close into combat and morale charts' rows, the close combat chart's
/// column and the breaching chart's row (RULINGS.md, lshm-missing-columns).
struct TroopType {
    std::string id;
    std::string name;
    Arm arm = Arm::Foot;
    std::string movementRow;
    std::string closeInRow;
    std::string combatColumn;
    std::string moraleRow;
    std::string breachRow; // empty: does not breach
    bool bayonets = true;
    std::vector<std::string> formations;
    std::string normalFormation;
};

/// A formation (Unit Formations): which movement row it moves on and whether it is close
/// order (Class I, "defending in close order").
struct Formation {
    std::string id;
    std::string name;
    std::string movementAs;
    bool closeOrder = true;
    Citation source;
};

/// A line of the MOVEMENT CHART: dice of d6 in each column, none where it prints "-".
struct MovementRow {
    std::string type;
    std::string printed;
    std::string formation;
    std::optional<int> crossCountry;
    std::optional<int> road;
    std::optional<int> charge;
    std::optional<int> roadCharge;
};

/// A line of the CLOSE INTO CLOSE COMBAT CHART: the highest d10 that succeeds (1-N).
struct CloseInRow {
    std::string type;
    std::string printed;
    int closeInWithLeader = 0;
    int closeInWithoutLeader = 0;
    int standWithLeader = 0;
    int standWithoutLeader = 0;
};

/// A line of the MORAL CHART: 2d6 less than the number passes.
struct MoraleRow {
    std::string type;
    std::string printed;
    int major = 0;
    int withLeader = 0;
    int withoutLeader = 0;
};

/// A weapon of the FIRING CHART: its maximum range, its fraction chart, its cone.
struct Weapon {
    std::string id;
    std::string name;
    double maxRange = 0; // inches
    std::string chart;
    double cone = 30;           // degrees, the whole cone
    bool halfRangeBonus = true; // special rule 9
    int hitsMultiplier = 1;     // grapeshot: "Double the normal number of hits"
    Citation source;
};

/// What a volley's card of each suit does to a target of one class (special rule 1).
struct VolleyLine {
    int targetClass = 1;
    std::string hearts, diamonds, clubs, spades; // "killed", "wounded", "hit" or "none"
};

/// A crew's worth in figures firing (special rule 3).
struct GunCrew {
    int crew = 0;
    int figures = 0;
};

/// A row of the breaching charts: shots or uninterrupted turns for each kind of opening.
struct BreachRow {
    std::string by;
    std::string printed;
    std::vector<int> turns; // one per opening kind, in Breach::openings' order
};

struct Breach {
    std::vector<std::string> openings; // door, window, masonry-wall, rock-wall
    std::vector<BreachRow> shots;
    std::vector<BreachRow> work;
    int loopholeTurns = 10;
    int loopholeTurnsSapper = 7;

    /// The chart's number for a row and an opening kind, or 0 where there is none.
    int needed(const std::vector<BreachRow>& rows, const std::string& by, const std::string& opening) const;
};

/// A line of Unit Sizes.
struct UnitSize {
    std::string kind;
    std::string printed;
    int leaders = 0;
    int others = 0;
};

/// Everything ruleset.json holds, checked and typed.
struct Data : kit::RulesetData {
    std::vector<TroopType> types;
    Citation typesSource;
    std::vector<Formation> formations;
    Citation formationsSource;
    std::vector<MovementRow> movementChart;
    Citation movementChartSource;
    std::vector<CloseInRow> closeInChart;
    Citation closeInChartSource;
    int squarePenalty = 4;
    std::vector<MoraleRow> moraleChart;
    Citation moraleChartSource;
    std::vector<Weapon> weapons;
    Citation weaponsSource;
    std::vector<std::string> meleeWeapons;
    std::vector<VolleyLine> volley;
    Citation volleySource;
    std::vector<GunCrew> gunCrews;
    Citation gunCrewsSource;
    Breach breach;
    Citation breachSource;
    std::vector<UnitSize> unitSizes;
    Citation unitSizesSource;

    const TroopType* type(const std::string& id) const;
    const Formation* formation(const std::string& id) const;
    /// The movement chart's line for a row type and a formation's movement row, or null.
    const MovementRow* movement(const std::string& type, const std::string& formationRow) const;
    const CloseInRow& closeIn(const std::string& type) const; // a miss is a bug: the loader checked them
    const MoraleRow& morale(const std::string& type) const;
    const Weapon* weapon(const std::string& id) const;
    const VolleyLine& volleyFor(int targetClass) const;
};

LoadResult<Data> parseData(std::string_view text, const std::string& fileName);

/// The data compiled into the program from rulesets/lshm-skirmish/ruleset.json.
const Data& builtInData();

} // namespace sandtable::lshm
