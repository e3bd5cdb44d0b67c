// The card to the letter: the § and ‡ footnotes, a range boundary, the rulings revisited
// against the text, and a preview that never differs from the resolution of the same
// order in the modifiers it applies.

#include "ozz_charge.h"
#include "ozz_fire.h"
#include "ozz_geometry.h"
#include "ozz_melee.h"
#include "ozz_movement.h"
#include "ozz_test_support.h"
#include "sandtable/computer_player.h"
#include "sandtable/game.h"
#include "sandtable/ruleset_registry.h"
#include "sandtable/scenario.h"

#include <catch2/catch.hpp>

using namespace ozztest;

namespace {

// A charger of side a 6" in front of a target of side b on open ground.
Battle facing(const std::string& chargerType, const std::string& targetType, double gap = 6, double targetFacing = 180) {
    Battle battle = emptyBattle();
    addUnit(battle, {.id = "charger", .side = "a", .type = chargerType, .x = 36, .y = 30, .facing = 0, .bases = 4});
    const double depth = targetType == "musket-infantry" ? 0.75 : 1.5;
    const double chargerDepth = chargerType == "musket-infantry" ? 0.75 : 1.5;
    addUnit(battle, {.id = "target",
                     .side = "b",
                     .type = targetType,
                     .x = 36,
                     .y = 30 - chargerDepth / 2 - gap - depth / 2,
                     .facing = targetFacing,
                     .bases = 4});
    return battle;
}

bool says(const Resolution& resolution, const std::string& text) { return traceText(resolution).find(text) != std::string::npos; }

/// The first trace step weighing modifier `id` after the outcome line containing `after`.
const trace::Modifier* modifierAfter(const Resolution& resolution, const std::string& after, const std::string& id) {
    bool seen = false;
    for (const TraceStep& step : resolution.trace.steps()) {
        if (const auto* outcome = std::get_if<trace::Outcome>(&step.detail);
            outcome != nullptr && outcome->text.find(after) != std::string::npos) {
            seen = true;
        }
        if (const auto* modifier = std::get_if<trace::Modifier>(&step.detail); seen && modifier != nullptr && modifier->id == id) {
            return modifier;
        }
    }
    return nullptr;
}

} // namespace

TEST_CASE("§ infantry meeting the flank of cavalry does not apply the impetus bonus, cavalry keeps its own", "[ozz][melee][letter]") {
    // The infantry comes at the cavalry's flank: the cavalry faces across it.
    const Battle battle = facing("musket-infantry", "cavalry", 6, 90);
    const Unit& infantry = *battle.findUnit("charger");
    const Unit& cavalry = *battle.findUnit("target");
    REQUIRE(ozz::whyNoCharge(ozz::builtInData(), battle, infantry, cavalry).empty());
    const ozz::MeleePlan foot = ozz::planMelee(ozz::builtInData(), battle, infantry, cavalry, true, true, {});
    CHECK(foot.times.at("impetus") == 0);
    CHECK(foot.times.at("flank") == 1);
    bool explained = false;
    for (const ModifierCheck& check : foot.checks) {
        explained = explained || (check.id == "impetus" && check.reason.find("§") != std::string::npos);
    }
    CHECK(explained);
    // Cavalry charging infantry keeps the +2, and infantry charging infantry too.
    const Battle horse = facing("cavalry", "musket-infantry");
    CHECK(ozz::planMelee(ozz::builtInData(), horse, *horse.findUnit("charger"), *horse.findUnit("target"), true, true, {})
              .times.at("impetus") == 1);
    const Battle foot2 = facing("musket-infantry", "musket-infantry");
    CHECK(ozz::planMelee(ozz::builtInData(), foot2, *foot2.findUnit("charger"), *foot2.findUnit("target"), true, true, {})
              .times.at("impetus") == 1);
    // And the preview of the charge says the same as its plan.
    const ozz::OzzRuleset ruleset(defaultOptions());
    const Preview preview = ruleset.preview(battle, {"charge", "charger", "target", {}, {}, {}});
    for (const ModifierCheck& check : preview.modifiers) {
        if (check.id == "impetus") {
            CHECK(check.times == 0);
        }
    }
}

TEST_CASE("§ a unit told to charge toward the nearest enemy may not meet the front of cavalry in good order", "[ozz][charge][letter]") {
    const Battle battle = facing("musket-infantry", "cavalry");
    CHECK_FALSE(ozz::infantryContactRefusal(*battle.findUnit("charger"), *battle.findUnit("target")).empty());
    Battle disordered = battle;
    disordered.findUnit("target")->markers.insert("disordered");
    CHECK(ozz::infantryContactRefusal(*disordered.findUnit("charger"), *disordered.findUnit("target")).empty());
    CHECK(ozz::infantryContactRefusal(*battle.findUnit("target"), *battle.findUnit("charger")).empty()); // cavalry on foot: any face
}

TEST_CASE("‡ a charger fights its melee in good order and is Disordered after it, as the preview says", "[ozz][charge][letter]") {
    const Battle battle = facing("musket-infantry", "musket-infantry");
    const ozz::OzzRuleset ruleset(defaultOptions());
    const Action charge{"charge", "charger", "target", {}, {}, {}};
    Resolution found;
    REQUIRE(findSeed(
                ruleset, battle, charge, [](const Resolution& r) { return says(r, "Melee, round 1"); }, found) >= 0);
    const trace::Modifier* disordered = modifierAfter(found, "Melee, round 1", "disordered");
    REQUIRE(disordered != nullptr);
    CHECK(disordered->times == 0); // the charger's own line comes first
    const Battle after = applied(battle, found);
    if (!after.findUnit("charger")->eliminated()) {
        CHECK(after.findUnit("charger")->markers.count("disordered") == 1);
    }
    // A counter charge: the counter-charger fights in good order too.
    REQUIRE(findSeed(
                ruleset, battle, charge, [](const Resolution& r) { return says(r, "target counter charges") && says(r, "Melee, round 1"); },
                found) >= 0);
    bool seenRound = false;
    int disorderedLines = 0;
    for (const TraceStep& step : found.trace.steps()) {
        if (const auto* outcome = std::get_if<trace::Outcome>(&step.detail);
            outcome != nullptr && outcome->text.find("Melee, round 2") != std::string::npos) {
            break;
        }
        if (const auto* outcome = std::get_if<trace::Outcome>(&step.detail);
            outcome != nullptr && outcome->text.find("Melee, round 1") != std::string::npos) {
            seenRound = true;
        }
        if (const auto* modifier = std::get_if<trace::Modifier>(&step.detail);
            seenRound && modifier != nullptr && modifier->id == "disordered") {
            disorderedLines += modifier->times;
        }
    }
    CHECK(seenRound);
    CHECK(disorderedLines == 0);
    // A charge that falls short still leaves the charger Disordered.
    const Battle far = facing("musket-infantry", "musket-infantry", 20);
    REQUIRE(findSeed(
                ruleset, far, charge, [](const Resolution& r) { return says(r, "does not reach"); }, found) >= 0);
    CHECK(applied(far, found).findUnit("charger")->markers.count("disordered") == 1);
}

TEST_CASE("a target exactly on a range boundary is in the nearer band, with one tolerance", "[ozz][fire][letter]") {
    for (const double gap : {7.0, 14.0}) {
        Battle battle = emptyBattle();
        addUnit(battle, {.id = "firer", .side = "a", .x = 36, .y = 30, .facing = 0});
        addUnit(battle, {.id = "target", .side = "b", .x = 36, .y = 30 - 0.75 - gap, .facing = 180});
        INFO(gap << "\" away, measured " << ozz::gapInches(battle, *battle.findUnit("firer"), *battle.findUnit("target")));
        const auto plan = ozz::planFire(ozz::builtInData(), battle, *battle.findUnit("firer"), *battle.findUnit("target"), {});
        CHECK(plan.refusal.empty());
        REQUIRE(plan.band != nullptr);
        CHECK(plan.band->id == (gap == 7.0 ? "short" : "long"));
    }
}

TEST_CASE("ozz-artillery-dashes: Disordered guns move at their full allowance, the option forbids it",
          "[ozz][movement][ozz-artillery-dashes]") {
    Battle battle = emptyBattle();
    addUnit(battle, {.id = "guns", .side = "a", .type = "light-artillery", .bases = 1, .formation = "limbered"});
    battle.findUnit("guns")->markers.insert("disordered");
    const ozz::AllowancePlan plan = ozz::allowancePlan(ozz::builtInData(), *battle.findUnit("guns"), ozz::MoveKind::Normal);
    CHECK(plan.refusal.empty());
    for (const auto& [id, times] : plan.times) {
        CHECK(times == 0); // no halving: the row has no Arty entry
    }
    battle.session["artilleryDashes"] = "no-modifier";
    CHECK(ozz::gunsMayNotMoveDisordered(battle, *battle.findUnit("guns")).empty());
    battle.session["artilleryDashes"] = "not-allowed";
    CHECK_FALSE(ozz::gunsMayNotMoveDisordered(battle, *battle.findUnit("guns")).empty());
    // Through the game: started with each option, a Disordered limbered battery may or may not roll its move.
    for (const char* choice : {"no-modifier", "not-allowed"}) {
        RulesetOptions options = defaultOptions();
        options["artillery-dashes"] = choice;
        const ozz::OzzRuleset ruleset(options);
        Battle started = battle;
        started.session["artilleryDashes"] = choice;
        const Preview preview = ruleset.preview(started, {"roll-movement", "guns", "", {}, {}, {}});
        INFO(choice << ": " << preview.refusal);
        CHECK(preview.allowed() == (std::string(choice) == "no-modifier"));
    }
}

TEST_CASE("ozz-points: the brigade commander is free, the shipped brigades are 26 and 24 points", "[ozz][session][ozz-points]") {
    CHECK(ozz::builtInData().unitType("brigade-commander")->points == 0);
    auto loaded = loadScenario(scenariosDir() / "ozz-winkie-border.json");
    REQUIRE(loaded);
    std::map<std::string, int> points;
    for (const Unit& unit : loaded->battle.units) {
        points[unit.side] += ozz::builtInData().unitType(unit.type)->points;
    }
    CHECK(points["winkies"] == 26);
    CHECK(points["quadlings"] == 24);
}

TEST_CASE("ozz-activation: the brigade commander's own die is in his pool", "[ozz][session][ozz-activation]") {
    auto loaded = loadScenario(scenariosDir() / "ozz-winkie-border.json");
    REQUIRE(loaded);
    auto ruleset = findRuleset("wars-of-ozz")->create(nlohmann::json::object());
    REQUIRE(ruleset);
    auto game = Game::start(*loaded, std::move(ruleset).value(), 5);
    REQUIRE(game);
    const Battle& battle = (*game)->battle();
    for (const char* id : {"w-commander", "q-commander"}) {
        const Unit& commander = *battle.findUnit(id);
        CHECK(commander.counters.at("in-command") == 1);
        int pooled = 0;
        for (const Unit& unit : battle.units) {
            pooled += unit.side == commander.side && unit.counters.count("in-command") != 0 && unit.counters.at("in-command") > 0 ? 1 : 0;
        }
        CHECK(battle.session["pool"][commander.side].size() == static_cast<std::size_t>(pooled));
    }
}

TEST_CASE("ozz-reactions-end: reaction fire calls for its target's test one step deep, the option calls for none",
          "[ozz][fire][ozz-reactions-end]") {
    Battle battle = emptyBattle();
    addUnit(battle, {.id = "firer", .side = "a", .x = 36, .y = 30, .facing = 0, .marksmanship = 5});
    addUnit(battle, {.id = "target", .side = "b", .x = 36, .y = 30 - 0.75 - 5, .facing = 180});
    const Action fire{"fire", "firer", "target", {}, {}, {}};
    const ozz::OzzRuleset oneStep(defaultOptions());
    Resolution found;
    REQUIRE(findSeed(
                oneStep, battle, fire, [](const Resolution& r) { return says(r, "target fires at firer"); }, found) >= 0);
    // The firer, hit by reaction fire, tests; whatever it does, nothing after calls for a third test.
    if (says(found, "target fires at firer (") && !applied(battle, found).findUnit("firer")->eliminated()) {
        CHECK(says(found, "firer: Test of Resolve"));
    }
    CHECK(rulingShown(found, "ozz-reactions-end"));
    int tests = 0;
    for (const std::string& line : toText(found.trace)) {
        // A test thrown ("firer: Test of Resolve (Resolve 6): 1d10 = 9"), not a ruling that names one.
        tests += line.find(": Test of Resolve (") != std::string::npos && line.find("1d10 =") != std::string::npos ? 1 : 0;
    }
    CHECK(tests <= 2);
    RulesetOptions bare = defaultOptions();
    bare["reaction-tests"] = "none";
    const ozz::OzzRuleset none(bare);
    REQUIRE(findSeed(
                none, battle, fire, [](const Resolution& r) { return says(r, "target fires at firer"); }, found) >= 0);
    CHECK_FALSE(says(found, "firer: Test of Resolve"));
}

TEST_CASE("ozz-reactions-end: a reaction charge goes through the charge sequence", "[ozz][fire][ozz-reactions-end]") {
    Battle battle = emptyBattle();
    addUnit(battle, {.id = "firer", .side = "a", .x = 36, .y = 30, .facing = 0, .marksmanship = 5});
    // A unit with a high Resolve charges "toward nearest enemy" on a low roll.
    addUnit(battle, {.id = "target", .side = "b", .x = 36, .y = 30 - 0.75 - 5, .facing = 180, .resolve = 10});
    const ozz::OzzRuleset ruleset(defaultOptions());
    Resolution found;
    REQUIRE(findSeed(
                ruleset, battle, {"fire", "firer", "target", {}, {}, {}},
                [](const Resolution& r) { return says(r, "Charge toward nearest enemy") && says(r, "Tests of Elan"); }, found) >= 0);
    CHECK(rulingShown(found, "ozz-charge-sequence"));
    CHECK(says(found, "firer: Test of Resolve")); // receiving the charge
    // Not the unit's activation: it keeps its own orders for later.
    const Battle after = applied(battle, found);
    CHECK(after.findUnit("target")->counters.count("charged") == 0);
}

TEST_CASE("a preview and the resolution of the same order apply the same modifiers, for every order offered", "[ozz][letter]") {
    auto loaded = loadScenario(scenariosDir() / "ozz-winkie-border.json");
    REQUIRE(loaded);
    const std::set<std::string> rollDependent{"reaction-plus-one", "reaction-minus-one", "close-plus-one", "close-minus-two"};
    int compared = 0;
    for (const char* activation : {"alternate-units", "double-random"}) {
        Scenario scenario = *loaded;
        scenario.rulesetOptions["activation"] = activation;
        auto ruleset = findRuleset("wars-of-ozz")->create(scenario.rulesetOptions);
        REQUIRE(ruleset);
        auto started = Game::start(scenario, std::move(ruleset).value(), 3);
        REQUIRE(started);
        Game& game = **started;
        // The battle at points of a computer game, both sides played.
        for (int action = 0; action < 160 && !game.status().over; ++action) {
            if (action % 8 == 0) {
                compared += comparePreviewsWithResolutions(game.ruleset(), game.battle(), rollDependent, 2);
            }
            const auto side = computerToDecide(game, {"winkies", "quadlings"});
            REQUIRE(side);
            const auto played = playComputerAction(game, *side, [&](const Action& a) {
                const auto done = game.perform(a);
                return done ? std::string() : done.error();
            });
            REQUIRE(played);
        }
    }
    CHECK(compared > 100);
}
