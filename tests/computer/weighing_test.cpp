// A weighing's tries share one battle, put back between tries to the game's battle in
// what events change (computer_weighing.cpp, TryBattle): whatever a weigher weighed
// before, an order must come out exactly as a fresh weigher weighs it. And its tries roll
// untraced dice (DiceStream::untraced), on which a resolution writes no account and must
// come out otherwise the same. Whole games of every shipped scenario, the basic level on
// every side, every few actions.
#include "computer_game.h"
#include "computer_weighing.h"
#include "sandtable/event.h"

#include <catch2/catch.hpp>
#include <filesystem>
#include <set>

using namespace sandtable;
using namespace sandtable::test;

namespace {

/// More than the four tries an order whose first tries agree is weighed on
/// (computer_weighing.cpp), so that both kinds of weighing are compared.
constexpr int kTries = 6;
/// Orders weighed at a point, at most: enough that each try follows others' tries.
constexpr std::size_t kOrdersAPoint = 8;

/// The orders the side to act may give now that make themselves (completions), its
/// units' first: at most kOrdersAPoint.
std::vector<Action> ordersNow(const Game& game) {
    const GameStatus& status = game.status();
    std::vector<std::string> units = status.mayActivate;
    if (!status.activeUnit.empty()) {
        units = {status.activeUnit};
    }
    units.push_back(""); // the side's own orders
    std::vector<Action> orders;
    for (const std::string& unit : units) {
        for (const Offer& offer : game.offers(unit)) {
            for (Action& action : completions(offer)) {
                if (orders.size() < kOrdersAPoint) {
                    orders.push_back(std::move(action));
                }
            }
        }
    }
    return orders;
}

/// A resolution as text: its refusal, its question and its events, each described.
std::string resolvedText(const Battle& battle, const Resolution& resolution) {
    std::string text = resolution.refusal + "|" + (resolution.prompt ? resolution.prompt->question : std::string()) + "|";
    for (const Event& event : resolution.events) {
        text += describe(battle, event) + "\n";
    }
    return text;
}

const std::vector<const char*> kScenarios{"ozz-winkie-border.json",    "einsamenhugel-battle.json", "vcc-abu-klea.json",
                                          "oibl-training-charge.json", "oibl-freemans-farm.json",   "lshm-casa-blanca.json"};

/// Plays `file` from `seed`, the basic level on every side, for up to 120 actions, and
/// calls `atPoint(game, action)` every `every` actions at which no question waits.
template <class AtPoint> void atPointsOf(const char* file, std::uint64_t seed, int every, AtPoint atPoint) {
    auto scenario = loadScenario(std::filesystem::path(SANDTABLE_SCENARIOS_DIR) / file);
    REQUIRE(scenario);
    const auto started = startGame(*scenario, seed);
    Game& game = *started;
    const std::set<std::string> everyone = everySide(*scenario);
    ComputerPlayer computer(ComputerLevel::Basic);
    for (int action = 0; action < 120 && !game.status().over; ++action) {
        if (action % every == 0 && !game.prompt()) {
            atPoint(game, action);
        }
        decide(computer, game, everyone);
    }
}

} // namespace

TEST_CASE("an order weighs the same whatever its weigher weighed before it", "[computer]") {
    for (const char* file : kScenarios) {
        std::size_t weighed = 0;
        std::size_t changed = 0;   // orders whose tries changed the balance: tries that did something
        std::size_t shortened = 0; // weighed on their four agreeing tries
        // Seed 1: an order that changes nothing gains nothing in every try (its own dice
        // apart from the turn's), and in the game of seed 5 the training charge's orders
        // changed something at one point of the twenty.
        atPointsOf(file, 1, 6, [&](const Game& game, int action) {
            const std::string side = game.status().activeSide;
            computer::Weigher shared(game, side, kTries);
            for (const Action& order : ordersNow(game)) {
                INFO(file << ", action " << action << ": " << describe(game.battle(), order));
                const computer::Weighing again = shared.weigh(order);
                const computer::Weighing fresh = computer::Weigher(game, side, kTries).weigh(order);
                REQUIRE(again.allowed == fresh.allowed);
                CHECK(again.gain == fresh.gain);
                CHECK(again.favourable == fresh.favourable);
                CHECK(again.unfavourable == fresh.unfavourable);
                CHECK(again.tries == fresh.tries);
                if (fresh.allowed) {
                    // Weighed on four tries only when they agree; else on all.
                    const bool agreed = fresh.favourable == 1 || fresh.unfavourable == 1 || fresh.favourable + fresh.unfavourable == 0;
                    CHECK((fresh.tries == 4 ? agreed : fresh.tries == kTries));
                    shortened += fresh.tries == 4 ? 1 : 0;
                }
                weighed += fresh.allowed ? 1 : 0;
                changed += fresh.allowed && fresh.favourable + fresh.unfavourable > 0 ? 1 : 0;
            }
        });
        INFO(file);
        CHECK(weighed >= 20);
        CHECK(changed >= 3);
        CHECK(shortened >= 3);
    }
}

TEST_CASE("a resolution on untraced dice writes no account and resolves the same", "[computer]") {
    for (const char* file : kScenarios) {
        std::size_t traced = 0; // resolutions whose traced account has steps
        atPointsOf(file, 9, 4, [&](const Game& game, int action) {
            for (const Action& order : ordersNow(game)) {
                INFO(file << ", action " << action << ": " << describe(game.battle(), order));
                DiceStream dice(77);
                DiceStream quiet(77);
                quiet.setUntraced(true);
                const Resolution loud = game.ruleset().resolve(game.battle(), order, dice);
                const Resolution hushed = game.ruleset().resolve(game.battle(), order, quiet);
                CHECK(resolvedText(game.battle(), hushed) == resolvedText(game.battle(), loud));
                CHECK(quiet.rollCount() == dice.rollCount());
                CHECK(hushed.trace.empty());
                traced += loud.trace.empty() ? 0 : 1;
            }
        });
        INFO(file);
        CHECK(traced >= 10);
    }
}

// Fire the rules only set down (no die rolled, no question put) is given unweighed at a
// lone target and weighed at two targets, not four (computer_doctrine.cpp): the weigher
// must call set down exactly the orders the rules resolve so, and asking must leave its
// tries as they were.
TEST_CASE("an order is set down only where the rules roll no die and ask nothing for it", "[computer]") {
    std::size_t setDown = 0;
    std::size_t rolled = 0;
    for (const char* file : kScenarios) {
        atPointsOf(file, 3, 5, [&](const Game& game, int action) {
            const std::string side = game.status().activeSide;
            computer::Weigher asked(game, side, kTries);
            for (const Action& order : ordersNow(game)) {
                INFO(file << ", action " << action << ": " << describe(game.battle(), order));
                DiceStream dice(5);
                const Resolution resolution = game.ruleset().resolve(game.battle(), order, dice);
                const bool quiet = resolution.refusal.empty() && !resolution.prompt && dice.rollCount() == 0;
                CHECK(asked.setDownOnly(order) == quiet);
                setDown += quiet ? 1 : 0;
                rolled += resolution.refusal.empty() && dice.rollCount() > 0 ? 1 : 0;
                const computer::Weighing after = asked.weigh(order);
                const computer::Weighing fresh = computer::Weigher(game, side, kTries).weigh(order);
                CHECK(after.allowed == fresh.allowed);
                CHECK(after.gain == fresh.gain);
                CHECK(after.tries == fresh.tries);
            }
        });
    }
    CHECK(setDown >= 10);
    CHECK(rolled >= 10);
}
