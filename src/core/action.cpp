#include "sandtable/action.h"

#include "sandtable/battle.h"

namespace sandtable {

std::string describe(const Battle& battle, const Action& action) {
    const Unit* unit = battle.findUnit(action.unit);
    const Unit* target = battle.findUnit(action.target);
    std::string text = action.type;
    if (!action.unit.empty()) {
        text = (unit != nullptr ? unit->name : action.unit) + ": " + text;
    }
    if (!action.target.empty()) {
        text += " " + (target != nullptr ? target->name : action.target);
    }
    if (!action.choice.empty()) {
        text += " (" + action.choice + ")";
    }
    return text;
}

nlohmann::json toJson(const Action& action) {
    nlohmann::json json = {{"type", action.type}};
    if (!action.unit.empty()) {
        json["unit"] = action.unit;
    }
    if (!action.target.empty()) {
        json["target"] = action.target;
    }
    if (!action.path.empty()) {
        nlohmann::json points = nlohmann::json::array();
        for (const Point& point : action.path) {
            points.push_back({point.x(), point.y()});
        }
        json["path"] = points;
    }
    if (action.facing) {
        json["facing"] = *action.facing;
    }
    if (!action.choice.empty()) {
        json["choice"] = action.choice;
    }
    return json;
}

namespace {

std::optional<std::string> readString(const nlohmann::json& json, const char* key, std::string& into) {
    const auto found = json.find(key);
    if (found == json.end()) {
        return std::nullopt;
    }
    if (!found->is_string()) {
        return std::string("\"") + key + "\" should be a string, not " + found->dump();
    }
    into = found->get<std::string>();
    return std::nullopt;
}

} // namespace

Expected<Action, std::string> actionFromJson(const nlohmann::json& json) {
    if (!json.is_object()) {
        return std::string(("an action should be a JSON object such as "
                            "{\"type\": \"fire\", \"unit\": \"ID\", \"target\": \"ID\"}"));
    }
    Action action;
    for (const auto& [key, value] : json.items()) {
        if (key != "type" && key != "unit" && key != "target" && key != "path" && key != "facing" && key != "choice") {
            return std::string("unknown key \"" + key + "\" (expected type, unit, target, path, facing or choice)");
        }
    }
    if (!json.contains("type")) {
        return std::string(("the action has no \"type\" (fire, move, charge, ...)"));
    }
    for (auto [key, into] : {std::pair{"type", &action.type}, std::pair{"unit", &action.unit}, std::pair{"target", &action.target},
                             std::pair{"choice", &action.choice}}) {
        if (auto problem = readString(json, key, *into)) {
            return std::string(*problem);
        }
    }
    if (const auto facing = json.find("facing"); facing != json.end()) {
        if (!facing->is_number()) {
            return std::string("\"facing\" should be a number of degrees, not " + facing->dump());
        }
        action.facing = facing->get<double>();
    }
    if (const auto path = json.find("path"); path != json.end()) {
        if (!path->is_array()) {
            return std::string(("\"path\" should be an array of [x, y] points in millimetres"));
        }
        for (std::size_t i = 0; i < path->size(); ++i) {
            const auto& point = (*path)[i];
            if (!point.is_array() || point.size() != 2 || !point[0].is_number() || !point[1].is_number()) {
                return std::string("\"path\"[" + std::to_string(i) + "] should be [x, y] in millimetres, not " + point.dump());
            }
            action.path.push_back(Point(point[0].get<double>(), point[1].get<double>()));
        }
    }
    return action;
}

} // namespace sandtable
