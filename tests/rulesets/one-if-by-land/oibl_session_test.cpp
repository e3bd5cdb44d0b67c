// The game as a whole: the brigade deck (its order from the seed, hidden from previews),
// the six steps, the end of the battle, the scenario check, and the shipped scenarios
// played to their end by the computer on both sides, every offer taken, replayed to the
// same hashes.

#include "game_test_support.h"
#include "oibl_scenario.h"
#include "oibl_test_support.h"
#include "oibl_turn.h"
#include "sandtable/computer_player.h"
#include "sandtable/game.h"
#include "sandtable/replay.h"
#include "sandtable/ruleset_registry.h"
#include "sandtable/save_file.h"
#include "sandtable/scenario.h"

#include <catch2/catch.hpp>
#include <set>

using namespace oibltest;

namespace {

Scenario shipped(const std::string& file) { return shippedScenario(scenariosDir() / file); }

std::unique_ptr<Game> startGame(Scenario scenario, std::uint64_t seed, const nlohmann::json& options = nlohmann::json::object()) {
    return rulesettest::startGame("one-if-by-land", std::move(scenario), seed, options);
}

const DeckState& deckOf(const Game& game) { return game.battle().decks.at("brigades"); }

void playToTheEnd(Game& game, int every, int most = 4000) { rulesettest::playToTheEnd(game, {"british", "american"}, every, most); }

} // namespace

TEST_CASE("the deck: a card for each brigade, the headquarters' for the rest, shuffled every turn", "[oibl][cards][oibl-cards]") {
    auto game = startGame(shipped("oibl-freemans-farm.json"), 1);
    const DeckState& deck = deckOf(*game);
    // Three British brigades, three American, and each side's headquarters (Burgoyne, Arnold).
    CHECK(deck.cards.size() == 8);
    CHECK(std::count(deck.cards.begin(), deck.cards.end(), "headquarters-british") == 1);
    CHECK(std::count(deck.cards.begin(), deck.cards.end(), "headquarters-american") == 1);
    CHECK(deck.drawPile.size() == 8);
    CHECK(game->status().activeSide.empty()); // nobody in particular turns it: the game's own order
    const auto offers = game->offers("");
    REQUIRE(offers.size() == 1);
    CHECK(offers.front().role == OrderRole::Draw);
    // Division and army cards, as options.
    auto divisions = startGame(shipped("oibl-freemans-farm.json"), 1, {{"division-cards", "on"}, {"army-cards", "on"}});
    const auto& all = deckOf(*divisions).cards;
    CHECK(std::count(all.begin(), all.end(), "american-wing") == 1);
    CHECK(std::count(all.begin(), all.end(), "british-army") == 1);
    CHECK(std::count(all.begin(), all.end(), "headquarters-british") == 0); // Burgoyne acts on his own card now
}

TEST_CASE("the order of the cards comes from the seed as each is turned, and no preview can see it", "[oibl][cards][oibl-cards]") {
    std::vector<std::string> first;
    std::vector<std::string> again;
    std::vector<std::string> other;
    for (auto* turned : {&first, &again, &other}) {
        auto game = startGame(shipped("oibl-freemans-farm.json"), turned == &other ? 2 : 1);
        // The preview of the next card is the same whatever the seed: the odds of what is left.
        const Preview preview = game->preview(Action{.type = "next-card"});
        REQUIRE(preview.allowed());
        const Odds& next = oddsOf(preview, "The next card");
        CHECK(next.lines.size() == 8);
        for (const Odds::Line& line : next.lines) {
            CHECK(toString(line.probability) == "1/8");
        }
        const std::set<std::string> both{"british", "american"};
        ComputerPlayer computer(ComputerLevel::Basic); // the rules under test, at the fast, fixed level
        while (turned->size() < 8 && !game->status().over) {
            const std::size_t before = deckOf(*game).discards.size();
            REQUIRE(computer.play(*game, *computerToDecide(*game, both), [&](const Action& action) {
                auto done = game->perform(action);
                return done ? std::string() : done.error();
            }));
            if (deckOf(*game).discards.size() > before) {
                turned->push_back(deckOf(*game).showing());
            }
        }
    }
    CHECK(first == again);
    CHECK(first != other);
    CHECK(std::set<std::string>(first.begin(), first.end()).size() == 8); // every card once a turn
}

TEST_CASE("a unit acts once a turn, on its first card: a brigade's after its division's finds it done", "[oibl][cards][oibl-once-a-turn]") {
    Battle battle = emptyBattle();
    battle.commands = {{"division", "The division", "british", "division", "", ""},
                       {"brigade", "The brigade", "british", "brigade", "", "division"}};
    addUnit(battle, UnitSpec("line", "british", "normal-infantry", 10, 10, 180).under("brigade"));
    addUnit(battle, UnitSpec("rebels", "american", "normal-infantry", 10, 30, 0));
    battle.decks["brigades"] = DeckState{{"brigade", "division", "headquarters-american"}, {"brigade"}, {"division"}, 1, {}};
    battle.session["acted"] = std::vector<std::string>{"line"}; // the division's card came first
    const Resolution turned = resolveWith(ruleset({{"division-cards", "on"}}), battle, Action{.type = "next-card"}, 1);
    REQUIRE(turned.refusal.empty());
    CHECK(traceText(turned).find("none of whose units may still act this turn") != std::string::npos);
    CHECK(rulingShown(turned, "oibl-once-a-turn"));
}

TEST_CASE("the six steps: step 1's tests as the card turns, a step with nothing to do passing by itself", "[oibl][cards][oibl-steps]") {
    // At the rail fence both sides may charge at once: step 2 comes first.
    auto fence = startGame(shipped("oibl-training-charge.json"), 3);
    REQUIRE(fence->perform(Action{.type = "next-card"}));
    const GameStatus& status = fence->status();
    CHECK_FALSE(status.activeSide.empty());
    CHECK_FALSE(status.activeCommand.empty());
    CHECK(status.situation.find(" of 6, charge declarations") != std::string::npos);
    CHECK(fence->battle().phase == "step-2");
    CHECK_FALSE(status.mayActivate.empty());
    CHECK(rulingShown(fence->log().back().resolution, "oibl-steps"));
    // At Freeman's Farm nobody is within a charge's reach at the start: straight to movement.
    auto farm = startGame(shipped("oibl-freemans-farm.json"), 3);
    REQUIRE(farm->perform(Action{.type = "next-card"}));
    CHECK(farm->battle().phase == "step-4");
    CHECK(farm->status().situation.find("step 4 of 6, all other units' movement") != std::string::npos);
}

TEST_CASE("the battle ends when an army is broken, or after its turns with the objective held", "[oibl][cards][oibl-victory]") {
    Battle battle = emptyBattle();
    addUnit(battle, UnitSpec("line", "british", "normal-infantry", 10, 10, 180));
    addUnit(battle, UnitSpec("guards", "british", "normal-infantry", 20, 10, 180));
    addUnit(battle, UnitSpec("rebels", "american", "normal-infantry", 10, 30, 0));
    battle.areas.push_back(rectangleArea(AreaType::BuiltUp, 5, 5, 15, 15, 0, millimetresPerInch));
    battle.areas.back().id = "farm";
    battle.session["victory"] = nlohmann::json::array({{{"id", "army-morale"}, {"parameters", {{"share", 0.5}}}},
                                                       {{"id", "turn-limit"}, {"parameters", {{"turns", 3}, {"objective", "farm"}}}}});
    battle.session["armyStart"] = {{"british", 2}, {"american", 1}};
    battle.decks["brigades"] = DeckState{{"headquarters-british"}, {}, {"headquarters-british"}, 1, {}};
    battle.phase = "step-5";
    battle.session["acting"] = std::vector<std::string>{"line"};
    battle.session["actingSide"] = "british";
    // The last card's activation ends the turn: the rebels' only unit routing breaks their army.
    battle.findUnit("rebels")->markers.insert("routing");
    const Resolution ended = resolveWith(ruleset(), battle, Action{.type = "end-step"}, 1);
    REQUIRE(ended.refusal.empty());
    const Battle over = applied(battle, ended);
    const GameStatus status = ruleset().status(over);
    CHECK(status.over);
    CHECK(status.winner == "british");
    CHECK(status.result.find("army is broken") != std::string::npos);
    CHECK(rulingShown(ended, "oibl-victory"));
    // Not broken: after the last turn, the side holding the farm wins.
    battle.findUnit("rebels")->markers.clear();
    battle.turn = 3;
    const Battle held = applied(battle, resolveWith(ruleset(), battle, Action{.type = "end-step"}, 1));
    CHECK(ruleset().status(held).winner == "british");
    CHECK(ruleset().status(held).result.find("hold the objective") != std::string::npos);
    // Before the last turn, the battle goes on into a new turn with the deck shuffled again.
    battle.turn = 2;
    const Battle goesOn = applied(battle, resolveWith(ruleset(), battle, Action{.type = "end-step"}, 1));
    CHECK_FALSE(ruleset().status(goesOn).over);
    CHECK(goesOn.decks.at("brigades").call.empty()); // no brigade acts as one between cards
    CHECK(goesOn.turn == 3);
    CHECK(goesOn.decks.at("brigades").drawPile.size() == 2); // each side's headquarters: this battle has no brigades
}

TEST_CASE("distances are measured between the nearest points of stands", "[oibl][cards][oibl-measuring]") {
    Battle battle = emptyBattle();
    addUnit(battle, UnitSpec("line", "british", "normal-infantry", 10, 10, 180));
    addUnit(battle, UnitSpec("rebels", "american", "normal-infantry", 10, 16, 0));
    // Front edges at 10.25" and 15.75".
    CHECK(oibl::gapInches(battle, *battle.findUnit("line"), *battle.findUnit("rebels")) == Approx(5.5));
    const Preview preview = ruleset().preview(battle, fireAt("line", "rebels"));
    CHECK(factOf(preview, "Target").find("5.5\"") != std::string::npos);
}

TEST_CASE("a scenario's problems name their place: types, qualities, formations, stands, guns, commands, victory", "[oibl][scenario]") {
    Scenario scenario = shipped("oibl-training-charge.json");
    CHECK(ruleset().checkScenario(scenario).empty());
    Scenario broken = scenario;
    broken.battle.units[0].type = "hussars";
    broken.battle.units[1].quality = "green";
    broken.battle.units[2].formation = "square";
    broken.battle.units[4].elements[0].width = 30;
    broken.battle.units[4].stats["gun"] = "huge";
    broken.battle.commands[0].level = "regiment";
    broken.victory.push_back({"capture", "", nlohmann::json::object()});
    broken.victory.push_back({"turn-limit", "", {{"turns", 0}}});
    const auto problems = ruleset().checkScenario(broken);
    std::string all;
    for (const std::string& problem : problems) {
        all += problem + "\n";
    }
    INFO(all);
    CHECK(all.find("/units/0/type: \"hussars\" is not a unit type") != std::string::npos);
    CHECK(all.find("/units/1/quality: \"green\" is not a troop quality") != std::string::npos);
    CHECK(all.find("/units/2/formation:") != std::string::npos);
    CHECK(all.find("/units/4/elements/0: a Normal infantry stand is 1.1\" wide") != std::string::npos);
    CHECK(all.find("/units/4/stats/gun: expected light, medium or heavy") != std::string::npos);
    CHECK(all.find("/commands/0/level: expected brigade, division, wing or army") != std::string::npos);
    CHECK(all.find("\"capture\" is not a victory these rules play") != std::string::npos);
    CHECK(all.find("/parameters/turns: expected the number of turns, 1 to 100") != std::string::npos);
}

TEST_CASE("the training action: the computer plays it to its end on both sides, every offer taken, every line cited, the save replays",
          "[oibl][scenario][computer]") {
    CHECK(ruleset().checkScenario(shipped("oibl-training-charge.json")).empty());
    const std::string ruleText = readText(rulesDir() / "003_524828208fa59482.txt");
    int charges = 0;
    for (const std::uint64_t seed : {1u, 2u, 3u, 4u, 5u}) {
        auto game = startGame(shipped("oibl-training-charge.json"), seed);
        playToTheEnd(*game, 3);
        INFO("seed " << seed);
        REQUIRE(game->status().over);
        CHECK(game->battle().turn <= 4);
        for (const LogEntry& entry : game->log()) {
            charges += entry.action.type == "charge" ? 1 : 0;
            // Every line the player reads cites the rule text by one of its headings.
            for (const TraceStep& step : entry.resolution.trace.steps()) {
                INFO(entry.action.type << ": " << step.citation.toString());
                CHECK(step.citation.file == "003_524828208fa59482.txt");
                CHECK((!step.citation.heading.empty() && ruleText.find(step.citation.heading) != std::string::npos));
            }
        }
        checkReplays(*game);
    }
    CHECK(charges > 0); // the charge sequence is shown within its turns
}

TEST_CASE("Freeman's Farm: ten turns with the computer on both sides, replayed to the same hashes", "[oibl][scenario][computer]") {
    CHECK(ruleset().checkScenario(shipped("oibl-freemans-farm.json")).empty());
    auto game = startGame(shipped("oibl-freemans-farm.json"), 1);
    playToTheEnd(*game, 25);
    REQUIRE(game->status().over);
    CHECK(game->battle().turn == 10);
    checkReplays(*game);
}

TEST_CASE("every offer's preview agrees with its resolution at points of a played game", "[oibl][scenario]") {
    auto game = startGame(shipped("oibl-training-charge.json"), 2);
    const std::set<std::string> both{"british", "american"};
    ComputerPlayer computer(ComputerLevel::Basic); // the rules under test, at the fast, fixed level
    int compared = 0;
    for (int guard = 0; guard < 60 && !game->status().over; ++guard) {
        if (guard % 4 == 0 && !game->prompt()) {
            compared += comparePreviewsWithResolutions(game->ruleset(), game->battle(), {}, 2);
        }
        REQUIRE(computer.play(*game, *computerToDecide(*game, both), [&](const Action& action) {
            auto done = game->perform(action);
            return done ? std::string() : done.error();
        }));
    }
    CHECK(compared > 10);
}

TEST_CASE("the sequence of play refuses an order out of its step, or of a unit its card has not set going", "[oibl][cards][oibl-steps]") {
    Battle battle = emptyBattle();
    addUnit(battle, UnitSpec("line", "british", "normal-infantry", 10, 10, 180));
    addUnit(battle, UnitSpec("reserve", "british", "normal-infantry", 20, 10, 180));
    addUnit(battle, UnitSpec("rebels", "american", "normal-infantry", 10, 16, 0));
    actingAt(battle, 4, "british", {"line"});
    const auto rules = ruleset();
    CHECK(rules.sequenceRefusal(battle, fireAt("line", "rebels")).find("units fire at step 5") != std::string::npos);
    CHECK(rules.sequenceRefusal(battle, Action{.type = "roll-move", .unit = "reserve"}).find("its brigade's card has not set it going") !=
          std::string::npos);
    CHECK(rules.sequenceRefusal(battle, Action{.type = "roll-move", .unit = "line"}).empty());
    CHECK(rules.sequenceRefusal(battle, Action{.type = "next-card"}).find("a brigade is still acting") != std::string::npos);
    battle.phase = "step-5";
    CHECK(rules.sequenceRefusal(battle, fireAt("line", "rebels")).empty());
    CHECK(rules.sequenceRefusal(battle, Action{.type = "combined-fire", .unit = "line", .target = "rebels", .with = {"reserve"}})
              .find("is not one of the acting brigade's units") != std::string::npos);
    CHECK(rules.sequenceRefusal(battle, Action{.type = "melee", .unit = "line", .target = "rebels"}).find("step 6") != std::string::npos);
}
