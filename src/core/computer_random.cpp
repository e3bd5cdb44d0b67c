#include "computer_random.h"

#include <boost/random/mersenne_twister.hpp>
#include <boost/random/uniform_int_distribution.hpp>
#include <boost/random/uniform_real_distribution.hpp>
#include <cmath>
#include <numbers>

namespace sandtable::computer {

namespace {

using Engine = boost::random::mt19937_64;

template <typename T> const T& anyOf(const std::vector<T>& items, Engine& engine) {
    return items[boost::random::uniform_int_distribution<std::size_t>(0, items.size() - 1)(engine)];
}

double uniform(double low, double high, Engine& engine) { return boost::random::uniform_real_distribution<double>(low, high)(engine); }

/// A place within the unit's move (its allowance from a first step's preview), in any
/// direction; the unit's own place when the preview gives no allowance.
Point anywhereWithin(const Game& game, const Offer& offer, const Unit& unit, Engine& engine) {
    const Point from = unit.centre();
    Action probe = actionOf(offer);
    const Point step(from.x() + 1, from.y());
    if (offer.input == OrderInput::Point) {
        probe.point = step;
    } else {
        probe.path = {step};
    }
    const Preview preview = game.verdict(probe);
    const double reach = preview.allowance ? game.battle().table.fromUnits(*preview.allowance) : 0;
    if (!(reach > 0) || !std::isfinite(reach)) {
        return from; // (Boost's uniform_real_distribution never returns from an empty range)
    }
    const double angle = uniform(0, 2 * std::numbers::pi, engine);
    const double length = uniform(0, reach, engine);
    return {from.x() + std::cos(angle) * length, from.y() + std::sin(angle) * length};
}

/// The offer's order with its input chosen at random; nothing for an input it does not
/// guess (placing each element).
std::optional<Action> atRandom(const Game& game, const Offer& offer, Engine& engine) {
    Action action = actionOf(offer);
    const Unit* unit = game.battle().findUnit(offer.unit);
    switch (offer.input) {
    case OrderInput::None:
    case OrderInput::Choice:
        return action;
    case OrderInput::Target:
        if (offer.targets.empty()) {
            return std::nullopt;
        }
        action.target = anyOf(offer.targets, engine);
        return action;
    case OrderInput::ElementTargets:
        if (offer.targets.empty()) {
            return std::nullopt;
        }
        for (const std::string& element : offer.elements) {
            action.elements.push_back(ElementOrder{element, anyOf(offer.targets, engine), {}, {}});
        }
        return action;
    case OrderInput::Path:
    case OrderInput::Point:
        if (unit == nullptr || unit->eliminated()) {
            return std::nullopt;
        }
        if (offer.input == OrderInput::Point) {
            action.point = anywhereWithin(game, offer, *unit, engine);
        } else {
            action.path = {anywhereWithin(game, offer, *unit, engine)};
        }
        return action;
    case OrderInput::Box:
        if (offer.boxes.empty()) {
            return std::nullopt;
        }
        action.box = anyOf(offer.boxes, engine);
        return action;
    case OrderInput::Facing:
        action.facing = 45.0 * boost::random::uniform_int_distribution<int>(0, 7)(engine);
        return action;
    case OrderInput::Placement:
        return std::nullopt;
    }
    return std::nullopt;
}

} // namespace

std::vector<ComputerChoice> randomChoices(const Game& game, const GameStatus& status, const std::string& side) {
    Engine engine(game.seed() * 0x9e3779b97f4a7c15ULL + game.log().size());
    std::vector<Offer> offers = game.offers("");
    const std::vector<std::string> units = status.activeUnit.empty() ? status.mayActivate : std::vector<std::string>{status.activeUnit};
    for (const std::string& id : units) {
        const Unit* unit = game.battle().findUnit(id);
        if (unit != nullptr && unit->side == side) {
            for (Offer& offer : game.offers(id)) {
                offers.push_back(std::move(offer));
            }
        }
    }
    // Shuffled (Fisher-Yates with the computer's engine: std::shuffle's order differs
    // between standard libraries), then each given its input and previewed.
    for (std::size_t i = offers.size(); i > 1; --i) {
        std::swap(offers[i - 1], offers[boost::random::uniform_int_distribution<std::size_t>(0, i - 1)(engine)]);
    }
    std::vector<ComputerChoice> choices;
    for (const Offer& offer : offers) {
        std::optional<Action> action = atRandom(game, offer, engine);
        if (action && game.verdict(*action).allowed()) {
            choices.push_back({std::move(*action), "picks at random: " + offer.label});
        }
    }
    return choices;
}

} // namespace sandtable::computer
