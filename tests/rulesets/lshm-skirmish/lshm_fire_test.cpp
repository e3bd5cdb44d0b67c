// Fire (2. FIRE PHASE; 2. How to fire; SPECIAL RULES FOR FIRING; the FIRING CHART and the
// Joker Fire Chart): who fires, the target's class, the die, the fraction and its dropped
// remainder, every hit's card and the figure it strikes, volleys, guns, pistols, buildings.

#include "lshm_fire.h"
#include "lshm_test_support.h"
#include "sandtable/deck.h"

#include <catch2/catch.hpp>

using namespace lshmtest;

namespace {

/// French line 10" north of a British line, facing each other.
Battle facingLines(int frenchPrivates = 10, bool leaders = true, double gap = 10, const std::string& card = "2S") {
    Battle battle = firePhase(card);
    addUnit(battle, UnitSpec("fr", "french", "line", 24, 10, 180).privates(frenchPrivates).leaders(leaders));
    addUnit(battle, UnitSpec("br", "british", "line", 24, 10 + gap, 0));
    return battle;
}

} // namespace

TEST_CASE("the worked example in play: eleven muskets, Class I, a 4 rolled, two hits and two cards turned",
          "[lshm][fire][lshm-fire-die][lshm-fire-targets]") {
    Battle battle = facingLines(11, false);
    const auto rules = ruleset();
    Resolution found;
    const int seed = findSeed(
        rules, battle, fireAt("fr", "br"), [](const Resolution& r) { return traceText(r).find("= 4 [1d6: 4]") != std::string::npos; },
        found);
    REQUIRE(seed >= 0);
    const std::string trace = traceText(found);
    CHECK(trace.find("fr: 11 Musket fire at br") != std::string::npos);
    CHECK(trace.find("Firing chart: MUSKET, Class I, die 2-5: 1/4 of 11 figures = 2 hits (remainder dropped)") != std::string::npos);
    CHECK(trace.find("Hit 1:") != std::string::npos);
    CHECK(trace.find("Hit 2:") != std::string::npos);
    CHECK(trace.find("Hit 3:") == std::string::npos);
    CHECK(rulingShown(found, "lshm-fire-die"));
    CHECK(rulingShown(found, "lshm-fire-targets"));
    // Two hit cards turned from the deck that orders the fire (RULINGS.md, lshm-one-deck),
    // then the next card of the phase.
    int turned = 0;
    for (const Event& event : found.events) {
        turned += std::holds_alternative<event::CardTurned>(event) ? 1 : 0;
    }
    CHECK(turned >= 3);
    CHECK(applied(battle, found).decks.at(lshm::kDeck).discards.size() ==
          battle.decks.at(lshm::kDeck).discards.size() + static_cast<std::size_t>(turned));
}

TEST_CASE("hit cards come from the order deck, so a hit changes whose card comes next", "[lshm][fire][lshm-one-deck]") {
    Battle battle = facingLines(10, false, 5);
    onlyCards(battle, {"KH"});
    const auto rules = ruleset();
    Resolution found;
    REQUIRE(findSeed(
                rules, battle, fireAt("fr", "br"),
                [](const Resolution& r) { return traceText(r).find("Hit 1: King of Hearts") != std::string::npos; }, found) >= 0);
    CHECK(rulingShown(found, "lshm-one-deck"));
    // The second hit found the deck empty: the turned cards were gathered and shuffled.
    if (traceText(found).find("Hit 2:") != std::string::npos) {
        CHECK(traceText(found).find("The deck ran out while turning hit cards") != std::string::npos);
    }
    // Option hit-deck: a deck of their own, and the order deck untouched.
    const auto separate = ruleset({{"hit-deck", "separate-deck"}});
    DiceStream dice(static_cast<std::uint64_t>(1));
    const Resolution own = separate.resolve(battle, fireAt("fr", "br"), dice);
    REQUIRE(own.refusal.empty());
    const Battle after = applied(battle, own);
    REQUIRE(after.decks.count(lshm::kHitDeck) == 1);
    CHECK(after.decks.at(lshm::kHitDeck).discards.size() >= 1);
    // The order deck turned only the next card of the phase.
    CHECK(after.decks.at(lshm::kDeck).discards.size() == battle.decks.at(lshm::kDeck).discards.size() + 1);
}

TEST_CASE("an Ace strikes the highest leader, a face card a key figure, a number card the nearest private, a Heart kills",
          "[lshm][fire][lshm-which-figure]") {
    const auto rules = ruleset();
    const auto oneHit = [&](const std::string& card, Battle battle) {
        onlyCards(battle, {card});
        Resolution found;
        REQUIRE(findSeed(
                    rules, battle, fireAt("fr", "br"),
                    [](const Resolution& r) { return traceText(r).find("= 1 hit ") != std::string::npos; }, found) >= 0);
        return std::make_pair(applied(battle, found), traceText(found));
    };
    // Three muskets at 5": a 5 or 6 with the +1 for half range gives 1/3 of 3, one hit.
    Battle battle = facingLines(3, false, 5);
    battle.findUnit("br")->elements[5].role = "standard";
    {
        const auto [after, trace] = oneHit("AH", battle);
        CHECK(trace.find("Ace of Hearts (a Heart kills)") != std::string::npos);
        CHECK(after.findUnit("br")->findElement("br.1") == nullptr); // the officer, the highest leader
    }
    {
        const auto [after, trace] = oneHit("QS", battle);
        CHECK(trace.find("br's standard (br.6) is struck") != std::string::npos); // the key figure
        CHECK(after.findUnit("br")->findElement("br.6")->health != Health::Fit);
    }
    {
        const auto [after, trace] = oneHit("7C", battle);
        CHECK(trace.find("private") != std::string::npos);
        CHECK(countHealth(after, "br", Health::Fit) == 11);
        CHECK(after.findUnit("br")->findElement("br.1")->health == Health::Fit);
        CHECK(after.findUnit("br")->findElement("br.2")->health == Health::Fit);
    }
    // No leader in the area: an Ace strikes a key figure, then anyone.
    battle.findUnit("br")->elements.erase(battle.findUnit("br")->elements.begin(), battle.findUnit("br")->elements.begin() + 2);
    {
        const auto [after, trace] = oneHit("AS", battle);
        CHECK(trace.find("br's standard (br.6) is struck") != std::string::npos);
    }
}

TEST_CASE("a wound is light or heavy by a d6, wounded again, heavy, then killed, options make every wound one kind",
          "[lshm][fire][lshm-wounds]") {
    Battle battle = facingLines(3, false, 5);
    onlyCards(battle, {"7C"});
    for (const auto& [choice, health] :
         std::vector<std::pair<std::string, Health>>{{"all-heavy", Health::HeavilyWounded}, {"all-light", Health::LightlyWounded}}) {
        const auto rules = ruleset({{"wounds", choice}});
        Resolution found;
        REQUIRE(findSeed(
                    rules, battle, fireAt("fr", "br"),
                    [](const Resolution& r) { return traceText(r).find("= 1 hit ") != std::string::npos; }, found) >= 0);
        CHECK(countHealth(applied(battle, found), "br", health) == 1);
        CHECK(rulingShown(found, "lshm-wounds"));
    }
    const auto rules = ruleset();
    Resolution found;
    REQUIRE(findSeed(
                rules, battle, fireAt("fr", "br"),
                [](const Resolution& r) { return traceText(r).find("(1-3 light, 4-6 heavy): 1d6 = 2") != std::string::npos; }, found) >= 0);
    CHECK(countHealth(applied(battle, found), "br", Health::LightlyWounded) == 1);
    // A figure lightly wounded already is heavily wounded by the next wound (ten muskets at a
    // Class III target: its wounded are prone).
    battle = facingLines(10, false, 5);
    onlyCards(battle, {"7C"});
    for (Element& e : battle.findUnit("br")->elements) {
        if (e.role == "private") {
            e.health = Health::LightlyWounded;
        }
    }
    REQUIRE(findSeed(
                rules, battle, fireAt("fr", "br"), [](const Resolution& r) { return traceText(r).find("= 1 hit ") != std::string::npos; },
                found) >= 0);
    CHECK(traceText(found).find("lightly wounded already, is heavily wounded") != std::string::npos);
}

TEST_CASE("a joker turned for a hit strikes no one, or is turned again by option", "[lshm][fire][lshm-joker-hit]") {
    Battle battle = facingLines(3, false, 5);
    onlyCards(battle, {"joker-black"});
    Resolution found;
    REQUIRE(findSeed(
                ruleset(), battle, fireAt("fr", "br"),
                [](const Resolution& r) { return traceText(r).find("= 1 hit ") != std::string::npos; }, found) >= 0);
    CHECK(traceText(found).find("a joker strikes no one, and the hit is lost") != std::string::npos);
    CHECK(countHealth(applied(battle, found), "br", Health::Fit) == 12);
    CHECK(rulingShown(found, "lshm-joker-hit"));
    REQUIRE(findSeed(
                ruleset({{"joker-hit", "redraw"}}), battle, fireAt("fr", "br"),
                [](const Resolution& r) { return traceText(r).find("= 1 hit ") != std::string::npos; }, found) >= 0);
    CHECK(traceText(found).find("a joker, turned again (option joker-hit)") != std::string::npos);
}

TEST_CASE("the target's class: most of its figures, close order I, open order II, rough or prone III, a building IV",
          "[lshm][fire][lshm-target-class]") {
    const auto rules = ruleset();
    Battle battle = facingLines(10, true, 10);
    const auto classFact = [&](const Battle& b) { return factOf(rules.preview(b, fireAt("fr", "br")), "Target class"); };
    CHECK(classFact(battle).rfind("Class 1:", 0) == 0);
    battle.findUnit("br")->formation = "open";
    CHECK(classFact(battle).rfind("Class 2:", 0) == 0);
    for (std::size_t i = 0; i < 7; ++i) {
        battle.findUnit("br")->elements[i].markers.insert("prone");
    }
    CHECK(classFact(battle).rfind("Class 3: 7 of 12", 0) == 0);
    // A tie goes to the better protected class.
    battle.findUnit("br")->elements[6].markers.erase("prone");
    CHECK(classFact(battle).rfind("Class 3: 6 of 12", 0) == 0);
    Battle wooded = facingLines(10, true, 10);
    wooded.areas.push_back(area(AreaType::Woods, 0, 18, 48, 24));
    CHECK(classFact(wooded).rfind("Class 3:", 0) == 0);
}

TEST_CASE("+1 at half range or less, not for a volley nor for grapeshot, a 7 counts as 6",
          "[lshm][fire][lshm-half-range][lshm-die-above-six]") {
    const auto rules = ruleset();
    Battle near = facingLines(10, false, 5);
    CHECK(applies(rules.preview(near, fireAt("fr", "br")), "half-range"));
    Battle far = facingLines(10, false, 10);
    CHECK_FALSE(applies(rules.preview(far, fireAt("fr", "br")), "half-range"));
    Resolution found;
    REQUIRE(findSeed(
                rules, near, fireAt("fr", "br"),
                [](const Resolution& r) { return traceText(r).find("which counts as 6") != std::string::npos; }, found) >= 0);
    CHECK(rulingShown(found, "lshm-die-above-six"));
    CHECK(rulingShown(found, "lshm-half-range"));
    CHECK(traceText(found).find("MUSKET, Class I, die 6: 1/3 of 10 figures = 3 hits") != std::string::npos);
}

TEST_CASE("the preview's odds of each number of hits are exact, and the next hit card's odds come from the cards left",
          "[lshm][fire][lshm-one-deck]") {
    const auto rules = ruleset();
    Battle battle = facingLines(11, false, 10);
    const Preview preview = rules.preview(battle, fireAt("fr", "br"));
    const Odds& hits = oddsOf(preview, "Hits by Musket");
    // 1: 1/8 of 11 = 1; 2-5: 1/4 of 11 = 2; 6: 1/3 of 11 = 3.
    CHECK(lineOf(hits, "1") == Probability(1, 6));
    CHECK(lineOf(hits, "2") == Probability(4, 6));
    CHECK(lineOf(hits, "3") == Probability(1, 6));
    const Odds& next = oddsOf(preview, "The next hit card");
    CHECK(lineOf(next, "an Ace: the highest leader in the area") == Probability(4, 53)); // the 2 of Spades is showing
    CHECK(lineOf(next, "a joker: no one") == Probability(2, 53));
    // The order of the cards left is hidden: any order of the pile previews alike.
    Battle shuffled = battle;
    auto& pile = shuffled.decks.at(lshm::kDeck).drawPile;
    std::reverse(pile.begin(), pile.end());
    const Preview again = rules.preview(shuffled, fireAt("fr", "br"));
    CHECK(lineOf(oddsOf(again, "The next hit card"), "a Heart: killed") == lineOf(next, "a Heart: killed"));
    CHECK(lineOf(oddsOf(again, "The next hit card"), "a face card: a key figure") == lineOf(next, "a face card: a key figure"));
}

TEST_CASE("who may not fire: the wounded, the shaken, chargers, guards, and prone figures that fired last turn",
          "[lshm][fire][lshm-prone]") {
    const auto rules = ruleset();
    Battle battle = facingLines(10, false, 10);
    Unit& fr = *battle.findUnit("fr");
    fr.elements[0].health = Health::LightlyWounded;
    fr.elements[1].markers.insert("guard");
    fr.elements[2].markers.insert("prone");
    fr.elements[2].counters["fired-prone"] = battle.turn - 1;
    fr.elements[3].markers.insert("prone");
    CHECK(factOf(rules.preview(battle, fireAt("fr", "br")), "Musket") == "7 figures");
    fr.markers.insert("charged");
    CHECK(rules.preview(battle, fireAt("fr", "br")).refusal.find("charged this turn") != std::string::npos);
    fr.markers.erase("charged");
    fr.markers.insert("shaken");
    CHECK(rules.preview(battle, fireAt("fr", "br")).refusal.find("is shaken") != std::string::npos);
    // A prone figure that fires is marked, and may not fire in the next phase.
    fr.markers.erase("shaken");
    DiceStream dice(static_cast<std::uint64_t>(3));
    const Battle after = applied(battle, rules.resolve(battle, fireAt("fr", "br"), dice));
    CHECK(after.findUnit("fr")->elements[3].counters.at("fired-prone") == battle.turn);
}

TEST_CASE("a volley: straight ahead within half range, a card for each firer, the suit by the target's class",
          "[lshm][fire][lshm-volley-cards]") {
    const auto rules = ruleset();
    Battle battle = facingLines(10, false, 5);
    const Action volley{.type = "volley", .unit = "fr", .target = "br"};
    CHECK(rules.preview(battle, volley).allowed());
    CHECK(factOf(rules.preview(battle, volley), "Volley") == "10 figures fire: one card each");
    DiceStream dice(static_cast<std::uint64_t>(5));
    const Resolution done = rules.resolve(battle, volley, dice);
    REQUIRE(done.refusal.empty());
    CHECK(traceText(done).find("fires a volley: 10 cards") != std::string::npos);
    CHECK(rulingShown(done, "lshm-volley-cards"));
    CHECK(traceText(done).find("Volley card 10:") != std::string::npos);
    CHECK(traceText(done).find("Volley card 11:") == std::string::npos);
    // Class I: Hearts and Diamonds kill, Clubs wound, Spades nothing.
    onlyCards(battle, {"3S"});
    DiceStream again(static_cast<std::uint64_t>(5));
    const std::string spade = traceText(rules.resolve(battle, volley, again));
    INFO(spade);
    CHECK(spade.find("Volley card 1: 3 of Spades: no hit on a Class 1 target") != std::string::npos);
    // Beyond half range, no volley.
    Battle far = facingLines(10, false, 8);
    CHECK_FALSE(rules.preview(far, volley).allowed());
    // One card for each target figure, by option.
    DiceStream third(static_cast<std::uint64_t>(5));
    const Resolution perTarget = ruleset({{"volley-cards", "per-target"}}).resolve(facingLines(10, false, 5), volley, third);
    CHECK(traceText(perTarget).find("fires a volley: 12 cards") != std::string::npos);
}

TEST_CASE("a volley at Class III turns a second card for each hit: Ace to Jack kill, 10 to 2 wound", "[lshm][fire][lshm-volley-cards]") {
    Battle battle = facingLines(10, false, 5);
    for (Element& e : battle.findUnit("br")->elements) {
        e.markers.insert("prone");
    }
    onlyCards(battle, {"4D", "JC"});
    DiceStream dice(static_cast<std::uint64_t>(1));
    const Resolution done = ruleset().resolve(battle, Action{.type = "volley", .unit = "fr", .target = "br"}, dice);
    const std::string trace = traceText(done);
    const bool firstDiamond =
        trace.find("Volley card 1: 4 of Diamonds, a hit; second card Jack of Clubs: Ace to Jack kill") != std::string::npos;
    const bool firstJack = trace.find("Volley card 1: Jack of Clubs: no hit on a Class 3 target") != std::string::npos;
    CHECK((firstDiamond || firstJack));
}

TEST_CASE("a gun: its crew as 12, 9 or 6 figures, ball or grapeshot, grapeshot's hits doubled",
          "[lshm][fire][lshm-gun-ranges][lshm-grape-double]") {
    const auto rules = ruleset();
    Battle battle = firePhase("2S");
    addUnit(battle, UnitSpec("gun", "french", "artillery", 24, 6, 180).privates(3));
    addUnit(battle, UnitSpec("br", "british", "line", 24, 18, 0));
    const Action ball{.type = "fire", .unit = "gun", .target = "br", .choice = "ball"};
    const Action grape{.type = "fire", .unit = "gun", .target = "br", .choice = "grape"};
    CHECK(factOf(rules.preview(battle, ball), "Note").find("A crew of 4 fires as 12 figures") != std::string::npos);
    CHECK(factOf(rules.preview(battle, grape), "Artillery (GrapeShot)") == "12 figures");
    CHECK_FALSE(applies(rules.preview(battle, grape), "half-range")); // grapeshot takes no +1
    Resolution found;
    REQUIRE(findSeed(
                rules, battle, grape, [](const Resolution& r) { return traceText(r).find("= 3 [1d6: 3]") != std::string::npos; }, found) >=
            0);
    CHECK(traceText(found).find("MUSKET, Class I, die 2-5: 1/4 of 12 figures = 3 hits") != std::string::npos);
    CHECK(traceText(found).find("Grapeshot: the hits doubled, 6") != std::string::npos);
    CHECK(rulingShown(found, "lshm-grape-double"));
    REQUIRE(findSeed(
                ruleset({{"grape-double", "figures"}}), battle, grape,
                [](const Resolution& r) { return traceText(r).find("= 3 [1d6: 3]") != std::string::npos; }, found) >= 0);
    CHECK(traceText(found).find("1/4 of 24 figures = 6 hits") != std::string::npos);
    // Two gunners fire as six; one cannot fire.
    Battle thin = battle;
    Unit& gun = *thin.findUnit("gun");
    gun.elements.erase(gun.elements.begin() + 3, gun.elements.end());
    CHECK(factOf(rules.preview(thin, ball), "Note").find("A crew of 2 fires as 6 figures") != std::string::npos);
    gun.elements.erase(gun.elements.begin() + 2);
    CHECK(rules.preview(thin, ball).refusal.find("two figures with it, one a gunner") != std::string::npos);
    // A limbered gun does not fire.
    battle.findUnit("gun")->formation = "limbered";
    CHECK(rules.preview(battle, ball).refusal.find("limbered") != std::string::npos);
}

TEST_CASE("fire at a gun's crew: Class II, only a red Ace or face card strikes, a joker from a gun destroys it",
          "[lshm][fire][lshm-artillery-target]") {
    Battle battle = firePhase("2S");
    addUnit(battle, UnitSpec("fr", "french", "line", 24, 10, 180).leaders(false));
    addUnit(battle, UnitSpec("gun", "british", "artillery", 24, 15, 0).privates(3));
    const auto rules = ruleset();
    CHECK(factOf(rules.preview(battle, fireAt("fr", "gun")), "Target class").find("Class 2: a gun's crew") != std::string::npos);
    const auto oneHitWith = [&](const std::string& card, const Battle& b, const Action& action) {
        Battle copy = b;
        onlyCards(copy, {card});
        Resolution found;
        REQUIRE(findSeed(
                    rules, copy, action, [](const Resolution& r) { return traceText(r).find("Hit 1:") != std::string::npos; }, found) >= 0);
        return std::make_pair(applied(copy, found), traceText(found));
    };
    CHECK(oneHitWith("5H", battle, fireAt("fr", "gun")).second.find("only a red Ace, King, Queen or Jack strikes") != std::string::npos);
    CHECK(oneHitWith("KS", battle, fireAt("fr", "gun")).second.find("only a red Ace, King, Queen or Jack strikes") != std::string::npos);
    CHECK(oneHitWith("KD", battle, fireAt("fr", "gun")).second.find("gunner") != std::string::npos);
    CHECK(oneHitWith("AH", battle, fireAt("fr", "gun")).first.findUnit("gun")->findElement("gun.2") == nullptr); // its officer, killed
    // A gun firing on a gun turns a joker: the gun is destroyed.
    Battle duel = firePhase("2S");
    addUnit(duel, UnitSpec("fgun", "french", "artillery", 24, 6, 180).privates(3));
    addUnit(duel, UnitSpec("gun", "british", "artillery", 24, 20, 0).privates(3));
    const auto [after, trace] = oneHitWith("joker-red", duel, Action{.type = "fire", .unit = "fgun", .target = "gun", .choice = "ball"});
    CHECK(trace.find("gun is destroyed") != std::string::npos);
    CHECK(after.findUnit("gun")->findElement("gun.1") == nullptr);
}

TEST_CASE("British guns firing ball at Class II read Class I", "[lshm][fire][lshm-gun-ranges]") {
    Battle battle = firePhase("2H");
    addUnit(battle, UnitSpec("bgun", "british", "artillery", 24, 26, 0).privates(3).with({{"nation", "british"}}));
    addUnit(battle, UnitSpec("volt", "french", "light", 24, 12, 180).in("open"));
    DiceStream dice(static_cast<std::uint64_t>(2));
    const Resolution done = ruleset().resolve(battle, Action{.type = "fire", .unit = "bgun", .target = "volt", .choice = "ball"}, dice);
    REQUIRE(done.refusal.empty());
    CHECK(traceText(done).find("British guns firing ball at a Class II target read Class I") != std::string::npos);
    CHECK(traceText(done).find("ART (Ball), Class I") != std::string::npos);
}

TEST_CASE("an officer's pistol: an aimed shot within 3\", 5 wounds and 6 kills", "[lshm][fire][lshm-pistols]") {
    Battle battle = facingLines(10, true, 2.5);
    Resolution found;
    REQUIRE(findSeed(
                ruleset(), battle, fireAt("fr", "br"),
                [](const Resolution& r) {
                    return traceText(r).find("pistol at br.") != std::string::npos && traceText(r).find("Pistol 6:") != std::string::npos;
                },
                found) >= 0);
    CHECK(rulingShown(found, "lshm-pistols"));
    CHECK(traceText(found).find("is killed") != std::string::npos);
}

TEST_CASE("sight: a wood between blocks fire, one the firer or target stands in does not", "[lshm][fire][lshm-sight]") {
    const auto rules = ruleset();
    Battle battle = facingLines(10, false, 10);
    battle.areas.push_back(area(AreaType::Woods, 0, 13, 48, 16));
    CHECK_FALSE(rules.preview(battle, fireAt("fr", "br")).allowed());
    Battle inside = facingLines(10, false, 10);
    inside.areas.push_back(area(AreaType::Woods, 0, 16, 48, 24));
    CHECK(rules.preview(inside, fireAt("fr", "br")).allowed());
}

TEST_CASE("from a building, one figure fires through each window or door facing the target, small arms strike only those at them",
          "[lshm][fire][lshm-buildings]") {
    const auto rules = ruleset();
    Battle battle = firePhase("2H");
    TerrainArea house = area(AreaType::BuiltUp, 20, 18, 28, 22);
    house.id = "house";
    house.name = "The house";
    house.rules = {{"storeys", 2},
                   {"capacityPerStorey", 6},
                   {"openings",
                    {{{"id", "w1"}, {"kind", "window"}, {"facing", 0}},
                     {{"id", "w2"}, {"kind", "window"}, {"facing", 0}},
                     {{"id", "d1"}, {"kind", "door"}, {"facing", 0}, {"state", "closed"}},
                     {{"id", "w3"}, {"kind", "window"}, {"facing", 180}}}}};
    battle.areas.push_back(house);
    addUnit(battle, UnitSpec("br", "british", "light", 24, 20, 0).privates(4).leaders(false).in("column"));
    addUnit(battle, UnitSpec("fr", "french", "line", 24, 12, 180));
    // Two windows face north; the door is shut: two of the four fire.
    const Preview out = rules.preview(battle, fireAt("br", "fr"));
    CHECK(factOf(out, "Rifle").empty());
    CHECK(factOf(out, "Musket") == "2 figures");
    CHECK(factOf(out, "Note").find("no window or door facing the target") != std::string::npos);
    // At them, the French muskets see a Class IV target and may strike the two at the windows.
    showing(battle, "2S");
    const Preview in = rules.preview(battle, fireAt("fr", "br"));
    CHECK(factOf(in, "Target class").rfind("Class 4:", 0) == 0);
    CHECK(factOf(in, "Target area") == "2 figures");
    // A loopholed door is one more opening.
    battle.areas.back().markers.insert("loopholed:d1");
    showing(battle, "3H");
    CHECK(factOf(rules.preview(battle, fireAt("br", "fr")), "Musket") == "3 figures");
}

TEST_CASE("joker fire: each result of the chart", "[lshm][fire][lshm-half-figures][lshm-two-shots][lshm-smoke]") {
    Battle battle = facingLines(10, false, 10, "joker-black");
    const auto rules = ruleset();
    const std::vector<std::pair<std::string, std::string>> results{
        {"Joker fire 1: half-figures", "of 5 figures"},
        {"Joker fire 2: double-hits", "Joker: the hits doubled"},
        {"Joker fire 3: two-shots", "of 20 figures"},
        {"Joker fire 4: smoke", "Smoke: how far fr sees"},
        {"Joker fire 5: half-casualties", "Joker: half the casualties, rounded up"},
        {"Joker fire 6: plus-one", "+ 1 ="}};
    for (const auto& [result, shows] : results) {
        INFO(result);
        Resolution found;
        REQUIRE(findSeed(
                    rules, battle, fireAt("fr", "br"),
                    [&](const Resolution& r) {
                        return traceText(r).find(result) != std::string::npos && traceText(r).find("Hit 1") != std::string::npos;
                    },
                    found, 5000) >= 0);
        CHECK(traceText(found).find(shows) != std::string::npos);
    }
    Resolution twice;
    REQUIRE(findSeed(
                ruleset({{"two-shots", "two-rolls"}}), battle, fireAt("fr", "br"),
                [](const Resolution& r) { return traceText(r).find("Joker fire 3") != std::string::npos; }, twice) >= 0);
    CHECK(rulingShown(twice, "lshm-two-shots"));
}

TEST_CASE("shaken figures hit put their unit in critical morale", "[lshm][fire][lshm-shaken]") {
    Battle battle = facingLines(10, false, 5);
    battle.findUnit("br")->markers.insert("shaken");
    Resolution found;
    REQUIRE(findSeed(
                ruleset(), battle, fireAt("fr", "br"),
                [](const Resolution& r) {
                    return traceText(r).find("is struck") != std::string::npos || traceText(r).find("is killed") != std::string::npos;
                },
                found) >= 0);
    CHECK(applied(battle, found).findUnit("br")->markers.count("critical") == 1);
    CHECK(traceText(found).find("shaken figures are hit: it is in critical morale") != std::string::npos);
}

TEST_CASE("under a joker, fire the unit cannot make is taken and spends the joker, and its preview says so",
          "[lshm][fire][lshm-joker-fire-spent]") {
    const auto rules = ruleset();
    // The British line far beyond any musket's range.
    Battle far = facingLines(10, false, 60, "joker-black");
    const Preview underJoker = rules.preview(far, fireAt("fr", "br"));
    CHECK(underJoker.allowed());
    CHECK(factOf(underJoker, "Joker").find("and the joker and its fire are spent") != std::string::npos);
    CHECK(rulingShown(underJoker, "lshm-joker-fire-spent"));
    Resolution spent;
    REQUIRE(findSeed(
                rules, far, fireAt("fr", "br"), [](const Resolution& r) { return r.refusal.empty(); }, spent) >= 0);
    CHECK(traceText(spent).find("the joker is spent") != std::string::npos);
    CHECK(rulingShown(spent, "lshm-joker-fire-spent"));

    // No joker: refused, as its resolution refuses it.
    Battle plain = facingLines(10, false, 60, "2S");
    const Preview refused = rules.preview(plain, fireAt("fr", "br"));
    CHECK(refused.refusal.find("in its cone and range") != std::string::npos);
    DiceStream dice(1);
    const Resolution plainRefused = rules.resolve(plain, fireAt("fr", "br"), dice);
    CHECK(plainRefused.refusal == refused.refusal);
    CHECK_FALSE(rulingShown(plainRefused, "lshm-joker-fire-spent"));
}
