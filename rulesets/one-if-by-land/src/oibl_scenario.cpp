#include "oibl_scenario.h"

#include "oibl_units.h"

#include <algorithm>
#include <cmath>

namespace sandtable::oibl {

namespace {

void checkVictory(const Scenario& scenario, std::vector<std::string>& problems) {
    for (std::size_t i = 0; i < scenario.victory.size(); ++i) {
        const VictoryCondition& condition = scenario.victory[i];
        const std::string where = "/victory/" + std::to_string(i);
        const nlohmann::json& p = condition.parameters;
        if (condition.id == "army-morale") {
            if (p.contains("share") && (!p["share"].is_number() || p["share"].get<double>() <= 0 || p["share"].get<double>() > 1)) {
                problems.push_back(
                    where +
                    "/parameters/share: expected the share of units routed or destroyed that breaks an army, above 0 and at most 1");
            }
        } else if (condition.id == "turn-limit") {
            if (!p.contains("turns") || !p["turns"].is_number_integer() || p["turns"].get<int>() < 1 || p["turns"].get<int>() > 100) {
                problems.push_back(where + "/parameters/turns: expected the number of turns, 1 to 100");
            }
            if (p.contains("objective")) {
                const bool known = p["objective"].is_string() &&
                                   std::any_of(scenario.battle.areas.begin(), scenario.battle.areas.end(),
                                               [&](const TerrainArea& area) { return area.id == p["objective"].get<std::string>(); });
                if (!known) {
                    problems.push_back(where + "/parameters/objective: expected the id of a terrain area of the scenario");
                }
            }
        } else {
            problems.push_back(where + "/id: \"" + condition.id +
                               "\" is not a victory these rules play (army-morale, turn-limit: RULINGS.md, oibl-victory)");
        }
    }
}

bool near(double millimetres, double inches) { return std::abs(millimetres - inches * millimetresPerInch) <= 1.0; }

void checkStands(const Data& data, const Unit& unit, const std::string& where, std::vector<std::string>& problems) {
    const TroopType& type = typeOf(data, unit);
    const TroopType& crew = *data.type("artillery-crew");
    int guns = 0;
    int crews = 0;
    for (std::size_t e = 0; e < unit.elements.size(); ++e) {
        const Element& stand = unit.elements[e];
        const std::string at = where + "/elements/" + std::to_string(e);
        const bool gun = stand.role == "gun";
        const bool crewStand = stand.role == "crew";
        guns += gun ? 1 : 0;
        crews += crewStand ? 1 : 0;
        if ((gun || crewStand) && type.id != "artillery") {
            problems.push_back(at + "/role: only artillery has \"" + stand.role + "\" stands");
            continue;
        }
        const TroopType& size = crewStand ? crew : type;
        if (!near(stand.width, size.width) || !near(stand.depth, size.depth)) {
            problems.push_back(at + ": a " + size.name + " stand is " + inches(size.width) + " wide by " + inches(size.depth) +
                               " deep (MOUNTING CONVENTIONS), not " + inches(stand.width / millimetresPerInch) + " by " +
                               inches(stand.depth / millimetresPerInch));
        }
        const int most = gun ? 0 : size.figuresPerStand;
        if (static_cast<int>(stand.figures.size()) > most) {
            problems.push_back(at + "/figures: a " + size.name + " stand carries " + std::to_string(most) + " figures, not " +
                               std::to_string(stand.figures.size()));
        }
        if (stand.role == "light" && unit.stats.value("nation", std::string()) != "french") {
            problems.push_back(at + "/role: only a French battalion's stands skirmish apart as \"light\" (FRENCH INFANTRY)");
        }
    }
    if (type.id == "artillery" && (guns != 1 || crews < 1)) {
        problems.push_back(where + "/elements: an artillery unit is one gun stand (role \"gun\") and its crew stands (role \"crew\")");
    }
}

} // namespace

std::vector<std::string> scenarioProblems(const Data& data, const Scenario& scenario) {
    std::vector<std::string> problems;
    const Battle& battle = scenario.battle;
    if (battle.table.gridded()) {
        problems.push_back("/table: these rules measure in inches, not boxes");
    }
    for (std::size_t i = 0; i < battle.units.size(); ++i) {
        const Unit& unit = battle.units[i];
        const std::string where = "/units/" + std::to_string(i);
        const TroopType* type = data.type(unit.type);
        if (type == nullptr || type->id == "artillery-crew" || type->id == "dismounted-cavalry") {
            std::string known;
            for (const TroopType& one : data.types) {
                if (one.id != "artillery-crew" && one.id != "dismounted-cavalry") {
                    known += (known.empty() ? "" : ", ") + one.id;
                }
            }
            problems.push_back(where + "/type: \"" + unit.type + "\" is not a unit type of these rules (" + known + ")");
            continue;
        }
        if (unit.arm != type->arm) {
            problems.push_back(where + "/arm: a " + type->name + " unit is " + toString(type->arm) + ", not " + toString(unit.arm));
        }
        if (type->arm != Arm::Leader && data.quality(unit.quality) == nullptr) {
            problems.push_back(where + "/quality: \"" + unit.quality +
                               "\" is not a troop quality (elite, veteran, regular, poor, wretched)");
        }
        if (!unit.formation.empty() && type->arm != Arm::Leader) {
            const auto allowed = formationsFor(data, unit);
            if (std::find(allowed.begin(), allowed.end(), unit.formation) == allowed.end()) {
                std::string list;
                for (const std::string& one : allowed) {
                    list += (list.empty() ? "" : ", ") + one;
                }
                problems.push_back(where + "/formation: a " + type->name + " unit may not be in \"" + unit.formation + "\" (it may form " +
                                   list + ": RULINGS.md, oibl-formations)");
            }
        }
        if (unit.stats.is_object()) {
            if (unit.stats.contains("weapon") &&
                (!unit.stats["weapon"].is_string() || data.tables.findRangeBands(unit.stats["weapon"].get<std::string>()) == nullptr)) {
                problems.push_back(where + "/stats/weapon: expected a weapon of WEAPON RANGES (carbine, musket, jaeger-rifle, long-rifle)");
            }
            if (unit.stats.contains("gun") &&
                (!unit.stats["gun"].is_string() || data.gun(unit.stats["gun"].get<std::string>()) == nullptr)) {
                problems.push_back(where + "/stats/gun: expected light, medium or heavy (ARTILLERY FIREPOWER)");
            }
            if (unit.stats.contains("command") && (!unit.stats["command"].is_number_integer() || unit.stats["command"].get<int>() < 1 ||
                                                   unit.stats["command"].get<int>() > 5)) {
                problems.push_back(where + "/stats/command: expected an officer's rating, 1 to 5 (RULINGS.md, oibl-co-bonus)");
            }
            for (const char* flag : {"bayonets", "marksmen", "skirmish", "openOrder", "closeOrder"}) {
                if (unit.stats.contains(flag) && !unit.stats[flag].is_boolean()) {
                    problems.push_back(where + "/stats/" + flag + ": expected true or false");
                }
            }
        }
        for (const std::string& marker : unit.markers) {
            if (marker != "panic" && marker != "wavering") {
                problems.push_back(where + "/markers: \"" + marker +
                                   "\" is not a marker a scenario may set under these rules (panic, wavering)");
            }
        }
        checkStands(data, unit, where, problems);
    }
    for (std::size_t i = 0; i < battle.commands.size(); ++i) {
        const std::string& level = battle.commands[i].level;
        if (level != "brigade" && level != "division" && level != "wing" && level != "army") {
            problems.push_back("/commands/" + std::to_string(i) + "/level: expected brigade, division, wing or army, not \"" + level +
                               "\"");
        }
    }
    checkVictory(scenario, problems);
    return problems;
}

} // namespace sandtable::oibl
