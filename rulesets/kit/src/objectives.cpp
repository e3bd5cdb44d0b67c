#include "sandtable/kit/objectives.h"

namespace sandtable::kit {

std::vector<Objective> areaObjectives(const Battle& battle, const std::string& conditionId, const std::string& areaKey,
                                      const std::vector<Arm>& heldBy) {
    std::vector<Objective> objectives;
    const nlohmann::json conditions = battle.session.value("victory", nlohmann::json::array());
    if (!conditions.is_array()) {
        return objectives;
    }
    for (const nlohmann::json& condition : conditions) {
        if (!condition.is_object() || condition.value("id", std::string()) != conditionId) {
            continue;
        }
        const nlohmann::json parameters = condition.value("parameters", nlohmann::json::object());
        if (!parameters.is_object() || !parameters.contains(areaKey) || !parameters[areaKey].is_string()) {
            continue;
        }
        const std::string areaId = parameters[areaKey].get<std::string>();
        const nlohmann::json turns = parameters.value("turns", nlohmann::json(0));
        for (const TerrainArea& area : battle.areas) {
            if (area.id == areaId) {
                objectives.push_back(
                    {area.name.empty() ? area.id : area.name, area.outline, turns.is_number_integer() ? turns.get<int>() : 0, heldBy});
            }
        }
    }
    return objectives;
}

} // namespace sandtable::kit
