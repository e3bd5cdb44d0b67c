// MELEES and MORALE: who may charge whom, the chart's dice, extras, half dice, retreats,
// blocked retreats, ties, and the morale throw's modifiers.

#include "ein_test_support.h"

#include <catch2/catch.hpp>

using namespace eintest;

namespace {

ein::MeleeDice diceOf(const Battle& battle, const std::string& unit, const std::string& enemy, bool charged) {
    return ein::meleeDice(ein::builtInData(), defaultOptions(), battle, *battle.findUnit(unit), *battle.findUnit(enemy), charged);
}

std::string whyNot(const Battle& battle, const std::string& charger, const std::string& target) {
    return ein::whyNoCharge(ein::builtInData(), defaultOptions(), battle, *battle.findUnit(charger), *battle.findUnit(target));
}

/// Two units in contact, "att" of side a having charged "def" of side b in the front, in
/// the melee phase.
Battle inMelee(const std::string& attType, const std::string& defType, const std::string& defFormation = "") {
    Battle battle = emptyBattle();
    const bool attHorse = attType != "regular-foot" && attType != "light-foot";
    const bool defDeep = defType == "heavy-horse" || defType == "light-horse" || defType == "lancers" || defFormation == "column";
    addUnit(battle, UnitSpec("def", "b", defType, 90, 40, 180).in(defFormation));
    const double defHalf = defDeep ? 2 : 1;
    const double attHalf = attHorse ? 2 : 1;
    addUnit(battle, UnitSpec("att", "a", attType, 90, 40 + defHalf + attHalf));
    battle.phase = "melee";
    battle.session["melees"] = nlohmann::json::array({nlohmann::json::array({"att", "def"})});
    battle.session["startingUnits"] = {{"a", 9}, {"b", 9}};
    return battle;
}

const Action fight{"melee", "att", "def", {}, {}, {}};

} // namespace

TEST_CASE("who may charge whom: foot not horse, artillery and light infantry never, guns covered by foot are safe", "[ein][melee]") {
    Battle battle = emptyBattle();
    addUnit(battle, UnitSpec("foot", "a", "regular-foot", 60, 60));
    addUnit(battle, UnitSpec("light", "a", "light-foot", 90, 60));
    addUnit(battle, UnitSpec("gun", "a", "artillery", 120, 60).in("unlimbered"));
    addUnit(battle, UnitSpec("horse", "b", "heavy-horse", 60, 52, 180));
    addUnit(battle, UnitSpec("enemy-foot", "b", "regular-foot", 90, 54, 180));
    CHECK(whyNot(battle, "foot", "horse") == "foot may not charge horse");
    CHECK(whyNot(battle, "light", "enemy-foot") == "artillery and light infantry never charge");
    CHECK(whyNot(battle, "gun", "enemy-foot") == "artillery and light infantry never charge");
    CHECK(whyNot(battle, "horse", "foot").empty());
    // A gun with close-order foot within 4cm may not be charged.
    Battle guns = emptyBattle();
    addUnit(guns, UnitSpec("battery", "b", "artillery", 90, 40, 180).in("unlimbered"));
    addUnit(guns, UnitSpec("guard", "b", "regular-foot", 96, 40, 180));
    addUnit(guns, UnitSpec("hussars", "a", "light-horse", 90, 48));
    CHECK(whyNot(guns, "hussars", "battery").find("within 4cm") != std::string::npos);
    guns.findUnit("guard")->elements.clear();
    CHECK(whyNot(guns, "hussars", "battery").empty());
}

TEST_CASE("ein-charge-contact: the charger meets the face square, wheeling no more than 45 degrees, one unit a face", "[ein][melee]") {
    Battle battle = emptyBattle();
    addUnit(battle, UnitSpec("horse", "a", "heavy-horse", 90, 60));
    addUnit(battle, UnitSpec("foot", "b", "regular-foot", 93, 52, 180));
    auto rules = ruleset();
    DiceStream dice(1);
    Resolution charged;
    REQUIRE(findSeed(
                rules, battle, Action{"charge", "horse", "foot", {}, {}, {}},
                [](const Resolution& r) { return traceText(r).find("charges into") != std::string::npos; }, charged) >= 0);
    CHECK(rulingShown(charged, "ein-charge-contact"));
    const Battle after = applied(battle, charged);
    CHECK(inContact(*after.findUnit("horse"), *after.findUnit("foot")));
    CHECK(after.findUnit("horse")->elements.front().facing == Approx(0).margin(1e-6));
    CHECK(after.findUnit("horse")->centre().x() == Approx(mm(93)));
    CHECK(after.session["melees"].size() == 1);
    // A second unit may not take the same face.
    Battle second = after;
    addUnit(second, UnitSpec("more", "a", "heavy-horse", 93, 66));
    CHECK(whyNot(second, "more", "foot").empty());
    CHECK(ein::planCharge(ein::builtInData(), defaultOptions(), second, *second.findUnit("more"), *second.findUnit("foot"))
              .refusal.find("each face") != std::string::npos);
    // A charge wheeling more than 45 degrees is refused.
    Battle oblique = emptyBattle();
    addUnit(oblique, UnitSpec("horse", "a", "heavy-horse", 90, 60));
    addUnit(oblique, UnitSpec("foot", "b", "regular-foot", 96, 52, 90));
    CHECK(ein::planCharge(ein::builtInData(), defaultOptions(), oblique, *oblique.findUnit("horse"), *oblique.findUnit("foot"))
              .refusal.find("45 degrees") != std::string::npos);
}

TEST_CASE("the melee chart's dice per 25 per cent, with the * and ^ columns", "[ein][melee]") {
    // Heavy cavalry against close-order foot in firing order, frontally: 1; against a column: 3.
    Battle line = inMelee("heavy-horse", "regular-foot");
    CHECK(diceOf(line, "att", "def", false).perQuarter == 1);
    CHECK(diceOf(line, "att", "def", false).dice == 4);
    Battle column = inMelee("heavy-horse", "regular-foot", "column");
    CHECK(diceOf(column, "att", "def", false).perQuarter == 3);
    // Lancers against foot in firing order: 1.5 a quarter; at 75 per cent, 4 and a half dice.
    Battle lancers = inMelee("lancers", "regular-foot");
    CHECK(diceOf(lancers, "att", "def", false).dice == 6);
    lancers.findUnit("att")->counters["quarters"] = 3;
    CHECK(diceOf(lancers, "att", "def", false).dice == 4.5);
    // The half die is a 50:50 chance of a whole one: 4 dice or 5 at 3/6 each.
    const Distribution hits = ein::meleeHits(diceOf(lancers, "att", "def", false));
    CHECK(hits.highest() == 5);
    CHECK(hits.probability(5) == Probability(1, 2) * Probability(1, 32));
    // Foot roll 1 a quarter against anything.
    CHECK(diceOf(line, "def", "att", true).perQuarter == 1);
    // Other light cavalry against light infantry: 3.
    Battle skirmish = inMelee("light-horse", "light-foot");
    CHECK(diceOf(skirmish, "att", "def", false).perQuarter == 3);
}

TEST_CASE("artillery and light infantry inflict nothing in melee, unless light infantry are in woods or a town", "[ein][melee]") {
    Battle battle = inMelee("light-horse", "light-foot");
    CHECK(diceOf(battle, "def", "att", true).inflictsNothing);
    battle.areas.push_back(area(AreaType::Woods, 80, 35, 100, 41));
    const ein::MeleeDice wooded = diceOf(battle, "def", "att", true);
    CHECK_FALSE(wooded.inflictsNothing);
    CHECK(wooded.rowLabel == "Close Order Inf");
    // Guns are eliminated outright.
    Battle guns = inMelee("heavy-horse", "artillery");
    DiceStream stream(3);
    const Resolution overrun = ruleset().resolve(guns, fight, stream);
    REQUIRE(overrun.refusal.empty());
    CHECK(applied(guns, overrun).findUnit("def")->eliminated());
    CHECK(traceText(overrun).find("automatically eliminated") != std::string::npos);
}

TEST_CASE("ein-melee: extra dice for flank or rear, higher ground, a defended town or river bank", "[ein][melee]") {
    Battle battle = inMelee("heavy-horse", "regular-foot");
    const ein::MeleeDice front = diceOf(battle, "att", "def", false);
    CHECK(front.perQuarter == 1);
    // Into the rear: the foot are "all other" (^) and the attacker adds a die a quarter.
    Battle rear = inMelee("heavy-horse", "regular-foot");
    for (Element& element : rear.findUnit("def")->elements) {
        element.facing = 0;
    }
    CHECK(diceOf(rear, "att", "def", false).perQuarter == 3 + 1);
    // Higher ground.
    battle.areas.push_back(area(AreaType::Hill, 80, 41, 100, 50, 1));
    CHECK(diceOf(battle, "att", "def", false).perQuarter == 2);
    // The defender in a built-up area.
    Battle town = inMelee("heavy-horse", "regular-foot");
    town.areas.push_back(area(AreaType::BuiltUp, 80, 35, 100, 41));
    const ein::MeleeDice defending = diceOf(town, "def", "att", true);
    CHECK(defending.perQuarter == 2);
    CHECK(defending.saveScore == 0);
    CHECK(diceOf(town, "att", "def", false).saveScore == 4); // cover saves in melee
    DiceStream stream(4);
    CHECK(rulingShown(ruleset().resolve(battle, fight, stream), "ein-melee"));
}

TEST_CASE("ein-retreat: the loser tests morale and retreats a full move with its back to the enemy", "[ein][melee]") {
    Battle battle = inMelee("heavy-horse", "heavy-horse");
    auto rules = ruleset();
    Resolution lost;
    REQUIRE(findSeed(
                rules, battle, fight,
                [](const Resolution& r) {
                    const std::string text = traceText(r);
                    return text.find("def loses the melee") != std::string::npos && text.find("def retreats") != std::string::npos;
                },
                lost) >= 0);
    CHECK(rulingShown(lost, "ein-retreat"));
    CHECK(traceText(lost).find("morale: def (lost a melee)") != std::string::npos);
    const Battle after = applied(battle, lost);
    const Unit& def = *after.findUnit("def");
    CHECK(def.elements.front().facing == Approx(0).margin(1e-6)); // facing away from the enemy, up the table
    CHECK(def.centre().y() < mm(40) - mm(7));                     // at least three quarters of 10cm away
    CHECK(after.session["melees"].empty());
    // A tie fights again next turn.
    Resolution tie;
    REQUIRE(findSeed(
                rules, battle, fight, [](const Resolution& r) { return traceText(r).find("a tie") != std::string::npos; }, tie) >= 0);
    CHECK(applied(battle, tie).session["melees"].size() == 1);
}

TEST_CASE("ein-retreat-blocked: a retreat into a unit that is not light infantry or artillery eliminates the loser", "[ein][melee]") {
    Battle battle = inMelee("heavy-horse", "regular-foot");
    addUnit(battle, UnitSpec("friend", "b", "regular-foot", 90, 33, 180));
    auto rules = ruleset();
    Resolution blocked;
    REQUIRE(findSeed(
                rules, battle, fight,
                [](const Resolution& r) {
                    return traceText(r).find("def loses the melee") != std::string::npos &&
                           traceText(r).find("cannot retreat") != std::string::npos;
                },
                blocked) >= 0);
    CHECK(rulingShown(blocked, "ein-retreat-blocked"));
    const Battle after = applied(battle, blocked);
    CHECK(after.findUnit("def")->eliminated());
    // The friend it ran into tests.
    CHECK(traceText(blocked).find("morale: friend (retreated into by def)") != std::string::npos);
    // Light infantry do not obstruct.
    battle.findUnit("friend")->type = "light-foot";
    battle.findUnit("friend")->formation = "loose";
    Resolution through;
    REQUIRE(findSeed(
                rules, battle, fight, [](const Resolution& r) { return traceText(r).find("def retreats") != std::string::npos; },
                through) >= 0);
    // Cavalry retreated into by infantry do not test.
    Battle horseBehind = inMelee("heavy-horse", "regular-foot");
    addUnit(horseBehind, UnitSpec("horse", "b", "heavy-horse", 90, 34, 180));
    Resolution intoHorse;
    REQUIRE(findSeed(
                rules, horseBehind, fight, [](const Resolution& r) { return traceText(r).find("cannot retreat") != std::string::npos; },
                intoHorse) >= 0);
    CHECK(traceText(intoHorse).find("morale: horse") == std::string::npos);
}

TEST_CASE("morale scores by class: elite 3-6, regular 4-6, poor 5-6, the general adds 1 and dies with his unit", "[ein][morale]") {
    Battle battle = emptyBattle();
    addUnit(battle, UnitSpec("elite", "a", "regular-foot", 30, 60).as("elite"));
    addUnit(battle, UnitSpec("regular", "a", "regular-foot", 90, 60));
    addUnit(battle, UnitSpec("poor", "a", "regular-foot", 150, 60).as("poor"));
    const auto& data = ein::builtInData();
    CHECK(ein::moraleCheck(data, battle, *battle.findUnit("elite"), {}).score == 3);
    CHECK(ein::moraleCheck(data, battle, *battle.findUnit("regular"), {}).score == 4);
    CHECK(ein::moraleCheck(data, battle, *battle.findUnit("poor"), {}).score == 5);
    CHECK(ein::passChance(ein::moraleCheck(data, battle, *battle.findUnit("regular"), {})) == Probability(1, 2));
    addUnit(battle, UnitSpec("general", "a", "general", 90, 63));
    battle.findUnit("general")->attachedTo = "regular";
    const ein::MoraleCheck withGeneral = ein::moraleCheck(data, battle, *battle.findUnit("regular"), {});
    CHECK(withGeneral.modifier == 1);
    CHECK(ein::passChance(withGeneral) == Probability(2, 3));
    // He is lost with the unit.
    auto rules = ruleset();
    ein::Step step(data, defaultOptions(), battle, nullptr);
    ein::applyHits(step, "regular", 4, "fire");
    CHECK(step.battle.findUnit("general")->eliminated());
}

TEST_CASE("ein-rear-support: a friend directly behind within two turns' move adds 1, to one unit only", "[ein][morale]") {
    Battle battle = emptyBattle();
    addUnit(battle, UnitSpec("front", "a", "regular-foot", 90, 50));
    addUnit(battle, UnitSpec("beside", "a", "regular-foot", 100, 50));
    addUnit(battle, UnitSpec("second-line", "a", "regular-foot", 90, 60));
    const auto& data = ein::builtInData();
    const ein::MoraleCheck supported = ein::moraleCheck(data, battle, *battle.findUnit("front"), {});
    CHECK(supported.supporter == "second-line");
    CHECK(supported.modifier == 1);
    // Each supporter gives support to one unit only.
    CHECK(ein::moraleCheck(data, battle, *battle.findUnit("front"), {"second-line"}).modifier == 0);
    // Too far: more than two turns' move (2 x 6cm) away.
    battle.findUnit("second-line")->elements[0].centre = Point(mm(70), mm(64.5));
    battle.findUnit("second-line")->elements[1].centre = Point(mm(74), mm(64.5));
    CHECK(ein::moraleCheck(data, battle, *battle.findUnit("front"), {}).modifier == 0);
    // Light infantry and artillery cannot support.
    Battle light = emptyBattle();
    addUnit(light, UnitSpec("front", "a", "regular-foot", 90, 50));
    addUnit(light, UnitSpec("skirmishers", "a", "light-foot", 90, 56));
    CHECK(ein::moraleCheck(data, light, *light.findUnit("front"), {}).supporter.empty());
    // Shown in the trace of a test.
    Battle fired = emptyBattle();
    fired.findSide("a");
    addUnit(fired, UnitSpec("front", "a", "regular-foot", 90, 50));
    addUnit(fired, UnitSpec("second-line", "a", "regular-foot", 90, 60));
    ein::Step step(data, defaultOptions(), fired, nullptr);
    CHECK_THROWS(ein::testMorale(step, {"front"}, "test")); // a preview may not throw dice
    DiceStream stream(9);
    ein::Step rolling(data, defaultOptions(), fired, &stream);
    ein::testMorale(rolling, {"front"}, "test");
    CHECK(rulingShown(rolling.out, "ein-rear-support"));
}

TEST_CASE("in the melee phase the side to play is shown its own unit in each melee, and both may fight it", "[ein][melee]") {
    Battle battle = inMelee("heavy-horse", "regular-foot");
    const auto rules = ruleset();
    for (const std::string side : {"a", "b"}) {
        INFO(side);
        battle.session["toPlay"] = side;
        const GameStatus status = rules.status(battle);
        REQUIRE(status.mayActivate.size() == 1);
        CHECK(battle.findUnit(status.mayActivate.front())->side == side);
        CHECK(status.situation.find("fights each melee") != std::string::npos);
        // Its own unit in the melee offers the fight, with the enemy as the target.
        const std::vector<Offer> offers = rules.offers(battle, status.mayActivate.front());
        REQUIRE(offers.size() == 1);
        CHECK(offers.front().role == OrderRole::Melee);
        CHECK(battle.findUnit(offers.front().targets.at(0))->side != side);
    }
}
