#include "lshm_scenario.h"

#include "lshm_figures.h"

#include <algorithm>

namespace sandtable::lshm {

namespace {

const std::vector<std::string> kRoles{"",       "private",  "officer",  "nco",        "commander-in-chief", "gunner",
                                      "sapper", "standard", "musician", "cavalryman", "horse-holder",       "gun"};

void checkVictory(const Scenario& scenario, std::vector<std::string>& problems) {
    for (std::size_t i = 0; i < scenario.victory.size(); ++i) {
        const VictoryCondition& condition = scenario.victory[i];
        const std::string where = "/victory/" + std::to_string(i);
        const nlohmann::json& p = condition.parameters;
        if (condition.id == "commander-and-half") {
            continue;
        }
        if (condition.id != "turn-limit" && condition.id != "hold-objective") {
            problems.push_back(
                where + "/id: \"" + condition.id +
                "\" is not a victory these rules play (commander-and-half, hold-objective, turn-limit: RULINGS.md, lshm-victory)");
            continue;
        }
        if (!p.contains("turns") || !p["turns"].is_number_integer() || p["turns"].get<int>() < 1 || p["turns"].get<int>() > 100) {
            problems.push_back(where + "/parameters/turns: expected the number of turns, 1 to 100");
        }
        if (condition.id == "hold-objective") {
            const bool known = p.contains("area") && p["area"].is_string() &&
                               std::any_of(scenario.battle.areas.begin(), scenario.battle.areas.end(),
                                           [&](const TerrainArea& area) { return area.id == p["area"].get<std::string>(); });
            if (!known) {
                problems.push_back(where + "/parameters/area: expected the id of a terrain area of the scenario");
            }
        }
    }
}

void checkBuildings(const Scenario& scenario, std::vector<std::string>& problems) {
    for (std::size_t i = 0; i < scenario.battle.areas.size(); ++i) {
        const TerrainArea& area = scenario.battle.areas[i];
        if (area.type != AreaType::BuiltUp) {
            continue;
        }
        const std::string where = "/terrain/areas/" + std::to_string(i) + "/rules";
        const nlohmann::json& rules = area.rules;
        for (const char* key : {"storeys", "capacityPerStorey"}) {
            if (rules.contains(key) && (!rules[key].is_number_integer() || rules[key].get<int>() < 1 || rules[key].get<int>() > 60)) {
                problems.push_back(where + "/" + key + ": expected a whole number from 1 to 60");
            }
        }
        if (rules.contains("walls") && rules["walls"] != "masonry-wall" && rules["walls"] != "rock-wall") {
            problems.push_back(where + "/walls: expected \"masonry-wall\" (masonry or wood) or \"rock-wall\"");
        }
        if (!rules.contains("openings")) {
            continue;
        }
        if (!rules["openings"].is_array()) {
            problems.push_back(where + "/openings: expected an array of doors and windows");
            continue;
        }
        for (std::size_t k = 0; k < rules["openings"].size(); ++k) {
            const nlohmann::json& opening = rules["openings"][k];
            const std::string at = where + "/openings/" + std::to_string(k);
            if (!opening.is_object() || !opening.contains("id") || !opening["id"].is_string()) {
                problems.push_back(at + ": expected {\"id\", \"kind\", \"facing\", \"state\"}");
                continue;
            }
            const std::string kind = opening.value("kind", std::string());
            if (kind != "door" && kind != "window" && kind != "barn-door") {
                problems.push_back(at + "/kind: expected \"door\", \"window\" or \"barn-door\"");
            }
            if (!opening.contains("facing") || !opening["facing"].is_number()) {
                problems.push_back(at + "/facing: expected the way one looks out through it, in degrees");
            }
            if (opening.contains("state") && opening["state"] != "open" && opening["state"] != "closed") {
                problems.push_back(at + "/state: expected \"open\" or \"closed\"");
            }
        }
    }
}

} // namespace

std::vector<std::string> scenarioProblems(const Data& data, const Scenario& scenario) {
    std::vector<std::string> problems;
    if (scenario.battle.sides.size() != 2) {
        problems.push_back("/sides: these rules are played by two sides, the black cards' and the red cards' (RULINGS.md, lshm-colours)");
    }
    for (std::size_t u = 0; u < scenario.battle.units.size(); ++u) {
        const Unit& unit = scenario.battle.units[u];
        const std::string where = "/units/" + std::to_string(u);
        const TroopType* type = data.type(unit.type);
        if (type == nullptr) {
            std::string known;
            for (const TroopType& t : data.types) {
                known += (known.empty() ? "" : ", ") + t.id;
            }
            problems.push_back(where + "/type: \"" + unit.type + "\" is not a troop type of these rules (" + known + ")");
            continue;
        }
        if (type->arm != unit.arm) {
            problems.push_back(where + "/arm: " + type->name + " are " + toString(type->arm) + ", not " + toString(unit.arm));
        }
        if (!unit.formation.empty() &&
            std::find(type->formations.begin(), type->formations.end(), unit.formation) == type->formations.end()) {
            problems.push_back(where + "/formation: " + type->name + " do not form \"" + unit.formation + "\"");
        }
        int guns = 0;
        for (std::size_t e = 0; e < unit.elements.size(); ++e) {
            const Element& figure = unit.elements[e];
            const std::string at = where + "/elements/" + std::to_string(e);
            if (std::find(kRoles.begin(), kRoles.end(), figure.role) == kRoles.end()) {
                problems.push_back(at + "/role: \"" + figure.role + "\" is not a figure these rules know");
            }
            guns += isGun(figure) ? 1 : 0;
            if (!figure.figures.empty()) {
                problems.push_back(at + "/figures: every element here is one figure (a man), not a stand of figures");
            }
            if (!figure.weapon.empty() && data.weapon(figure.weapon) == nullptr &&
                std::find(data.meleeWeapons.begin(), data.meleeWeapons.end(), figure.weapon) == data.meleeWeapons.end()) {
                problems.push_back(at + "/weapon: \"" + figure.weapon + "\" is not a weapon of the firing chart or a melee weapon");
            }
        }
        if (unit.arm == Arm::Guns && guns != 1) {
            problems.push_back(where + "/elements: an artillery unit is one gun (role \"gun\") with its crew (Unit Sizes)");
        }
        if (unit.arm != Arm::Guns && guns != 0) {
            problems.push_back(where + "/elements: only artillery has a gun");
        }
        if (unit.stats.contains("weapon") &&
            (!unit.stats["weapon"].is_string() || data.weapon(unit.stats["weapon"].get<std::string>()) == nullptr)) {
            problems.push_back(where + "/stats/weapon: expected a weapon of the firing chart (musket, rifle, carbine, pistol)");
        }
    }
    checkVictory(scenario, problems);
    checkBuildings(scenario, problems);
    return problems;
}

} // namespace sandtable::lshm
