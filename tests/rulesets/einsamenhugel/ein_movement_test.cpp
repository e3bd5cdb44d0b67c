// MOVEMENT and The Variation: rates, formations, wheels, terrain, the variation die, and
// the moves before battle.

#include "ein_test_support.h"

#include <catch2/catch.hpp>

using namespace eintest;

namespace {

/// A move straight up the table (or down, for side "b") by `cm`.
Action ahead(const Battle& battle, const std::string& id, double cm, std::optional<double> facing = {}) {
    const Unit& unit = *battle.findUnit(id);
    const Point way = facingVector(unit.elements.front().facing);
    return Action{"move", id, "", {Point(unit.centre().x() + way.x() * mm(cm), unit.centre().y() + way.y() * mm(cm))}, facing, {}};
}

Preview previewOf(const Battle& battle, const Action& action) { return ruleset().preview(battle, action); }

} // namespace

TEST_CASE("each class moves its MOVEMENT rate, and no further", "[ein][movement]") {
    const std::vector<std::tuple<std::string, std::string, double>> cases{
        {"regular-foot", "line", 6},      {"regular-foot", "column", 7.5}, {"light-foot", "loose", 7.5}, {"heavy-horse", "two-ranks", 10},
        {"light-horse", "two-ranks", 12}, {"lancers", "two-ranks", 12},    {"artillery", "limbered", 6}, {"general", "", 12}};
    for (const auto& [type, formation, rate] : cases) {
        INFO(type << " " << formation);
        Battle battle = emptyBattle();
        addUnit(battle, UnitSpec("u", "a", type, 90, 60).in(formation));
        // Under three quarters of the move: no variation die, so the preview is the outcome.
        CHECK(previewOf(battle, ahead(battle, "u", rate * 0.5)).allowed());
        CHECK(*previewOf(battle, ahead(battle, "u", rate * 0.5)).allowance == Approx(rate));
        CHECK(previewOf(battle, ahead(battle, "u", rate)).allowed());
        const Preview over = previewOf(battle, ahead(battle, "u", rate + 0.1));
        CHECK_FALSE(over.allowed());
        CHECK(over.refusal.find("moves " + cm(rate)) != std::string::npos);
    }
}

TEST_CASE("unlimbered guns must limber before they move, a formation change takes the turn", "[ein][movement]") {
    Battle battle = emptyBattle();
    addUnit(battle, UnitSpec("gun", "a", "artillery", 90, 60).in("unlimbered"));
    CHECK(previewOf(battle, ahead(battle, "gun", 2)).refusal.find("limber") != std::string::npos);
    auto rules = ruleset();
    DiceStream dice(1);
    const Resolution limber = rules.resolve(battle, Action{"formation", "gun", "", {}, {}, "limbered"}, dice);
    REQUIRE(limber.refusal.empty());
    CHECK(rulingShown(limber, "ein-formation-turn"));
    const Battle after = applied(battle, limber);
    CHECK(after.findUnit("gun")->formation == "limbered");
    CHECK(rules.resolve(after, ahead(after, "gun", 2), dice).refusal.find("has had its move") != std::string::npos);
}

TEST_CASE("ein-formation-turn: foot take a complete turn to change into firing order, a column's bases stand one behind the other",
          "[ein][movement]") {
    Battle battle = emptyBattle();
    addUnit(battle, UnitSpec("foot", "a", "regular-foot", 90, 60).in("column"));
    auto rules = ruleset();
    DiceStream dice(2);
    const Resolution formed = rules.resolve(battle, Action{"formation", "foot", "", {}, {}, "line"}, dice);
    REQUIRE(formed.refusal.empty());
    const Battle after = applied(battle, formed);
    const Unit& foot = *after.findUnit("foot");
    CHECK(foot.formation == "line");
    CHECK(foot.elements[0].centre.y() == Approx(foot.elements[1].centre.y()));
    CHECK(std::abs(foot.elements[0].centre.x() - foot.elements[1].centre.x()) == Approx(40));
    CHECK(ein::inFiringOrder(ein::builtInData(), foot));
    CHECK(foot.counters.count("acted") == 1);
    // Guns may pivot as they unlimber; foot may not turn as part of forming.
    CHECK(rules.resolve(battle, Action{"formation", "foot", "", {}, 90.0, "line"}, dice).refusal.find("pivot") != std::string::npos);
}

TEST_CASE("ein-fights-as-light: the 5th Marines may form loose and then count as light foot", "[ein][movement]") {
    Battle battle = emptyBattle();
    addUnit(battle, UnitSpec("marines", "a", "regular-foot", 90, 60).with({{"fightsAsLight", true}}));
    addUnit(battle, UnitSpec("line", "a", "regular-foot", 40, 60));
    auto rules = ruleset();
    DiceStream dice(3);
    CHECK(rules.resolve(battle, Action{"formation", "line", "", {}, {}, "loose"}, dice).refusal.find("cannot form") != std::string::npos);
    const Resolution loose = rules.resolve(battle, Action{"formation", "marines", "", {}, {}, "loose"}, dice);
    REQUIRE(loose.refusal.empty());
    CHECK(rulingShown(loose, "ein-fights-as-light"));
    const Battle after = applied(battle, loose);
    CHECK(ein::classOf(ein::builtInData(), *after.findUnit("marines")).id == "light-foot");
}

TEST_CASE("wheels: 45 degrees free, more costs half a turn, an about-turn is free, a second costs half the move", "[ein][movement]") {
    Battle battle = emptyBattle();
    Unit& foot = addUnit(battle, UnitSpec("foot", "a", "regular-foot", 90, 60));
    const auto& data = ein::builtInData();
    const RulesetOptions options = defaultOptions();
    CHECK(ein::wheelCost(data, options, foot, 45).cost == 0);
    CHECK(ein::wheelCost(data, options, foot, 60).cost == Approx(3));
    CHECK(ein::wheelCost(data, options, foot, 180).cost == 0);
    CHECK(ein::wheelCost(data, options, foot, 180).aboutTurn);
    foot.counters["about-turned"] = 1;
    CHECK(ein::wheelCost(data, options, foot, 180).cost == Approx(3));
    // A 60-degree wheel and 3cm is a full 6cm; 3.5cm more is too far.
    CHECK(previewOf(battle, ahead(battle, "foot", 2.9, 60.0)).allowed());
    CHECK_FALSE(previewOf(battle, ahead(battle, "foot", 3.5, 60.0)).allowed());
    // Mollwitz: Prussian foot wheel freely, Prussian horse pay half a move for any wheel.
    RulesetOptions mollwitz = options;
    mollwitz["prussian-mollwitz"] = "on";
    foot.stats["nation"] = "prussian";
    CHECK(ein::wheelCost(data, mollwitz, foot, 90).cost == 0);
    Unit& horse = addUnit(battle, UnitSpec("horse", "a", "heavy-horse", 40, 60).with({{"nation", "prussian"}}));
    CHECK(ein::wheelCost(data, mollwitz, horse, 20).cost == Approx(5));
}

TEST_CASE("ein-terrain: a hill slows by a third but not directly downhill, the scenario's own rules win", "[ein][movement]") {
    Battle battle = emptyBattle();
    battle.areas.push_back(area(AreaType::Hill, 80, 20, 100, 50, 1));
    addUnit(battle, UnitSpec("up", "a", "regular-foot", 90, 56));
    addUnit(battle, UnitSpec("down", "b", "regular-foot", 90, 40, 180));
    // 4cm up onto the hill from its foot: the last 2cm... all of it is on the hill once past y=50.
    const Preview climbing = previewOf(battle, ahead(battle, "up", 4));
    REQUIRE(climbing.pathCost);
    // 4cm from y=56 to y=52 stays off the hill (the hill ends at y=50): costs 4.
    CHECK(*climbing.pathCost == Approx(4).margin(0.05));
    const Preview onto = previewOf(battle, Action{"move", "up", "", {Point(mm(90), mm(48))}, {}, {}});
    // 6cm from y=56 to y=50 is level, then 2cm of hill at 2/3 speed costs 3.
    CHECK(*onto.pathCost == Approx(6 + 3).margin(0.1));
    CHECK_FALSE(onto.allowed());
    // Directly downhill (away from the hill's top) is full speed.
    battle.session["toPlay"] = "b";
    const Preview descending = previewOf(battle, ahead(battle, "down", 4));
    CHECK(*descending.pathCost == Approx(4).margin(0.05));
    // Across the slope is slowed.
    const Preview across = previewOf(battle, Action{"move", "down", "", {Point(mm(86), mm(40))}, {}, {}});
    CHECK(*across.pathCost == Approx(6).margin(0.1));
    // The Kneippberg: steep, half speed even downhill.
    battle.areas.front().rules = {{"speed", "1/2"}, {"downhill", "slowed"}};
    CHECK(*previewOf(battle, ahead(battle, "down", 3)).pathCost == Approx(6).margin(0.1));
    // Water is impassable.
    battle.areas.push_back(area(AreaType::Water, 120, 20, 140, 60));
    CHECK(previewOf(battle, Action{"move", "down", "", {Point(mm(125), mm(40))}, {}, {}}).refusal.find("cannot enter") !=
          std::string::npos);
}

TEST_CASE("ein-terrain: a stream costs foot a whole move, horse half, stops guns but for the bridge, foot lose firing order",
          "[ein][movement]") {
    Battle battle = emptyBattle();
    battle.lines.push_back(line(LineType::Stream, 0, 50, 182, 50));
    addUnit(battle, UnitSpec("foot", "a", "regular-foot", 40, 53));
    addUnit(battle, UnitSpec("horse", "a", "heavy-horse", 90, 54));
    addUnit(battle, UnitSpec("gun", "a", "artillery", 140, 54).in("limbered"));
    // Foot: across (4cm) is the whole move; a step further is too far.
    CHECK(previewOf(battle, ahead(battle, "foot", 4)).allowed());
    CHECK_FALSE(previewOf(battle, ahead(battle, "foot", 4.5)).allowed());
    // Horse: half a move (5cm) with 4cm over, then 5cm more.
    CHECK(previewOf(battle, ahead(battle, "horse", 9)).allowed());
    CHECK_FALSE(previewOf(battle, ahead(battle, "horse", 9.5)).allowed());
    CHECK(previewOf(battle, ahead(battle, "gun", 5)).refusal.find("cannot cross") != std::string::npos);
    battle.lines.push_back(line(LineType::Bridge, 138, 50, 142, 50));
    CHECK(previewOf(battle, ahead(battle, "gun", 5)).allowed());
    auto rules = ruleset();
    DiceStream dice(4);
    const Resolution crossed = rules.resolve(battle, ahead(battle, "foot", 4), dice);
    REQUIRE(crossed.refusal.empty());
    CHECK(applied(battle, crossed).findUnit("foot")->formation == "column");
    CHECK(traceText(crossed).find("loses its firing order") != std::string::npos);
}

TEST_CASE("ein-variation: a full move throws the Variation: a 1 takes a quarter off, a 6 adds a quarter of the distance covered",
          "[ein][movement]") {
    Battle battle = emptyBattle();
    addUnit(battle, UnitSpec("horse", "a", "heavy-horse", 90, 60));
    auto rules = ruleset();
    const Action full = ahead(battle, "horse", 8); // 80% of 10cm
    const double startY = battle.findUnit("horse")->centre().y();
    auto movedBy = [&](const Resolution& resolution) {
        return (startY - applied(battle, resolution).findUnit("horse")->centre().y()) / 10;
    };
    Resolution one;
    REQUIRE(findSeed(
                rules, battle, full, [](const Resolution& r) { return traceText(r).find("-25%") != std::string::npos; }, one) >= 0);
    CHECK(rulingShown(one, "ein-variation"));
    CHECK(movedBy(one) == Approx(6));
    Resolution six;
    REQUIRE(findSeed(
                rules, battle, full, [](const Resolution& r) { return traceText(r).find("+25%") != std::string::npos; }, six) >= 0);
    CHECK(movedBy(six) == Approx(8 + 2));
    Resolution none;
    REQUIRE(findSeed(
                rules, battle, full, [](const Resolution& r) { return traceText(r).find("no change") != std::string::npos; }, none) >= 0);
    CHECK(movedBy(none) == Approx(8));
    // Under three quarters of the move, no die.
    DiceStream dice(5);
    const Resolution short_ = rules.resolve(battle, ahead(battle, "horse", 7), dice);
    CHECK_FALSE(rulingShown(short_, "ein-variation"));
    // The extra quarter is ignored where it would run off the table.
    Battle edge = emptyBattle();
    addUnit(edge, UnitSpec("horse", "a", "heavy-horse", 90, 11));
    Resolution atEdge;
    REQUIRE(findSeed(
                rules, edge, ahead(edge, "horse", 8), [](const Resolution& r) { return traceText(r).find("+25%") != std::string::npos; },
                atEdge) >= 0);
    CHECK(traceText(atEdge).find("ignored") != std::string::npos);
}

TEST_CASE("units may not move through others, but light infantry may be passed through", "[ein][movement]") {
    Battle battle = emptyBattle();
    addUnit(battle, UnitSpec("horse", "a", "heavy-horse", 90, 60));
    addUnit(battle, UnitSpec("screen", "a", "light-foot", 90, 54));
    addUnit(battle, UnitSpec("wall", "a", "regular-foot", 40, 54));
    addUnit(battle, UnitSpec("horse2", "a", "heavy-horse", 40, 60));
    CHECK(previewOf(battle, ahead(battle, "horse", 9)).allowed()); // beyond the light infantry
    CHECK(previewOf(battle, ahead(battle, "horse", 5)).refusal.find("end its move on") != std::string::npos);
    CHECK(previewOf(battle, ahead(battle, "horse2", 9)).refusal.find("run into") != std::string::npos);
}

TEST_CASE("ein-general: a general joins a unit within his move and goes where it goes", "[ein][movement]") {
    Battle battle = emptyBattle();
    addUnit(battle, UnitSpec("foot", "a", "regular-foot", 90, 60));
    addUnit(battle, UnitSpec("far", "a", "regular-foot", 150, 60));
    addUnit(battle, UnitSpec("george", "a", "general", 80, 70));
    auto rules = ruleset();
    DiceStream dice(6);
    CHECK(rules.resolve(battle, Action{"attach", "george", "far", {}, {}, {}}, dice).refusal.find("away") != std::string::npos);
    const Resolution joined = rules.resolve(battle, Action{"attach", "george", "foot", {}, {}, {}}, dice);
    REQUIRE(joined.refusal.empty());
    CHECK(rulingShown(joined, "ein-general"));
    Battle after = applied(battle, joined);
    CHECK(ein::attachedGeneral(after, "foot")->id == "george");
    after.findUnit("foot")->counters.clear();
    const Resolution moved = rules.resolve(after, ahead(after, "foot", 3), dice);
    REQUIRE(moved.refusal.empty());
    const Battle later = applied(after, moved);
    CHECK(later.findUnit("george")->centre().y() == Approx(after.findUnit("george")->centre().y() - 30));
}

TEST_CASE("ein-pre-battle: three units each, anywhere in the side's own half, before turn 1", "[ein][movement]") {
    auto rules = ruleset({{"pre-battle-moves", "3"}});
    Battle battle = emptyBattle();
    for (int i = 0; i < 4; ++i) {
        addUnit(battle, UnitSpec("a" + std::to_string(i), "a", "regular-foot", 20.0 + 20 * i, 60));
    }
    addUnit(battle, UnitSpec("b0", "b", "regular-foot", 90, 15, 180));
    battle.phase = "deployment";
    battle.session["toPlay"] = "a";
    DiceStream dice(7);
    const Resolution far = rules.resolve(battle, Action{"move", "a0", "", {Point(mm(150), mm(45))}, {}, {}}, dice);
    REQUIRE(far.refusal.empty());
    CHECK(rulingShown(far, "ein-pre-battle"));
    CHECK(rules.resolve(battle, Action{"move", "a0", "", {Point(mm(150), mm(30))}, {}, {}}, dice).refusal.find("own half") !=
          std::string::npos);
}

TEST_CASE("a unit locked in melee or that has had its move is not offered a move, and the status lists the others", "[ein][movement]") {
    auto rules = ruleset();
    Battle battle = emptyBattle();
    addUnit(battle, UnitSpec("free", "a", "regular-foot", 40, 60));
    addUnit(battle, UnitSpec("fighting", "a", "regular-foot", 90, 60));
    addUnit(battle, UnitSpec("moved", "a", "regular-foot", 140, 60));
    addUnit(battle, UnitSpec("enemy", "b", "heavy-horse", 90, 57, 180));
    addUnit(battle, UnitSpec("lost", "a", "regular-foot", 20, 30)).elements.clear();
    battle.findUnit("moved")->counters["acted"] = 1;
    // A malformed entry beside the real melee is passed over, not read past its end.
    battle.session["melees"] = nlohmann::json::array({nlohmann::json::array({"enemy", "fighting"}), nlohmann::json::array({7})});
    const ein::Data& data = ein::builtInData();

    CHECK(ein::unitsThatMayMove(battle, "a") == std::vector<std::string>{"free"});
    CHECK(rules.status(battle).mayActivate == std::vector<std::string>{"free"});
    CHECK(ein::whyNoMove(data, battle, *battle.findUnit("fighting")) == "fighting is locked in melee");
    CHECK(ein::whyNoMove(data, battle, *battle.findUnit("moved")) == "moved has had its move this turn");
    CHECK(ein::whyNoMove(data, battle, *battle.findUnit("free")).empty());
    CHECK(previewOf(battle, ahead(battle, "fighting", -3)).refusal.find("locked in melee") != std::string::npos);

    battle.session["melees"] = nlohmann::json::array();
    CHECK(ein::unitsThatMayMove(battle, "a") == std::vector<std::string>{"free", "fighting"});
}
