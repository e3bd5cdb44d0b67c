#include "sandtable/action.h"

#include "sandtable/battle.h"
#include "sandtable/battle_geometry.h"

#include <algorithm>
#include <cmath>
#include <set>
#include <sstream>

namespace sandtable {

namespace {

std::string unitName(const Battle& battle, const std::string& id) {
    const Unit* unit = battle.findUnit(id);
    return unit != nullptr ? unit->name : id;
}

std::string pointText(const Table& table, const Point& point) {
    const auto sensible = [](double mm) { return std::isfinite(mm) && std::abs(mm) <= 1e6; };
    if (!sensible(point.x()) || !sensible(point.y())) {
        std::ostringstream text; // a point far off any table, as it was given
        text << "(" << point.x() << " mm, " << point.y() << " mm)";
        return text.str();
    }
    return "(" + table.formatLength(point.x()) + ", " + table.formatLength(point.y()) + ")";
}

} // namespace

namespace {

bool samePoint(const Point& a, const Point& b) { return a.x() == b.x() && a.y() == b.y(); }

bool samePoint(const std::optional<Point>& a, const std::optional<Point>& b) {
    return a.has_value() == b.has_value() && (!a || samePoint(*a, *b));
}

} // namespace

bool operator==(const ElementOrder& a, const ElementOrder& b) {
    return a.element == b.element && a.target == b.target && samePoint(a.at, b.at) && a.facing == b.facing;
}

bool operator==(const Action& a, const Action& b) {
    return a.type == b.type && a.unit == b.unit && a.target == b.target &&
           std::equal(a.path.begin(), a.path.end(), b.path.begin(), b.path.end(),
                      [](const Point& p, const Point& q) { return samePoint(p, q); }) &&
           a.facing == b.facing && a.choice == b.choice && a.with == b.with && samePoint(a.point, b.point) && a.box == b.box &&
           a.elements == b.elements;
}

Action answerChoosing(std::string choice) {
    Action answer;
    answer.type = "answer";
    answer.choice = std::move(choice);
    return answer;
}

std::string describe(const Battle& battle, const Action& action) {
    std::string text = action.type;
    if (!action.unit.empty()) {
        text = unitName(battle, action.unit) + ": " + text;
    }
    for (std::size_t i = 0; i < action.with.size(); ++i) {
        text += (i == 0 ? " with " : ", ") + unitName(battle, action.with[i]);
    }
    if (!action.target.empty()) {
        text += " " + unitName(battle, action.target);
    }
    if (action.point) {
        text += " at " + pointText(battle.table, *action.point);
    }
    if (action.box) {
        text += " to box " + boxName(*action.box);
    }
    for (const ElementOrder& order : action.elements) {
        text += "; " + order.element;
        if (!order.target.empty()) {
            text += " at " + unitName(battle, order.target);
        }
        if (order.at) {
            text += " to " + pointText(battle.table, *order.at);
        }
    }
    if (!action.choice.empty()) {
        text += " (" + action.choice + ")";
    }
    return text;
}

std::string payloadProblem(const Table& table, const Action& action) {
    if (std::string problem = pathProblem(table, action.path); !problem.empty()) {
        return problem;
    }
    const auto where = [](const Point& point) {
        std::ostringstream text;
        text << "(" << point.x() << ", " << point.y() << ")";
        return text.str();
    };
    if (action.facing && !std::isfinite(*action.facing)) {
        return "the facing is not a number of degrees";
    }
    if (action.point && !onTable(table, *action.point)) {
        return "the point " + where(*action.point) + " is off the table";
    }
    if (action.box) {
        if (!table.gridded()) {
            return "this table has no grid of boxes to name box " + boxName(*action.box) + " on";
        }
        if (!table.onGrid(*action.box)) {
            return "box (" + std::to_string(action.box->column) + ", " + std::to_string(action.box->row) + ") is off the grid of " +
                   std::to_string(table.columns()) + " by " + std::to_string(table.rows()) + " boxes";
        }
    }
    if (action.with.empty() && action.elements.empty()) {
        return {}; // most orders: nothing to gather (a replay asks this of every action)
    }
    std::set<std::string> units{action.unit};
    for (const std::string& unit : action.with) {
        if (unit.empty() || !units.insert(unit).second) {
            return "unit \"" + unit + "\" is named twice among the units acting together";
        }
    }
    std::set<std::string> elements;
    for (const ElementOrder& order : action.elements) {
        if (order.element.empty() || !elements.insert(order.element).second) {
            return "element \"" + order.element + "\" is given two orders (or none is named)";
        }
        if (order.at && !onTable(table, *order.at)) {
            return "element " + order.element + " would be placed at " + where(*order.at) + ", off the table";
        }
        if (order.facing && !std::isfinite(*order.facing)) {
            return "element " + order.element + "'s facing is not a number of degrees";
        }
    }
    return {};
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
    if (!action.with.empty()) {
        json["with"] = action.with;
    }
    if (action.point) {
        json["point"] = {action.point->x(), action.point->y()};
    }
    if (action.box) {
        json["box"] = {action.box->column, action.box->row};
    }
    if (!action.elements.empty()) {
        nlohmann::json orders = nlohmann::json::array();
        for (const ElementOrder& order : action.elements) {
            nlohmann::json one = {{"element", order.element}};
            if (!order.target.empty()) {
                one["target"] = order.target;
            }
            if (order.at) {
                one["at"] = {order.at->x(), order.at->y()};
            }
            if (order.facing) {
                one["facing"] = *order.facing;
            }
            orders.push_back(std::move(one));
        }
        json["elements"] = std::move(orders);
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

/// Reads [x, y] in millimetres; `what` names the place for the message.
Expected<Point, std::string> readPoint(const nlohmann::json& json, const std::string& what) {
    if (!json.is_array() || json.size() != 2 || !json[0].is_number() || !json[1].is_number()) {
        return what + " should be [x, y] in millimetres, not " + json.dump();
    }
    return Point(json[0].get<double>(), json[1].get<double>());
}

Expected<Box, std::string> readBox(const nlohmann::json& json) {
    if (!json.is_array() || json.size() != 2 || !json[0].is_number_integer() || !json[1].is_number_integer()) {
        return "\"box\" should be [column, row], whole numbers from 0 at the top-left, not " + json.dump();
    }
    const auto column = json[0].get<std::int64_t>();
    const auto row = json[1].get<std::int64_t>();
    constexpr std::int64_t most = 1'000'000;
    if (column < 0 || row < 0 || column > most || row > most) {
        return "\"box\" should be [column, row] from 0 at the top-left, not " + json.dump();
    }
    return Box{static_cast<int>(column), static_cast<int>(row)};
}

Expected<std::vector<ElementOrder>, std::string> readElementOrders(const nlohmann::json& json) {
    if (!json.is_array()) {
        return std::string("\"elements\" should be an array of {\"element\": ID, \"target\": ID, \"at\": [x, y], \"facing\": degrees}");
    }
    std::vector<ElementOrder> orders;
    for (std::size_t i = 0; i < json.size(); ++i) {
        const std::string where = "\"elements\"[" + std::to_string(i) + "]";
        const nlohmann::json& one = json[i];
        if (!one.is_object()) {
            return where + " should be an object such as {\"element\": \"ID\", \"at\": [x, y]}, not " + one.dump();
        }
        ElementOrder order;
        for (const auto& [key, value] : one.items()) {
            if (key == "element" || key == "target") {
                if (!value.is_string()) {
                    return where + "." + key + " should be a string, not " + value.dump();
                }
                (key == "element" ? order.element : order.target) = value.get<std::string>();
            } else if (key == "at") {
                auto at = readPoint(value, where + ".at");
                if (!at) {
                    return at.error();
                }
                order.at = *at;
            } else if (key == "facing") {
                if (!value.is_number()) {
                    return where + ".facing should be a number of degrees, not " + value.dump();
                }
                order.facing = value.get<double>();
            } else {
                return where + ": unknown key \"" + key + "\" (expected element, target, at or facing)";
            }
        }
        if (order.element.empty()) {
            return where + " names no \"element\"";
        }
        orders.push_back(std::move(order));
    }
    return orders;
}

} // namespace

Expected<Action, std::string> actionFromJson(const nlohmann::json& json) {
    if (!json.is_object()) {
        return std::string(("an action should be a JSON object such as "
                            "{\"type\": \"fire\", \"unit\": \"ID\", \"target\": \"ID\"}"));
    }
    Action action;
    for (const auto& [key, value] : json.items()) {
        static const std::set<std::string> known{"type", "unit", "target", "path", "facing", "choice", "with", "point", "box", "elements"};
        if (!known.contains(key)) {
            return std::string("unknown key \"" + key +
                               "\" (expected type, unit, target, path, facing, choice, with, point, box or elements)");
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
    if (const auto with = json.find("with"); with != json.end()) {
        if (!with->is_array()) {
            return std::string("\"with\" should be an array of the ids of units acting together");
        }
        for (std::size_t i = 0; i < with->size(); ++i) {
            if (!(*with)[i].is_string()) {
                return "\"with\"[" + std::to_string(i) + "] should be a unit's id, not " + (*with)[i].dump();
            }
            action.with.push_back((*with)[i].get<std::string>());
        }
    }
    if (const auto point = json.find("point"); point != json.end()) {
        auto read = readPoint(*point, "\"point\"");
        if (!read) {
            return read.error();
        }
        action.point = *read;
    }
    if (const auto box = json.find("box"); box != json.end()) {
        auto read = readBox(*box);
        if (!read) {
            return read.error();
        }
        action.box = *read;
    }
    if (const auto elements = json.find("elements"); elements != json.end()) {
        auto read = readElementOrders(*elements);
        if (!read) {
            return read.error();
        }
        action.elements = std::move(*read);
    }
    return action;
}

} // namespace sandtable
