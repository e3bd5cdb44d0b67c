// The game as a whole: the deck ordering each phase (its order from the seed, hidden from
// previews), cards passing when a side has no unit left, the sequence of play, the end of
// the battle, the scenario check, and the village fight played to its end by the computer
// on both sides, every offer taken, every line cited, replayed to the same hashes.

#include "game_test_support.h"
#include "lshm_scenario.h"
#include "lshm_test_support.h"
#include "lshm_turn.h"
#include "sandtable/computer_player.h"
#include "sandtable/game.h"
#include "sandtable/replay.h"
#include "sandtable/ruleset_registry.h"
#include "sandtable/save_file.h"
#include "sandtable/scenario.h"

#include <catch2/catch.hpp>
#include <set>

using namespace lshmtest;

namespace {

Scenario shipped(const std::string& file) { return shippedScenario(scenariosDir() / file); }

std::unique_ptr<Game> startGame(Scenario scenario, std::uint64_t seed, const nlohmann::json& options = nlohmann::json::object()) {
    return rulesettest::startGame("lshm-skirmish", std::move(scenario), seed, options);
}

void playToTheEnd(Game& game, int every, int most = 6000) { rulesettest::playToTheEnd(game, {"french", "british"}, every, most); }

} // namespace

TEST_CASE("the deck: 54 cards shuffled for movement and again for fire, each turned from the seed, black calls the first side",
          "[lshm][cards][lshm-card-order][lshm-colours]") {
    auto game = startGame(shipped("lshm-casa-blanca.json"), 1);
    const DeckState& deck = game->battle().decks.at(lshm::kDeck);
    CHECK(deck.cards.size() == 54);
    CHECK(deck.discards.size() >= 1); // the first card is turned as the turn begins
    const Card first = cardFromId(deck.showing());
    const GameStatus status = game->status();
    CHECK(status.activeSide == (first.colour() == CardColour::Black ? "french" : "british"));
    CHECK(rulingShown(game->log().empty() ? Resolution{} : game->log().front().resolution, "lshm-colours") ==
          false); // the start is not an action
    // Another seed, another first card, sometimes: the order comes from the seed.
    std::set<std::string> firsts;
    for (std::uint64_t seed = 1; seed <= 12; ++seed) {
        firsts.insert(startGame(shipped("lshm-casa-blanca.json"), seed)->battle().decks.at(lshm::kDeck).showing());
    }
    CHECK(firsts.size() > 3);
    // Same seed, same card.
    CHECK(startGame(shipped("lshm-casa-blanca.json"), 1)->battle().decks.at(lshm::kDeck).showing() == deck.showing());
}

TEST_CASE("a card of a side with no unit left passes by itself, and the phase ends when every unit has had its chance",
          "[lshm][cards][lshm-card-order]") {
    Battle battle = emptyBattle("movement");
    showing(battle, "2S");
    addUnit(battle, UnitSpec("fr", "french", "line", 24, 10, 180));
    addUnit(battle, UnitSpec("br", "british", "line", 24, 30, 0));
    battle.session["done"] = nlohmann::json::array({"br"});
    DiceStream dice(static_cast<std::uint64_t>(4));
    const Resolution held = ruleset().resolve(battle, Action{.type = "hold", .unit = "fr"}, dice);
    REQUIRE(held.refusal.empty());
    CHECK(rulingShown(held, "lshm-card-order"));
    CHECK(traceText(held).find("Turn 1, fire: the deck reshuffled") != std::string::npos);
    // Neither unit can reach the other in the fire phase: it ends too, and the next turn begins.
    CHECK(traceText(held).find("Turn 2, movement") != std::string::npos);
}

TEST_CASE("the sequence of play refuses an order of a side whose card is not showing, or out of its phase", "[lshm][cards]") {
    Battle battle = emptyBattle("movement");
    showing(battle, "2S");
    addUnit(battle, UnitSpec("fr", "french", "line", 24, 10, 180));
    addUnit(battle, UnitSpec("fr2", "french", "line", 10, 10, 180));
    addUnit(battle, UnitSpec("br", "british", "line", 24, 20, 0));
    const auto rules = ruleset();
    CHECK(rules.sequenceRefusal(battle, Action{.type = "roll-move", .unit = "br"}).find("not its side's") != std::string::npos);
    CHECK(rules.sequenceRefusal(battle, Action{.type = "fire", .unit = "fr", .target = "br"}).find("may not fire now") !=
          std::string::npos);
    CHECK(rules.sequenceRefusal(battle, Action{.type = "roll-move", .unit = "fr"}).empty());
    battle.session["acting"] = "fr";
    CHECK(rules.sequenceRefusal(battle, Action{.type = "roll-move", .unit = "fr2"}).find("is moving on this card") != std::string::npos);
    battle.session["acting"] = "";
    battle.session["done"] = nlohmann::json::array({"fr"});
    CHECK(rules.sequenceRefusal(battle, Action{.type = "roll-move", .unit = "fr"}).find("has had its chance") != std::string::npos);
    CHECK(rules.sequenceRefusal(battle, Action{.type = "dance", .unit = "fr2"}).find("no action \"dance\"") != std::string::npos);
}

TEST_CASE("the battle ends when a side has lost its Commander-in-Chief and half its units, or at its last turn with the farm held",
          "[lshm][cards][lshm-victory]") {
    Battle battle = emptyBattle("fire");
    showing(battle, "2S");
    addUnit(battle, UnitSpec("fr", "french", "line", 24, 10, 180));
    addUnit(battle, UnitSpec("fr2", "french", "line", 10, 10, 180));
    addUnit(battle, UnitSpec("br", "british", "line", 24, 34, 0));
    battle.sides[0].markers.insert("commander-lost");
    battle.findUnit("fr2")->markers.insert("routed");
    battle.session["done"] = nlohmann::json::array({"br", "fr"});
    DiceStream dice(static_cast<std::uint64_t>(2));
    const Resolution held = ruleset().resolve(battle, Action{.type = "hold-fire", .unit = "fr"}, dice);
    // "fr" is done: the hold is refused by the sequence, but the rules resolve it (a ruling may be asked).
    const Battle after = applied(battle, held);
    REQUIRE(after.session.contains("over"));
    CHECK(after.session.at("over").at("winner") == "british");
    CHECK(rulingShown(held, "lshm-victory"));
}

TEST_CASE(
    "a side with no figure left on the table loses at the turn's end, and a table with nobody on it is a draw and never an endless turn",
    "[lshm][cards][lshm-victory]") {
    Battle battle = emptyBattle("fire");
    showing(battle, "2S");
    addUnit(battle, UnitSpec("fr", "french", "line", 24, 10, 180));
    battle.session["done"] = nlohmann::json::array({"fr"});
    DiceStream dice(static_cast<std::uint64_t>(3));
    const Resolution held = ruleset().resolve(battle, Action{.type = "hold-fire", .unit = "fr"}, dice);
    const Battle after = applied(battle, held);
    REQUIRE(after.session.contains("over"));
    CHECK(after.session.at("over").at("winner") == "french");
    CHECK(rulingShown(held, "lshm-victory"));
    // Nobody at all: the game starts and is over at once, a draw, instead of turning cards for ever.
    Scenario empty = shipped("lshm-casa-blanca.json");
    empty.battle.units.clear();
    empty.preBattleMoves.clear();
    auto game = startGame(empty, 5);
    CHECK(game->status().over);
    CHECK(game->status().winner.empty());
    CHECK(game->status().result.find("No side has a figure on the table") != std::string::npos);
}

TEST_CASE("a scenario's problems name their place: types, formations, figures, guns, buildings, victory",
          "[lshm][scenario][lshm-unit-size]") {
    Scenario scenario = shipped("lshm-casa-blanca.json");
    CHECK(ruleset().checkScenario(scenario).empty());
    scenario.battle.units[0].type = "hussars";
    scenario.battle.units[1].formation = "wedge";
    scenario.battle.units[2].elements[0].role = "drummer-boy";
    scenario.battle.units[2].elements[1].figures = {Health::Fit, Health::Fit};
    scenario.battle.units[4].elements.erase(scenario.battle.units[4].elements.begin());
    scenario.battle.areas[0].rules["openings"][0]["kind"] = "porthole";
    scenario.victory.push_back({"capture", "", nlohmann::json::object()});
    scenario.victory.push_back({"hold-objective", "", {{"turns", 5}, {"area", "nowhere"}}});
    std::string all;
    for (const std::string& problem : ruleset().checkScenario(scenario)) {
        all += problem + "\n";
    }
    INFO(all);
    CHECK(all.find("/units/0/type: \"hussars\" is not a troop type") != std::string::npos);
    CHECK(all.find("/units/1/formation:") != std::string::npos);
    CHECK(all.find("/units/2/elements/0/role: \"drummer-boy\"") != std::string::npos);
    CHECK(all.find("/units/2/elements/1/figures: every element here is one figure") != std::string::npos);
    CHECK(all.find("/units/4/elements: an artillery unit is one gun") != std::string::npos);
    CHECK(all.find("/terrain/areas/0/rules/openings/0/kind") != std::string::npos);
    CHECK(all.find("\"capture\" is not a victory these rules play") != std::string::npos);
    CHECK(all.find("/parameters/area: expected the id of a terrain area") != std::string::npos);
    // Each company is the rules' 12 figures: 2 leaders and 10 privates.
    const Scenario good = shipped("lshm-casa-blanca.json");
    CHECK(good.battle.units[1].elements.size() == 12);
    CHECK(data().ruling("lshm-unit-size").text.find("12") != std::string::npos);
}

TEST_CASE(
    "The farm at Casa Blanca: ten turns with the computer on both sides, every offer taken, every line cited, replayed to the same hashes",
    "[lshm][scenario][computer]") {
    const std::string ruleText = readText(rulesDir() / textFile);
    int fired = 0;
    int charges = 0;
    for (const std::uint64_t seed : {1u, 2u}) {
        auto game = startGame(shipped("lshm-casa-blanca.json"), seed);
        playToTheEnd(*game, seed == 1 ? 7 : 0);
        INFO("seed " << seed);
        REQUIRE(game->status().over);
        CHECK(game->battle().turn <= 10);
        for (const LogEntry& entry : game->log()) {
            fired += entry.action.type == "fire" ? 1 : 0;
            charges += entry.action.type == "charge" ? 1 : 0;
            for (const TraceStep& step : entry.resolution.trace.steps()) {
                INFO(entry.action.type << ": " << step.citation.toString());
                CHECK(step.citation.file == textFile);
                CHECK((!step.citation.heading.empty() && ruleText.find(step.citation.heading) != std::string::npos));
            }
        }
        checkReplays(*game);
    }
    CHECK(fired > 10);
    CHECK(charges > 0);
}

TEST_CASE("every offer's preview agrees with its resolution at points of a played game", "[lshm][scenario]") {
    auto game = startGame(shipped("lshm-casa-blanca.json"), 3);
    const std::set<std::string> both{"french", "british"};
    ComputerPlayer computer(ComputerLevel::Basic); // the rules under test, at the fast, fixed level
    int compared = 0;
    for (int guard = 0; guard < 120 && !game->status().over; ++guard) {
        if (guard % 6 == 0) {
            compared += comparePreviewsWithResolutions(game->ruleset(), game->battle(), {}, 2);
        }
        REQUIRE(computer.play(*game, *computerToDecide(*game, both), [&](const Action& action) {
            auto done = game->perform(action);
            return done ? std::string() : done.error();
        }));
    }
    CHECK(compared > 10);
}
