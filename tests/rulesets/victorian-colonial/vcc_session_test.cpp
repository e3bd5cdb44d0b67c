// Abu Klea played to its end by the computer on both sides, replayed to the same hashes;
// every offer accepted; the scenario check; the sequence of play and the end of a battle.

#include "sandtable/computer_player.h"
#include "sandtable/game.h"
#include "sandtable/replay.h"
#include "sandtable/ruleset_registry.h"
#include "sandtable/save_file.h"
#include "sandtable/scenario.h"
#include "vcc_scenario.h"
#include "vcc_test_support.h"

#include <catch2/catch.hpp>

using namespace vcctest;

namespace {

Scenario abuKlea() {
    auto scenario = loadScenario(scenariosDir() / "vcc-abu-klea.json");
    REQUIRE(scenario);
    return std::move(scenario).value();
}

std::unique_ptr<Game> startGame(Scenario scenario, std::uint64_t seed) {
    auto rules = makeRuleset("victorian-colonial", scenario.rulesetOptions);
    REQUIRE(rules);
    auto game = Game::start(std::move(scenario), std::move(rules).value(), seed);
    REQUIRE(game);
    return std::move(game).value();
}

/// Every action every offer of the side to decide makes is taken by the game, or refused
/// only by the rules (a rocket at an empty box is not refused; a move is not).
void checkOffersTaken(const Game& game) {
    const std::string side = game.status().activeSide;
    std::vector<std::string> units{""};
    for (const Unit& unit : game.battle().units) {
        units.push_back(unit.id);
    }
    for (const std::string& id : units) {
        for (const Offer& offer : game.ruleset().offers(game.battle(), id)) {
            INFO(id << " " << offer.type);
            CHECK(offerShapeProblem(offer, id).empty());
            const auto actions = actionsOffered(game.battle(), offer);
            for (std::size_t i = 0; i < actions.size(); i += std::max<std::size_t>(1, actions.size() / 4)) {
                INFO(toJson(actions[i]).dump());
                CHECK(game.ruleset().sequenceRefusal(game.battle(), actions[i]).empty());
                DiceStream dice(9);
                CHECK(game.ruleset().resolve(game.battle(), actions[i], dice).refusal.empty());
            }
        }
    }
}

} // namespace

TEST_CASE("Abu Klea validates, and the computer plays it to its end on both sides — every offer is taken — the save replays",
          "[vcc][scenario][computer]") {
    CHECK(ruleset().checkScenario(abuKlea()).empty());
    std::set<std::string> results;
    for (const std::uint64_t seed : {1u, 2u, 3u, 4u}) {
        auto game = startGame(abuKlea(), seed);
        Game& playing = *game;
        const std::set<std::string> both{"british", "native"};
        int decisions = 0;
        for (int guard = 0; guard < 3000 && !playing.status().over; ++guard) {
            if (guard % 7 == 0) {
                checkOffersTaken(playing);
            }
            const std::optional<std::string> side = computerToDecide(playing, both);
            REQUIRE(side);
            const auto played = playComputerAction(playing, *side, [&](const Action& action) {
                auto done = playing.perform(action);
                return done ? std::string() : done.error();
            });
            INFO("seed " << seed << ", turn " << playing.battle().turn << " " << playing.battle().phase);
            REQUIRE(played);
            ++decisions;
        }
        INFO("seed " << seed);
        REQUIRE(playing.status().over);
        CHECK(playing.battle().turn <= 10);
        CHECK(playing.battle().turn >= 3); // the armies are two boxes apart: no side is broken in two turns
        results.insert(playing.status().winner);
        const SaveFile save = saveOf(playing);
        auto replayed = replay(save, [](const std::string& id, const nlohmann::json& options) { return makeRuleset(id, options); });
        REQUIRE(replayed);
        CHECK(replayed->reproduced());
    }
    CHECK(results.size() >= 2); // either side can win
}

TEST_CASE("the steps follow the sheet's order, each played by its side — a step with nothing to do passes by itself [vcc-steps]",
          "[vcc][turn]") {
    auto game = startGame(abuKlea(), 1);
    CHECK(game->battle().phase == "british-heavy-fire");
    CHECK(game->status().activeSide == "british");
    CHECK(game->status().situation.rfind("Step 1 of 8", 0) == 0);
    // The Natives have no artillery, machine guns or rockets: their step 2 passes by itself.
    REQUIRE(game->perform(Action{.type = "pass"}));
    CHECK(game->battle().phase == "native-movement");
    CHECK(game->status().activeSide == "native");
    REQUIRE(game->perform(Action{.type = "pass"}));
    CHECK(game->battle().phase == "british-movement");
    REQUIRE(game->perform(Action{.type = "pass"}));
    CHECK(game->battle().phase == "british-small-arms");
    // A unit of the side not to play is offered nothing; another step's order is refused.
    CHECK(game->ruleset().offers(game->battle(), "degheim").empty());
    CHECK_FALSE(game->perform(Action{.type = "move", .unit = "guards-camel", .box = Box{5, 4}}));
}

TEST_CASE("a move to a box out of reach is refused for its reach, not for the sequence of play, which allows it [vcc-terrain]",
          "[vcc][turn]") {
    auto game = startGame(abuKlea(), 1);
    REQUIRE(game->perform(Action{.type = "pass"})); // step 1: the Natives' movement is next
    REQUIRE(game->battle().phase == "native-movement");
    REQUIRE(boxName(game->battle().table.boxAt(game->battle().findUnit("kenana")->centre())) == "E3");
    const Action tooFar{.type = "move", .unit = "kenana", .box = Box{4, 4}};
    const auto refused = game->perform(tooFar);
    REQUIRE_FALSE(refused);
    // The rules' own reason, as the preview gives it while the player drags the route.
    CHECK(refused.error() == game->preview(tooFar).refusal);
    CHECK(refused.error().find("cannot reach E5") != std::string::npos);
    CHECK(refused.error().find("may not move now") == std::string::npos);
    CHECK(game->perform(Action{.type = "move", .unit = "kenana", .box = Box{4, 3}}));
}

TEST_CASE("a battle ends when an army is broken, or after its turns with the objective held [vcc-victory]", "[vcc][turn]") {
    // The Natives' only unit is destroyed: at the end of the turn the British win.
    Battle battle = emptyBattle("melee");
    addUnit(battle, UnitSpec("redcoats", "british", "foot", {5, 5}));
    addUnit(battle, UnitSpec("warriors", "native", "foot", {5, 4}, 180).bases(1).with({{"figuresPerBase", 1}}));
    battle.session["contacts"] = nlohmann::json::array({nlohmann::json::array({"redcoats", "warriors"})});
    battle.session["fought"] = nlohmann::json::array();
    const Resolution fought = resolveWith(ruleset(), battle, Action{.type = "melee", .unit = "redcoats", .target = "warriors"}, 1);
    REQUIRE(fought.refusal.empty());
    const Battle after = applied(battle, fought);
    if (after.findUnit("warriors")->eliminated()) {
        CHECK(after.phase == "over");
        CHECK(ruleset().status(after).winner == "british");
        CHECK(rulingShown(fought, "vcc-victory"));
    }
    // The turns are up: the side alone in the objective's box with an unbroken unit wins.
    Battle last = emptyBattle("melee");
    last.turn = 3;
    last.session["turnLimit"] = 3;
    last.session["objective"] = {{"box", {6, 0}}, {"name", "the wells"}};
    last.session["fought"] = nlohmann::json::array();
    addUnit(last, UnitSpec("redcoats", "british", "foot", {6, 0}));
    addUnit(last, UnitSpec("warriors", "native", "foot", {2, 2}, 180));
    const Resolution ended = resolveWith(ruleset(), last, Action{.type = "pass"}, 1);
    REQUIRE(ended.refusal.empty());
    const Battle done = applied(last, ended);
    CHECK(done.phase == "over");
    const GameStatus status = ruleset().status(done);
    CHECK(status.over);
    CHECK(status.winner == "british");
    CHECK(status.result == "British win: they hold the wells when the turns are up (turn 3)");
    // Nobody there: a draw.
    last.findUnit("redcoats")->elements.front().centre = Point(350, 350);
    for (Element& element : last.findUnit("redcoats")->elements) {
        element.centre = Point(350, 350);
    }
    const GameStatus drawn = ruleset().status(applied(last, resolveWith(ruleset(), last, Action{.type = "pass"}, 1)));
    CHECK(drawn.over);
    CHECK(drawn.winner.empty());
}

TEST_CASE("a scenario's problems name their place: the sides, the grid, types, qualities, weapons, victory [vcc-sides]",
          "[vcc][scenario]") {
    Scenario scenario = abuKlea();
    scenario.battle.sides[1].id = "zulu";
    scenario.battle.table.unit = MeasureUnit::Inch;
    scenario.battle.units[0].type = "camel-gun";
    scenario.battle.units[1].quality = "veteran";
    scenario.battle.units[2].stats["weapon"] = "lance";
    scenario.victory.push_back({"points", "", nlohmann::json::object()});
    scenario.victory[0].parameters["turns"] = 0;
    const auto problems = vcc::scenarioProblems(data(), scenario);
    std::string all;
    for (const std::string& problem : problems) {
        all += problem + "\n";
    }
    INFO(all);
    CHECK(all.find("/sides: these rules are for two sides with the ids \"british\" and \"native\"") != std::string::npos);
    CHECK(all.find("/table: these rules are played on a grid of boxes") != std::string::npos);
    CHECK(all.find("/units/0: unit \"guards-camel\" has type \"camel-gun\"") != std::string::npos);
    CHECK(all.find("/units/1: unit \"mounted-infantry\" has quality \"veteran\"") != std::string::npos);
    CHECK(all.find("/units/2: unit \"heavy-camel\": stats.weapon should be one Foot carry (musket, rifle), or \"none\"") !=
          std::string::npos);
    CHECK(all.find("/victory/3/id: \"points\" is not a victory these rules play") != std::string::npos);
    CHECK(all.find("/victory/0/parameters/turns: expected the number of turns, 1 to 100") != std::string::npos);
}

TEST_CASE("the unit's state and overlay read in boxes", "[vcc][turn]") {
    auto game = startGame(abuKlea(), 1);
    const std::string state = game->ruleset().unitState(game->battle(), "guards-camel");
    CHECK(state.find("6 bases in F6 (morale 6)") == 0);
    CHECK(state.find("in square") != std::string::npos);
    const UnitOverlay overlay = game->ruleset().overlay(game->battle(), "guards-camel");
    REQUIRE_FALSE(overlay.boxSets.empty());
    CHECK(overlay.about.find("Rifle: Close 1 Medium 2 Long 3 boxes") == 0);
    // A square fires all round: its close band is the eight boxes around it.
    const auto close = std::find_if(overlay.boxSets.begin(), overlay.boxSets.end(),
                                    [](const UnitOverlay::BoxSet& set) { return set.name == "Close range"; });
    REQUIRE(close != overlay.boxSets.end());
    CHECK(close->boxes.size() == 8);
}

TEST_CASE("the standard level's beaten unit falls back by box, to the box farthest from the enemy its move allows", "[vcc][computer]") {
    // Warriors with two of their six bases left (a third of their strength: beaten), one
    // box from a British line, in the Natives' movement step.
    Scenario scenario;
    scenario.name = "set piece";
    scenario.rulesetId = "victorian-colonial";
    scenario.battle = emptyBattle();
    scenario.battle.phase.clear();
    scenario.battle.session = nlohmann::json::object();
    addUnit(scenario.battle, UnitSpec("redcoats", "british", "foot", {5, 6}));
    Unit& warriors = addUnit(scenario.battle, UnitSpec("warriors", "native", "foot", {5, 4}, 180).bases(6));
    warriors.elements.resize(2);
    auto game = startGame(std::move(scenario), 3);
    REQUIRE(game->battle().phase == "native-movement");
    const Battle& battle = game->battle();
    const Box enemyBox = vcc::boxOf(battle, *battle.findUnit("redcoats"));
    const Box here = vcc::boxOf(battle, *battle.findUnit("warriors"));
    std::optional<ComputerChoice> back;
    for (const ComputerChoice& choice : computerChoices(*game, "native", ComputerLevel::Standard)) {
        if (choice.action.unit == "warriors" && choice.action.type == "move") {
            back = choice;
        }
    }
    REQUIRE(back);
    CHECK_THAT(back->reason, Catch::Matchers::Contains("falls back from redcoats: beaten, 33% of its strength left (to box "));
    REQUIRE(back->action.box);
    CHECK(game->verdict(back->action).allowed());
    CHECK(boxDistance(*back->action.box, enemyBox) > boxDistance(here, enemyBox));
    // No box it may move to is farther from the redcoats.
    for (const Offer& offer : game->offers("warriors")) {
        if (offer.role != OrderRole::Move) {
            continue;
        }
        for (const Box& box : offer.boxes) {
            Action move = back->action;
            move.box = box;
            if (game->verdict(move).allowed()) {
                CHECK(boxDistance(box, enemyBox) <= boxDistance(*back->action.box, enemyBox));
            }
        }
    }
    // The basic level has no beaten units: it does not fall back.
    for (const ComputerChoice& choice : computerChoices(*game, "native")) {
        CHECK_THAT(choice.reason, !Catch::Matchers::Contains("falls back"));
    }
}
