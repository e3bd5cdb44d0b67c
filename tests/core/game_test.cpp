// The game session with a ruleset made for the test: a ruleset's bug (an event the battle
// cannot take, an exception) refuses the action and leaves the game as it was.

#include "sandtable/battle_state.h"
#include "sandtable/game.h"
#include "sandtable/scenario.h"

#include <catch2/catch.hpp>
#include <stdexcept>

using namespace sandtable;

namespace {

/// Offers "mark", "ghost" and "throw" to anyone; "mark" sets a counter and removes a base
/// of unit "a" before "ghost" moves a unit that does not exist.
class BrokenRuleset final : public Ruleset {
public:
    const RulesetInfo& info() const override { return m_info; }
    const RulesetOptions& options() const override { return m_options; }
    std::vector<std::string> checkScenario(const Scenario&) const override { return {}; }
    Resolution start(const Battle&, const Scenario&, DiceStream&) const override { return {}; }
    std::vector<Offer> offers(const Battle&, const std::string& unit) const override {
        return {{.type = "mark", .label = "Mark", .unit = unit, .role = OrderRole::Formation},
                {.type = "ghost", .label = "Ghost", .unit = unit, .role = OrderRole::Formation},
                {.type = "throw", .label = "Throw", .unit = unit, .role = OrderRole::Fire}};
    }
    Preview preview(const Battle&, const Action& action) const override {
        if (action.type == "throw") {
            throw std::out_of_range("the chart has no such column");
        }
        return {};
    }
    Resolution resolve(const Battle&, const Action& action, DiceStream& dice) const override {
        Resolution out;
        dice.roll(Die{6, 1}, 0);
        out.events.push_back(event::CounterSet{"a", "marks", 1.0});
        if (action.type == "ghost") {
            out.events.push_back(event::ElementsRemoved{"a", {"a.1"}});
            out.events.push_back(event::Moved{"ghost", {}});
        } else if (action.type == "throw") {
            throw std::out_of_range("the chart has no such row");
        }
        return out;
    }
    Resolution answer(const Battle&, const Prompt&, const Action&, DiceStream&) const override { return {}; }
    GameStatus status(const Battle&) const override { return {}; }

private:
    RulesetInfo m_info{"broken", "Broken", "1", "", MeasureUnit::Inch, {}, {}};
    RulesetOptions m_options;
};

Scenario oneUnit() {
    Scenario scenario;
    scenario.name = "one unit";
    scenario.battle.sides.push_back({"s", "Side", "#ff0000", ""});
    Unit unit;
    unit.id = "a";
    unit.side = "s";
    unit.elements = {Element{Point(100, 100), 0, 40, 20, {}}, Element{Point(140, 100), 0, 40, 20, {}}};
    scenario.battle.units.push_back(unit);
    return scenario;
}

} // namespace

TEST_CASE("a ruleset's bug refuses the action and leaves the game as it was", "[game]") {
    auto started = Game::start(oneUnit(), std::make_unique<BrokenRuleset>(), 3);
    REQUIRE(started.hasValue());
    Game& game = **started;
    REQUIRE(game.perform({"mark", "a", "", {}, {}, {}}).hasValue());
    const std::string before = stateHash(game.battle());
    const auto rolls = game.dice().rollCount();

    const auto ghost = game.perform({"ghost", "a", "", {}, {}, {}});
    REQUIRE_FALSE(ghost.hasValue());
    CHECK(ghost.error().find("the rules produced a change the battle cannot take") == 0);
    CHECK(stateHash(game.battle()) == before); // the base removed before the bad event is back
    CHECK(game.battle().findUnit("a")->elements.size() == 2);
    CHECK(game.log().size() == 1);
    CHECK(game.dice().rollCount() == rolls);

    // A preview that throws refuses the order too, for the window and the computer.
    CHECK(game.preview({"throw", "a", "", {}, {}, {}}).refusal ==
          "the ruleset could not preview this action: the chart has no such column");
    CHECK(game.verdict({"throw", "a", "", {}, {}, {}}).refusal ==
          "the ruleset could not preview this action: the chart has no such column");
    CHECK(game.preview({"mark", "a", "", {}, {}, {}}).allowed());

    const auto thrown = game.perform({"throw", "a", "", {}, {}, {}});
    REQUIRE_FALSE(thrown.hasValue());
    CHECK(thrown.error() == "the ruleset could not resolve this action: the chart has no such row");
    CHECK(stateHash(game.battle()) == before);
    CHECK(game.dice().rollCount() == rolls);

    // The refused actions' dice are taken back, not only counted out: the next action
    // rolls what it would have rolled had they never been tried.
    REQUIRE(game.perform({"mark", "a", "", {}, {}, {}}).hasValue());
    auto untried = Game::start(oneUnit(), std::make_unique<BrokenRuleset>(), 3);
    REQUIRE(untried.hasValue());
    REQUIRE((*untried)->perform({"mark", "a", "", {}, {}, {}}).hasValue());
    REQUIRE((*untried)->perform({"mark", "a", "", {}, {}, {}}).hasValue());
    REQUIRE(game.dice().record().size() == (*untried)->dice().record().size());
    CHECK(game.dice().record().back().face == (*untried)->dice().record().back().face);
    CHECK(game.dice().position() == (*untried)->dice().position());
}
