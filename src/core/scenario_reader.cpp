// Reading a scenario file. Every problem is reported with its JSON pointer and reading
// goes on, so one pass tells an author everything that is wrong.

#include "sandtable/battle_geometry.h"
#include "sandtable/json_reader.h"
#include "sandtable/scenario.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <map>
#include <regex>
#include <set>

namespace bg = boost::geometry;

namespace sandtable {

namespace {

constexpr double largestLength = Table::largestSide;

std::optional<std::string> optionalText(JsonObject& object, std::string_view key) {
    const auto node = object.optional(key);
    return node ? node->string() : std::optional<std::string>(std::string());
}

// A member that names one of a fixed set of values ("woods", "hill"...): the value, or
// a diagnostic listing the names allowed. Missing or unknown leaves `good` false.
template <typename Value, typename FromString>
std::optional<Value> readNamed(JsonObject& object, std::string_view key, FromString fromString, const std::string& what,
                               const std::string& allowed) {
    const auto node = object.required(key);
    if (!node) {
        return std::nullopt;
    }
    const auto text = node->string();
    if (!text) {
        return std::nullopt;
    }
    const std::optional<Value> value = fromString(*text);
    if (!value) {
        node->error("unknown " + what + " \"" + *text + "\" (expected " + allowed + ")");
    }
    return value;
}

std::optional<Point> readPoint(const JsonNode& node) {
    const auto pair = node.array();
    if (!pair) {
        return std::nullopt;
    }
    if (pair->size() != 2) {
        node.error("expected a point [x, y] in millimetres, found " + std::to_string(pair->size()) + " numbers");
        return std::nullopt;
    }
    const auto x = (*pair)[0].number(-largestLength, largestLength);
    const auto y = (*pair)[1].number(-largestLength, largestLength);
    if (!x || !y) {
        return std::nullopt;
    }
    return Point(*x, *y);
}

std::optional<std::vector<Point>> readPoints(const JsonNode& node, std::size_t minimum, const char* what) {
    const auto items = node.array();
    if (!items) {
        return std::nullopt;
    }
    std::vector<Point> points;
    bool good = true;
    for (const JsonNode& item : *items) {
        if (const auto point = readPoint(item)) {
            points.push_back(*point);
        } else {
            good = false;
        }
    }
    if (good && points.size() < minimum) {
        node.error(std::string("expected at least ") + std::to_string(minimum) + " points for " + what + ", found " +
                   std::to_string(points.size()));
        return std::nullopt;
    }
    return good ? std::optional<std::vector<Point>>(points) : std::nullopt;
}

// Returns whether the table was read whole; if not, nothing can be checked against it.
bool readTable(JsonObject& root, Table& table) {
    const auto node = root.required("table");
    if (!node) {
        return false;
    }
    JsonObject object = node->object();
    bool good = object.valid();
    const auto width = object.required("width");
    const auto widthValue = width ? width->number(Table::smallestSide, largestLength) : std::nullopt;
    const auto depth = object.required("depth");
    const auto depthValue = depth ? depth->number(Table::smallestSide, largestLength) : std::nullopt;
    good = good && widthValue && depthValue;
    table.width = widthValue.value_or(table.width);
    table.depth = depthValue.value_or(table.depth);
    const auto unit = readNamed<MeasureUnit>(object, "unit", measureUnitFromString, "measuring unit", "\"inch\", \"cm\" or \"box\"");
    good = good && unit;
    table.unit = unit.value_or(MeasureUnit::Inch);
    const auto box = object.optional("box");
    if (table.unit == MeasureUnit::Box) {
        if (!box) {
            object.node().error("missing 'box': a table measured in boxes needs the box size in millimetres");
            good = false;
        } else {
            const auto size = box->number(1, largestLength);
            good = good && size;
            table.boxSize = size.value_or(0);
        }
    } else if (box) {
        box->error("a box size belongs only to a table measured in boxes (\"unit\": \"box\")");
    }
    object.rejectUnknownKeys();
    return good;
}

void readArea(const JsonNode& node, Battle& battle) {
    JsonObject object = node.object();
    TerrainArea area;
    area.id = object.requiredText("id").value_or("");
    area.name = optionalText(object, "name").value_or("");
    bool good = !area.id.empty();
    const auto type =
        readNamed<AreaType>(object, "type", areaTypeFromString, "terrain type", "woods, rough, built-up, water, marsh or hill");
    good = good && type;
    area.type = type.value_or(AreaType::Rough);
    const auto level = object.optional("level");
    if (area.type == AreaType::Hill) {
        if (!level) {
            object.node().error("missing 'level': a hill outline is a contour, level 1 the lowest");
            good = false;
        } else {
            area.level = static_cast<int>(level->integer(1, 20).value_or(0));
            good = good && area.level > 0;
        }
    } else if (level) {
        level->error("only a hill has a contour level");
        good = false;
    }
    if (const auto rules = object.optional("rules")) {
        area.rules = rules->objectValue("what the feature does under the ruleset").value_or(nlohmann::json::object());
    }
    if (const auto pointsNode = object.required("points")) {
        const auto points = readPoints(*pointsNode, 4, "a closed outline (three corners and the first again)");
        if (points && !bg::equals(points->front(), points->back())) {
            pointsNode->error("the outline is not closed: its last point must repeat its first");
            good = false;
        } else if (points) {
            for (const Point& point : *points) {
                bg::append(area.outline.outer(), point);
            }
            bg::correct(area.outline);
            if (const std::string why = polygonProblem(area.outline); !why.empty()) {
                pointsNode->error("the outline is not a simple polygon (" + why + ")");
                good = false;
            }
        } else {
            good = false;
        }
    } else {
        good = false;
    }
    object.rejectUnknownKeys();
    if (good) {
        battle.areas.push_back(std::move(area));
    }
}

void readLine(const JsonNode& node, Battle& battle) {
    JsonObject object = node.object();
    TerrainLine line;
    line.id = object.requiredText("id").value_or("");
    line.name = optionalText(object, "name").value_or("");
    bool good = !line.id.empty();
    const auto type =
        readNamed<LineType>(object, "type", lineTypeFromString, "terrain line", "river, stream, road, bridge, hedge, wall or fence");
    good = good && type;
    line.type = type.value_or(LineType::Hedge);
    if (const auto arms = object.optional("impassableTo")) {
        for (const JsonNode& armNode : arms->array().value_or(std::vector<JsonNode>{})) {
            const auto text = armNode.string();
            if (text && !armFromString(*text)) {
                armNode.error("unknown arm \"" + *text + "\" (expected foot, horse, guns or leader)");
                good = false;
            } else if (text) {
                line.impassableTo.insert(*text);
            }
        }
    }
    if (const auto rules = object.optional("rules")) {
        line.rules = rules->objectValue("what crossing it does under the ruleset").value_or(nlohmann::json::object());
    }
    if (const auto pointsNode = object.required("points")) {
        const auto points = readPoints(*pointsNode, 2, "a line");
        good = good && points;
        if (points) {
            line.path.assign(points->begin(), points->end());
        }
    } else {
        good = false;
    }
    object.rejectUnknownKeys();
    if (good) {
        battle.lines.push_back(std::move(line));
    }
}

/// A colour given as "#rrggbb"; anything else is named as the problem where it stands.
std::optional<std::string> colourText(const JsonNode& node) {
    static const std::regex colour("#[0-9a-fA-F]{6}");
    const std::optional<std::string> text = node.string();
    if (text && !std::regex_match(*text, colour)) {
        node.error("expected a colour such as \"#1f4e9c\", found \"" + *text + "\"");
        return std::nullopt;
    }
    return text;
}

std::optional<FlagLayer> readFlagLayer(const JsonNode& node) {
    static const std::map<std::string, FlagLayer::Shape> shapes{{"field", FlagLayer::Shape::Field},
                                                                {"stripes", FlagLayer::Shape::Stripes},
                                                                {"cross", FlagLayer::Shape::Cross},
                                                                {"saltire", FlagLayer::Shape::Saltire},
                                                                {"canton", FlagLayer::Shape::Canton}};
    JsonObject object = node.object();
    FlagLayer layer;
    bool good = object.valid();
    if (const auto shapeNode = object.required("shape")) {
        const std::string shape = shapeNode->string().value_or("");
        if (const auto found = shapes.find(shape); found != shapes.end()) {
            layer.shape = found->second;
        } else if (shapeNode->isString()) {
            shapeNode->error("expected a flag's shape: field, stripes, cross, saltire or canton, found \"" + shape + "\"");
            good = false;
        } else {
            good = false;
        }
    } else {
        good = false;
    }
    if (const auto coloursNode = object.required("colours")) {
        if (const auto colours = coloursNode->array()) {
            for (const JsonNode& each : *colours) {
                const std::optional<std::string> text = colourText(each);
                good = good && text.has_value();
                layer.colours.push_back(text.value_or(""));
            }
            if (colours->empty() || (layer.shape != FlagLayer::Shape::Stripes && colours->size() != 1)) {
                coloursNode->error(layer.shape == FlagLayer::Shape::Stripes ? "expected a colour for each stripe"
                                                                            : "expected one colour for this layer");
                good = false;
            }
        } else {
            good = false;
        }
    } else {
        good = false;
    }
    if (const auto across = object.optional("across")) {
        layer.across = across->boolean().value_or(true);
    }
    if (const auto width = object.optional("width")) {
        layer.width = width->number(0.01, 1).value_or(layer.width);
    }
    object.rejectUnknownKeys();
    return good ? std::optional(layer) : std::nullopt;
}

void readSide(const JsonNode& node, Battle& battle) {
    JsonObject object = node.object();
    Side side;
    side.id = object.requiredText("id").value_or("");
    side.name = object.requiredText("name").value_or("");
    if (const auto colourNode = object.required("colour")) {
        side.colour = colourText(*colourNode).value_or("");
    }
    side.commander = optionalText(object, "commander").value_or("");
    if (const auto flagNode = object.optional("flag")) {
        if (const auto layers = flagNode->array()) {
            for (const JsonNode& layer : *layers) {
                if (auto read = readFlagLayer(layer)) {
                    side.flag.push_back(std::move(*read));
                }
            }
        }
    }
    object.rejectUnknownKeys();
    battle.sides.push_back(std::move(side));
}

void readCommand(const JsonNode& node, Battle& battle) {
    JsonObject object = node.object();
    Command command;
    command.id = object.requiredText("id").value_or("");
    command.name = object.requiredText("name").value_or("");
    command.side = object.requiredText("side").value_or("");
    command.level = optionalText(object, "level").value_or("");
    command.level = command.level.empty() ? "brigade" : command.level;
    command.commander = optionalText(object, "commander").value_or("");
    command.parent = optionalText(object, "parent").value_or("");
    object.rejectUnknownKeys();
    battle.commands.push_back(std::move(command));
}

/// Commands name sides, commanders and parents that exist, on their own side, and no
/// command is its own superior; a unit's brigade, where the scenario declares commands,
/// is one of them.
void checkCommands(const Battle& battle, const std::vector<std::string>& unitPointers, const std::string& root, Diagnostics& diagnostics) {
    std::set<std::string> ids;
    for (std::size_t i = 0; i < battle.commands.size(); ++i) {
        const Command& command = battle.commands[i];
        const std::string at = root + "/commands/" + std::to_string(i);
        if (!command.id.empty() && !ids.insert(command.id).second) {
            diagnostics.error(at + "/id", "a second command with the id '" + command.id + "'");
        }
        if (!command.side.empty() && battle.findSide(command.side) == nullptr) {
            diagnostics.error(at + "/side", "no side has the id '" + command.side + "'");
        }
        if (!command.commander.empty()) {
            const Unit* commander = battle.findUnit(command.commander);
            if (commander == nullptr) {
                diagnostics.error(at + "/commander", "no unit has the id '" + command.commander + "'");
            } else if (commander->side != command.side) {
                diagnostics.error(at + "/commander", "the commander '" + command.commander + "' is of side '" + commander->side +
                                                         "', the command of side '" + command.side + "'");
            }
        }
        if (command.parent.empty()) {
            continue;
        }
        const Command* parent = battle.findCommand(command.parent);
        if (parent == nullptr) {
            diagnostics.error(at + "/parent", "no command has the id '" + command.parent + "'");
            continue;
        }
        if (parent->side != command.side) {
            diagnostics.error(at + "/parent", "the command '" + command.parent + "' is of another side");
        }
        std::set<std::string> seen{command.id};
        for (const Command* next = parent; next != nullptr; next = next->parent.empty() ? nullptr : battle.findCommand(next->parent)) {
            if (!seen.insert(next->id).second) {
                diagnostics.error(at + "/parent", "the command '" + command.id + "' is among its own superiors");
                break;
            }
        }
    }
    if (battle.commands.empty()) {
        return; // a brigade is a free label where the scenario declares no chain of command
    }
    for (std::size_t i = 0; i < battle.units.size() && i < unitPointers.size(); ++i) {
        const Unit& unit = battle.units[i];
        if (unit.brigade.empty()) {
            continue;
        }
        const Command* command = battle.findCommand(unit.brigade);
        if (command == nullptr) {
            diagnostics.error(unitPointers[i] + "/brigade", "no command has the id '" + unit.brigade + "'");
        } else if (command->side != unit.side) {
            diagnostics.error(unitPointers[i] + "/brigade", "the command '" + unit.brigade + "' is of another side");
        }
    }
}

/// Format 2 brought the chain of command and an element's identity (its id, role, rank,
/// weapon, health and markers).
constexpr std::int64_t commandAndIdentityFormat = 2;

std::optional<Element> readElement(const JsonNode& node, std::int64_t format) {
    JsonObject object = node.object();
    for (const char* key : {"id", "role", "rank", "weapon", "health", "markers"}) {
        refuseNewerKey(object, key, format, commandAndIdentityFormat);
    }
    const auto x = object.required("x");
    const auto y = object.required("y");
    const auto facing = object.optional("facing");
    const auto width = object.required("width");
    const auto depth = object.required("depth");
    Element element;
    bool good = x && y && width && depth;
    if (good) {
        const auto cx = x->number(-largestLength, largestLength);
        const auto cy = y->number(-largestLength, largestLength);
        const auto w = width->number(0.1, largestLength);
        const auto d = depth->number(0.1, largestLength);
        good = cx && cy && w && d;
        element.centre = Point(cx.value_or(0), cy.value_or(0));
        element.width = w.value_or(1);
        element.depth = d.value_or(1);
    }
    if (facing) {
        const auto degrees = facing->number(-360, 360);
        good = good && degrees;
        element.facing = normaliseDegrees(degrees.value_or(0));
    }
    const auto readHealth = [&](const JsonNode& value) {
        const auto text = value.string();
        // Format 1 wrote "prone" as a figure's state: from format 2 it is the element's
        // posture, one of its markers, and the figure is fit.
        if (text && *text == "prone" && format < commandAndIdentityFormat) {
            element.markers.insert("prone");
            return Health::Fit;
        }
        if (text && *text == "prone") {
            value.error("\"prone\" is a posture, not a figure's health: from format 2 it is one of the element's \"markers\"");
            good = false;
            return Health::Fit;
        }
        const auto health = text ? healthFromString(*text) : std::nullopt;
        if (text && !health) {
            value.error("unknown health \"" + *text + "\" (expected fit, lightly-wounded, heavily-wounded, killed, captured or ran)");
        }
        good = good && health;
        return health.value_or(Health::Fit);
    };
    if (const auto figures = object.optional("figures")) {
        for (const JsonNode& figure : figures->array().value_or(std::vector<JsonNode>{})) {
            element.figures.push_back(readHealth(figure));
        }
    }
    element.id = optionalText(object, "id").value_or("");
    element.role = optionalText(object, "role").value_or("");
    element.rank = optionalText(object, "rank").value_or("");
    element.weapon = optionalText(object, "weapon").value_or("");
    if (const auto health = object.optional("health")) {
        element.health = readHealth(*health);
    }
    if (const auto markers = object.optional("markers")) {
        for (const JsonNode& marker : markers->array().value_or(std::vector<JsonNode>{})) {
            if (const auto text = marker.text()) {
                element.markers.insert(*text);
            }
        }
    }
    object.rejectUnknownKeys();
    return good ? std::optional<Element>(element) : std::nullopt;
}

void readUnit(const JsonNode& node, std::int64_t format, Battle& battle, std::vector<std::string>& pointers) {
    JsonObject object = node.object();
    Unit unit;
    unit.id = object.requiredText("id").value_or("");
    unit.name = object.requiredText("name").value_or("");
    unit.side = object.requiredText("side").value_or("");
    unit.arm = readNamed<Arm>(object, "arm", armFromString, "arm", "foot, horse, guns or leader").value_or(Arm::Foot);
    unit.type = optionalText(object, "type").value_or("");
    unit.quality = optionalText(object, "quality").value_or("");
    unit.formation = optionalText(object, "formation").value_or("");
    unit.brigade = optionalText(object, "brigade").value_or("");
    unit.attachedTo = optionalText(object, "attachedTo").value_or("");
    if (const auto stats = object.optional("stats")) {
        unit.stats = stats->objectValue("the ruleset's numbers").value_or(nlohmann::json::object());
    }
    if (const auto markers = object.optional("markers")) {
        for (const JsonNode& marker : markers->array().value_or(std::vector<JsonNode>{})) {
            if (const auto text = marker.text()) {
                unit.markers.insert(*text);
            }
        }
    }
    if (const auto elements = object.required("elements")) {
        const auto items = elements->array();
        if (items && items->empty()) {
            elements->error("expected at least one base");
        }
        for (const JsonNode& item : items.value_or(std::vector<JsonNode>{})) {
            if (auto element = readElement(item, format)) {
                unit.elements.push_back(*element);
            }
        }
    }
    if (const auto starting = object.optional("startingBases")) {
        const auto count = starting->integer(1, 1000);
        if (count && *count < static_cast<std::int64_t>(unit.elements.size())) {
            starting->error("the unit began with " + std::to_string(*count) + " bases but has " + std::to_string(unit.elements.size()) +
                            " now");
        }
        unit.startingBases = static_cast<int>(count.value_or(0));
    }
    object.rejectUnknownKeys();
    unit.nameElements();
    battle.units.push_back(std::move(unit));
    pointers.push_back(node.pointer());
}

// Checks that need the whole battle: references between records, ids, the table's edge.
void crossCheck(const Battle& battle, bool tableGood, const std::vector<std::string>& unitPointers, const std::string& root,
                Diagnostics& diagnostics) {
    std::set<std::string> terrainIds;
    for (std::size_t i = 0; i < battle.areas.size(); ++i) {
        if (!terrainIds.insert(battle.areas[i].id).second) {
            diagnostics.error(root + "/terrain", "two terrain features with the id '" + battle.areas[i].id + "'");
        }
    }
    for (const TerrainLine& line : battle.lines) {
        if (!terrainIds.insert(line.id).second) {
            diagnostics.error(root + "/terrain", "two terrain features with the id '" + line.id + "'");
        }
    }
    // A contour above the first lies within a contour one level lower: a hill is built up.
    for (std::size_t i = 0; i < battle.areas.size(); ++i) {
        const TerrainArea& area = battle.areas[i];
        if (area.type != AreaType::Hill || area.level <= 1) {
            continue;
        }
        const bool supported = std::any_of(battle.areas.begin(), battle.areas.end(), [&](const TerrainArea& lower) {
            if (lower.type != AreaType::Hill || lower.level != area.level - 1) {
                return false;
            }
            // Every corner inside: enough for the outlines a table holds, and free of the
            // general polygon overlay (its rescaling warns under -O3).
            return std::all_of(area.outline.outer().begin(), area.outline.outer().end(),
                               [&](const Point& corner) { return boost::geometry::covered_by(corner, lower.outline); });
        });
        if (!supported) {
            diagnostics.error(root + "/terrain/areas/" + std::to_string(i), "the level " + std::to_string(area.level) + " contour '" +
                                                                                area.id + "' does not lie within a level " +
                                                                                std::to_string(area.level - 1) + " contour");
        }
    }
    // Bases of two fighting units may touch (a line, a melee) but not stand on each other:
    // a leader may stand with a unit, and a unit's own bases are its own affair.
    std::vector<std::array<Point, 4>> shrunk;
    std::vector<std::size_t> owner;
    for (std::size_t i = 0; i < battle.units.size(); ++i) {
        if (battle.units[i].arm == Arm::Leader) {
            continue;
        }
        for (const Element& element : battle.units[i].elements) {
            // A millimetre in from every edge: bases that only touch are apart.
            shrunk.push_back(
                rectangleCorners(element.centre, std::max(0.0, element.width - 2), std::max(0.0, element.depth - 2), element.facing));
            owner.push_back(i);
        }
    }
    std::set<std::pair<std::size_t, std::size_t>> reported;
    for (std::size_t a = 0; a < shrunk.size(); ++a) {
        for (std::size_t b = a + 1; b < shrunk.size(); ++b) {
            if (owner[a] == owner[b] || reported.count({owner[a], owner[b]}) != 0) {
                continue;
            }
            const double reach = std::hypot(shrunk[a][0].x() - shrunk[a][2].x(), shrunk[a][0].y() - shrunk[a][2].y()) +
                                 std::hypot(shrunk[b][0].x() - shrunk[b][2].x(), shrunk[b][0].y() - shrunk[b][2].y());
            const Point ca((shrunk[a][0].x() + shrunk[a][2].x()) / 2, (shrunk[a][0].y() + shrunk[a][2].y()) / 2);
            const Point cb((shrunk[b][0].x() + shrunk[b][2].x()) / 2, (shrunk[b][0].y() + shrunk[b][2].y()) / 2);
            if (std::hypot(ca.x() - cb.x(), ca.y() - cb.y()) > reach / 2) {
                continue; // too far apart to meet
            }
            if (convexOutlinesMeet(shrunk[a], shrunk[b])) {
                reported.insert({owner[a], owner[b]});
                diagnostics.error(unitPointers[owner[b]] + "/elements", "the unit '" + battle.units[owner[b]].id +
                                                                            "' stands on the unit '" + battle.units[owner[a]].id +
                                                                            "' (their bases overlap)");
            }
        }
    }
    std::set<std::string> sideIds;
    for (std::size_t i = 0; i < battle.sides.size(); ++i) {
        if (!battle.sides[i].id.empty() && !sideIds.insert(battle.sides[i].id).second) {
            diagnostics.error(root + "/sides/" + std::to_string(i) + "/id", "a second side with the id '" + battle.sides[i].id + "'");
        }
    }
    std::set<std::string> unitIds;
    std::set<std::string> elementIds;
    for (std::size_t i = 0; i < battle.units.size(); ++i) {
        const Unit& unit = battle.units[i];
        const std::string& at = unitPointers[i];
        if (!unit.id.empty() && !unitIds.insert(unit.id).second) {
            diagnostics.error(at + "/id", "a second unit with the id '" + unit.id + "'");
        }
        // An element keeps its id whichever unit it joins: ids are the battle's, not the unit's.
        for (std::size_t e = 0; e < unit.elements.size(); ++e) {
            if (!elementIds.insert(unit.elements[e].id).second) {
                diagnostics.error(at + "/elements/" + std::to_string(e), "a second element with the id '" + unit.elements[e].id + "'");
            }
        }
        if (!unit.side.empty() && battle.findSide(unit.side) == nullptr) {
            diagnostics.error(at + "/side", "no side has the id '" + unit.side + "'");
        }
        if (!unit.attachedTo.empty() && battle.findUnit(unit.attachedTo) == nullptr) {
            diagnostics.error(at + "/attachedTo", "no unit has the id '" + unit.attachedTo + "'");
        } else if (!unit.attachedTo.empty()) {
            // A leader goes with a unit that stands on its own: not itself, not round a circle.
            std::set<std::string> seen{unit.id};
            for (const Unit* next = battle.findUnit(unit.attachedTo); next != nullptr;
                 next = next->attachedTo.empty() ? nullptr : battle.findUnit(next->attachedTo)) {
                if (!seen.insert(next->id).second) {
                    diagnostics.error(at + "/attachedTo", unit.attachedTo == unit.id
                                                              ? "the unit '" + unit.id + "' is attached to itself"
                                                              : "the attachments of '" + unit.id + "' run round in a circle");
                    break;
                }
            }
        }
        if (tableGood && !unit.elements.empty() && !onTable(battle.table, unit)) {
            diagnostics.error(at + "/elements", "the unit '" + unit.id + "' stands off the table (" +
                                                    battle.table.formatLength(battle.table.width) + " by " +
                                                    battle.table.formatLength(battle.table.depth) + ")");
        }
    }
}

// The report's course: a winner among the sides (or "draw"), the turn it ended, and each
// side's cumulative losses by turn, which never fall, never run past the end or exceed
// the side's units.
ReportedCourse readReportedCourse(const JsonNode& node, const Battle& battle) {
    ReportedCourse course;
    JsonObject object = node.object();
    course.source = object.requiredText("source").value_or("");
    course.result = object.requiredText("result").value_or("");
    course.endTurn = static_cast<int>(object.requiredInteger("endTurn", 1, 1000).value_or(0));
    if (const auto winner = object.required("winner")) {
        const std::string id = winner->string().value_or("");
        if (id != "draw" && battle.findSide(id) == nullptr && winner->isString()) {
            winner->error("expected a side's id or \"draw\", found \"" + id + "\"");
        }
        course.winner = id == "draw" ? "" : id;
    }
    if (const auto losses = object.required("losses")) {
        std::set<std::string> seen;
        for (const JsonNode& item : losses->array().value_or(std::vector<JsonNode>{})) {
            JsonObject side = item.object();
            ReportedLosses lost;
            if (const auto sideNode = side.required("side")) {
                lost.side = sideNode->string().value_or("");
                if (sideNode->isString() && battle.findSide(lost.side) == nullptr) {
                    sideNode->error("no side \"" + lost.side + "\" in the scenario");
                } else if (sideNode->isString() && !seen.insert(lost.side).second) {
                    sideNode->error("a second entry for the side \"" + lost.side + "\"");
                }
            }
            const auto units = static_cast<int>(
                std::count_if(battle.units.begin(), battle.units.end(), [&](const Unit& unit) { return unit.side == lost.side; }));
            if (const auto byTurn = side.required("unitsLostByTurn")) {
                const auto turns = byTurn->array().value_or(std::vector<JsonNode>{});
                if (course.endTurn > 0 && static_cast<int>(turns.size()) > course.endTurn) {
                    byTurn->error("expected at most " + std::to_string(course.endTurn) + " turns (the endTurn), found " +
                                  std::to_string(turns.size()));
                }
                for (const JsonNode& turn : turns) {
                    const int lostNow = static_cast<int>(turn.integer(0, std::max(units, 0)).value_or(0));
                    if (!lost.unitsLostByTurn.empty() && lostNow < lost.unitsLostByTurn.back()) {
                        turn.error("losses by turn count the units lost so far, so they never fall (" +
                                   std::to_string(lost.unitsLostByTurn.back()) + " before this)");
                    }
                    lost.unitsLostByTurn.push_back(lostNow);
                }
            }
            side.rejectUnknownKeys();
            course.losses.push_back(std::move(lost));
        }
    }
    object.rejectUnknownKeys();
    return course;
}

// The report's pre-battle moves: each of a unit of the scenario (once), to a point on the
// table, with an optional facing and the report's words.
void readPreBattleMoves(const JsonNode& node, Scenario& scenario) {
    std::set<std::string> moved;
    const Table& table = scenario.battle.table;
    for (const JsonNode& item : node.array().value_or(std::vector<JsonNode>{})) {
        JsonObject object = item.object();
        PreBattleMove move;
        if (const auto unitNode = object.required("unit")) {
            move.unit = unitNode->string().value_or("");
            if (unitNode->isString() && scenario.battle.findUnit(move.unit) == nullptr) {
                unitNode->error("no unit \"" + move.unit + "\" in the scenario");
            } else if (unitNode->isString() && !moved.insert(move.unit).second) {
                unitNode->error("a second pre-battle move for \"" + move.unit + "\" (each unit moves once)");
            }
        }
        if (const auto to = object.required("to")) {
            if (const std::optional<Point> point = readPoint(*to)) {
                move.to = *point;
                if (point->x() < 0 || point->y() < 0 || point->x() > table.width || point->y() > table.depth) {
                    to->error("expected a point on the table (0 to " + std::to_string(static_cast<int>(table.width)) + " by 0 to " +
                              std::to_string(static_cast<int>(table.depth)) + " millimetres)");
                }
            }
        }
        if (const auto facing = object.optional("facing")) {
            move.facing = facing->number(-360, 360);
        }
        move.note = optionalText(object, "note").value_or("");
        object.rejectUnknownKeys();
        scenario.preBattleMoves.push_back(std::move(move));
    }
}

} // namespace

// The one reader of a scenario document, however its text arrived.
LoadResult<Scenario> readScenario(const JsonNode& node) {
    Diagnostics& diagnostics = node.diagnostics();
    Scenario scenario;
    JsonObject root = node.object();
    if (!root.valid()) {
        return diagnostics.all();
    }
    // A version outside those read is reported alone: its fields mean other things.
    const std::optional<std::int64_t> format = checkFormat(root, Scenario::format, Scenario::oldestFormat);
    if (!format) {
        return diagnostics.all();
    }
    scenario.name = root.requiredText("name").value_or("");
    scenario.author = optionalText(root, "author").value_or("");
    scenario.source = optionalText(root, "source").value_or("");
    if (const auto rulesetNode = root.required("ruleset")) {
        JsonObject ruleset = rulesetNode->object();
        scenario.rulesetId = ruleset.requiredText("id").value_or("");
        if (const auto options = ruleset.optional("options")) {
            scenario.rulesetOptions = options->objectValue("option values").value_or(nlohmann::json::object());
        }
        ruleset.rejectUnknownKeys();
    }
    const bool tableGood = readTable(root, scenario.battle.table);
    if (const auto terrainNode = root.optional("terrain")) {
        JsonObject terrain = terrainNode->object();
        if (const auto areas = terrain.optional("areas")) {
            for (const JsonNode& area : areas->array().value_or(std::vector<JsonNode>{})) {
                readArea(area, scenario.battle);
            }
        }
        if (const auto lines = terrain.optional("lines")) {
            for (const JsonNode& line : lines->array().value_or(std::vector<JsonNode>{})) {
                readLine(line, scenario.battle);
            }
        }
        terrain.rejectUnknownKeys();
    }
    if (const auto sides = root.required("sides")) {
        for (const JsonNode& side : sides->array().value_or(std::vector<JsonNode>{})) {
            readSide(side, scenario.battle);
        }
    }
    std::vector<std::string> unitPointers;
    if (const auto units = root.required("units")) {
        for (const JsonNode& unit : units->array().value_or(std::vector<JsonNode>{})) {
            readUnit(unit, *format, scenario.battle, unitPointers);
        }
    }
    refuseNewerKey(root, "commands", *format, commandAndIdentityFormat);
    if (const auto commands = root.optional("commands")) {
        for (const JsonNode& command : commands->array().value_or(std::vector<JsonNode>{})) {
            readCommand(command, scenario.battle);
        }
    }
    if (const auto victory = root.optional("victory")) {
        for (const JsonNode& item : victory->array().value_or(std::vector<JsonNode>{})) {
            JsonObject condition = item.object();
            VictoryCondition parsed;
            parsed.id = condition.requiredText("id").value_or("");
            parsed.description = condition.requiredText("description").value_or("");
            if (const auto parameters = condition.optional("parameters")) {
                parsed.parameters = parameters->objectValue("").value_or(nlohmann::json::object());
            }
            condition.rejectUnknownKeys();
            scenario.victory.push_back(std::move(parsed));
        }
    }
    if (const auto moves = root.optional("preBattleMoves")) {
        readPreBattleMoves(*moves, scenario);
    }
    if (const auto course = root.optional("reportedCourse")) {
        scenario.reportedCourse = readReportedCourse(*course, scenario.battle);
    }
    root.rejectUnknownKeys();
    crossCheck(scenario.battle, tableGood, unitPointers, node.pointer(), diagnostics);
    checkCommands(scenario.battle, unitPointers, node.pointer(), diagnostics);
    if (!diagnostics.empty()) {
        return diagnostics.all();
    }
    return scenario;
}

namespace {

LoadResult<Scenario> readScenarioDocument(const nlohmann::json& json, Diagnostics& diagnostics) {
    return readScenario(JsonNode(json, "", diagnostics));
}

} // namespace

LoadResult<Scenario> parseScenario(std::string_view text, const std::string& fileName) {
    return parseDocument<Scenario>(text, fileName, readScenarioDocument);
}

LoadResult<Scenario> loadScenario(const std::filesystem::path& path) { return loadDocument<Scenario>(path, readScenarioDocument); }

} // namespace sandtable
