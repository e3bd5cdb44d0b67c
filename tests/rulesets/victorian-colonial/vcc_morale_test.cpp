// Morale (Morale 1d6; Morale modifiers to die roll; Effects of failing morale 1d6): the
// number to roll under, each margin's effect, retreats, rally, and the Army Commander.

#include "vcc_melee.h"
#include "vcc_morale.h"
#include "vcc_movement.h"
#include "vcc_test_support.h"

#include <catch2/catch.hpp>

using namespace vcctest;

namespace {

/// A Native unit of `bases` in F4 facing down, having been shot at from F7 by British foot.
Battle shotAt(int bases) {
    Battle battle = emptyBattle("british-small-arms");
    addUnit(battle, UnitSpec("rifles", "british", "foot", {5, 6}).with({{"weapon", "rifle"}}));
    addUnit(battle, UnitSpec("warriors", "native", "foot", {5, 3}, 180).bases(bases));
    return battle;
}

/// Tests the unit's morale with seeds until the roll is `roll`; returns the resolution's step.
vcc::Step testedWithRoll(const Battle& battle, int roll, const RulesetOptions& changes = {}, bool rally = false) {
    for (std::uint64_t seed = 0; seed < 500; ++seed) {
        DiceStream dice(seed);
        vcc::Step step(data(), optionsWith(changes), battle, &dice);
        vcc::testMorale(step, "warriors", Box{5, 6}, false, rally);
        const std::string trace = "\n" + traceText(step.out);
        if (trace.find(std::string("\n") + (rally ? "rally" : "morale") + ": 1d6 = " + std::to_string(roll)) != std::string::npos) {
            return step;
        }
    }
    FAIL("no seed rolled " << roll);
    return vcc::Step(data(), optionsWith(), battle, nullptr);
}

} // namespace

TEST_CASE("morale: roll the bases and gunners, leader base included, with the modifiers, or less [vcc-morale-target]", "[vcc][morale]") {
    const Battle battle = shotAt(4);
    const vcc::MoraleTest test = vcc::moraleTest(data(), battle, *battle.findUnit("warriors"), false);
    CHECK(test.count == 4);
    CHECK(test.target == 4);
    const Odds odds = vcc::moraleOdds(test, "Morale");
    CHECK(odds.lines[0].probability == Probability(4, 6));
    CHECK(odds.lines[1].probability == Probability(1, 6)); // a 5: missed by 1
    CHECK(odds.lines[2].probability == Probability(1, 6)); // a 6: missed by 2
    CHECK(odds.lines[3].probability == 0);
    // Elite +1, raw -1 (the plus helps).
    Battle elite = shotAt(4);
    elite.findUnit("warriors")->quality = "elite";
    CHECK(vcc::moraleTest(data(), elite, *elite.findUnit("warriors"), false).target == 5);
    Battle raw = shotAt(4);
    raw.findUnit("warriors")->quality = "raw";
    CHECK(vcc::moraleTest(data(), raw, *raw.findUnit("warriors"), false).target == 3);
    // Six or more cannot fail.
    const Battle big = shotAt(7);
    CHECK(vcc::moraleOdds(vcc::moraleTest(data(), big, *big.findUnit("warriors"), false), "Morale").lines[0].probability == 1);
}

TEST_CASE("missed by 1: 1d6 hits and carry on, calling for no further test [vcc-take-hits]", "[vcc][morale]") {
    vcc::Step step = testedWithRoll(shotAt(4), 5);
    CHECK(traceText(step.out).find("misses its morale test by 1: take 1d6 hits") != std::string::npos);
    CHECK(traceText(step.out).find("hits from failed morale: 1d6") != std::string::npos);
    CHECK(step.battle.findUnit("warriors")->markers.count("prone") == 0);
    CHECK(step.battle.session.value("owed", nlohmann::json::array()).empty());
    CHECK(rulingShown(step.out, "vcc-take-hits"));
}

TEST_CASE("missed by 2: break contact and go prone in the same box", "[vcc][morale]") {
    Battle battle = shotAt(3);
    battle.session["contacts"] = nlohmann::json::array({nlohmann::json::array({"warriors", "rifles"})});
    vcc::Step step = testedWithRoll(battle, 5);
    CHECK(traceText(step.out).find("by 2: break contact and go prone") != std::string::npos);
    CHECK(vcc::prone(*step.battle.findUnit("warriors")));
    CHECK_FALSE(vcc::inContact(step.battle, "warriors"));
    CHECK(vcc::boxOf(step.battle, *step.battle.findUnit("warriors")) == Box{5, 3});
}

TEST_CASE("missed by 3: retreat a box straight away from the cause and go prone [vcc-retreat]", "[vcc][morale]") {
    vcc::Step step = testedWithRoll(shotAt(2), 5);
    CHECK(traceText(step.out).find("by 3: retreat 1 box and go prone") != std::string::npos);
    CHECK(vcc::boxOf(step.battle, *step.battle.findUnit("warriors")) == Box{5, 2});
    CHECK(vcc::prone(*step.battle.findUnit("warriors")));
    CHECK_FALSE(vcc::broken(*step.battle.findUnit("warriors")));
    // Against the table's edge it cannot retreat, and is broken.
    Battle edge = emptyBattle();
    addUnit(edge, UnitSpec("rifles", "british", "foot", {5, 3}));
    addUnit(edge, UnitSpec("warriors", "native", "foot", {5, 0}, 180).bases(2));
    vcc::Step blocked = testedWithRoll(edge, 5);
    CHECK(vcc::broken(*blocked.battle.findUnit("warriors")));
    CHECK(traceText(blocked.out).find("cannot retreat further and is broken") != std::string::npos);
}

TEST_CASE("missed by 4 or more: broken, retreat 2 boxes and go prone — may not move or shoot until rallied [vcc-broken-prone]",
          "[vcc][morale]") {
    vcc::Step step = testedWithRoll(shotAt(2), 6);
    const Unit& unit = *step.battle.findUnit("warriors");
    CHECK(vcc::broken(unit));
    CHECK(vcc::prone(unit));
    CHECK(vcc::boxOf(step.battle, unit) == Box{5, 1});
    CHECK(vcc::whyNoMove(step.battle, unit).find("broken") != std::string::npos);
    Battle prone = shotAt(4);
    prone.findUnit("warriors")->markers.insert("prone");
    CHECK(vcc::whyNoMove(prone, *prone.findUnit("warriors")).find("must rally to move") != std::string::npos);
    // Prone may shoot, at x1/2.
    Battle firing = shotAt(4);
    firing.findUnit("rifles")->markers.insert("prone");
    CHECK(applies(ruleset().preview(firing, fireAt("rifles", "warriors")), "firing-prone"));
}

TEST_CASE("a prone or broken unit may rally in its movement step — a failure has no effect unless the option says [vcc-rally]",
          "[vcc][morale]") {
    Battle battle = emptyBattle("native-movement", "native");
    addUnit(battle, UnitSpec("rifles", "british", "foot", {5, 6}));
    addUnit(battle, UnitSpec("warriors", "native", "foot", {5, 2}, 180).bases(3));
    battle.findUnit("warriors")->markers = {"prone", "broken"};
    const auto offers = ruleset().offers(battle, "warriors");
    REQUIRE(offers.size() == 1);
    CHECK(offers.front().role == OrderRole::Rally);
    const Action rally{.type = "rally", .unit = "warriors"};
    Resolution found;
    REQUIRE(findSeed(
                ruleset(), battle, rally, [](const Resolution& r) { return traceText(r).find("warriors rallies") != std::string::npos; },
                found) >= 0);
    Battle after = applied(battle, found);
    CHECK_FALSE(vcc::broken(*after.findUnit("warriors")));
    CHECK_FALSE(vcc::prone(*after.findUnit("warriors")));
    CHECK(ruleset().offers(after, "warriors").empty()); // a broken unit that rallies may not also move
    REQUIRE(findSeed(
                ruleset(), battle, rally, [](const Resolution& r) { return traceText(r).find("fails to rally") != std::string::npos; },
                found) >= 0);
    CHECK(vcc::boxOf(applied(battle, found), *applied(battle, found).findUnit("warriors")) == Box{5, 2});
    REQUIRE(findSeed(
                ruleset({{"rally-failure", "effects"}}), battle, rally,
                [](const Resolution& r) { return traceText(r).find("misses its morale test") != std::string::npos; }, found) >= 0);
    // A prone unit that rallies may still move.
    Battle proneOnly = battle;
    proneOnly.findUnit("warriors")->markers = {"prone"};
    REQUIRE(findSeed(
                ruleset(), proneOnly, rally,
                [](const Resolution& r) { return traceText(r).find("rallies and may move") != std::string::npos; }, found) >= 0);
    const auto then = ruleset().offers(applied(proneOnly, found), "warriors");
    CHECK(std::any_of(then.begin(), then.end(), [](const Offer& offer) { return offer.role == OrderRole::Move; }));
}

TEST_CASE("the leader's cheer adds 1 to the next morale test only [vcc-inspired]", "[vcc][morale]") {
    Battle battle = shotAt(3);
    battle.findUnit("warriors")->counters["leader-cheered"] = 1;
    CHECK(vcc::moraleTest(data(), battle, *battle.findUnit("warriors"), false).target == 4);
    vcc::Step step = testedWithRoll(battle, 1);
    CHECK(step.battle.findUnit("warriors")->counters.count("leader-cheered") == 0);
    CHECK(rulingShown(step.out, "vcc-inspired"));
}

TEST_CASE("the Army Commander in the box adds 2, cannot be shot at, and is taken alone [vcc-army-commander]", "[vcc][morale]") {
    Battle battle = emptyBattle("native-movement", "native");
    addUnit(battle, UnitSpec("redcoats", "british", "foot", {5, 5}).bases(3));
    addUnit(battle, UnitSpec("general", "british", "army-commander", {5, 5}).bases(1));
    addUnit(battle, UnitSpec("alone", "british", "army-commander", {3, 3}).bases(1));
    addUnit(battle, UnitSpec("warriors", "native", "foot", {3, 2}, 180));
    CHECK(vcc::moraleTest(data(), battle, *battle.findUnit("redcoats"), false).target == 5);
    CHECK_FALSE(vcc::fights(data(), *battle.findUnit("general")));
    const auto offers = ruleset().offers(battle, "warriors");
    const auto move = std::find_if(offers.begin(), offers.end(), [](const Offer& offer) { return offer.type == "move"; });
    REQUIRE(move != offers.end());
    CHECK(std::find(move->boxes.begin(), move->boxes.end(), Box{3, 3}) != move->boxes.end());
    const Resolution taken = resolveWith(ruleset(), battle, Action{.type = "move", .unit = "warriors", .box = Box{3, 3}}, 1);
    REQUIRE(taken.refusal.empty());
    CHECK(applied(battle, taken).findUnit("alone")->eliminated());
    CHECK(rulingShown(taken, "vcc-army-commander"));
}

TEST_CASE("after fire, each unit hit checks once at the end of the step [vcc-morale-owed]", "[vcc][morale]") {
    Battle battle = shotAt(8);
    const Resolution fired = resolveWith(ruleset(), battle, fireAt("rifles", "warriors"), 2);
    REQUIRE(fired.refusal.empty());
    Battle after = applied(battle, fired);
    REQUIRE(after.session.at("owed").size() == 1);
    // The British pass: the Natives' owed check is taken, and the Natives' step 6 follows.
    const Resolution passed = resolveWith(ruleset(), after, Action{.type = "pass"}, 2);
    REQUIRE(passed.refusal.empty());
    CHECK(traceText(passed).find("morale: 1d6") != std::string::npos);
    CHECK(rulingShown(passed, "vcc-morale-owed"));
    CHECK(applied(after, passed).session.at("owed").empty());
}

TEST_CASE("moving: box to box within the move, never into an enemy's box or water [vcc-terrain] [vcc-box-sharing]", "[vcc][movement]") {
    Battle battle = emptyBattle("british-movement");
    addUnit(battle, UnitSpec("redcoats", "british", "foot", {5, 5}));
    addUnit(battle, UnitSpec("friends", "british", "foot", {5, 4}));
    addUnit(battle, UnitSpec("warriors", "native", "foot", {4, 4}, 180));
    battle.areas.push_back(boxesOf(AreaType::Water, 6, 4, 6, 4));
    const auto boxes = vcc::reach(data(), optionsWith(), battle, *battle.findUnit("redcoats"));
    CHECK(std::find(boxes.begin(), boxes.end(), Box{5, 4}) != boxes.end()); // a friend's box may be shared
    CHECK(std::find(boxes.begin(), boxes.end(), Box{4, 4}) == boxes.end()); // an enemy's may not
    CHECK(std::find(boxes.begin(), boxes.end(), Box{6, 4}) == boxes.end()); // nor water
    CHECK(boxes.size() == 6);
    const Resolution moved = resolveWith(ruleset(), battle, Action{.type = "move", .unit = "redcoats", .box = Box{5, 4}}, 1);
    REQUIRE(moved.refusal.empty());
    const Battle after = applied(battle, moved);
    CHECK(vcc::boxOf(after, *after.findUnit("redcoats")) == Box{5, 4});
    // Side by side in the box, not on top of each other.
    CHECK(boost::geometry::distance(after.findUnit("redcoats")->centre(), after.findUnit("friends")->centre()) >= 40);
    CHECK(vcc::counter(*after.findUnit("redcoats"), "moved") == 2);
    CHECK(ruleset().preview(after, Action{.type = "move", .unit = "redcoats", .box = Box{5, 3}}).refusal.find("already given") !=
          std::string::npos);
}

TEST_CASE("any unit that may move may pivot instead — artillery only pivots and never leaves its box [vcc-turning] [vcc-artillery-fixed]",
          "[vcc][movement]") {
    Battle battle = emptyBattle("british-movement");
    addUnit(battle, UnitSpec("battery", "british", "artillery", {5, 5}).bases(3));
    addUnit(battle, UnitSpec("redcoats", "british", "foot", {3, 5}));
    const auto offers = ruleset().offers(battle, "battery");
    REQUIRE(offers.size() == 1);
    CHECK(offers.front().role == OrderRole::Face);
    CHECK(vcc::reach(data(), optionsWith(), battle, *battle.findUnit("battery")).empty());
    const Resolution turned = resolveWith(ruleset(), battle, Action{.type = "pivot", .unit = "battery", .facing = 80}, 1);
    REQUIRE(turned.refusal.empty());
    const Battle after = applied(battle, turned);
    CHECK(vcc::facingOf(*after.findUnit("battery")) == 90);
    CHECK(vcc::boxOf(after, *after.findUnit("battery")) == Box{5, 5});
    CHECK(vcc::counter(*after.findUnit("battery"), "moved") == 1);
    CHECK(rulingShown(turned, "vcc-turning"));
    const auto foot = ruleset().offers(battle, "redcoats");
    CHECK(std::any_of(foot.begin(), foot.end(), [](const Offer& offer) { return offer.role == OrderRole::Face; }));
}
