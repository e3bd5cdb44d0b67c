#include "sandtable/scenario.h"

#include <cstdio>
#include <fstream>
#include <system_error>

namespace sandtable {

namespace {

using Json = nlohmann::ordered_json;

Json points(const auto& range) {
    Json list = Json::array();
    for (const Point& point : range) {
        list.push_back({point.x(), point.y()});
    }
    return list;
}

Json element(const Element& e) {
    Json json{{"x", e.centre.x()}, {"y", e.centre.y()}, {"facing", e.facing},
              {"width", e.width},  {"depth", e.depth}};
    if (!e.figures.empty()) {
        Json figures = Json::array();
        for (const FigureState state : e.figures) {
            figures.push_back(toString(state));
        }
        json["figures"] = figures;
    }
    return json;
}

// Optional strings and lists are written only when they hold something, always in the
// same order, so a scenario has exactly one text.
void putIfAny(Json& json, const char* key, const std::string& value) {
    if (!value.empty()) {
        json[key] = value;
    }
}

Json unit(const Unit& u) {
    Json json{{"id", u.id}, {"name", u.name}, {"side", u.side}, {"arm", toString(u.arm)}};
    putIfAny(json, "type", u.type);
    putIfAny(json, "quality", u.quality);
    putIfAny(json, "formation", u.formation);
    putIfAny(json, "brigade", u.brigade);
    putIfAny(json, "attachedTo", u.attachedTo);
    if (!u.stats.empty()) {
        json["stats"] = Json::parse(u.stats.dump()); // nlohmann::json sorts keys: stable
    }
    if (!u.markers.empty()) {
        json["markers"] = Json(std::vector<std::string>(u.markers.begin(), u.markers.end()));
    }
    Json elements = Json::array();
    for (const Element& e : u.elements) {
        elements.push_back(element(e));
    }
    json["elements"] = elements;
    if (u.basesLost() > 0) {
        json["startingBases"] = u.startingBases;
    }
    return json;
}

} // namespace

std::string toJsonText(const Scenario& scenario) {
    Json json;
    json["format"] = Scenario::format;
    json["name"] = scenario.name;
    putIfAny(json, "author", scenario.author);
    putIfAny(json, "source", scenario.source);
    json["ruleset"] = {{"id", scenario.rulesetId},
                       {"options", Json::parse(scenario.rulesetOptions.dump())}};
    const Table& table = scenario.battle.table;
    Json tableJson{{"width", table.width}, {"depth", table.depth}, {"unit", toString(table.unit)}};
    if (table.unit == MeasureUnit::Box) {
        tableJson["box"] = table.boxSize;
    }
    json["table"] = tableJson;
    Json areas = Json::array();
    for (const TerrainArea& area : scenario.battle.areas) {
        Json a{{"id", area.id}, {"name", area.name}, {"type", toString(area.type)}};
        if (area.type == AreaType::Hill) {
            a["level"] = area.level;
        }
        if (!area.rules.empty()) {
            a["rules"] = Json::parse(area.rules.dump());
        }
        a["points"] = points(area.outline.outer());
        areas.push_back(a);
    }
    Json lines = Json::array();
    for (const TerrainLine& line : scenario.battle.lines) {
        Json l{{"id", line.id}, {"name", line.name}, {"type", toString(line.type)}};
        if (!line.impassableTo.empty()) {
            l["impassableTo"] = Json(std::vector<std::string>(line.impassableTo.begin(), line.impassableTo.end()));
        }
        if (!line.rules.empty()) {
            l["rules"] = Json::parse(line.rules.dump());
        }
        l["points"] = points(line.path);
        lines.push_back(l);
    }
    json["terrain"] = {{"areas", areas}, {"lines", lines}};
    Json sides = Json::array();
    for (const Side& side : scenario.battle.sides) {
        Json s{{"id", side.id}, {"name", side.name}, {"colour", side.colour}};
        putIfAny(s, "commander", side.commander);
        sides.push_back(s);
    }
    json["sides"] = sides;
    Json units = Json::array();
    for (const Unit& u : scenario.battle.units) {
        units.push_back(unit(u));
    }
    json["units"] = units;
    Json victory = Json::array();
    for (const VictoryCondition& condition : scenario.victory) {
        victory.push_back({{"id", condition.id},
                           {"description", condition.description},
                           {"parameters", Json::parse(condition.parameters.dump())}});
    }
    json["victory"] = victory;
    return json.dump(2) + "\n";
}

std::string writeFileAtomically(const std::filesystem::path& path, const std::string& text) {
    std::filesystem::path temporary = path;
    temporary += ".saving";
    {
        std::ofstream out(temporary, std::ios::binary | std::ios::trunc);
        if (!out) {
            return "cannot write " + temporary.string();
        }
        out << text;
        out.flush();
        if (!out) {
            out.close();
            std::filesystem::remove(temporary);
            return "cannot write all of " + temporary.string() + " (is the disk full?)";
        }
    }
    std::error_code error;
    std::filesystem::rename(temporary, path, error);
    if (error) {
        std::filesystem::remove(temporary);
        return "cannot replace " + path.string() + ": " + error.message();
    }
    return {};
}

} // namespace sandtable
