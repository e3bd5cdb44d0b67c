#pragma once

// What the computer's tests share: a scenario's game started by its ruleset, the sides of
// a battle, one decision of the computer on every side, and the actions an offer makes by
// itself.

#include "sandtable/action.h"
#include "sandtable/computer_player.h"
#include "sandtable/game.h"
#include "sandtable/ruleset_registry.h"
#include "sandtable/scenario.h"

#include <catch2/catch.hpp>
#include <memory>
#include <set>
#include <string>
#include <vector>

namespace sandtable::test {

inline std::unique_ptr<Game> startGame(const Scenario& scenario, std::uint64_t seed) {
    auto rules = makeRuleset(scenario.rulesetId, scenario.rulesetOptions);
    REQUIRE(rules);
    auto started = Game::start(scenario, std::move(rules).value(), seed);
    REQUIRE(started);
    return std::move(started).value();
}

inline std::set<std::string> everySide(const Scenario& scenario) {
    std::set<std::string> sides;
    for (const Side& side : scenario.battle.sides) {
        sides.insert(side.id);
    }
    return sides;
}

/// The computer takes the next decision, for whichever of `sides` is to take it.
inline void decide(ComputerPlayer& computer, Game& game, const std::set<std::string>& sides) {
    const std::optional<std::string> side = computerToDecide(game, sides);
    REQUIRE(side);
    REQUIRE(computer.play(game, *side, [&](const Action& action) {
        auto done = game.perform(action);
        return done ? std::string() : done.error();
    }));
}

/// As decide, each order performed with its reason (kept in the log): the choice made.
inline ComputerChoice decideGivingReasons(ComputerPlayer& computer, Game& game, const std::set<std::string>& sides) {
    const std::optional<std::string> side = computerToDecide(game, sides);
    REQUIRE(side);
    auto played = computer.play(game, *side, [&](const Action& action, const std::string& reason) {
        auto done = game.perform(action, reason);
        return done ? std::string() : done.error();
    });
    REQUIRE(played);
    return std::move(played).value();
}

/// The actions an offer makes by itself: the offer alone, or one for each target or box
/// it lists (every element at the same target). Offers that need a route, a point, a
/// facing or places drawn on the table promise no particular one: none.
inline std::vector<Action> completions(const Offer& offer) {
    std::vector<Action> actions;
    switch (offer.input) {
    case OrderInput::None:
    case OrderInput::Choice:
        actions.push_back(actionOf(offer));
        break;
    case OrderInput::Target:
    case OrderInput::ElementTargets:
        for (const std::string& target : offer.targets) {
            Action action = actionOf(offer);
            if (offer.input == OrderInput::Target) {
                action.target = target;
            } else {
                for (const std::string& element : offer.elements) {
                    action.elements.push_back(ElementOrder{element, target, {}, {}});
                }
            }
            actions.push_back(std::move(action));
        }
        break;
    case OrderInput::Box:
        for (const Box& box : offer.boxes) {
            Action action = actionOf(offer);
            action.box = box;
            actions.push_back(std::move(action));
        }
        break;
    case OrderInput::Path:
    case OrderInput::Point:
    case OrderInput::Facing:
    case OrderInput::Placement:
        break;
    }
    return actions;
}

} // namespace sandtable::test
