#include "vcc_scenario.h"

#include "sandtable/fraction.h"

#include <algorithm>

namespace sandtable::vcc {

namespace {

void checkVictory(const Scenario& scenario, std::vector<std::string>& problems) {
    for (std::size_t i = 0; i < scenario.victory.size(); ++i) {
        const VictoryCondition& condition = scenario.victory[i];
        const std::string where = "/victory/" + std::to_string(i);
        const nlohmann::json& p = condition.parameters;
        if (condition.id == "turns") {
            if (!p.contains("turns") || !p["turns"].is_number_integer() || p["turns"].get<int>() < 1 || p["turns"].get<int>() > 100) {
                problems.push_back(where + "/parameters/turns: expected the number of turns, 1 to 100");
            }
        } else if (condition.id == "objective") {
            const bool box = p.contains("box") && p["box"].is_array() && p["box"].size() == 2 && p["box"][0].is_number_integer() &&
                             p["box"][1].is_number_integer();
            if (!box) {
                problems.push_back(where + "/parameters/box: expected the objective's box as [column, row], counted from 0");
            } else if (!scenario.battle.table.onGrid(Box{p["box"][0].get<int>(), p["box"][1].get<int>()})) {
                problems.push_back(where + "/parameters/box: the box is off the table's grid");
            }
            if (p.contains("name") && !p["name"].is_string()) {
                problems.push_back(where + "/parameters/name: expected the objective's name");
            }
        } else if (condition.id == "army-break") {
            if (p.contains("share")) {
                const auto share = p["share"].is_string() ? parseFraction(p["share"].get<std::string>()) : std::nullopt;
                if (!share.has_value() || share.value() <= 0 || share.value() > 1) {
                    problems.push_back(where +
                                       "/parameters/share: expected the share of units destroyed that breaks an army, such as \"1/2\"");
                }
            }
        } else {
            problems.push_back(where + "/id: \"" + condition.id +
                               "\" is not a victory these rules play (turns, objective, army-break: RULINGS.md, vcc-victory)");
        }
    }
}

int countRole(const Unit& unit, const char* role) {
    return static_cast<int>(std::count_if(unit.elements.begin(), unit.elements.end(), [&](const Element& e) { return e.role == role; }));
}

} // namespace

std::vector<std::string> scenarioProblems(const Data& data, const Scenario& scenario) {
    std::vector<std::string> problems;
    const Battle& battle = scenario.battle;
    if (!battle.table.gridded()) {
        problems.push_back("/table: these rules are played on a grid of boxes (\"unit\": \"box\" with a \"box\" size)");
    }
    std::vector<std::string> sides;
    for (const Side& side : battle.sides) {
        sides.push_back(side.id);
    }
    std::sort(sides.begin(), sides.end());
    if (sides != std::vector<std::string>{"british", "native"}) {
        problems.push_back("/sides: these rules are for two sides with the ids \"british\" and \"native\" (RULINGS.md, vcc-sides)");
    }
    std::string known;
    for (const TroopType& type : data.types) {
        known += (known.empty() ? "" : ", ") + type.id;
    }
    for (std::size_t index = 0; index < battle.units.size(); ++index) {
        const Unit& unit = battle.units[index];
        const std::string where = "/units/" + std::to_string(index) + ": unit \"" + unit.id + "\"";
        const TroopType* type = data.type(unit.type);
        if (type == nullptr) {
            problems.push_back(where + " has type \"" + unit.type + "\", which these rules do not have (" + known + ")");
            continue;
        }
        if (type->arm != unit.arm) {
            problems.push_back(where + " is " + toString(unit.arm) + " but " + type->name + " are " + toString(type->arm));
        }
        if (!unit.quality.empty() && unit.quality != "elite" && unit.quality != "regular" && unit.quality != "raw") {
            problems.push_back(where + " has quality \"" + unit.quality + "\" (expected elite, regular or raw)");
        }
        if (!unit.formation.empty() && unit.formation != "line" && unit.formation != "square") {
            problems.push_back(where + " is in formation \"" + unit.formation + "\" (expected line or square)");
        } else if (unit.formation == "square" && (type->arm != Arm::Foot || unit.quality == "raw")) {
            problems.push_back(where + " is in square, which only regular foot may form (RULINGS.md, vcc-square)");
        }
        for (const char* flag : {"dervish", "lancers"}) {
            if (unit.stats.contains(flag) && !unit.stats[flag].is_boolean()) {
                problems.push_back(where + ": stats." + flag + " should be true or false");
            }
        }
        if (unit.stats.contains("figuresPerBase") &&
            (!unit.stats["figuresPerBase"].is_number_integer() || unit.stats["figuresPerBase"].get<int>() < 1 ||
             unit.stats["figuresPerBase"].get<int>() > 20)) {
            problems.push_back(where + ": stats.figuresPerBase should be a whole number from 1 to 20");
        }
        if (unit.stats.contains("weapon")) {
            const auto& weapon = unit.stats["weapon"];
            if (!weapon.is_string() || (weapon != "none" && std::find(type->weapons.begin(), type->weapons.end(),
                                                                      weapon.get<std::string>()) == type->weapons.end())) {
                std::string list;
                for (const std::string& w : type->weapons) {
                    list += (list.empty() ? "" : ", ") + w;
                }
                problems.push_back(where + ": stats.weapon should be one " + type->name + " carry (" + list + "), or \"none\"");
            }
        }
        if (countRole(unit, "leader") > 1) {
            problems.push_back(where + " has more than one leader base (role \"leader\")");
        }
        if (type->countsGunners && countRole(unit, "gunner") == 0) {
            problems.push_back(where + ": " + type->name +
                               " fire and count by gunner figures, and it has none (elements with role \"gunner\")");
        }
        for (std::size_t e = 0; e < unit.elements.size(); ++e) {
            if (battle.table.gridded() && !battle.table.onGrid(battle.table.boxAt(unit.elements[e].centre))) {
                problems.push_back(where + ", element " + std::to_string(e) + " stands off the table's grid");
            }
        }
        if (!unit.markers.empty()) {
            for (const std::string& marker : unit.markers) {
                if (marker != "prone" && marker != "broken") {
                    problems.push_back(where + " has the marker \"" + marker + "\" (these rules know prone and broken)");
                }
            }
        }
    }
    checkVictory(scenario, problems);
    return problems;
}

} // namespace sandtable::vcc
