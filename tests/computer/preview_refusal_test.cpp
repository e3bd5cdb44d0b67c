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

const Unit* nearestEnemy(const Battle& battle, const Unit& unit) {
    const Unit* nearest = nullptr;
    double best = 0;
    for (const Unit& other : battle.units) {
        if (other.side != unit.side && !other.eliminated()) {
            const double gap = distanceBetween(unit, other, DistanceConvention::NearestEdges);
            if (nearest == nullptr || gap < best) {
                nearest = &other;
                best = gap;
            }
        }
    }
    return nearest;
}

} // namespace

TEST_CASE("a preview allows an order exactly when the rules would resolve it, offered or not", "[computer][offers][preview]") {
    const std::filesystem::path folder = SANDTABLE_SCENARIOS_DIR;
    // Games by the basic level, and by the default level, which goes where the basic does
    // not (Casa Blanca's fire under a joker was found only there).
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
            int tried = 0;
            int allowed = 0;
            while (game->log().size() < 300 && !game->status().over) {
                if (game->log().size() % games.every == 0 && !game->prompt()) {
                    const Battle& battle = game->battle();
                    for (const Unit& unit : battle.units) {
                        for (const Offer& offer : game->offers(unit.id)) {
                            orders.learn(offer);
                        }
                    }
                    for (const Unit& unit : battle.units) {
                        if (unit.eliminated()) {
                            continue;
                        }
                        std::vector<Action> plain;
                        if (!orders.move.empty()) {
                            // A step ahead, a long march ahead, and a turn about where it stands.
                            const Point ahead = facingVector(unit.elements.front().facing);
                            for (const double millimetres : {20.0, 400.0}) {
                                Action move{orders.move, unit.id};
                                move.path = {
                                    Point(unit.centre().x() + ahead.x() * millimetres, unit.centre().y() + ahead.y() * millimetres)};
                                plain.push_back(move);
                            }
                            Action turn{orders.move, unit.id};
                            turn.facing = std::fmod(unit.elements.front().facing + 90, 360.0);
                            plain.push_back(turn);
                        }
                        if (const Unit* enemy = nearestEnemy(battle, unit)) {
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
                            DiceStream dice(game->log().size());
                            std::string refusal = payloadProblem(battle.table, action);
                            if (refusal.empty()) {
                                refusal = game->ruleset().sequenceRefusal(battle, action);
                            }
                            if (refusal.empty()) {
                                try {
                                    refusal = game->ruleset().resolve(battle, action, dice).refusal;
                                } catch (const std::exception& error) {
                                    refusal = std::string("the ruleset could not resolve this action: ") + error.what(); // as perform
                                }
                            }
                            INFO(scenario->name << ", " << toString(games.level) << " level, seed " << games.seed << ", after "
                                                << game->log().size() << " actions (turn " << battle.turn << ", " << battle.phase
                                                << "): " << toJson(action).dump() << "; resolved: \"" << refusal << "\"");
                            const Preview preview = game->preview(action);
                            INFO("previewed: \"" << preview.refusal << "\"");
                            CHECK(preview.allowed() == refusal.empty());
                            ++tried;
                            allowed += preview.allowed() ? 1 : 0;
                        }
                    }
                }
                decide(computer, *game, everyone);
            }
            INFO(scenario->name << ": " << allowed << " of " << tried << " allowed");
            // Both answers were asked for: orders the rules take and orders they refuse.
            CHECK(allowed > 0);
            CHECK(tried - allowed > 0);
        }
    }
}
