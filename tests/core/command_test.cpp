// The chain of command (battle.h): brigades, divisions and the army with their
// commanders, read from a scenario and checked, written back, asked who serves under whom,
// and a command passed to another leader by an event that the state text hashes.

#include "sandtable/battle_state.h"
#include "sandtable/event.h"
#include "sandtable/scenario.h"

#include <catch2/catch.hpp>

using namespace sandtable;

namespace {

const char* scenarioWithCommands = R"({
  "format": 2, "name": "Commands", "ruleset": {"id": "test-rules"},
  "table": {"width": 1000, "depth": 600, "unit": "inch"},
  "sides": [{"id": "us", "name": "Americans", "colour": "#1f4e9c"}, {"id": "uk", "name": "British", "colour": "#c0392b"}],
  "commands": [{"id": "army", "name": "Continental Army", "side": "us", "level": "army"},
               {"id": "div-1", "name": "Greene's Division", "side": "us", "level": "division", "parent": "army"},
               {"id": "bde-1", "name": "Weedon's Brigade", "side": "us", "commander": "weedon", "parent": "div-1"},
               {"id": "bde-2", "name": "Muhlenberg's Brigade", "side": "us", "parent": "div-1"},
               {"id": "guards", "name": "Guards Brigade", "side": "uk"}],
  "units": [{"id": "weedon", "name": "Gen. Weedon", "side": "us", "arm": "leader", "brigade": "bde-1",
             "elements": [{"x": 100, "y": 100, "width": 20, "depth": 20}]},
            {"id": "3va", "name": "3rd Virginia", "side": "us", "arm": "foot", "brigade": "bde-1",
             "elements": [{"x": 200, "y": 100, "width": 40, "depth": 20}]},
            {"id": "8pa", "name": "8th Pennsylvania", "side": "us", "arm": "foot", "brigade": "bde-2",
             "elements": [{"x": 300, "y": 100, "width": 40, "depth": 20}]},
            {"id": "coldstream", "name": "Coldstream", "side": "uk", "arm": "foot", "brigade": "guards",
             "elements": [{"x": 300, "y": 500, "width": 40, "depth": 20}]}]
})";

std::string problemsWith(const std::string& from, const std::string& to) {
    std::string text = scenarioWithCommands;
    text.replace(text.find(from), from.size(), to);
    const auto loaded = parseScenario(text, "commands.json");
    return loaded ? std::string() : toString(loaded.error());
}

} // namespace

TEST_CASE("a scenario's chain of command: who serves under whom, written back as read", "[command][scenario]") {
    const auto loaded = parseScenario(scenarioWithCommands, "commands.json");
    REQUIRE(loaded);
    const Battle& battle = loaded->battle;
    REQUIRE(battle.commands.size() == 5);
    CHECK(battle.findCommand("bde-1")->level == "brigade"); // the default level
    CHECK(battle.findCommand("bde-1")->commander == "weedon");
    const std::vector<const Command*> chain = chainOfCommand(battle, *battle.findUnit("3va"));
    REQUIRE(chain.size() == 3);
    CHECK(chain[0]->id == "bde-1");
    CHECK(chain[1]->id == "div-1");
    CHECK(chain[2]->id == "army");
    CHECK(unitsUnder(battle, "bde-1") == std::vector<std::string>{"weedon", "3va"});
    CHECK(unitsUnder(battle, "div-1") == std::vector<std::string>{"weedon", "3va", "8pa"});
    CHECK(unitsUnder(battle, "guards") == std::vector<std::string>{"coldstream"});
    CHECK(servesUnder(battle, *battle.findUnit("8pa"), "army"));
    CHECK_FALSE(servesUnder(battle, *battle.findUnit("8pa"), "bde-1"));
    const std::string saved = toJsonText(*loaded);
    CHECK(saved.find("\"commands\"") != std::string::npos);
    CHECK(toJsonText(*parseScenario(saved, "again.json")) == saved);
    // A scenario with no chain of command writes none, and its brigades stay free labels.
    Scenario plain = *loaded;
    plain.battle.commands.clear();
    CHECK(toJsonText(plain).find("\"commands\"") == std::string::npos);
    CHECK(chainOfCommand(plain.battle, *plain.battle.findUnit("3va")).empty());
    CHECK(servesUnder(plain.battle, *plain.battle.findUnit("3va"), "bde-1"));
}

TEST_CASE("a chain of command that cannot be is refused at its place in the file", "[command][scenario]") {
    CHECK(problemsWith(R"("parent": "div-1"},
               {"id": "bde-2")",
                       R"("parent": "div-9"},
               {"id": "bde-2")")
              .find("/commands/2/parent: no command has the id 'div-9'") != std::string::npos);
    CHECK(problemsWith(R"("level": "army"})", R"("level": "army", "parent": "bde-1"})")
              .find("/commands/0/parent: the command 'army' is among its own superiors") != std::string::npos);
    CHECK(problemsWith(R"("commander": "weedon")", R"("commander": "coldstream")")
              .find("/commands/2/commander: the commander 'coldstream' is of side 'uk', the command of side 'us'") != std::string::npos);
    CHECK(problemsWith(R"("brigade": "bde-2")", R"("brigade": "bde-7")").find("/units/2/brigade: no command has the id 'bde-7'") !=
          std::string::npos);
    CHECK(
        problemsWith(R"("brigade": "guards")", R"("brigade": "bde-2")").find("/units/3/brigade: the command 'bde-2' is of another side") !=
        std::string::npos);
    CHECK(problemsWith(R"({"id": "guards", "name": "Guards Brigade", "side": "uk"})",
                       R"({"id": "guards", "name": "Guards Brigade", "side": "uk", "colour": "red"})")
              .find("/commands/4/colour: unknown key 'colour'") != std::string::npos);
}

TEST_CASE("a command passes to another leader by an event, said in the log and hashed", "[command][event]") {
    Battle battle = parseScenario(scenarioWithCommands, "commands.json")->battle;
    const std::string before = battleStateText(battle);
    CHECK(before.find("command bde-1: weedon\n") != std::string::npos);
    CHECK(before.find("command bde-2: -\n") != std::string::npos);
    const event::CommandTaken taken{"bde-1", ""};
    CHECK(describe(battle, taken) == "Weedon's Brigade: without a commander");
    applyEvent(battle, taken);
    CHECK(battle.findCommand("bde-1")->commander.empty());
    CHECK(battleStateText(battle) != before);
    CHECK(describe(battle, event::CommandTaken{"bde-2", "weedon"}) == "Muhlenberg's Brigade: commanded by Gen. Weedon");
    applyEvent(battle, event::CommandTaken{"bde-2", "weedon"});
    CHECK(battle.findCommand("bde-2")->commander == "weedon");
    CHECK_THROWS_AS(applyEvent(battle, event::CommandTaken{"bde-9", "weedon"}), std::logic_error);
    CHECK_THROWS_AS(applyEvent(battle, event::CommandTaken{"bde-1", "nobody"}), std::logic_error);
    CHECK(battle.findCommand("bde-1")->commander.empty()); // a refused event changes nothing
}
