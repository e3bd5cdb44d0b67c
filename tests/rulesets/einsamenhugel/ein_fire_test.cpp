// MUSKETRY, ARTILLERY and SAVING THROWS, fire's simultaneity and the morale tests it causes.

#include "ein_test_support.h"

#include <catch2/catch.hpp>

using namespace eintest;

namespace {

ein::FirePlan plan(const Battle& battle, const std::string& firer, const std::string& target, RulesetOptions options = defaultOptions()) {
    return ein::planFire(ein::builtInData(), options, battle, *battle.findUnit(firer), *battle.findUnit(target));
}

/// The fire phase with these orders given and side "b" passed: side "a" passing throws them.
Battle withOrders(Battle battle, const std::vector<std::pair<std::string, std::string>>& orders) {
    battle.phase = "fire";
    battle.session["toPlay"] = "a";
    battle.findSide("b")->markers = {"passed"};
    nlohmann::json list = nlohmann::json::array();
    for (const auto& [unit, target] : orders) {
        list.push_back({{"unit", unit}, {"target", target}});
    }
    battle.session["fireOrders"] = list;
    battle.session["startingUnits"] = {{"a", 9}, {"b", 9}};
    return battle;
}

const Action passAction{"pass", "", "", {}, {}, {}};

/// Foot of side "a" facing up at (90, 60) and side "b" facing down `gap` cm away, edge to edge.
Battle facingOff(double gap, const std::string& aType = "regular-foot", const std::string& bType = "regular-foot") {
    Battle battle = emptyBattle();
    addUnit(battle, UnitSpec("a1", "a", aType, 90, 60));
    const double depthA = aType == "heavy-horse" || aType == "light-horse" || aType == "lancers" ? 2 : 1;
    const double depthB = bType == "heavy-horse" || bType == "light-horse" || bType == "lancers" ? 2 : bType == "artillery" ? 2 : 1;
    addUnit(battle, UnitSpec("b1", "b", bType, 90, 60 - depthA - gap - depthB, 180));
    return battle;
}

} // namespace

TEST_CASE("musketry: a die per 25 per cent, scores by type, musket 8cm and carbine 4cm", "[ein][fire]") {
    Battle battle = facingOff(5);
    ein::FirePlan line = plan(battle, "a1", "b1");
    REQUIRE(line.refusal.empty());
    CHECK(line.kind == "musketry");
    CHECK(line.dice == 4);
    CHECK(line.hitScore == 4); // regular foot in firing order: 4-6
    battle.findUnit("a1")->counters["quarters"] = 3;
    CHECK(plan(battle, "a1", "b1").dice == 3);
    // Light foot 5-6; light horse 6 with a carbine at 4cm.
    Battle light = facingOff(5, "light-foot");
    CHECK(plan(light, "a1", "b1").hitScore == 5);
    Battle hussars = facingOff(3.9, "light-horse");
    CHECK(plan(hussars, "a1", "b1").hitScore == 6);
    CHECK(plan(facingOff(4.2, "light-horse"), "a1", "b1").refusal.find("beyond Carbine range") != std::string::npos);
    // Heavy horse and lancers do not fire.
    CHECK(plan(facingOff(2, "heavy-horse"), "a1", "b1").refusal.find("cannot fire") != std::string::npos);
    CHECK(plan(facingOff(2, "lancers"), "a1", "b1").refusal.find("cannot fire") != std::string::npos);
}

TEST_CASE("ein-measuring: ranges run between the nearest points of the bases", "[ein][fire]") {
    CHECK(plan(facingOff(8), "a1", "b1").refusal.empty());
    CHECK(plan(facingOff(8.2), "a1", "b1").refusal.find("beyond Musket range") != std::string::npos);
    DiceStream dice(1);
    Battle battle = facingOff(8);
    battle.phase = "fire";
    const Resolution ordered = ruleset().resolve(battle, Action{"fire", "a1", "b1", {}, {}, {}}, dice);
    REQUIRE(ordered.refusal.empty());
    CHECK(rulingShown(ordered, "ein-measuring"));
}

TEST_CASE("ein-single-line: a unit not in a single line throws for its front rank", "[ein][fire]") {
    Battle battle = emptyBattle();
    addUnit(battle, UnitSpec("column", "a", "regular-foot", 90, 60).in("column"));
    addUnit(battle, UnitSpec("target", "b", "regular-foot", 90, 52, 180));
    const ein::FirePlan column = plan(battle, "column", "target");
    CHECK(column.dice == 2);
    CHECK(column.hitScore == 6); // regular foot not in firing order
    battle.findUnit("column")->counters["quarters"] = 3;
    CHECK(plan(battle, "column", "target").dice == 2); // half of 3, rounded up
    // Down to one base, it is a single line.
    battle.findUnit("column")->elements.pop_back();
    CHECK(plan(battle, "column", "target").dice == 3);
}

TEST_CASE("ein-fire-arc: only targets in front, in sight and with no unit across the line", "[ein][fire]") {
    Battle battle = facingOff(5);
    addUnit(battle, UnitSpec("behind", "b", "regular-foot", 90, 70, 180));
    CHECK(plan(battle, "a1", "behind").refusal.find("not in front") != std::string::npos);
    addUnit(battle, UnitSpec("screen", "a", "light-foot", 90, 55.5));
    CHECK(plan(battle, "a1", "b1").refusal.find("in the line of fire") != std::string::npos);
    Battle wooded = facingOff(6);
    wooded.areas.push_back(area(AreaType::Woods, 70, 55, 110, 57));
    CHECK(plan(wooded, "a1", "b1").refusal.find("cannot see") != std::string::npos);
}

TEST_CASE("ein-light-half-move: light troops may half move and fire, others may only return fire", "[ein][fire]") {
    Battle battle = facingOff(5, "light-foot");
    battle.findUnit("a1")->counters["moved"] = 0.5;
    ein::FirePlan half = plan(battle, "a1", "b1");
    CHECK_FALSE(half.returnFire);
    CHECK(half.modifier == 0);
    battle.findUnit("a1")->counters["moved"] = 0.8;
    CHECK(plan(battle, "a1", "b1").returnFire);
    DiceStream dice(2);
    battle.phase = "fire";
    battle.findUnit("a1")->counters["moved"] = 0.4;
    CHECK(rulingShown(ruleset().resolve(battle, Action{"fire", "a1", "b1", {}, {}, {}}, dice), "ein-light-half-move"));
}

TEST_CASE("ein-return-fire: a unit that moved fires only back at a unit firing at it, at -1", "[ein][fire]") {
    Battle battle = facingOff(5);
    battle.findUnit("a1")->counters["moved"] = 1;
    const ein::FirePlan moved = plan(battle, "a1", "b1");
    CHECK(moved.returnFire);
    CHECK(moved.modifier == -1);
    auto rules = ruleset();
    DiceStream dice(3);
    // b1 holds its fire: a1's order lapses (the Bavarians' choice at Einsamenhügel).
    const Resolution lapsed = rules.resolve(withOrders(battle, {{"a1", "b1"}}), passAction, dice);
    REQUIRE(lapsed.refusal.empty());
    CHECK(rulingShown(lapsed, "ein-return-fire"));
    CHECK(traceText(lapsed).find("no return fire") != std::string::npos);
    CHECK(traceText(lapsed).find("musketry: a1 at b1") == std::string::npos);
    // b1 fires: a1 fires back, a point down on every die.
    const Resolution returned = rules.resolve(withOrders(battle, {{"b1", "a1"}, {"a1", "b1"}}), passAction, dice);
    CHECK(traceText(returned).find("musketry: a1 at b1 (4 dice, 4-6 hits, -1 each)") != std::string::npos);
    // Frontally-charged foot may always fire.
    battle.session["melees"] = nlohmann::json::array({nlohmann::json::array({"b1", "a1"})});
    CHECK_FALSE(plan(battle, "a1", "b1").returnFire);
}

TEST_CASE("ein-simultaneous-fire: every volley is thrown from the state before any, then hits, then morale", "[ein][fire]") {
    Battle battle = facingOff(3);
    battle.findUnit("a1")->counters["quarters"] = 1;
    battle.findUnit("b1")->counters["quarters"] = 1;
    auto rules = ruleset();
    Resolution both;
    const int seed = findSeed(
        rules, withOrders(battle, {{"a1", "b1"}, {"b1", "a1"}}), passAction,
        [](const Resolution& r) {
            const std::string text = traceText(r);
            return text.find("a1 at b1: 1 hit") != std::string::npos && text.find("b1 at a1: 1 hit") != std::string::npos;
        },
        both);
    REQUIRE(seed >= 0);
    CHECK(rulingShown(both, "ein-simultaneous-fire"));
    const Battle after = applied(battle, both);
    CHECK(after.findUnit("a1")->eliminated());
    CHECK(after.findUnit("b1")->eliminated());
}

TEST_CASE("a unit that loses effectiveness to fire tests morale, and fails by losing another 25 per cent", "[ein][fire]") {
    Battle battle = facingOff(3);
    auto rules = ruleset();
    Resolution failed;
    REQUIRE(findSeed(
                rules, withOrders(battle, {{"a1", "b1"}}), passAction,
                [](const Resolution& r) { return traceText(r).find("b1 fails its morale test") != std::string::npos; }, failed) >= 0);
    const std::string text = traceText(failed);
    const int hits = text.find("a1 at b1: 1 hit") != std::string::npos ? 1 : text.find("a1 at b1: 2 hits") != std::string::npos ? 2 : 0;
    REQUIRE(hits > 0);
    CHECK(quartersOf(applied(withOrders(battle, {}), failed), "b1") == 4 - hits - 1);
    // No hit, no test.
    Resolution missed;
    REQUIRE(findSeed(
                rules, withOrders(battle, {{"a1", "b1"}}), passAction,
                [](const Resolution& r) { return traceText(r).find("a1 at b1: 0 hits") != std::string::npos; }, missed) >= 0);
    CHECK(traceText(missed).find("morale:") == std::string::npos);
}

TEST_CASE("ein-base-loss: the second hit takes a base, the fourth the unit", "[ein][fire]") {
    Battle battle = facingOff(3);
    battle.findUnit("b1")->counters["quarters"] = 3;
    auto rules = ruleset();
    Resolution one;
    REQUIRE(findSeed(
                rules, withOrders(battle, {{"a1", "b1"}}), passAction,
                [](const Resolution& r) {
                    const std::string text = traceText(r);
                    return text.find("a1 at b1: 1 hit") != std::string::npos && text.find("b1 passes") != std::string::npos;
                },
                one) >= 0);
    CHECK(rulingShown(one, "ein-base-loss"));
    const Battle after = applied(battle, one);
    CHECK(after.findUnit("b1")->elements.size() == 1);
    CHECK(quartersOf(after, "b1") == 2);
}

TEST_CASE("artillery: canister two dice (one at 50 per cent), roundshot one (halved), potential hits 4-6, 6 on guns", "[ein][fire]") {
    Battle battle = emptyBattle();
    addUnit(battle, UnitSpec("gun", "a", "artillery", 90, 60).in("unlimbered"));
    addUnit(battle, UnitSpec("near", "b", "regular-foot", 96, 46, 180));
    addUnit(battle, UnitSpec("battery", "b", "artillery", 80, 40, 180).in("unlimbered"));
    ein::FirePlan canister = plan(battle, "gun", "near");
    REQUIRE(canister.refusal.empty());
    CHECK(canister.kind == "canister");
    CHECK(canister.dice == 2);
    CHECK(canister.hitScore == 4);
    ein::FirePlan roundshot = plan(battle, "gun", "battery");
    REQUIRE(roundshot.refusal.empty());
    CHECK(roundshot.kind == "roundshot");
    CHECK(roundshot.dice == 1);
    CHECK_FALSE(roundshot.halveScore);
    CHECK(roundshot.hitScore == 6);
    battle.findUnit("gun")->counters["quarters"] = 2;
    CHECK(plan(battle, "gun", "near").dice == 1);
    CHECK(plan(battle, "gun", "battery").halveScore);
    // Limbered guns, and guns that moved, do not fire.
    battle.findUnit("gun")->formation = "limbered";
    CHECK(plan(battle, "gun", "near").refusal.find("limbered") != std::string::npos);
}

TEST_CASE("ein-artillery-half: an odd score's half is diced for, the exact odds of canister", "[ein][fire]") {
    // Exact odds by enumeration: 2d6, halved with a half diced for, each potential hit 4-6.
    Distribution expected = Distribution::certain(0);
    std::vector<Weight> weights(7, 0);
    for (int a = 1; a <= 6; ++a) {
        for (int b = 1; b <= 6; ++b) {
            for (int half = 0; half < 2; ++half) {
                const int score = a + b;
                const int potential = score / 2 + (score % 2 == 1 ? half : 0);
                // each potential hit is a coin: C(potential, k) ways out of 2^potential.
                for (int k = 0; k <= potential; ++k) {
                    Weight ways = 1;
                    for (int i = 0; i < k; ++i) {
                        ways = ways * (potential - i) / (i + 1);
                    }
                    weights[k] += ways * (Weight(1) << (6 - potential)); // over 2^6 for every path
                }
            }
        }
    }
    Battle battle = emptyBattle();
    addUnit(battle, UnitSpec("gun", "a", "artillery", 90, 60).in("unlimbered"));
    addUnit(battle, UnitSpec("near", "b", "regular-foot", 90, 46, 180));
    const Distribution hits = ein::hitsDistribution(plan(battle, "gun", "near"));
    const Distribution enumerated = Distribution::fromWeights(0, weights);
    for (int k = 0; k <= 6; ++k) {
        INFO(k << " hits");
        CHECK(hits.probability(k) == enumerated.probability(k));
    }
    Resolution diced;
    REQUIRE(findSeed(
                ruleset(), withOrders(battle, {{"gun", "near"}}), passAction,
                [](const Resolution& r) { return traceText(r).find("the half is diced for") != std::string::npos; }, diced) >= 0);
    CHECK(rulingShown(diced, "ein-artillery-half"));
}

TEST_CASE("guns on a hill fire roundshot over friends two contours lower and nearer, at -1", "[ein][fire]") {
    Battle battle = gunsOverFriends();
    ein::FirePlan over = plan(battle, "gun", "enemy");
    REQUIRE(over.refusal.empty());
    CHECK(over.kind == "roundshot");
    CHECK(over.modifier == -1);
    // A friend on the first contour is only one lower: it masks the guns.
    battle.areas.push_back(area(AreaType::Hill, 70, 50, 110, 62, 1));
    CHECK(plan(battle, "gun", "enemy").refusal.find("in the line of fire") != std::string::npos);
}

TEST_CASE("saving throws: cover saves on 4-6, cuirassiers on 6", "[ein][fire]") {
    Battle battle = facingOff(5, "regular-foot", "heavy-horse");
    CHECK(plan(battle, "a1", "b1").saveScore == 0);
    battle.findUnit("b1")->stats["cuirasses"] = true;
    CHECK(plan(battle, "a1", "b1").saveScore == 6);
    battle.areas.push_back(area(AreaType::BuiltUp, 80, 40, 100, 54));
    CHECK(plan(battle, "a1", "b1").saveScore == 4);
    // One die with a 4-6 hit and a 6 save: 3/6 x 5/6 a hit that stands.
    Battle open = facingOff(5, "regular-foot", "heavy-horse");
    open.findUnit("b1")->stats["cuirasses"] = true;
    open.findUnit("a1")->counters["quarters"] = 1;
    CHECK(ein::hitsDistribution(plan(open, "a1", "b1")).probability(1) == Probability(15, 36));
}

TEST_CASE("ein-british-musketry: British foot have a 50:50 chance of +1, by volley or for the battle", "[ein][fire]") {
    Battle battle = facingOff(5);
    battle.findUnit("a1")->stats["nation"] = "british";
    battle.findUnit("a1")->counters["quarters"] = 1;
    CHECK(plan(battle, "a1", "b1").modifier == 0);
    RulesetOptions volley = defaultOptions();
    volley["british-musketry"] = "per-volley";
    const ein::FirePlan chance = plan(battle, "a1", "b1", volley);
    CHECK(chance.britishChance);
    // Half the time 4-6, half the time 3-6.
    CHECK(ein::hitsDistribution(chance).probability(1) == Probability(1, 2) * Probability(3, 6) + Probability(1, 2) * Probability(4, 6));
    Resolution lucky;
    REQUIRE(findSeed(
                ruleset({{"british-musketry", "per-volley"}}), withOrders(battle, {{"a1", "b1"}}), passAction,
                [](const Resolution& r) { return traceText(r).find("chance comes up") != std::string::npos; }, lucky) >= 0);
    CHECK(rulingShown(lucky, "ein-british-musketry"));
    RulesetOptions once = defaultOptions();
    once["british-musketry"] = "per-battle";
    battle.session["british-musketry"] = true;
    CHECK(plan(battle, "a1", "b1", once).modifier == 1);
    battle.session["british-musketry"] = false;
    CHECK(plan(battle, "a1", "b1", once).modifier == 0);
}

TEST_CASE("Mollwitz: Prussian foot add 1 to musketry throws", "[ein][fire]") {
    Battle battle = facingOff(5);
    battle.findUnit("a1")->stats["nation"] = "prussian";
    RulesetOptions mollwitz = defaultOptions();
    mollwitz["prussian-mollwitz"] = "on";
    CHECK(plan(battle, "a1", "b1", mollwitz).modifier == 1);
    CHECK(plan(battle, "a1", "b1").modifier == 0);
}
