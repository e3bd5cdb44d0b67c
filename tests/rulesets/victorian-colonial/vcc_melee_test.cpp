// Charges and melee (Melee; Melee modifiers:): contact between neighbouring boxes, the
// charge's box, flanks, supporters, lancers, Dervish foot, uphill and cover.

#include "vcc_melee.h"
#include "vcc_morale.h"
#include "vcc_movement.h"
#include "vcc_test_support.h"

#include <catch2/catch.hpp>

using namespace vcctest;

namespace {

Action charge(const std::string& unit, const std::string& target) { return Action{.type = "charge", .unit = unit, .target = target}; }
Action melee(const std::string& unit, const std::string& target) { return Action{.type = "melee", .unit = unit, .target = target}; }

/// British foot in F6 facing up in contact with Native foot in F5 facing down.
Battle inContact() {
    Battle battle = emptyBattle("melee");
    addUnit(battle, UnitSpec("redcoats", "british", "foot", {5, 5}));
    addUnit(battle, UnitSpec("warriors", "native", "foot", {5, 4}, 180).bases(6));
    battle.session["contacts"] = nlohmann::json::array({nlohmann::json::array({"warriors", "redcoats"})});
    battle.session["fought"] = nlohmann::json::array();
    return battle;
}

} // namespace

TEST_CASE("a charge moves next to the enemy, on its flank where it can reach one, and brings on a melee [vcc-melee-contact]",
          "[vcc][melee]") {
    Battle battle = emptyBattle("native-movement", "native");
    addUnit(battle, UnitSpec("redcoats", "british", "foot", {5, 5}));
    addUnit(battle, UnitSpec("riders", "native", "cavalry", {3, 3}, 180));
    const auto rules = ruleset();
    const auto offers = rules.offers(battle, "riders");
    const auto found = std::find_if(offers.begin(), offers.end(), [](const Offer& offer) { return offer.type == "charge"; });
    REQUIRE(found != offers.end());
    CHECK(found->targets == std::vector<std::string>{"redcoats"});
    // From D4 with 2 boxes of move, E6 (beside the redcoats, facing up) is reachable: the flank.
    const Preview preview = rules.preview(battle, charge("riders", "redcoats"));
    REQUIRE(preview.allowed());
    CHECK(factOf(preview, "Charges to") == "E6, on the target's flank or rear");
    CHECK(applies(preview, "charging"));
    CHECK(applies(preview, "vs-flank"));
    const Resolution done = resolveWith(rules, battle, charge("riders", "redcoats"), 1);
    REQUIRE(done.refusal.empty());
    const Battle after = applied(battle, done);
    CHECK(vcc::boxOf(after, *after.findUnit("riders")) == Box{4, 5});
    CHECK(vcc::contactsOf(after, "riders") == std::vector<std::string>{"redcoats"});
    CHECK(rulingShown(done, "vcc-melee-contact"));
    // A unit in contact cannot be charged again, nor move or fire.
    Battle second = after;
    addUnit(second, UnitSpec("more", "native", "cavalry", {7, 3}, 180));
    CHECK(rules.preview(second, charge("more", "redcoats")).refusal.find("already in contact") != std::string::npos);
    CHECK(vcc::whyNoMove(after, *after.findUnit("redcoats")).find("in contact") != std::string::npos);
    // Out of reach: three boxes off with a move of one.
    Battle far = emptyBattle("native-movement", "native");
    addUnit(far, UnitSpec("redcoats", "british", "foot", {5, 6}));
    addUnit(far, UnitSpec("warriors", "native", "foot", {5, 2}, 180));
    CHECK(rules.preview(far, charge("warriors", "redcoats")).refusal == "warriors cannot reach a box next to redcoats this move");
}

TEST_CASE("both sides roll at once, the hits fall on each other, and both owe a morale check in step 8", "[vcc][melee]") {
    const Battle battle = inContact();
    const auto rules = ruleset();
    const auto offers = rules.offers(battle, "redcoats");
    REQUIRE(offers.size() == 1);
    CHECK(offers.front().role == OrderRole::Melee);
    CHECK(rules.offers(battle, "warriors").empty()); // the British player fights it (vcc-steps)
    const Preview preview = rules.preview(battle, melee("redcoats", "warriors"));
    REQUIRE(preview.allowed());
    CHECK(factOf(preview, "Dice") == "redcoats 4 dice");
    CHECK(factOf(preview, "Enemy dice") == "warriors 6 dice");
    const Resolution done = resolveWith(rules, battle, melee("redcoats", "warriors"), 3);
    REQUIRE(done.refusal.empty());
    const std::string trace = traceText(done);
    CHECK(trace.find("melee: redcoats: 4d6") != std::string::npos);
    CHECK(trace.find("melee: warriors: 6d6") != std::string::npos);
    CHECK((trace.find("misses its morale test") != std::string::npos || trace.find("passes its morale test") != std::string::npos));
    // The step is over once every melee is fought: step 8's checks are taken and the turn ends.
    CHECK(applied(battle, done).phase != "melee");
}

TEST_CASE("a unit of the same box not in contact supports at x1/2 with its own modifiers [vcc-support]", "[vcc][melee]") {
    Battle battle = inContact();
    addUnit(battle, UnitSpec("reserve", "british", "foot", {5, 5}).as("elite"));
    const Preview preview = ruleset().preview(battle, melee("redcoats", "warriors"));
    REQUIRE(preview.allowed());
    // (4 + 1 elite) x 1/2 = 2½.
    CHECK(factOf(preview, "Dice") == "redcoats 4 dice + reserve 2½ dice (supporting)");
    const Resolution done = resolveWith(ruleset(), battle, melee("redcoats", "warriors"), 5);
    CHECK(traceText(done).find("melee: reserve: 2d6+1d3") != std::string::npos);
    CHECK(rulingShown(done, "vcc-support"));
    CHECK(comparePreviewsWithResolutions(ruleset(), battle, {}) > 0);
}

TEST_CASE("flanks are 90 degrees or more off the facing — a square has none and is never flanked [vcc-flank]", "[vcc][melee]") {
    const Table table{1200, 800, MeasureUnit::Box, 100};
    CHECK_FALSE(vcc::onFlank(table, {5, 5}, 0, {5, 4})); // straight ahead
    CHECK_FALSE(vcc::onFlank(table, {5, 5}, 0, {6, 4})); // ahead and to the right
    CHECK(vcc::onFlank(table, {5, 5}, 0, {6, 5}));       // beside it
    CHECK(vcc::onFlank(table, {5, 5}, 0, {4, 6}));       // behind
    Battle battle = inContact();
    battle.findUnit("warriors")->elements.front().facing = 90; // the warriors face away along the row
    for (Element& element : battle.findUnit("warriors")->elements) {
        element.facing = 90;
    }
    CHECK(applies(ruleset().preview(battle, melee("redcoats", "warriors")), "vs-flank"));
    CHECK(vcc::flanked(data(), battle, *battle.findUnit("warriors")));
    battle.findUnit("warriors")->formation = "square";
    CHECK_FALSE(applies(ruleset().preview(battle, melee("redcoats", "warriors")), "vs-flank"));
    CHECK_FALSE(vcc::flanked(data(), battle, *battle.findUnit("warriors")));
    CHECK(vcc::snapFacing(optionsWith(), 100) == 90);
    CHECK(vcc::snapFacing(optionsWith(), 30) == 45);
    CHECK(vcc::snapFacing(optionsWith({{"facing", "four"}}), 30) == 0);
}

TEST_CASE("a square charged by lancers: never flanked, +1 to morale, and lancers double against the broken", "[vcc][melee][vcc-square]") {
    Battle battle = emptyBattle("native-movement", "native");
    addUnit(battle, UnitSpec("square", "british", "foot", {5, 5}).in("square"));
    addUnit(battle, UnitSpec("lancers", "native", "cavalry", {5, 3}, 180).with({{"lancers", true}}));
    const auto rules = ruleset();
    const Preview preview = rules.preview(battle, charge("lancers", "square"));
    REQUIRE(preview.allowed());
    CHECK(factOf(preview, "Charges to") == "F5, in front of the target");
    CHECK_FALSE(applies(preview, "vs-flank"));
    CHECK_FALSE(applies(preview, "lancers-vs-broken"));
    CHECK(vcc::moraleTest(data(), battle, *battle.findUnit("square"), false).target == 5);
    battle.findUnit("square")->markers.insert("broken");
    CHECK(applies(rules.preview(battle, charge("lancers", "square")), "lancers-vs-broken"));
    // A square cannot move, and only regular foot may form one.
    Battle moving = emptyBattle("british-movement");
    addUnit(moving, UnitSpec("square", "british", "foot", {5, 5}).in("square"));
    addUnit(moving, UnitSpec("levies", "british", "foot", {3, 5}).as("raw"));
    CHECK(vcc::reach(data(), optionsWith(), moving, *moving.findUnit("square")).empty());
    const auto offered = rules.offers(moving, "levies");
    CHECK(std::none_of(offered.begin(), offered.end(), [](const Offer& offer) { return offer.role == OrderRole::Formation; }));
    const Resolution formed = resolveWith(rules, moving, Action{.type = "formation", .unit = "square", .choice = "line"}, 1);
    REQUIRE(formed.refusal.empty());
    CHECK(applied(moving, formed).findUnit("square")->formation == "line");
}

TEST_CASE("mounted against Dervish foot halve their dice from the front only [vcc-dervish]", "[vcc][melee]") {
    Battle battle = emptyBattle("melee");
    addUnit(battle, UnitSpec("hussars", "british", "cavalry", {5, 5}));
    addUnit(battle, UnitSpec("ansar", "native", "foot", {5, 4}, 180).with({{"dervish", true}, {"weapon", "none"}}));
    battle.session["contacts"] = nlohmann::json::array({nlohmann::json::array({"hussars", "ansar"})});
    CHECK(applies(ruleset().preview(battle, melee("hussars", "ansar")), "mounted-vs-dervish"));
    for (Element& element : battle.findUnit("ansar")->elements) {
        element.facing = 90; // the hussars now come at their flank
    }
    const Preview flank = ruleset().preview(battle, melee("hussars", "ansar"));
    CHECK_FALSE(applies(flank, "mounted-vs-dervish"));
    CHECK(applies(flank, "vs-flank"));
}

TEST_CASE("uphill is a higher contour at the enemy's box [vcc-uphill] — melee cover as fire's", "[vcc][melee]") {
    Battle battle = inContact();
    battle.areas.push_back(boxesOf(AreaType::Hill, 5, 4, 5, 4, 1));
    const Preview uphill = ruleset().preview(battle, melee("redcoats", "warriors"));
    CHECK(applies(uphill, "vs-uphill"));
    CHECK(vcc::levelOf(battle, {5, 4}) == 1);
    Battle covered = inContact();
    covered.areas.push_back(boxesOf(AreaType::Woods, 5, 4, 5, 4));
    CHECK(applies(ruleset().preview(covered, melee("redcoats", "warriors")), "vs-soft-cover"));
}

TEST_CASE("wagons neither fire nor charge, and fight with a die a base when attacked [vcc-wagons]", "[vcc][melee]") {
    Battle battle = emptyBattle("british-movement");
    addUnit(battle, UnitSpec("carts", "british", "wagons", {5, 5}).bases(3));
    addUnit(battle, UnitSpec("warriors", "native", "foot", {5, 4}, 180));
    const auto offers = ruleset().offers(battle, "carts");
    CHECK(std::none_of(offers.begin(), offers.end(), [](const Offer& offer) { return offer.type == "charge" || offer.type == "fire"; }));
    CHECK(vcc::meleeDice(*battle.findUnit("carts")) == 3);
}
