// Richer orders: an action may name units acting with it, a point, a box and each
// element's own target or place; a prompt may ask for any of them. The JSON the CLI and
// the saves read, the checks the game makes whatever the ruleset, and the game, the
// computer player and the log carrying them through a ruleset made for the test.

#include "../support/payload_ruleset.h"
#include "sandtable/computer_player.h"
#include "sandtable/game.h"

#include <catch2/catch.hpp>
#include <cmath>
#include <limits>

using namespace sandtable;
using testsupport::grid;
using testsupport::PayloadRuleset;

namespace {

Action fullAction() {
    Action action;
    action.type = "volley";
    action.unit = "a";
    action.with = {"c"};
    action.point = Point(120.5, 80);
    action.box = Box{2, 1};
    action.elements = {ElementOrder{"a.1", "b", {}, {}}, ElementOrder{"a.2", {}, Point(60, 70), 90.0}};
    return action;
}

} // namespace

TEST_CASE("an action's co-acting units, point, box and element orders go to JSON and back", "[action][payload]") {
    const Action action = fullAction();
    const nlohmann::json json = toJson(action);
    CHECK(json == nlohmann::json::parse(R"({"type": "volley", "unit": "a", "with": ["c"], "point": [120.5, 80], "box": [2, 1],
        "elements": [{"element": "a.1", "target": "b"}, {"element": "a.2", "at": [60, 70], "facing": 90}]})"));
    const auto read = actionFromJson(json);
    REQUIRE(read.hasValue());
    CHECK(*read == action);
    // Keys with nothing in them are left out, so an order of before reads and writes the same.
    CHECK(toJson(Action{"fire", "a", "b", {}, {}, {}}) == nlohmann::json({{"type", "fire"}, {"unit", "a"}, {"target", "b"}}));
}

TEST_CASE("a malformed payload is refused naming the key and what was expected", "[action][payload]") {
    const auto problem = [](const char* text) { return actionFromJson(nlohmann::json::parse(text)).error(); };
    CHECK(problem(R"({"type": "m", "with": "c"})") == "\"with\" should be an array of the ids of units acting together");
    CHECK(problem(R"({"type": "m", "with": ["c", 4]})") == "\"with\"[1] should be a unit's id, not 4");
    CHECK(problem(R"({"type": "m", "point": [1]})") == "\"point\" should be [x, y] in millimetres, not [1]");
    CHECK(problem(R"({"type": "m", "box": [1.5, 2]})") ==
          "\"box\" should be [column, row], whole numbers from 0 at the top-left, not [1.5,2]");
    CHECK(problem(R"({"type": "m", "box": [-1, 2]})") == "\"box\" should be [column, row] from 0 at the top-left, not [-1,2]");
    CHECK(problem(R"({"type": "m", "elements": {}})").find("\"elements\" should be an array") == 0);
    CHECK(problem(R"({"type": "m", "elements": [3]})") ==
          "\"elements\"[0] should be an object such as {\"element\": \"ID\", \"at\": [x, y]}, not 3");
    CHECK(problem(R"({"type": "m", "elements": [{"target": "b"}]})") == "\"elements\"[0] names no \"element\"");
    CHECK(problem(R"({"type": "m", "elements": [{"element": "a.1", "at": [1, "y"]}]})") ==
          "\"elements\"[0].at should be [x, y] in millimetres, not [1,\"y\"]");
    CHECK(problem(R"({"type": "m", "elements": [{"element": "a.1", "facing": "north"}]})") ==
          "\"elements\"[0].facing should be a number of degrees, not \"north\"");
    CHECK(problem(R"({"type": "m", "elements": [{"element": "a.1", "speed": 3}]})") ==
          "\"elements\"[0]: unknown key \"speed\" (expected element, target, at or facing)");
}

TEST_CASE("a payload that cannot be on the table is refused whatever the rules", "[action][payload]") {
    const Table table{500, 300, MeasureUnit::Box, 50};
    CHECK(payloadProblem(table, fullAction()).empty());
    Action off = fullAction();
    off.point = Point(600, 10);
    CHECK(payloadProblem(table, off) == "the point (600, 10) is off the table");
    off.point = Point(std::nan(""), 10);
    CHECK(payloadProblem(table, off).find("is off the table") != std::string::npos);
    Action box = fullAction();
    box.box = Box{10, 0};
    CHECK(payloadProblem(table, box) == "box (10, 0) is off the grid of 10 by 6 boxes");
    box.box = Box{0, 0};
    CHECK(payloadProblem(Table{}, box) == "this table has no grid of boxes to name box A1 on");
    Action twice = fullAction();
    twice.elements.push_back(ElementOrder{"a.1", "b", {}, {}});
    CHECK(payloadProblem(table, twice) == "element \"a.1\" is given two orders (or none is named)");
    Action placed = fullAction();
    placed.elements[1].at = Point(10, -5);
    CHECK(payloadProblem(table, placed) == "element a.2 would be placed at (10, -5), off the table");
    placed.elements[1].at = Point(10, 5);
    placed.elements[1].facing = std::numeric_limits<double>::infinity();
    CHECK(payloadProblem(table, placed) == "element a.2's facing is not a number of degrees");
    Action self = fullAction();
    self.with = {"a"};
    CHECK(payloadProblem(table, self) == "unit \"a\" is named twice among the units acting together");
}

TEST_CASE("an answer must answer what the prompt asks", "[action][payload][prompt]") {
    const Table table{500, 300, MeasureUnit::Box, 50};
    Prompt prompt;
    prompt.question = "Where?";
    prompt.choices = {{"stand", "Stand"}, {"run", "Run"}};
    CHECK(answerProblem(table, prompt, answerChoosing("run")).empty());
    CHECK(answerProblem(table, prompt, answerChoosing("hide")) == "\"hide\" is not an answer (Where?): the choices are stand, run");

    prompt.input = OrderInput::Box;
    prompt.boxes = {Box{0, 0}};
    Action answer = answerChoosing({});
    CHECK(answerProblem(table, prompt, answer) == "the answer names no box (Where?)");
    answer.box = Box{1, 0};
    CHECK(answerProblem(table, prompt, answer) == "box B1 is not one the question allows (Where?)");
    answer.box = Box{0, 0};
    CHECK(answerProblem(table, prompt, answer).empty());

    prompt.input = OrderInput::Point;
    CHECK(answerProblem(table, prompt, answerChoosing({})) == "the answer names no point on the table (Where?)");

    prompt.input = OrderInput::Target;
    prompt.targets = {"b"};
    answer = answerChoosing({});
    answer.target = "c";
    CHECK(answerProblem(table, prompt, answer) == "the answer names no target the question allows (Where?)");

    prompt.input = OrderInput::Placement;
    prompt.elements = {"a.1", "a.2"};
    answer = answerChoosing({});
    answer.elements = {ElementOrder{"a.1", {}, Point(10, 10), {}}};
    CHECK(answerProblem(table, prompt, answer) == "element a.2 is left without a place (Where?)");
    answer.elements.push_back(ElementOrder{"a.2", {}, {}, {}});
    CHECK(answerProblem(table, prompt, answer) == "element a.2 is given no place (Where?)");
    answer.elements.back().at = Point(30, 10);
    CHECK(answerProblem(table, prompt, answer).empty());
    answer.elements.push_back(ElementOrder{"z.9", {}, Point(30, 30), {}});
    CHECK(answerProblem(table, prompt, answer) == "element z.9 is not one the question asks about (Where?)");

    prompt.input = OrderInput::ElementTargets;
    answer = answerChoosing({});
    answer.elements = {ElementOrder{"a.1", "b", {}, {}}, ElementOrder{"a.2", "c", {}, {}}};
    CHECK(answerProblem(table, prompt, answer) == "element a.2 is given no target the question allows (Where?)");
}

TEST_CASE("the game checks a payload and its offer, asks for a box, and the computer answers plainly", "[game][payload][prompt]") {
    auto started = Game::start(grid(), std::make_unique<PayloadRuleset>(), 1);
    REQUIRE(started.hasValue());
    Game& game = **started;
    Action advance{"advance", "a", "", {}, {}, {}};
    advance.box = Box{4, 4};
    // A box the offer does not list: the boxes it does, not the sequence of play.
    CHECK(game.perform(advance).error() == "a may not advance to box E5 now: the boxes it may advance to are B2 and C2");
    advance.box = Box{12, 0};
    CHECK(game.perform(advance).error() == "box (12, 0) is off the grid of 10 by 6 boxes");
    advance.box = Box{2, 1};
    REQUIRE(game.perform(advance).hasValue());
    CHECK(describe(game.battle(), advance) == "a: advance to box C2");

    // The computer aims every base at the one target, and acts with the unit's partner.
    const std::vector<ComputerChoice> choices = computerChoices(game, "s");
    const auto volley = std::find_if(choices.begin(), choices.end(), [](const ComputerChoice& c) { return c.action.type == "volley"; });
    REQUIRE(volley != choices.end());
    CHECK(volley->action.with == std::vector<std::string>{"c"});
    CHECK(volley->action.elements == std::vector<ElementOrder>{{"a.1", "b", {}, {}}, {"a.2", "b", {}, {}}});
    REQUIRE(game.perform(volley->action).hasValue());
    CHECK(game.battle().findUnit("a")->counters.at("volley") == 3);

    Action deploy = actionOf(game.offers("a").front());
    deploy.elements = {ElementOrder{"a.1", {}, Point(30, 30), {}}};
    CHECK(game.perform(deploy).hasValue()); // how many elements a placement needs is the ruleset's to say
    REQUIRE(game.prompt().has_value());
    CHECK(sideToDecide(game) == "t");
    Action answer = answerChoosing({});
    answer.box = Box{1, 1};
    CHECK(game.preview(answer).refusal == "box B2 is not one the question allows (Which box does the reserve go to?)");
    CHECK(game.perform(answer).error() == "box B2 is not one the question allows (Which box does the reserve go to?)");
    const std::vector<ComputerChoice> answers = computerChoices(game, "t");
    REQUIRE(answers.size() == 1);
    CHECK(answers.front().action.box == Box{0, 0});
    CHECK(answers.front().reason == "answers \"Which box does the reserve go to?\" the plainest way: answer to box A1");
    answer.box = Box{3, 2};
    REQUIRE(game.perform(answer).hasValue());
    CHECK(game.battle().findUnit("b")->counters.at("reserve-column") == 3);
    // The log keeps each payload whole: what a save writes reads back the same.
    for (const LogEntry& entry : game.log()) {
        CHECK(*actionFromJson(toJson(entry.action)) == entry.action);
    }
}
