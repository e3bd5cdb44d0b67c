// Charges and melee (MELEE COMBAT, DETERMINATION OF WINNER OF MELEE, MELEE MODIFIERS TO DIE
// ROLL, Special Rules Concerning Skirmish Order Troops): the declaration and its test, the
// move to 2", the defender's test and fire, the test to close, skirmishers evading, the two
// rounds with their overlaps, the winner and the attacker's retreat.

#include "oibl_charge.h"
#include "oibl_melee.h"
#include "oibl_test_support.h"
#include "sandtable/battle_geometry.h"
#include "sandtable/kit/unit_paths.h"

#include <catch2/catch.hpp>

using namespace oibltest;

namespace {

/// British grenadiers at (12, 10) facing south, Americans `gap` inches in front of them.
Battle facing(double gap, const std::string& americans = "normal-infantry", const std::string& formation = "") {
    Battle battle = emptyBattle();
    addUnit(battle, UnitSpec("grenadiers", "british", "normal-infantry", 12, 10, 180).as("elite"));
    // The grenadiers' front edge is at 10.25"; the Americans' front edge `gap` beyond it.
    UnitSpec rebels("rebels", "american", americans, 12, 10.25 + gap + 0.25, 0);
    if (!formation.empty()) {
        rebels.in(formation);
    }
    addUnit(battle, rebels);
    actingAt(battle, 2, "british", {"grenadiers"});
    return battle;
}

Action charge(const std::string& unit = "grenadiers", const std::string& target = "rebels") {
    return Action{.type = "charge", .unit = unit, .target = target};
}

/// The battle once the charge was declared and passed, ready for step 3.
Battle declared(const Battle& battle, const std::string& unit = "grenadiers", const std::string& target = "rebels") {
    Resolution passed;
    REQUIRE(findSeed(
                ruleset(), battle, charge(unit, target),
                [](const Resolution& r) { return traceText(r).find("it will charge") != std::string::npos; }, passed) >= 0);
    return applied(battle, passed);
}

const Action endStep{.type = "end-step"};

} // namespace

TEST_CASE("a charge may be declared on what the best roll reaches, or the average (option charge-reach)",
          "[oibl][charge][oibl-charge-reach]") {
    // Close order: 1d6+2" and 3" of charge movement, 11" at best, 8.5" on average.
    const Battle near = facing(8);
    CHECK(oibl::whyNoCharge(data(), optionsWith(), near, *near.findUnit("grenadiers"), *near.findUnit("rebels")).empty());
    const Battle middling = facing(10);
    CHECK(oibl::whyNoCharge(data(), optionsWith(), middling, *middling.findUnit("grenadiers"), *middling.findUnit("rebels")).empty());
    CHECK(oibl::whyNoCharge(data(), optionsWith({{"charge-reach", "average-roll"}}), middling, *middling.findUnit("grenadiers"),
                            *middling.findUnit("rebels"))
              .find("average charge move") != std::string::npos);
    const Battle far = facing(11.5);
    CHECK(oibl::whyNoCharge(data(), optionsWith(), far, *far.findUnit("grenadiers"), *far.findUnit("rebels")).find("out of reach") !=
          std::string::npos);
    // The preview gives the chance the roll reaches: 10" of contact needs a 5 or 6.
    const Preview preview = ruleset().preview(middling, charge());
    REQUIRE(preview.allowed());
    CHECK(lineOf(oddsOf(preview, "Reaching rebels"), "reaches") == Probability(1, 3));
    CHECK(previewResolveDifferences(preview, resolveWith(ruleset(), middling, charge(), 1)).empty());
}

TEST_CASE("who may charge: formed infantry, cavalry, Indians, a column only at a defile, not skirmishers or guns",
          "[oibl][charge][oibl-column-charge]") {
    Battle battle = facing(6);
    const auto why = [&](const std::string& unit) {
        return oibl::whyNoCharge(data(), optionsWith(), battle, *battle.findUnit(unit), *battle.findUnit("rebels"));
    };
    addUnit(battle, UnitSpec("column", "british", "normal-infantry", 20, 10, 180).in("column"));
    CHECK(why("column").find("only at a defile") != std::string::npos);
    battle.areas.push_back(rectangleArea(AreaType::BuiltUp, 0, 16, 48, 20, 0, millimetresPerInch)); // a redoubt round the rebels
    CHECK(why("column").find("defile") == std::string::npos);
    addUnit(battle, UnitSpec("lights", "british", "normal-infantry", 4, 10, 180).in("skirmish").with({{"skirmish", true}}).stands(2));
    CHECK(why("lights").find("skirmish order") != std::string::npos);
    addUnit(battle, UnitSpec("warband", "british", "indians", 6, 11, 150).stands(4));
    CHECK(why("warband").find("skirmish") == std::string::npos);
    addUnit(battle, UnitSpec("guns", "british", "artillery", 24, 9, 180).in("unlimbered").stands(2));
    CHECK(why("guns").find("may not charge") != std::string::npos);
    battle.findUnit("grenadiers")->markers.insert("wavering");
    CHECK(why("grenadiers").find("wavering") != std::string::npos);
}

TEST_CASE("the attacker's test as it declares: passing, it charges at step 3, failing by 1, a full move away, by 2, a rout",
          "[oibl][charge][oibl-charge-test-failure]") {
    Battle battle = facing(6);
    battle.findUnit("grenadiers")->quality = "poor";
    const Battle passed = declared(battle);
    CHECK(oibl::counter(*passed.findUnit("grenadiers"), "charging") == 1);
    CHECK(passed.findUnit("grenadiers")->markers.count("panic") == 1); // "attempting a CHARGE"
    CHECK(oibl::declaredCharges(passed).size() == 1);
    Resolution failed;
    REQUIRE(findSeed(
                ruleset(), battle, charge(),
                [](const Resolution& r) { return traceText(r).find("fails its morale test by 1") != std::string::npos; }, failed) >= 0);
    const Battle away = applied(battle, failed);
    const Unit& backed = *away.findUnit("grenadiers");
    CHECK(oibl::counter(backed, "charge-failed") == 1);
    CHECK(backed.centre().y() < battle.findUnit("grenadiers")->centre().y()); // away from the enemy
    CHECK(angleBetween(oibl::commandStand(backed).facing, 180) < 1);          // still facing it
    CHECK(rulingShown(failed, "oibl-charge-test-failure"));
    Resolution routed;
    REQUIRE(findSeed(
                ruleset(), battle, charge(),
                [](const Resolution& r) {
                    return traceText(r).find("fails its morale test by 2") != std::string::npos ||
                           traceText(r).find("fails its morale test by 3") != std::string::npos;
                },
                routed) >= 0);
    CHECK(oibl::routing(*applied(battle, routed).findUnit("grenadiers")));
}

TEST_CASE("at step 3 the charge moves to 2 inches, the defender tests and fires at point blank, then contact",
          "[oibl][charge][oibl-charge-sequence][oibl-defender-fire]") {
    const Battle ready = declared(facing(6));
    Resolution home;
    REQUIRE(findSeed(
                ruleset(), ready, endStep, [](const Resolution& r) { return traceText(r).find("charges home") != std::string::npos; },
                home) >= 0);
    const std::string trace = traceText(home);
    CHECK(trace.find("rebels receives a Panic Marker: The unit is being charged") != std::string::npos);
    CHECK(trace.find("Firing at point blank (2 inch) range (small arms only) (fires at the charging attacker") != std::string::npos);
    CHECK(rulingShown(home, "oibl-charge-sequence"));
    const Battle after = applied(ready, home);
    CHECK(inContact(*after.findUnit("grenadiers"), *after.findUnit("rebels")));
    CHECK(after.session.at("melees").size() == 1);
    CHECK(after.phase == "step-4");
}

TEST_CASE("a defender failing by 1 fires half its figures, rounded down, by 2 it routs and the attacker has won",
          "[oibl][charge][oibl-defender-fire][oibl-defender-routs]") {
    Battle start = facing(6);
    start.findUnit("rebels")->elements.pop_back(); // 5 stands, 15 figures
    start.findUnit("rebels")->counters["starting-figures"] = 15;
    const Battle ready = declared(start);
    Resolution half;
    REQUIRE(findSeed(
                ruleset(), ready, endStep,
                [](const Resolution& r) { return traceText(r).find("rebels fails its morale test by 1") != std::string::npos; },
                half) >= 0);
    CHECK(traceText(half).find("half, rounded down (failed its test by 1 defending a charge): 7") != std::string::npos);
    Resolution won;
    REQUIRE(findSeed(
                ruleset(), ready, endStep,
                [](const Resolution& r) { return traceText(r).find("drives rebels off without a melee") != std::string::npos; }, won) >= 0);
    const Battle after = applied(ready, won);
    CHECK(oibl::routing(*after.findUnit("rebels")));
    CHECK(after.session.at("melees").empty());
    CHECK(rulingShown(won, "oibl-defender-routs"));
}

TEST_CASE("a casualty from the defender's fire calls for the attacker's test to close", "[oibl][charge][oibl-second-test]") {
    Battle start = facing(6);
    start.findUnit("grenadiers")->quality = "poor";
    const Battle ready = declared(start);
    Resolution shaken;
    REQUIRE(findSeed(
                ruleset(), ready, endStep,
                [](const Resolution& r) {
                    const std::string trace = traceText(r);
                    return trace.find("grenadiers receives a Panic Marker") == std::string::npos &&
                           trace.find("The unit takes a casualty during its CHARGE") != std::string::npos &&
                           trace.find("backsteps") != std::string::npos;
                },
                shaken) >= 0);
    CHECK(rulingShown(shaken, "oibl-second-test"));
    CHECK(oibl::counter(*applied(ready, shaken).findUnit("grenadiers"), "charge-failed") == 1);
}

TEST_CASE("a charge that falls short takes a Panic Marker", "[oibl][charge][oibl-charge-sequence]") {
    const Battle ready = declared(facing(10)); // contact costs 10": a 1-4 falls short
    Resolution shortOf;
    REQUIRE(findSeed(
                ruleset(), ready, endStep,
                [](const Resolution& r) { return traceText(r).find("falls short of rebels") != std::string::npos; }, shortOf) >= 0);
    CHECK(applied(ready, shortOf).session.at("melees").empty());
}

TEST_CASE("skirmishers charged: their player chooses to fire and evade or to retreat, the charger goes on", "[oibl][charge][oibl-evade]") {
    Battle start = facing(6, "rifle-armed");
    start.findUnit("grenadiers")->formation = "close";
    const Battle ready = declared(start);
    Resolution asked;
    REQUIRE(findSeed(
                ruleset(), ready, endStep, [](const Resolution& r) { return r.prompt.has_value(); }, asked) >= 0);
    REQUIRE(asked.prompt->side == "american");
    CHECK(asked.prompt->choices.size() == 2);
    const Battle waiting = applied(ready, asked);
    for (const std::string choice : {"fire-and-evade", "full-retreat"}) {
        DiceStream dice(2);
        const Resolution answered = ruleset().answer(waiting, *asked.prompt, answerChoosing(choice), dice);
        REQUIRE(answered.refusal.empty());
        const Battle after = applied(waiting, answered);
        const Unit& riflemen = *after.findUnit("rebels");
        CHECK(riflemen.centre().y() > waiting.findUnit("rebels")->centre().y()); // away from the charge
        CHECK(after.phase != "step-3");                                          // the step went on
        if (choice == std::string("fire-and-evade")) {
            CHECK(traceText(answered).find("half, rounded up (skirmishers firing as they evade)") != std::string::npos);
        }
    }
    // Having fired already this turn, they evade half a retreat move without a choice.
    Battle fired = ready;
    fired.findUnit("rebels")->counters["fired"] = 1;
    Resolution evaded;
    REQUIRE(findSeed(
                ruleset(), fired, endStep,
                [](const Resolution& r) { return traceText(r).find("has fired or moved: it evades") != std::string::npos; }, evaded) >= 0);
    CHECK_FALSE(evaded.prompt);
}

TEST_CASE("skirmishing cavalry evade infantry without a test", "[oibl][charge][oibl-evade]") {
    Battle start = facing(6, "cavalry", "skirmish");
    const Battle ready = declared(start);
    const Resolution evaded = resolveWith(ruleset(), ready, endStep, 3);
    REQUIRE(evaded.refusal.empty());
    CHECK(traceText(evaded).find("evades the infantry") != std::string::npos);
    CHECK(traceText(evaded).find("The unit is being charged") == std::string::npos); // no test to evade
    CHECK(traceText(evaded).find("rebels receives a Panic Marker: The unit is skirmishers evading") != std::string::npos);
}

TEST_CASE("the first round: stands in contact and one of overlap on each flank, none for Poor units or skirmishers, Indians two figures",
          "[oibl][melee][oibl-melee]") {
    // Three British stands against five American: touching front to front.
    Battle battle = emptyBattle();
    addUnit(battle, UnitSpec("grenadiers", "british", "normal-infantry", 12, 10, 180).as("elite"));
    addUnit(battle, UnitSpec("rebels", "american", "normal-infantry", 12, 10.5, 0).stands(10));
    REQUIRE(inContact(*battle.findUnit("grenadiers"), *battle.findUnit("rebels")));
    const auto british = oibl::meleeRolls(data(), battle, {"grenadiers"}, {"rebels"}, true, 1);
    const auto american = oibl::meleeRolls(data(), battle, {"rebels"}, {"grenadiers"}, false, 1);
    REQUIRE(british.size() == 1);
    REQUIRE(american.size() == 1);
    CHECK(british.front().figures == 9);   // three stands in contact, no more in the rank
    CHECK(american.front().figures == 15); // three in contact and one each flank
    battle.findUnit("rebels")->quality = "poor";
    CHECK(oibl::meleeRolls(data(), battle, {"rebels"}, {"grenadiers"}, false, 1).front().figures == 9);
    // The second round: every surviving figure.
    CHECK(oibl::meleeRolls(data(), battle, {"rebels"}, {"grenadiers"}, false, 2).front().figures == 30);
    CHECK(oibl::meleeRolls(data(), battle, {"grenadiers"}, {"rebels"}, true, 2).front().figures == 18);
    // Indians: two figures of overlap on each flank, and the whole warband in the second round.
    Battle warband = emptyBattle();
    addUnit(warband, UnitSpec("braves", "american", "indians", 12, 10.5, 0).stands(9));
    addUnit(warband, UnitSpec("grenadiers", "british", "normal-infantry", 12, 10, 180).stands(1));
    const auto braves = oibl::meleeRolls(data(), warband, {"braves"}, {"grenadiers"}, false, 1).front();
    INFO(braves.figureNotes.front());
    CHECK(braves.figures == 1 + 2 + 2); // the stand touching the one grenadier stand, and two figures each side
    CHECK(oibl::meleeRolls(data(), warband, {"braves"}, {"grenadiers"}, false, 2).front().figures == 9);
}

TEST_CASE("every melee modifier, each where the text says", "[oibl][melee][oibl-quality]") {
    Battle battle = emptyBattle();
    addUnit(battle, UnitSpec("grenadiers", "british", "normal-infantry", 12, 10, 180).as("elite"));
    addUnit(battle, UnitSpec("militia", "american", "militia-infantry", 12, 10.5, 0).as("poor"));
    const auto attack = oibl::meleeRolls(data(), battle, {"grenadiers"}, {"militia"}, true, 1).front();
    CHECK(attack.times.at("higher-quality") == 3); // Elite against Poor: three steps
    CHECK(attack.times.at("bayonets") == 1);       // militia have none
    CHECK(attack.times.count("defending-light-cover") == 0);
    const auto defence = oibl::meleeRolls(data(), battle, {"militia"}, {"grenadiers"}, false, 1).front();
    CHECK(defence.times.count("higher-quality") == 0);
    CHECK(defence.modifier == 0);
    battle.findUnit("grenadiers")->markers.insert("panic");
    battle.areas.push_back(rectangleArea(AreaType::Woods, 0, 10.3, 48, 14, 0, millimetresPerInch));
    const auto covered = oibl::meleeRolls(data(), battle, {"militia"}, {"grenadiers"}, false, 1).front();
    CHECK(covered.times.at("opponent-panic") == 1);
    CHECK(covered.times.at("defending-light-cover") == 1);
    battle.findUnit("militia")->markers.insert("routing");
    CHECK(oibl::meleeRolls(data(), battle, {"militia"}, {"grenadiers"}, false, 1).front().times.at("routing") == 1);
    // Cavalry against foot, and attacking a flank: +2 and +2; the flank attacked, -4.
    Battle flank = emptyBattle();
    addUnit(flank, UnitSpec("dragoons", "british", "cavalry", 12, 10, 90).stands(2));
    addUnit(flank, UnitSpec("rebels", "american", "normal-infantry", 14.8, 10, 0).stands(2));
    const auto horse = oibl::meleeRolls(data(), flank, {"dragoons"}, {"rebels"}, true, 1).front();
    CHECK(horse.times.at("cavalry") == 1);
    CHECK(horse.times.at("attacking-flank-or-rear") == 1);
    CHECK(oibl::meleeRolls(data(), flank, {"rebels"}, {"dragoons"}, false, 1).front().times.at("attacked-in-flank-or-rear") == 1);
    CHECK(oibl::cavalryAgainstInfantry(flank, {"dragoons"}, {"rebels"}));
}

TEST_CASE("the winner: more casualties routs, the other tests if it took any, the attacker that has not won retreats and reforms",
          "[oibl][melee][oibl-melee-winner][oibl-retreat-move][oibl-reforming]") {
    Battle battle = emptyBattle();
    addUnit(battle, UnitSpec("grenadiers", "british", "normal-infantry", 12, 10, 180).as("elite"));
    addUnit(battle, UnitSpec("rebels", "american", "normal-infantry", 12, 10.5, 0));
    const Action melee{.type = "melee", .unit = "grenadiers", .target = "rebels"};
    Resolution attackerLost;
    REQUIRE(findSeed(
                ruleset(), battle, melee,
                [](const Resolution& r) {
                    const std::string trace = traceText(r);
                    const auto at = trace.find("Casualties: attackers ");
                    if (at == std::string::npos) {
                        return false;
                    }
                    int attackers = 0;
                    int defenders = 0;
                    std::sscanf(trace.c_str() + at, "Casualties: attackers %d, defenders %d", &attackers, &defenders);
                    return attackers > defenders;
                },
                attackerLost) >= 0);
    CHECK(oibl::routing(*applied(battle, attackerLost).findUnit("grenadiers")));
    CHECK(rulingShown(attackerLost, "oibl-melee-winner"));
    Resolution heldOff;
    REQUIRE(findSeed(
                ruleset(), battle, melee,
                [](const Resolution& r) { return traceText(r).find("has not routed every defender: it retreats") != std::string::npos; },
                heldOff) >= 0);
    const Battle after = applied(battle, heldOff);
    const Unit& grenadiers = *after.findUnit("grenadiers");
    CHECK(grenadiers.markers.count("reforming") == 1);
    CHECK(grenadiers.formation == "close"); // the same formation, facing the defenders
    CHECK(grenadiers.centre().y() < battle.findUnit("grenadiers")->centre().y());
    CHECK(rulingShown(heldOff, "oibl-retreat-move"));
    // Two rounds unless cavalry meet infantry.
    const std::string trace = traceText(heldOff);
    CHECK(trace.find("melee, round 2") != std::string::npos);
}

TEST_CASE("attackers of one quality on the same defender fight as one", "[oibl][melee][oibl-melee]") {
    Battle battle = emptyBattle();
    addUnit(battle, UnitSpec("grenadiers", "british", "normal-infantry", 10.5, 10, 180).as("elite").stands(4));
    addUnit(battle, UnitSpec("second", "british", "normal-infantry", 14, 10, 180).as("elite").stands(2));
    addUnit(battle, UnitSpec("rebels", "american", "normal-infantry", 12, 14.5, 0).stands(10));
    actingAt(battle, 2, "british", {"grenadiers", "second"});
    Battle ready = declared(battle);
    ready = declared(ready, "second", "rebels");
    Resolution both;
    REQUIRE(findSeed(
                ruleset(), ready, endStep,
                [](const Resolution& r) {
                    return traceText(r).find("second charges home") != std::string::npos &&
                           traceText(r).find("grenadiers charges home") != std::string::npos;
                },
                both) >= 0);
    const Battle after = applied(ready, both);
    REQUIRE(after.session.at("melees").size() == 1);
    CHECK(after.session.at("melees")[0].at("attackers").size() == 2);
    CHECK(inContact(*after.findUnit("second"), *after.findUnit("rebels")));
    // Beside the grenadiers, not on them.
    CHECK(kit::obstruction(after, *after.findUnit("second"), Path{after.findUnit("second")->centre()}, 180, {"rebels"}).empty());
}

TEST_CASE("a melee's figures over 30 roll again as fire's do: a second d10, or the same roll (option excess-roll)",
          "[oibl][melee][oibl-excess-figures]") {
    // Twelve stands of three a side: 36 figures each fight in the 2nd round.
    Battle battle = emptyBattle();
    addUnit(battle, UnitSpec("grenadiers", "british", "normal-infantry", 12, 10, 180).stands(12));
    addUnit(battle, UnitSpec("rebels", "american", "normal-infantry", 12, 10.5, 0).stands(12));
    const Action melee{.type = "melee", .unit = "grenadiers", .target = "rebels"};
    const auto secondRoundRolls = [&](const RulesetOptions& options) {
        const Resolution fought = resolveWith(ruleset(options), battle, melee, 3);
        REQUIRE(fought.refusal.empty());
        int rolls = 0;
        int excess = 0;
        for (const TraceStep& step : fought.trace.steps()) {
            if (const auto* roll = std::get_if<trace::Roll>(&step.detail);
                roll != nullptr && roll->purpose.find("round 2") != std::string::npos) {
                ++rolls;
                excess += roll->purpose.find("the excess over 30") != std::string::npos ? 1 : 0;
            }
        }
        CHECK(rulingShown(fought, "oibl-excess-figures"));
        return std::pair{rolls, excess};
    };
    CHECK(secondRoundRolls({}) == std::pair{4, 2});                             // each side: 30 figures, then the 6 over
    CHECK(secondRoundRolls({{"excess-roll", "same-roll"}}) == std::pair{2, 0}); // each side: one d10 read on both rows
}

TEST_CASE("the melee preview gives each side's roll and its odds", "[oibl][melee]") {
    Battle battle = emptyBattle();
    addUnit(battle, UnitSpec("grenadiers", "british", "normal-infantry", 12, 10, 180).as("elite"));
    addUnit(battle, UnitSpec("rebels", "american", "normal-infantry", 12, 10.5, 0));
    const Preview preview = ruleset().preview(battle, Action{.type = "melee", .unit = "grenadiers", .target = "rebels"});
    REQUIRE(preview.allowed());
    CHECK(factOf(preview, "Rounds") == "two");
    CHECK(oddsOf(preview, "Round 1: casualties grenadiers inflicts (9 figures, d10 +2)").lines.size() > 1);
    CHECK(oddsOf(preview, "Round 1: casualties rebels inflicts").lines.size() > 1);
}
