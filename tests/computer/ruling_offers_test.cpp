// The rulings board's orders (Ruleset::rulingOffers) are the ruleset's own, whatever the
// sequence of play: for every unit of every shipped scenario, each is an order the rules
// know, previewed without a die; and where its preview allows it, the rules resolve it
// (the sequence of play, the game's check, set aside) without a refusal.

#include "sandtable/action.h"
#include "sandtable/dice_stream.h"
#include "sandtable/game.h"
#include "sandtable/ruleset_registry.h"
#include "sandtable/scenario.h"
#include "sandtable/what_if.h"

#include <catch2/catch.hpp>
#include <filesystem>

using namespace sandtable;

namespace {

/// What the ruleset's preview says of an order it does not know, had it been of `type`.
std::string unknownOrderRefusal(const Ruleset& ruleset, const Battle& battle, const Unit& unit, const std::string& type) {
    const std::string madeUp = "no-such-order";
    Action unknown;
    unknown.type = madeUp;
    unknown.unit = unit.id;
    std::string refusal = ruleset.preview(battle, unknown).refusal;
    if (const auto at = refusal.find(madeUp); at != std::string::npos) {
        refusal.replace(at, madeUp.size(), type);
    }
    return refusal;
}

} // namespace

TEST_CASE("a rulings board's orders are the rules' own, and what the preview allows the rules resolve", "[computer][rulings]") {
    for (const auto& entry : std::filesystem::directory_iterator(SANDTABLE_SCENARIOS_DIR)) {
        if (entry.path().extension() != ".json") {
            continue;
        }
        const auto scenario = loadScenario(entry.path());
        REQUIRE(scenario);
        if (findRuleset(scenario->rulesetId) == nullptr) {
            continue; // a layout-only sample
        }
        auto rules = makeRuleset(scenario->rulesetId, scenario->rulesetOptions);
        REQUIRE(rules);
        auto started = Game::start(*scenario, std::move(rules).value(), 7);
        REQUIRE(started);
        const Game& game = **started;
        const Ruleset& ruleset = game.ruleset();
        const Battle& battle = game.battle();
        int previewed = 0;
        int allowed = 0;
        for (const Unit& unit : battle.units) {
            const std::vector<Offer> offers = ruleset.rulingOffers(battle, unit.id);
            CHECK_FALSE(offers.empty());
            for (const Offer& offer : offers) {
                INFO(entry.path().filename().string() << ": " << unit.id << " " << offer.type << " " << offer.choice);
                CHECK(offer.unit == unit.id);
                // Two targets at most of each: the first enemies listed, near and far alike.
                std::vector<Action> actions;
                if (offer.input == OrderInput::Target) {
                    for (std::size_t i = 0; i < offer.targets.size() && i < 2; ++i) {
                        Action action = actionOf(offer);
                        action.target = offer.targets[i];
                        actions.push_back(action);
                    }
                } else if (offer.input == OrderInput::None || offer.input == OrderInput::Choice) {
                    actions.push_back(actionOf(offer));
                }
                for (const Action& action : actions) {
                    const Preview preview = ruleset.preview(battle, action);
                    ++previewed;
                    CHECK(preview.refusal != unknownOrderRefusal(ruleset, battle, unit, action.type));
                    if (!preview.allowed()) {
                        continue;
                    }
                    ++allowed;
                    DiceStream dice(11);
                    const Resolution resolution = ruleset.resolve(battle, action, dice);
                    INFO(describe(battle, action));
                    CHECK(resolution.refusal.empty());
                }
            }
        }
        INFO(entry.path().filename().string());
        CHECK(previewed > 0);
        CHECK(allowed > 0);
    }
}

TEST_CASE("what changes the odds: the same order previewed with each change a player could make to the two units", "[computer][rulings]") {
    const auto scenario = loadScenario(std::filesystem::path(SANDTABLE_SCENARIOS_DIR) / "ozz-winkie-border.json");
    REQUIRE(scenario);
    auto rules = makeRuleset(scenario->rulesetId, scenario->rulesetOptions);
    REQUIRE(rules);
    auto started = Game::start(*scenario, std::move(rules).value(), 7);
    REQUIRE(started);
    Battle battle = (*started)->battle();
    // The Winkie Guard 8" in front of the Quadling Rifles, face to face.
    const Unit& rifles = *battle.findUnit("q-musket-1");
    const double dy = rifles.centre().y() + 8 * 25.4 + 15 - battle.findUnit("w-musket-1")->centre().y();
    const double dx = rifles.centre().x() - battle.findUnit("w-musket-1")->centre().x();
    for (Element& element : battle.findUnit("w-musket-1")->elements) {
        element.centre = Point(element.centre.x() + dx, element.centre.y() + dy);
    }
    const Action fire{"fire", "w-musket-1", "q-musket-1", {}, {}, {}};
    const Ruleset& ruleset = (*started)->ruleset();
    REQUIRE(ruleset.preview(battle, fire).allowed());
    const std::vector<WhatIf> found = whatIfs(ruleset, battle, fire);
    const auto change = [&](const std::string& text) -> const WhatIf* {
        for (const WhatIf& whatIf : found) {
            if (whatIf.change == text) {
                return &whatIf;
            }
        }
        return nullptr;
    };
    std::vector<std::string> changes;
    for (const WhatIf& whatIf : found) {
        changes.push_back(whatIf.change);
    }
    INFO(Catch::Detail::stringify(changes));
    // The firer Disordered ticks its modifier and lowers the odds of hits.
    const WhatIf* disordered = change("Winkie Guard Disordered");
    REQUIRE(disordered != nullptr);
    CHECK(disordered->ticked == std::vector<std::string>{"You are Disordered"});
    CHECK(disordered->unticked.empty());
    // The target turned: firing at its flank, then its rear.
    const WhatIf* flank = change("Quadling Rifles turned to show its flank");
    REQUIRE(flank != nullptr);
    CHECK(flank->ticked == std::vector<std::string>{"Firing at flank or rear of target"});
    REQUIRE(change("Quadling Rifles turned to show its rear") != nullptr);
    // The target in column: +1 to hit it.
    const WhatIf* column = change("Quadling Rifles in column");
    REQUIRE(column != nullptr);
    CHECK(column->ticked == std::vector<std::string>{"Target is in column"});
    // What does not matter to a fire (the target routed is its own question) is not listed
    // unless the preview moves; every change listed moves something.
    for (const WhatIf& whatIf : found) {
        CHECK((whatIf.allowedChanged || !whatIf.ticked.empty() || !whatIf.unticked.empty() || !whatIf.preview.odds.empty()));
    }
}
