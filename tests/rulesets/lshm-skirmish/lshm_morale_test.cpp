// Morale (4. MORAL PHASE and the MORAL CHART): major morale once the Commander-in-Chief is
// lost, critical morale below half strength or when shaken figures are hit, the shaken
// rallying, the pinned, and routers running for the edge.

#include "lshm_morale.h"
#include "lshm_test_support.h"

#include <catch2/catch.hpp>

using namespace lshmtest;

namespace {

template <class Wanted> int seedFor(const Battle& battle, Wanted wanted, Resolution& found, const RulesetOptions& options = {}) {
    return lshmtest::seedFor(
        battle, [](lshm::Step& step) { lshm::moralePhase(step); }, wanted, found, options);
}

Battle twoUnits() {
    Battle battle = emptyBattle("fire");
    addUnit(battle, UnitSpec("fr", "french", "line", 24, 10, 180));
    addUnit(battle, UnitSpec("gren", "french", "grenadiers", 10, 10, 180));
    addUnit(battle, UnitSpec("br", "british", "line", 24, 26, 0));
    return battle;
}

} // namespace

TEST_CASE("major morale: each unit of a side whose Commander-in-Chief fell tests its Major number, a failure is immobile",
          "[lshm][morale][lshm-major-morale]") {
    Battle battle = twoUnits();
    battle.sides[0].markers.insert("commander-lost");
    Resolution found;
    REQUIRE(seedFor(
                battle,
                [](const std::string& t) {
                    return t.find("fr: major morale (less than 9 passes)") != std::string::npos &&
                           t.find("fr is immobile next turn") != std::string::npos;
                },
                found) >= 0);
    CHECK(traceText(found).find("gren: major morale (less than 10 passes)") != std::string::npos);
    CHECK(traceText(found).find("br: major morale") == std::string::npos);
    CHECK(rulingShown(found, "lshm-major-morale"));
    CHECK(applied(battle, found).findUnit("fr")->markers.count("immobile") == 1);
    // An immobile unit may only change formation or facing, or stay.
    Battle next = applied(battle, found);
    next.phase = "movement";
    showing(next, "2S");
    for (const Offer& offer : ruleset().offers(next, "fr")) {
        CHECK(offer.type != "roll-move");
        CHECK(offer.type != "charge");
    }
    // By option, one roll for the side against its lowest number.
    REQUIRE(seedFor(battle, [](const std::string& t) { return t.find("French: major morale (less than 9 passes)") != std::string::npos; },
                    found, {{"major-morale", "per-side"}}) >= 0);
}

TEST_CASE("critical morale: below half its figures, a unit tests with or without a leader, a failure routs",
          "[lshm][morale][lshm-critical-strength][lshm-critical-rally]") {
    Battle battle = twoUnits();
    Unit& fr = *battle.findUnit("fr");
    for (std::size_t i = 5; i < 12; ++i) {
        fr.elements[i].health = i < 8 ? Health::LightlyWounded : Health::Killed;
    }
    fr.elements.erase(fr.elements.begin() + 8, fr.elements.end());
    CHECK(lshm::belowHalf(*battle.findUnit("fr"))); // 5 fit of 12
    Resolution found;
    REQUIRE(seedFor(
                battle,
                [](const std::string& t) {
                    return t.find("fr: critical morale, Line, with leader: 10") != std::string::npos &&
                           t.find("fr routs") != std::string::npos;
                },
                found) >= 0);
    CHECK(rulingShown(found, "lshm-critical-strength"));
    CHECK(rulingShown(found, "lshm-critical-rally"));
    CHECK(applied(battle, found).findUnit("fr")->markers.count("routed") == 1);
    REQUIRE(seedFor(
                battle, [](const std::string& t) { return t.find("fr passes critical morale") != std::string::npos; }, found) >= 0);
    CHECK(traceText(found).find("below half strength, it tests again next turn") != std::string::npos);
    // Without a fit leader: the lower number.
    battle.findUnit("fr")->elements[0].health = Health::HeavilyWounded;
    battle.findUnit("fr")->elements[1].health = Health::HeavilyWounded;
    REQUIRE(seedFor(
                battle, [](const std::string& t) { return t.find("fr: critical morale, Line, without leader: 8") != std::string::npos; },
                found) >= 0);
    // An independent leader within 6" counts.
    addUnit(battle, UnitSpec("chief", "french", "command", 24, 6, 180));
    REQUIRE(seedFor(
                battle, [](const std::string& t) { return t.find("fr: critical morale, Line, with leader: 10") != std::string::npos; },
                found) >= 0);
}

TEST_CASE("the shaken test to rally on the critical column, the pinned to be free", "[lshm][morale][lshm-shaken]") {
    Battle battle = twoUnits();
    battle.findUnit("fr")->markers.insert("shaken");
    battle.findUnit("gren")->markers.insert("pinned");
    Resolution found;
    REQUIRE(seedFor(
                battle,
                [](const std::string& t) {
                    return t.find("fr rallies") != std::string::npos && t.find("gren is no longer pinned") != std::string::npos;
                },
                found) >= 0);
    const Battle after = applied(battle, found);
    CHECK(after.findUnit("fr")->markers.count("shaken") == 0);
    CHECK(after.findUnit("gren")->markers.count("pinned") == 0);
    REQUIRE(seedFor(
                battle,
                [](const std::string& t) {
                    return t.find("fr stays shaken") != std::string::npos && t.find("gren stays pinned") != std::string::npos;
                },
                found) >= 0);
}

TEST_CASE("routers run 4d6\" for the nearest edge at the start of movement, and leave the game at it", "[lshm][morale][lshm-routers]") {
    Battle battle = twoUnits();
    battle.findUnit("gren")->markers.insert("routed");
    battle.findUnit("gren")->elements.resize(3);
    for (int seed = 0; seed < 200; ++seed) {
        DiceStream dice(static_cast<std::uint64_t>(seed));
        lshm::Step step(data(), optionsWith(), battle, &dice);
        lshm::moveRouters(step);
        const Resolution done = step.finish();
        CHECK(rulingShown(done, "lshm-routers"));
        const Battle after = applied(battle, done);
        if (traceText(done).find("leaves the battlefield") != std::string::npos) {
            CHECK(after.findUnit("gren")->eliminated());
            return;
        }
        CHECK(after.findUnit("gren")->centre().x() < battle.findUnit("gren")->centre().x()); // toward the left edge, 10" off
    }
    FAIL("no seed ran the routers off the table");
}

TEST_CASE("under major morale the shaken units of an immobile side move toward the edge, the others stay",
          "[lshm][morale][lshm-major-morale]") {
    Battle battle = twoUnits();
    battle.findUnit("gren")->markers.insert("immobile");
    battle.findUnit("gren")->markers.insert("shaken");
    battle.findUnit("fr")->markers.insert("immobile");
    DiceStream dice(static_cast<std::uint64_t>(3));
    lshm::Step step(data(), optionsWith(), battle, &dice);
    lshm::moveRouters(step);
    const Resolution done = step.finish();
    CHECK(rulingShown(done, "lshm-major-morale"));
    CHECK(traceText(done).find("gren is shaken and its side immobile: it moves") != std::string::npos);
    const Battle after = applied(battle, done);
    CHECK(after.findUnit("gren")->centre().x() < battle.findUnit("gren")->centre().x()); // toward the left edge, 10" off
    CHECK(after.findUnit("gren")->eliminated() == false);
    CHECK(after.findUnit("fr")->centre().x() == Approx(battle.findUnit("fr")->centre().x()));
}
