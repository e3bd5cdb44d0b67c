#include "sandtable/action.h"
#include "sandtable/battle_state.h"
#include "sandtable/event.h"

#include <catch2/catch.hpp>

using namespace sandtable;

namespace {

Battle oneUnitBattle() {
    Battle battle;
    Unit unit;
    unit.id = "u";
    unit.name = "1st Foot";
    for (int i = 0; i < 3; ++i) {
        Element element;
        element.centre = Point(100.0 + 40 * i, 200);
        unit.elements.push_back(element);
    }
    battle.units.push_back(unit);
    return battle;
}

} // namespace

TEST_CASE("events change the battle and say what they did", "[event]") {
    Battle battle = oneUnitBattle();
    const Event moved = event::Moved{"u", {{Point(100, 100), 90}, {Point(140, 100), 90}, {Point(180, 100), 90}}};
    CHECK(describe(battle, moved) == "1st Foot: moves 3.9\", facing 90°");
    applyEvent(battle, moved);
    CHECK(battle.units[0].elements[1].centre.y() == 100);
    CHECK(battle.units[0].elements[1].facing == 90);

    applyEvent(battle, event::MarkerChanged{"u", "disordered", true});
    CHECK(battle.units[0].markers.count("disordered") == 1);
    CHECK(describe(battle, event::MarkerChanged{"u", "disordered", false}) == "1st Foot: no longer disordered");
    applyEvent(battle, event::MarkerChanged{"u", "disordered", false});
    CHECK(battle.units[0].markers.empty());

    battle.units[0].nameElements();
    CHECK(describe(battle, rearmost(battle.units[0], 2)) == "1st Foot: loses 2 bases (u.2 and u.3)");
    applyEvent(battle, rearmost(battle.units[0], 2));
    CHECK(battle.units[0].elements.size() == 1);
    CHECK(battle.units[0].startingBases == 3);
    CHECK(battle.units[0].basesLost() == 2);
    applyEvent(battle, rearmost(battle.units[0], 5)); // more than it has: all it has
    CHECK_THROWS_AS(applyEvent(battle, event::ElementsRemoved{"u", {""}}), std::logic_error);
    CHECK(battle.units[0].eliminated());

    applyEvent(battle, event::CounterSet{"u", "movement-left", 4.5});
    CHECK(battle.units[0].counters.at("movement-left") == 4.5);
    applyEvent(battle, event::CounterSet{"u", "movement-left", std::nullopt});
    CHECK(battle.units[0].counters.empty());

    applyEvent(battle, event::SessionSet{"deck", {"B1", "R2"}});
    CHECK(battle.session["deck"].size() == 2);
    applyEvent(battle, event::FormationSet{"u", "column"});
    CHECK(battle.units[0].formation == "column");
    applyEvent(battle, event::TurnSet{3, "fire"});
    CHECK(battle.turn == 3);
    CHECK(battleStateText(battle).rfind("turn 3, fire\nu: 0/3 bases, column\n", 0) == 0);
}

TEST_CASE("an event naming a unit the battle lacks is a ruleset's bug: it throws", "[event]") {
    Battle battle = oneUnitBattle();
    CHECK_THROWS_AS(applyEvent(battle, event::MarkerChanged{"ghost", "routed", true}), std::logic_error);
    CHECK_THROWS_AS(applyEvent(battle, event::Moved{"u", {}}), std::logic_error);
}

TEST_CASE("actions read from JSON name what is wrong", "[event][action]") {
    const auto fire = actionFromJson({{"type", "fire"}, {"unit", "a"}, {"target", "b"}});
    REQUIRE(fire.hasValue());
    CHECK(toJson(*fire) == nlohmann::json({{"type", "fire"}, {"unit", "a"}, {"target", "b"}}));
    const auto move = actionFromJson({{"type", "move"}, {"unit", "a"}, {"path", {{1.5, 2}, {3, 4}}}});
    REQUIRE(move.hasValue());
    CHECK(move->path.size() == 2);
    CHECK(actionFromJson({{"unit", "a"}}).error() == "the action has no \"type\" (fire, move, charge, ...)");
    CHECK(actionFromJson({{"type", "fire"}, {"speed", 3}}).error() ==
          "unknown key \"speed\" (expected type, unit, target, path, facing, choice, with, point, box or elements)");
    CHECK(actionFromJson({{"type", "move"}, {"path", {{1, "x"}}}}).error() == "\"path\"[0] should be [x, y] in millimetres, not [1,\"x\"]");
    CHECK(actionFromJson({{"type", 3}}).error() == "\"type\" should be a string, not 3");
}

TEST_CASE("a leader joins a unit and leaves it: the unit's own state, in the state text", "[event][attach]") {
    Battle battle = oneUnitBattle();
    Unit general;
    general.id = "general";
    general.name = "General Grey";
    general.side = battle.units.front().side;
    general.arm = Arm::Leader;
    general.elements.push_back(Element{});
    battle.units.push_back(general);
    const std::string foot = battle.units.front().id;
    CHECK(describe(battle, event::Attached{"general", foot}) == "General Grey: joins " + battle.units.front().name);
    applyEvent(battle, event::Attached{"general", foot});
    CHECK(battle.findUnit("general")->attachedTo == foot);
    CHECK(battleStateText(battle).find("general: 1/0 bases, attached to " + foot) != std::string::npos);
    applyEvent(battle, event::Attached{"general", ""});
    CHECK(battle.findUnit("general")->attachedTo.empty());
    CHECK(describe(battle, event::Attached{"general", ""}) == "General Grey: leaves the unit he was with");
    CHECK_THROWS_AS(applyEvent(battle, event::Attached{"general", "nobody"}), std::logic_error);
    CHECK_THROWS_AS(applyEvent(battle, event::Attached{"nobody", foot}), std::logic_error);
    CHECK(battle.findUnit("general")->attachedTo.empty()); // a refused event changes nothing
}

TEST_CASE("a side's and a terrain feature's state in play: typed markers with events, in the state text", "[event][state]") {
    Battle battle = oneUnitBattle();
    battle.sides.push_back(Side{"blue", "Blue", "#0000ff", "", {}});
    TerrainLine wall;
    wall.id = "wall-1";
    wall.name = "Farm wall";
    wall.type = LineType::Wall;
    battle.lines.push_back(wall);
    TerrainArea wood;
    wood.id = "wood-1";
    wood.type = AreaType::Woods;
    battle.areas.push_back(wood);

    CHECK(describe(battle, event::SideMarkerChanged{"blue", "passed", true}) == "Blue: passed");
    applyEvent(battle, event::SideMarkerChanged{"blue", "passed", true});
    CHECK(battle.findSide("blue")->markers == std::set<std::string>{"passed"});
    CHECK(battleStateText(battle).find("side blue: passed\n") != std::string::npos);
    applyEvent(battle, event::SideMarkerChanged{"blue", "passed", false});
    CHECK(battle.findSide("blue")->markers.empty());
    CHECK(battleStateText(battle).find("side blue") == std::string::npos);
    CHECK_THROWS_AS(applyEvent(battle, event::SideMarkerChanged{"green", "passed", true}), std::logic_error);

    CHECK(describe(battle, event::TerrainMarkerChanged{"wall-1", "breached", true}) == "Farm wall: breached");
    applyEvent(battle, event::TerrainMarkerChanged{"wall-1", "breached", true});
    applyEvent(battle, event::TerrainMarkerChanged{"wood-1", "set alight", true});
    CHECK(battle.lines.front().markers == std::set<std::string>{"breached"});
    CHECK(battle.areas.front().markers == std::set<std::string>{"set alight"});
    const std::string text = battleStateText(battle);
    CHECK(text.find("terrain wood-1: set alight\n") != std::string::npos);
    CHECK(text.find("terrain wall-1: breached\n") != std::string::npos);
    applyEvent(battle, event::TerrainMarkerChanged{"wall-1", "breached", false});
    CHECK(battle.lines.front().markers.empty());
    CHECK(describe(battle, event::TerrainMarkerChanged{"wood-1", "set alight", false}) == "wood-1: no longer set alight");
    CHECK_THROWS_AS(applyEvent(battle, event::TerrainMarkerChanged{"river-9", "bridged", true}), std::logic_error);
}
