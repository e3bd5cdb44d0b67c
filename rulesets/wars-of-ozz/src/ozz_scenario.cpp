#include "ozz_scenario.h"

namespace sandtable::ozz {

std::vector<std::string> scenarioProblems(const Data& data, const Scenario& scenario) {
    std::vector<std::string> problems;
    // RULINGS.md, ozz-victory: a point per enemy base lost, over a number of turns.
    for (std::size_t i = 0; i < scenario.victory.size(); ++i) {
        const VictoryCondition& condition = scenario.victory[i];
        const std::string at = "/victory/" + std::to_string(i);
        if (condition.id != "points") {
            problems.push_back(at + "/id: \"" + condition.id + "\" is not a victory The Wars of Ozz plays (points)");
            continue;
        }
        for (const auto& [key, value] : condition.parameters.items()) {
            if (key != "turns") {
                problems.push_back(at + "/parameters/" + key + ": unknown parameter (points takes turns)");
            } else if (!value.is_number_integer() || value.get<std::int64_t>() < 1 || value.get<std::int64_t>() > 100) {
                problems.push_back(at + "/parameters/turns: expected a whole number of turns from 1 to 100, found " + value.dump());
            }
        }
    }
    for (std::size_t index = 0; index < scenario.battle.units.size(); ++index) {
        const Unit& unit = scenario.battle.units[index];
        // Each problem begins with its JSON pointer in the scenario file.
        const std::string at = "/units/" + std::to_string(index);
        const UnitType* type = data.unitType(unit.type);
        if (type == nullptr) {
            std::string known;
            for (const UnitType& candidate : data.unitTypes) {
                known += (known.empty() ? "" : ", ") + candidate.id;
            }
            problems.push_back(at + "/type: unit \"" + unit.id + "\" has type \"" + unit.type +
                               "\", which The Wars of Ozz does not have (" + known + ")");
            continue;
        }
        if (type->arm != unit.arm) {
            problems.push_back(at + "/arm: unit \"" + unit.id + "\" is " + toString(unit.arm) + " but a " + type->name + " is " +
                               toString(type->arm));
        }
        for (const std::string& marker : unit.markers) {
            if (marker != "disordered" && marker != "routed") {
                problems.push_back(at + "/markers: unit \"" + unit.id + "\" has the marker \"" + marker +
                                   "\"; The Wars of Ozz knows disordered and routed");
            }
        }
        if (unit.arm == Arm::Leader) {
            continue;
        }
        std::vector<std::string> needed{"melee", "resolve", "elan"};
        if (!type->weapon.empty()) {
            needed.push_back("marksmanship");
        }
        for (const std::string& stat : needed) {
            const auto found = unit.stats.find(stat);
            if (found == unit.stats.end() || !found->is_number_integer() || found->get<int>() < 0 || found->get<int>() > 10) {
                problems.push_back(at + "/stats/" + stat + ": unit \"" + unit.id + "\" needs stats." + stat + ", a whole number 0 to 10");
            }
        }
        if (unit.arm == Arm::Guns && unit.formation != "limbered" && unit.formation != "unlimbered") {
            problems.push_back(at + "/formation: unit \"" + unit.id +
                               "\" is artillery: its formation should be \"limbered\" or \"unlimbered\"");
        }
    }
    return problems;
}

} // namespace sandtable::ozz
