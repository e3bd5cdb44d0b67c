// Charges and melee: the target's reaction, the charger's closing test, the melee and
// what both sides' Tests of Elan make of it.

#include "ozz_charge.h"
#include "ozz_geometry.h"
#include "ozz_melee.h"
#include "ozz_reactions.h"
#include "ozz_test_support.h"

#include <catch2/catch.hpp>

using namespace ozztest;

namespace {

// A charger of side a 6" in front of a target of side b on open ground.
Battle chargeRange(const std::string& chargerType, const std::string& targetType, double gap = 6) {
    Battle battle = emptyBattle();
    addUnit(battle, {.id = "charger", .side = "a", .type = chargerType, .x = 36, .y = 30, .facing = 0, .bases = 4});
    const double depth = targetType == "musket-infantry" ? 0.75 : 1.5;
    const double chargerDepth = chargerType == "musket-infantry" ? 0.75 : 1.5;
    addUnit(battle, {.id = "target",
                     .side = "b",
                     .type = targetType,
                     .x = 36,
                     .y = 30 - chargerDepth / 2 - gap - depth / 2,
                     .facing = 180,
                     .bases = 4});
    return battle;
}

const Action charge{"charge", "charger", "target", {}, {}, {}};

bool says(const Resolution& resolution, const std::string& text) { return traceText(resolution).find(text) != std::string::npos; }

Resolution withResult(const Battle& battle, const std::string& result, const std::string& also = "") {
    const ozz::OzzRuleset ruleset(defaultOptions());
    Resolution found;
    INFO(result);
    REQUIRE(findSeed(
                ruleset, battle, charge, [&](const Resolution& r) { return says(r, "target: " + result) && says(r, also); }, found) >= 0);
    return found;
}

} // namespace

TEST_CASE("a charge that cannot reach stops short, Disordered", "[ozz][charge][ozz-charge-sequence]") {
    const Battle battle = chargeRange("musket-infantry", "musket-infantry", 20);
    const ozz::OzzRuleset ruleset(defaultOptions());
    Resolution found;
    REQUIRE(findSeed(
                ruleset, battle, charge, [](const Resolution& r) { return says(r, "does not reach"); }, found) >= 0);
    const Battle after = applied(battle, found);
    CHECK(after.findUnit("charger")->markers.count("disordered") == 1);
    CHECK(ozz::gapInches(after, *after.findUnit("charger"), *after.findUnit("target")) > 0.1);
    CHECK(rulingShown(found, "ozz-charge-sequence"));
    CHECK_FALSE(says(found, "Test of Resolve"));
}

TEST_CASE("a charge's preview says in words whether contact can be made, and its chance", "[ozz][charge][ozz-charge-sequence]") {
    const ozz::OzzRuleset ruleset(defaultOptions());
    const auto fact = [](const Preview& preview, const std::string& label) {
        for (const auto& [name, value] : preview.facts) {
            if (name == label) {
                return value;
            }
        }
        return std::string();
    };
    // 40" away: no roll of 2d10kh1+3+3 covers it.
    const Preview far = ruleset.preview(chargeRange("musket-infantry", "musket-infantry", 40), charge);
    CHECK(fact(far, "Contact").find("cannot be made: no roll of the charge move covers") == 0);
    CHECK(fact(far, "Chance of contact").empty());
    // 6" away: every roll reaches; 12" away: some do, the fraction as the odds give it.
    CHECK(fact(ruleset.preview(chargeRange("musket-infantry", "musket-infantry", 6), charge), "Chance of contact") == "1/1 (100%)");
    const Preview middle = ruleset.preview(chargeRange("musket-infantry", "musket-infantry", 12), charge);
    const std::string chance = fact(middle, "Chance of contact");
    REQUIRE_FALSE(chance.empty());
    const Odds& reaching = middle.odds[1];
    REQUIRE(reaching.title.find("Reaching") == 0);
    CHECK(chance.find(toString(reaching.lines[0].probability) + " (") == 0);
}

TEST_CASE("infantry receiving a charge: each reaction carried out", "[ozz][charge][ozz-charge-sequence]") {
    const Battle battle = chargeRange("musket-infantry", "musket-infantry");
    SECTION("counter charge (+1 Melee): both meet, the target fights at +1") {
        const Resolution r = withResult(battle, "\"Give it to 'em!\" counter charge § (+1 Melee)", "Melee, round 1");
        CHECK(says(r, "target counter charges"));
        CHECK(says(r, "[x] Reaction result: +1 Melee +1"));
    }
    SECTION("stand and deliver: the target fires at the charger") {
        const Resolution r = withResult(battle, "\"Stand and deliver!\" (Fire)");
        CHECK(says(r, "target fires at charger"));
    }
    SECTION("steady: no fire") {
        const Resolution r = withResult(battle, "\"Steady, men!\" (no Fire)");
        CHECK_FALSE(says(r, "target fires at charger"));
    }
    // The Modified columns are reached only by shifting right: two bases already lost.
    Battle shaken = battle;
    shaken.findUnit("target")->startingBases = 6;
    SECTION("wavering: 4\" back and Disordered") {
        const Resolution r = withResult(shaken, "\"Wavering...\" Move 4\" backward, Disordered");
        bool movedBack = false;
        for (const Event& event : r.events) {
            if (const auto* moved = std::get_if<event::Moved>(&event); moved != nullptr && moved->unit == "target") {
                movedBack = true;
                CHECK(moved->placements[0].centre.y() == Approx(battle.findUnit("target")->elements[0].centre.y() - mm(4)).margin(0.01));
                break;
            }
        }
        CHECK(movedBack);
    }
    SECTION("rout: the target runs") {
        const Resolution r = withResult(shaken, "Rout");
        const Battle after = applied(shaken, r);
        CHECK(after.findUnit("target")->markers.count("routed") == 1);
    }
}

TEST_CASE("cavalry receiving a charge at the first column is asked: full move away or counter charge", "[ozz][charge][prompt]") {
    const Battle battle = chargeRange("carbine-cavalry", "carbine-cavalry");
    const Resolution r = withResult(battle, "Full move away or Counter charge");
    REQUIRE(r.prompt.has_value());
    CHECK(r.prompt->side == "b");
    REQUIRE(r.prompt->choices.size() == 2);
    CHECK(r.prompt->choices[0].id == "move-away");
    const ozz::OzzRuleset ruleset(defaultOptions());
    const Battle waiting = applied(battle, r);
    DiceStream dice(5);
    const Resolution away = ruleset.answer(waiting, *r.prompt, answerChoosing("move-away"), dice);
    REQUIRE(away.refusal.empty());
    const Battle after = applied(waiting, away);
    CHECK(after.findUnit("target")->centre().y() < waiting.findUnit("target")->centre().y());
    CHECK(ruleset.answer(waiting, *r.prompt, answerChoosing("surrender"), dice).refusal.find("is not an answer") != std::string::npos);
    const Resolution counter = ruleset.answer(waiting, *r.prompt, answerChoosing("counter-charge"), dice);
    CHECK(says(counter, "target counter charges"));
}

TEST_CASE("artillery receiving a charge fires, close-range fire shifts the charger's closing test, not from the flank",
          "[ozz][charge][ozz-shift-directions]") {
    const Battle battle = chargeRange("musket-infantry", "light-artillery", 4);
    const Resolution r = withResult(battle, "\"Stand and deliver!\" Fire and Melee †", "charger: Test of Elan");
    CHECK(says(r, "target fires at charger"));
    CHECK(says(r, "[x] Received close-range artillery fire †"));
    Battle shaken = battle;
    shaken.findUnit("target")->startingBases = 6;
    const Resolution longRange = withResult(shaken, "Fire at long range and Melee (-1) †");
    CHECK(says(longRange, "Long range"));
}

TEST_CASE("§ infantry may not charge the front of cavalry in good order", "[ozz][charge]") {
    Battle battle = chargeRange("musket-infantry", "carbine-cavalry");
    const ozz::OzzRuleset ruleset(defaultOptions());
    DiceStream dice(1);
    CHECK(ruleset.resolve(battle, charge, dice).refusal.find("§") != std::string::npos);
    battle.findUnit("target")->markers.insert("disordered");
    CHECK(ruleset.resolve(battle, charge, dice).refusal.empty());
}

TEST_CASE("impetus needs the last 4\" open, level and straight", "[ozz][charge][ozz-impetus]") {
    Battle battle = chargeRange("carbine-cavalry", "musket-infantry", 8);
    const auto& data = ozz::builtInData();
    CHECK(ozz::planApproach(data, battle, *battle.findUnit("charger"), *battle.findUnit("target"), 0).impetus);
    Battle rough = battle;
    rough.areas.push_back(square(AreaType::Rough, 30, 22, 42, 25));
    CHECK_FALSE(ozz::planApproach(data, rough, *rough.findUnit("charger"), *rough.findUnit("target"), 0).impetus);
    Battle farRough = battle;
    farRough.areas.push_back(square(AreaType::Rough, 30, 27, 42, 28.5));
    CHECK(ozz::planApproach(data, farRough, *farRough.findUnit("charger"), *farRough.findUnit("target"), 0).impetus);
    Battle close = chargeRange("carbine-cavalry", "musket-infantry", 3);
    CHECK_FALSE(ozz::planApproach(data, close, *close.findUnit("charger"), *close.findUnit("target"), 0).impetus);
}

TEST_CASE("melee modifiers: impetus, flank, rear, uphill, disordered, a defended obstacle", "[ozz][melee][ozz-defended-obstacle]") {
    const auto& data = ozz::builtInData();
    Battle battle = chargeRange("carbine-cavalry", "musket-infantry", 0);
    const Unit& charger = *battle.findUnit("charger");
    const Unit& target = *battle.findUnit("target");
    auto plan = ozz::planMelee(data, battle, charger, target, true, true, {});
    CHECK(plan.times.at("impetus") == 1);
    CHECK(plan.number == 7);
    CHECK(plan.doubles);
    CHECK(ozz::planMelee(data, battle, target, charger, false, false, {}).number == 5);
    battle.lines.push_back(straightLine(LineType::Hedge, 20, 28.9, 52, 28.9));
    plan = ozz::planMelee(data, battle, *battle.findUnit("charger"), *battle.findUnit("target"), true, false, {});
    CHECK(plan.times.at("defending-obstacle") == 1);
    CHECK(ozz::planMelee(data, battle, *battle.findUnit("target"), *battle.findUnit("charger"), false, false, {})
              .times.at("defending-obstacle") == 0);
    battle.areas.push_back(square(AreaType::Hill, 20, 10, 52, 29.0, 1));
    plan = ozz::planMelee(data, battle, *battle.findUnit("charger"), *battle.findUnit("target"), true, false, {});
    CHECK(plan.times.at("uphill") == 1);
    battle.findUnit("charger")->markers.insert("disordered");
    plan = ozz::planMelee(data, battle, *battle.findUnit("charger"), *battle.findUnit("target"), true, false, {});
    CHECK(plan.number == 5 - 2 - 1 - 1);
    // A target side-on to the charger, then with its back to it.
    Battle flank = emptyBattle();
    addUnit(flank, {.id = "charger", .side = "a", .type = "carbine-cavalry", .x = 36, .y = 30, .facing = 0, .bases = 4});
    addUnit(flank, {.id = "target", .side = "b", .x = 36, .y = 25, .facing = 90, .bases = 4});
    CHECK(ozz::planMelee(data, flank, *flank.findUnit("charger"), *flank.findUnit("target"), true, false, {}).times.at("flank") == 1);
    Battle rear = emptyBattle();
    addUnit(rear, {.id = "charger", .side = "a", .type = "carbine-cavalry", .x = 36, .y = 30, .facing = 0, .bases = 4});
    addUnit(rear, {.id = "target", .side = "b", .x = 36, .y = 28.875, .facing = 0, .bases = 4});
    CHECK(ozz::planMelee(data, rear, *rear.findUnit("charger"), *rear.findUnit("target"), true, false, {}).times.at("rear") == 1);
}

TEST_CASE("a melee fights at most three rounds in one action, both sides Disordered after", "[ozz][melee][ozz-melee-rounds]") {
    Battle battle = chargeRange("musket-infantry", "musket-infantry", 0);
    for (int seed = 0; seed < 200; ++seed) {
        DiceStream dice(static_cast<std::uint64_t>(seed));
        ozz::Step step(ozz::builtInData(), defaultOptions(), battle, &dice);
        ozz::fightMelee(step, "charger", "target", {});
        const std::string text = traceText(step.out);
        CHECK(text.find("Melee, round 4") == std::string::npos);
        CHECK(rulingShown(step.out, "ozz-melee-rounds"));
        for (const char* id : {"charger", "target"}) {
            const Unit& unit = *step.battle.findUnit(id);
            if (!unit.eliminated()) {
                CHECK(unit.markers.count("disordered") == 1);
            }
        }
    }
}

TEST_CASE("cavalry with impetus doubles its casualties on infantry", "[ozz][melee]") {
    Battle battle = chargeRange("carbine-cavalry", "musket-infantry", 0);
    battle.findUnit("target")->elements.resize(4);
    DiceStream dice(9);
    ozz::Step step(ozz::builtInData(), defaultOptions(), battle, &dice);
    ozz::fightMelee(step, "charger", "target", ozz::MeleeStart{true, {}, {}, false});
    CHECK(traceText(step.out).find("double casualties") != std::string::npos);
}
