// Movement (1. MOVEMENT PHASE, the MOVEMENT CHART and the Joker Movement Chart): the dice of
// each formation, rough ground and the wounded taking dice off, moves figure by figure and
// as a unit, formations, prone, guns, charges stopping 2" away, and buildings' doors.

#include "lshm_buildings.h"
#include "lshm_test_support.h"

#include <catch2/catch.hpp>

using namespace lshmtest;

namespace {

/// The French line at (24, 10) facing the British at (24, 10 + gap), a black card showing.
Battle movementPhase(double gap = 20, const std::string& type = "line", const std::string& formation = "") {
    Battle battle = emptyBattle("movement");
    showing(battle, "2S");
    addUnit(battle, UnitSpec("fr", "french", type, 24, 10, 180).in(formation));
    addUnit(battle, UnitSpec("br", "british", "line", 24, 10 + gap, 0));
    return battle;
}

Resolution rolled(const Battle& battle, std::uint64_t seed = 1, const RulesetOptions& options = {}) {
    DiceStream dice(seed);
    return ruleset(options).resolve(battle, Action{.type = "roll-move", .unit = "fr"}, dice);
}

} // namespace

TEST_CASE("each troop type and formation rolls its line of the movement chart", "[lshm][movement]") {
    const auto rules = ruleset();
    const std::vector<std::tuple<std::string, std::string, int>> lines{
        {"line", "line", 2},  {"line", "column", 2},  {"grenadiers", "column", 3}, {"light", "open", 3},
        {"light", "line", 3}, {"militia", "line", 2}, {"mounted", "line", 4},      {"guerillas", "open", 3}};
    for (const auto& [type, formation, dice] : lines) {
        INFO(type << " " << formation);
        Battle battle = movementPhase(20, type, formation);
        const Preview preview = rules.preview(battle, Action{.type = "roll-move", .unit = "fr"});
        CHECK(factOf(preview, "Movement chart").find(std::to_string(dice) + " dice") != std::string::npos);
        const Odds& odds = oddsOf(preview, "Move in inches");
        CHECK(lineOf(odds, std::to_string(dice)) == Probability(1, static_cast<int>(std::pow(6, dice))));
    }
}

TEST_CASE("a march column wholly on a road rolls On Road, a \"-\" there moves cross country", "[lshm][movement][lshm-road]") {
    Battle battle = movementPhase(20, "line", "column");
    battle.lines.push_back(line(LineType::Road, 0, 10, 48, 10));
    battle.lines.push_back(line(LineType::Road, 0, 9.2, 48, 9.2));
    battle.lines.push_back(line(LineType::Road, 0, 10.8, 48, 10.8));
    const auto rules = ruleset();
    CHECK(factOf(rules.preview(battle, Action{.type = "roll-move", .unit = "fr"}), "Movement chart") ==
          "Line: March Column, On Road: 3 dice");
    battle.findUnit("fr")->formation = "line";
    CHECK(factOf(rules.preview(battle, Action{.type = "roll-move", .unit = "fr"}), "Movement chart") ==
          "Line: Line (Square), Cross Country: 2 dice");
}

TEST_CASE("rough ground takes off the highest die, the heavily wounded the highest, the lightly wounded the lowest",
          "[lshm][movement][lshm-rough][lshm-wounded-stay]") {
    Battle battle = movementPhase();
    const Resolution roll = rolled(battle, 4);
    REQUIRE(roll.refusal.empty());
    const Battle after = applied(battle, roll);
    const Unit& fr = *after.findUnit("fr");
    CHECK(fr.counters.at("allowance") > fr.counters.at("allowance-rough"));
    CHECK(after.session.at("acting") == "fr");
    // A path through a wood is paid from the rough allowance.
    Battle wooded = after;
    wooded.areas.push_back(area(AreaType::Woods, 20, 11, 28, 13));
    const double rough = fr.counters.at("allowance-rough");
    const Point centre = fr.centre();
    const Action through{.type = "move", .unit = "fr", .path = {Point(centre.x(), centre.y() + mm(rough + 0.5))}};
    CHECK(ruleset().preview(wooded, through).refusal.find("left") != std::string::npos);
    const Action within{.type = "move", .unit = "fr", .path = {Point(centre.x(), centre.y() + mm(std::max(0.1, rough - 0.2)))}};
    DiceStream dice(static_cast<std::uint64_t>(1));
    const Resolution moved = ruleset().resolve(wooded, within, dice);
    CHECK(moved.refusal.empty());
    CHECK(rulingShown(moved, "lshm-rough"));
    // The wounded: one heavily wounded (the highest die off), one lightly (the lowest).
    Battle hurt = movementPhase();
    hurt.findUnit("fr")->elements[4].health = Health::HeavilyWounded;
    hurt.findUnit("fr")->elements[5].health = Health::LightlyWounded;
    Battle grenadiers = movementPhase(20, "grenadiers", "column");
    grenadiers.findUnit("fr")->elements[4].health = Health::HeavilyWounded;
    const Preview preview = ruleset().preview(grenadiers, Action{.type = "roll-move", .unit = "fr"});
    CHECK(lineOf(oddsOf(preview, "Move in inches"), "2") == Probability(16, 216)); // 3d6 less the highest: 1+1 takes 1,1,x with x>=1
    const Resolution both = rolled(hurt, 2);
    CHECK(traceText(both).find("Heavily wounded carried: the highest die off") != std::string::npos);
    CHECK(traceText(both).find("Lightly wounded walking: the lowest die off") != std::string::npos);
    CHECK(applied(hurt, both).findUnit("fr")->counters.at("allowance") == 0); // two dice, both taken off
    CHECK(rulingShown(both, "lshm-wounded-stay"));
}

TEST_CASE("a unit moves as one along its path, or figure by figure each within its move, open order keeps 1\" apart", "[lshm][movement]") {
    Battle battle = applied(movementPhase(), rolled(movementPhase(), 6));
    const Unit& fr = *battle.findUnit("fr");
    const double left = fr.counters.at("allowance");
    REQUIRE(left >= 2);
    const Point centre = fr.centre();
    DiceStream dice(static_cast<std::uint64_t>(1));
    const Resolution moved =
        ruleset().resolve(battle, Action{.type = "move", .unit = "fr", .path = {Point(centre.x(), centre.y() + mm(1))}}, dice);
    REQUIRE(moved.refusal.empty());
    const Battle after = applied(battle, moved);
    CHECK(after.findUnit("fr")->elements[0].centre.y() == Approx(fr.elements[0].centre.y() + mm(1)));
    CHECK(after.findUnit("fr")->counters.at("used") == Approx(1));
    // Each figure placed: one too far is refused, naming it.
    Action place{.type = "place-figures", .unit = "fr"};
    place.elements.push_back({.element = "fr.3", .at = Point(fr.elements[2].centre.x(), fr.elements[2].centre.y() + mm(left + 1))});
    DiceStream again(static_cast<std::uint64_t>(1));
    CHECK(ruleset().resolve(battle, place, again).refusal.find("figure fr.3 would move") != std::string::npos);
    place.elements.back().at = Point(fr.elements[2].centre.x(), fr.elements[2].centre.y() + mm(1));
    DiceStream third(static_cast<std::uint64_t>(1));
    const Resolution placed = ruleset().resolve(battle, place, third);
    CHECK(placed.refusal.empty());
    // In open order two figures may not come within 1" of each other.
    Battle open = applied(movementPhase(20, "light", "open"), rolled(movementPhase(20, "light", "open"), 6));
    const Unit& light = *open.findUnit("fr");
    Action crowd{.type = "place-figures", .unit = "fr"};
    crowd.elements.push_back({.element = "fr.3", .at = Point(light.elements[3].centre.x() + mm(0.3), light.elements[3].centre.y())});
    DiceStream fourth(static_cast<std::uint64_t>(1));
    CHECK(ruleset().resolve(open, crowd, fourth).refusal.find("at least 1\" apart") != std::string::npos);
}

TEST_CASE("a formation change is made in place before the roll, which uses the slower formation's dice",
          "[lshm][movement][lshm-formation-change]") {
    Battle battle = movementPhase(20, "grenadiers", "column");
    DiceStream dice(static_cast<std::uint64_t>(1));
    const Resolution formed = ruleset().resolve(battle, Action{.type = "formation", .unit = "fr", .choice = "line"}, dice);
    REQUIRE(formed.refusal.empty());
    CHECK(rulingShown(formed, "lshm-formation-change"));
    const Battle after = applied(battle, formed);
    CHECK(after.findUnit("fr")->formation == "line");
    CHECK(after.session.at("acting") == "fr");
    // Column 3 dice, line 2: the slower, 2.
    CHECK(factOf(ruleset().preview(after, Action{.type = "roll-move", .unit = "fr"}), "Movement chart").find("2 dice") !=
          std::string::npos);
}

TEST_CASE("going prone or standing up is the whole move", "[lshm][movement][lshm-prone]") {
    Battle battle = movementPhase();
    DiceStream dice(static_cast<std::uint64_t>(1));
    const Resolution prone = ruleset().resolve(battle, Action{.type = "go-prone", .unit = "fr"}, dice);
    REQUIRE(prone.refusal.empty());
    CHECK(rulingShown(prone, "lshm-prone"));
    const Battle after = applied(battle, prone);
    CHECK(after.findUnit("fr")->elements[3].markers.count("prone") == 1);
    CHECK(kit::listed(after, "done", "fr"));
}

TEST_CASE("guns limber or unlimber as their move, a limbered gun may not fire, and a gun too few to move stands under the joker",
          "[lshm][movement][lshm-guns]") {
    Battle battle = emptyBattle("movement");
    showing(battle, "2S");
    addUnit(battle, UnitSpec("gun", "french", "artillery", 24, 6, 180).privates(3));
    addUnit(battle, UnitSpec("br", "british", "line", 24, 20, 0));
    DiceStream dice(static_cast<std::uint64_t>(1));
    const Resolution limber = ruleset().resolve(battle, Action{.type = "formation", .unit = "gun", .choice = "limbered"}, dice);
    REQUIRE(limber.refusal.empty());
    CHECK(rulingShown(limber, "lshm-guns"));
    const Battle after = applied(battle, limber);
    CHECK(after.findUnit("gun")->formation == "limbered");
    CHECK(kit::listed(after, "done", "gun"));
    // Limbered: the crew in single file in front of the gun, its tube to the rear.
    CHECK(after.findUnit("gun")->elements[0].facing == Approx(0));
    CHECK(after.findUnit("gun")->elements[1].centre.y() > after.findUnit("gun")->elements[0].centre.y());
    Battle nextTurn = after;
    nextTurn.session["changedFrom"] = nlohmann::json::object();
    CHECK(factOf(ruleset().preview(nextTurn, Action{.type = "roll-move", .unit = "gun"}), "Movement chart") ==
          "Artillery: Limbered, Cross Country: 3 dice");
    // At least two figures to move a gun.
    Unit& crew = *nextTurn.findUnit("gun");
    crew.elements.erase(crew.elements.begin() + 2, crew.elements.end());
    DiceStream lone(static_cast<std::uint64_t>(1));
    CHECK(ruleset().resolve(nextTurn, Action{.type = "roll-move", .unit = "gun"}, lone).refusal.find("at least two figures") !=
          std::string::npos);
    // Under the joker too: no chart for a gun it cannot move, only a stand, which is taken
    // (offered the chart's stand, the computer was refused it and the game stopped).
    nextTurn.decks[lshm::kDeck] = DeckState{standardCards(true), standardCards(true), {}, 1, {}};
    showing(nextTurn, "joker-black");
    nextTurn.session["done"] = nlohmann::json::array(); // a new turn: the gun has not had its card
    const std::vector<Offer> offers = ruleset().offers(nextTurn, "gun");
    REQUIRE(offers.size() == 1);
    CHECK(offers.front().type == "hold");
    DiceStream stand(static_cast<std::uint64_t>(1));
    const Resolution held = ruleset().resolve(nextTurn, actionOf(offers.front()), stand);
    CHECK(held.refusal.empty());
    CHECK(rulingShown(held, "lshm-guns"));
}

TEST_CASE("a charge rolls the Charge dice and stops 2\" from the enemy, or falls short", "[lshm][movement][lshm-charge]") {
    Battle battle = movementPhase(8);
    const Action charge{.type = "charge", .unit = "fr", .target = "br"};
    const Preview preview = ruleset().preview(battle, charge);
    CHECK(factOf(preview, "Movement chart").find("Charge: 3 dice") != std::string::npos);
    CHECK(oddsOf(preview, "Charge comes within 2\"").lines.front().probability > 0);
    CHECK(oddsOf(preview, "Once within 2\"").lines.size() == 3);
    Resolution found;
    REQUIRE(findSeed(
                ruleset(), battle, charge, [](const Resolution& r) { return traceText(r).find("stops 2\" from it") != std::string::npos; },
                found) >= 0);
    const Battle after = applied(battle, found);
    CHECK(lshm::unitGap(after, *after.findUnit("fr"), *after.findUnit("br")) == Approx(2).margin(0.05));
    CHECK(after.findUnit("fr")->markers.count("charged") == 1);
    CHECK(after.session.at("charges").size() == 1);
    CHECK(rulingShown(found, "lshm-charge"));
    Battle far = movementPhase(30);
    REQUIRE(findSeed(
                ruleset(), far, charge, [](const Resolution& r) { return traceText(r).find("falls short") != std::string::npos; }, found) >=
            0);
    CHECK(applied(far, found).session.at("charges").empty());
    // Troops in square may not charge.
    Battle square = movementPhase(8, "line", "square");
    DiceStream squareDice(static_cast<std::uint64_t>(1));
    CHECK(ruleset().resolve(square, charge, squareDice).refusal.find("square may not charge") != std::string::npos);
}

TEST_CASE("a charge across rough ground is previewed as it goes, the highest die off", "[lshm][movement][lshm-charge][lshm-rough]") {
    // A wood between the lines: the charge's straight way to the nearest enemy figure
    // crosses it, and the resolution takes the highest die kept off.
    Battle battle = movementPhase(8);
    battle.areas.push_back(area(AreaType::Woods, 20, 12, 28, 14));
    const Action charge{.type = "charge", .unit = "fr", .target = "br"};
    const Preview preview = ruleset().preview(battle, charge);
    CHECK(factOf(preview, "Rough ground on the way") == "the highest die off");
    CHECK(rulingShown(preview, "lshm-rough"));
    // 6" needed of three dice, the highest off: 1 - P(the two lowest of 3d6 make 5 or less).
    int reaching = 0;
    for (int a = 1; a <= 6; ++a) {
        for (int b = 1; b <= 6; ++b) {
            for (int c = 1; c <= 6; ++c) {
                reaching += a + b + c - std::max({a, b, c}) >= 6 ? 1 : 0;
            }
        }
    }
    const Probability reach = oddsOf(preview, "Charge comes within 2\"").lines.front().probability;
    CHECK(reach == Probability(reaching, 216));
    int came = 0;
    for (std::uint64_t seed = 1; seed <= 400; ++seed) {
        DiceStream dice(seed);
        came += traceText(ruleset().resolve(battle, charge, dice)).find("stops 2\" from it") != std::string::npos ? 1 : 0;
    }
    CHECK(std::abs(came / 400.0 - toDouble(reach)) < 0.07);
    // Carrying a heavily and a lightly wounded figure, one die is left, and the wood takes
    // it: the charge cannot come within 2", and its preview says so (it said certain).
    Battle hurt = battle;
    hurt.findUnit("fr")->elements[4].health = Health::HeavilyWounded;
    hurt.findUnit("fr")->elements[5].health = Health::LightlyWounded;
    CHECK(oddsOf(ruleset().preview(hurt, charge), "Charge comes within 2\"").lines.front().probability == 0);
    for (std::uint64_t seed = 1; seed <= 50; ++seed) {
        DiceStream dice(seed);
        CHECK(traceText(ruleset().resolve(hurt, charge, dice)).find("falls short") != std::string::npos);
    }
}

TEST_CASE("a counter charge: the charged unit, on its card, counter charges its charger", "[lshm][movement][lshm-counter-charge]") {
    Battle battle = movementPhase(8);
    battle.session["charges"] =
        nlohmann::json::array({{{"charger", "br"}, {"target", "fr"}, {"unseen", false}, {"counter", false}, {"where", {0, 0}}}});
    const auto offers = ruleset().offers(battle, "fr");
    CHECK(std::any_of(offers.begin(), offers.end(), [](const Offer& o) { return o.type == "counter-charge"; }));
    DiceStream dice(static_cast<std::uint64_t>(1));
    const Resolution counter = ruleset().resolve(battle, Action{.type = "counter-charge", .unit = "fr", .target = "br"}, dice);
    REQUIRE(counter.refusal.empty());
    CHECK(rulingShown(counter, "lshm-counter-charge"));
    CHECK(applied(battle, counter).session.at("charges")[0].at("counter") == true);
}

TEST_CASE("joker movement: each result of the chart on the unit named", "[lshm][movement][lshm-joker-move]") {
    Battle battle = movementPhase(12);
    battle.decks[lshm::kDeck] = DeckState{standardCards(true), standardCards(true), {}, 1, {}};
    showing(battle, "joker-black");
    const auto offers = ruleset().offers(battle, "fr");
    REQUIRE(!offers.empty());
    CHECK(offers.front().label == "Joker: roll on the Joker Movement Chart");
    const std::vector<std::pair<std::string, std::string>> results{
        {"Joker Movement Chart for fr: 1d6 = 1", "1: one die more"},
        {"Joker Movement Chart for fr: 1d6 = 2", "2: fr does not move this turn"},
        {"Joker Movement Chart for fr: 1d6 = 3", "falls back"},
        {"Joker Movement Chart for fr: 1d6 = 4", "one d6 off"},
        {"Joker Movement Chart for fr: 1d6 = 5", "lightly wounded are healed"},
        {"Joker Movement Chart for fr: 1d6 = 6", "charges the nearest enemy, br"}};
    battle.findUnit("fr")->elements[5].health = Health::LightlyWounded;
    for (const auto& [roll, shows] : results) {
        INFO(roll);
        Resolution found;
        REQUIRE(findSeed(
                    ruleset(), battle, Action{.type = "roll-move", .unit = "fr"},
                    [&](const Resolution& r) { return traceText(r).find(roll) != std::string::npos; }, found) >= 0);
        CHECK(traceText(found).find(shows) != std::string::npos);
        CHECK(rulingShown(found, "lshm-joker-move"));
    }
}

TEST_CASE("joker movement: a square that rolls the charge stands, as a square may not charge", "[lshm][movement][lshm-joker-move]") {
    // The chart's 6 is a charge at the nearest enemy; in square the charge was refused, so
    // every order the joker left the unit (its roll, its stand) was refused with it and the
    // game could not go on.
    Battle battle = movementPhase(12, "line", "square");
    battle.decks[lshm::kDeck] = DeckState{standardCards(true), standardCards(true), {}, 1, {}};
    showing(battle, "joker-black");
    Resolution found;
    REQUIRE(findSeed(
                ruleset(), battle, Action{.type = "roll-move", .unit = "fr"},
                [&](const Resolution& r) { return traceText(r).find("Joker Movement Chart for fr: 1d6 = 6") != std::string::npos; },
                found) >= 0);
    CHECK(found.refusal.empty());
    CHECK(traceText(found).find("6: fr may not charge in its formation and stands") != std::string::npos);
    CHECK(applied(battle, found).findUnit("fr")->centre().y() == Approx(battle.findUnit("fr")->centre().y()));
}

TEST_CASE("leaders not in a unit move after all units, or go with a unit they accompany",
          "[lshm][movement][lshm-leaders-move][lshm-accompany]") {
    Battle battle = emptyBattle("leaders");
    addUnit(battle, UnitSpec("chief", "french", "command", 24, 8, 180));
    addUnit(battle, UnitSpec("br", "british", "line", 24, 30, 0));
    battle.session["leadersSide"] = "french";
    const auto offers = ruleset().offers(battle, "chief");
    REQUIRE(!offers.empty());
    CHECK(factOf(ruleset().preview(battle, Action{.type = "roll-move", .unit = "chief"}), "Movement chart") ==
          "Light: March Column, Cross Country: 3 dice");
    const auto side = ruleset().offers(battle, "");
    REQUIRE(side.size() == 1);
    CHECK(side.front().type == "end-leaders");
    DiceStream dice(static_cast<std::uint64_t>(1));
    const Resolution ended = ruleset().resolve(battle, Action{.type = "end-leaders"}, dice);
    REQUIRE(ended.refusal.empty());
    CHECK(traceText(ended).find("Turn 1, fire: the deck reshuffled") != std::string::npos);
    // Ended while a leader is still moving (his move rolled, some of it left), it ends his
    // move too: the next side's leaders are offered their moves and the end of them.
    addUnit(battle, UnitSpec("general", "british", "command", 24, 30, 0));
    DiceStream rolling(static_cast<std::uint64_t>(1));
    const Resolution rolledMove = ruleset().resolve(battle, Action{.type = "roll-move", .unit = "chief"}, rolling);
    REQUIRE(rolledMove.refusal.empty());
    const Battle leaderMoving = applied(battle, rolledMove);
    REQUIRE(leaderMoving.session.value("acting", std::string()) == "chief");
    const Battle next = applied(leaderMoving, ruleset().resolve(leaderMoving, Action{.type = "end-leaders"}, rolling));
    CHECK(next.session.value("leadersSide", std::string()) == "british");
    CHECK(next.session.value("acting", std::string()).empty());
    CHECK(ruleset().status(next).activeUnit.empty());
    const auto britishSide = ruleset().offers(next, "");
    REQUIRE(britishSide.size() == 1);
    CHECK(britishSide.front().type == "end-leaders");
    CHECK(!ruleset().offers(next, "general").empty());
    // Carried with a unit: within 6" of one of its figures.
    Battle moving = movementPhase(20);
    addUnit(moving, UnitSpec("chief", "french", "command", 24, 7, 180));
    moving = applied(moving, rolled(moving, 6));
    const Point centre = moving.findUnit("fr")->centre();
    Action move{.type = "move", .unit = "fr", .path = {Point(centre.x(), centre.y() + mm(1))}};
    move.with = {"chief"};
    DiceStream again(static_cast<std::uint64_t>(1));
    const Resolution carried = ruleset().resolve(moving, move, again);
    REQUIRE(carried.refusal.empty());
    CHECK(rulingShown(carried, "lshm-accompany"));
    CHECK(applied(moving, carried).findUnit("chief")->elements[0].centre.y() ==
          Approx(moving.findUnit("chief")->elements[0].centre.y() + mm(1)));
    CHECK(ruleset().preview(moving, move).allowed());
    // A leader beyond 6" goes with no one: the preview refuses the order as the move does.
    Battle apart = moving;
    for (Element& element : apart.findUnit("chief")->elements) {
        element.centre = Point(element.centre.x(), element.centre.y() - mm(12));
    }
    DiceStream third(static_cast<std::uint64_t>(1));
    const std::string refusal = ruleset().resolve(apart, move, third).refusal;
    CHECK(refusal.find("is not a leader of the side within 6\"") != std::string::npos);
    CHECK(ruleset().preview(apart, move).refusal == refusal);
}

TEST_CASE("a building: figures go in by an open door or a breach, not while the enemy holds it, and no more than it holds",
          "[lshm][movement][lshm-buildings]") {
    Battle battle = applied(movementPhase(20, "light", "column"), rolled(movementPhase(20, "light", "column"), 6));
    TerrainArea house = area(AreaType::BuiltUp, 21, 11, 27, 14);
    house.id = "house";
    house.name = "The house";
    house.rules = {
        {"storeys", 1}, {"capacityPerStorey", 6}, {"openings", {{{"id", "d"}, {"kind", "door"}, {"facing", 0}, {"state", "closed"}}}}};
    battle.areas.push_back(house);
    const Point centre = battle.findUnit("fr")->centre();
    const Action in{.type = "move", .unit = "fr", .path = {Point(centre.x(), centre.y() + mm(2.5))}};
    DiceStream dice(static_cast<std::uint64_t>(1));
    CHECK(ruleset().resolve(battle, in, dice).refusal.find("no open door or breach") != std::string::npos);
    battle.areas.back().markers.insert("breached:d");
    DiceStream again(static_cast<std::uint64_t>(1));
    CHECK(ruleset().resolve(battle, in, again).refusal.find("holds 6 figures") != std::string::npos);
}

TEST_CASE("breaching: the unit's uninterrupted turns at an opening, a sapper faster, guns by their shots",
          "[lshm][movement][lshm-breach-workers]") {
    Battle battle = movementPhase(20, "grenadiers", "line");
    TerrainArea house = area(AreaType::BuiltUp, 20, 11.2, 28, 14);
    house.id = "house";
    house.name = "The house";
    house.rules = {
        {"storeys", 2}, {"capacityPerStorey", 6}, {"openings", {{{"id", "d"}, {"kind", "door"}, {"facing", 0}, {"state", "closed"}}}}};
    battle.areas.push_back(house);
    const auto offers = ruleset().offers(battle, "fr");
    const auto breach =
        std::find_if(offers.begin(), offers.end(), [](const Offer& o) { return o.type == "breach" && o.choice == "house/d"; });
    REQUIRE(breach != offers.end());
    // Grenadiers breach a door in 5 turns, two at work: 3 turns.
    CHECK(lshm::breachTurns(data(), *battle.findUnit("fr"), "door") == 3);
    battle.findUnit("fr")->elements[4].role = "sapper";
    CHECK(lshm::breachTurns(data(), *battle.findUnit("fr"), "door") == 2); // a sapper's 3, two at work
    CHECK(lshm::breachTurns(data(), *battle.findUnit("fr"), "window") == 1);
    CHECK(lshm::breachTurns(data(), *battle.findUnit("fr"), "rock-wall") == 10);
    DiceStream dice(static_cast<std::uint64_t>(1));
    const Resolution work = ruleset().resolve(battle, actionOf(*breach), dice);
    REQUIRE(work.refusal.empty());
    CHECK(rulingShown(work, "lshm-breach-workers"));
    CHECK(applied(battle, work).session.at("work").contains("fr"));
}
