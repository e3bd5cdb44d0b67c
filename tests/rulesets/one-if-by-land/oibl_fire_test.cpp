// Fire (FIRE AND MELEE COMBAT, FIRE COMBAT, FIRING MODIFIERS TO DIE ROLL, WEAPON RANGES,
// ARTILLERY FIREPOWER): who fires, at what, with what modifiers, the exact odds against
// the dice, and where the casualties fall.

#include "oibl_casualties.h"
#include "oibl_fire.h"
#include "oibl_test_support.h"

#include <catch2/catch.hpp>

using namespace oibltest;

namespace {

/// A British close order line at (10, 10) facing south, an American one 5.5" in front of it.
Battle lineFacingLine(const std::string& formation = "close", int stands = 6) {
    Battle battle = emptyBattle();
    addUnit(battle, UnitSpec("redcoats", "british", "normal-infantry", 10, 10, 180).in(formation).stands(stands));
    addUnit(battle, UnitSpec("continentals", "american", "normal-infantry", 10, 16, 0));
    actingAt(battle, 5, "british", {"redcoats"});
    return battle;
}

oibl::ShotPlan shot(const Battle& battle, std::vector<std::string> firers, const std::string& target, const RulesetOptions& changes = {},
                    const oibl::FireCircumstances& circumstances = {}) {
    return oibl::planShot(data(), optionsWith(changes), battle, firers, {}, target, circumstances);
}

Distribution dieOn(int figures, int modifier) {
    oibl::ShotPlan plan;
    plan.figures = figures;
    plan.modifier = modifier;
    return oibl::casualtiesOf(data(), optionsWith(), plan);
}

} // namespace

TEST_CASE("which figures fire: two ranks of close order, one of open order, a column's front rank, each skirmish stand",
          "[oibl][fire][oibl-formations]") {
    CHECK(shot(lineFacingLine("close"), {"redcoats"}, "continentals").figures == 18);
    CHECK(shot(lineFacingLine("open"), {"redcoats"}, "continentals").figures == 18);
    // A column of six stands is two wide: only the front rank's two stands fire.
    CHECK(shot(lineFacingLine("column"), {"redcoats"}, "continentals").figures == 6);
    Battle battle = lineFacingLine("close", 8);
    // Close order two deep: the odd stand in front, all of both ranks firing.
    CHECK(oibl::frontRank(*battle.findUnit("redcoats")).size() == 4);
    CHECK(shot(battle, {"redcoats"}, "continentals").figures == 24);
}

TEST_CASE("point blank within 2 inches for small arms, beyond the weapon's range no fire", "[oibl][fire]") {
    Battle battle = lineFacingLine();
    const auto far = shot(battle, {"redcoats"}, "continentals");
    CHECK(far.range == Approx(5.5));
    CHECK(far.times.count("point-blank") == 0);
    Battle close = emptyBattle();
    addUnit(close, UnitSpec("redcoats", "british", "normal-infantry", 10, 10, 180));
    addUnit(close, UnitSpec("continentals", "american", "normal-infantry", 10, 12.5, 0));
    const auto near = shot(close, {"redcoats"}, "continentals");
    CHECK(near.range == Approx(2.0));
    CHECK(near.times.at("point-blank") == 1);
    Battle beyond = emptyBattle();
    addUnit(beyond, UnitSpec("redcoats", "british", "normal-infantry", 10, 10, 180));
    addUnit(beyond, UnitSpec("continentals", "american", "normal-infantry", 10, 18, 0));
    const auto none = shot(beyond, {"redcoats"}, "continentals");
    CHECK(none.refusal.find("beyond 7\"") != std::string::npos); // muskets: Seven (7) inch range
}

TEST_CASE("the arc: 45 degrees either side of the front, more than half a target stand's edge in it", "[oibl][fire][oibl-stand-edge]") {
    Battle battle = emptyBattle();
    addUnit(battle, UnitSpec("redcoats", "british", "normal-infantry", 10, 10, 180).stands(2));
    // To the flank: not in the arc.
    addUnit(battle, UnitSpec("flank", "american", "normal-infantry", 15, 10.5, 270).stands(2));
    const auto side = shot(battle, {"redcoats"}, "flank");
    CHECK(side.refusal.find("in redcoats' arc") != std::string::npos);
    CHECK(side.refusal.find("oibl-stand-edge") != std::string::npos);
    // Skirmishers fire all round.
    Battle loose = emptyBattle();
    addUnit(loose, UnitSpec("lights", "british", "normal-infantry", 10, 10, 180).in("skirmish").with({{"skirmish", true}}).stands(2));
    addUnit(loose, UnitSpec("flank", "american", "normal-infantry", 16, 10.5, 270).stands(2));
    CHECK(shot(loose, {"lights"}, "flank").refusal.empty());
}

TEST_CASE("the stand's edge facing the firer, or its back edge as printed (option stand-edge)", "[oibl][fire][oibl-stand-edge]") {
    // The target's near edge is inside the musket's 7", its back edge half an inch beyond.
    Battle battle = emptyBattle();
    addUnit(battle, UnitSpec("redcoats", "british", "normal-infantry", 10, 10, 180).stands(1));
    addUnit(battle, UnitSpec("continentals", "american", "normal-infantry", 10, 17.4, 0).stands(1));
    CHECK(shot(battle, {"redcoats"}, "continentals").refusal.empty());
    const auto back = shot(battle, {"redcoats"}, "continentals", {{"stand-edge", "back-edge"}});
    CHECK(back.refusal.find("back edge") != std::string::npos);
}

TEST_CASE("no fire through other troops, nor through woods neither stands in", "[oibl][fire][oibl-sight]") {
    Battle battle = lineFacingLine();
    addUnit(battle, UnitSpec("between", "british", "normal-infantry", 10, 13, 180));
    const auto blocked = shot(battle, {"redcoats"}, "continentals");
    CHECK(blocked.refusal.find("oibl-sight") != std::string::npos);
    Battle wooded = lineFacingLine();
    wooded.areas.push_back(rectangleArea(AreaType::Woods, 0, 12.5, 20, 13.5, 0, millimetresPerInch));
    CHECK(shot(wooded, {"redcoats"}, "continentals").refusal.find("blocked") != std::string::npos);
}

TEST_CASE("every firing modifier, each where the text says", "[oibl][fire][oibl-cover][oibl-cannon-bands]") {
    SECTION("marksmen, Poor and Wretched firers") {
        Battle battle = lineFacingLine();
        battle.findUnit("redcoats")->stats["marksmen"] = true;
        CHECK(shot(battle, {"redcoats"}, "continentals").modifier == 2);
        battle.findUnit("redcoats")->quality = "poor";
        CHECK(shot(battle, {"redcoats"}, "continentals").modifier == 0);
        battle.findUnit("redcoats")->quality = "wretched";
        CHECK(shot(battle, {"redcoats"}, "continentals").modifier == -2);
    }
    SECTION("a target in column, or mounted cavalry") {
        Battle battle = lineFacingLine();
        battle.findUnit("continentals")->formation = "column";
        CHECK(shot(battle, {"redcoats"}, "continentals").times.at("column-or-mounted") == 1);
        Battle horse = emptyBattle();
        addUnit(horse, UnitSpec("redcoats", "british", "normal-infantry", 10, 10, 180));
        addUnit(horse, UnitSpec("dragoons", "american", "cavalry", 10, 16, 0).stands(3));
        CHECK(shot(horse, {"redcoats"}, "dragoons").times.at("column-or-mounted") == 1);
    }
    SECTION("fire on the target's flank") {
        Battle battle = emptyBattle();
        addUnit(battle, UnitSpec("redcoats", "british", "normal-infantry", 10, 10, 180));
        addUnit(battle, UnitSpec("continentals", "american", "normal-infantry", 10, 15, 90));
        const auto plan = shot(battle, {"redcoats"}, "continentals");
        REQUIRE(plan.refusal.empty());
        CHECK(plan.times.at("flank-or-rear") == 1);
    }
    SECTION("light cover in woods, behind a fence; heavy cover as the scenario says") {
        Battle battle = lineFacingLine();
        battle.areas.push_back(rectangleArea(AreaType::Woods, 5, 15.5, 15, 18, 0, millimetresPerInch));
        CHECK(shot(battle, {"redcoats"}, "continentals").times.at("light-cover") == 1);
        Battle fenced = lineFacingLine();
        fenced.lines.push_back(straightLine(LineType::Fence, 5, 15.3, 15, 15.3, millimetresPerInch));
        const auto behind = shot(fenced, {"redcoats"}, "continentals");
        CHECK(behind.times.at("light-cover") == 1);
        CHECK(std::find(behind.rulings.begin(), behind.rulings.end(), "oibl-cover") != behind.rulings.end());
        Battle redoubt = lineFacingLine();
        redoubt.areas.push_back(rectangleArea(AreaType::BuiltUp, 5, 15.5, 15, 18, 0, millimetresPerInch));
        redoubt.areas.back().rules = {{"cover", "heavy"}};
        CHECK(shot(redoubt, {"redcoats"}, "continentals").times.at("heavy-cover") == 1);
        CHECK(shot(redoubt, {"redcoats"}, "continentals").times.count("light-cover") == 0);
    }
    SECTION("cannon: none to 12\", -2 over 12\" to 25\", -4 beyond, and never point blank") {
        // The gun's front edge stands at 5.5"; the target's front edge half an inch before its centre.
        for (const auto& [y, id] : {std::pair{17.5, ""}, std::pair{25.0, "cannon-12-25"}, std::pair{34.0, "cannon-over-25"}}) {
            Battle battle = emptyBattle();
            addUnit(battle, UnitSpec("guns", "british", "artillery", 10, 5, 180).in("unlimbered").stands(3).with({{"gun", "medium"}}));
            addUnit(battle, UnitSpec("continentals", "american", "normal-infantry", 10, y, 0));
            const auto plan = shot(battle, {"guns"}, "continentals");
            INFO("target at " << y);
            REQUIRE(plan.refusal.empty());
            CHECK(plan.figures == 10); // a medium cannon fires as 10 figures
            CHECK(plan.times.count("point-blank") == 0);
            CHECK(plan.times.count("cannon-12-25") == (std::string(id) == "cannon-12-25" ? 1u : 0u));
            CHECK(plan.times.count("cannon-over-25") == (std::string(id) == "cannon-over-25" ? 1u : 0u));
        }
    }
}

TEST_CASE("combined fire: the figures added, every modifier of any firer on the shot, cannon alone", "[oibl][fire][oibl-combined-fire]") {
    Battle battle = lineFacingLine();
    addUnit(battle, UnitSpec("militia", "british", "militia-infantry", 15, 10, 180).as("poor").stands(3));
    const auto both = shot(battle, {"redcoats", "militia"}, "continentals");
    REQUIRE(both.refusal.empty());
    CHECK(both.figures == 18 + 12);
    CHECK(both.times.at("poor") == 1); // one Poor unit gives -2 to all
    CHECK(std::find(both.rulings.begin(), both.rulings.end(), "oibl-combined-fire") != both.rulings.end());
    addUnit(battle, UnitSpec("guns", "british", "artillery", 5, 9, 180).in("unlimbered").stands(2));
    CHECK(shot(battle, {"redcoats", "guns"}, "continentals").refusal.find("no grand battery") != std::string::npos);
    // The offer: the acting brigade's units that share a target fire together.
    actingAt(battle, 5, "british", {"redcoats", "militia"});
    const auto offers = ruleset().offers(battle, "redcoats");
    const auto together = std::find_if(offers.begin(), offers.end(), [](const Offer& offer) { return offer.type == "combined-fire"; });
    REQUIRE(together != offers.end());
    CHECK(together->with == std::vector<std::string>{"militia"});
    CHECK(together->role == OrderRole::Fire);
    const Resolution fired = resolveWith(
        ruleset(), battle, Action{.type = "combined-fire", .unit = "redcoats", .target = "continentals", .with = {"militia"}}, 3);
    REQUIRE(fired.refusal.empty());
    const Battle after = applied(battle, fired);
    CHECK(oibl::counter(*after.findUnit("redcoats"), "fired") == 1);
    CHECK(oibl::counter(*after.findUnit("militia"), "fired") == 1);
    CHECK(traceText(fired).find("30 figures") == std::string::npos); // the notes count each unit's own
}

TEST_CASE("a skirmish unit's stands fire at as many targets as there are stands, each target its own roll",
          "[oibl][fire][oibl-combined-fire]") {
    Battle battle = emptyBattle();
    addUnit(battle, UnitSpec("lights", "british", "normal-infantry", 10, 10, 180).in("skirmish").with({{"skirmish", true}}).stands(4));
    addUnit(battle, UnitSpec("west", "american", "normal-infantry", 5, 14, 0).stands(2));
    addUnit(battle, UnitSpec("east", "american", "normal-infantry", 15, 14, 0).stands(2));
    actingAt(battle, 5, "british", {"lights"});
    const auto offers = ruleset().offers(battle, "lights");
    REQUIRE_FALSE(offers.empty());
    CHECK(offers.front().input == OrderInput::ElementTargets);
    CHECK(offers.front().elements.size() == 4);
    Action split{.type = "fire", .unit = "lights"};
    const Unit& lights = *battle.findUnit("lights");
    for (const Element& stand : lights.elements) {
        split.elements.push_back({stand.id, stand.centre.x() < mm(10) ? "west" : "east", {}, {}});
    }
    const Preview preview = ruleset().preview(battle, split);
    INFO(preview.refusal);
    REQUIRE(preview.allowed());
    CHECK(std::count_if(preview.odds.begin(), preview.odds.end(),
                        [](const Odds& odds) { return odds.title.rfind("Casualties on", 0) == 0; }) == 2);
    const Resolution fired = resolveWith(ruleset(), battle, split, 1);
    REQUIRE(fired.refusal.empty());
    int rolls = 0;
    for (const TraceStep& step : fired.trace.steps()) {
        if (const auto* roll = std::get_if<trace::Roll>(&step.detail);
            roll != nullptr && roll->purpose.find(": fire at") != std::string::npos) {
            ++rolls;
        }
    }
    CHECK(rolls == 2);
}

TEST_CASE("figures over 30 roll again for the excess: a second d10, or the same roll (option excess-roll)",
          "[oibl][fire][oibl-excess-figures]") {
    oibl::ShotPlan plan;
    plan.figures = 36;
    plan.modifier = 0;
    const Distribution second = oibl::casualtiesOf(data(), optionsWith(), plan);
    CHECK(second == dieOn(30, 0).plus(dieOn(6, 0)));
    const Distribution same = oibl::casualtiesOf(data(), optionsWith({{"excess-roll", "same-roll"}}), plan);
    CHECK(same == Distribution::uniform(0, 9).map([](std::int64_t face) {
        const Chart& chart = data().chart("combat-table");
        return chart.lookup(30, face)->cell.number + chart.lookup(6, face)->cell.number;
    }));
    CHECK(same.mean() == second.mean());
    CHECK_FALSE(same == second);
}

TEST_CASE("one figure reads the 2-3 row, or does nothing (option single-figure)", "[oibl][fire][oibl-single-figure]") {
    CHECK(dieOn(1, 0) == dieOn(2, 0));
    oibl::ShotPlan plan;
    plan.figures = 1;
    CHECK(oibl::casualtiesOf(data(), optionsWith({{"single-figure", "no-effect"}}), plan) == Distribution::certain(0));
}

TEST_CASE("the preview's casualty odds are the resolution's, against 4,000 seeded volleys", "[oibl][fire][odds]") {
    Battle battle = lineFacingLine();
    const Action fire = fireAt("redcoats", "continentals");
    const Preview preview = ruleset().preview(battle, fire);
    REQUIRE(preview.allowed());
    const Odds& odds = oddsOf(preview, "Casualties on continentals");
    std::map<std::string, int> seen;
    const int runs = 4000;
    for (int seed = 0; seed < runs; ++seed) {
        const Resolution fired = resolveWith(ruleset(), battle, fire, static_cast<std::uint64_t>(seed));
        const Battle after = applied(battle, fired);
        ++seen[std::to_string(18 - oibl::figuresLeft(*after.findUnit("continentals")))];
    }
    Probability total = 0;
    for (const Odds::Line& line : odds.lines) {
        total += line.probability;
        const double p = toDouble(line.probability);
        const double error = std::sqrt(p * (1 - p) / runs);
        INFO(line.label << ": " << p << " exact, " << seen[line.label] / double(runs) << " seen");
        CHECK(std::abs(seen[line.label] / double(runs) - p) <= 5 * error + 1e-9);
    }
    CHECK(total == 1);
    // And the target's morale after it, each casualty count weighed with the test it calls for.
    const Odds& morale = oddsOf(preview, "continentals' morale after the fire");
    Probability sum = 0;
    for (const Odds::Line& line : morale.lines) {
        sum += line.probability;
    }
    CHECK(sum == 1);
    CHECK(lineOf(morale, "no test (no casualty)") == lineOf(odds, "0"));
}

TEST_CASE("casualties come off the rear rank, then the flanks, the command stand last, empty stands go", "[oibl][fire][oibl-casualties]") {
    Battle battle = lineFacingLine();
    const Unit& target = *battle.findUnit("continentals");
    oibl::Step step(data(), optionsWith(), battle, nullptr);
    const Unit lost = oibl::withCasualties(target, 10);
    const Element& command = oibl::commandStand(lost);
    CHECK(std::count(command.figures.begin(), command.figures.end(), Health::Fit) == 3); // untouched
    int rearLost = 0;
    for (const Element& stand : lost.elements) {
        if (oibl::placeOf(target, *target.findElement(stand.id)).rank == 1) {
            rearLost += static_cast<int>(std::count(stand.figures.begin(), stand.figures.end(), Health::Killed));
        }
    }
    CHECK(rearLost == 9); // the whole rear rank first
    const Unit all = oibl::withCasualties(target, 17);
    CHECK(oibl::figuresLeft(all) == 1);
    CHECK(std::count(oibl::commandStand(all).figures.begin(), oibl::commandStand(all).figures.end(), Health::Fit) == 1);
    // Taken for real, empty stands leave the table.
    DiceStream dice(1);
    oibl::Step real(data(), optionsWith(), battle, &dice);
    CHECK(oibl::takeCasualties(real, "continentals", 10, "a test") == 10);
    CHECK(real.battle.findUnit("continentals")->elements.size() == 3);
    CHECK(oibl::figuresLeft(*real.battle.findUnit("continentals")) == 8);
}

TEST_CASE("counter-battery: a gun that causes a casualty rolls a d10, 8 or 9 destroying the target cannon",
          "[oibl][fire][oibl-counter-battery][oibl-artillery-crews]") {
    Battle battle = emptyBattle();
    addUnit(battle, UnitSpec("guns", "british", "artillery", 10, 5, 180).in("unlimbered").stands(3).with({{"gun", "heavy"}}));
    addUnit(battle, UnitSpec("rebel-guns", "american", "artillery", 10, 15, 0).in("unlimbered").stands(3));
    const Action fire = fireAt("guns", "rebel-guns");
    const Preview preview = ruleset().preview(battle, fire);
    REQUIRE(preview.allowed());
    const Odds& odds = oddsOf(preview, "Counter-battery");
    const Probability hit = 1 - oddsOf(preview, "Casualties on rebel-guns").lines.front().probability;
    CHECK(lineOf(odds, "destroyed") == hit / 5);
    Resolution destroyed;
    REQUIRE(findSeed(
                ruleset(), battle, fire, [](const Resolution& r) { return traceText(r).find("cannon is destroyed") != std::string::npos; },
                destroyed) >= 0);
    CHECK(applied(battle, destroyed).findUnit("rebel-guns")->eliminated());
    CHECK(rulingShown(destroyed, "oibl-counter-battery"));
    // Casualties fall on the crew: a gun with no crew left is lost (oibl-artillery-crews).
    DiceStream dice(1);
    oibl::Step step(data(), optionsWith(), battle, &dice);
    oibl::takeCasualties(step, "rebel-guns", 3, "a test");
    CHECK(step.battle.findUnit("rebel-guns")->eliminated());
}

TEST_CASE("Poor or Wretched units fired on by 6 or more figures in a turn take a Panic Marker, casualties or not", "[oibl][fire][morale]") {
    Battle battle = lineFacingLine();
    battle.findUnit("continentals")->quality = "poor";
    const Action fire = fireAt("redcoats", "continentals");
    Resolution missed;
    REQUIRE(findSeed(
                ruleset(), battle, fire, [](const Resolution& r) { return traceText(r).find("loses") == std::string::npos; }, missed) >= 0);
    CHECK(traceText(missed).find("fired on by 6+ figures") != std::string::npos);
    CHECK(applied(battle, missed).findUnit("continentals")->markers.count("panic") == 1);
}

TEST_CASE("a wavering unit fires half its figures rounded up, Poor or Wretched ones not at all", "[oibl][fire][oibl-wavering]") {
    Battle battle = lineFacingLine("close", 5); // 15 figures
    battle.findUnit("redcoats")->markers.insert("wavering");
    CHECK(shot(battle, {"redcoats"}, "continentals").figures == 8);
    battle.findUnit("redcoats")->quality = "poor";
    CHECK(shot(battle, {"redcoats"}, "continentals").refusal.find("may not fire") != std::string::npos);
}

TEST_CASE("a unit that moved does not fire, but light troops that moved half their move fire half (option move-and-fire)",
          "[oibl][fire][oibl-move-or-fire]") {
    Battle battle = lineFacingLine("close", 5);
    Unit& firer = *battle.findUnit("redcoats");
    firer.counters["moved"] = 1;
    firer.counters["moved-length"] = 2;
    firer.counters["allowance"] = 6;
    CHECK(shot(battle, {"redcoats"}, "continentals").refusal.find("oibl-move-or-fire") != std::string::npos);
    CHECK(shot(battle, {"redcoats"}, "continentals", {{"move-and-fire", "any"}}).figures == 15);
    firer.stats["skirmish"] = true; // light troops: skirmish ability
    const auto light = shot(battle, {"redcoats"}, "continentals");
    REQUIRE(light.refusal.empty());
    CHECK(light.figures == 8); // half of 15, rounded up
    firer.counters["moved-length"] = 3.5;
    CHECK_FALSE(shot(battle, {"redcoats"}, "continentals").refusal.empty());
}

TEST_CASE("generals are never fired at", "[oibl][fire][oibl-risk-to-generals]") {
    Battle battle = lineFacingLine();
    addUnit(battle, UnitSpec("poor-officer", "american", "officer", 14, 16, 0));
    CHECK(shot(battle, {"redcoats"}, "poor-officer").refusal.find("generals are not fired at") != std::string::npos);
}
