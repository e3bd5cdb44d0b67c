// The Battle of Einsamenhügel loads and plays through the game API; the turn sequence.

#include "ein_movement.h"
#include "ein_officer.h"
#include "ein_test_support.h"
#include "ein_units.h"
#include "sandtable/computer_player.h"
#include "sandtable/replay.h"
#include "sandtable/ruleset_registry.h"
#include "sandtable/save_file.h"
#include "sandtable/scenario.h"

#include <catch2/catch.hpp>
#include <cstdlib>
#include <fstream>

using namespace eintest;

namespace {

std::unique_ptr<Game> refight(std::uint64_t seed, nlohmann::json options = {}) {
    auto scenario = loadScenario(scenariosDir() / "einsamenhugel-battle.json");
    REQUIRE(scenario);
    auto rules = makeRuleset("einsamenhugel", options.is_null() ? scenario->rulesetOptions : options);
    REQUIRE(rules);
    auto game = Game::start(std::move(scenario).value(), std::move(rules).value(), seed);
    REQUIRE(game);
    return std::move(game).value();
}

int eliminated(const Battle& battle, const std::string& side) {
    int count = 0;
    for (const Unit& unit : battle.units) {
        count += unit.side == side && unit.eliminated() ? 1 : 0;
    }
    return count;
}

} // namespace

TEST_CASE("the Battle of Einsamenhügel loads with both orders of battle as the report names them", "[ein][scenario]") {
    auto scenario = loadScenario(scenariosDir() / "einsamenhugel-battle.json");
    REQUIRE(scenario);
    auto rules = makeRuleset("einsamenhugel", scenario->rulesetOptions);
    REQUIRE(rules);
    CHECK((*rules)->checkScenario(*scenario).empty());
    const Battle& battle = scenario->battle;
    CHECK(battle.table.width == Approx(1828.8)); // 6ft
    CHECK(battle.table.depth == Approx(762));    // 2ft 6in
    // "a general, five battalions of regular foot, one battalion of grenadiers, four
    // squadrons of heavy cavalry, one squadron of hussars and two guns" each.
    for (const std::string side : {"pragmatic", "franco-bavarian"}) {
        std::map<std::string, int> types;
        for (const Unit& unit : battle.units) {
            if (unit.side == side) {
                ++types[unit.type];
            }
        }
        CHECK(types["general"] == 1);
        CHECK(types["regular-foot"] == 6);
        CHECK(types["heavy-horse"] == 4);
        CHECK(types["light-horse"] == 1);
        CHECK(types["artillery"] == 2);
    }
    CHECK(battle.findUnit("royal-buff-grenadiers")->quality == "elite");
    CHECK(battle.findUnit("grenadiers-de-france")->quality == "elite");
    CHECK(battle.findUnit("cuirassiers-du-roy")->quality == "elite");
    for (const char* cuirassed :
         {"modena-cuirassiers-1", "modena-cuirassiers-2", "kings-own-horse", "cuirassiers-du-roy", "colonel-general"}) {
        CHECK(battle.findUnit(cuirassed)->stats.value("cuirasses", false));
    }
    CHECK(battle.findUnit("king-george")->attachedTo == "royal-foot");
    CHECK(battle.findUnit("maurice")->attachedTo == "cuirassiers-du-roy");
    // The Royal Artillery on the Einsamenhügel's crest.
    CHECK(groundLevel(battle, battle.findUnit("royal-artillery-1")->centre()) == 2);
    CHECK(groundLevel(battle, battle.findUnit("royal-artillery-2")->centre()) == 2);
    CHECK(scenario->rulesetOptions["british-musketry"] == "per-volley");
    CHECK(scenario->rulesetOptions["army-break"] == "half");
    CHECK(scenario->source.find("turn 5") != std::string::npos);
}

TEST_CASE("the refight opens with the pre-battle moves, then dice for the first move", "[ein][scenario]") {
    auto game = refight(7);
    CHECK(game->battle().phase == "deployment");
    CHECK(game->status().activeSide == "pragmatic");
    // The report's adjustments: the hussars from the right flank to the left.
    const Unit& hussars = *game->battle().findUnit("csaky-hussars");
    const Point left(mm(28), hussars.centre().y());
    REQUIRE(game->perform(Action{"move", "csaky-hussars", "", {left}, {}, {}}));
    CHECK(game->battle().findUnit("csaky-hussars")->centre().x() == Approx(mm(28)));
    // Not into the enemy's half.
    CHECK_FALSE(game->perform(Action{"move", "modena-cuirassiers-2", "", {Point(mm(116), mm(20))}, {}, {}}));
    REQUIRE(game->perform(Action{"move", "modena-cuirassiers-2", "", {Point(mm(108), mm(50))}, {}, {}}));
    REQUIRE(game->perform(Action{"move", "von-aldeleben-dragoons", "", {Point(mm(33), mm(62))}, {}, {}}));
    // A fourth is one too many.
    const auto fourth = game->perform(Action{"move", "the-buffs", "", {Point(mm(62), mm(55))}, {}, {}});
    REQUIRE_FALSE(fourth);
    CHECK(fourth.error().find("up to 3") != std::string::npos);
    REQUIRE(game->perform(Action{"pass", "", "", {}, {}, {}}));
    CHECK(game->status().activeSide == "franco-bavarian");
    REQUIRE(game->perform(Action{"pass", "", "", {}, {}, {}})); // Maurice stood pat
    CHECK(game->battle().phase == "movement");
    CHECK(game->battle().turn == 1);
    CHECK(traceText(game->log().back().resolution).find("moves first") != std::string::npos);
}

TEST_CASE("five full turns of the refight play through the game API, and replay from the save", "[ein][scenario]") {
    for (const std::uint64_t seed : {1u, 2u, 3u}) {
        auto game = refight(seed);
        autoPlay(*game, 5);
        INFO("seed " << seed << ": turn " << game->battle().turn << ", phase " << game->battle().phase);
        CHECK((game->battle().turn > 5 || game->status().over));
        CHECK(game->log().size() > 60);
        // Both armies fought: fire and melee took their toll.
        CHECK(eliminated(game->battle(), "pragmatic") + eliminated(game->battle(), "franco-bavarian") > 0);
        const SaveFile save = saveOf(*game);
        if (const char* dump = std::getenv("EIN_DUMP_SAVE")) {
            std::ofstream(std::string(dump) + std::to_string(seed) + ".sandtable") << toJsonText(save);
        }
        auto replayed = replay(save, [](const std::string& id, const nlohmann::json& options) { return makeRuleset(id, options); });
        REQUIRE(replayed);
        CHECK(stateHash(replayed->game->battle()) == stateHash(game->battle()));
    }
}

TEST_CASE("ein-alternate-moves: sides alternate a unit at a time, a side that passes moves no more", "[ein][turn]") {
    auto game = refight(11, {{"pre-battle-moves", "0"}, {"british-musketry", "per-volley"}});
    REQUIRE(game->battle().phase == "movement");
    const std::string first = game->status().activeSide;
    const std::string second = first == "pragmatic" ? "franco-bavarian" : "pragmatic";
    CHECK(rulingShown(game->log().empty() ? Resolution{} : game->log().front().resolution, "ein-alternate-moves") == false);
    const std::string unit = game->status().mayActivate.front();
    const Unit& mover = *game->battle().findUnit(unit);
    const Point ahead = facingVector(mover.elements.front().facing);
    REQUIRE(
        game->perform(Action{"move", unit, "", {Point(mover.centre().x() + ahead.x() * 20, mover.centre().y() + ahead.y() * 20)}, {}, {}}));
    CHECK(game->status().activeSide == second);
    // The same side may not move again out of turn.
    const std::string another = game->status().mayActivate.front();
    CHECK(game->battle().findUnit(another)->side == second);
    REQUIRE(game->perform(Action{"pass", "", "", {}, {}, {}}));
    CHECK(game->status().activeSide == first);
    // The second side has passed: the first moves on alone, unit after unit.
    const std::string next = game->status().mayActivate.front();
    REQUIRE(next != unit);
    const Unit& nextUnit = *game->battle().findUnit(next);
    const Point nextAhead = facingVector(nextUnit.elements.front().facing);
    REQUIRE(game->perform(
        Action{"move", next, "", {Point(nextUnit.centre().x() + nextAhead.x() * 10, nextUnit.centre().y() + nextAhead.y() * 10)}, {}, {}}));
    CHECK(game->status().activeSide == first);
    CHECK_FALSE(game->perform(Action{"move", unit, "", {mover.centre()}, {}, {}})); // moved already this turn
    REQUIRE(game->perform(Action{"pass", "", "", {}, {}, {}}));
    CHECK(game->battle().phase == "fire");
    CHECK(game->status().activeSide == first);
}

TEST_CASE("ein-army-break: an army below half its starting units has lost, by option, below a third", "[ein][turn]") {
    auto rules = ruleset();
    Battle battle = emptyBattle();
    battle.session["startingUnits"] = {{"a", 6}, {"b", 6}};
    for (int i = 0; i < 6; ++i) {
        addUnit(battle, {"a" + std::to_string(i), "a", "regular-foot", 20.0 + i * 10, 60});
        addUnit(battle, {"b" + std::to_string(i), "b", "regular-foot", 20.0 + i * 10, 20, 180});
    }
    // Three of six left is half, not below it.
    for (int i = 0; i < 3; ++i) {
        battle.findUnit("b" + std::to_string(i))->elements.clear();
    }
    auto counts = ein::armyCounts(battle, defaultOptions());
    CHECK_FALSE(counts[1].lost);
    battle.findUnit("b3")->elements.clear();
    counts = ein::armyCounts(battle, defaultOptions());
    CHECK(counts[1].lost);
    CHECK_FALSE(counts[0].lost);
    // Below a third: two of six is a third, one is below.
    RulesetOptions third = defaultOptions();
    third["army-break"] = "third";
    CHECK_FALSE(ein::armyCounts(battle, third)[1].lost);
    battle.findUnit("b4")->elements.clear();
    CHECK(ein::armyCounts(battle, third)[1].lost);
}

TEST_CASE("the unit's state in the rules' words: effectiveness, class, formation, move, general, melee", "[ein][turn]") {
    auto rules = ruleset();
    Battle battle = emptyBattle();
    addUnit(battle, UnitSpec("foot", "a", "regular-foot", 90, 60));
    addUnit(battle, UnitSpec("george", "a", "general", 90, 63));
    addUnit(battle, UnitSpec("horse", "b", "heavy-horse", 90, 57, 180));
    battle.findUnit("george")->attachedTo = "foot";
    battle.findUnit("foot")->counters["quarters"] = 3;
    battle.session["melees"] = nlohmann::json::array({nlohmann::json::array({"horse", "foot"})});
    const std::string foot = rules.unitState(battle, "foot");
    CHECK(foot == "75% effective (1 hit); Regular foot, in firing order; moves 6cm; george is with it; in melee with horse");
    CHECK(rules.unitState(battle, "george") == "with foot");
    battle.findUnit("horse")->elements.clear();
    CHECK(rules.unitState(battle, "horse") == "eliminated");
}

namespace {

Point along(const Point& from, const Point& ahead, double forward, const Point& right, double across) {
    return Point(from.x() + ahead.x() * forward + right.x() * across, from.y() + ahead.y() * forward + right.y() * across);
}

} // namespace

TEST_CASE("the officer figure shows effectiveness as ORGANISATION places it, hit by hit", "[ein][officer]") {
    auto rules = ruleset();
    Battle battle = emptyBattle();
    addUnit(battle, UnitSpec("foot", "a", "regular-foot", 90, 60, 30));
    const Unit& start = *battle.findUnit("foot");
    const Point centre = start.centre();
    const Point ahead = facingVector(30);
    const Point right = facingVector(120);
    const double behind = -(10 + ein::kOfficerGap); // half a base's depth, then the gap

    // "two bases in line with the 'officer' ... placed centrally behind"
    std::vector<UnitFigure> figures = rules.unitFigures(battle, "foot");
    REQUIRE(figures.size() == 1);
    CHECK(figures[0].role == "officer");
    CHECK(boost::geometry::distance(figures[0].at, along(centre, ahead, behind, right, 0)) < 1e-9);
    CHECK(figures[0].shows == "100% effective: the officer centrally behind (ORGANISATION)");

    // The hits come by the rules' own path, applyHits, as fire and melee give them.
    auto hit = [&](const Battle& before) {
        ein::Step step(ein::builtInData(), defaultOptions(), before, nullptr);
        ein::applyHits(step, "foot", 1, "a test volley");
        return step.battle;
    };
    // "When a hit is suffered, move the officer to the right": behind the right base.
    const Battle once = hit(battle);
    figures = rules.unitFigures(once, "foot");
    REQUIRE(figures.size() == 1);
    CHECK(boost::geometry::distance(figures[0].at, along(centre, ahead, behind, right, 20)) < 1e-9);
    CHECK(figures[0].shows == "75% effective: the officer moved to the right (ORGANISATION)");

    // "remove one base and centrally place the officer figure behind the remaining base"
    const Battle twice = hit(once);
    const Unit& halved = *twice.findUnit("foot");
    REQUIRE(halved.elements.size() == 1);
    figures = rules.unitFigures(twice, "foot");
    REQUIRE(figures.size() == 1);
    CHECK(boost::geometry::distance(figures[0].at, along(halved.elements.front().centre, ahead, behind, right, 0)) < 1e-9);
    CHECK(figures[0].shows == "50% effective: a base removed, the officer behind the other (ORGANISATION)");

    // "When a third hit is suffered, remove the officer figure"
    const Battle thrice = hit(twice);
    CHECK(quartersOf(thrice, "foot") == 1);
    CHECK(rules.unitFigures(thrice, "foot").empty());
    CHECK(rules.unitFigures(hit(thrice), "foot").empty()); // eliminated
}

TEST_CASE("horse in two ranks have their officer behind the rear rank, guns and generals have none", "[ein][officer]") {
    auto rules = ruleset();
    Battle battle = emptyBattle();
    addUnit(battle, UnitSpec("horse", "b", "heavy-horse", 90, 20, 180));
    addUnit(battle, UnitSpec("gun", "a", "artillery", 60, 60));
    addUnit(battle, UnitSpec("george", "a", "general", 40, 60));
    const std::vector<UnitFigure> figures = rules.unitFigures(battle, "horse");
    REQUIRE(figures.size() == 1);
    // Two ranks of 20mm deep: the rear edge 20mm behind the centre.
    const Point expected = along(battle.findUnit("horse")->centre(), facingVector(180), -(20 + ein::kOfficerGap), facingVector(270), 0);
    CHECK(boost::geometry::distance(figures[0].at, expected) < 1e-9);
    battle.findUnit("horse")->counters["quarters"] = 3;
    const Point moved = along(battle.findUnit("horse")->centre(), facingVector(180), -(20 + ein::kOfficerGap), facingVector(270), 10);
    CHECK(boost::geometry::distance(rules.unitFigures(battle, "horse")[0].at, moved) < 1e-9);
    // "A gun and its crew use the same size base": no officer figure.
    CHECK(rules.unitFigures(battle, "gun").empty());
    CHECK(rules.unitFigures(battle, "george").empty());
    CHECK(rules.unitFigures(battle, "nobody").empty());
}

TEST_CASE("the table draws the rules' own arc, ranges and move: musket 8cm, canister 12cm and roundshot 24cm, front 90°",
          "[ein][overlay][ein-fire-arc]") {
    auto rules = ruleset();
    Battle battle = emptyBattle();
    addUnit(battle, UnitSpec("foot", "a", "regular-foot", 90, 60));
    addUnit(battle, UnitSpec("guns", "a", "artillery", 60, 60));
    addUnit(battle, UnitSpec("horse", "b", "heavy-horse", 90, 20, 180));
    const UnitOverlay foot = rules.overlay(battle, "foot");
    REQUIRE(foot.arcDegrees);
    CHECK(*foot.arcDegrees == 90);
    REQUIRE(foot.bands.size() == 1);
    CHECK(foot.bands[0].outerEdge == Approx(mm(8)));
    REQUIRE(foot.move);
    CHECK(*foot.move == Approx(mm(ein::allowanceCm(ein::builtInData(), *battle.findUnit("foot")))));
    INFO(foot.about);
    CHECK(foot.about == "Musket range, front 90°: to 8.0 cm; moves 6.0 cm (the Variation may take or add a quarter)");
    const UnitOverlay guns = rules.overlay(battle, "guns");
    REQUIRE(guns.bands.size() == 2);
    CHECK(guns.bands[0].name == "Canister");
    CHECK(guns.bands[0].outerEdge == Approx(mm(12)));
    CHECK(guns.bands[1].outerEdge == Approx(mm(24)));
    const UnitOverlay horse = rules.overlay(battle, "horse");
    CHECK_FALSE(horse.arcDegrees);
    CHECK(horse.bands.empty());
    CHECK(horse.about.find("no firearms") == 0);
    battle.findUnit("horse")->elements.clear();
    CHECK(rules.overlay(battle, "horse").about.empty());
}

namespace {

// Two armies of three, far apart, in the fire phase of turn 4 with side b passed: a's
// pass throws the (empty) fire, finds no melee and ends the turn. `lostA` and `lostB`
// units of each are eliminated; `acted` marks a unit as having moved this turn.
Battle atTurnEnd(int lostA, int lostB, bool acted = false) {
    Battle battle = emptyBattle();
    battle.session["startingUnits"] = {{"a", 3}, {"b", 3}};
    for (int i = 0; i < 3; ++i) {
        addUnit(battle, {"a" + std::to_string(i), "a", "regular-foot", 20.0 + i * 30, 70});
        addUnit(battle, {"b" + std::to_string(i), "b", "regular-foot", 20.0 + i * 30, 5, 180});
    }
    for (int i = 0; i < lostA; ++i) {
        battle.findUnit("a" + std::to_string(i))->elements.clear();
    }
    for (int i = 0; i < lostB; ++i) {
        battle.findUnit("b" + std::to_string(i))->elements.clear();
    }
    if (acted) {
        battle.findUnit("a2")->counters["acted"] = 1;
    }
    battle.turn = 4;
    battle.phase = "fire";
    battle.sides.back().markers.insert("passed");
    return battle;
}

Resolution endTheTurn(const ein::EinsamenhugelRuleset& rules, const Battle& battle) {
    DiceStream dice(5);
    return rules.resolve(battle, Action{"pass", "", "", {}, {}, {}}, dice);
}

} // namespace

TEST_CASE("ein-end-of-battle: a side that has lost the scenario's concession concedes at the turn's end",
          "[ein][turn][ein-end-of-battle]") {
    const auto rules = ruleset();
    Battle battle = atTurnEnd(0, 1, true);
    battle.session["concedeAt"] = 1;
    const Resolution ended = endTheTurn(rules, battle);
    REQUIRE(ended.refusal.empty());
    const Battle after = applied(battle, ended);
    CHECK(after.phase == "over");
    CHECK(rulingShown(ended, "ein-end-of-battle"));
    const GameStatus status = rules.status(after);
    CHECK(status.over);
    CHECK(status.winner == "a");
    CHECK(status.result == "Side B concedes at the end of turn 4, with 1 of its 3 units lost: Side A wins");
    // Short of it, the battle goes on to turn 5.
    battle.session["concedeAt"] = 2;
    CHECK(applied(battle, endTheTurn(rules, battle)).turn == 5);
    // Both at it: the one that has lost more concedes; as many, a draw by losses.
    Battle both = atTurnEnd(2, 1, true);
    both.session["concedeAt"] = 1;
    CHECK(rules.status(applied(both, endTheTurn(rules, both))).winner == "b");
    Battle even = atTurnEnd(1, 1, true);
    even.session["concedeAt"] = 1;
    const GameStatus drawn = rules.status(applied(even, endTheTurn(rules, even)));
    CHECK(drawn.over);
    CHECK(drawn.winner.empty());
    CHECK(drawn.result == "Both armies reach the concession together at the end of turn 4: a draw (Side A lost 1 units, Side B 1)");
    // An army's break comes first: two of three lost is below half.
    Battle broken = atTurnEnd(0, 2, true);
    broken.session["concedeAt"] = 1;
    CHECK(rules.status(applied(broken, endTheTurn(rules, broken))).result.find("below half") != std::string::npos);
}

TEST_CASE("ein-end-of-battle: the scenario's turn limit ends the battle, won on units eliminated", "[ein][turn][ein-end-of-battle]") {
    const auto rules = ruleset();
    Battle battle = atTurnEnd(0, 1, true);
    battle.session["turnLimit"] = 5;
    CHECK(applied(battle, endTheTurn(rules, battle)).turn == 5);
    battle.session["turnLimit"] = 4;
    const GameStatus status = rules.status(applied(battle, endTheTurn(rules, battle)));
    CHECK(status.over);
    CHECK(status.winner == "a");
    CHECK(status.result == "The turn limit is reached at the end of turn 4: Side A wins (Side A lost 0 units, Side B 1)");
}

TEST_CASE("ein-end-of-battle: two turns in which neither army acts end the battle, by option three or never",
          "[ein][turn][ein-end-of-battle]") {
    const auto rules = ruleset();
    Battle quiet = atTurnEnd(1, 0);
    const Battle first = applied(quiet, endTheTurn(rules, quiet));
    CHECK(first.turn == 5);
    CHECK(first.session.value("quietTurns", 0) == 1);
    // A second quiet turn ends it.
    Battle second = atTurnEnd(1, 0);
    second.session["quietTurns"] = 1;
    const Resolution ended = endTheTurn(rules, second);
    CHECK(rulingShown(ended, "ein-end-of-battle"));
    const GameStatus status = rules.status(applied(second, ended));
    CHECK(status.over);
    CHECK(status.winner == "b");
    CHECK(status.result ==
          "Neither army moved, fired or fought for 2 turns, to the end of turn 4: Side B wins (Side A lost 1 units, Side B 0)");
    // A turn in which a unit acted starts the count again.
    Battle busy = atTurnEnd(1, 0, true);
    busy.session["quietTurns"] = 1;
    const Battle goesOn = applied(busy, endTheTurn(rules, busy));
    CHECK(goesOn.turn == 5);
    CHECK(goesOn.session.value("quietTurns", -1) == 0);
    // By option: three quiet turns, or never.
    CHECK(applied(second, endTheTurn(ruleset({{"quiet-turns", "3"}}), second)).turn == 5);
    second.session["quietTurns"] = 40;
    CHECK(applied(second, endTheTurn(ruleset({{"quiet-turns", "never"}}), second)).turn == 5);
}

TEST_CASE("ein-end-of-battle: a scenario may add a concession and a turn limit, with whole numbers", "[ein][scenario][ein-end-of-battle]") {
    const auto rules = ruleset();
    auto scenario = loadScenario(scenariosDir() / "einsamenhugel-battle.json");
    REQUIRE(scenario);
    CHECK(rules.checkScenario(*scenario).empty());
    // The refight concedes as Maurice did: 7 units lost.
    auto game = refight(3);
    CHECK(game->battle().session.value("concedeAt", 0) == 7);
    Scenario limited = *scenario;
    limited.victory.push_back({"turn-limit", "", {{"turns", 12}}});
    CHECK(rules.checkScenario(limited).empty());
    limited.victory.back().parameters = {{"turns", 0}};
    CHECK(rules.checkScenario(limited) ==
          std::vector<std::string>{"/victory/2/parameters: turn-limit takes {\"turns\": N}, a whole number from 1 to 100"});
    limited.victory.back() = {"concession", "", {{"unitsLost", "seven"}}};
    CHECK(rules.checkScenario(limited) ==
          std::vector<std::string>{"/victory/2/parameters: concession takes {\"unitsLost\": N}, a whole number from 1 to 1000"});
    limited.victory.back() = {"sudden-death", "", {}};
    CHECK(rules.checkScenario(limited).front().starts_with("/victory/2/id: \"sudden-death\" is not a victory these rules play"));
}

TEST_CASE("ein-end-of-battle: the refight by the computer ends for every seed, as the report's did or by a break",
          "[ein][computer][ein-end-of-battle]") {
    int conceded = 0;
    for (std::uint64_t seed = 1; seed <= 12; ++seed) {
        auto game = refight(seed);
        ComputerPlayer player(ComputerLevel::Basic); // the rules under test, at the fast, fixed level
        for (int guard = 0; guard < 5000 && !game->status().over; ++guard) {
            const std::string side = sideToDecide(*game);
            REQUIRE(player.play(*game, side, [&](const Action& action) {
                auto done = game->perform(action);
                return done ? std::string() : done.error();
            }));
        }
        INFO("seed " << seed << ": turn " << game->battle().turn);
        REQUIRE(game->status().over);
        CHECK(game->battle().turn < 40);
        conceded += game->status().result.find("concedes") != std::string::npos ? 1 : 0;
    }
    CHECK(conceded > 0);
}
