// A preview says what the game would do: at points of whole computer games of every
// shipped scenario, every unit's plain orders, offered or not (a short move ahead, fire
// at and a charge on the nearest enemy), are previewed as allowed exactly when the rules
// would resolve them without a refusal. A player drags any unit, not only one offered a
// move: a preview that allows what the game then refuses, or refuses what it would take,
// misleads the player and the computer alike.

#include "computer_game.h"
#include "sandtable/battle_geometry.h"
#include "sandtable/dice_stream.h"

#include <catch2/catch.hpp>
#include <cmath>
#include <filesystem>
#include <functional>
#include <map>

using namespace sandtable;
using namespace sandtable::test;

namespace {

/// The action types a ruleset gives its moves (by a route), fire and charges, read from
/// its offers (the test names no ruleset's types).
struct PlainOrders {
    std::string move;
    std::string fire;
    std::string charge;

    void learn(const Offer& offer) {
        if (offer.role == OrderRole::Move && offer.input == OrderInput::Path && move.empty()) {
            move = offer.type;
        } else if (offer.role == OrderRole::Fire && offer.input == OrderInput::Target && fire.empty()) {
            fire = offer.type;
        } else if (offer.role == OrderRole::Charge && offer.input == OrderInput::Target && charge.empty()) {
            charge = offer.type;
        }
    }
};

/// The nearest unit on the table to `unit` of its own side (`sameSide`) or another, by
/// nearest edges; none if there is none.
const Unit* nearestOf(const Battle& battle, const Unit& unit, bool sameSide) {
    const Unit* nearest = nullptr;
    double best = 0;
    for (const Unit& other : battle.units) {
        if (&other != &unit && (other.side == unit.side) == sameSide && !other.eliminated()) {
            const double gap = distanceBetween(unit, other, DistanceConvention::NearestEdges);
            if (nearest == nullptr || gap < best) {
                nearest = &other;
                best = gap;
            }
        }
    }
    return nearest;
}

/// The point `millimetres` straight ahead of `unit`'s centre.
Point aheadOf(const Unit& unit, double millimetres) {
    const Point ahead = facingVector(unit.elements.front().facing);
    return {unit.centre().x() + ahead.x() * millimetres, unit.centre().y() + ahead.y() * millimetres};
}

/// A point of a computer game: the game as it stands, how it was played, and the plain
/// order types its offers have shown so far.
struct GamePoint {
    const Game& game;
    const Scenario& scenario;
    ComputerLevel level;
    std::uint64_t seed;
    const PlainOrders& orders;
};

/// Plays whole computer games of every shipped scenario, by the basic level and by the
/// default level (which goes where the basic does not: Casa Blanca's fire under a joker
/// was found only there), and asks `ask` at points of each, up to 300 actions.
void askAtPointsOfGames(const std::function<void(const GamePoint&)>& ask) {
    const std::filesystem::path folder = SANDTABLE_SCENARIOS_DIR;
    struct Games {
        ComputerLevel level;
        std::uint64_t seed;
        std::size_t every; // actions between the points asked at
    };
    for (const Games games : {Games{ComputerLevel::Basic, 5, 5}, Games{ComputerLevel::Standard, 11, 3}}) {
        for (const char* file : {"ozz-winkie-border.json", "einsamenhugel-battle.json", "vcc-abu-klea.json", "oibl-training-charge.json",
                                 "oibl-freemans-farm.json", "lshm-casa-blanca.json"}) {
            auto scenario = loadScenario(folder / file);
            REQUIRE(scenario);
            auto game = startGame(*scenario, games.seed);
            const std::set<std::string> everyone = everySide(*scenario);
            ComputerPlayer computer(games.level);
            PlainOrders orders;
            while (game->log().size() < 300 && !game->status().over) {
                if (game->log().size() % games.every == 0 && !game->prompt()) {
                    for (const Unit& unit : game->battle().units) {
                        for (const Offer& offer : game->offers(unit.id)) {
                            orders.learn(offer);
                        }
                    }
                    ask(GamePoint{*game, *scenario, games.level, games.seed, orders});
                }
                decide(computer, *game, everyone);
            }
        }
    }
}

/// A move of `unit` by `type` to `to`, its centre's new place.
Action moveTo(const std::string& type, const Unit& unit, const Point& to) {
    Action move{type, unit.id};
    move.path = {to};
    return move;
}

} // namespace

TEST_CASE("a preview allows an order exactly when the rules would resolve it, offered or not", "[computer][offers][preview]") {
    std::map<std::string, std::pair<int, int>> allowedOfTried; // by scenario and level
    askAtPointsOfGames([&](const GamePoint& point) {
        const Game& game = point.game;
        const Battle& battle = game.battle();
        const PlainOrders& orders = point.orders;
        auto& [allowed, tried] = allowedOfTried[point.scenario.name + ", " + toString(point.level) + " level"];
        for (const Unit& unit : battle.units) {
            if (unit.eliminated()) {
                continue;
            }
            std::vector<Action> plain;
            if (!orders.move.empty()) {
                // A step ahead, a long march ahead, and a turn about where it stands.
                for (const double millimetres : {20.0, 400.0}) {
                    plain.push_back(moveTo(orders.move, unit, aheadOf(unit, millimetres)));
                }
                Action turn{orders.move, unit.id};
                turn.facing = std::fmod(unit.elements.front().facing + 90, 360.0);
                plain.push_back(turn);
            }
            if (const Unit* enemy = nearestOf(battle, unit, false)) {
                for (const std::string& type : {orders.fire, orders.charge}) {
                    if (!type.empty()) {
                        Action order{type, unit.id};
                        order.target = enemy->id;
                        plain.push_back(order);
                    }
                }
            }
            for (const Action& action : plain) {
                // What perform would answer, without performing it: the game's
                // own refusals (the order of play, the payload), then the rules'.
                DiceStream dice(game.log().size());
                std::string refusal = payloadProblem(battle.table, action);
                if (refusal.empty()) {
                    refusal = game.ruleset().sequenceRefusal(battle, action);
                }
                if (refusal.empty()) {
                    try {
                        refusal = game.ruleset().resolve(battle, action, dice).refusal;
                    } catch (const std::exception& error) {
                        refusal = std::string("the ruleset could not resolve this action: ") + error.what(); // as perform
                    }
                }
                INFO(point.scenario.name << ", " << toString(point.level) << " level, seed " << point.seed << ", after "
                                         << game.log().size() << " actions (turn " << battle.turn << ", " << battle.phase
                                         << "): " << toJson(action).dump() << "; resolved: \"" << refusal << "\"");
                const Preview preview = game.preview(action);
                INFO("previewed: \"" << preview.refusal << "\"");
                CHECK(preview.allowed() == refusal.empty());
                ++tried;
                allowed += preview.allowed() ? 1 : 0;
            }
        }
    });
    for (const auto& [games, counts] : allowedOfTried) {
        INFO(games << ": " << counts.first << " of " << counts.second << " allowed");
        // Both answers were asked for: orders the rules take and orders they refuse.
        CHECK(counts.first > 0);
        CHECK(counts.second - counts.first > 0);
    }
}

TEST_CASE("a move refused for where it would end still gives the unit's allowance", "[computer][offers][preview]") {
    // Preview::allowance comes with a path's refusal: the computer reads a unit's
    // allowance from its first millimetre's step, and a step that would end on a friend
    // standing close in front (refused in One If By Land) gave none, so the unit was given
    // no move at all. Here every unit with an allowance is asked to move onto its nearest
    // friend.
    int refusedWithAllowance = 0;
    askAtPointsOfGames([&](const GamePoint& point) {
        const Game& game = point.game;
        const Battle& battle = game.battle();
        if (point.orders.move.empty()) {
            return;
        }
        for (const Unit& unit : battle.units) {
            const Unit* friendly = unit.eliminated() ? nullptr : nearestOf(battle, unit, true);
            if (friendly == nullptr || !game.preview(moveTo(point.orders.move, unit, aheadOf(unit, 1))).allowance) {
                continue;
            }
            const Preview onFriend = game.preview(moveTo(point.orders.move, unit, friendly->centre()));
            INFO(point.scenario.name << ", " << toString(point.level) << " level, seed " << point.seed << ", after " << game.log().size()
                                     << " actions: " << unit.name << " onto " << friendly->name << ", refused: \"" << onFriend.refusal
                                     << "\"");
            CHECK(onFriend.allowance);
            refusedWithAllowance += !onFriend.allowed() && onFriend.allowance ? 1 : 0;
        }
    });
    CHECK(refusedWithAllowance > 0);
}
