// The Updated Rules to the letter: the values the procedures use come from ruleset.json
// (change the data, and play changes), the Variation's 6 on the distance covered, the
// two readings of "a half is diced for", formation changes as the text prices them, and
// a preview that never differs from the resolution of the same order.

#include "ein_terrain.h"
#include "ein_test_support.h"
#include "sandtable/computer_player.h"
#include "sandtable/ruleset_registry.h"
#include "sandtable/scenario.h"

#include <catch2/catch.hpp>

using namespace eintest;

namespace {

nlohmann::json dataJson() { return nlohmann::json::parse(readText(einDir() / "ruleset.json")); }

nlohmann::json& table(nlohmann::json& data, const std::string& id) {
    for (auto& entry : data["tables"]) {
        if (entry["id"] == id) {
            return entry;
        }
    }
    FAIL("no table " << id);
    throw std::logic_error("unreachable");
}

nlohmann::json& modifier(nlohmann::json& data, const std::string& list, const std::string& id) {
    for (auto& entry : table(data, list)["modifiers"]) {
        if (entry["id"] == id) {
            return entry;
        }
    }
    FAIL("no modifier " << id);
    throw std::logic_error("unreachable");
}

ein::Data parsed(const nlohmann::json& data) {
    auto loaded = ein::parseData(data.dump(), "copy/ruleset.json");
    INFO((loaded ? "" : toString(loaded.error())));
    REQUIRE(loaded);
    return std::move(loaded).value();
}

ein::FirePlan planWith(const ein::Data& data, const Battle& battle, const std::string& firer, const std::string& target,
                       RulesetOptions options = defaultOptions()) {
    return ein::planFire(data, options, battle, *battle.findUnit(firer), *battle.findUnit(target));
}

Battle facingOff(double gap, const std::string& aType = "regular-foot", const std::string& bType = "regular-foot") {
    Battle battle = emptyBattle();
    addUnit(battle, UnitSpec("a1", "a", aType, 90, 60));
    const double depthA = aType == "heavy-horse" || aType == "artillery" ? 2 : 1;
    const double depthB = bType == "heavy-horse" || bType == "artillery" ? 2 : 1;
    addUnit(battle, UnitSpec("b1", "b", bType, 90, 60 - depthA - gap - depthB, 180));
    return battle;
}

bool says(const Resolution& resolution, const std::string& text) { return traceText(resolution).find(text) != std::string::npos; }

} // namespace

TEST_CASE("editing the data changes play: artillery dice, the throws' modifiers, the melee extra die, the Variation",
          "[ein][data][letter]") {
    const ein::Data& builtIn = ein::builtInData();
    Battle guns = facingOff(5, "artillery");
    guns.findUnit("a1")->formation = "unlimbered";
    REQUIRE(planWith(builtIn, guns, "a1", "b1").dice == 2);
    SECTION("artillery dice: canister at full effectiveness") {
        nlohmann::json data = dataJson();
        table(data, "artillery-dice")["cells"][1][0] = "3d6";
        CHECK(planWith(parsed(data), guns, "a1", "b1").dice == 3);
        table(data, "artillery-dice")["cells"][1][0] = "three dice";
        CHECK_FALSE(ein::parseData(data.dump(), "copy/ruleset.json"));
    }
    SECTION("roundshot at half effectiveness halves by the chart's word") {
        Battle far = facingOff(20, "artillery");
        far.findUnit("a1")->formation = "unlimbered";
        far.findUnit("a1")->counters["quarters"] = 2;
        CHECK(planWith(builtIn, far, "a1", "b1").halveScore);
        nlohmann::json data = dataJson();
        table(data, "artillery-dice")["cells"][0][1] = "1d6";
        CHECK_FALSE(planWith(parsed(data), far, "a1", "b1").halveScore);
    }
    SECTION("returning fire after moving: -1, or what the data says") {
        Battle battle = facingOff(5);
        battle.findUnit("a1")->counters["moved"] = 1;
        CHECK(planWith(builtIn, battle, "a1", "b1").modifier == -1);
        nlohmann::json data = dataJson();
        modifier(data, "musketry-throw", "return-fire-after-moving")["add"] = -2;
        CHECK(planWith(parsed(data), battle, "a1", "b1").modifier == -2);
    }
    SECTION("British musketry: +1, or what the data says") {
        Battle battle = facingOff(5);
        battle.findUnit("a1")->stats["nation"] = "british";
        battle.session["british-musketry"] = true;
        RulesetOptions options = defaultOptions();
        options["british-musketry"] = "per-battle";
        CHECK(planWith(builtIn, battle, "a1", "b1", options).modifier == 1);
        nlohmann::json data = dataJson();
        modifier(data, "musketry-throw", "british-musketry")["add"] = 2;
        CHECK(planWith(parsed(data), battle, "a1", "b1", options).modifier == 2);
        options["british-musketry"] = "per-volley";
        CHECK(planWith(parsed(data), battle, "a1", "b1", options).britishBonus == 2);
    }
    SECTION("roundshot over friends: -1, or what the data says") {
        const Battle battle = gunsOverFriends();
        CHECK(planWith(builtIn, battle, "gun", "enemy").modifier == -1);
        nlohmann::json data = dataJson();
        modifier(data, "artillery-throw", "over-friends")["add"] = -2;
        CHECK(planWith(parsed(data), battle, "gun", "enemy").modifier == -2);
    }
    SECTION("the melee extra die: +1 per 25%, or what the data says") {
        Battle battle = emptyBattle();
        addUnit(battle, UnitSpec("horse", "a", "heavy-horse", 90, 60, 90)); // facing across: its flank toward the enemy
        addUnit(battle, UnitSpec("enemy", "b", "heavy-horse", 90, 80, 0));
        const Unit& enemy = *battle.findUnit("enemy");
        const Unit& horse = *battle.findUnit("horse");
        const double plain = ein::meleeDice(builtIn, defaultOptions(), battle, enemy, horse, false).perQuarter;
        nlohmann::json data = dataJson();
        modifier(data, "melee-extra-dice", "flank-or-rear")["add"] = 2;
        const double more = ein::meleeDice(parsed(data), defaultOptions(), battle, enemy, horse, false).perQuarter;
        CHECK(more == Approx(plain + 1));
    }
    SECTION("terrain: what a stream costs is the path-costs table's (ein-terrain)") {
        Battle battle = emptyBattle();
        battle.lines.push_back(line(LineType::Stream, 0, 50, 182, 50));
        addUnit(battle, UnitSpec("horse", "a", "heavy-horse", 90, 54));
        const Unit& horse = *battle.findUnit("horse");
        const Path across{horse.centre(), Point(horse.centre().x(), mm(44))};
        // 10cm of path, half of a 10cm move to cross, less the 4cm it includes.
        CHECK(ein::pathCost(builtIn, battle, horse, across, 10).cost == Approx(10 + 5 - 4));
        nlohmann::json data = dataJson();
        table(data, "path-costs")["lines"]["stream"]["cost"] = "1";
        CHECK(ein::pathCost(parsed(data), battle, horse, across, 10).cost == Approx(10 + 10 - 4));
        table(data, "path-costs")["shareIncludes"] = 0;
        CHECK(ein::pathCost(parsed(data), battle, horse, across, 10).cost == Approx(10 + 10));
        table(data, "path-costs")["lines"]["stream"]["arms"]["horse"] = "impassable";
        CHECK(ein::pathCost(parsed(data), battle, horse, across, 10).refusal == "horse cannot cross stream here");
        table(data, "path-costs")["lines"]["stream"]["cost"] = "a lot";
        CHECK_FALSE(ein::parseData(data.dump(), "copy/ruleset.json"));
    }
    SECTION("the Variation: the factors are the chart's cells") {
        CHECK(ein::variationFactor("+25%") == Approx(1.25));
        CHECK(ein::variationFactor("-25%") == Approx(0.75));
        CHECK(ein::variationFactor("no change") == Approx(1.0));
        CHECK_FALSE(ein::variationFactor("a quarter more"));
        nlohmann::json data = dataJson();
        table(data, "variation")["cells"][2] = "+50%";
        const ein::Data changed = parsed(data);
        Battle battle = emptyBattle();
        addUnit(battle, UnitSpec("horse", "a", "heavy-horse", 90, 60));
        bool sawSix = false;
        for (std::uint64_t seed = 0; seed < 60 && !sawSix; ++seed) {
            DiceStream dice(seed);
            ein::Step step(changed, defaultOptions(), battle, &dice);
            const double factor = ein::rollVariation(step, "horse");
            if (says(step.out, "+50%")) {
                sawSix = true;
                CHECK(factor == Approx(1.5));
            }
        }
        CHECK(sawSix);
        table(data, "variation")["cells"][2] = "more";
        CHECK_FALSE(ein::parseData(data.dump(), "copy/ruleset.json"));
    }
}

TEST_CASE("the Variation's 6 adds a quarter of the distance covered, not of the full move", "[ein][movement][letter]") {
    Battle battle = emptyBattle();
    addUnit(battle, UnitSpec("foot", "a", "regular-foot", 90, 60).in("column")); // 7.5cm
    auto rules = ruleset();
    Action move{"move", "foot", "", {}, {}, {}};
    const Point from = battle.findUnit("foot")->centre();
    move.path = {Point(from.x(), from.y() - mm(6))}; // 80% of 7.5cm
    Resolution six;
    REQUIRE(findSeed(
                rules, battle, move, [](const Resolution& r) { return says(r, "+25%"); }, six) >= 0);
    const double moved = (from.y() - applied(battle, six).findUnit("foot")->centre().y()) / 10;
    CHECK(moved == Approx(6 * 1.25)); // 7.5cm, not 6 + 1.875
}

TEST_CASE("ein-artillery-half: quartered with one rounding, or halved and rounded twice (option)", "[ein][fire][ein-artillery-half]") {
    Battle far = facingOff(20, "artillery");
    far.findUnit("a1")->formation = "unlimbered";
    far.findUnit("a1")->counters["quarters"] = 2;
    RulesetOptions twice = defaultOptions();
    twice["artillery-halving"] = "twice";
    const ein::FirePlan quartered = planWith(ein::builtInData(), far, "a1", "b1");
    const ein::FirePlan halvedTwice = planWith(ein::builtInData(), far, "a1", "b1", twice);
    REQUIRE(quartered.halveScore);
    CHECK(quartered.halving == ein::Halving::Quarter);
    CHECK(halvedTwice.halving == ein::Halving::Twice);
    // The chance of at least one potential hit: a 3 quartered is 3/4, rounding up (one
    // rounding); halved twice it is 1.5 (diced: 1 or 2), then 0.5 (diced) or 1. Scores
    // 1 (1/4, down), 2 (1/2, diced), 3, 4, 5, 6.
    // Quarter: 1 -> 0; 2 -> 0 or 1; 3 -> 1; 4 -> 1; 5 -> 1; 6 -> 1 or 2.
    // Twice:   1 -> 0 or 1 then 0 or 0/1; 2 -> 1 -> 0 or 1; 3 -> 1 or 2 ...: the odds differ.
    const Distribution a = ein::hitsDistribution(quartered);
    const Distribution b = ein::hitsDistribution(halvedTwice);
    CHECK(a.probability(0) != b.probability(0));
    // Resolved, the trace says which reading it used.
    Battle ordered = far;
    ordered.phase = "fire";
    ordered.session["toPlay"] = "a";
    ordered.findSide("b")->markers = {"passed"};
    ordered.session["fireOrders"] = nlohmann::json::array({{{"unit", "a1"}, {"target", "b1"}}});
    ordered.session["startingUnits"] = {{"a", 9}, {"b", 9}};
    Resolution result;
    REQUIRE(findSeed(
                ruleset({{"artillery-halving", "twice"}}), ordered, {"pass", "", "", {}, {}, {}},
                [](const Resolution& r) { return says(r, "then halved again"); }, result) >= 0);
    CHECK(rulingShown(result, "ein-artillery-half"));
}

TEST_CASE("ein-formation-turn: leaving firing order is part of the move, forming it takes the turn",
          "[ein][movement][ein-formation-turn]") {
    Battle battle = emptyBattle();
    addUnit(battle, UnitSpec("foot", "a", "regular-foot", 90, 60).in("line"));
    addUnit(battle, UnitSpec("enemy", "b", "regular-foot", 90, 20, 180));
    battle.session["startingUnits"] = {{"a", 1}, {"b", 1}};
    auto rules = ruleset();
    DiceStream dice(1);
    const Resolution column = rules.resolve(battle, {"formation", "foot", "", {}, {}, "column"}, dice);
    REQUIRE(column.refusal.empty());
    CHECK(rulingShown(column, "ein-formation-turn"));
    Battle after = applied(battle, column);
    CHECK(after.findUnit("foot")->formation == "column");
    CHECK(after.findUnit("foot")->counters.count("acted") == 0);
    CHECK(after.session["toPlay"] == "a"); // still its side's move: the unit has yet to move
    // It may still move its column move, but not change formation again this turn.
    Action move{"move", "foot", "", {}, {}, {}};
    const Point from = after.findUnit("foot")->centre();
    move.path = {Point(from.x(), from.y() - mm(4))};
    CHECK(rules.preview(after, move).allowed());
    CHECK(rules.resolve(after, {"formation", "foot", "", {}, {}, "line"}, dice).refusal.empty()); // into line: the turn
    // Forming line (firing order) takes the whole turn.
    Battle inColumn = battle;
    inColumn.findUnit("foot")->formation = "column";
    const Resolution line = rules.resolve(inColumn, {"formation", "foot", "", {}, {}, "line"}, dice);
    REQUIRE(line.refusal.empty());
    CHECK(applied(inColumn, line).findUnit("foot")->counters.count("acted") == 1);
    // The option: every change takes the turn.
    const Resolution slow =
        ruleset({{"formation-changes", "whole-turn"}}).resolve(battle, {"formation", "foot", "", {}, {}, "column"}, dice);
    CHECK(applied(battle, slow).findUnit("foot")->counters.count("acted") == 1);
}

TEST_CASE("ein-terrain cites The Set-Up, where the report states the battle's terrain effects", "[ein][data][ein-terrain]") {
    const auto& ruling = ein::builtInData().ruling("ein-terrain");
    CHECK(ruling.interprets.heading == "The Set-Up");
    CHECK(readText(rulesDir() / ruling.interprets.file).find("\n" + ruling.interprets.heading + "\n") != std::string::npos);
}

TEST_CASE("a preview and the resolution of the same order apply the same modifiers, for every order offered", "[ein][letter]") {
    auto loaded = loadScenario(scenariosDir() / "einsamenhugel-battle.json");
    REQUIRE(loaded);
    auto made = findRuleset("einsamenhugel")->create(loaded->rulesetOptions);
    REQUIRE(made);
    auto started = Game::start(*loaded, std::move(made).value(), 4);
    REQUIRE(started);
    Game& game = **started;
    int compared = 0;
    for (int action = 0; action < 240 && !game.status().over; ++action) {
        if (action % 6 == 0) {
            compared += comparePreviewsWithResolutions(game.ruleset(), game.battle(), {}, 2);
        }
        // A fire order's dice are thrown when both sides have passed: compare its preview
        // with the volley it throws.
        const Battle& battle = game.battle();
        if (battle.phase == "fire" && battle.session.value("fireOrders", nlohmann::json::array()).empty()) {
            for (const Unit& unit : battle.units) {
                for (const Offer& offer : game.ruleset().offers(battle, unit.id)) {
                    if (offer.type != "fire") {
                        continue;
                    }
                    const Action fire{"fire", unit.id, offer.targets.front(), {}, {}, {}};
                    const Preview preview = game.ruleset().preview(battle, fire);
                    Battle ordered = battle;
                    ordered.session["fireOrders"] = nlohmann::json::array({{{"unit", unit.id}, {"target", offer.targets.front()}}});
                    for (Side& side : ordered.sides) {
                        side.markers.erase("passed");
                    }
                    ordered.findSide(ein::otherSide(battle, ein::sideToPlay(battle)))->markers.insert("passed");
                    DiceStream dice(9);
                    const Resolution thrown = game.ruleset().resolve(ordered, {"pass", "", "", {}, {}, {}}, dice);
                    REQUIRE(thrown.refusal.empty());
                    const auto differences = previewResolveDifferences(preview, thrown);
                    INFO(toJson(fire).dump() << (differences.empty() ? "" : ": " + differences.front()));
                    CHECK(differences.empty());
                    ++compared;
                }
            }
        }
        const auto side = computerToDecide(game, {"pragmatic", "franco-bavarian"});
        REQUIRE(side);
        const auto played = playComputerAction(game, *side, [&](const Action& a) {
            const auto done = game.perform(a);
            return done ? std::string() : done.error();
        });
        INFO((played ? std::string() : played.error()) << " at action " << action << ", " << game.status().situation);
        REQUIRE(played);
    }
    CHECK(compared > 100);
}

TEST_CASE("ein-light-half-move: light troops that fired and had not moved make a half move once the fire is thrown",
          "[ein][fire][letter]") {
    Battle battle = facingOff(5, "light-foot");
    addUnit(battle, UnitSpec("line", "a", "regular-foot", 140, 60));
    battle.phase = "fire";
    battle.session["toPlay"] = "a";
    battle.findSide("b")->markers = {"passed"};
    battle.session["fireOrders"] = nlohmann::json::array({{{"unit", "a1"}, {"target", "b1"}}});
    battle.session["startingUnits"] = {{"a", 2}, {"b", 1}};
    const Action pass{"pass", "", "", {}, {}, {}};
    auto rules = ruleset();
    DiceStream dice(3);
    const Resolution thrown = rules.resolve(battle, pass, dice);
    REQUIRE(thrown.refusal.empty());
    CHECK(rulingShown(thrown, "ein-light-half-move"));
    Battle after = applied(battle, thrown);
    REQUIRE(after.phase == "light-moves");
    CHECK(after.session["toPlay"] == "a");
    CHECK(rules.status(after).mayActivate == std::vector<std::string>{"a1"}); // not the line, which did not fire
    const auto offers = rules.offers(after, "a1");
    REQUIRE(offers.size() == 1);
    CHECK(offers.front().label == "Half move after firing");
    CHECK(rules.offers(after, "line").empty());
    // Half of light foot's 7.5cm: 3.75cm back is allowed, 4cm is not.
    const Point from = after.findUnit("a1")->centre();
    Action back{"move", "a1", "", {}, {}, {}};
    back.path = {Point(from.x(), from.y() + mm(4))};
    back.facing = 0.0;
    CHECK_FALSE(rules.preview(after, back).allowed());
    back.path = {Point(from.x(), from.y() + mm(3.7))};
    const Preview half = rules.preview(after, back);
    INFO(half.refusal);
    CHECK(half.allowed());
    CHECK(half.odds.size() <= 1); // no Variation on a half move (only the morale line may show)
    const Resolution moved = rules.resolve(after, back, dice);
    REQUIRE(moved.refusal.empty());
    const Battle done = applied(after, moved);
    CHECK(done.phase != "light-moves"); // b had nothing to move: on to the melees (none) and the next turn
    // With the option off, the fire is followed by the melees at once.
    const Resolution off = ruleset({{"light-fire-then-move", "off"}}).resolve(battle, pass, dice);
    CHECK(applied(battle, off).phase != "light-moves");
}
