#include "sandtable/scenario.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <fstream>
#include <system_error>
#include <unistd.h>

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

// Optional strings and lists are written only when they hold something, always in the
// same order, so a scenario has exactly one text.
void putIfAny(Json& json, const char* key, const std::string& value) {
    if (!value.empty()) {
        json[key] = value;
    }
}

// An element's id is written only when it is not the one its place would give it.
Json element(const Element& e, const std::string& defaultId) {
    Json json{{"x", e.centre.x()}, {"y", e.centre.y()}, {"facing", e.facing}, {"width", e.width}, {"depth", e.depth}};
    if (!e.figures.empty()) {
        Json figures = Json::array();
        for (const Health health : e.figures) {
            figures.push_back(toString(health));
        }
        json["figures"] = figures;
    }
    if (e.id != defaultId) {
        putIfAny(json, "id", e.id);
    }
    putIfAny(json, "role", e.role);
    putIfAny(json, "rank", e.rank);
    putIfAny(json, "weapon", e.weapon);
    if (e.health != Health::Fit) {
        json["health"] = toString(e.health);
    }
    if (!e.markers.empty()) {
        json["markers"] = Json(std::vector<std::string>(e.markers.begin(), e.markers.end()));
    }
    return json;
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
    for (std::size_t i = 0; i < u.elements.size(); ++i) {
        elements.push_back(element(u.elements[i], defaultElementId(u.id, i)));
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
    json["ruleset"] = {{"id", scenario.rulesetId}, {"options", Json::parse(scenario.rulesetOptions.dump())}};
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
        if (!side.flag.empty()) {
            static const char* const shapes[] = {"field", "stripes", "cross", "saltire", "canton"};
            Json flag = Json::array();
            for (const FlagLayer& layer : side.flag) {
                Json l{{"shape", shapes[static_cast<int>(layer.shape)]}, {"colours", layer.colours}};
                if (layer.shape == FlagLayer::Shape::Stripes && !layer.across) {
                    l["across"] = false;
                }
                if (layer.shape == FlagLayer::Shape::Cross || layer.shape == FlagLayer::Shape::Saltire) {
                    l["width"] = layer.width;
                }
                flag.push_back(l);
            }
            s["flag"] = flag;
        }
        sides.push_back(s);
    }
    json["sides"] = sides;
    if (!scenario.battle.commands.empty()) {
        Json commands = Json::array();
        for (const Command& command : scenario.battle.commands) {
            Json c{{"id", command.id}, {"name", command.name}, {"side", command.side}, {"level", command.level}};
            putIfAny(c, "commander", command.commander);
            putIfAny(c, "parent", command.parent);
            commands.push_back(c);
        }
        json["commands"] = commands;
    }
    Json units = Json::array();
    for (const Unit& u : scenario.battle.units) {
        units.push_back(unit(u));
    }
    json["units"] = units;
    Json victory = Json::array();
    for (const VictoryCondition& condition : scenario.victory) {
        victory.push_back(
            {{"id", condition.id}, {"description", condition.description}, {"parameters", Json::parse(condition.parameters.dump())}});
    }
    json["victory"] = victory;
    if (!scenario.preBattleMoves.empty()) {
        Json moves = Json::array();
        for (const PreBattleMove& move : scenario.preBattleMoves) {
            Json m{{"unit", move.unit}, {"to", {move.to.x(), move.to.y()}}};
            if (move.facing) {
                m["facing"] = *move.facing;
            }
            putIfAny(m, "note", move.note);
            moves.push_back(m);
        }
        json["preBattleMoves"] = moves;
    }
    if (const auto& course = scenario.reportedCourse) {
        Json losses = Json::array();
        for (const ReportedLosses& side : course->losses) {
            losses.push_back({{"side", side.side}, {"unitsLostByTurn", side.unitsLostByTurn}});
        }
        json["reportedCourse"] = {{"source", course->source},
                                  {"winner", course->winner.empty() ? std::string("draw") : course->winner},
                                  {"endTurn", course->endTurn},
                                  {"result", course->result},
                                  {"losses", losses}};
    }
    return json.dump(2) + "\n";
}

std::string writeFileAtomically(const std::filesystem::path& path, const std::string& text) {
    // Write beside it, flush to the disk, then rename over it, then flush the folder: after
    // a crash or a power cut there is the old file or the new one, never half of one.
    std::filesystem::path temporary = path;
    temporary += ".saving";
    const auto reason = [] { return std::string(std::strerror(errno)); };
    const int fd = ::open(temporary.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (fd < 0) {
        return "cannot write " + temporary.string() + ": " + reason();
    }
    std::size_t written = 0;
    while (written < text.size()) {
        const ssize_t n = ::write(fd, text.data() + written, text.size() - written);
        if (n < 0 && errno == EINTR) {
            continue;
        }
        if (n <= 0) {
            const std::string why = reason();
            ::close(fd);
            std::filesystem::remove(temporary);
            return "cannot write all of " + temporary.string() + ": " + why;
        }
        written += static_cast<std::size_t>(n);
    }
    if (::fsync(fd) != 0 || ::close(fd) != 0) {
        const std::string why = reason();
        std::filesystem::remove(temporary);
        return "cannot finish writing " + temporary.string() + ": " + why;
    }
    std::error_code error;
    std::filesystem::rename(temporary, path, error);
    if (error) {
        std::filesystem::remove(temporary);
        return "cannot replace " + path.string() + ": " + error.message();
    }
    const std::filesystem::path folder = path.has_parent_path() ? path.parent_path() : std::filesystem::path(".");
    if (const int dir = ::open(folder.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC); dir >= 0) {
        ::fsync(dir);
        ::close(dir);
    }
    return {};
}

} // namespace sandtable
