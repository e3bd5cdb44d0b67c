// Morale (MORALE AND MORALE TESTS, DIE ROLL MODIFIERS, MORALE RESULTS, RISK TO GENERALS):
// the Morale Numbers, every modifier, the results, Panic Markers and their triggers,
// routs and rallies, and the generals' wounds.

#include "oibl_casualties.h"
#include "oibl_morale.h"
#include "oibl_test_support.h"

#include <catch2/catch.hpp>
#include <functional>

using namespace oibltest;

namespace {

oibl::MoralePlan planFor(const Battle& battle, const std::string& unit, const oibl::MoraleSituation& situation = {},
                         const RulesetOptions& changes = {}) {
    return oibl::planMorale(data(), optionsWith(changes), battle, *battle.findUnit(unit), situation);
}

int timesOf(const oibl::MoralePlan& plan, const std::string& id) {
    const auto found = plan.times.find(id);
    return found == plan.times.end() ? 0 : found->second;
}

/// Runs `act` on a fresh step with seeds 0, 1, 2... until `wanted` holds of the step after
/// it; returns the step's battle and trace (the seed is found, not assumed).
struct Stepped {
    Battle battle;
    Resolution out;
    int seed = -1;
};
Stepped firstSeed(const Battle& battle, const std::function<void(oibl::Step&)>& act, const std::function<bool(const oibl::Step&)>& wanted,
                  const RulesetOptions& changes = {}) {
    for (int seed = 0; seed < 2000; ++seed) {
        DiceStream dice(static_cast<std::uint64_t>(seed));
        oibl::Step step(data(), optionsWith(changes), battle, &dice);
        act(step);
        if (wanted(step)) {
            return {step.battle, step.out, seed};
        }
    }
    FAIL("no seed of 2000 gives the outcome");
    return {};
}

/// Two British units side by side facing south, Americans 6" in front.
Battle twoLines() {
    Battle battle = emptyBattle();
    addUnit(battle, UnitSpec("guards", "british", "normal-infantry", 10, 10, 180).as("veteran"));
    addUnit(battle, UnitSpec("line", "british", "normal-infantry", 16, 10, 180));
    addUnit(battle, UnitSpec("rebels", "american", "normal-infantry", 13, 17, 0));
    return battle;
}

} // namespace

TEST_CASE("the Morale Number of each quality, Indians one higher to charge and fight, and in woods", "[oibl][morale][oibl-quality]") {
    Battle battle = emptyBattle();
    for (const auto& [quality, number] :
         {std::pair{"elite", 9}, std::pair{"veteran", 8}, std::pair{"regular", 7}, std::pair{"poor", 6}, std::pair{"wretched", 5}}) {
        Battle one = emptyBattle();
        addUnit(one, UnitSpec("unit", "british", "normal-infantry", 10, 10, 180).as(quality));
        CHECK(planFor(one, "unit").moraleNumber == number);
    }
    addUnit(battle, UnitSpec("warband", "american", "indians", 10, 20, 0).stands(6));
    CHECK(planFor(battle, "warband").moraleNumber == 7);
    CHECK(planFor(battle, "warband", {true, {}}).moraleNumber == 8);
    battle.areas.push_back(rectangleArea(AreaType::Woods, 0, 18, 20, 22, 0, millimetresPerInch));
    CHECK(planFor(battle, "warband").moraleNumber == 8);
    CHECK(planFor(battle, "warband", {true, {}}).moraleNumber == 9); // two higher to charge and fight in woods
    battle.findUnit("warband")->quality = "elite";
    CHECK(planFor(battle, "warband", {true, {}}).moraleNumber == 11);
}

TEST_CASE("Commanding Officer with the unit: -X, his rating, or -1 under option co-bonus", "[oibl][morale][oibl-co-bonus]") {
    Battle battle = twoLines();
    battle.commands = {{"1st", "1st Brigade", "british", "brigade", "fraser", ""}, {"2nd", "2nd Brigade", "british", "brigade", "", ""}};
    battle.findUnit("guards")->brigade = "1st";
    battle.findUnit("line")->brigade = "2nd";
    addUnit(battle, UnitSpec("fraser", "british", "officer", 10, 8.5, 180).with({{"command", 2}}).under("1st"));
    battle.findUnit("fraser")->attachedTo = "guards";
    CHECK(timesOf(planFor(battle, "guards"), "commanding-officer") == 2);
    CHECK(timesOf(planFor(battle, "guards", {}, {{"co-bonus", "fixed"}}), "commanding-officer") == 1);
    // He commands the 1st Brigade, not the 2nd: no help to a unit he does not command.
    CHECK(timesOf(planFor(battle, "line"), "commanding-officer") == 0);
    // Within 1" and joined to none, he is with it too.
    battle.findUnit("fraser")->attachedTo.clear();
    CHECK(timesOf(planFor(battle, "guards"), "commanding-officer") == 2);
    applyEvent(battle, event::Moved{"fraser", {{Point(mm(30), mm(30)), 180}}});
    CHECK(timesOf(planFor(battle, "guards"), "commanding-officer") == 0);
}

TEST_CASE("cover: light in woods, heavy where the scenario says", "[oibl][morale][oibl-cover]") {
    Battle battle = twoLines();
    battle.areas.push_back(rectangleArea(AreaType::Woods, 5, 8, 14, 12, 0, millimetresPerInch));
    CHECK(timesOf(planFor(battle, "guards"), "light-cover") == 1);
    battle.areas.back().rules = {{"cover", "heavy"}};
    CHECK(timesOf(planFor(battle, "guards"), "heavy-cover") == 1);
    CHECK(timesOf(planFor(battle, "guards"), "light-cover") == 0);
}

TEST_CASE("outflanked: an enemy on the flank or rear within its range or charge, no friend between, never skirmishers",
          "[oibl][morale][oibl-outflanked]") {
    Battle battle = emptyBattle();
    addUnit(battle, UnitSpec("line", "british", "normal-infantry", 10, 10, 180));
    addUnit(battle, UnitSpec("flankers", "american", "normal-infantry", 16, 10, 270));
    const auto plan = planFor(battle, "line");
    CHECK(timesOf(plan, "outflanked") == 1);
    addUnit(battle, UnitSpec("friend", "british", "normal-infantry", 13.5, 10, 90).stands(2));
    CHECK(timesOf(planFor(battle, "line"), "outflanked") == 0);
    battle.units.pop_back();
    battle.findUnit("line")->formation = "skirmish";
    CHECK(timesOf(planFor(battle, "line"), "outflanked") == 0);
    // Beyond the musket's 7" and the best charge of close order (1d6+2 and 3", 11"): no threat.
    Battle far = emptyBattle();
    addUnit(far, UnitSpec("line", "british", "normal-infantry", 10, 10, 180));
    addUnit(far, UnitSpec("flankers", "american", "normal-infantry", 24, 10, 270));
    CHECK(timesOf(planFor(far, "line"), "outflanked") == 0);
}

TEST_CASE("a formed friend seen routing within 12 inches: +1 of equal quality, +2 of higher, the trigger counts any",
          "[oibl][morale][oibl-friend-routing]") {
    Battle battle = twoLines();
    Unit& guards = *battle.findUnit("guards");
    guards.markers.insert("routing");
    guards.counters["formed-before-rout"] = 1;
    CHECK(timesOf(planFor(battle, "line"), "higher-friend-routing") == 1); // Veteran above Regular
    guards.quality = "regular";
    CHECK(timesOf(planFor(battle, "line"), "equal-friend-routing") == 1);
    guards.quality = "poor";
    CHECK(timesOf(planFor(battle, "line"), "equal-friend-routing") == 0);
    guards.quality = "regular";
    guards.counters.erase("formed-before-rout"); // it was skirmishing: the modifier does not count it
    CHECK(timesOf(planFor(battle, "line"), "equal-friend-routing") == 0);
}

TEST_CASE("the charged defender's modifiers, by who charges it", "[oibl][morale]") {
    Battle battle = emptyBattle();
    addUnit(battle, UnitSpec("open", "american", "normal-infantry", 10, 20, 0).in("open"));
    addUnit(battle, UnitSpec("skirmishers", "american", "rifle-armed", 20, 20, 0));
    addUnit(battle, UnitSpec("guns", "american", "artillery", 30, 20, 0).in("unlimbered").stands(2));
    addUnit(battle, UnitSpec("dragoons", "british", "cavalry", 10, 10, 180).stands(3));
    addUnit(battle, UnitSpec("foot", "british", "normal-infantry", 20, 10, 180));
    CHECK(timesOf(planFor(battle, "open", {false, "dragoons"}), "open-charged-by-cavalry") == 1);
    CHECK(timesOf(planFor(battle, "skirmishers", {false, "dragoons"}), "skirmish-charged-by-cavalry") == 1);
    CHECK(timesOf(planFor(battle, "skirmishers", {false, "foot"}), "skirmish-charged-by-infantry") == 1);
    CHECK(timesOf(planFor(battle, "guns", {false, "dragoons"}), "artillery-charged-by-cavalry") == 1);
    CHECK(timesOf(planFor(battle, "open", {false, "foot"}), "open-charged-by-cavalry") == 0);
}

TEST_CASE("casualties of 25, 50 and 75% of the starting figures: only the highest counts", "[oibl][morale][oibl-casualty-levels]") {
    Battle battle = twoLines(); // 18 figures each
    Unit& line = *battle.findUnit("line");
    for (const auto& [lost, level] : {std::pair{4, ""}, std::pair{5, "casualties-25"}, std::pair{9, "casualties-50"},
                                      std::pair{14, "casualties-75"}, std::pair{17, "casualties-75"}}) {
        Battle now = battle;
        *now.findUnit("line") = oibl::withCasualties(line, lost);
        const auto plan = planFor(now, "line");
        INFO(lost << " lost");
        int levels = 0;
        for (const char* id : {"casualties-25", "casualties-50", "casualties-75"}) {
            levels += timesOf(plan, id);
            CHECK(timesOf(plan, id) == (std::string(level) == id ? 1 : 0));
        }
        CHECK(levels <= 1);
    }
}

TEST_CASE("the odds of a test are exact: pass at or under the Morale Number, fail by 1, by 2 or more", "[oibl][morale][odds]") {
    Battle battle = twoLines();
    const oibl::MoralePlan plan = planFor(battle, "line"); // Regular, 7, no modifier
    const Odds odds = oibl::moraleOdds(plan, "test");
    CHECK(lineOf(odds, "passes") == Probability(8, 10)); // 0-7
    CHECK(lineOf(odds, "fails by 1") == Probability(1, 10));
    CHECK(lineOf(odds, "fails by 2 or more") == Probability(1, 10));
    std::map<oibl::MoraleResult, int> seen;
    for (int seed = 0; seed < 3000; ++seed) {
        DiceStream dice(static_cast<std::uint64_t>(seed));
        oibl::Step step(data(), optionsWith(), battle, &dice);
        ++seen[oibl::testMorale(step, "line", {}, "a test")];
    }
    CHECK(std::abs(seen[oibl::MoraleResult::Pass] / 3000.0 - 0.8) < 0.03);
    CHECK(std::abs(seen[oibl::MoraleResult::FailedByOne] / 3000.0 - 0.1) < 0.02);
}

TEST_CASE("failing by 1 the unit wavers, by 2 or more it routs away in no formation", "[oibl][morale][oibl-wavering][oibl-routs]") {
    const Battle battle = twoLines();
    const auto wavered = firstSeed(
        battle, [](oibl::Step& step) { oibl::applyMoraleResult(step, "line", oibl::testMorale(step, "line", {}, "a test")); },
        [](const oibl::Step& step) { return step.battle.findUnit("line")->markers.count("wavering") != 0; });
    CHECK(rulingShown(wavered.out, "oibl-wavering"));
    const auto routed = firstSeed(
        battle, [](oibl::Step& step) { oibl::applyMoraleResult(step, "line", oibl::testMorale(step, "line", {}, "a test")); },
        [](const oibl::Step& step) { return oibl::routing(*step.battle.findUnit("line")); });
    const Unit& line = *routed.battle.findUnit("line");
    CHECK(line.formation == "routing");
    CHECK(line.markers.count("panic") == 1);
    CHECK(line.centre().y() < battle.findUnit("line")->centre().y()); // away from the enemy, up the table
    CHECK(oibl::counter(line, "formed-before-rout") == 1);
    CHECK(rulingShown(routed.out, "oibl-routs"));
}

TEST_CASE("Panic Markers are not cumulative, they come off at step 1, or on any pass under option panic-markers",
          "[oibl][morale][oibl-panic-markers]") {
    Battle battle = twoLines();
    battle.findUnit("line")->markers.insert("panic");
    DiceStream dice(1);
    oibl::Step step(data(), optionsWith(), battle, &dice);
    CHECK_FALSE(oibl::receivePanic(step, "line", "casualties").has_value());
    CHECK(traceText(step.out).find("adds none and calls for no test") != std::string::npos);
    // The charge sequence's own tests are taken all the same.
    CHECK(oibl::receivePanic(step, "line", "being-charged", {}, false, true).has_value());
    // A pass leaves the marker on by default, takes it off under the option.
    Battle fresh = twoLines();
    const auto kept = firstSeed(
        fresh, [](oibl::Step& step) { oibl::receivePanic(step, "line", "casualties"); },
        [](const oibl::Step& step) {
            return !oibl::routing(*step.battle.findUnit("line")) && step.battle.findUnit("line")->markers.count("wavering") == 0;
        });
    CHECK(kept.battle.findUnit("line")->markers.count("panic") == 1);
    const auto cleared = firstSeed(
        fresh, [](oibl::Step& step) { oibl::receivePanic(step, "line", "casualties"); },
        [](const oibl::Step& step) {
            return !oibl::routing(*step.battle.findUnit("line")) && step.battle.findUnit("line")->markers.count("wavering") == 0;
        },
        {{"panic-markers", "clear-on-pass"}});
    CHECK(cleared.battle.findUnit("line")->markers.count("panic") == 0);
    // At step 1 of its own activation a unit with a marker tests; passing, it comes off.
    const auto stepOne = firstSeed(
        battle,
        [](oibl::Step& step) {
            oibl::panicTests(step, {"line", "guards"});
        },
        [](const oibl::Step& step) { return step.battle.findUnit("line")->markers.count("panic") == 0; });
    CHECK(traceText(stepOne.out).find("its Panic Marker comes off") != std::string::npos);
    CHECK(traceText(stepOne.out).find("guards") == std::string::npos); // no marker, no test
}

TEST_CASE("a rout spreads: friends of equal or lower quality that see it within 12 inches take Panic Markers",
          "[oibl][morale][oibl-friend-routing]") {
    Battle battle = twoLines(); // guards Veteran, line Regular, 6" apart
    addUnit(battle, UnitSpec("elite", "british", "normal-infantry", 22, 10, 180).as("elite"));
    DiceStream dice(4);
    oibl::Step step(data(), optionsWith(), battle, &dice);
    oibl::rout(step, "line");
    const std::string trace = traceText(step.out);
    CHECK(trace.find("elite receives a Panic Marker") == std::string::npos); // higher quality: unshaken
    // The Veteran guards are of higher quality than the routing Regulars: no marker either.
    CHECK(trace.find("guards receives a Panic Marker") == std::string::npos);
    Battle second = twoLines();
    DiceStream again(4);
    oibl::Step other(data(), optionsWith(), second, &again);
    oibl::rout(other, "guards"); // Veteran routs: the Regular line sees it
    CHECK(traceText(other.out).find("line receives a Panic Marker: A friendly unit of equal or higher Quality ROUTS") != std::string::npos);
}

TEST_CASE("routers test at step 1 only once safe, rallied, they reform in place, else they rout on at step 6",
          "[oibl][morale][oibl-routs][oibl-reforming]") {
    Battle battle = twoLines();
    Unit& line = *battle.findUnit("line");
    line.markers.insert("routing");
    line.markers.insert("panic");
    line.formation = "routing";
    DiceStream dice(1);
    oibl::Step open(data(), optionsWith(), battle, &dice);
    oibl::panicTests(open, {"line"});
    CHECK(traceText(open.out).find("takes no test and routs on at step 6") != std::string::npos);
    CHECK(oibl::counter(*open.battle.findUnit("line"), "rout-again") == 1);
    const double before = open.battle.findUnit("line")->centre().y();
    oibl::compulsoryRouts(open, {"line"});
    CHECK(open.battle.findUnit("line")->centre().y() < before);
    // In woods it is safe: it tests, and passing it rallies and reforms.
    battle.areas.push_back(rectangleArea(AreaType::Woods, 12, 8, 20, 12, 0, millimetresPerInch));
    const auto rallied = firstSeed(
        battle, [](oibl::Step& step) { oibl::panicTests(step, {"line"}); },
        [](const oibl::Step& step) { return !oibl::routing(*step.battle.findUnit("line")); });
    const Unit& after = *rallied.battle.findUnit("line");
    CHECK(after.formation == "close");
    CHECK(after.markers.count("reforming") == 1);
    CHECK(after.markers.count("panic") == 0);
    CHECK(rulingShown(rallied.out, "oibl-reforming"));
}

TEST_CASE("a router carried off the table is lost", "[oibl][morale][oibl-routs]") {
    Battle battle = emptyBattle();
    addUnit(battle, UnitSpec("line", "british", "normal-infantry", 10, 3, 180));
    addUnit(battle, UnitSpec("rebels", "american", "normal-infantry", 10, 9, 0));
    DiceStream dice(1);
    oibl::Step step(data(), optionsWith(), battle, &dice);
    oibl::rout(step, "line");
    CHECK(step.battle.findUnit("line")->eliminated());
    CHECK(traceText(step.out).find("leaves the table and is lost") != std::string::npos);
}

TEST_CASE("risk to generals: a d10 for each two casualties rounded up, a 1 rolling the d6 of wounds",
          "[oibl][morale][oibl-risk-to-generals]") {
    Battle battle = twoLines();
    battle.commands = {{"1st", "1st Brigade", "british", "brigade", "fraser", ""}};
    battle.findUnit("guards")->brigade = "1st";
    battle.findUnit("line")->brigade = "1st";
    addUnit(battle, UnitSpec("fraser", "british", "officer", 10, 8.5, 180).under("1st"));
    battle.findUnit("fraser")->attachedTo = "guards";
    DiceStream dice(1);
    oibl::Step step(data(), optionsWith(), battle, &dice);
    oibl::riskToGenerals(step, "guards", 3);
    int rolls = 0;
    for (const TraceStep& traced : step.out.trace.steps()) {
        if (const auto* roll = std::get_if<trace::Roll>(&traced.detail);
            roll != nullptr && roll->purpose.find("risk to generals") != std::string::npos) {
            ++rolls;
        }
    }
    CHECK(rolls == 2); // 3 hits: two rolls
    const auto wounded = firstSeed(
        battle, [](oibl::Step& step) { oibl::riskToGenerals(step, "guards", 2); },
        [](const oibl::Step& step) {
            const Unit& fraser = *step.battle.findUnit("fraser");
            return !fraser.eliminated() && fraser.elements.front().figures.front() == Health::LightlyWounded;
        });
    CHECK(traceText(wounded.out).find("lightly wounded: he moves 10\" a turn") != std::string::npos);
    const auto killed = firstSeed(
        battle, [](oibl::Step& step) { oibl::riskToGenerals(step, "guards", 2); },
        [](const oibl::Step& step) { return step.battle.findUnit("fraser")->eliminated(); });
    const std::string trace = traceText(killed.out);
    CHECK(trace.find("fraser is killed") != std::string::npos);
    CHECK(killed.battle.findCommand("1st")->commander.empty());
    // Every unit under his command receives a Panic Marker.
    CHECK(trace.find("guards receives a Panic Marker: The unit s commanding") == std::string::npos); // the data's own words:
    CHECK(trace.find("guards receives a Panic Marker: The unit's commanding officer") != std::string::npos);
    CHECK(trace.find("line receives a Panic Marker: The unit's commanding officer") != std::string::npos);
}
