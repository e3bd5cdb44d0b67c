// The sequence of play, the score and the game session with The Wars of Ozz.

#include "ozz_activation.h"
#include "ozz_test_support.h"
#include "ozz_tests.h"
#include "sandtable/battle_state.h"
#include "sandtable/computer_player.h"
#include "sandtable/game.h"
#include "sandtable/ruleset_registry.h"
#include "sandtable/scenario.h"

#include <catch2/catch.hpp>

using namespace ozztest;

namespace {

Scenario shippedScenario() {
    auto loaded = loadScenario(scenariosDir() / "ozz-winkie-border.json");
    REQUIRE(loaded.hasValue());
    return std::move(loaded).value();
}

std::unique_ptr<Game> startGame(const nlohmann::json& options, std::uint64_t seed = 7) {
    Scenario scenario = shippedScenario();
    scenario.rulesetOptions = options;
    const RegisteredRuleset* registered = findRuleset("wars-of-ozz");
    REQUIRE(registered != nullptr);
    auto ruleset = registered->create(options);
    REQUIRE(ruleset.hasValue());
    auto game = Game::start(std::move(scenario), std::move(ruleset).value(), seed);
    REQUIRE(game.hasValue());
    return std::move(game).value();
}

const LogEntry& perform(Game& game, const Action& action) {
    auto done = game.perform(action);
    INFO(toJson(action).dump() << ": " << (done ? "" : done.error()));
    REQUIRE(done.hasValue());
    return **done;
}

} // namespace

TEST_CASE("the registry holds The Wars of Ozz and refuses unknown options by name", "[ozz][session]") {
    const RegisteredRuleset* registered = findRuleset("wars-of-ozz");
    REQUIRE(registered != nullptr);
    CHECK(registered->create(nlohmann::json::object()).hasValue());
    const auto unknown = registered->create({{"weather", "rain"}});
    REQUIRE_FALSE(unknown.hasValue());
    CHECK(unknown.error() ==
          "unknown ruleset option \"weather\" (options: activation, jokers, hits-per-base, artillery-dashes, reaction-tests)");
    const auto badValue = registered->create({{"hits-per-base", "3"}});
    REQUIRE_FALSE(badValue.hasValue());
    CHECK(badValue.error() == "option \"hits-per-base\" cannot be \"3\" (choices: 1, 2)");
}

TEST_CASE("the shipped scenario: two brigades of about 25 points with every troop type of the card", "[ozz][session][ozz-points]") {
    const Scenario scenario = shippedScenario();
    std::map<std::string, int> points;
    std::set<std::string> types;
    for (const Unit& unit : scenario.battle.units) {
        points[unit.side] += ozz::builtInData().unitType(unit.type)->points;
        types.insert(unit.type);
    }
    CHECK(points["winkies"] == 26);
    CHECK(points["quadlings"] == 24);
    for (const char* type : {"musket-infantry", "carbine-cavalry", "light-artillery", "medium-artillery", "brigade-commander", "wizard"}) {
        CHECK(types.count(type) == 1);
    }
    std::set<AreaType> areas;
    for (const TerrainArea& area : scenario.battle.areas) {
        areas.insert(area.type);
    }
    CHECK(areas == std::set<AreaType>{AreaType::Woods, AreaType::Rough, AreaType::Hill});
    REQUIRE(scenario.battle.lines.size() == 1);
    CHECK(scenario.battle.lines[0].type == LineType::Stream);
    const ozz::OzzRuleset ruleset(defaultOptions());
    CHECK(ruleset.checkScenario(scenario).empty());
}

TEST_CASE("a scenario the ruleset cannot play is refused, naming the unit", "[ozz][session]") {
    Scenario scenario = shippedScenario();
    scenario.battle.units[0].type = "dragon";
    scenario.battle.units[1].stats.erase("elan");
    const ozz::OzzRuleset ruleset(defaultOptions());
    const auto problems = ruleset.checkScenario(scenario);
    REQUIRE(problems.size() == 2);
    CHECK(problems[0].find("/units/0/type: unit \"w-musket-1\" has type \"dragon\"") == 0);
    CHECK(problems[1] == "/units/1/stats/elan: unit \"w-musket-2\" needs stats.elan, a whole number 0 to 10");
}

TEST_CASE("double random: a die per unit, in-command dice pooled, a 14-card deck", "[ozz][session][ozz-activation]") {
    auto game = startGame(nlohmann::json::object());
    const Battle& battle = game->battle();
    REQUIRE(battle.decks.count("activation") == 1);
    CHECK(battle.decks.at("activation").drawPile.size() == 14);
    CHECK(battle.decks.at("activation").discards.empty());
    CHECK_FALSE(battle.session.contains("deck")); // the deck is typed state, not a session key
    int pooled = 0;
    for (const Unit& unit : battle.units) {
        const double die = unit.counters.at("activation-die");
        CHECK(die >= 1);
        CHECK(die <= 6);
        pooled += unit.counters.at("in-command") > 0 ? 1 : 0;
    }
    CHECK(pooled == static_cast<int>(battle.session["pool"]["winkies"].size() + battle.session["pool"]["quadlings"].size()));
    CHECK(rulingShown(game->opening(), "ozz-activation"));
    // Turn cards until one activates a unit; that unit is of the card's side.
    for (int cards = 0; cards < 14 && game->status().mayActivate.empty(); ++cards) {
        perform(*game, {"next-card", "", "", {}, {}, {}});
    }
    const GameStatus status = game->status();
    REQUIRE_FALSE(status.mayActivate.empty());
    const Card card = cardFromId(game->battle().decks.at("activation").showing());
    CHECK(status.activeSide == (card.colour() == CardColour::Black ? "winkies" : "quadlings"));
    for (const std::string& id : status.mayActivate) {
        CHECK(game->battle().findUnit(id)->side == status.activeSide);
    }
    // The tracker counts those that will act: each showing the card's number, and as many
    // of those in command as the pool has dice of it.
    const auto pool = game->battle().session["pool"][status.activeSide];
    std::size_t commanded = 0;
    for (const std::string& id : status.mayActivate) {
        commanded += game->battle().findUnit(id)->counters.at("in-command") > 0 ? 1 : 0;
    }
    const auto poolDice = static_cast<std::size_t>(std::count(pool.begin(), pool.end(), card.rank().value_or(0)));
    const std::size_t acting = status.mayActivate.size() - commanded + std::min(commanded, poolDice);
    INFO(status.situation);
    CHECK(status.situation.find("may activate " + std::to_string(acting) + (acting == 1 ? " unit" : " units")) != std::string::npos);
    CHECK((commanded > poolDice) == (status.situation.find(" in command, on the pool's ") != std::string::npos));
}

TEST_CASE("a unit activates once a turn, other units wait while it acts", "[ozz][session][ozz-one-activation]") {
    auto game = startGame({{"activation", "alternate-units"}});
    const GameStatus first = game->status();
    CHECK(first.activeSide == "winkies");
    REQUIRE_FALSE(first.mayActivate.empty());
    const std::string unit = first.mayActivate.front();
    perform(*game, {"roll-movement", unit, "", {}, {}, {}});
    CHECK(game->status().activeUnit == unit);
    CHECK(game->offers(first.mayActivate.back()).empty());
    CHECK_FALSE(game->perform({"end-activation", first.mayActivate.back(), "", {}, {}, {}}).hasValue());
    perform(*game, {"end-activation", unit, "", {}, {}, {}});
    CHECK(game->status().activeSide == "quadlings");
    CHECK(game->offers(unit).empty());
    const auto refused = game->perform({"roll-movement", unit, "", {}, {}, {}});
    REQUIRE_FALSE(refused.hasValue());
    CHECK(refused.error().find("may not roll-movement now") != std::string::npos);
}

TEST_CASE("alternate units: when every unit has acted a new turn begins", "[ozz][session][ozz-activation]") {
    auto game = startGame({{"activation", "alternate-units"}});
    for (int guard = 0; guard < 40 && game->status().turn == 1; ++guard) {
        const GameStatus status = game->status();
        REQUIRE_FALSE(status.mayActivate.empty());
        perform(*game, {"end-activation", status.mayActivate.front(), "", {}, {}, {}});
    }
    CHECK(game->status().turn == 2);
    CHECK(game->status().activeSide == "winkies");
}

TEST_CASE("jokers: the second ends the turn, as blanks they do nothing", "[ozz][session][ozz-jokers]") {
    for (const char* jokers : {"second-ends-turn", "blank"}) {
        auto game = startGame({{"jokers", jokers}}, 21);
        int cardsTurned = 0;
        int jokersSeen = 0;
        while (game->status().turn == 1 && cardsTurned < 20) {
            perform(*game, {"next-card", "", "", {}, {}, {}});
            ++cardsTurned;
            const std::string card = game->battle().decks.at("activation").showing();
            jokersSeen += !card.empty() && cardFromId(card).isJoker() ? 1 : 0;
        }
        INFO(jokers);
        if (std::string(jokers) == "blank") {
            CHECK(cardsTurned == 15); // all 14 cards, then the next turn
        } else {
            CHECK(cardsTurned <= 14);
            CHECK(game->log().back().resolution.trace.steps().size() > 0);
            CHECK(rulingShown(game->log()[static_cast<std::size_t>(cardsTurned - 1)].resolution, "ozz-jokers"));
        }
    }
}

TEST_CASE("the score is a point per enemy base lost, half the bases lost ends the game", "[ozz][session][ozz-victory]") {
    Battle battle = emptyBattle();
    addUnit(battle, {.id = "a1", .side = "a", .bases = 4});
    addUnit(battle, {.id = "b1", .side = "b", .y = 10, .facing = 180, .bases = 4});
    battle.findUnit("b1")->elements.resize(3);
    battle.session["turns"] = 8;
    GameStatus status = ozz::gameStatus(ozz::builtInData(), battle);
    CHECK_FALSE(status.over);
    CHECK(status.scores[0].points == 1);
    CHECK(status.scores[1].points == 0);
    battle.findUnit("b1")->elements.resize(2);
    status = ozz::gameStatus(ozz::builtInData(), battle);
    CHECK(status.over);
    CHECK(status.winner == "a");
    CHECK(status.result == "Side A wins 2 to 0: Side B has lost half its bases");
    battle.findUnit("b1")->elements.resize(3);
    battle.turn = 9;
    status = ozz::gameStatus(ozz::builtInData(), battle);
    CHECK(status.over);
    CHECK(status.result == "Side A wins 1 to 0: after 8 turns");
}

TEST_CASE("leaders and wizards are not targets on their own", "[ozz][session][ozz-wizards]") {
    Battle battle = emptyBattle();
    addUnit(battle, {.id = "a1", .side = "a"});
    addUnit(battle, {.id = "wizard", .side = "b", .type = "wizard", .y = 20, .facing = 180, .bases = 1});
    const ozz::OzzRuleset ruleset(defaultOptions());
    DiceStream dice(1);
    CHECK(ruleset.resolve(battle, {"fire", "a1", "wizard", {}, {}, {}}, dice).refusal.find("ozz-wizards") != std::string::npos);
    CHECK(ruleset.resolve(battle, {"charge", "a1", "wizard", {}, {}, {}}, dice).refusal.find("ozz-wizards") != std::string::npos);
}

TEST_CASE("behind friendly lines and an attached commander shift left",
          "[ozz][session][ozz-behind-friendly-lines][ozz-commander-attached]") {
    Battle battle = emptyBattle();
    addUnit(battle, {.id = "tested", .side = "a", .y = 36});
    addUnit(battle, {.id = "screen", .side = "a", .y = 30});
    addUnit(battle, {.id = "enemy", .side = "b", .y = 10, .facing = 180});
    addUnit(battle, {.id = "general", .side = "a", .type = "brigade-commander", .x = 40, .y = 40, .bases = 1});
    ozz::TestSituation situation;
    situation.chart = "tests-of-resolve";
    situation.cause = "enemy";
    auto plan = ozz::shiftsFor(ozz::builtInData(), battle, *battle.findUnit("tested"), situation);
    CHECK(plan.times.at("behind-friendly-lines") == 1);
    CHECK(plan.times.at("commander-attached") == 0);
    battle.findUnit("general")->attachedTo = "tested";
    plan = ozz::shiftsFor(ozz::builtInData(), battle, *battle.findUnit("tested"), situation);
    CHECK(plan.times.at("commander-attached") == 1);
    CHECK(ozz::baseColumn(1, 7) == 0);
    CHECK(ozz::baseColumn(3, 7) == 0);
    CHECK(ozz::baseColumn(4, 7) == 1);
    CHECK(ozz::baseColumn(3, 6) == 1);
    CHECK(ozz::baseColumn(6, 6) == 2);
}

TEST_CASE("shifts past the edges are lost: the chart clamps with the text's note", "[ozz][session][ozz-modified-columns]") {
    const Chart& chart = ozz::builtInData().chart("tests-of-resolve");
    auto far = chart.lookup(1, 7);
    REQUIRE(far.hasValue());
    CHECK(far->cell.text == "Rout");
    CHECK_FALSE(far->notes.empty());
    auto left = chart.lookup(1, -2);
    REQUIRE(left.hasValue());
    CHECK(left->cell.text == "\"Get 'em, men!\" Charge toward nearest enemy");
}

TEST_CASE("a routed unit rallies by a Test of Elan", "[ozz][session][ozz-rout]") {
    Battle battle = emptyBattle();
    addUnit(battle, {.id = "routed", .side = "a", .y = 30});
    addUnit(battle, {.id = "enemy", .side = "b", .y = 10, .facing = 180});
    battle.findUnit("routed")->markers = {"routed", "disordered"};
    const ozz::OzzRuleset ruleset(defaultOptions());
    const Action rally{"rally", "routed", "", {}, {}, {}};
    Resolution found;
    REQUIRE(findSeed(
                ruleset, battle, rally,
                [](const Resolution& r) { return traceText(r).find("Recover, turn to face the enemy, & Re-form") != std::string::npos; },
                found) >= 0);
    Battle after = applied(battle, found);
    CHECK(after.findUnit("routed")->markers.empty());
    Battle shaken = battle;
    shaken.findUnit("routed")->startingBases = 7; // two lost: the Modified columns can be reached
    REQUIRE(findSeed(
                ruleset, shaken, rally,
                [](const Resolution& r) { return traceText(r).find("Keep Routing and remove one base") != std::string::npos; },
                found) >= 0);
    after = applied(shaken, found);
    CHECK(after.findUnit("routed")->markers.count("routed") == 1);
    CHECK(after.findUnit("routed")->basesLost() >= 3);
    const Preview preview = ruleset.preview(battle, rally);
    REQUIRE(preview.odds.size() == 1);
    Probability total = 0;
    for (const Odds::Line& line : preview.odds[0].lines) {
        total += line.probability;
    }
    CHECK(total == 1);
}

TEST_CASE("undo replays the game: the same action then rolls the same dice", "[ozz][session]") {
    auto game = startGame({{"activation", "alternate-units"}}, 99);
    const std::string unit = game->status().mayActivate.front();
    const LogEntry& first = perform(*game, {"roll-movement", unit, "", {}, {}, {}});
    const std::vector<std::string> before = toText(first.resolution.trace);
    const auto rolls = game->dice().rollCount();
    game->undo();
    CHECK(game->log().empty());
    CHECK(game->dice().rollCount() < rolls);
    const LogEntry& again = perform(*game, {"roll-movement", unit, "", {}, {}, {}});
    CHECK(toText(again.resolution.trace) == before);
    CHECK(game->dice().rollCount() == rolls);
    const auto previewRolls = game->dice().rollCount();
    game->preview({"fire", unit, "q-musket-1", {}, {}, {}});
    CHECK(game->dice().rollCount() == previewRolls);
}

TEST_CASE("the computer plays the Winkie border to its end on both sides, turning the cards and answering charges",
          "[ozz][session][computer]") {
    int answers = 0;
    int cards = 0;
    for (const std::uint64_t seed : {1u, 2u, 3u, 4u}) {
        auto game = startGame(shippedScenario().rulesetOptions, seed);
        const std::set<std::string> both{"winkies", "quadlings"};
        // Nobody is to decide while a card is to be turned: the computer turns it.
        CHECK(sideToDecide(*game).empty());
        for (int guard = 0; guard < 2000 && !game->status().over; ++guard) {
            const std::optional<std::string> side = computerToDecide(*game, both);
            REQUIRE(side);
            const bool prompted = game->prompt().has_value();
            const auto played = playComputerAction(*game, *side, [&](const Action& action) {
                auto done = game->perform(action);
                return done ? std::string() : done.error();
            });
            INFO("seed " << seed << ", turn " << game->battle().turn);
            REQUIRE(played);
            answers += played->action.type == "answer" ? 1 : 0;
            cards += played->action.type == "next-card" ? 1 : 0;
            if (prompted) {
                CHECK(played->action.type == "answer");
            }
        }
        INFO("seed " << seed);
        CHECK(game->status().over);
        // With only the other side played by the computer, it waits for the player.
        auto half = startGame(shippedScenario().rulesetOptions, seed);
        for (int card = 0; card < 10 && half->status().activeSide.empty(); ++card) {
            perform(*half, Action{"next-card", "", "", {}, {}, {}}); // a joker, or a card no unit shows
        }
        const std::string active = half->status().activeSide;
        REQUIRE_FALSE(active.empty());
        CHECK_FALSE(computerToDecide(*half, {active == "winkies" ? "quadlings" : "winkies"}));
        CHECK(computerToDecide(*half, {active}) == active);
    }
    CHECK(cards > 0);
    CHECK(answers > 0); // a charge's target reacts through a question
}

TEST_CASE("in alternate units the computer spends the activation of a unit it gives no order, so the turn goes on",
          "[ozz][session][computer]") {
    nlohmann::json options = shippedScenario().rulesetOptions;
    options["activation"] = "alternate-units";
    int spent = 0;
    for (const std::uint64_t seed : {1u, 2u}) {
        auto game = startGame(options, seed);
        const std::set<std::string> both{"winkies", "quadlings"};
        for (int guard = 0; guard < 3000 && !game->status().over; ++guard) {
            const std::optional<std::string> side = computerToDecide(*game, both);
            REQUIRE(side);
            const std::string activeBefore = game->status().activeUnit;
            const auto played = playComputerAction(*game, *side, [&](const Action& action) {
                auto done = game->perform(action);
                return done ? std::string() : done.error();
            });
            INFO("seed " << seed << ", turn " << game->battle().turn);
            REQUIRE(played);
            // The commander is given no order of his own; his activation is spent for him.
            const Unit* unit = game->battle().findUnit(played->action.unit);
            if (activeBefore.empty() && unit != nullptr && unit->arm == Arm::Leader) {
                CHECK(played->action.type == "end-activation");
                CHECK(played->reason == "has nothing to do this turn");
                ++spent;
            }
        }
        INFO("seed " << seed);
        CHECK(game->status().over);
    }
    CHECK(spent > 0);
}

TEST_CASE("the activation deck is stored state: the next card is unknowable, its odds are shown", "[ozz][session][ozz-activation][cards]") {
    auto game = startGame(nlohmann::json::object(), 5);
    perform(*game, {"next-card", "", "", {}, {}, {}});
    const DeckState& deck = game->battle().decks.at("activation");
    CHECK(deck.drawPile.size() == 13);
    CHECK(deck.discards.size() == 1);
    // The preview and the computer read what is left, never an order: under any order of
    // the draw pile they are the same.
    Battle reversed = game->battle();
    std::reverse(reversed.decks.at("activation").drawPile.begin(), reversed.decks.at("activation").drawPile.end());
    Battle rotated = game->battle();
    std::rotate(rotated.decks.at("activation").drawPile.begin(), rotated.decks.at("activation").drawPile.begin() + 5,
                rotated.decks.at("activation").drawPile.end());
    const Action next{"next-card", "", "", {}, {}, {}};
    const Preview seen = game->ruleset().preview(game->battle(), next);
    for (const Battle* other : {&reversed, &rotated}) {
        const Preview again = game->ruleset().preview(*other, next);
        CHECK(again.facts == seen.facts);
        REQUIRE(again.odds.size() == seen.odds.size());
        for (std::size_t i = 0; i < seen.odds.size(); ++i) {
            REQUIRE(again.odds[i].lines.size() == seen.odds[i].lines.size());
            for (std::size_t j = 0; j < seen.odds[i].lines.size(); ++j) {
                CHECK(again.odds[i].lines[j].label == seen.odds[i].lines[j].label);
                CHECK(again.odds[i].lines[j].probability == seen.odds[i].lines[j].probability);
            }
        }
        CHECK(battleStateText(*other) == battleStateText(game->battle()));
    }
    // The odds are the cards left by colour: 13 left after one turned.
    REQUIRE(seen.odds.size() == 1);
    const Card turned = cardFromId(deck.showing());
    const int blackLeft = 6 - (!turned.isJoker() && turned.colour() == CardColour::Black ? 1 : 0);
    const int jokersLeft = 2 - (turned.isJoker() ? 1 : 0);
    CHECK(seen.odds[0].lines[0].label == "Winkies (a black card)");
    CHECK(seen.odds[0].lines[0].probability == Probability(blackLeft, 13));
    CHECK(seen.odds[0].lines[2].probability == Probability(jokersLeft, 13));
    Resolution shown;
    shown.trace = seen.rulings;
    CHECK(rulingShown(shown, "ozz-activation"));
}

TEST_CASE("the table draws the card's own ranges and the move left: musket short to 7\", long to 14\", front 90°",
          "[ozz][session][overlay][ozz-fire-arc]") {
    auto game = startGame({{"activation", "alternate-units"}});
    const Ruleset& rules = game->ruleset();
    const UnitOverlay musket = rules.overlay(game->battle(), "w-musket-1");
    REQUIRE(musket.arcDegrees);
    CHECK(*musket.arcDegrees == 90);
    REQUIRE(musket.bands.size() == 2);
    CHECK(musket.bands[0].name == "Short");
    CHECK(musket.bands[0].outerEdge == Approx(7 * 25.4));
    CHECK(musket.bands[1].name == "Long");
    CHECK(musket.bands[1].outerEdge == Approx(14 * 25.4));
    CHECK_FALSE(musket.move); // not rolled yet
    CHECK(musket.about == "Musket, front 90°: Short to 7.0\", Long to 14.0\"; movement not rolled yet");
    // Rolled: the ring is what is left.
    perform(*game, {"roll-movement", "w-musket-1", "", {}, {}, {}});
    const double left = game->battle().findUnit("w-musket-1")->counters.at("movement-left");
    const UnitOverlay rolled = rules.overlay(game->battle(), "w-musket-1");
    REQUIRE(rolled.move);
    CHECK(*rolled.move == Approx(left * 25.4));
    // A commander has no firearms.
    for (const Unit& unit : game->battle().units) {
        if (unit.type == "brigade-commander") {
            const UnitOverlay leader = rules.overlay(game->battle(), unit.id);
            CHECK_FALSE(leader.arcDegrees);
            CHECK(leader.about.find("no firearms") == 0);
        }
    }
}
