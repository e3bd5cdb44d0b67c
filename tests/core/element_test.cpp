// Elements with identity (battle.h): ids, roles, ranks, weapons, health apart from
// posture, their own markers and counters; the events that change them; the scenario
// that states them; the state text that hashes them.
#include "sandtable/battle_state.h"
#include "sandtable/event.h"
#include "sandtable/scenario.h"

#include <catch2/catch.hpp>

using namespace sandtable;

namespace {

// A squad of three figures and a lone officer; the squad's second figure is a corporal.
Battle squadBattle() {
    Battle battle;
    Unit squad;
    squad.id = "squad";
    squad.name = "3rd Squad";
    for (int i = 0; i < 3; ++i) {
        Element figure;
        figure.centre = Point(100.0 + 30 * i, 200);
        figure.width = 20;
        figure.depth = 20;
        figure.role = i == 1 ? "nco" : "private";
        squad.elements.push_back(figure);
    }
    squad.elements[1].rank = "corporal";
    squad.nameElements();
    Unit officer;
    officer.id = "lt";
    officer.name = "Lt Sharpe";
    officer.elements.push_back(Element{Point(100, 250), 0, 20, 20, {}, "sharpe", "officer", "lieutenant", "rifle"});
    battle.units = {squad, officer};
    return battle;
}

const char* scenarioWithFigures = R"({
  "format": 2, "name": "Figures", "ruleset": {"id": "test-rules"},
  "table": {"width": 1000, "depth": 600, "unit": "inch"},
  "sides": [{"id": "blue", "name": "Blue", "colour": "#1f4e9c"}],
  "units": [{"id": "u1", "name": "Rifles", "side": "blue", "arm": "foot",
             "elements": [{"x": 500, "y": 500, "width": 20, "depth": 20, "id": "harper", "role": "nco", "rank": "sergeant",
                           "weapon": "volley-gun", "health": "lightly-wounded", "markers": ["prone"]},
                          {"x": 530, "y": 500, "width": 20, "depth": 20},
                          {"x": 560, "y": 500, "width": 40, "depth": 20, "figures": ["fit", "killed", "fit", "ran"],
                           "markers": ["prone"]}]}]
})";

} // namespace

TEST_CASE("an element has a stable id: the scenario's, else its unit's and place's", "[element]") {
    const Battle battle = squadBattle();
    CHECK(battle.units[0].elements[0].id == "squad.1");
    CHECK(battle.units[0].elements[2].id == "squad.3");
    CHECK(battle.units[1].elements[0].id == "sharpe");
    CHECK(battle.units[0].findElement("squad.2")->rank == "corporal");
    CHECK(battle.units[0].findElement("nobody") == nullptr);
    CHECK(isDefaultElementId("squad.12", "squad", 11));
    CHECK_FALSE(isDefaultElementId("squad.12", "squad", 1));
    CHECK_FALSE(isDefaultElementId("squad-12", "squad", 11));
    CHECK_FALSE(isDefaultElementId("squad.1", "squa", 0));
}

TEST_CASE("a scenario states who each element is, and writes back only what is not its default", "[element][scenario]") {
    const auto loaded = parseScenario(scenarioWithFigures, "figures.json");
    REQUIRE(loaded);
    const Unit& unit = *loaded->battle.findUnit("u1");
    const Element& harper = unit.elements[0];
    CHECK(harper.id == "harper");
    CHECK(harper.role == "nco");
    CHECK(harper.rank == "sergeant");
    CHECK(harper.weapon == "volley-gun");
    CHECK(harper.health == Health::LightlyWounded);
    CHECK(harper.markers == std::set<std::string>{"prone"});
    CHECK(unit.elements[1].id == "u1.2");
    // A stand's figures have their health; its posture is the stand's marker.
    CHECK(unit.elements[2].figures == std::vector<Health>{Health::Fit, Health::Killed, Health::Fit, Health::Ran});
    CHECK(unit.elements[2].markers.count("prone") == 1);
    const std::string saved = toJsonText(*loaded);
    CHECK(saved.find("\"id\": \"harper\"") != std::string::npos);
    CHECK(saved.find("\"u1.2\"") == std::string::npos); // a default id is not written
    CHECK(saved.find("\"health\": \"lightly-wounded\"") != std::string::npos);
    CHECK(toJsonText(*parseScenario(saved, "again.json")) == saved);
}

TEST_CASE("a scenario's element ids are the battle's: a second one anywhere is refused, and so is an unknown health",
          "[element][scenario]") {
    std::string twice = scenarioWithFigures;
    twice.replace(twice.find("\"units\": ["), 10, R"("units": [{"id": "u0", "name": "Other", "side": "blue", "arm": "foot",
        "elements": [{"x": 100, "y": 100, "width": 20, "depth": 20, "id": "harper"}]}, )");
    const auto loaded = parseScenario(twice, "figures.json");
    REQUIRE_FALSE(loaded);
    CHECK(toString(loaded.error()).find("/units/1/elements/0: a second element with the id 'harper'") != std::string::npos);
    std::string bruised = scenarioWithFigures;
    bruised.replace(bruised.find("\"lightly-wounded\""), 17, "\"bruised\"");
    const auto unread = parseScenario(bruised, "figures.json");
    REQUIRE_FALSE(unread);
    CHECK(toString(unread.error())
              .find("/units/0/elements/0/health: unknown health \"bruised\" (expected fit, lightly-wounded, "
                    "heavily-wounded, killed, captured or ran)") != std::string::npos);
}

TEST_CASE("a figure's health, posture and counters change by events, each said in the log", "[element][event]") {
    Battle battle = squadBattle();
    const event::ElementHealthSet wounded{"squad", "squad.2", Health::HeavilyWounded};
    CHECK(describe(battle, wounded) == "3rd Squad, nco squad.2: heavily-wounded");
    applyEvent(battle, wounded);
    CHECK(battle.units[0].elements[1].health == Health::HeavilyWounded);
    CHECK_FALSE(standing(Health::Ran));
    CHECK(standing(Health::HeavilyWounded));
    applyEvent(battle, event::ElementMarkerChanged{"squad", "squad.1", "prone", true});
    CHECK(battle.units[0].elements[0].markers.count("prone") == 1);
    CHECK(describe(battle, event::ElementMarkerChanged{"squad", "squad.1", "prone", false}) ==
          "3rd Squad, private squad.1: no longer prone");
    applyEvent(battle, event::ElementMarkerChanged{"squad", "squad.1", "prone", false});
    CHECK(battle.units[0].elements[0].markers.empty());
    applyEvent(battle, event::ElementCounterSet{"lt", "sharpe", "breach-work", 2});
    CHECK(battle.units[1].elements[0].counters.at("breach-work") == 2);
    applyEvent(battle, event::ElementCounterSet{"lt", "sharpe", "breach-work", std::nullopt});
    CHECK(battle.units[1].elements[0].counters.empty());
    CHECK_THROWS_AS(applyEvent(battle, event::ElementHealthSet{"squad", "sharpe", Health::Killed}), std::logic_error);
    CHECK_THROWS_AS(applyEvent(battle, event::ElementMarkerChanged{"nobody", "squad.1", "prone", true}), std::logic_error);
}

TEST_CASE("the figures on a stand change by an event, which counts those standing", "[element][event]") {
    Battle battle = squadBattle();
    Element& stand = battle.units[0].elements[1];
    stand.figures = {Health::Fit, Health::Fit, Health::Fit};
    const event::ElementFiguresSet hit{"squad", "squad.2", {Health::Fit, Health::Fit, Health::Killed}};
    CHECK(describe(battle, hit) == "3rd Squad, nco squad.2: 2 of 3 figures standing");
    applyEvent(battle, hit);
    CHECK(battle.units[0].elements[1].figures == std::vector<Health>{Health::Fit, Health::Fit, Health::Killed});
    CHECK(describe(battle, event::ElementFiguresSet{"squad", "squad.2", {Health::Killed}}) ==
          "3rd Squad, nco squad.2: 0 of 1 figure standing");
    CHECK_THROWS_AS(applyEvent(battle, event::ElementFiguresSet{"squad", "nobody", {}}), std::logic_error);
}

TEST_CASE("a chosen element is removed, and counts as lost", "[element][event]") {
    Battle battle = squadBattle();
    CHECK(describe(battle, event::ElementsRemoved{"squad", {"squad.1", "squad.3"}}) ==
          "3rd Squad: loses private squad.1 and private squad.3");
    applyEvent(battle, event::ElementsRemoved{"squad", {"squad.1"}});
    const Unit& squad = battle.units[0];
    REQUIRE(squad.elements.size() == 2);
    CHECK(squad.elements[0].id == "squad.2"); // the corporal stays, whoever was removed
    CHECK(squad.basesLost() == 1);
    CHECK_THROWS_AS(applyEvent(battle, event::ElementsRemoved{"squad", {"squad.1"}}), std::logic_error);
}

TEST_CASE("elements pass between units keeping their ids, and neither unit counts them lost", "[element][event]") {
    Battle battle = squadBattle();
    battle.countStartingBases();
    CHECK(describe(battle, event::ElementsTransferred{"squad", "lt", {"squad.3"}}) == "3rd Squad: squad.3 go to Lt Sharpe");
    applyEvent(battle, event::ElementsTransferred{"squad", "lt", {"squad.3"}});
    CHECK(battle.units[0].elements.size() == 2);
    CHECK(battle.units[1].elements.back().id == "squad.3");
    CHECK(battle.units[0].basesLost() == 0);
    CHECK(battle.units[1].basesLost() == 0);
    CHECK(battle.units[1].startingBases == 2);
    CHECK_THROWS_AS(applyEvent(battle, event::ElementsTransferred{"lt", "lt", {"sharpe"}}), std::logic_error);
    CHECK_THROWS_AS(applyEvent(battle, event::ElementsTransferred{"squad", "lt", {"nobody"}}), std::logic_error);
}

TEST_CASE("a unit is created whole with new ids, and one is removed from the battle's list", "[element][event]") {
    Battle battle = squadBattle();
    Unit prisoners;
    prisoners.id = "prisoners";
    prisoners.name = "Prisoners";
    prisoners.elements.push_back(Element{Point(400, 400), 0, 20, 20, {}, "prisoners.1"});
    const event::UnitCreated created{std::make_shared<const Unit>(prisoners)};
    CHECK(describe(battle, created) == "Prisoners: comes onto the table with 1 element");
    applyEvent(battle, created);
    REQUIRE(battle.findUnit("prisoners") != nullptr);
    CHECK_THROWS_AS(applyEvent(battle, created), std::logic_error); // the id is taken
    Unit reusing = prisoners;
    reusing.id = "escort";
    reusing.elements[0].id = "sharpe"; // an element id another unit has
    CHECK_THROWS_AS(applyEvent(battle, event::UnitCreated{std::make_shared<const Unit>(reusing)}), std::logic_error);
    CHECK_THROWS_AS(applyEvent(battle, event::UnitCreated{}), std::logic_error);
    CHECK(describe(battle, event::UnitRemoved{"prisoners"}) == "Prisoners: leaves the table");
    applyEvent(battle, event::UnitRemoved{"prisoners"});
    CHECK(battle.findUnit("prisoners") == nullptr);
    CHECK_THROWS_AS(applyEvent(battle, event::UnitRemoved{"prisoners"}), std::logic_error);
}

TEST_CASE("an element is reshaped, dismounting: a new footprint and role", "[element][event]") {
    Battle battle = squadBattle();
    battle.table.unit = MeasureUnit::Centimetre;
    const event::ElementReshaped dismount{"lt", "sharpe", 20, 40, "horse-holder"};
    CHECK(describe(battle, dismount) == "Lt Sharpe, officer sharpe: now horse-holder, 2.0 cm by 4.0 cm");
    applyEvent(battle, dismount);
    const Element& element = battle.units[1].elements[0];
    CHECK(element.depth == 40);
    CHECK(element.role == "horse-holder");
    applyEvent(battle, event::ElementReshaped{"lt", "sharpe", 20, 20, ""}); // remounted: no new role given, it keeps its own
    CHECK(battle.units[1].elements[0].role == "horse-holder");
    CHECK_THROWS_AS(applyEvent(battle, event::ElementReshaped{"lt", "sharpe", 0, 40, ""}), std::logic_error);
}

TEST_CASE("the state text names an element's identity only where it has one, so plain bases hash as before", "[element][state]") {
    Battle battle = squadBattle();
    const std::string before = battleStateText(battle);
    CHECK(before.find("squad.1") == std::string::npos); // where its place says who it is
    CHECK(before.find(", private\n") != std::string::npos);
    CHECK(before.find(", nco, corporal\n") != std::string::npos);
    CHECK(before.find(", sharpe, officer, lieutenant, rifle\n") != std::string::npos);
    applyEvent(battle, event::ElementHealthSet{"squad", "squad.3", Health::Killed});
    applyEvent(battle, event::ElementMarkerChanged{"squad", "squad.2", "pinned", true});
    applyEvent(battle, event::ElementCounterSet{"squad", "squad.2", "prisoners", 2});
    const std::string after = battleStateText(battle);
    CHECK(after.find(", private, killed\n") != std::string::npos);
    CHECK(after.find(", nco, corporal, pinned, prisoners = 2.000\n") != std::string::npos);
    CHECK(stateHash(battle) != stateHash(squadBattle()));
    // The first figure removed: the others are no longer at their default places, and say so.
    applyEvent(battle, event::ElementsRemoved{"squad", {"squad.1"}});
    CHECK(battleStateText(battle).find(", squad.2, nco") != std::string::npos);
    // A plain base with no identity reads as it always did.
    Battle plain;
    Unit unit;
    unit.id = "u";
    unit.elements.push_back(Element{Point(10, 20), 0, 40, 20, {}});
    unit.nameElements();
    plain.units.push_back(unit);
    CHECK(battleStateText(plain).find("  at 10.0 20.0 facing 0.0\n") != std::string::npos);
}

TEST_CASE("who an element is, in words: role, rank, weapon, health when not fit, markers", "[element]") {
    Battle battle = squadBattle();
    CHECK(identityOf(battle.units[1].elements[0]) == std::vector<std::string>{"officer", "lieutenant", "rifle"});
    applyEvent(battle, event::ElementHealthSet{"squad", "squad.2", Health::LightlyWounded});
    applyEvent(battle, event::ElementMarkerChanged{"squad", "squad.2", "prone", true});
    CHECK(identityOf(battle.units[0].elements[1]) == std::vector<std::string>{"nco", "corporal", "lightly-wounded", "prone"});
    CHECK(identityOf(Element{}).empty());
}
