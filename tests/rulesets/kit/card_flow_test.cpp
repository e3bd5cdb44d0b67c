// The shared "turn a card" flow (kit/card_flow.h) through a ruleset of brigade cards: a
// card turned calls a command, whose units then act as one; another calls units by name;
// the deck is gathered up when it runs out. The ruleset is the test's own, as small as a
// card-driven ruleset can be.

#include "sandtable/battle_state.h"
#include "sandtable/game.h"
#include "sandtable/kit/card_flow.h"

#include <algorithm>
#include <catch2/catch.hpp>
#include <map>
#include <set>

using namespace sandtable;

namespace {

const std::string brigades = "brigades";

/// Three cards: the ace of spades calls the 1st Brigade, the two of spades the 2nd (both
/// of the North); the ace of hearts calls the South's foot by name.
CardCall callOf(const Card& card) {
    const std::map<std::string, CardCall> calls{{"AS", {"n", "n-1", {}}}, {"2S", {"n", "n-2", {}}}, {"AH", {"s", "", {"s-foot"}}}};
    return calls.at(card.id());
}

class BrigadeCards final : public Ruleset {
public:
    const RulesetInfo& info() const override { return m_info; }
    const RulesetOptions& options() const override { return m_options; }
    std::vector<std::string> checkScenario(const Scenario&) const override { return {}; }
    Resolution start(const Battle&, const Scenario&, DiceStream&) const override {
        Resolution out;
        out.events.push_back(event::DeckFormed{brigades, {"AS", "2S", "AH"}});
        return out;
    }
    std::vector<Offer> offers(const Battle& battle, const std::string& unit) const override {
        if (unit.empty()) {
            return {{.type = "turn-card", .label = "Turn a brigade card", .role = OrderRole::Draw}};
        }
        // The first unit called leads; the others act with it, as one.
        const auto called = unitsCalled(battle, kit::currentCall(battle, brigades));
        if (called.empty() || called.front() != unit) {
            return {};
        }
        return {{.type = "advance",
                 .label = "Advance",
                 .unit = unit,
                 .role = OrderRole::Move,
                 .with = std::vector<std::string>(called.begin() + 1, called.end())}};
    }
    Preview preview(const Battle&, const Action&) const override { return {}; }
    Resolution resolve(const Battle& battle, const Action& action, DiceStream& dice) const override {
        kit::ResolutionStep step(m_rulings, m_options, battle, &dice);
        if (action.type == "turn-card") {
            const kit::TurnedCall turned = kit::turnCardAndCall(step, brigades, "turn a brigade card", callOf);
            step.outcome("the " + cardFromId(turned.card).displayName() + ": " + callText(step.battle, turned.call));
        } else {
            for (const std::string& id : action.with) {
                step.emit(event::CounterSet{id, "advanced", 1.0});
            }
            step.emit(event::CounterSet{action.unit, "advanced", 1.0});
        }
        return step.finish();
    }
    Resolution answer(const Battle&, const Prompt&, const Action&, DiceStream&) const override { return {}; }
    GameStatus status(const Battle&) const override { return {}; }

private:
    RulesetInfo m_info{"brigade-cards", "Brigade cards", "1", "", MeasureUnit::Inch, {}, {}};
    RulesetOptions m_options;
    std::vector<kit::RulingText> m_rulings;
};

Scenario brigadeBattle() {
    Scenario scenario;
    scenario.name = "brigades";
    scenario.battle.table = Table{1000, 600, MeasureUnit::Inch, 0};
    scenario.battle.sides = {{"n", "North", "#0000ff", ""}, {"s", "South", "#ff0000", ""}};
    const auto unit = [](std::string id, std::string side, std::string brigade, double x) {
        Unit made;
        made.id = std::move(id);
        made.name = made.id;
        made.side = std::move(side);
        made.brigade = std::move(brigade);
        made.elements = {Element{Point(x, 100), 0, 20, 20, {}}};
        return made;
    };
    scenario.battle.units = {unit("n-gen", "n", "n-army", 50), unit("n-1a", "n", "n-1", 100), unit("n-1b", "n", "n-1", 150),
                             unit("n-2a", "n", "n-2", 200),    unit("s-foot", "s", "", 500),  unit("s-horse", "s", "", 550)};
    scenario.battle.units.front().arm = Arm::Leader;
    scenario.battle.commands = {{"n-army", "the Army of the North", "n", "army", "n-gen", ""},
                                {"n-1", "the 1st Brigade", "n", "brigade", "", "n-army"},
                                {"n-2", "the 2nd Brigade", "n", "brigade", "", "n-army"}};
    return scenario;
}

std::unique_ptr<Game> startGame(std::uint64_t seed) {
    auto game = Game::start(brigadeBattle(), std::make_unique<BrigadeCards>(), seed);
    REQUIRE(game.hasValue());
    return std::move(game).value();
}

} // namespace

TEST_CASE("a card turned by the shared flow calls a command, whose units act as one", "[kit][cards]") {
    std::set<std::string> seen;
    for (std::uint64_t seed = 1; seed <= 12; ++seed) {
        auto game = startGame(seed);
        CHECK(game->battle().decks.at(brigades).call.empty());
        CHECK(game->status().activeCommand.empty());
        REQUIRE(game->perform(Action{.type = "turn-card"}).hasValue());
        const DeckState& deck = game->battle().decks.at(brigades);
        const std::string card = deck.showing();
        seen.insert(card);
        INFO("seed " << seed << ": " << card);
        // The call is the one the card turned stands for, and the state text shows it.
        CHECK(deck.call == callOf(cardFromId(card)));
        const std::string state = battleStateText(game->battle());
        CHECK(state.find("; calls " + deck.call.side) != std::string::npos);
        if (card == "AH") {
            CHECK(unitsCalled(game->battle(), deck.call) == std::vector<std::string>{"s-foot"});
            CHECK(game->status().activeCommand.empty());
            CHECK(callText(game->battle(), deck.call) == "South: s-foot");
            continue;
        }
        const std::string command = card == "AS" ? "n-1" : "n-2";
        CHECK(game->status().activeCommand == command);
        CHECK(state.find("; calls n command " + command) != std::string::npos);
        CHECK(callText(game->battle(), deck.call) ==
              (card == "AS" ? "North: the 1st Brigade acts as one" : "North: the 2nd Brigade acts as one"));
        const auto called = unitsCalled(game->battle(), deck.call);
        CHECK(called == unitsUnder(game->battle(), command));
        // The brigade acts as one: its first unit's order carries the others.
        const auto offers = game->ruleset().offers(game->battle(), called.front());
        REQUIRE(offers.size() == 1);
        CHECK(offers.front().with == std::vector<std::string>(called.begin() + 1, called.end()));
        REQUIRE(game->perform(actionOf(offers.front())).hasValue());
        for (const Unit& unit : game->battle().units) {
            const bool inBrigade = std::find(called.begin(), called.end(), unit.id) != called.end();
            CHECK(unit.counters.count("advanced") == (inBrigade ? 1u : 0u));
        }
    }
    CHECK(seen == std::set<std::string>{"AS", "2S", "AH"}); // every kind of call was tried
}

TEST_CASE("the shared flow gathers the deck when it runs out, and a card's call ends when the deck is formed anew", "[kit][cards]") {
    auto game = startGame(5);
    for (int i = 0; i < 3; ++i) {
        REQUIRE(game->perform(Action{.type = "turn-card"}).hasValue());
    }
    const DeckState& spent = game->battle().decks.at(brigades);
    CHECK(spent.drawPile.empty());
    CHECK(spent.shuffles == 1);
    // The fourth card: the discards are gathered back first, then one is turned and calls.
    const auto done = game->perform(Action{.type = "turn-card"});
    REQUIRE(done.hasValue());
    const DeckState& again = game->battle().decks.at(brigades);
    CHECK(again.shuffles == 2);
    CHECK(again.drawPile.size() == 2);
    CHECK(again.discards.size() == 1);
    CHECK(again.call == callOf(cardFromId(again.showing())));
    const auto& events = (*done)->resolution.events;
    REQUIRE(events.size() == 3);
    CHECK(std::holds_alternative<event::DeckGathered>(events[0]));
    CHECK(std::holds_alternative<event::CardTurned>(events[1]));
    CHECK(std::holds_alternative<event::CardCalled>(events[2]));
    CHECK(describe(game->battle(), events[2]).find("the brigades deck: ") == 0);

    // A deck formed anew calls no one; a call naming no command of the battle is a bug.
    Battle battle = game->battle();
    applyEvent(battle, event::DeckFormed{brigades, {"AS", "2S", "AH"}});
    CHECK(battle.decks.at(brigades).call.empty());
    CHECK(unitsCalled(battle, battle.decks.at(brigades).call).empty());
    CHECK(callText(battle, {}) == "no one");
    CHECK_THROWS(applyEvent(battle, event::CardCalled{brigades, {"n", "nobody", {}}}));
}

TEST_CASE("a side's call without units or command calls every unit of the side still on the table", "[kit][cards]") {
    Battle battle = brigadeBattle().battle;
    battle.units[5].elements.clear(); // s-horse has no bases left
    CHECK(unitsCalled(battle, {"s", "", {}}) == std::vector<std::string>{"s-foot"});
    CHECK(unitsCalled(battle, {"n", "n-army", {}}) == std::vector<std::string>{"n-gen", "n-1a", "n-1b", "n-2a"});
    CHECK(callText(battle, {"s", "", {}}) == "South");
}
