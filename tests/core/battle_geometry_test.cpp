#include "sandtable/battle_geometry.h"

#include <boost/random/mersenne_twister.hpp>
#include <boost/random/uniform_real_distribution.hpp>
#include <catch2/catch.hpp>

using namespace sandtable;

namespace {

Unit unitAt(double x, double y, double facing, double width = 40, double depth = 20) {
    Unit unit;
    unit.id = "u";
    unit.elements.push_back(Element{Point(x, y), facing, width, depth, {}});
    return unit;
}

Polygon box(double left, double top, double right, double bottom) {
    Polygon polygon;
    for (const Point& p : {Point(left, top), Point(right, top), Point(right, bottom), Point(left, bottom), Point(left, top)}) {
        boost::geometry::append(polygon.outer(), p);
    }
    boost::geometry::correct(polygon);
    return polygon;
}

// A hill of two contours, a wood and a hedge on a 1000 mm square table.
Battle sampleBattle() {
    Battle battle;
    battle.table = Table{1000, 1000, MeasureUnit::Box, 50};
    battle.areas.push_back({"hill-1", "Hill", AreaType::Hill, box(200, 200, 400, 400), 1});
    battle.areas.push_back({"hill-2", "Hill top", AreaType::Hill, box(250, 250, 350, 350), 2});
    battle.areas.push_back({"wood", "Wood", AreaType::Woods, box(600, 400, 700, 600), 0});
    Path hedge;
    hedge.push_back(Point(450, 0));
    hedge.push_back(Point(450, 1000));
    battle.lines.push_back({"hedge", "Hedge", LineType::Hedge, hedge, {}});
    return battle;
}

} // namespace

TEST_CASE("distances between units by each convention", "[geometry][distance]") {
    struct Case {
        Unit from, to;
        DistanceConvention convention;
        double expected;
    };
    const Case cases[] = {
        // 40x20 bases facing up the table, one behind the other: 110 to 190.
        {unitAt(100, 100, 0), unitAt(100, 200, 0), DistanceConvention::NearestEdges, 80},
        // Side by side: 120 to 180.
        {unitAt(100, 100, 0), unitAt(200, 100, 0), DistanceConvention::NearestEdges, 60},
        // From the front edge (y 190) of a base facing the target (y 90-110).
        {unitAt(100, 200, 0), unitAt(100, 100, 0), DistanceConvention::FrontEdge, 80},
        // Facing away: the front edge is at y 210.
        {unitAt(100, 200, 180), unitAt(100, 100, 0), DistanceConvention::FrontEdge, 100},
        {unitAt(0, 0, 0), unitAt(30, 40, 0), DistanceConvention::Centres, 50},
        // Overlapping bases are 0 apart.
        {unitAt(100, 100, 0), unitAt(110, 105, 30), DistanceConvention::NearestEdges, 0},
    };
    for (const Case& c : cases) {
        CHECK(distanceBetween(c.from, c.to, c.convention) == Approx(c.expected).margin(1e-9));
    }
}

TEST_CASE("arcs: front ±45°, 30 and 60 degree cones, 180 and 360", "[geometry][arc]") {
    const Element firer{Point(500, 500), 0, 40, 20, {}}; // front edge middle at (500, 490)
    struct Case {
        Point target;
        double arc;
        bool inside;
    };
    const Case cases[] = {
        {Point(500, 300), 90, true},  {Point(700, 340), 90, false},  // 53° off the facing
        {Point(700, 340), 180, true}, {Point(540, 290), 30, true},   // 11.3°
        {Point(600, 290), 30, false},                                // 26.6°
        {Point(600, 290), 60, true},  {Point(500, 700), 180, false}, // behind
        {Point(500, 700), 360, true}, {Point(690, 300), 90, true},   // exactly 45°
    };
    for (const Case& c : cases) {
        INFO("target " << c.target.x() << "," << c.target.y() << " arc " << c.arc);
        CHECK(inArc(firer, c.target, c.arc) == c.inside);
    }
    // Turned to face right (90°), the same point up the table is off to its left.
    const Element turned{Point(500, 500), 90, 40, 20, {}};
    CHECK_FALSE(inArc(turned, Point(500, 300), 90));
    CHECK(inArc(turned, Point(800, 520), 90));
    // A unit is in the arc if any corner of a base is.
    CHECK(unitInArc(firer, unitAt(720, 300, 0, 80, 20), 90)); // corner at (680, 290): 42°
}

TEST_CASE("which face of a target an attacker is on", "[geometry][face]") {
    const Element target{Point(500, 500), 0, 40, 20, {}};
    CHECK(faceOf(target, Point(500, 300)) == Face::Front);
    CHECK(faceOf(target, Point(500, 700)) == Face::Rear);
    CHECK(faceOf(target, Point(800, 500)) == Face::RightFlank);
    CHECK(faceOf(target, Point(200, 500)) == Face::LeftFlank);
    // The diagonals divide the faces: (530, 480) is 2 half-depths ahead, 1.5 half-widths right.
    CHECK(faceOf(target, Point(530, 480)) == Face::Front);
    CHECK(faceOf(target, Point(550, 485)) == Face::RightFlank);
    // Exactly on a diagonal the front has it, even when the position was computed and
    // carries rounding (a charge's contact point): 2 half-widths right, 2 half-depths ahead.
    CHECK(faceOf(target, Point(540, 480)) == Face::Front);
    CHECK(faceOf(target, Point(540 + 1e-11, 480 + 1e-11)) == Face::Front);
    CHECK(faceOf(target, Point(540.001, 480)) == Face::RightFlank);
    const Element facingRight{Point(500, 500), 90, 40, 20, {}};
    CHECK(faceOf(facingRight, Point(800, 500)) == Face::Front);
    CHECK(faceOf(facingRight, Point(500, 300)) == Face::LeftFlank);
    CHECK(toString(Face::RightFlank) == "right flank");
}

TEST_CASE("line of sight: woods, built-up areas and hills", "[geometry][sight]") {
    const Battle battle = sampleBattle();
    CHECK(groundLevel(battle, Point(100, 100)) == 0);
    CHECK(groundLevel(battle, Point(220, 220)) == 1);
    CHECK(groundLevel(battle, Point(300, 300)) == 2);
    // Through the wood: blocked.
    const auto wood = sightBlockers(battle, Point(500, 500), Point(800, 500));
    REQUIRE(wood.size() == 1);
    CHECK(wood.front()->id == "wood");
    // From inside the wood: it sees out.
    CHECK(hasLineOfSight(battle, Point(650, 500), Point(800, 500)));
    // Across the hill from low ground on both sides: both contours block.
    CHECK(sightBlockers(battle, Point(100, 300), Point(500, 300)).size() == 2);
    // From the top of the hill: clear.
    CHECK(hasLineOfSight(battle, Point(300, 300), Point(500, 300)));
    // Past everything: clear.
    CHECK(hasLineOfSight(battle, Point(100, 900), Point(900, 900)));
}

TEST_CASE("the terrain along a path", "[geometry][path]") {
    const Battle battle = sampleBattle();
    Path path;
    path.push_back(Point(100, 300));
    path.push_back(Point(500, 300));
    const PathTerrain terrain = terrainAlong(battle, path);
    CHECK(terrain.length == Approx(400));
    REQUIRE(terrain.areas.size() == 2);
    CHECK(terrain.areas[0].area->id == "hill-1");
    CHECK(terrain.areas[0].length == Approx(200));
    CHECK(terrain.areas[1].area->id == "hill-2");
    CHECK(terrain.areas[1].length == Approx(100));
    CHECK(terrain.contoursClimbed == 2);
    CHECK(terrain.contoursDescended == 2);
    REQUIRE(terrain.lines.size() == 1);
    CHECK(terrain.lines[0].line->id == "hedge");
    CHECK(terrain.lines[0].times == 1);
    // A path with a bend through the wood and back across the hedge twice.
    Path bent;
    bent.push_back(Point(500, 450));
    bent.push_back(Point(650, 450));
    bent.push_back(Point(400, 450));
    const PathTerrain back = terrainAlong(battle, bent);
    CHECK(back.length == Approx(400));
    REQUIRE(back.areas.size() == 1);
    CHECK(back.areas[0].length == Approx(100)); // 600 to 650 and back
    CHECK(back.lines[0].times == 1);
    CHECK(back.contoursClimbed == 0);
}

TEST_CASE("box distances count a diagonal step as one box", "[geometry][boxes]") {
    const Table table{1000, 1000, MeasureUnit::Box, 50};
    CHECK(table.boxAt(Point(10, 10)) == Box{0, 0});
    CHECK(table.boxAt(Point(160, 60)) == Box{3, 1});
    CHECK(table.boxAt(Point(150, 50)) == Box{3, 1}); // a point on a line is in the later box
    CHECK(boxDistance(Box{0, 0}, Box{3, 1}) == 3);
    CHECK(boxDistance(Box{0, 0}, Box{2, 2}) == 2);
    CHECK(boxDistance(Box{4, 4}, Box{4, 4}) == 0);
    CHECK(table.formatLength(150) == "3 boxes");
    CHECK(table.formatLength(50) == "1 box");
    // The tape counts whole boxes between the boxes its ends are in: three boxes across and
    // three down is 3 boxes (212 mm, which divided by the box size would read "4 boxes").
    CHECK(table.formatDistance(Point(25, 25), Point(175, 175)) == "3 boxes (A1 to D4)");
    CHECK(table.formatDistance(Point(5, 5), Point(45, 45)) == "0 boxes (A1 to A1)");
    CHECK(table.formatDistance(Point(45, 25), Point(55, 25)) == "1 box (A1 to B1)");
    const Table inches{1000, 1000, MeasureUnit::Inch, 0};
    CHECK(inches.formatDistance(Point(0, 0), Point(0, 190.5)) == "7.5\"");
}

TEST_CASE("a gridded table's boxes, their names and centres", "[geometry][boxes]") {
    const Table table{1000, 730, MeasureUnit::Box, 50};
    CHECK(table.gridded());
    CHECK(table.columns() == 20);
    CHECK(table.rows() == 15); // the part box at the far edge counts
    CHECK(table.onGrid(Box{19, 14}));
    CHECK_FALSE(table.onGrid(Box{20, 0}));
    CHECK_FALSE(table.onGrid(Box{0, -1}));
    CHECK(table.boxCentre(Box{3, 1}).x() == Approx(175));
    CHECK(table.boxCentre(Box{3, 1}).y() == Approx(75));
    CHECK(boxName(Box{0, 0}) == "A1");
    CHECK(boxName(Box{2, 1}) == "C2");
    CHECK(boxName(Box{25, 9}) == "Z10");
    CHECK(boxName(Box{26, 0}) == "AA1");
    CHECK(boxName(Box{27, 0}) == "AB1");
    // The boxes within reach, the diagonal one box, cut at the table's edge.
    CHECK(boxesWithin(table, Box{0, 0}, 1) == std::vector<Box>{{0, 0}, {1, 0}, {0, 1}, {1, 1}});
    CHECK(boxesWithin(table, Box{3, 1}, 1).size() == 9);
    CHECK(boxesWithin(table, Box{3, 1}, 0) == std::vector<Box>{{3, 1}});
    const Table inches{1828.8, 1219.2, MeasureUnit::Inch, 0};
    CHECK_FALSE(inches.gridded());
    CHECK(inches.columns() == 0);
    CHECK_FALSE(inches.onGrid(Box{0, 0}));
}

TEST_CASE("lengths in the ruleset's unit", "[geometry][units]") {
    const Table inches{1828.8, 762, MeasureUnit::Inch, 0};
    CHECK(inches.toUnits(1828.8) == Approx(72));
    CHECK(inches.formatLength(190.5) == "7.5\"");
    const Table cm{1828.8, 762, MeasureUnit::Centimetre, 0};
    CHECK(cm.formatLength(80) == "8.0 cm");
    CHECK(cm.fromUnits(24) == Approx(240));
}

TEST_CASE("a length as the rules write it: to a tenth, no trailing zero, never minus nothing", "[geometry][units]") {
    CHECK(lengthText(7, MeasureUnit::Inch) == "7\"");
    CHECK(lengthText(6.54, MeasureUnit::Inch) == "6.5\"");
    CHECK(lengthText(6.56, MeasureUnit::Inch) == "6.6\"");
    CHECK(lengthText(8, MeasureUnit::Centimetre) == "8cm");
    CHECK(lengthText(0.5, MeasureUnit::Centimetre) == "0.5cm");
    CHECK(lengthText(-0.01, MeasureUnit::Inch) == "0\"");
    CHECK(lengthText(1, MeasureUnit::Box) == "1 box");
    CHECK(lengthText(3, MeasureUnit::Box) == "3 boxes");
}

TEST_CASE("a unit is on the table only if every corner of every base is", "[geometry]") {
    const Table table{1000, 1000, MeasureUnit::Inch, 0};
    CHECK(onTable(table, unitAt(500, 500, 0)));
    CHECK(onTable(table, unitAt(20, 10, 0)));
    CHECK_FALSE(onTable(table, unitAt(19, 10, 0)));
    // At x 990 a base facing up the table spans x 970-1010 (off); turned to face right,
    // its 20 mm depth spans x 980-1000 (on).
    CHECK_FALSE(onTable(table, unitAt(990, 500, 0)));
    CHECK(onTable(table, unitAt(990, 500, 90)));
}

TEST_CASE("convexDistance agrees with Boost.Geometry on random bases, front edges and points", "[geometry]") {
    // Boost's polygon distance is the reference; ours must give the same at a fraction of the cost.
    boost::random::mt19937 engine(2026);
    boost::random::uniform_real_distribution<double> position(0, 300), size(5, 120), facing(0, 360);
    int touching = 0;
    for (int i = 0; i < 4000; ++i) {
        const auto a = rectangleCorners(Point(position(engine), position(engine)), size(engine), size(engine), facing(engine));
        const auto b = rectangleCorners(Point(position(engine), position(engine)), size(engine), size(engine), facing(engine));
        Polygon polygonA, polygonB;
        for (const Point& p : a)
            boost::geometry::append(polygonA.outer(), p);
        boost::geometry::append(polygonA.outer(), a[0]);
        for (const Point& p : b)
            boost::geometry::append(polygonB.outer(), p);
        boost::geometry::append(polygonB.outer(), b[0]);
        boost::geometry::correct(polygonA);
        boost::geometry::correct(polygonB);
        const double expected = boost::geometry::distance(polygonA, polygonB);
        touching += expected == 0 ? 1 : 0;
        INFO("pair " << i);
        CHECK(convexDistance(a, b) == Approx(expected).margin(1e-9));
        // A front edge (two corners) against a base.
        const Segment edge(a[0], a[1]);
        CHECK(convexDistance(std::span(a.data(), 2), b) == Approx(boost::geometry::distance(edge, polygonB)).margin(1e-9));
        // Two front edges, and a point against a base.
        const Segment other(b[0], b[1]);
        CHECK(convexDistance(std::span(a.data(), 2), std::span(b.data(), 2)) ==
              Approx(boost::geometry::distance(edge, other)).margin(1e-9));
        CHECK(convexDistance(std::span(a.data(), 1), b) == Approx(boost::geometry::distance(a[0], polygonB)).margin(1e-9));
        // Whether they meet, asked alone, as Boost answers it.
        CHECK(convexOutlinesMeet(a, b) == boost::geometry::intersects(polygonA, polygonB));
        CHECK(convexOutlinesMeet(std::span(a.data(), 2), b) == boost::geometry::intersects(edge, polygonB));
        CHECK(convexOutlinesMeet(std::span(a.data(), 2), std::span(b.data(), 2)) == boost::geometry::intersects(edge, other));
    }
    CHECK(touching > 100); // the overlapping cases were tried too
}
