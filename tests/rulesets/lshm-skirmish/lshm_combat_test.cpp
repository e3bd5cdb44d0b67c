// Close combat (3. CLOSE COMBAT; the CLOSE INTO CLOSE COMBAT CHART and the CLOSE COMBAT
// CHART): the charges completed, the close-in and stand-and-fight rolls, every modifier,
// figure against figure with ties rolled again, the loser's die, prisoners and the shaken.

#include "lshm_combat.h"
#include "lshm_test_support.h"

#include <catch2/catch.hpp>

using namespace lshmtest;

namespace {

/// The British charged the French and stopped 2" from them; the close combat phase to come.
Battle charged(const std::string& chargerType = "line", const std::string& targetType = "line", const std::string& targetFormation = "") {
    Battle battle = emptyBattle("fire");
    addUnit(battle, UnitSpec("fr", "french", targetType, 24, 10, 180).in(targetFormation));
    addUnit(battle, UnitSpec("br", "british", chargerType, 24, chargerType == "mounted" ? 13.9 : 12.8, 0));
    battle.findUnit("br")->markers.insert("charged");
    battle.session["charges"] =
        nlohmann::json::array({{{"charger", "br"}, {"target", "fr"}, {"unseen", false}, {"counter", false}, {"where", {mm(24), mm(10)}}}});
    return battle;
}

template <class Wanted> int seedFor(const Battle& battle, Wanted wanted, Resolution& found, const RulesetOptions& options = {}) {
    return lshmtest::seedFor(
        battle, [](lshm::Step& step) { lshm::closeCombatPhase(step); }, wanted, found, options);
}

std::vector<ModifierCheck> checksFor(const Battle& battle, const std::string& unit, std::size_t figure, bool charging, bool defending,
                                     const Element& opponent, int extra = 0, const RulesetOptions& options = {}) {
    const Unit& u = *battle.findUnit(unit);
    return lshm::fightModifiers(data(), optionsWith(options), battle, lshm::Fighter{&u, &u.elements[figure], charging, defending, false},
                                opponent, extra);
}

bool appliesIn(const std::vector<ModifierCheck>& checks, const std::string& id) {
    return std::any_of(checks.begin(), checks.end(), [&](const ModifierCheck& c) { return c.id == id && c.applies; });
}

} // namespace

TEST_CASE("close into combat: a d10 within the charger's range, with or without a leader, mounted at a square 4 less",
          "[lshm][combat][lshm-d10][lshm-square-penalty]") {
    Battle battle = charged();
    Resolution found;
    REQUIRE(seedFor(
                battle,
                [](const std::string& t) {
                    return t.find("br closes into combat (Line, Close into Combat/Counter charge, with leader: 1-7)") != std::string::npos;
                },
                found) >= 0);
    CHECK(rulingShown(found, "lshm-d10"));
    Battle leaderless = charged();
    Unit& br = *leaderless.findUnit("br");
    br.elements[0].health = Health::Killed;
    br.elements[1].health = Health::HeavilyWounded;
    REQUIRE(seedFor(
                leaderless, [](const std::string& t) { return t.find("without leader: 1-6") != std::string::npos; }, found) >= 0);
    Battle horse = charged("mounted", "line", "square");
    REQUIRE(seedFor(
                horse, [](const std::string& t) { return t.find("with leader: 1-8, -4 attacking a square: 1-4") != std::string::npos; },
                found) >= 0);
    CHECK(rulingShown(found, "lshm-square-penalty"));
    // A failure: back 6" and pinned.
    REQUIRE(seedFor(
                battle, [](const std::string& t) { return t.find("fails to close: it falls back 6\" and is pinned") != std::string::npos; },
                found) >= 0);
    const Battle after = applied(battle, found);
    CHECK(after.findUnit("br")->markers.count("pinned") == 1);
    CHECK(lshm::unitGap(after, *after.findUnit("br"), *after.findUnit("fr")) == Approx(8).margin(0.1));
}

TEST_CASE("stand and fight: a failure shakes the charged, who fall back 4d6\" while the chargers take their place",
          "[lshm][combat][lshm-occupy][lshm-shaken]") {
    Battle battle = charged();
    Resolution found;
    REQUIRE(seedFor(
                battle, [](const std::string& t) { return t.find("fr does not stand") != std::string::npos; }, found) >= 0);
    const Battle after = applied(battle, found);
    CHECK(after.findUnit("fr")->markers.count("shaken") == 1);
    CHECK(rulingShown(found, "lshm-occupy"));
    CHECK(after.findUnit("br")->centre().y() == Approx(mm(10)).margin(0.5));
}

TEST_CASE("the close combat chart's modifiers, each for the figure it belongs to",
          "[lshm][combat][lshm-leader-modifier][lshm-uphill][lshm-missing-columns]") {
    Battle battle = charged("grenadiers", "militia");
    const Element& enemy = battle.findUnit("fr")->elements[3];
    // A grenadier officer charging: +2 charging, +3 leader, bayonets (a leader never counts "No bayonet").
    const auto officer = checksFor(battle, "br", 0, true, false, enemy);
    CHECK(appliesIn(officer, "charging"));
    CHECK(appliesIn(officer, "leader"));
    CHECK_FALSE(appliesIn(officer, "no-bayonet"));
    CHECK(lshm::totalOf(officer, data(), *battle.findUnit("br"), optionsWith()) == 5);
    const auto privateMan = checksFor(battle, "br", 4, true, false, enemy, 1);
    CHECK_FALSE(appliesIn(privateMan, "leader"));
    CHECK(lshm::totalOf(privateMan, data(), *battle.findUnit("br"), optionsWith()) == 1); // +2 charging, -1 a second opponent
    // Militia defending in line: +1 close order; Guerillas fight on the Militia column, or Light by option.
    const Element& grenadier = battle.findUnit("br")->elements[4];
    CHECK(lshm::totalOf(checksFor(battle, "fr", 4, false, true, grenadier), data(), *battle.findUnit("fr"), optionsWith()) == 1);
    Battle guerillas = charged("line", "guerillas");
    CHECK(lshm::combatColumn(data(), optionsWith(), *guerillas.findUnit("fr")) == "militia");
    CHECK(lshm::combatColumn(data(), optionsWith({{"guerilla-column", "light"}}), *guerillas.findUnit("fr")) == "light");
    // Guerillas carry no bayonet: -1 (not their leaders).
    CHECK(appliesIn(checksFor(guerillas, "fr", 4, false, true, guerillas.findUnit("br")->elements[4]), "no-bayonet"));
    CHECK_FALSE(appliesIn(checksFor(guerillas, "fr", 0, false, true, guerillas.findUnit("br")->elements[4]), "no-bayonet"));
    // Uphill: the figure on a higher contour.
    Battle hill = charged();
    hill.areas.push_back(area(AreaType::Hill, 0, 0, 48, 11, 1));
    CHECK(appliesIn(checksFor(hill, "fr", 0, false, true, hill.findUnit("br")->elements[0]), "uphill"));
    CHECK_FALSE(appliesIn(checksFor(hill, "br", 0, true, false, hill.findUnit("fr")->elements[0]), "uphill"));
    // A lance.
    Battle lancers = charged("mounted");
    lancers.findUnit("br")->stats["meleeWeapon"] = "lance";
    CHECK(appliesIn(checksFor(lancers, "br", 3, true, false, lancers.findUnit("fr")->elements[0]), "lance"));
}

TEST_CASE("a defender takes the best of its defending modifiers, or all of them by option", "[lshm][combat][lshm-defence-modifiers]") {
    Battle battle = charged("line", "grenadiers");
    battle.lines.push_back(line(LineType::Wall, 0, 10.8, 48, 10.8));
    const Element& enemy = battle.findUnit("br")->elements[0];
    // Close order +2 and a wall +2: the best, +2; all, +4.
    const auto best = checksFor(battle, "fr", 0, false, true, enemy);
    CHECK(lshm::totalOf(best, data(), *battle.findUnit("fr"), optionsWith()) == 2 + 3);
    const auto all = checksFor(battle, "fr", 0, false, true, enemy, 0, {{"defence-modifiers", "all"}});
    CHECK(lshm::totalOf(all, data(), *battle.findUnit("fr"), optionsWith({{"defence-modifiers", "all"}})) == 4 + 3);
}

TEST_CASE("figure against figure: ties rolled again, the loser's die its fate, until one side has no one left",
          "[lshm][combat][lshm-pairing][lshm-who-fights][lshm-loser-high-die]") {
    Battle battle = charged();
    Resolution found;
    REQUIRE(seedFor(
                battle,
                [](const std::string& t) {
                    return t.find("Round 1: 12 against 12") != std::string::npos && t.find("A tie at") != std::string::npos &&
                           t.find("wins the close combat") != std::string::npos;
                },
                found) >= 0);
    const std::string trace = traceText(found);
    CHECK(rulingShown(found, "lshm-pairing"));
    CHECK(trace.find(": rolled again") != std::string::npos);
    CHECK(trace.find("runs to the rear of the combat") != std::string::npos);
    CHECK(rulingShown(found, "lshm-who-fights"));
    const Battle after = applied(battle, found);
    const bool frenchLost = after.findUnit("fr")->markers.count("shaken") == 1;
    const bool britishLost = after.findUnit("br")->markers.count("shaken") == 1;
    CHECK(frenchLost != britishLost);
    // A loser's 7-10: no result, or it runs by option.
    REQUIRE(seedFor(
                battle, [](const std::string& t) { return t.find(": no result, it fights on next round") != std::string::npos; }, found) >=
            0);
    CHECK(rulingShown(found, "lshm-loser-high-die"));
    REQUIRE(seedFor(battle,
                    [](const std::string& t) {
                        return t.find("The loser rolled 8: ") != std::string::npos && t.find("runs to the rear") != std::string::npos;
                    },
                    found, {{"loser-high-die", "runs"}}) >= 0);
    // Wounded figures do not fight.
    Battle hurt = charged();
    for (std::size_t i = 2; i < 8; ++i) {
        hurt.findUnit("fr")->elements[i].health = Health::LightlyWounded;
    }
    REQUIRE(seedFor(
                hurt, [](const std::string& t) { return t.find("Round 1: ") != std::string::npos; }, found) >= 0);
    CHECK(traceText(found).find("Round 1: 12 against 6") != std::string::npos); // the chargers first
}

TEST_CASE("a loser rolling 6 is captured: the winners guard their prisoners, one guard to ten", "[lshm][combat][lshm-prisoners]") {
    Battle battle = charged();
    Resolution found;
    REQUIRE(seedFor(
                battle, [](const std::string& t) { return t.find("is captured") != std::string::npos; }, found) >= 0);
    CHECK(rulingShown(found, "lshm-prisoners"));
    const Battle after = applied(battle, found);
    int guards = 0;
    double prisoners = 0;
    for (const Unit& unit : after.units) {
        prisoners += kit::counter(unit, "prisoners");
        for (const Element& e : unit.elements) {
            guards += e.markers.count("guard") != 0 ? 1 : 0;
        }
    }
    CHECK(prisoners >= 1);
    CHECK(guards >= 1);
    CHECK(traceText(found).find("one guard for each ten") != std::string::npos);
}

TEST_CASE("twenty rounds without a decision end the combat, the charger drawing off", "[lshm][combat][lshm-rounds]") {
    // Two figures a side whose every loss is a 7-10: with the grenadiers' leaders' +5 against
    // militia privates, a militia loser often rolls high; the cap is met in some seeds.
    Battle battle = charged("grenadiers", "militia");
    const auto& ruling = data().ruling("lshm-rounds");
    CHECK(ruling.text.find("twenty rounds") != std::string::npos);
    Resolution found;
    if (seedFor(
            battle, [](const std::string& t) { return t.find("Twenty rounds without a decision") != std::string::npos; }, found) >= 0) {
        CHECK(rulingShown(found, "lshm-rounds"));
    } else {
        // Every seed decides sooner: no combat ran past its cap.
        CHECK(seedFor(
                  battle, [](const std::string& t) { return t.find("Round 21") != std::string::npos; }, found) < 0);
    }
}

TEST_CASE("the preview of a charge shows the close-in and stand chances", "[lshm][combat][lshm-d10]") {
    Battle battle = emptyBattle("movement");
    showing(battle, "2H");
    addUnit(battle, UnitSpec("fr", "french", "line", 24, 10, 180));
    addUnit(battle, UnitSpec("br", "british", "grenadiers", 24, 16, 0));
    const Preview preview = ruleset().preview(battle, Action{.type = "charge", .unit = "br", .target = "fr"});
    const Odds& odds = oddsOf(preview, "Once within 2\"");
    CHECK(lineOf(odds, "the charger closes in") == Probability(9, 10));
    CHECK(lineOf(odds, "the charged unit stands and fights") == Probability(8, 10));
    CHECK(lineOf(odds, "both: figure against figure") == Probability(72, 100));
}
