// Movement (MOVEMENT, the movement chart, MODIFIERS TO MOVEMENT, DEPLOYMENT DEFINITIONS):
// rates rolled or fixed, what a path costs, formations and their changes, dismounting, the
// French lights, the militia's deliberate retreat, prolonge and generals joining units.

#include "oibl_fire.h"
#include "oibl_movement.h"
#include "oibl_test_support.h"
#include "sandtable/battle_geometry.h"

#include <catch2/catch.hpp>
#include <cmath>
#include <numbers>

using namespace oibltest;
namespace bg = boost::geometry;

namespace {

Path routeFrom(const Unit& unit, std::initializer_list<std::pair<double, double>> inchesAhead) {
    Path route;
    route.push_back(unit.centre());
    for (const auto& [x, y] : inchesAhead) {
        route.push_back(Point(unit.centre().x() + mm(x), unit.centre().y() + mm(y)));
    }
    return route;
}

oibl::MoveCost cost(const Battle& battle, const std::string& id, std::initializer_list<std::pair<double, double>> legs,
                    std::optional<double> facing = std::nullopt) {
    const Unit& unit = *battle.findUnit(id);
    return oibl::moveCost(data(), battle, unit, routeFrom(unit, legs), facing.value_or(oibl::commandStand(unit).facing));
}

/// A close order line of six stands at (20, 20) facing north, acting at step 4.
Battle oneLine(const std::string& formation = "close", const std::string& type = "normal-infantry") {
    Battle battle = emptyBattle();
    addUnit(battle, UnitSpec("line", "british", type, 20, 20, 0).in(formation));
    addUnit(battle, UnitSpec("far-enemy", "american", "normal-infantry", 40, 2, 180).stands(2));
    actingAt(battle, 4, "british", {"line"});
    return battle;
}

} // namespace

TEST_CASE("each formation moves at its row of the chart, rolled or fixed (option movement-rates)", "[oibl][movement]") {
    Battle battle = oneLine();
    const auto rateOf = [&](const std::string& formation, const std::string& type = "normal-infantry") {
        Battle one = oneLine(formation, type);
        return oibl::rateOf(data(), *one.findUnit("line"));
    };
    CHECK(rateOf("close") == "close-order");
    CHECK(rateOf("open") == "open-order");
    CHECK(rateOf("column") == "column");
    CHECK(rateOf("skirmish", "rifle-armed") == "skirmish");
    CHECK(rateOf("line", "cavalry") == "cavalry-and-generals");
    CHECK(rateOf("column", "cavalry") == "cavalry-and-generals"); // "the same movement rate in all formations"
    CHECK(oibl::rateText(data(), optionsWith(), "close-order") == "1d6+2\"");
    CHECK(oibl::rateText(data(), optionsWith({{"movement-rates", "fixed"}}), "close-order") == "5\"");
    CHECK(oibl::rateDistribution(data(), optionsWith(), "column") == Distribution::uniform(5, 10));
    const Unit& line = *battle.findUnit("line");
    CHECK_FALSE(oibl::allowanceOf(data(), optionsWith(), line));
    CHECK(oibl::allowanceOf(data(), optionsWith({{"movement-rates", "fixed"}}), line) == 5.0);
}

TEST_CASE("the move is rolled before it is made, offered all the same", "[oibl][movement]") {
    Battle battle = oneLine();
    const auto offers = ruleset().offers(battle, "line");
    const auto has = [&](const std::string& type, OrderRole role) {
        return std::any_of(offers.begin(), offers.end(), [&](const Offer& offer) { return offer.type == type && offer.role == role; });
    };
    CHECK(has("roll-move", OrderRole::PrepareMove));
    CHECK(has("move", OrderRole::Move));
    const Action move{.type = "move", .unit = "line", .path = {Point(mm(20), mm(18))}};
    CHECK(ruleset().preview(battle, move).refusal.find("not rolled yet") != std::string::npos);
    const Resolution rolled = resolveWith(ruleset(), battle, Action{.type = "roll-move", .unit = "line"}, 1);
    REQUIRE(rolled.refusal.empty());
    const Battle after = applied(battle, rolled);
    const double allowance = oibl::counter(*after.findUnit("line"), "allowance");
    CHECK(allowance >= 3);
    CHECK(allowance <= 8);
    const Preview preview = ruleset().preview(after, move);
    CHECK(preview.allowed());
    CHECK(preview.allowance == allowance);
    const Resolution moved = resolveWith(ruleset(), after, move, 1);
    REQUIRE(moved.refusal.empty());
    CHECK(applied(after, moved).findUnit("line")->centre().y() == Approx(mm(18)).margin(0.01));
    CHECK(previewResolveDifferences(preview, moved).empty());
}

TEST_CASE("what a path costs: woods double, two conditions four times, each obstacle 2 inches once",
          "[oibl][movement][oibl-movement-costs]") {
    Battle battle = oneLine();
    CHECK(cost(battle, "line", {{0, -4}}).cost == Approx(4));
    battle.areas.push_back(rectangleArea(AreaType::Woods, 10, 10, 30, 19, 0, millimetresPerInch));
    // The unit's centre stands a quarter inch behind the command stand (two ranks): 1.25"
    // of open ground, then 2.75" of woods at double cost.
    const auto woods = cost(battle, "line", {{0, -4}});
    CHECK(woods.cost == Approx(1.25 + 2.75 * 2).margin(0.01));
    // Obliquely (27 degrees) through the woods: two conditions, four times.
    const auto both = cost(battle, "line", {{-2, -4}});
    const double length = std::hypot(2.0, 4.0);
    const double open = length * 1.25 / 4;
    CHECK(both.cost == Approx(2 * open + 4 * (length - open)).margin(0.01));
    // A fence crossed twice is paid for once.
    Battle fenced = oneLine();
    fenced.lines.push_back(straightLine(LineType::Fence, 10, 18, 30, 18, millimetresPerInch));
    const auto over = cost(fenced, "line", {{0, -3}, {0, 0}, {0, -3}});
    CHECK(over.obstacles == 1);
    CHECK(over.cost == Approx(3 + 2 * 3 + 3 + 2).margin(0.01)); // the leg back is a backstep
}

TEST_CASE("obliques, sidesteps and backsteps at half speed, none for a column or cavalry", "[oibl][movement][oibl-movement-costs]") {
    Battle battle = oneLine();
    CHECK(cost(battle, "line", {{1, -3}}).cost == Approx(std::hypot(1.0, 3.0)));     // 18 degrees off: straight on
    CHECK(cost(battle, "line", {{2, -3}}).cost == Approx(2 * std::hypot(2.0, 3.0))); // 34 degrees: oblique
    CHECK(cost(battle, "line", {{3, 0}}).cost == Approx(6));                         // sidestep
    CHECK(cost(battle, "line", {{0, 2}}).cost == Approx(4));                         // backstep
    Battle column = oneLine("column");
    CHECK(cost(column, "line", {{3, 0}}).refusal.find("may not backstep or sidestep") != std::string::npos);
    Battle horse = oneLine("line", "cavalry");
    CHECK(cost(horse, "line", {{0, 2}}).refusal.find("may not backstep or sidestep") != std::string::npos);
    // Skirmishers move freely in any direction, and pay nothing for woods or obstacles.
    Battle loose = oneLine("skirmish", "rifle-armed");
    loose.areas.push_back(rectangleArea(AreaType::Woods, 0, 0, 48, 19, 0, millimetresPerInch));
    loose.lines.push_back(straightLine(LineType::Wall, 0, 18, 48, 18, millimetresPerInch));
    CHECK(cost(loose, "line", {{3, -3}}).cost == Approx(std::hypot(3.0, 3.0)));
}

TEST_CASE("turning: an about face 2 inches, a cavalry face 2 inches ending in skirmish order, a wheel its outer flank's arc at half speed",
          "[oibl][movement][oibl-movement-costs][oibl-face-to-skirmish]") {
    Battle battle = oneLine();
    CHECK(cost(battle, "line", {}, 180.0).cost == Approx(2));
    // A three-stand front wheeling 90 degrees: the outer flank is 1.6875" out.
    CHECK(cost(battle, "line", {}, 90.0).cost == Approx(2 * 1.6875 * std::numbers::pi / 2).margin(0.01));
    Battle horse = oneLine("line", "cavalry");
    const auto faced = cost(horse, "line", {}, 90.0);
    CHECK(faced.cost == Approx(2));
    CHECK(faced.endsInSkirmish);
    horse.findUnit("line")->counters["allowance"] = 12;
    const Resolution turned = resolveWith(ruleset(), horse, Action{.type = "face", .unit = "line", .facing = 90.0}, 1);
    REQUIRE(turned.refusal.empty());
    CHECK(applied(horse, turned).findUnit("line")->formation == "skirmish");
    CHECK(rulingShown(turned, "oibl-face-to-skirmish"));
}

TEST_CASE("passing through friends: the interpenetration chart's penalty, or none", "[oibl][movement]") {
    Battle battle = oneLine();
    addUnit(battle, UnitSpec("friends", "british", "normal-infantry", 20, 17, 0).stands(2));
    const auto through = cost(battle, "line", {{0, -6}});
    CHECK(through.refusal.empty());
    CHECK(through.cost > 6.5); // at half speed while passing them
    battle.findUnit("friends")->formation = "skirmish";
    CHECK(cost(battle, "line", {{0, -6}}).cost == Approx(6)); // formed infantry pass skirmishers freely
    Battle enemy = oneLine();
    addUnit(enemy, UnitSpec("rebels", "american", "normal-infantry", 20, 16, 180).stands(2));
    CHECK(cost(enemy, "line", {{0, -6}}).refusal.find("would run into rebels") != std::string::npos);
}

TEST_CASE("a move refused for ending on friends still tells how far the unit may go", "[oibl][movement]") {
    Battle battle = oneLine();
    addUnit(battle, UnitSpec("friends", "british", "normal-infantry", 20, 16, 0).stands(2));
    battle.findUnit("line")->counters["allowance"] = 6;
    const Preview onFriends = ruleset().preview(battle, Action{.type = "move", .unit = "line", .path = {Point(mm(20), mm(16))}});
    CHECK(onFriends.refusal.find("would end its move on") != std::string::npos);
    REQUIRE(onFriends.allowance);
    CHECK(*onFriends.allowance == Approx(6));
    const Preview back = ruleset().preview(battle, Action{.type = "move", .unit = "line", .path = {Point(mm(20), mm(21))}});
    CHECK(back.allowed());
    REQUIRE(back.allowance);
    CHECK(*back.allowance == Approx(*onFriends.allowance)); // the same allowance, refused or not
}

TEST_CASE("a one-stand-wide column whole on a road moves 3 inches further", "[oibl][movement][oibl-road]") {
    Battle battle = oneLine("column");
    Unit& line = *battle.findUnit("line");
    line.elements.resize(4); // four stands: a column one stand wide
    const auto placements = oibl::formedUp(line, "column", 0);
    for (std::size_t i = 0; i < placements.size(); ++i) {
        line.elements[i].centre = placements[i].centre;
    }
    battle.lines.push_back(straightLine(LineType::Road, 20, 5, 20, 30, millimetresPerInch));
    CHECK(oibl::frontRank(line).size() == 1);
    CHECK(cost(battle, "line", {{0, -5}}).bonus == 3);
    CHECK(cost(battle, "line", {{2, -5}}).bonus == 0); // off the road
}

TEST_CASE("water cannot be entered, a river is crossed at a bridge", "[oibl][movement][oibl-movement-costs]") {
    Battle battle = oneLine();
    battle.areas.push_back(rectangleArea(AreaType::Water, 10, 14, 30, 16, 0, millimetresPerInch));
    CHECK(cost(battle, "line", {{0, -5}}).refusal.find("cannot enter") != std::string::npos);
    Battle river = oneLine();
    river.lines.push_back(straightLine(LineType::River, 0, 17, 48, 17, millimetresPerInch));
    CHECK(cost(river, "line", {{0, -5}}).refusal.find("but by a bridge") != std::string::npos);
    river.lines.push_back(straightLine(LineType::Bridge, 19, 16.5, 21, 16.5, millimetresPerInch));
    river.lines.back().id = "bridge";
    CHECK(cost(river, "line", {{0, -5}}).refusal.empty());
}

TEST_CASE("a wavering unit may not advance, but may withdraw", "[oibl][movement][oibl-wavering]") {
    Battle battle = oneLine();
    battle.findUnit("line")->markers.insert("wavering");
    battle.findUnit("line")->counters["allowance"] = 6;
    CHECK(ruleset()
              .preview(battle, Action{.type = "move", .unit = "line", .path = {Point(mm(20), mm(17))}})
              .refusal.find("may not advance") != std::string::npos);
    CHECK(ruleset().preview(battle, Action{.type = "move", .unit = "line", .path = {Point(mm(20), mm(22))}}).allowed());
}

TEST_CASE("formation changes: in place about the command stand, the whole move, into skirmish order free",
          "[oibl][movement][oibl-formations]") {
    Battle battle = oneLine();
    battle.findUnit("line")->stats["skirmish"] = true;
    const Point command = oibl::commandStand(*battle.findUnit("line")).centre;
    const Resolution opened = resolveWith(ruleset(), battle, Action{.type = "formation", .unit = "line", .choice = "open"}, 1);
    REQUIRE(opened.refusal.empty());
    const Battle after = applied(battle, opened);
    const Unit& open = *after.findUnit("line");
    CHECK(open.formation == "open");
    CHECK(bg::distance(oibl::commandStand(open).centre, command) < 0.01);
    CHECK(oibl::frontRank(open).size() == 6);
    CHECK(oibl::whyNoMove(open).find("whole move") != std::string::npos);
    CHECK(ruleset().offers(after, "line").empty());
    // Into skirmish order: no cost, the stands a stand's width apart, and it may still move.
    const Resolution loosened = resolveWith(ruleset(), battle, Action{.type = "formation", .unit = "line", .choice = "skirmish"}, 1);
    REQUIRE(loosened.refusal.empty());
    const Battle loose = applied(battle, loosened);
    CHECK(oibl::whyNoMove(*loose.findUnit("line")).empty());
    CHECK(oibl::rateOf(data(), *loose.findUnit("line")) == "skirmish");
    const auto rank = oibl::frontRank(*loose.findUnit("line"));
    CHECK(bg::distance(rank[0]->centre, rank[1]->centre) == Approx(mm(2 * 1.125)).margin(0.01));
    // Militia never form close order; German infantry take no open order.
    Battle militia = oneLine("open", "militia-infantry");
    CHECK_FALSE(ruleset().preview(militia, Action{.type = "formation", .unit = "line", .choice = "close"}).allowed());
    militia.findUnit("line")->stats["closeOrder"] = true;
    CHECK(ruleset().preview(militia, Action{.type = "formation", .unit = "line", .choice = "close"}).allowed());
    Battle germans = oneLine();
    germans.findUnit("line")->stats["nation"] = "german";
    CHECK_FALSE(ruleset().preview(germans, Action{.type = "formation", .unit = "line", .choice = "open"}).allowed());
}

TEST_CASE("close order opening while advancing: half its close order move, then open order", "[oibl][movement][oibl-formations]") {
    Battle battle = oneLine();
    battle.findUnit("line")->counters["allowance"] = 6;
    const Resolution opened = resolveWith(ruleset(), battle, Action{.type = "formation-advancing", .unit = "line", .choice = "open"}, 1);
    REQUIRE(opened.refusal.empty());
    const Battle after = applied(battle, opened);
    CHECK(after.findUnit("line")->formation == "open");
    CHECK(oibl::allowanceOf(data(), optionsWith(), *after.findUnit("line")) == 3.0);
}

TEST_CASE("cavalry dismount in half their move, to skirmish with carbines on smaller stands", "[oibl][movement][oibl-dismount]") {
    Battle battle = oneLine("line", "cavalry");
    battle.findUnit("line")->counters["allowance"] = 14;
    const Resolution down = resolveWith(ruleset(), battle, Action{.type = "dismount", .unit = "line", .choice = "dismount"}, 1);
    REQUIRE(down.refusal.empty());
    const Battle after = applied(battle, down);
    const Unit& troopers = *after.findUnit("line");
    CHECK(troopers.markers.count("dismounted") == 1);
    CHECK(troopers.formation == "skirmish");
    CHECK(troopers.elements.front().width == Approx(mm(1.125)));
    CHECK(troopers.elements.front().depth == Approx(mm(0.5)));
    CHECK(oibl::weaponOf(data(), troopers) == "carbine");
    CHECK_FALSE(oibl::hasBayonets(data(), troopers));
    CHECK(oibl::allowanceOf(data(), optionsWith(), troopers) == 7.0);
    CHECK(rulingShown(down, "oibl-dismount"));
    // Having moved, it may not: the preview says so as the resolution does.
    const Action mount{.type = "dismount", .unit = "line", .choice = "mount"};
    Battle moved = after;
    moved.findUnit("line")->counters["moved"] = 1;
    const std::string why = ruleset().preview(moved, mount).refusal;
    CHECK(why.find("may not mount or dismount now") != std::string::npos);
    CHECK(resolveWith(ruleset(), moved, mount, 1).refusal == why);
}

TEST_CASE("a French battalion's light stands go out as skirmishers and are recalled", "[oibl][movement][oibl-french-lights]") {
    Battle battle = oneLine();
    Unit& line = *battle.findUnit("line");
    line.stats["nation"] = "french";
    line.elements[4].role = "light";
    line.elements[5].role = "light";
    const Resolution out = resolveWith(ruleset(), battle, Action{.type = "lights", .unit = "line", .choice = "detach"}, 1);
    REQUIRE(out.refusal.empty());
    const Battle after = applied(battle, out);
    const Unit* lights = after.findUnit("line-lights");
    REQUIRE(lights != nullptr);
    CHECK(lights->formation == "skirmish");
    CHECK(lights->elements.size() == 2);
    CHECK(after.findUnit("line")->elements.size() == 4);
    CHECK(oibl::startingFigures(*after.findUnit("line")) + oibl::startingFigures(*lights) == 18);
    CHECK(oibl::listed(after, "acting", "line-lights")); // they act with the battalion
    Battle next = after;
    next.findUnit("line")->counters.erase("formation-changed");
    const Resolution back = resolveWith(ruleset(), next, Action{.type = "lights", .unit = "line", .choice = "recall"}, 1);
    REQUIRE(back.refusal.empty());
    const Battle whole = applied(next, back);
    CHECK(whole.findUnit("line-lights") == nullptr);
    CHECK(whole.findUnit("line")->elements.size() == 6);
    CHECK(oibl::counter(*whole.findUnit("line"), "formation-changed") == 1); // a formation change of the whole unit
    // A battalion that has moved recalls nothing this turn: preview and resolution refuse alike.
    const Action recall{.type = "lights", .unit = "line", .choice = "recall"};
    Battle moved = next;
    moved.findUnit("line")->counters["moved"] = 1;
    const std::string why = ruleset().preview(moved, recall).refusal;
    CHECK(why.find("has already moved or changed formation") != std::string::npos);
    CHECK(resolveWith(ruleset(), moved, recall, 1).refusal == why);
    CHECK(
        ruleset().preview(whole, Action{.type = "lights", .unit = "line", .choice = "detach"}).refusal.find("already changed formation") !=
        std::string::npos);
}

TEST_CASE("American militia's deliberate retreat: 3 inches more, away, to stop, a morale test and a turn reforming",
          "[oibl][movement][oibl-militia-retreat]") {
    Battle battle = oneLine("open", "militia-infantry");
    battle.findUnit("line")->stats["nation"] = "american";
    battle.findUnit("far-enemy")->elements.front().centre = Point(mm(20), mm(12));
    battle.findUnit("line")->counters["allowance"] = 5;
    const auto offers = ruleset().offers(battle, "line");
    CHECK(std::any_of(offers.begin(), offers.end(), [](const Offer& offer) { return offer.type == "retreat"; }));
    // About face (2") and 5.25" away: 7.25" on a 5" roll, the 3" of the retreat making it up.
    const Point centre = battle.findUnit("line")->centre();
    const Action retreat{.type = "retreat", .unit = "line", .path = {Point(centre.x(), centre.y() + mm(5.25))}, .facing = 180.0};
    const Preview preview = ruleset().preview(battle, retreat);
    INFO(preview.refusal);
    CHECK(preview.allowed());
    CHECK(preview.pathCost == Approx(7.25).margin(0.01));
    const Resolution done = resolveWith(ruleset(), battle, retreat, 1);
    REQUIRE(done.refusal.empty());
    Battle after = applied(battle, done);
    CHECK(after.findUnit("line")->markers.count("retreating") == 1);
    CHECK_FALSE(ruleset().preview(battle, Action{.type = "retreat", .unit = "line", .path = {Point(mm(20), mm(15))}}).allowed());
    // Next activation: the test to stop.
    after.findUnit("line")->counters.clear();
    after.findUnit("line")->counters["starting-figures"] = 24;
    Resolution stopped;
    REQUIRE(findSeed(
                ruleset(), after, Action{.type = "stop-retreat", .unit = "line"},
                [](const Resolution& r) { return traceText(r).find("stops retreating") != std::string::npos; }, stopped) >= 0);
    const Battle reformed = applied(after, stopped);
    CHECK(reformed.findUnit("line")->markers.count("retreating") == 0);
    CHECK(reformed.findUnit("line")->markers.count("reforming") == 1);
}

TEST_CASE("unlimbered guns prolong 1.5 inches and may not fire after it", "[oibl][movement][oibl-artillery-crews]") {
    Battle battle = emptyBattle();
    addUnit(battle, UnitSpec("guns", "british", "artillery", 20, 20, 0).in("unlimbered").stands(2));
    addUnit(battle, UnitSpec("rebels", "american", "normal-infantry", 20, 10, 180));
    actingAt(battle, 4, "british", {"guns"});
    const Point centre = battle.findUnit("guns")->centre();
    CHECK_FALSE(
        ruleset().preview(battle, Action{.type = "prolong", .unit = "guns", .path = {Point(centre.x(), centre.y() - mm(1.6))}}).allowed());
    const Resolution moved =
        resolveWith(ruleset(), battle, Action{.type = "prolong", .unit = "guns", .path = {Point(centre.x(), centre.y() - mm(1.4))}}, 1);
    REQUIRE(moved.refusal.empty());
    const Battle after = applied(battle, moved);
    CHECK(oibl::whyNoFire(data(), optionsWith(), *after.findUnit("guns")).find("prolong") != std::string::npos);
}

TEST_CASE("a general joins a unit within his move and goes with it", "[oibl][movement][oibl-co-bonus]") {
    Battle battle = oneLine();
    addUnit(battle, UnitSpec("fraser", "british", "officer", 30, 25, 0));
    actingAt(battle, 4, "british", {"line", "fraser"});
    battle.findUnit("fraser")->counters["allowance"] = 14;
    const Resolution joined = resolveWith(ruleset(), battle, Action{.type = "attach", .unit = "fraser", .target = "line"}, 1);
    REQUIRE(joined.refusal.empty());
    Battle after = applied(battle, joined);
    CHECK(after.findUnit("fraser")->attachedTo == "line");
    after.findUnit("line")->counters["allowance"] = 6;
    const Point before = after.findUnit("fraser")->centre();
    const Point lineBefore = after.findUnit("line")->centre();
    const Battle moved =
        applied(after, resolveWith(ruleset(), after,
                                   Action{.type = "move", .unit = "line", .path = {Point(lineBefore.x(), lineBefore.y() - mm(3))}}, 1));
    CHECK(moved.findUnit("fraser")->centre().y() == Approx(before.y() - mm(3)).margin(0.01));
}
