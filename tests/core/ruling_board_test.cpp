// A rulings board's pieces (ruling_board.h): the palette made of a ruleset's scenarios,
// and units and terrain put down with fresh ids where the player wants them.
#include "sandtable/ruling_board.h"

#include <catch2/catch.hpp>
#include <filesystem>

using namespace sandtable;

namespace {

Scenario scenarioOf(const char* name) {
    const auto loaded = loadScenario(std::filesystem::path(SANDTABLE_SCENARIOS_DIR) / name);
    REQUIRE(loaded);
    return *loaded;
}

} // namespace

TEST_CASE("the palette holds each kind of unit and terrain of the ruleset's scenarios once", "[rulings]") {
    const std::vector<Scenario> scenarios{scenarioOf("ozz-winkie-border.json"), scenarioOf("einsamenhugel-battle.json")};
    const BoardPalette palette = paletteFrom(scenarios, "wars-of-ozz");
    // Winkie Border: two musket units of each side, all alike; cavalry, guns of two
    // weights, a commander on each side and a wizard.
    REQUIRE_FALSE(palette.units.empty());
    int musket = 0;
    for (const UnitPiece& piece : palette.units) {
        musket += piece.unit.type == "musket-infantry" ? 1 : 0;
        CHECK(piece.label.find(piece.unit.name) == 0);
    }
    CHECK(musket == 1);
    CHECK(palette.units.front().label == "Winkie Guard (musket-infantry, regular, line; 5 elements)");
    // A wood, rough ground and Poppy Hill's foot, not its crest.
    std::vector<AreaType> types;
    for (const TerrainPiece& piece : palette.terrain) {
        types.push_back(piece.area.type);
        CHECK(piece.area.level <= 1);
    }
    CHECK(types == std::vector<AreaType>{AreaType::Woods, AreaType::Rough, AreaType::Hill});
    CHECK(palette.sides.size() == 2);
    CHECK(palette.sides.front().id == "winkies");
    // Nothing of another ruleset.
    CHECK(paletteFrom(scenarios, "no-such-ruleset").units.empty());
}

TEST_CASE("a piece put down is a new unit of the side asked, centred where it is put", "[rulings]") {
    const Scenario scenario = scenarioOf("ozz-winkie-border.json");
    const Unit& guard = scenario.battle.units.front();
    Battle board = scenario.battle;
    board.units.front().markers.insert("disordered");
    const Unit placed = placedUnit(board, board.units.front(), "quadlings", Point(500, 400));
    CHECK(placed.id == guard.id + "-2");
    CHECK(placed.name == guard.name + " (2)");
    CHECK(placed.side == "quadlings");
    CHECK(placed.markers.empty());
    CHECK(placed.elements.size() == guard.elements.size());
    double left = 1e9, right = -1e9;
    for (std::size_t i = 0; i < placed.elements.size(); ++i) {
        const Element& e = placed.elements[i];
        CHECK(e.facing == guard.elements[i].facing);
        CHECK(e.centre.y() == Approx(400));
        CHECK(isDefaultElementId(e.id, placed.id, i));
        left = std::min(left, e.centre.x());
        right = std::max(right, e.centre.x());
    }
    CHECK((left + right) / 2 == Approx(500));
    // The gap between bases is kept.
    CHECK(placed.elements[1].centre.x() - placed.elements[0].centre.x() ==
          Approx(guard.elements[1].centre.x() - guard.elements[0].centre.x()));
    board.units.push_back(placed);
    CHECK(freshId(board, guard.id) == guard.id + "-3");
    CHECK(freshId(board, "Gillikin Wood!") == "gillikin-wood-2"); // the wood itself is gillikin-wood
    CHECK(freshId(board, "A new Copse") == "a-new-copse");
}

TEST_CASE("terrain put down keeps its outline, moved to where it is put, with an id of its own", "[rulings]") {
    const Scenario scenario = scenarioOf("ozz-winkie-border.json");
    const TerrainArea& wood = scenario.battle.areas.front();
    const TerrainArea placed = placedTerrain(scenario.battle, wood, Point(300, 300));
    CHECK(placed.id != wood.id);
    CHECK(placed.type == wood.type);
    REQUIRE(placed.outline.outer().size() == wood.outline.outer().size());
    double left = 1e9, right = -1e9, top = 1e9, bottom = -1e9;
    for (const Point& p : placed.outline.outer()) {
        left = std::min(left, p.x());
        right = std::max(right, p.x());
        top = std::min(top, p.y());
        bottom = std::max(bottom, p.y());
    }
    CHECK((left + right) / 2 == Approx(300));
    CHECK((top + bottom) / 2 == Approx(300));
    CHECK(boost::geometry::area(placed.outline) == Approx(boost::geometry::area(wood.outline)));
}

TEST_CASE("a board sets how many of a unit's figures are wounded or fallen, the rearmost first", "[rulings][figures]") {
    // Stands that list their figures (three each), and bases that are each one man.
    Unit stands;
    for (int i = 0; i < 2; ++i) {
        Element stand;
        stand.figures = {Health::Fit, Health::Fit, Health::Fit};
        stands.elements.push_back(stand);
    }
    CHECK(figureCount(stands) == 6);
    setFiguresIn(stands, Health::Killed, 2);
    CHECK(figuresIn(stands, Health::Killed) == 2);
    CHECK(stands.elements[1].figures == std::vector<Health>{Health::Fit, Health::Killed, Health::Killed});
    CHECK(stands.elements[0].figures == std::vector<Health>{Health::Fit, Health::Fit, Health::Fit});
    // Fewer: the last marked are fit again; more than it has: every figure, no more.
    setFiguresIn(stands, Health::Killed, 1);
    CHECK(stands.elements[1].figures == std::vector<Health>{Health::Fit, Health::Fit, Health::Killed});
    setFiguresIn(stands, Health::Killed, 9);
    CHECK(figuresIn(stands, Health::Killed) == 6);

    Unit men;
    men.elements.resize(4);
    CHECK(figureCount(men) == 4);
    setFiguresIn(men, Health::LightlyWounded, 1);
    setFiguresIn(men, Health::HeavilyWounded, 2);
    // A wounded man is not wounded again by another count: the fit ones take it.
    CHECK(men.elements[3].health == Health::LightlyWounded);
    CHECK(men.elements[2].health == Health::HeavilyWounded);
    CHECK(men.elements[1].health == Health::HeavilyWounded);
    CHECK(men.elements[0].health == Health::Fit);
    setFiguresIn(men, Health::LightlyWounded, 0);
    CHECK(figuresIn(men, Health::LightlyWounded) == 0);
    CHECK(figuresIn(men, Health::Fit) == 2);
}
