// Fire: every Marksmanship modifier, halving for range, hits, bases lost, the Test of
// Resolve that follows, and the exact odds against seeded rolls.

#include "ozz_fire.h"
#include "ozz_geometry.h"
#include "ozz_test_support.h"
#include "ozz_tests.h"

#include <catch2/catch.hpp>

using namespace ozztest;
using ozz::FireCircumstances;

namespace {

// Side a's musket line at the bottom facing up, side b's 5" in front of it.
Battle firingRange(double gap = 5) {
    Battle battle = emptyBattle();
    addUnit(battle, {.id = "firer", .side = "a", .x = 36, .y = 30, .facing = 0, .marksmanship = 5});
    addUnit(battle, {.id = "target", .side = "b", .x = 36, .y = 30 - 0.75 - gap, .facing = 180});
    return battle;
}

int number(const Battle& battle, const FireCircumstances& circumstances = {}) {
    const auto plan = ozz::planFire(ozz::builtInData(), battle, *battle.findUnit("firer"), *battle.findUnit("target"), circumstances);
    INFO(plan.refusal);
    REQUIRE(plan.refusal.empty());
    return plan.number;
}

bool applies(const Battle& battle, const std::string& id) {
    const auto plan = ozz::planFire(ozz::builtInData(), battle, *battle.findUnit("firer"), *battle.findUnit("target"), {});
    return plan.times.at(id) > 0;
}

} // namespace

TEST_CASE("no modifier: the Marksmanship number as it stands", "[ozz][fire]") { CHECK(number(firingRange()) == 5); }

TEST_CASE("each Marksmanship modifier applies in its situation and only there", "[ozz][fire][ozz-cover]") {
    Battle battle = firingRange();
    SECTION("light cover: woods") {
        battle.areas.push_back(square(AreaType::Woods, 30, 20, 42, 26));
        CHECK(applies(battle, "light-cover"));
        CHECK_FALSE(applies(battle, "heavy-cover"));
        CHECK(number(battle) == 4);
    }
    SECTION("heavy cover: a built-up area") {
        battle.areas.push_back(square(AreaType::BuiltUp, 30, 20, 42, 26));
        CHECK(applies(battle, "heavy-cover"));
        CHECK(number(battle) == 3);
    }
    SECTION("target in column") {
        battle.findUnit("target")->formation = "column";
        CHECK(number(battle) == 6);
    }
    SECTION("firing at the flank: the target turned side-on") {
        Unit& target = *battle.findUnit("target");
        target.elements = {target.elements[2]};
        target.elements[0].facing = 90;
        CHECK(applies(battle, "flank-or-rear"));
        CHECK(number(battle) == 6);
    }
    SECTION("cannon unlimbered this activation") {
        Unit& firer = *battle.findUnit("firer");
        firer.type = "light-artillery";
        firer.arm = Arm::Guns;
        firer.formation = "unlimbered";
        firer.counters["unlimbered-now"] = 1;
        CHECK(number(battle) == 4);
    }
    SECTION("firing at unlimbered artillerists") {
        Unit& target = *battle.findUnit("target");
        target.type = "light-artillery";
        target.arm = Arm::Guns;
        target.formation = "unlimbered";
        CHECK(number(battle) == 3);
        target.formation = "limbered";
        CHECK(number(battle) == 5);
    }
    SECTION("you are Disordered") {
        battle.findUnit("firer")->markers.insert("disordered");
        CHECK(number(battle) == 4);
    }
    SECTION("an artillery reaction's Fire (-1)") { CHECK(number(battle, FireCircumstances{true, false, false, true}) == 4); }
}

TEST_CASE("long range halves the modified number, rounding down, never below 0", "[ozz][fire][ozz-long-range]") {
    Battle battle = firingRange(10); // musket 7/14: long
    CHECK(applies(battle, "long-range"));
    CHECK(number(battle) == 2); // 5 / 2 = 2.5, down
    battle.areas.push_back(square(AreaType::Woods, 30, 14, 42, 22));
    CHECK(number(battle) == 2); // (5 - 1) / 2
    battle.findUnit("firer")->markers.insert("disordered");
    CHECK(number(battle) == 1); // (5 - 1 - 1) / 2 = 1.5, down
    battle.findUnit("firer")->stats["marksmanship"] = 1;
    CHECK(number(battle) == 0); // (1 - 2) / 2 is below 0
}

TEST_CASE("range is measured between nearest points, 7\" is short and 14\" long for a musket", "[ozz][fire][ozz-fire-arc]") {
    CHECK_FALSE(applies(firingRange(6.999), "long-range"));
    CHECK(applies(firingRange(7.001), "long-range"));
    CHECK(applies(firingRange(13.999), "long-range"));
    const auto beyond =
        ozz::planFire(ozz::builtInData(), firingRange(14.01), *firingRange().findUnit("firer"), *firingRange(14.01).findUnit("target"), {});
    CHECK(beyond.refusal.find("beyond Musket range of 14\"") != std::string::npos);
}

TEST_CASE("only a target in the front arc and in sight may be fired at", "[ozz][fire][ozz-fire-arc]") {
    Battle battle = firingRange();
    battle.findUnit("target")->elements = {battle.findUnit("target")->elements[0]};
    for (Element& element : battle.findUnit("target")->elements) {
        element.centre = Point(mm(36 + 12), mm(30));
    }
    auto plan = ozz::planFire(ozz::builtInData(), battle, *battle.findUnit("firer"), *battle.findUnit("target"), {});
    CHECK(plan.refusal.find("front arc") != std::string::npos);
    Battle hidden = firingRange(10);
    hidden.areas.push_back(square(AreaType::Woods, 30, 22, 42, 26)); // between them, around neither
    plan = ozz::planFire(ozz::builtInData(), hidden, *hidden.findUnit("firer"), *hidden.findUnit("target"), {});
    CHECK(plan.refusal.find("cannot see") != std::string::npos);
}

TEST_CASE("a d10 per base, a hit at or under the number: the exact odds are binomial", "[ozz][fire][ozz-hits]") {
    const auto plan =
        ozz::planFire(ozz::builtInData(), firingRange(), *firingRange().findUnit("firer"), *firingRange().findUnit("target"), {});
    CHECK(plan.hits.text() == "5d10<=5");
    const Distribution hits = plan.hits.distribution();
    CHECK(hits.probability(0) == Probability(1, 32));
    CHECK(hits.probability(5) == Probability(1, 32));
    CHECK(hits.probability(2) == Probability(10, 32));
}

TEST_CASE("two hits remove a base, carrying the odd one, the option takes one a hit", "[ozz][fire][ozz-base-loss]") {
    Battle battle = firingRange();
    RulesetOptions options = defaultOptions();
    CHECK(options.at("hits-per-base") == "2");
    options["hits-per-base"] = "1";
    CHECK(ozz::basesForHits(options, *battle.findUnit("target"), 3) == 3);
    CHECK(ozz::basesForHits(options, *battle.findUnit("target"), 9) == 5);
    options["hits-per-base"] = "2";
    CHECK(ozz::basesForHits(options, *battle.findUnit("target"), 3) == 1);
    ozz::Step step(ozz::builtInData(), options, battle, nullptr);
    CHECK(ozz::takeHits(step, "target", 3) == 1);
    CHECK(step.battle.findUnit("target")->counters.at("hits") == 1);
    CHECK(ozz::takeHits(step, "target", 1) == 1); // the carried hit and this one
    CHECK(step.battle.findUnit("target")->elements.size() == 3);
    CHECK(rulingShown(step.out, "ozz-base-loss"));
}

TEST_CASE("fire is followed by the target's Test of Resolve, carried out", "[ozz][fire]") {
    const Battle battle = firingRange();
    const ozz::OzzRuleset ruleset(defaultOptions());
    const Action fire{"fire", "firer", "target", {}, {}, {}};
    Resolution result;
    // Find a volley after which the target routs, and one where it stands firm.
    REQUIRE(findSeed(
                ruleset, battle, fire, [](const Resolution& r) { return traceText(r).find("target: Rout") != std::string::npos; },
                result) >= 0);
    Battle after = applied(battle, result);
    CHECK(after.findUnit("target")->markers.count("routed") == 1);
    CHECK(after.findUnit("firer")->counters.at("fired") == 1);
    CHECK(rulingShown(result, "ozz-hits"));
    CHECK(rulingShown(result, "ozz-shift-directions"));
    REQUIRE(findSeed(
                ruleset, battle, fire,
                [](const Resolution& r) { return traceText(r).find("Move 4\" backward, Disordered") != std::string::npos; }, result) >= 0);
    after = applied(battle, result);
    const double moved = after.findUnit("target")->centre().y() - battle.findUnit("target")->centre().y();
    CHECK(moved == Approx(-mm(4)).margin(0.01)); // backward for a unit facing down the table is up
    CHECK(after.findUnit("target")->markers.count("disordered") == 1);
}

TEST_CASE("the reaction \"Fire if possible\", with the option none: the reaction fire calls for no further test",
          "[ozz][fire][ozz-reactions-end]") {
    const Battle battle = firingRange();
    RulesetOptions options = defaultOptions();
    options["reaction-tests"] = "none";
    const ozz::OzzRuleset ruleset(options);
    Resolution result;
    REQUIRE(findSeed(
                ruleset, battle, {"fire", "firer", "target", {}, {}, {}},
                [](const Resolution& r) { return traceText(r).find("target fires at firer") != std::string::npos; }, result) >= 0);
    CHECK(rulingShown(result, "ozz-reactions-end"));
    CHECK(traceText(result).find("firer: Test of Resolve") == std::string::npos);
}

TEST_CASE("the reaction \"advance toward nearest enemy\" when it cannot fire: straight at it, stopping 1\" short",
          "[ozz][fire][ozz-toward-enemy]") {
    Battle battle = firingRange(6);
    Unit& target = *battle.findUnit("target");
    target.type = "infantry"; // no firearms: it cannot fire back
    const ozz::OzzRuleset ruleset(defaultOptions());
    Resolution result;
    REQUIRE(findSeed(
                ruleset, battle, {"fire", "firer", "target", {}, {}, {}},
                [](const Resolution& r) { return traceText(r).find("it advances") != std::string::npos; }, result) >= 0);
    const Battle after = applied(battle, result);
    if (!after.findUnit("target")->eliminated()) {
        CHECK(ozz::gapInches(after, *after.findUnit("firer"), *after.findUnit("target")) >= 1 - 1e-6);
    }
    CHECK(rulingShown(result, "ozz-toward-enemy"));
}

TEST_CASE("close-range artillery fire shifts the target's column right", "[ozz][fire][ozz-shift-directions]") {
    Battle battle = firingRange();
    Unit& firer = *battle.findUnit("firer");
    firer.type = "light-artillery";
    firer.arm = Arm::Guns;
    firer.formation = "unlimbered";
    ozz::TestSituation situation;
    situation.chart = "tests-of-resolve";
    situation.closeArtilleryFire = true;
    situation.cause = "firer";
    const auto plan = ozz::shiftsFor(ozz::builtInData(), battle, *battle.findUnit("target"), situation);
    CHECK(plan.times.at("close-artillery-fire") == 1);
    const auto odds = ozz::testOdds(ozz::builtInData(), battle, *battle.findUnit("target"), situation);
    // Resolve 6: d10 1-2 first column, 3-5 second, 6-10 third; one shift right each.
    REQUIRE(odds.lines.size() == 3);
    CHECK(odds.lines[0].label == "Fire if possible or advance toward nearest enemy");
    CHECK(odds.lines[0].probability == Probability(2, 10));
    CHECK(odds.lines[2].label == "Move 4\" backward, Disordered");
    CHECK(odds.lines[2].probability == Probability(5, 10));
}

TEST_CASE("the fire preview's exact odds agree with 20,000 seeded volleys", "[ozz][fire][odds]") {
    const Battle battle = firingRange();
    const ozz::OzzRuleset ruleset(defaultOptions());
    const Action fire{"fire", "firer", "target", {}, {}, {}};
    const Preview preview = ruleset.preview(battle, fire);
    REQUIRE(preview.allowed());
    REQUIRE(preview.odds.size() == 2);
    const Odds& reaction = preview.odds[1];
    std::map<std::string, int> seen;
    constexpr int volleys = 20000;
    for (int seed = 0; seed < volleys; ++seed) {
        DiceStream dice(static_cast<std::uint64_t>(seed) + 1000003);
        const Resolution resolution = ruleset.resolve(battle, fire, dice);
        bool tested = false;
        for (const TraceStep& step : resolution.trace.steps()) {
            if (const auto* lookup = std::get_if<trace::Lookup>(&step.detail)) {
                ++seen[lookup->cell];
                tested = true;
                break;
            }
        }
        if (!tested) {
            ++seen["(no test: the unit is gone)"];
        }
    }
    double total = 0;
    for (const Odds::Line& line : reaction.lines) {
        INFO(line.label);
        const double observed = static_cast<double>(seen[line.label]) / volleys;
        // Within 0.015: over four standard errors of a proportion from 20,000 samples.
        CHECK(observed == Approx(toDouble(line.probability)).margin(0.015));
        total += toDouble(line.probability);
    }
    CHECK(total == Approx(1.0));
}

TEST_CASE("a preview rolls nothing", "[ozz][fire]") {
    const Battle battle = firingRange();
    const ozz::OzzRuleset ruleset(defaultOptions());
    // A preview takes no dice stream at all; a Step without one refuses to roll.
    ozz::Step step(ozz::builtInData(), defaultOptions(), battle, nullptr);
    CHECK_THROWS_AS(step.roll("1d10", "test", {}), std::logic_error);
    const Preview preview = ruleset.preview(battle, {"fire", "firer", "target", {}, {}, {}});
    CHECK_FALSE(preview.modifiers.empty());
}
