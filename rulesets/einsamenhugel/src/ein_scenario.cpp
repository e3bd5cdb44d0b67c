#include "ein_scenario.h"

#include "ein_movement.h"

#include <algorithm>

namespace sandtable::ein {

std::vector<std::string> scenarioProblems(const Data& data, const Scenario& scenario) {
    std::vector<std::string> victoryProblems;
    // The army's break decides the battle (RULINGS.md, ein-army-break); a scenario may add a
    // concession and a turn limit (RULINGS.md, ein-end-of-battle).
    for (std::size_t i = 0; i < scenario.victory.size(); ++i) {
        const VictoryCondition& condition = scenario.victory[i];
        const std::string at = "/victory/" + std::to_string(i);
        const auto wholeNumber = [&](const char* key, int highest) {
            const nlohmann::json& value = condition.parameters.contains(key) ? condition.parameters[key] : nlohmann::json();
            if (condition.parameters.size() != 1 || !value.is_number_integer() || value.get<std::int64_t>() < 1 ||
                value.get<std::int64_t>() > highest) {
                victoryProblems.push_back(at + "/parameters: " + condition.id + " takes {\"" + key + "\": N}, a whole number from 1 to " +
                                          std::to_string(highest));
            }
        };
        if (condition.id == "army-break" || condition.id == "break-the-enemy") {
            if (!condition.parameters.empty()) {
                victoryProblems.push_back(at + "/parameters: army-break takes none (the fraction is the option army-break)");
            }
        } else if (condition.id == "concession") {
            wholeNumber("unitsLost", 1000);
        } else if (condition.id == "turn-limit") {
            wholeNumber("turns", 100);
        } else {
            victoryProblems.push_back(at + "/id: \"" + condition.id +
                                      "\" is not a victory these rules play (army-break: an army below its fraction of units loses; "
                                      "concession {\"unitsLost\": N}; turn-limit {\"turns\": N})");
        }
    }
    std::vector<std::string> problems;
    const Battle& battle = scenario.battle;
    if (battle.sides.size() != 2) {
        problems.push_back("these rules are for two armies; the scenario has " + std::to_string(battle.sides.size()) + " sides");
    }
    if (battle.table.unit != MeasureUnit::Centimetre) {
        problems.push_back("the table is measured in " + toString(battle.table.unit) +
                           "; these rules measure in centimetres (\"unit\": \"cm\")");
    }
    std::string known;
    for (const TroopClass& troops : data.classes) {
        known += (known.empty() ? "" : ", ") + troops.id;
    }
    for (std::size_t index = 0; index < battle.units.size(); ++index) {
        const Unit& unit = battle.units[index];
        const TroopClass* troops = data.troopClass(unit.type);
        // Each problem begins with the unit's JSON pointer in the scenario file.
        const std::string where = "/units/" + std::to_string(index) + ": unit \"" + unit.id + "\"";
        if (troops == nullptr) {
            problems.push_back(where + " has type \"" + unit.type + "\", which these rules do not have (" + known + ")");
            continue;
        }
        if (troops->arm != unit.arm) {
            problems.push_back(where + " is " + toString(unit.arm) + " but " + troops->name + " are " + toString(troops->arm));
        }
        for (const char* flag : {"cuirasses", "fightsAsLight"}) {
            if (unit.stats.contains(flag) && !unit.stats[flag].is_boolean()) {
                problems.push_back(where + ": stats." + flag + " should be true or false");
            }
        }
        if (unit.stats.contains("nation") && !unit.stats["nation"].is_string()) {
            problems.push_back(where + ": stats.nation should be a name such as \"british\"");
        }
        const auto formations = formationsFor(data, unit);
        if (!unit.formation.empty() && std::find(formations.begin(), formations.end(), unit.formation) == formations.end()) {
            std::string list;
            for (const std::string& formation : formations) {
                list += (list.empty() ? "" : ", ") + formation;
            }
            problems.push_back(where + " is in formation \"" + unit.formation + "\"; " + troops->name + " may form " + list);
        }
        if (!unit.quality.empty() && unit.quality != "elite" && unit.quality != "regular" && unit.quality != "poor" &&
            unit.quality != "militia") {
            problems.push_back(where + " has quality \"" + unit.quality + "\" (expected elite, regular, poor or militia)");
        }
        if (!unit.markers.empty()) {
            problems.push_back(where + " has markers; the Einsamenhügel rules keep none (a unit's state is its effectiveness)");
        }
        if (unit.arm == Arm::Leader && !unit.attachedTo.empty()) {
            const Unit* with = battle.findUnit(unit.attachedTo);
            if (with == nullptr || with->side != unit.side || with->arm == Arm::Leader) {
                problems.push_back(where + " is attached to \"" + unit.attachedTo + "\", which is not a unit of its side");
            }
        }
    }
    problems.insert(problems.end(), victoryProblems.begin(), victoryProblems.end());
    return problems;
}

} // namespace sandtable::ein
