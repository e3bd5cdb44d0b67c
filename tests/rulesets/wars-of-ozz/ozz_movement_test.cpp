// Movement: the allowance before the dice, and what a path costs across the terrain.

#include "ozz_movement.h"
#include "ozz_reactions.h"
#include "ozz_test_support.h"

#include <catch2/catch.hpp>

using namespace ozztest;

namespace {

Battle oneUnit(const std::string& type = "musket-infantry", double facing = 0) {
    Battle battle = emptyBattle();
    addUnit(battle, {.id = "u", .side = "a", .type = type, .x = 36, .y = 36, .facing = facing, .bases = 1});
    addUnit(battle, {.id = "enemy", .side = "b", .x = 36, .y = 4, .facing = 180});
    return battle;
}

ozz::PathCost cost(const Battle& battle, std::vector<std::pair<double, double>> inches) {
    Path path;
    path.push_back(battle.findUnit("u")->centre());
    for (const auto& [x, y] : inches) {
        path.push_back(Point(mm(x), mm(y)));
    }
    return ozz::pathCost(ozz::builtInData(), battle, *battle.findUnit("u"), path);
}

double allowance(const Unit& unit, std::int64_t highest, ozz::MoveKind kind = ozz::MoveKind::Normal) {
    return ozz::allowanceFor(ozz::allowancePlan(ozz::builtInData(), unit, kind), highest);
}

} // namespace

TEST_CASE("open ground costs its length", "[ozz][movement][ozz-move-path]") {
    const auto paid = cost(oneUnit(), {{36, 26}});
    CHECK(paid.refusal.empty());
    CHECK(paid.length == Approx(10));
    CHECK(paid.cost == Approx(10));
}

TEST_CASE("woods: ½ for infantry costs 2\" an inch, ¼ for cavalry 4\"", "[ozz][movement][ozz-move-path]") {
    Battle battle = oneUnit();
    battle.areas.push_back(square(AreaType::Woods, 30, 28, 42, 32)); // 4" of the path
    CHECK(cost(battle, {{36, 26}}).cost == Approx(6 + 8).margin(0.05));
    Battle cavalry = oneUnit("carbine-cavalry");
    cavalry.areas = battle.areas;
    CHECK(cost(cavalry, {{36, 26}}).cost == Approx(6 + 16).margin(0.05));
}

TEST_CASE("rough ground (and marsh, built-up) costs double for every arm, overlaps pay the worst", "[ozz][movement][ozz-move-path]") {
    Battle battle = oneUnit();
    battle.areas.push_back(square(AreaType::Rough, 30, 28, 42, 32));
    CHECK(cost(battle, {{36, 26}}).cost == Approx(14).margin(0.05));
    battle.areas.push_back(square(AreaType::Woods, 30, 28, 42, 30));
    Battle cavalry = oneUnit("carbine-cavalry");
    cavalry.areas = battle.areas;
    CHECK(cost(cavalry, {{36, 26}}).cost == Approx(6 + 2 * 4 + 2 * 2).margin(0.05));
    Battle marsh = oneUnit();
    marsh.areas.push_back(square(AreaType::Marsh, 30, 28, 42, 32));
    CHECK(cost(marsh, {{36, 26}}).cost == Approx(14).margin(0.05));
}

TEST_CASE("a linear obstacle crossed costs 2\", a contour climbed 2\", descending nothing", "[ozz][movement][ozz-move-path]") {
    Battle battle = oneUnit();
    battle.lines.push_back(straightLine(LineType::Hedge, 20, 30, 52, 30));
    CHECK(cost(battle, {{36, 26}}).cost == Approx(12).margin(0.05));
    Battle hill = oneUnit();
    hill.areas.push_back(square(AreaType::Hill, 20, 20, 52, 32, 1));
    hill.areas.push_back(square(AreaType::Hill, 24, 20, 48, 29, 2));
    CHECK(cost(hill, {{36, 26}}).cost == Approx(14).margin(0.05));
    hill.findUnit("u")->elements[0].centre = Point(mm(36), mm(24));
    CHECK(cost(hill, {{36, 34}}).refusal.find("sideways") == std::string::npos);
}

TEST_CASE("a leg more than 45° off the facing is sideways or backward at half speed", "[ozz][movement][ozz-move-path]") {
    const Battle battle = oneUnit();
    CHECK(cost(battle, {{40, 32}}).cost == Approx(std::hypot(4, 4))); // 45°: still forward
    CHECK(cost(battle, {{46, 36}}).cost == Approx(20));               // sideways
    CHECK(cost(battle, {{36, 40}}).cost == Approx(8));                // backward
}

TEST_CASE("a stream is a linear obstacle, a river is crossed only at a bridge", "[ozz][movement][ozz-watercourses]") {
    Battle battle = oneUnit();
    battle.lines.push_back(straightLine(LineType::Stream, 20, 30, 52, 30));
    CHECK(cost(battle, {{36, 26}}).cost == Approx(12).margin(0.05));
    Battle river = oneUnit();
    river.lines.push_back(straightLine(LineType::River, 20, 30, 52, 30));
    CHECK(cost(river, {{36, 26}}).refusal.find("cannot cross river here (RULINGS.md, ozz-watercourses)") != std::string::npos);
    river.lines.push_back(straightLine(LineType::Bridge, 36, 29, 36, 31));
    CHECK(cost(river, {{36, 26}}).refusal.empty());
    river.areas.push_back(square(AreaType::Water, 40, 20, 50, 30));
    CHECK(cost(river, {{45, 26}}).refusal.find("water") != std::string::npos);
}

TEST_CASE("ozz-watercourses: a stream crossed by a bridge is no obstacle, and guns may take it there",
          "[ozz][movement][ozz-watercourses]") {
    Battle battle = oneUnit();
    battle.lines.push_back(straightLine(LineType::Stream, 20, 30, 52, 30));
    battle.lines.back().impassableTo = {"guns"};
    battle.lines.push_back(straightLine(LineType::Bridge, 36, 29, 36, 31));
    CHECK(cost(battle, {{36, 26}}).cost == Approx(10));
    CHECK(cost(battle, {{44, 26}}).cost == Approx(std::hypot(8, 10) + 2)); // away from the bridge: an obstacle
    Battle guns = oneUnit("light-artillery");
    guns.findUnit("u")->formation = "limbered";
    guns.lines = battle.lines;
    CHECK(cost(guns, {{36, 26}}).refusal.empty());
    CHECK(cost(guns, {{44, 26}}).refusal.find("cannot cross stream here") != std::string::npos);
}

TEST_CASE("the terrain's costs are the path-costs table's, read through each arm's move modifiers", "[ozz][movement][ozz-move-path]") {
    Battle battle = oneUnit();
    battle.areas.push_back(square(AreaType::Woods, 30, 28, 42, 32)); // 4" of the path
    nlohmann::json data = nlohmann::json::parse(readText(ozzDir() / "ruleset.json"));
    for (nlohmann::json& table : data["tables"]) {
        if (table["id"] == "path-costs") {
            table["areas"]["woods"]["cost"] = {{"value", "impassable"}, {"why", "no woods today"}};
        }
    }
    const auto edited = ozz::parseData(data.dump(), "copy/ruleset.json");
    REQUIRE(edited);
    Path path{battle.findUnit("u")->centre(), Point(mm(36), mm(26))};
    CHECK(ozz::pathCost(*edited, battle, *battle.findUnit("u"), path).refusal == "u cannot enter area (no woods today)");
    for (nlohmann::json& table : data["tables"]) {
        if (table["id"] == "path-costs") {
            table["areas"]["woods"]["cost"] = {{"modifier", "column"}};
        }
    }
    const auto wrong = ozz::parseData(data.dump(), "copy/ruleset.json");
    REQUIRE_FALSE(wrong);
    CHECK(toString(wrong.error()).find("\"path-costs\" prices woods by \"column\" of \"move-infantry\", which should multiply") !=
          std::string::npos);
}

TEST_CASE("the allowance: best d10 plus the base, column adds, halvings compound", "[ozz][movement][ozz-move-path]") {
    Battle battle = oneUnit();
    Unit& unit = *battle.findUnit("u");
    CHECK(allowance(unit, 7) == 10);
    unit.formation = "column";
    CHECK(allowance(unit, 7) == 13);
    unit.markers.insert("disordered");
    CHECK(allowance(unit, 7) == Approx(6.5));
    unit.counters["fired"] = 1;
    CHECK(allowance(unit, 7) == Approx(3.25));
    unit.formation = "line";
    unit.markers.clear();
    unit.counters.clear();
    CHECK(allowance(unit, 7, ozz::MoveKind::Charge) == 13);
    Battle cavalry = oneUnit("carbine-cavalry");
    CHECK(allowance(*cavalry.findUnit("u"), 7) == 13);
    CHECK(allowance(*cavalry.findUnit("u"), 7, ozz::MoveKind::Charge) == 19);
    cavalry.findUnit("u")->formation = "column";
    CHECK(allowance(*cavalry.findUnit("u"), 7) == 17);
}

TEST_CASE("the allowance's exact odds: best of 2d10 plus 3", "[ozz][movement]") {
    const Battle battle = oneUnit();
    const auto plan = ozz::allowancePlan(ozz::builtInData(), *battle.findUnit("u"), ozz::MoveKind::Normal);
    const Odds odds = ozz::allowanceOdds(plan);
    REQUIRE(odds.lines.size() == 10);
    CHECK(odds.lines.front().label == "4\"");
    CHECK(odds.lines.front().probability == Probability(1, 100));
    CHECK(odds.lines.back().label == "13\"");
    CHECK(odds.lines.back().probability == Probability(19, 100));
    CHECK(ozz::chanceToCover(plan, 12.5) == Probability(19, 100));
    CHECK(ozz::chanceToCover(plan, 4) == 1);
}

TEST_CASE("unlimbered artillery moves half the highest d10, limbered 3 more", "[ozz][movement]") {
    Battle battle = oneUnit("light-artillery");
    Unit& guns = *battle.findUnit("u");
    guns.formation = "unlimbered";
    CHECK(allowance(guns, 7) == Approx(3.5));
    guns.formation = "limbered";
    CHECK(allowance(guns, 7) == 10);
}

TEST_CASE("where the card prints a dash for something guns do not do, artillery may not: no column, fire then move, obstacles or charging",
          "[ozz][movement][ozz-artillery-dashes]") {
    Battle battle = oneUnit("light-artillery");
    Unit& guns = *battle.findUnit("u");
    guns.formation = "limbered";
    // Sideways or backward: no modifier by default (10" costs 10"), not allowed with the option.
    CHECK(cost(battle, {{46, 36}}).refusal.empty());
    CHECK(cost(battle, {{46, 36}}).cost == Approx(10));
    battle.session["artilleryDashes"] = "not-allowed";
    CHECK(cost(battle, {{46, 36}}).refusal.find("sideways or backward") != std::string::npos);
    battle.session.erase("artilleryDashes");
    battle.lines.push_back(straightLine(LineType::Wall, 20, 30, 52, 30));
    CHECK(cost(battle, {{36, 26}}).refusal.find("linear obstacle") != std::string::npos);
    guns.counters["fired"] = 1;
    CHECK_FALSE(ozz::allowancePlan(ozz::builtInData(), guns, ozz::MoveKind::Normal).refusal.empty());
    CHECK_FALSE(ozz::allowancePlan(ozz::builtInData(), guns, ozz::MoveKind::Charge).refusal.empty());
    guns.counters.clear();
    guns.markers.insert("disordered");
    CHECK(ozz::allowancePlan(ozz::builtInData(), guns, ozz::MoveKind::Normal).refusal.empty());
    battle.session["artilleryDashes"] = "not-allowed";
    CHECK_FALSE(ozz::gunsMayNotMoveDisordered(battle, guns).empty());
    const ozz::OzzRuleset ruleset(defaultOptions());
    const auto offers = ruleset.offers(battle, "u");
    for (const Offer& offer : offers) {
        CHECK(offer.type != "charge");
        CHECK(offer.label != "Form column");
    }
}

TEST_CASE("leaders and wizards pay the infantry column", "[ozz][movement][ozz-leaders-move]") {
    Battle battle = oneUnit("wizard");
    battle.areas.push_back(square(AreaType::Woods, 30, 28, 42, 32));
    CHECK(cost(battle, {{36, 26}}).cost == Approx(14).margin(0.05));
    CHECK(allowance(*battle.findUnit("u"), 7) == 13);
}

TEST_CASE("a routing unit turns from the nearest enemy and runs, off the table it is lost", "[ozz][movement][ozz-rout]") {
    Battle battle = oneUnit();
    battle.findUnit("u")->elements[0].centre = Point(mm(36), mm(46.5));
    ozz::Step step(ozz::builtInData(), defaultOptions(), battle, nullptr);
    DiceStream dice(1);
    ozz::Step rolling(ozz::builtInData(), defaultOptions(), battle, &dice);
    ozz::rout(rolling, "u");
    const Unit& routed = *rolling.battle.findUnit("u");
    CHECK(routed.markers.count("routed") == 1);
    CHECK(routed.eliminated()); // best of 2d10 + 3 + 3 from 1.5" off the edge
    CHECK(traceText(rolling.out).find("leaves the table and is lost") != std::string::npos);
    CHECK(rulingShown(rolling.out, "ozz-rout"));
}

TEST_CASE("a unit lost in its own activation ends it, one that survives goes on", "[ozz][movement][ozz-lost-in-activation]") {
    Battle battle = oneUnit();
    battle.findUnit("u")->elements[0].centre = Point(mm(36), mm(46.5)); // its back to the edge
    battle.findUnit("u")->markers.insert("routed");
    // Two bases already lost: two shifts right reach the run-away columns.
    battle.findUnit("u")->startingBases = 3;
    const ozz::OzzRuleset ruleset(defaultOptions());
    int lost = 0;
    int kept = 0;
    for (std::uint64_t seed = 1; seed <= 40; ++seed) {
        DiceStream dice(seed);
        const Resolution rally = ruleset.resolve(battle, Action{"rally", "u", "", {}, {}, {}}, dice);
        REQUIRE(rally.refusal.empty());
        Battle after = battle;
        for (const Event& event : rally.events) {
            applyEvent(after, event);
        }
        const auto activated = after.session.value("activated", nlohmann::json::array());
        const bool ended = std::find(activated.begin(), activated.end(), "u") != activated.end();
        if (after.findUnit("u")->eliminated()) {
            ++lost;
            CHECK(after.session.value("active", "") == "");
            CHECK(ended);
            CHECK(rulingShown(rally, "ozz-lost-in-activation"));
        } else {
            ++kept;
            CHECK(after.session.value("active", "") == "u");
            CHECK_FALSE(ended);
            CHECK_FALSE(rulingShown(rally, "ozz-lost-in-activation"));
        }
    }
    // Forty rallies see both: some run off the table, some stand.
    CHECK(lost > 0);
    CHECK(kept > 0);
}

TEST_CASE("routed artillery does not run", "[ozz][movement][ozz-artillery-dashes]") {
    Battle battle = oneUnit("light-artillery");
    DiceStream dice(1);
    ozz::Step step(ozz::builtInData(), defaultOptions(), battle, &dice);
    const Point before = battle.findUnit("u")->centre();
    ozz::rout(step, "u");
    CHECK(boost::geometry::distance(step.battle.findUnit("u")->centre(), before) < 1e-9);
    CHECK(step.battle.findUnit("u")->markers.count("routed") == 1);
}

TEST_CASE("a move is refused when the path costs more than is left, and costs what it pays", "[ozz][movement][ozz-one-activation]") {
    Battle battle = oneUnit();
    battle.findUnit("u")->counters["movement-left"] = 5;
    const ozz::OzzRuleset ruleset(defaultOptions());
    DiceStream dice(3);
    Action move{"move", "u", "", Path{Point(mm(36), mm(30))}, {}, {}};
    const Resolution refused = ruleset.resolve(battle, move, dice);
    CHECK(refused.refusal == "the path costs 6\" and u has 5\" left");
    CHECK(refused.events.empty());
    move.path = Path{Point(mm(36), mm(32))};
    const Resolution moved = ruleset.resolve(battle, move, dice);
    REQUIRE(moved.refusal.empty());
    const Battle after = applied(battle, moved);
    CHECK(after.findUnit("u")->counters.at("movement-left") == Approx(1).margin(0.01));
    CHECK(after.findUnit("u")->centre().y() == Approx(mm(32)));
}

TEST_CASE("a first move rolls the allowance and goes as far along the path as it pays", "[ozz][movement]") {
    const Battle battle = oneUnit();
    const ozz::OzzRuleset ruleset(defaultOptions());
    DiceStream dice(11);
    const Resolution moved = ruleset.resolve(battle, {"move", "u", "", Path{Point(mm(36), mm(6))}, {}, {}}, dice);
    REQUIRE(moved.refusal.empty());
    const Battle after = applied(battle, moved);
    const double travelled = (battle.findUnit("u")->centre().y() - after.findUnit("u")->centre().y()) / millimetresPerInch;
    CHECK(travelled >= 4 - 0.1);
    CHECK(travelled <= 13 + 0.1);
    CHECK(after.findUnit("u")->counters.at("movement-left") < 0.1);
    CHECK(traceText(moved).find("its allowance ran out") != std::string::npos);
}

TEST_CASE("firing halves the movement left, so does a formation change", "[ozz][movement][ozz-one-activation]") {
    Battle battle = oneUnit();
    battle.findUnit("enemy")->elements[0].centre = Point(mm(36), mm(30));
    battle.findUnit("u")->counters["movement-left"] = 8;
    const ozz::OzzRuleset ruleset(defaultOptions());
    DiceStream dice(3);
    const Resolution fired = ruleset.resolve(battle, {"fire", "u", "enemy", {}, {}, {}}, dice);
    REQUIRE(fired.refusal.empty());
    CHECK(applied(battle, fired).findUnit("u")->counters.at("movement-left") == 4);
    const Resolution formed = ruleset.resolve(battle, {"formation", "u", "", {}, {}, "column"}, dice);
    REQUIRE(formed.refusal.empty());
    const Battle after = applied(battle, formed);
    CHECK(after.findUnit("u")->formation == "column");
    CHECK(after.findUnit("u")->counters.at("movement-left") == 4);
    CHECK(ruleset.resolve(after, {"formation", "u", "", {}, {}, "square"}, dice).refusal ==
          "u cannot form \"square\" (it may form: line, column)");
}
