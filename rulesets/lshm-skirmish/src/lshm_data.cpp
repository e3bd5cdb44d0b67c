#include "lshm_data.h"

#include "sandtable/json_reader.h"

#include <algorithm>
#include <stdexcept>

namespace sandtable {
const char* sandtable_lshm_skirmish_data();
}

namespace sandtable::lshm {

namespace {

using kit::forEach;

using kit::readFlag;
using kit::readList;
using kit::readSource;
using kit::readTexts;

std::string readString(JsonObject& object, std::string_view key) {
    const auto node = object.required(key);
    return node ? node->string().value_or("") : std::string();
}

int readCount(JsonObject& object, std::string_view key, int highest) {
    return static_cast<int>(object.requiredInteger(key, 0, highest).value_or(0));
}

/// "N Dice", or null where the chart prints "-".
std::optional<int> readDice(JsonObject& object, std::string_view key) {
    const auto node = object.required(key);
    if (!node || node->json().is_null()) {
        return std::nullopt;
    }
    const auto dice = node->integer(1, 8);
    return dice ? std::optional<int>(static_cast<int>(*dice)) : std::nullopt;
}

TroopType readType(const JsonNode& node) {
    JsonObject object = node.object();
    TroopType type;
    type.id = object.requiredText("id").value_or("");
    type.name = object.requiredText("name").value_or("");
    type.arm = kit::readArm(object);
    type.movementRow = object.requiredText("movementRow").value_or("");
    type.closeInRow = object.requiredText("closeInRow").value_or("");
    type.combatColumn = object.requiredText("combatColumn").value_or("");
    type.moraleRow = object.requiredText("moraleRow").value_or("");
    type.breachRow = readString(object, "breachRow");
    type.bayonets = readFlag(object, "bayonets");
    type.formations = readTexts(object, "formations");
    type.normalFormation = object.requiredText("normalFormation").value_or("");
    object.rejectUnknownKeys();
    return type;
}

Formation readFormation(const JsonNode& node) {
    JsonObject object = node.object();
    Formation formation;
    formation.id = object.requiredText("id").value_or("");
    formation.name = object.requiredText("name").value_or("");
    formation.movementAs = object.requiredText("movementAs").value_or("");
    formation.closeOrder = readFlag(object, "closeOrder");
    formation.source = readSource(object, "source");
    object.rejectUnknownKeys();
    return formation;
}

MovementRow readMovementRow(const JsonNode& node) {
    JsonObject object = node.object();
    MovementRow row;
    row.type = object.requiredText("type").value_or("");
    row.printed = object.requiredText("printed").value_or("");
    row.formation = object.requiredText("formation").value_or("");
    row.crossCountry = readDice(object, "crossCountry");
    row.road = readDice(object, "road");
    row.charge = readDice(object, "charge");
    row.roadCharge = readDice(object, "roadCharge");
    if (!row.crossCountry) {
        object.node().error("every line of the movement chart has Cross Country dice");
    }
    object.rejectUnknownKeys();
    return row;
}

CloseInRow readCloseInRow(const JsonNode& node) {
    JsonObject object = node.object();
    CloseInRow row;
    row.type = object.requiredText("type").value_or("");
    row.printed = object.requiredText("printed").value_or("");
    row.closeInWithLeader = readCount(object, "closeInWithLeader", 10);
    row.closeInWithoutLeader = readCount(object, "closeInWithoutLeader", 10);
    row.standWithLeader = readCount(object, "standWithLeader", 10);
    row.standWithoutLeader = readCount(object, "standWithoutLeader", 10);
    object.rejectUnknownKeys();
    return row;
}

MoraleRow readMoraleRow(const JsonNode& node) {
    JsonObject object = node.object();
    MoraleRow row;
    row.type = object.requiredText("type").value_or("");
    row.printed = object.requiredText("printed").value_or("");
    row.major = readCount(object, "major", 13);
    row.withLeader = readCount(object, "withLeader", 13);
    row.withoutLeader = readCount(object, "withoutLeader", 13);
    object.rejectUnknownKeys();
    return row;
}

Weapon readWeapon(const JsonNode& node) {
    JsonObject object = node.object();
    Weapon weapon;
    weapon.id = object.requiredText("id").value_or("");
    weapon.name = object.requiredText("name").value_or("");
    if (auto range = object.required("maxRange")) {
        weapon.maxRange = range->number(0.5, 100).value_or(1);
    }
    weapon.chart = object.requiredText("chart").value_or("");
    if (auto cone = object.required("cone")) {
        weapon.cone = cone->number(1, 360).value_or(30);
    }
    weapon.halfRangeBonus = readFlag(object, "halfRangeBonus");
    weapon.hitsMultiplier = static_cast<int>(object.requiredInteger("hitsMultiplier", 1, 4).value_or(1));
    weapon.source = readSource(object, "source");
    object.rejectUnknownKeys();
    return weapon;
}

std::string readSuitResult(JsonObject& object, std::string_view key) {
    const auto node = object.required(key);
    const std::string result = node ? node->text().value_or("") : std::string();
    if (node && result != "killed" && result != "wounded" && result != "hit" && result != "none") {
        node->error("expected \"killed\", \"wounded\", \"hit\" or \"none\"");
    }
    return result;
}

VolleyLine readVolleyLine(const JsonNode& node) {
    JsonObject object = node.object();
    VolleyLine line;
    line.targetClass = static_cast<int>(object.requiredInteger("class", 1, 4).value_or(1));
    line.hearts = readSuitResult(object, "hearts");
    line.diamonds = readSuitResult(object, "diamonds");
    line.clubs = readSuitResult(object, "clubs");
    line.spades = readSuitResult(object, "spades");
    object.rejectUnknownKeys();
    return line;
}

GunCrew readGunCrew(const JsonNode& node) {
    JsonObject object = node.object();
    GunCrew crew;
    crew.crew = readCount(object, "crew", 20);
    crew.figures = readCount(object, "figures", 60);
    object.rejectUnknownKeys();
    return crew;
}

std::vector<BreachRow> readBreachRows(JsonObject& object, std::string_view key, std::size_t openings) {
    std::vector<BreachRow> rows;
    forEach(object, key, [&](const JsonNode& node) {
        JsonObject line = node.object();
        BreachRow row;
        row.by = line.requiredText("by").value_or("");
        row.printed = line.requiredText("printed").value_or("");
        forEach(line, "turns", [&](const JsonNode& turns) { row.turns.push_back(static_cast<int>(turns.integer(1, 100).value_or(1))); });
        if (row.turns.size() != openings) {
            node.error("expected " + std::to_string(openings) + " numbers in \"turns\", one for each opening");
        }
        line.rejectUnknownKeys();
        rows.push_back(std::move(row));
    });
    return rows;
}

Breach readBreach(JsonObject& root) {
    Breach breach;
    const auto node = root.required("breach");
    if (!node) {
        return breach;
    }
    JsonObject object = node->object();
    breach.openings = readTexts(object, "openings");
    breach.shots = readBreachRows(object, "shots", breach.openings.size());
    breach.work = readBreachRows(object, "work", breach.openings.size());
    if (auto loophole = object.required("loophole")) {
        JsonObject turns = loophole->object();
        breach.loopholeTurns = readCount(turns, "bayonet", 100);
        breach.loopholeTurnsSapper = readCount(turns, "sapper", 100);
        turns.rejectUnknownKeys();
    }
    object.rejectUnknownKeys();
    return breach;
}

UnitSize readUnitSize(const JsonNode& node) {
    JsonObject object = node.object();
    UnitSize size;
    size.kind = object.requiredText("kind").value_or("");
    size.printed = object.requiredText("printed").value_or("");
    size.leaders = readCount(object, "leaders", 20);
    size.others = readCount(object, "others", 40);
    object.rejectUnknownKeys();
    return size;
}

void requireRow(Diagnostics& diagnostics, const std::string& where, bool found, const std::string& what) {
    if (!found) {
        diagnostics.error(where, what);
    }
}

void checkReferences(const Data& data, Diagnostics& diagnostics) {
    const auto hasCloseIn = [&](const std::string& id) {
        return std::any_of(data.closeInChart.begin(), data.closeInChart.end(), [&](const CloseInRow& row) { return row.type == id; });
    };
    const auto hasMorale = [&](const std::string& id) {
        return std::any_of(data.moraleChart.begin(), data.moraleChart.end(), [&](const MoraleRow& row) { return row.type == id; });
    };
    for (const TroopType& type : data.types) {
        const std::string named = "type \"" + type.id + "\" ";
        for (const std::string& formation : type.formations) {
            const Formation* known = data.formation(formation);
            requireRow(diagnostics, "/troopTypes", known != nullptr, named + "forms \"" + formation + "\", which is not in \"formations\"");
            if (known != nullptr) {
                requireRow(diagnostics, "/troopTypes", data.movement(type.movementRow, known->movementAs) != nullptr,
                           named + "has no line of the movement chart for \"" + formation + "\"");
            }
        }
        requireRow(diagnostics, "/troopTypes", hasCloseIn(type.closeInRow),
                   named + "tests on \"" + type.closeInRow + "\", not a close-in row");
        requireRow(diagnostics, "/troopTypes", hasMorale(type.moraleRow), named + "tests on \"" + type.moraleRow + "\", not a morale row");
        requireRow(diagnostics, "/troopTypes", data.tables.findModifierList("close-combat-" + type.combatColumn) != nullptr,
                   named + "fights on \"" + type.combatColumn + "\", which has no close-combat list");
        const bool breaches = type.breachRow.empty() || std::any_of(data.breach.work.begin(), data.breach.work.end(),
                                                                    [&](const BreachRow& row) { return row.by == type.breachRow; });
        requireRow(diagnostics, "/troopTypes", breaches, named + "breaches as \"" + type.breachRow + "\", not a breaching row");
    }
    for (const Weapon& weapon : data.weapons) {
        requireRow(diagnostics, "/weapons", data.tables.findChart(weapon.chart) != nullptr,
                   "weapon \"" + weapon.id + "\" reads \"" + weapon.chart + "\", which is not a chart");
    }
    for (int targetClass = 1; targetClass <= 4; ++targetClass) {
        requireRow(
            diagnostics, "/volley",
            std::any_of(data.volley.begin(), data.volley.end(), [&](const VolleyLine& line) { return line.targetClass == targetClass; }),
            "the volley has no line for Class " + std::to_string(targetClass));
    }
}

} // namespace

int Breach::needed(const std::vector<BreachRow>& rows, const std::string& by, const std::string& opening) const {
    const auto kind = std::find(openings.begin(), openings.end(), opening);
    for (const BreachRow& row : rows) {
        if (row.by == by && kind != openings.end()) {
            return row.turns.at(static_cast<std::size_t>(kind - openings.begin()));
        }
    }
    return 0;
}

const TroopType* Data::type(const std::string& id) const { return kit::findById(types, id); }
const Formation* Data::formation(const std::string& id) const { return kit::findById(formations, id); }
const Weapon* Data::weapon(const std::string& id) const { return kit::findById(weapons, id); }

const MovementRow* Data::movement(const std::string& rowType, const std::string& formationRow) const {
    const auto found = std::find_if(movementChart.begin(), movementChart.end(),
                                    [&](const MovementRow& row) { return row.type == rowType && row.formation == formationRow; });
    return found == movementChart.end() ? nullptr : &*found;
}

const CloseInRow& Data::closeIn(const std::string& rowType) const {
    for (const CloseInRow& row : closeInChart) {
        if (row.type == rowType) {
            return row;
        }
    }
    throw std::logic_error("no close-in row \"" + rowType + "\" in LSHM's data");
}

const MoraleRow& Data::morale(const std::string& rowType) const {
    for (const MoraleRow& row : moraleChart) {
        if (row.type == rowType) {
            return row;
        }
    }
    throw std::logic_error("no morale row \"" + rowType + "\" in LSHM's data");
}

const VolleyLine& Data::volleyFor(int targetClass) const {
    for (const VolleyLine& line : volley) {
        if (line.targetClass == targetClass) {
            return line;
        }
    }
    throw std::logic_error("no volley line for Class " + std::to_string(targetClass) + " in LSHM's data");
}

LoadResult<Data> parseData(std::string_view text, const std::string& fileName) {
    return kit::parseRulesetData<Data>(text, fileName, [](JsonObject& root, Data& data, Diagnostics& diagnostics) {
        data.types = readList<TroopType>(root, "troopTypes", "troopTypesSource", data.typesSource, readType);
        data.formations = readList<Formation>(root, "formations", "formationsSource", data.formationsSource, readFormation);
        data.movementChart = readList<MovementRow>(root, "movementChart", "movementChartSource", data.movementChartSource, readMovementRow);
        data.closeInChart = readList<CloseInRow>(root, "closeInChart", "closeInChartSource", data.closeInChartSource, readCloseInRow);
        data.squarePenalty = readCount(root, "squarePenalty", 9);
        data.moraleChart = readList<MoraleRow>(root, "moraleChart", "moraleChartSource", data.moraleChartSource, readMoraleRow);
        data.weapons = readList<Weapon>(root, "weapons", "weaponsSource", data.weaponsSource, readWeapon);
        data.meleeWeapons = readTexts(root, "meleeWeapons");
        data.volley = readList<VolleyLine>(root, "volley", "volleySource", data.volleySource, readVolleyLine);
        data.gunCrews = readList<GunCrew>(root, "gunCrews", "gunCrewsSource", data.gunCrewsSource, readGunCrew);
        data.breach = readBreach(root);
        data.breachSource = readSource(root, "breachSource");
        data.unitSizes = readList<UnitSize>(root, "unitSizes", "unitSizesSource", data.unitSizesSource, readUnitSize);
        kit::requireTables(data.tables, diagnostics,
                           {"fire-musket", "fire-rifle", "fire-carbine", "fire-pistol", "fire-ball", "joker-movement", "joker-fire"},
                           {"close-combat-grenadiers", "close-combat-line", "close-combat-militia", "close-combat-light",
                            "close-combat-mounted", "close-combat-gunners"},
                           {});
        for (const char* list : {"close-combat-grenadiers", "close-combat-line", "close-combat-militia", "close-combat-light",
                                 "close-combat-mounted", "close-combat-gunners"}) {
            kit::requireModifiers(data.tables, diagnostics, list,
                                  {"charging", "defending-open", "defending-close", "defending-square", "defending-linear",
                                   "defending-building", "uphill", "attacked-from-rear", "leader", "lance", "additional-opponent",
                                   "no-bayonet"});
        }
        kit::requireCells(data.tables, diagnostics, "joker-movement",
                          {"add-die", "no-move", "fall-back", "subtract-die", "heal", "charge"});
        kit::requireCells(data.tables, diagnostics, "joker-fire",
                          {"half-figures", "double-hits", "two-shots", "smoke", "half-casualties", "plus-one"});
        for (const char* id :
             {"grenadiers", "line", "light", "militia", "guerillas", "mounted", "artillery", "command", "mounted-command"}) {
            requireRow(diagnostics, "/troopTypes", data.type(id) != nullptr, std::string("the procedures need type \"") + id + "\"");
        }
        for (const char* id : {"musket", "rifle", "carbine", "pistol", "ball", "grape"}) {
            requireRow(diagnostics, "/weapons", data.weapon(id) != nullptr, std::string("the procedures need weapon \"") + id + "\"");
        }
        for (const char* id : {"line", "column", "square", "open", "limbered", "manhandled"}) {
            requireRow(diagnostics, "/formations", data.formation(id) != nullptr,
                       std::string("the procedures need formation \"") + id + "\"");
        }
        checkReferences(data, diagnostics);
        if (data.gunCrews.empty()) {
            diagnostics.error("/gunCrews", "at least one crew line is needed");
        }
    });
}

const Data& builtInData() { return kit::builtIn<Data>(parseData, sandtable_lshm_skirmish_data(), "rulesets/lshm-skirmish/ruleset.json"); }

} // namespace sandtable::lshm
