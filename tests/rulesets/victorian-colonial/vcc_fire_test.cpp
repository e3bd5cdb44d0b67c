// Fire (Firing Procedure:, Firing Ranges (boxes):, Firing modifiers: (round up)), rockets
// (Firing Rockets Procedure), hits and leader hits, each with fixed seeds and exact odds.

#include "sandtable/dice_expression.h"
#include "sandtable/monte_carlo.h"
#include "vcc_fire.h"
#include "vcc_hits.h"
#include "vcc_morale.h"
#include "vcc_movement.h"
#include "vcc_rockets.h"
#include "vcc_test_support.h"

#include <catch2/catch.hpp>

using namespace vcctest;

namespace {

/// British foot of four bases (three fire) in F7 facing up; a Native target `rows` boxes ahead.
Battle volley(int rows, nlohmann::json targetStats = nlohmann::json::object()) {
    Battle battle = emptyBattle();
    addUnit(battle, UnitSpec("rifles", "british", "foot", {5, 6}).with({{"weapon", "rifle"}}));
    addUnit(battle, UnitSpec("warriors", "native", "foot", {5, 6 - rows}, 180).bases(6).with(std::move(targetStats)));
    return battle;
}

Preview firePreview(const Battle& battle, const RulesetOptions& changes = {}) {
    return ruleset(changes).preview(battle, fireAt("rifles", "warriors"));
}

} // namespace

TEST_CASE("fire rolls a die per base but the leader's — mounted troops and wagons do not fire [vcc-who-fires]", "[vcc][fire]") {
    const Battle battle = volley(2);
    CHECK(vcc::fireDice(data(), optionsWith(), *battle.findUnit("rifles")) == 3);
    CHECK(vcc::fireDice(data(), optionsWith({{"leader-base-fires", "yes"}}), *battle.findUnit("rifles")) == 4);
    CHECK(factOf(firePreview(battle), "Dice") == "3 → 3 dice (3d6)");
    CHECK(factOf(firePreview(battle, {{"leader-base-fires", "yes"}}), "Dice") == "4 → 4 dice (4d6)");
    Battle horse = emptyBattle();
    addUnit(horse, UnitSpec("hussars", "british", "cavalry", {5, 6}));
    addUnit(horse, UnitSpec("carts", "british", "wagons", {6, 6}));
    addUnit(horse, UnitSpec("warriors", "native", "foot", {5, 4}, 180));
    CHECK(ruleset().offers(horse, "hussars").empty());
    CHECK(ruleset().offers(horse, "carts").empty());
    CHECK(ruleset().preview(horse, fireAt("hussars", "warriors")).refusal.find("do not fire") != std::string::npos);
    // Gunners: a die each.
    Battle guns = emptyBattle("british-heavy-fire");
    addUnit(guns, UnitSpec("battery", "british", "artillery", {5, 6}).bases(3));
    CHECK(vcc::fireDice(data(), optionsWith(), *guns.findUnit("battery")) == 3);
}

TEST_CASE("range bands in boxes: close doubles, long halves, medium is the base — a musket has no long range [vcc-range-bands]",
          "[vcc][fire]") {
    CHECK(applies(firePreview(volley(1)), "close-range"));
    CHECK(factOf(firePreview(volley(1)), "Dice") == "3 → 6 dice (6d6)");
    CHECK_FALSE(applies(firePreview(volley(2)), "close-range"));
    CHECK_FALSE(applies(firePreview(volley(2)), "long-range"));
    CHECK(applies(firePreview(volley(3)), "long-range"));
    CHECK(firePreview(volley(4)).refusal == "warriors: out of range (4 boxes)");
    Battle muskets = volley(3);
    muskets.findUnit("rifles")->stats["weapon"] = "musket";
    CHECK(firePreview(muskets).refusal == "warriors: out of range (3 boxes)");
    // A diagonal step is one box: three across and three up is 3 boxes, long range for a rifle.
    Battle diagonal = emptyBattle();
    addUnit(diagonal, UnitSpec("rifles", "british", "foot", {5, 6}, 45).with({{"weapon", "rifle"}}));
    addUnit(diagonal, UnitSpec("warriors", "native", "foot", {8, 3}, 180));
    CHECK(factOf(ruleset().preview(diagonal, fireAt("rifles", "warriors")), "Range") == "3 boxes, Long");
    // The same box is melee, not fire.
    Battle same = emptyBattle();
    addUnit(same, UnitSpec("rifles", "british", "foot", {5, 6}).with({{"weapon", "rifle"}}));
    addUnit(same, UnitSpec("warriors", "native", "foot", {5, 6}, 180));
    CHECK(ruleset().preview(same, fireAt("rifles", "warriors")).refusal.find("same box") != std::string::npos);
}

TEST_CASE("a diagonal step counts one box, or none are allowed with the orthogonal option [vcc-diagonal]", "[vcc][fire][movement]") {
    CHECK(vcc::boxesBetween(optionsWith(), {2, 2}, {5, 5}) == 3);
    CHECK(vcc::boxesBetween(optionsWith({{"diagonal", "orthogonal"}}), {2, 2}, {5, 5}) == 6);
    Battle battle = emptyBattle("british-movement");
    addUnit(battle, UnitSpec("hussars", "british", "cavalry", {5, 5}));
    const auto diagonal = vcc::reach(data(), optionsWith(), battle, *battle.findUnit("hussars"));
    const auto orthogonal = vcc::reach(data(), optionsWith({{"diagonal", "orthogonal"}}), battle, *battle.findUnit("hussars"));
    CHECK(diagonal.size() == 24);   // the 5 by 5 square around it
    CHECK(orthogonal.size() == 12); // the diamond of radius 2
    const Box corner{7, 7};
    CHECK(std::find(diagonal.begin(), diagonal.end(), corner) != diagonal.end());
    CHECK(std::find(orthogonal.begin(), orthogonal.end(), corner) == orthogonal.end());
}

TEST_CASE("modifiers apply in the listed order, then round up to a half die rolled as a d3 [vcc-half-dice]", "[vcc][fire]") {
    // Three dice at long range: 1½ dice, 1d6+1d3; whole dice: 2d6.
    CHECK(factOf(firePreview(volley(3)), "Dice") == "3 → 1½ dice (1d6+1d3)");
    CHECK(factOf(firePreview(volley(3), {{"half-dice", "whole-dice"}}), "Dice") == "3 → 2 dice (2d6)");
    // Raw: (3 - 1) x 1/2 = 1 die; the -1 comes before the halving, as listed.
    Battle raw = volley(3);
    raw.findUnit("rifles")->quality = "raw";
    CHECK(factOf(firePreview(raw), "Dice") == "3 → 1 die (1d6)");
    // Long range at a target in hard cover: 3 x 1/2 x 1/4 = 3/8, never less than 1 die.
    Battle covered = volley(3);
    covered.areas.push_back(boxesOf(AreaType::BuiltUp, 5, 3, 5, 3));
    CHECK(factOf(firePreview(covered), "Dice") == "3 → 1 die (1d6)");
    // Elite at close range in soft cover: (3 + 1) x 2 x 1/2 = 4.
    Battle soft = volley(1);
    soft.findUnit("rifles")->quality = "elite";
    soft.areas.push_back(boxesOf(AreaType::Woods, 5, 5, 5, 5));
    CHECK(factOf(firePreview(soft), "Dice") == "3 → 4 dice (4d6)");
    const vcc::DicePool pool{1, true};
    CHECK(pool.expression() == "1d6+1d3");
    CHECK(pool.hits() == DiceExpression::parse("1d6+1d3")->distribution());
}

TEST_CASE("the exact odds of a pool with a half die agree with a seeded Monte Carlo of the resolution", "[vcc][fire]") {
    // One figure a base and bases enough: each hit is a base off, so hits can be counted.
    Battle battle = volley(3, {{"figuresPerBase", 1}});
    Unit& target = *battle.findUnit("warriors");
    while (target.elements.size() < 12) {
        Element extra = target.elements.back();
        extra.id.clear();
        extra.role.clear();
        target.elements.push_back(extra);
    }
    target.nameElements();
    const auto rules = ruleset();
    const Preview preview = rules.preview(battle, fireAt("rifles", "warriors"));
    REQUIRE(preview.allowed());
    const Odds& exact = preview.odds.front();
    CHECK(exact.title == "Hits on warriors");
    const Estimate estimate = Estimate::run(20000, 77, [&](DiceStream& dice) {
        const Resolution resolution = rules.resolve(battle, fireAt("rifles", "warriors"), dice);
        const Battle after = applied(battle, resolution);
        return std::to_string(static_cast<int>(target.elements.size() - after.findUnit("warriors")->elements.size()));
    });
    for (const Odds::Line& line : exact.lines) {
        INFO("hits " << line.label);
        // Within five standard errors: it cannot fail by luck in practice, and a wrong
        // distribution (a d6 where a d3 belongs) misses by far more.
        const double p = toDouble(line.probability);
        CHECK(std::abs(estimate.chance(line.label) - p) <= 5 * std::sqrt(p * (1 - p) / 20000) + 1e-9);
    }
    CHECK(exact.lines.front().label == "2");
    CHECK(exact.lines.back().label == "9");
}

TEST_CASE(
    "cover is the terrain at the target box's centre: woods and scrub soft, buildings hard, a feature's rules.cover over all [vcc-cover]",
    "[vcc][fire]") {
    Battle woods = volley(2);
    woods.areas.push_back(boxesOf(AreaType::Woods, 5, 4, 5, 4));
    CHECK(applies(firePreview(woods), "vs-soft-cover"));
    Battle scrub = volley(2);
    scrub.areas.push_back(boxesOf(AreaType::Rough, 5, 4, 5, 4));
    CHECK(applies(firePreview(scrub), "vs-soft-cover"));
    Battle kraal = volley(2);
    kraal.areas.push_back(boxesOf(AreaType::Rough, 5, 4, 5, 4, 0, {{"cover", "hard"}}));
    CHECK(applies(firePreview(kraal), "vs-hard-cover"));
    CHECK_FALSE(applies(firePreview(kraal), "vs-soft-cover"));
    Battle village = volley(2);
    village.areas.push_back(boxesOf(AreaType::BuiltUp, 5, 4, 5, 4));
    CHECK(applies(firePreview(village), "vs-hard-cover"));
    Battle open = volley(2);
    open.areas.push_back(boxesOf(AreaType::Woods, 3, 4, 3, 4)); // beside it, not at it
    CHECK_FALSE(applies(firePreview(open), "vs-soft-cover"));
}

TEST_CASE("a unit fires in its front arc and in sight, not at a unit in contact with its own side [vcc-sight]", "[vcc][fire]") {
    Battle flank = emptyBattle();
    addUnit(flank, UnitSpec("rifles", "british", "foot", {5, 6}).with({{"weapon", "rifle"}}));
    addUnit(flank, UnitSpec("warriors", "native", "foot", {7, 6}, 270));
    CHECK(ruleset().preview(flank, fireAt("rifles", "warriors")).refusal == "warriors: outside its front arc");
    flank.findUnit("rifles")->formation = "square";
    CHECK(ruleset().preview(flank, fireAt("rifles", "warriors")).allowed()); // a square fires all round
    Battle wooded = volley(3);
    wooded.areas.push_back(boxesOf(AreaType::Woods, 5, 4, 5, 4));
    CHECK(ruleset().preview(wooded, fireAt("rifles", "warriors")).refusal == "warriors: out of sight");
    Battle engaged = volley(2);
    addUnit(engaged, UnitSpec("lancers", "british", "cavalry", {5, 3}, 180));
    engaged.session["contacts"] = nlohmann::json::array({nlohmann::json::array({"lancers", "warriors"})});
    CHECK(ruleset().preview(engaged, fireAt("rifles", "warriors")).refusal == "warriors: in contact with a unit of its own side");
    const Preview shown = firePreview(volley(2));
    CHECK(rulingShown(shown, "vcc-sight"));
}

TEST_CASE("moved in its latest movement step: x1/2 to fire — machine guns and rockets that moved may not fire [vcc-moved]", "[vcc][fire]") {
    Battle moved = volley(2);
    moved.findUnit("rifles")->counters["moved"] = 2;
    CHECK(applies(firePreview(moved), "firer-moved"));
    Battle guns = emptyBattle("british-heavy-fire");
    addUnit(guns, UnitSpec("gardner", "british", "machine-gun", {5, 6}).bases(3));
    addUnit(guns, UnitSpec("warriors", "native", "foot", {5, 3}, 180));
    guns.findUnit("gardner")->counters["moved"] = 1; // pivoted
    const Preview pivoted = ruleset().preview(guns, fireAt("gardner", "warriors"));
    REQUIRE(pivoted.allowed());
    CHECK(applies(pivoted, "firer-moved"));
    guns.findUnit("gardner")->counters["moved"] = 2; // moved a box
    CHECK(ruleset().preview(guns, fireAt("gardner", "warriors")).refusal.find("may not fire") != std::string::npos);
    CHECK(ruleset().offers(guns, "gardner").empty());
}

TEST_CASE("a hit is a figure: hits carry until a base's figures are gone, the leader base last [vcc-hits]", "[vcc][fire]") {
    Battle battle = volley(2, {{"figuresPerBase", 4}});
    vcc::Step step(data(), optionsWith(), battle, nullptr);
    vcc::takeHits(step, "warriors", 6);
    CHECK(step.battle.findUnit("warriors")->elements.size() == 5);
    CHECK(vcc::counter(*step.battle.findUnit("warriors"), "hits-carried") == 2);
    CHECK(vcc::hasLeader(*step.battle.findUnit("warriors")));
    vcc::takeHits(step, "warriors", 2);
    CHECK(step.battle.findUnit("warriors")->elements.size() == 4);
    CHECK(step.battle.findUnit("warriors")->counters.count("hits-carried") == 0);
    vcc::takeHits(step, "warriors", 12);
    CHECK(step.battle.findUnit("warriors")->elements.size() == 1);
    CHECK(vcc::hasLeader(*step.battle.findUnit("warriors"))); // the leader base last
    CHECK(rulingShown(step.out, "vcc-hits"));
    // Four hits a base, whatever its figures.
    Battle fixed = volley(2, {{"figuresPerBase", 8}});
    vcc::Step other(data(), optionsWith({{"hits", "four-a-base"}}), fixed, nullptr);
    vcc::takeHits(other, "warriors", 4);
    CHECK(other.battle.findUnit("warriors")->elements.size() == 5);
}

TEST_CASE("a gun with no gunners left is abandoned [vcc-abandoned]", "[vcc][fire]") {
    Battle battle = emptyBattle();
    addUnit(battle, UnitSpec("battery", "british", "artillery", {5, 6}).bases(2).with({{"figuresPerBase", 2}}));
    vcc::Step step(data(), optionsWith(), battle, nullptr);
    vcc::takeHits(step, "battery", 3);
    CHECK(vcc::gunners(*step.battle.findUnit("battery")) == 1); // a gunner off, one hit carried
    vcc::takeHits(step, "battery", 1);
    CHECK(step.battle.findUnit("battery")->eliminated());
    CHECK(rulingShown(step.out, "vcc-abandoned"));
}

TEST_CASE("a leader-hit check per roll showing a 6 (or a 3 on the d3), on the target's leader [vcc-leader-hits]", "[vcc][fire]") {
    // The exact chance: P(any 6 or 3) x P(2d6 in the band).
    const vcc::DicePool pool{2, true};
    CHECK(pool.anyTrigger() == 1 - Probability(25, 36) * Probability(2, 3));
    CHECK(vcc::leaderHitChance(data(), optionsWith(), pool, 3) == pool.anyTrigger() * Probability(10, 36));
    CHECK(vcc::leaderHitChance(data(), optionsWith(), pool, 1) == pool.anyTrigger() * Probability(1, 36));
    // One check per six: no hit needs each die to miss on its own.
    const Probability six = Probability(5, 6) + Probability(1, 6) * Probability(26, 36);
    const Probability three = Probability(2, 3) + Probability(1, 3) * Probability(26, 36);
    CHECK(vcc::leaderHitChance(data(), optionsWith({{"leader-checks", "per-six"}}), pool, 3) == 1 - six * six * three);
    // A resolution whose dice show a 6 checks the target's leader.
    const Battle battle = volley(1);
    Resolution found;
    const int seed = findSeed(
        ruleset(), battle, fireAt("rifles", "warriors"),
        [](const Resolution& r) { return traceText(r).find("Leader hit (2d6)") != std::string::npos; }, found);
    REQUIRE(seed >= 0);
    CHECK(rulingShown(found, "vcc-leader-hits"));
    // Toasted: the leader's base comes off.
    Battle toast = volley(1);
    toast.findUnit("warriors")->counters["leader-wounds"] = 2;
    const int toasted = findSeed(
        ruleset(), toast, fireAt("rifles", "warriors"),
        [](const Resolution& r) { return traceText(r).find("leader is toast") != std::string::npos; }, found);
    REQUIRE(toasted >= 0);
    CHECK_FALSE(vcc::hasLeader(*applied(toast, found).findUnit("warriors")));
}

TEST_CASE("fire's preview weighs the modifiers its resolution applies", "[vcc][fire]") {
    Battle battle = volley(2);
    battle.areas.push_back(boxesOf(AreaType::Woods, 5, 4, 5, 4));
    battle.findUnit("rifles")->counters["moved"] = 1;
    CHECK(comparePreviewsWithResolutions(ruleset(), battle, {}) > 0);
}

TEST_CASE("a rocket drifts a box beyond, short, left or right along the line of fire [vcc-rocket-drift]", "[vcc][rockets]") {
    const Table table{1200, 800, MeasureUnit::Box, 100};
    // Fired up the table from F8 at F4: beyond is F3, short F5, left E4, right G4.
    CHECK(vcc::driftBox(table, {5, 7}, {5, 3}, 1) == Box{5, 2});
    CHECK(vcc::driftBox(table, {5, 7}, {5, 3}, 2) == Box{5, 4});
    CHECK(vcc::driftBox(table, {5, 7}, {5, 3}, 3) == Box{4, 3});
    CHECK(vcc::driftBox(table, {5, 7}, {5, 3}, 4) == Box{6, 3});
    CHECK_FALSE(vcc::driftBox(table, {5, 7}, {5, 0}, 1).has_value()); // off the table: lost
    Battle battle = emptyBattle("british-heavy-fire");
    addUnit(battle, UnitSpec("tubes", "british", "rockets", {5, 7}).bases(2));
    addUnit(battle, UnitSpec("aimed", "native", "foot", {5, 3}, 180));
    addUnit(battle, UnitSpec("beside", "native", "foot", {6, 3}, 180));
    const Action rocket{.type = "rocket", .unit = "tubes", .box = Box{5, 3}};
    Resolution found;
    // A 4 drifts right: the unit beside is hit, the one aimed at is not.
    REQUIRE(findSeed(
                ruleset(), battle, rocket, [](const Resolution& r) { return traceText(r).find("drifts right") != std::string::npos; },
                found) >= 0);
    const Battle after = applied(battle, found);
    const auto owed = after.session.at("owed");
    REQUIRE(owed.size() == 1);
    CHECK(owed[0].at("unit") == "beside");
    CHECK(owed[0].at("rocket") == true);
    CHECK(rulingShown(found, "vcc-rocket-drift"));
    // The option: a drifting rocket is lost.
    REQUIRE(findSeed(
                ruleset({{"rocket-drift", "lost"}}), battle, rocket,
                [](const Resolution& r) { return traceText(r).find("drifts and is lost") != std::string::npos; }, found) >= 0);
    CHECK(applied(battle, found).session.at("owed").empty());
}

TEST_CASE("a rocket that hits its box makes every unit there check morale at -1 foot, -2 mounted [vcc-rocket-hits]", "[vcc][rockets]") {
    Battle battle = emptyBattle("british-heavy-fire");
    addUnit(battle, UnitSpec("tubes", "british", "rockets", {5, 7}).bases(2));
    addUnit(battle, UnitSpec("foot", "native", "foot", {5, 3}, 180));
    addUnit(battle, UnitSpec("riders", "native", "cavalry", {5, 3}, 180));
    const Action rocket{.type = "rocket", .unit = "tubes", .box = Box{5, 3}};
    const Preview preview = ruleset().preview(battle, rocket);
    REQUIRE(preview.allowed());
    CHECK(preview.odds.front().lines.front().probability == Probability(1, 3));
    Resolution found;
    REQUIRE(findSeed(
                ruleset(), battle, rocket, [](const Resolution& r) { return traceText(r).find("the rocket hits F4") != std::string::npos; },
                found) >= 0);
    Battle after = applied(battle, found);
    CHECK(after.session.at("owed").size() == 2);
    CHECK(after.findUnit("foot")->elements.size() == 4); // no hits of its own
    // The check that follows: -1 for the foot, -2 for the riders.
    CHECK(vcc::moraleTest(data(), after, *after.findUnit("foot"), true).target == 3);
    CHECK(vcc::moraleTest(data(), after, *after.findUnit("riders"), true).target == 2);
    // With rocket-dice on, a hit also rolls a die per rocket gunner.
    REQUIRE(findSeed(
                ruleset({{"rocket-dice", "on"}}), battle, rocket,
                [](const Resolution& r) { return traceText(r).find("rocket hits: 2d6") != std::string::npos; }, found) >= 0);
}
