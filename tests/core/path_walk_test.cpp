// The one path walk and its prices (include/sandtable/path_walk.h, path_costs.h).
#include "sandtable/path_costs.h"
#include "sandtable/path_walk.h"
#include "sandtable/table_set.h"

#include <catch2/catch.hpp>

using namespace sandtable;

namespace {

// A table in centimetres, so that lengths read as plain numbers: 10 mm a unit.
double cm(double units) { return units * 10; }

Polygon box(double left, double top, double right, double bottom) {
    Polygon polygon;
    for (const Point& p : {Point(cm(left), cm(top)), Point(cm(right), cm(top)), Point(cm(right), cm(bottom)), Point(cm(left), cm(bottom)),
                           Point(cm(left), cm(top))}) {
        boost::geometry::append(polygon.outer(), p);
    }
    boost::geometry::correct(polygon);
    return polygon;
}

Path line(double x0, double y0, double x1, double y1) { return Path{Point(cm(x0), cm(y0)), Point(cm(x1), cm(y1))}; }

// A 100 x 100 cm table: a wood from x 20 to 30, a marsh overlapping its far half, a hedge
// along x = 50, a stream along x = 70 with a bridge at y 50, a two-contour hill at the bottom.
Battle sampleBattle() {
    Battle battle;
    battle.table = Table{1000, 1000, MeasureUnit::Centimetre, 0};
    battle.areas.push_back({"wood", "Oak Wood", AreaType::Woods, box(20, 0, 30, 60), 0});
    battle.areas.push_back({"marsh", "", AreaType::Marsh, box(25, 0, 35, 60), 0});
    battle.areas.push_back({"hill-1", "Long Hill", AreaType::Hill, box(10, 70, 90, 100), 1});
    battle.areas.push_back({"hill-2", "Long Hill top", AreaType::Hill, box(40, 85, 60, 100), 2});
    battle.lines.push_back({"hedge", "Farm hedge", LineType::Hedge, line(50, 0, 50, 60), {}});
    battle.lines.push_back({"stream", "Brook", LineType::Stream, line(70, 0, 70, 100), {"guns"}});
    battle.lines.push_back({"bridge", "Old bridge", LineType::Bridge, line(68, 50, 72, 50), {}});
    return battle;
}

Unit unitAt(double x, double y, Arm arm = Arm::Foot) {
    Unit unit;
    unit.id = "u";
    unit.name = "The Buffs";
    unit.arm = arm;
    unit.elements.push_back(Element{Point(cm(x), cm(y)), 90, 40, 20, {}});
    return unit;
}

PathPrices halfSpeedWoods() {
    PathPrices prices;
    prices.arm = "foot";
    prices.areas[AreaType::Woods] = GroundCost{2, false, false, "woods", ""};
    prices.areas[AreaType::Marsh] = GroundCost{4, false, false, "marsh", ""};
    prices.lines[LineType::Hedge] = CrossingCost{2, 0, false, "hedge", ""};
    prices.lines[LineType::Stream] = CrossingCost{0, 0, true, "stream", "no fording"};
    return prices;
}

} // namespace

TEST_CASE("a path is walked in stretches, each in or out of every area, in order", "[path-walk]") {
    const Battle battle = sampleBattle();
    const auto stretches = walkPath(battle, line(10, 10, 60, 10));
    // 10-20 open, 20-25 wood, 25-30 wood and marsh, 30-35 marsh, 35-50 open, 50-60 open.
    REQUIRE(stretches.size() == 6);
    CHECK(stretches[0].areas.empty());
    CHECK(stretches[1].areas == std::vector<const TerrainArea*>{&battle.areas[0]});
    CHECK(stretches[2].areas.size() == 2);
    CHECK(stretches[3].areas == std::vector<const TerrainArea*>{&battle.areas[1]});
    CHECK(stretches[2].length == Approx(cm(5)));
    // The hedge is crossed on the way into the last stretch, once.
    CHECK(stretches[4].crossings.empty());
    REQUIRE(stretches[5].crossings.size() == 1);
    CHECK(stretches[5].crossings[0].line == &battle.lines[0]);
    CHECK(stretches[5].crossings[0].at.x() == Approx(cm(50)));
}

TEST_CASE("a line met at a corner of the path is crossed once, one at its start or end is not crossed", "[path-walk]") {
    const Battle battle = sampleBattle();
    const Path bent{Point(cm(40), cm(10)), Point(cm(50), cm(20)), Point(cm(60), cm(10))};
    int crossed = 0;
    for (const PathStretch& stretch : walkPath(battle, bent)) {
        crossed += static_cast<int>(stretch.crossings.size());
    }
    CHECK(crossed == 1);
    int fromTheHedge = 0;
    for (const PathStretch& stretch : walkPath(battle, line(50, 10, 60, 10))) {
        fromTheHedge += static_cast<int>(stretch.crossings.size());
    }
    CHECK(fromTheHedge == 0);
}

TEST_CASE("contours climbed are counted across the corners of a path as well as inside a leg", "[path-walk]") {
    const Battle battle = sampleBattle();
    // Up onto the first contour within a leg, then onto the second at a corner.
    const Path climb{Point(cm(50), cm(60)), Point(cm(50), cm(85)), Point(cm(50), cm(95))};
    int climbed = 0;
    for (const PathStretch& stretch : walkPath(battle, climb)) {
        climbed += stretch.contoursClimbed;
    }
    CHECK(climbed == 2);
}

TEST_CASE("a path is priced at the worst ground of each stretch, crossings as they are met", "[path-walk][price]") {
    const Battle battle = sampleBattle();
    const PathPrice price = pricePath(battle, unitAt(10, 10), line(10, 10, 60, 10), halfSpeedWoods());
    REQUIRE(price.refusal.empty());
    // 10 open, 5 wood at 2, 5 wood+marsh at 4 (the worst), 5 marsh at 4, 25 open; a hedge at 2.
    CHECK(price.length == Approx(50));
    CHECK(price.cost == Approx(10 + 10 + 20 + 20 + 25 + 2));
    CHECK(price.lengthIn("woods") == Approx(5));
    CHECK(price.lengthIn("marsh") == Approx(10));
    CHECK(price.crossings("hedge") == 1);
    CHECK(price.affordable.size() == 2); // no budget: the whole path
}

TEST_CASE("impassable ground and lines refuse, naming the feature and the rule, a bridge carries the path over", "[path-walk][price]") {
    const Battle battle = sampleBattle();
    PathPrices prices = halfSpeedWoods();
    prices.areas[AreaType::Woods].impassable = true;
    prices.areas[AreaType::Woods].why = "no guns in woods";
    CHECK(pricePath(battle, unitAt(10, 10), line(10, 10, 40, 10), prices).refusal == "The Buffs cannot enter Oak Wood (no guns in woods)");
    CHECK(pricePath(battle, unitAt(60, 10), line(60, 10, 80, 10), prices).refusal == "The Buffs cannot cross Brook here (no fording)");
    prices.bridgeReach = 1;
    const PathPrice bridged = pricePath(battle, unitAt(60, 50), line(60, 50.5, 80, 50.5), prices);
    CHECK(bridged.refusal.empty());
    REQUIRE(bridged.crossed.size() == 1);
    CHECK(bridged.crossed[0].byBridge);
    CHECK(bridged.cost == Approx(20));
    // A line impassable to an arm stops it, but for the bridge.
    prices.lines.erase(LineType::Stream);
    prices.arm = "guns";
    CHECK(pricePath(battle, unitAt(60, 10), line(60, 10, 80, 10), prices).refusal ==
          "The Buffs cannot cross Brook here (impassable to guns)");
    CHECK(pricePath(battle, unitAt(60, 50), line(60, 50.5, 80, 50.5), prices).refusal.empty());
}

TEST_CASE("a crossing priced as a share of a move includes the path it takes to get a base over", "[path-walk][price]") {
    const Battle battle = sampleBattle();
    PathPrices prices;
    prices.arm = "foot";
    prices.lines[LineType::Hedge] = CrossingCost{0, 0.5, false, "hedge", ""};
    prices.allowance = 12;
    prices.shareIncludes = 4;
    // 20 cm of path; half of 12 to cross, less the 4 it includes.
    CHECK(pricePath(battle, unitAt(40, 10), line(40, 10, 60, 10), prices).cost == Approx(20 + 6 - 4));
    // A share smaller than what it includes costs nothing, and never makes the path cheaper.
    prices.allowance = 6;
    CHECK(pricePath(battle, unitAt(40, 10), line(40, 10, 60, 10), prices).cost == Approx(20));
}

TEST_CASE("sideways or backward legs pay their price, or may not be walked", "[path-walk][price]") {
    const Battle battle = sampleBattle();
    PathPrices prices;
    prices.arm = "foot";
    prices.facing = 90; // facing along +x
    prices.offFacing = GroundCost{2, false, false, "sideways", ""};
    // 10 ahead, then 10 sideways at double.
    const Path path{Point(cm(60), cm(20)), Point(cm(65), cm(20)), Point(cm(65), cm(30))};
    CHECK(pricePath(battle, unitAt(60, 20), path, prices).cost == Approx(5 + 20));
    CHECK(pricePath(battle, unitAt(60, 20), path, prices).offFacingLength == Approx(10));
    prices.offFacing.impassable = true;
    prices.offFacing.why = "face first";
    CHECK(pricePath(battle, unitAt(60, 20), path, prices).refusal.find("may not move sideways or backward") != std::string::npos);
}

TEST_CASE("with a budget the path stops where the allowance runs out, part-way through a stretch", "[path-walk][price]") {
    const Battle battle = sampleBattle();
    // 10 open (10), then 5 cm of woods at 2 (10): 15 of allowance stops 2.5 cm into the wood.
    const PathPrice price = pricePath(battle, unitAt(10, 10), line(10, 10, 40, 10), halfSpeedWoods(), 15.0);
    CHECK(price.affordableCost == Approx(15));
    REQUIRE(price.affordable.size() >= 2);
    CHECK(price.affordable.back().x() == Approx(cm(22.5)));
    // A crossing it cannot afford stops it before the line.
    const PathPrice short_ = pricePath(battle, unitAt(45, 10), line(45, 10, 55, 10), halfSpeedWoods(), 6.0);
    CHECK(short_.affordable.back().x() == Approx(cm(50)));
    CHECK(short_.affordableCost == Approx(5));
}

TEST_CASE("a hill priced full speed downhill costs nothing extra walked directly away from its top", "[path-walk][price]") {
    const Battle battle = sampleBattle();
    PathPrices prices;
    prices.arm = "foot";
    prices.areas[AreaType::Hill] = GroundCost{1.5, false, true, "hill", ""};
    // Down from near the top (50, 92) towards the table's middle, inside the first contour.
    CHECK(pricePath(battle, unitAt(20, 80), line(20, 80, 20, 72), prices).cost == Approx(8 * 1.5)); // across the slope
    CHECK(directlyDownhill(battle, battle.areas[2], Point(cm(50), cm(75)), 0));
    CHECK(pricePath(battle, unitAt(50, 80), line(50, 80, 50, 72), prices).cost == Approx(8));
}

TEST_CASE("a path-costs table reads speeds, shares, fixed prices and a unit's own modifiers", "[path-walk][tables]") {
    const auto loaded = parseTableSet(R"({"format": 1, "tables": [
        {"kind": "modifiers", "id": "moves", "name": "Moves", "source": {"file": "000_9109171396d1b03f.txt", "heading": "Move Modifiers"},
         "modifiers": [{"id": "woods", "name": "Woods", "multiply": "1/4"}, {"id": "obstacle", "name": "Obstacle", "add": -2}]},
        {"kind": "path-costs", "id": "path-costs", "name": "Costs", "source": {"file": "000_9109171396d1b03f.txt", "heading": "Move Modifiers"},
         "areas": {"woods": {"cost": {"modifier": "woods"}}, "hill": {"cost": "2/3", "downhill": "full-speed"},
                   "water": {"cost": {"value": "impassable", "why": "no swimming"}}},
         "lines": {"hedge": {"cost": {"modifier": "obstacle", "without": "impassable"}},
                   "stream": {"cost": "1/2", "arms": {"foot": "1", "guns": "impassable"}}, "wall": {"cost": 3}},
         "contour": {"cost": 2}, "offFacing": {"cost": "1/2"}, "bridgeReach": 1, "shareIncludes": 4}]})",
                                      "costs.json");
    REQUIRE(loaded);
    const PathCostTable& table = *loaded->findPathCosts("path-costs");
    const PathPrices foot = table.pricesFor("foot", loaded->findModifierList("moves"), 12, 90);
    CHECK(foot.areas.at(AreaType::Woods).perLength == Approx(4));
    CHECK(foot.areas.at(AreaType::Woods).tally == "woods");
    CHECK(foot.areas.at(AreaType::Hill).perLength == Approx(1.5));
    CHECK(foot.areas.at(AreaType::Hill).fullSpeedDownhill);
    CHECK(foot.areas.at(AreaType::Water).impassable);
    CHECK(foot.areas.at(AreaType::Water).why == "no swimming");
    CHECK(foot.lines.at(LineType::Hedge).fixed == Approx(2));
    CHECK(foot.lines.at(LineType::Stream).shareOfMove == Approx(1));
    CHECK(foot.lines.at(LineType::Wall).fixed == Approx(3));
    CHECK(foot.contour.fixed == Approx(2));
    CHECK(foot.offFacing.perLength == Approx(2));
    CHECK(*foot.facing == 90);
    CHECK(foot.bridgeReach == 1);
    CHECK(foot.shareIncludes == 4);
    const PathPrices horse = table.pricesFor("horse", nullptr, 12, std::nullopt);
    CHECK(horse.lines.at(LineType::Stream).shareOfMove == Approx(0.5));
    CHECK(horse.lines.at(LineType::Hedge).impassable);     // no list: no "obstacle" modifier
    CHECK(horse.areas.at(AreaType::Woods).perLength == 1); // no list: no "woods" modifier, open
    CHECK(table.pricesFor("guns", nullptr, 12, std::nullopt).lines.at(LineType::Stream).impassable);
}

TEST_CASE("a broken path-costs table is refused with every problem and where it is", "[path-walk][tables]") {
    const auto loaded = parseTableSet(R"({"format": 1, "tables": [
        {"kind": "path-costs", "id": "path-costs", "name": "Costs", "source": {"file": "000_9109171396d1b03f.txt", "heading": "Move Modifiers"},
         "areas": {"lava": {"cost": "1/2"}, "woods": {"cost": 2}, "hill": {"cost": "1/2", "downhill": "sideways"}},
         "lines": {"hedge": {"cost": "0"}, "wall": {"cost": "1/2", "arms": {"dragons": "free"}}, "fence": {"price": 1}},
         "bridgeReach": "near"}]})",
                                      "costs.json");
    REQUIRE_FALSE(loaded);
    const std::string text = toString(loaded.error());
    CHECK(text.find("/tables/0/areas/lava: no terrain type \"lava\"") != std::string::npos);
    CHECK(text.find("/tables/0/areas/woods/cost: expected \"impassable\", \"free\", a fraction such as \"1/2\" or an object, found") !=
          std::string::npos);
    CHECK(text.find("/tables/0/areas/hill/downhill: expected \"full-speed\" or \"slowed\"") != std::string::npos);
    CHECK(text.find("/tables/0/lines/hedge/cost: expected") != std::string::npos);
    CHECK(text.find("/tables/0/lines/wall/arms: expected arms foot, horse, guns or leader, found \"dragons\"") != std::string::npos);
    CHECK(text.find("/tables/0/lines/fence: missing 'cost'") != std::string::npos);
    CHECK(text.find("/tables/0/lines/fence/price: unknown key") != std::string::npos);
    CHECK(text.find("/tables/0/bridgeReach: expected a number") != std::string::npos);
}

namespace {

// A gridded table of 10 by 6 boxes of 50 mm: a wood filling box C2 (the third column, the
// second row), a hedge between columns E and F, a hill over row 6.
Battle gridBattle() {
    Battle battle;
    battle.table = Table{500, 300, MeasureUnit::Box, 50};
    battle.areas.push_back({"wood", "Kraal Wood", AreaType::Woods, box(10, 5, 15, 10), 0});
    battle.areas.push_back({"hill", "Kopje", AreaType::Hill, box(0, 25, 50, 30), 1});
    battle.lines.push_back({"hedge", "Thorn hedge", LineType::Hedge, line(25, 0, 25, 30), {}});
    return battle;
}

Point centreOf(const Battle& battle, int column, int row) { return battle.table.boxCentre(Box{column, row}); }

} // namespace

TEST_CASE("on a gridded table the path is walked box to box, a diagonal step one box or two as the option says", "[path][grid]") {
    const Battle battle = gridBattle();
    const Path path{centreOf(battle, 0, 0), centreOf(battle, 3, 2)};
    const auto diagonal = boxRoute(battle.table, path, GridSteps::Diagonal);
    CHECK(diagonal == std::vector<Box>{{0, 0}, {1, 1}, {2, 1}, {3, 2}});
    CHECK(static_cast<int>(diagonal.size()) - 1 == boxDistance(Box{0, 0}, Box{3, 2}));
    const auto orthogonal = boxRoute(battle.table, path, GridSteps::Orthogonal);
    CHECK(orthogonal.size() == 6); // 3 columns and 2 rows, one at a time
    for (std::size_t i = 1; i < orthogonal.size(); ++i) {
        const int dc = std::abs(orthogonal[i].column - orthogonal[i - 1].column);
        const int dr = std::abs(orthogonal[i].row - orthogonal[i - 1].row);
        CHECK(dc + dr == 1);
    }
    CHECK(orthogonal.back() == Box{3, 2});
    // Points anywhere in a box stand for it: the same route from off-centre points.
    CHECK(boxRoute(battle.table, Path{Point(3, 3), Point(199, 149)}, GridSteps::Diagonal) == diagonal);

    // Three diagonal steps are three boxes, not their length in millimetres over the box.
    const Unit unit = [&] {
        Unit u = unitAt(0, 0);
        u.elements.front().centre = centreOf(battle, 0, 3);
        return u;
    }();
    PathPrices open;
    const PathPrice threeDiagonal = pricePath(battle, unit, Path{centreOf(battle, 0, 3), centreOf(battle, 3, 0)}, open);
    CHECK(threeDiagonal.length == Approx(3));
    CHECK(threeDiagonal.cost == Approx(3));
    open.gridSteps = GridSteps::Orthogonal;
    CHECK(pricePath(battle, unit, Path{centreOf(battle, 0, 3), centreOf(battle, 3, 0)}, open).cost == Approx(6));
}

TEST_CASE("a walk in boxes pays the ground of each box entered, each line between two boxes and each contour climbed", "[path][grid]") {
    const Battle battle = gridBattle();
    PathPrices prices = halfSpeedWoods();
    prices.contour = CrossingCost{1, 0, false, "hill", ""};
    Unit unit = unitAt(0, 0);
    unit.elements.front().centre = centreOf(battle, 0, 1);

    // Along row 2: B2 open, C2 the wood (two boxes' worth), D2 open, E2 open, F2 over the hedge.
    const PathPrice along = pricePath(battle, unit, Path{centreOf(battle, 0, 1), centreOf(battle, 5, 1)}, prices);
    CHECK(along.length == Approx(5));
    CHECK(along.cost == Approx(1 + 2 + 1 + 1 + (1 + 2)));
    REQUIRE(along.slowed.size() == 1);
    CHECK(along.slowed.front().area->id == "wood");
    CHECK(along.slowed.front().length == Approx(1));
    REQUIRE(along.crossed.size() == 1);
    CHECK(along.crossed.front().line->id == "hedge");

    // Down the first column onto the hill: the step into row 6 climbs one contour.
    const PathPrice down = pricePath(battle, unit, Path{centreOf(battle, 0, 1), centreOf(battle, 0, 5)}, prices);
    CHECK(down.contoursClimbed == 1);
    CHECK(down.cost == Approx(4 + 1));

    // With 2.5 boxes to spend the move stops in the last box paid for whole, at its centre.
    const PathPrice short_ = pricePath(battle, unit, Path{centreOf(battle, 0, 1), centreOf(battle, 5, 1)}, prices, 2.5);
    REQUIRE(short_.affordable.size() == 2);
    CHECK(battle.table.boxAt(short_.affordable.back()) == Box{1, 1});
    CHECK(short_.affordableCost == Approx(1));
    // Without a budget the whole route, box centre to box centre.
    CHECK(along.affordable.size() == 6);
    CHECK(boost::geometry::equals(along.affordable.back(), centreOf(battle, 5, 1)));
}
