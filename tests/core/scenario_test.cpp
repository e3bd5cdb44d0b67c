#include "sandtable/scenario.h"
#include "test_paths.h"

#include <catch2/catch.hpp>
#include <fstream>
#include <set>
#include <sstream>

using namespace sandtable;

namespace {

std::string readText(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

std::vector<std::filesystem::path> shippedScenarios() {
    std::vector<std::filesystem::path> paths;
    for (const auto& entry : std::filesystem::directory_iterator(scenariosDir())) {
        if (entry.path().extension() == ".json") {
            paths.push_back(entry.path());
        }
    }
    std::sort(paths.begin(), paths.end());
    return paths;
}

std::vector<std::string> problems(const std::string& text) {
    const auto loaded = parseScenario(text, "test.json");
    std::vector<std::string> lines;
    if (!loaded) {
        for (const Diagnostic& d : loaded.error()) {
            lines.push_back(d.where + ": " + d.message);
        }
    }
    return lines;
}

// A valid scenario to break one piece at a time.
const char* validScenario = R"({
  "format": 1, "name": "Test", "ruleset": {"id": "test-rules"},
  "table": {"width": 1000, "depth": 600, "unit": "inch"},
  "terrain": {
    "areas": [{"id": "wood", "type": "woods", "points": [[100,100],[200,100],[200,200],[100,200],[100,100]]}],
    "lines": [{"id": "hedge", "type": "hedge", "points": [[0,300],[1000,300]]}]
  },
  "sides": [{"id": "blue", "name": "Blue", "colour": "#1f4e9c"}],
  "units": [{"id": "u1", "name": "Foot", "side": "blue", "arm": "foot",
             "elements": [{"x": 500, "y": 500, "facing": 0, "width": 40, "depth": 20}]}]
})";

std::string replaced(std::string text, const std::string& from, const std::string& to) {
    const auto at = text.find(from);
    REQUIRE(at != std::string::npos);
    return text.replace(at, from.size(), to);
}

} // namespace

TEST_CASE("every shipped scenario loads and is stored in its canonical form", "[scenario][load]") {
    const auto paths = shippedScenarios();
    REQUIRE(paths.size() >= 3);
    for (const auto& path : paths) {
        INFO(path.filename().string());
        const auto loaded = loadScenario(path);
        INFO((loaded ? std::string() : toString(loaded.error())));
        REQUIRE(loaded);
        const std::string saved = toJsonText(*loaded);
        CHECK(saved == readText(path));
        // Load, save, load, save: identical bytes.
        const auto reloaded = parseScenario(saved, path.filename().string());
        REQUIRE(reloaded);
        CHECK(toJsonText(*reloaded) == saved);
    }
}

TEST_CASE("the sample tables cover each measuring unit and every terrain type", "[scenario][samples]") {
    std::set<MeasureUnit> units;
    // The gridded table waits in the test data for the ruleset it names (Victorian Colonial Combat).
    for (const std::filesystem::path& path : {scenariosDir() / "sample-inches.json", scenariosDir() / "sample-centimetres.json",
                                              testDataDir() / "scenarios" / "sample-boxes.json"}) {
        INFO(path.string());
        const auto loaded = loadScenario(path);
        REQUIRE(loaded);
        units.insert(loaded->battle.table.unit);
        std::set<AreaType> areas;
        for (const auto& area : loaded->battle.areas) {
            areas.insert(area.type);
        }
        std::set<LineType> lines;
        for (const auto& line : loaded->battle.lines) {
            lines.insert(line.type);
        }
        CHECK(areas.size() == 6);
        CHECK(lines.size() == 7);
        CHECK(loaded->battle.sides.size() == 2);
        CHECK_FALSE(loaded->battle.units.empty());
    }
    CHECK(units == std::set<MeasureUnit>{MeasureUnit::Inch, MeasureUnit::Centimetre, MeasureUnit::Box});
}

TEST_CASE("a valid scenario reads into the battle model", "[scenario][load]") {
    const auto loaded = parseScenario(validScenario, "test.json");
    INFO((loaded ? std::string() : toString(loaded.error())));
    REQUIRE(loaded);
    const Battle& battle = loaded->battle;
    CHECK(battle.table.width == 1000);
    CHECK(battle.areas.front().type == AreaType::Woods);
    CHECK(battle.lines.front().isObstacle());
    const Unit* unit = battle.findUnit("u1");
    REQUIRE(unit != nullptr);
    CHECK(unit->elements.front().width == 40);
    CHECK(battle.findSide("blue")->colour == "#1f4e9c");
}

TEST_CASE("every kind of scenario error is reported, all at once", "[scenario][errors]") {
    std::string text = validScenario;
    text = replaced(text, R"("type": "woods")", R"("type": "jungle")");
    text = replaced(text, "[100,200],[100,100]]", "[100,200],[90,90]]");
    text = replaced(text, R"("colour": "#1f4e9c")", R"("colour": "blue")");
    text = replaced(text, R"({"id": "u1", "name": "Foot", "side": "blue", "arm": "foot",
             "elements": [{"x": 500, "y": 500,)",
                    R"({"id": "u1", "name": "Foot", "side": "blue", "arm": "foot",
             "elements": [{"x": 500, "y": 500, "width": 40, "depth": -20}]},
            {"id": "u1", "name": "Copy", "side": "green", "arm": "foot", "size": 3,
             "elements": [{"x": 5000, "y": 500,)");
    CHECK(problems(text) == std::vector<std::string>{
                                "/terrain/areas/0/type: unknown terrain type \"jungle\" (expected woods, rough, "
                                "built-up, water, marsh or hill)",
                                "/terrain/areas/0/points: the outline is not closed: its last point must repeat its first",
                                "/sides/0/colour: expected a colour such as \"#1f4e9c\", found \"blue\"",
                                "/units/0/elements/0/depth: expected a number from 0.1 to 100000, found -20",
                                "/units/1/size: unknown key 'size' (expected one of: id, name, side, arm, type, "
                                "quality, formation, brigade, attachedTo, stats, markers, elements, startingBases)",
                                "/units/1/id: a second unit with the id 'u1'",
                                "/units/1/side: no side has the id 'green'",
                                "/units/1/elements: the unit 'u1' stands off the table (39.4\" by 23.6\")",
                            });
}

TEST_CASE("more scenario errors: sizes, hills, boxes, format", "[scenario][errors]") {
    CHECK(problems(replaced(validScenario, R"("width": 40, "depth": 20)", R"("width": 0, "depth": 20)")) ==
          std::vector<std::string>{"/units/0/elements/0/width: expected a number from 0.1 to 100000, found 0"});
    CHECK(problems(replaced(validScenario, R"("type": "woods")", R"("type": "hill")")) ==
          std::vector<std::string>{"/terrain/areas/0: missing 'level': a hill outline is a contour, level 1 the lowest"});
    CHECK(problems(replaced(validScenario, R"("unit": "inch")", R"("unit": "box")")) ==
          std::vector<std::string>{"/table: missing 'box': a table measured in boxes needs the box size in millimetres"});
    CHECK(problems(replaced(validScenario, R"("unit": "inch")", R"("unit": "furlong")")) ==
          std::vector<std::string>{"/table/unit: unknown measuring unit \"furlong\" (expected \"inch\", \"cm\" or \"box\")"});
    CHECK(problems(replaced(validScenario, R"("format": 1)", R"("format": 9)")) ==
          std::vector<std::string>{"/format: format 9 is not one this program reads (it reads formats 1 to 2): "
                                   "the file was written by a newer version"});
    CHECK(problems(replaced(validScenario, "[[100,100],[200,100],[200,200],[100,200],[100,100]]",
                            "[[100,100],[200,200],[200,100],[100,200],[100,100]]")) ==
          std::vector<std::string>{"/terrain/areas/0/points: the outline is not a simple polygon "
                                   "(its edges cross each other)"});
    // A negative table size: reported, and no unit is called off a table the file never set.
    CHECK(problems(replaced(validScenario, R"("width": 1000)", R"("width": -5)")) ==
          std::vector<std::string>{"/table/width: expected a number from 100 to 100000, found -5"});
    CHECK(problems(replaced(validScenario, R"("id": "hedge")", R"("id": "wood")")) ==
          std::vector<std::string>{"/terrain: two terrain features with the id 'wood'"});
}

TEST_CASE("a scenario of any bytes at all gives diagnostics, never a crash", "[scenario][errors]") {
    for (const char* text : {"", "[]", "{}", "{\"format\":1}", "\"scenario\"", "{\"format\":1,\"units\":[[]]}",
                             "{\"format\":1,\"terrain\":{\"areas\":[{\"points\":[[1]]}]}}",
                             "{\"format\":1,\"terrain\":{\"areas\":[{\"type\":\"hill\",\"level\":1,"
                             "\"points\":[[0,0],[0,0],[0,0],[0,0]]}]}}"}) {
        INFO(text);
        const auto loaded = parseScenario(text, "junk.json");
        REQUIRE_FALSE(loaded);
        CHECK_FALSE(loaded.error().empty());
    }
}

TEST_CASE("saving is atomic: a failed write leaves the old file whole", "[scenario][save]") {
    const auto folder = std::filesystem::temp_directory_path() / "sandtable-save-test";
    std::filesystem::remove_all(folder);
    std::filesystem::create_directories(folder);
    const auto path = folder / "game.json";
    CHECK(writeFileAtomically(path, "first").empty());
    CHECK(writeFileAtomically(path, "second").empty());
    CHECK(readText(path) == "second");
    CHECK_FALSE(std::filesystem::exists(folder / "game.json.saving"));
    // A folder that does not exist: an error message, and nothing written.
    const std::string error = writeFileAtomically(folder / "missing" / "game.json", "third");
    CHECK(error.rfind("cannot write ", 0) == 0);
    CHECK(readText(path) == "second");
    std::filesystem::remove_all(folder);
}

TEST_CASE("a unit that has lost bases keeps its starting number", "[scenario][losses]") {
    const std::string text = replaced(validScenario, R"("elements": [{"x": 500)", R"("startingBases": 3, "elements": [{"x": 500)");
    const auto loaded = parseScenario(text, "losses.json");
    REQUIRE(loaded);
    const Unit& unit = *loaded->battle.findUnit("u1");
    CHECK(unit.startingBases == 3);
    CHECK(unit.basesLost() == 2);
    const std::string saved = toJsonText(*loaded);
    CHECK(saved.find("\"startingBases\": 3") != std::string::npos);
    CHECK(toJsonText(*parseScenario(saved, "again.json")) == saved);
    // Fewer at the start than now is an error.
    const std::string wrong = replaced(
        validScenario, R"("elements": [{"x": 500, "y": 500, "facing": 0, "width": 40, "depth": 20}])",
        R"("startingBases": 1, "elements": [{"x": 500, "y": 500, "width": 40, "depth": 20}, {"x": 540, "y": 500, "width": 40, "depth": 20}])");
    CHECK(problems(wrong) == std::vector<std::string>{"/units/0/startingBases: the unit began with 1 bases but has 2 now"});
}

TEST_CASE("format 1 is read as it was written: no commands or element identity, and a prone figure", "[scenario][format]") {
    const std::string element = R"({"x": 500, "y": 500, "facing": 0, "width": 40, "depth": 20})";
    CHECK(problems(replaced(validScenario, element, R"({"x": 500, "y": 500, "width": 40, "depth": 20, "role": "officer"})")) ==
          std::vector<std::string>{
              "/units/0/elements/0/role: 'role' came in format 2; this file is format 1 (write \"format\": 2 to use it)"});
    CHECK(problems(replaced(validScenario, R"("units": [)", R"("commands": [], "units": [)")) ==
          std::vector<std::string>{"/commands: 'commands' came in format 2; this file is format 1 (write \"format\": 2 to use it)"});

    // A figure "prone" in format 1 is a fit figure on a stand marked prone.
    const std::string proneFigure = R"({"x": 500, "y": 500, "width": 40, "depth": 20, "figures": ["fit", "prone"]})";
    const auto one = parseScenario(replaced(validScenario, element, proneFigure), "one.json");
    REQUIRE(one.hasValue());
    const Element& stand = one->battle.units.front().elements.front();
    CHECK(stand.figures == std::vector<Health>{Health::Fit, Health::Fit});
    CHECK(stand.markers.count("prone") == 1);

    // Format 2 keeps health and posture apart: "prone" is refused as a figure's health.
    const std::string two = replaced(validScenario, R"("format": 1)", R"("format": 2)");
    CHECK(problems(replaced(two, element, proneFigure)) ==
          std::vector<std::string>{"/units/0/elements/0/figures/1: \"prone\" is a posture, not a figure's health: from format 2 it is "
                                   "one of the element's \"markers\""});
    CHECK(problems(replaced(two, element, R"({"x": 500, "y": 500, "width": 40, "depth": 20, "role": "officer"})")).empty());
}

TEST_CASE("a scenario's reported course is read, checked and written back", "[scenario][course]") {
    const std::string course = R"(,
  "reportedCourse": {"source": "report.txt: \"Turn two\"", "winner": "blue", "endTurn": 3, "result": "Red fled",
                     "losses": [{"side": "blue", "unitsLostByTurn": [0, 1, 1]}]}
})";
    const std::string text = replaced(validScenario, "\n}", course);
    const auto loaded = parseScenario(text, "test.json");
    INFO((loaded ? std::string() : toString(loaded.error())));
    REQUIRE(loaded);
    REQUIRE(loaded->reportedCourse);
    CHECK(loaded->reportedCourse->winner == "blue");
    CHECK(loaded->reportedCourse->endTurn == 3);
    CHECK(loaded->reportedCourse->result == "Red fled");
    REQUIRE(loaded->reportedCourse->losses.size() == 1);
    CHECK(loaded->reportedCourse->losses[0].unitsLostByTurn == std::vector<int>{0, 1, 1});
    // Written and read again, the same; a draw is written as "draw" and read as no winner.
    const auto again = parseScenario(toJsonText(*loaded), "again.json");
    REQUIRE(again);
    CHECK(toJsonText(*again) == toJsonText(*loaded));
    const auto drawn = parseScenario(replaced(text, R"("winner": "blue")", R"("winner": "draw")"), "draw.json");
    REQUIRE(drawn);
    CHECK(drawn->reportedCourse->winner.empty());
    CHECK(toJsonText(*drawn).find(R"("winner": "draw")") != std::string::npos);

    // Each mistake named at its place.
    const std::string broken = replaced(text, R"("winner": "blue", "endTurn": 3, "result": "Red fled",
                     "losses": [{"side": "blue", "unitsLostByTurn": [0, 1, 1]}])",
                                        R"("winner": "green", "endTurn": 2, "result": "Red fled", "turns": 4,
                     "losses": [{"side": "blue", "unitsLostByTurn": [1, 0, 1]}, {"side": "blue", "unitsLostByTurn": [2]},
                                {"side": "red", "unitsLostByTurn": []}])");
    CHECK(problems(broken) == std::vector<std::string>{
                                  "/reportedCourse/winner: expected a side's id or \"draw\", found \"green\"",
                                  "/reportedCourse/losses/0/unitsLostByTurn: expected at most 2 turns (the endTurn), found 3",
                                  "/reportedCourse/losses/0/unitsLostByTurn/1: losses by turn count the units lost so far, so "
                                  "they never fall (1 before this)",
                                  "/reportedCourse/losses/1/side: a second entry for the side \"blue\"",
                                  "/reportedCourse/losses/1/unitsLostByTurn/0: expected a whole number from 0 to 1, found 2",
                                  "/reportedCourse/losses/2/side: no side \"red\" in the scenario",
                                  "/reportedCourse/turns: unknown key 'turns' (expected one of: source, result, endTurn, "
                                  "winner, losses)",
                              });
}

TEST_CASE("a scenario's pre-battle moves are read, checked and written back", "[scenario][pre-battle]") {
    const std::string moves = R"(,
  "preBattleMoves": [{"unit": "u1", "to": [600, 500], "facing": 90, "note": "to the right"}]
})";
    const std::string text = replaced(validScenario, "\n}", moves);
    const auto loaded = parseScenario(text, "test.json");
    INFO((loaded ? std::string() : toString(loaded.error())));
    REQUIRE(loaded);
    REQUIRE(loaded->preBattleMoves.size() == 1);
    const PreBattleMove& move = loaded->preBattleMoves.front();
    CHECK(move.unit == "u1");
    CHECK(move.to.x() == 600);
    CHECK(move.to.y() == 500);
    CHECK(move.facing == 90);
    CHECK(move.note == "to the right");
    const auto again = parseScenario(toJsonText(*loaded), "again.json");
    REQUIRE(again);
    CHECK(toJsonText(*again) == toJsonText(*loaded));

    const std::string broken = replaced(text, R"([{"unit": "u1", "to": [600, 500], "facing": 90, "note": "to the right"}])",
                                        R"([{"unit": "u1", "to": [600, 500]}, {"unit": "u1", "to": [2000, 500], "facing": "left"},
                                           {"unit": "u9", "to": [1, 2], "when": "first"}])");
    CHECK(problems(broken) == std::vector<std::string>{
                                  "/preBattleMoves/1/unit: a second pre-battle move for \"u1\" (each unit moves once)",
                                  "/preBattleMoves/1/to: expected a point on the table (0 to 1000 by 0 to 600 millimetres)",
                                  "/preBattleMoves/1/facing: expected a number, found a string",
                                  "/preBattleMoves/2/unit: no unit \"u9\" in the scenario",
                                  "/preBattleMoves/2/when: unknown key 'when' (expected one of: unit, to, facing, note)",
                              });
}

TEST_CASE("a side's flag reads layer by layer, writes back the same, and each mistake is named where it is", "[scenario][flag]") {
    const std::string flagged = replaced(validScenario, R"("colour": "#1f4e9c"})",
                                         R"("colour": "#1f4e9c", "flag": [
        {"shape": "stripes", "colours": ["#002395", "#ffffff", "#ed2939"], "across": false},
        {"shape": "saltire", "colours": ["#ffffff"], "width": 0.25},
        {"shape": "canton", "colours": ["#3c3b6e"]}]})");
    const auto loaded = parseScenario(flagged, "test.json");
    INFO((loaded ? std::string() : toString(loaded.error())));
    REQUIRE(loaded);
    const std::vector<FlagLayer>& flag = loaded->battle.sides.front().flag;
    REQUIRE(flag.size() == 3);
    CHECK(flag[0].shape == FlagLayer::Shape::Stripes);
    CHECK(flag[0].colours == std::vector<std::string>{"#002395", "#ffffff", "#ed2939"});
    CHECK_FALSE(flag[0].across);
    CHECK(flag[1].shape == FlagLayer::Shape::Saltire);
    CHECK(flag[1].width == 0.25);
    CHECK(flag[2].shape == FlagLayer::Shape::Canton);
    // Written and read again: the same flag.
    const auto again = parseScenario(toJsonText(*loaded), "again.json");
    REQUIRE(again);
    CHECK(again->battle.sides.front().flag == flag);
    // Without one, none: the side's colour is its flag.
    CHECK(parseScenario(validScenario, "test.json")->battle.sides.front().flag.empty());

    const auto withFlag = [&](const std::string& layers) {
        return problems(replaced(validScenario, R"("colour": "#1f4e9c"})", R"("colour": "#1f4e9c", "flag": )" + layers + "}"));
    };
    CHECK(withFlag(R"([{"shape": "eagle", "colours": ["#ffffff"]}])") ==
          std::vector<std::string>{
              "/sides/0/flag/0/shape: expected a flag's shape: field, stripes, cross, saltire or canton, found \"eagle\""});
    CHECK(withFlag(R"([{"shape": "field", "colours": ["white"]}])") ==
          std::vector<std::string>{"/sides/0/flag/0/colours/0: expected a colour such as \"#1f4e9c\", found \"white\""});
    CHECK(withFlag(R"([{"shape": "cross", "colours": ["#ffffff", "#000000"]}])") ==
          std::vector<std::string>{"/sides/0/flag/0/colours: expected one colour for this layer"});
    CHECK(withFlag(R"([{"shape": "stripes", "colours": []}])") ==
          std::vector<std::string>{"/sides/0/flag/0/colours: expected a colour for each stripe"});
    CHECK(withFlag(R"([{"shape": "cross", "colours": ["#ffffff"], "width": 2}])").size() == 1);
    CHECK(withFlag(R"([{"shape": "field", "colours": ["#ffffff"], "motto": "x"}])").size() == 1);
    CHECK(withFlag(R"({"shape": "field"})").size() == 1);
}
