// A ruleset's status lists the units that may act (GameStatus::mayActivate); where it
// finds them by a quicker way than listing each unit's offers (Abu Klea's rules ask
// whether a unit has any order, stopping at the first), the list must still be exactly
// the units offered an order. Whole games, the computer on every side at two levels, at
// every action.
#include "computer_game.h"
#include "shipped_scenario.h"

#include <algorithm>
#include <catch2/catch.hpp>
#include <filesystem>
#include <set>

using namespace sandtable;
using namespace sandtable::test;

namespace {

/// Every shipped scenario: one or two of each ruleset.
const std::vector<std::string> kEveryScenario{"einsamenhugel-battle.json", "oibl-freemans-farm.json", "oibl-training-charge.json",
                                              "vcc-abu-klea.json",         "ozz-winkie-border.json",  "lshm-casa-blanca.json"};

/// A game of the shipped `file` from `seed`, the basic level on every side:
/// `atAction(game, action)` at each of its first `most` actions, the last one that at
/// which the battle ends.
template <class AtAction> void everyActionOf(const std::string& file, std::uint64_t seed, int most, AtAction atAction) {
    const Scenario scenario = shipped(file);
    const std::set<std::string> everyone = everySide(scenario);
    const auto started = startGame(scenario, seed);
    Game& game = *started;
    ComputerPlayer computer(ComputerLevel::Basic);
    for (int action = 0; action < most; ++action) {
        atAction(game, action);
        if (game.status().over) {
            return;
        }
        decide(computer, game, everyone);
    }
}

} // namespace

TEST_CASE("the status lists as able to act exactly the units offered an order", "[computer]") {
    const std::filesystem::path folder = SANDTABLE_SCENARIOS_DIR;
    const char* file = GENERATE("vcc-abu-klea.json", "oibl-freemans-farm.json", "oibl-training-charge.json");
    auto scenario = loadScenario(folder / file);
    REQUIRE(scenario);
    const std::set<std::string> everyone = everySide(*scenario);
    std::size_t listed = 0;
    std::size_t unlisted = 0;
    for (const ComputerLevel level : {ComputerLevel::Random, ComputerLevel::Basic}) {
        for (const std::uint64_t seed : {3u, 4u}) {
            const auto started = startGame(*scenario, seed);
            Game& game = *started;
            ComputerPlayer computer(level);
            for (int action = 0; action < 300 && !game.status().over; ++action) {
                const GameStatus& status = game.status();
                if (status.activeUnit.empty() && !game.prompt()) {
                    const std::set<std::string> mayActivate(status.mayActivate.begin(), status.mayActivate.end());
                    for (const Unit& unit : game.battle().units) {
                        INFO(file << ", " << toString(level) << ", seed " << seed << ", action " << action << ": " << unit.name);
                        const bool offered = !unit.eliminated() && !game.offers(unit.id).empty();
                        CHECK(offered == (mayActivate.count(unit.id) != 0));
                        listed += offered ? 1 : 0;
                        unlisted += offered ? 0 : 1;
                    }
                }
                decide(computer, game, everyone);
            }
        }
    }
    CHECK(listed >= 100);
    CHECK(unlisted >= 100);
}

// The brief status (Ruleset::briefStatus) the computer's tries read at every step must say
// all the whole status says but the units that may act: whose turn, the score, the end.
TEST_CASE("the brief status is the status without the units that may act", "[computer]") {
    const std::string file = GENERATE(from_range(kEveryScenario));
    int listing = 0;
    everyActionOf(file, 5, 400, [&](const Game& game, int action) {
        const GameStatus& status = game.status();
        const GameStatus brief = game.ruleset().briefStatus(game.battle());
        INFO(file << ", action " << action);
        CHECK(brief.turn == status.turn);
        CHECK(brief.phase == status.phase);
        CHECK(brief.activeSide == status.activeSide);
        CHECK(brief.activeUnit == status.activeUnit);
        CHECK(brief.activeCommand == status.activeCommand);
        CHECK(brief.beforeBattle == status.beforeBattle);
        CHECK(brief.over == status.over);
        CHECK(brief.winner == status.winner);
        CHECK(brief.result == status.result);
        REQUIRE(brief.scores.size() == status.scores.size());
        for (std::size_t i = 0; i < brief.scores.size(); ++i) {
            CHECK(brief.scores[i].side == status.scores[i].side);
            CHECK(brief.scores[i].points == status.scores[i].points);
        }
        // Left empty, or (a ruleset that keeps the default) the whole list.
        CHECK((brief.mayActivate.empty() || brief.mayActivate == status.mayActivate));
        listing += status.mayActivate.empty() ? 0 : 1;
    });
    INFO(file);
    CHECK(listing >= 10); // positions with units to list were compared
}

namespace {

/// An offer as the test compares it: every field but the boxes (a box grid's, which no
/// ruleset filters).
std::string described(const Offer& offer) {
    std::string text = offer.type + "|" + offer.label + "|" + offer.unit + "|" + std::string(roleName(offer.role)) + "|" +
                       std::string(inputName(offer.input)) + "|" + offer.choice + "|";
    for (const auto* list : {&offer.targets, &offer.with, &offer.elements}) {
        for (const std::string& id : *list) {
            text += id + ",";
        }
        text += "|";
    }
    return text + std::to_string(offer.boxes.size());
}

std::vector<std::string> described(const std::vector<Offer>& offers) {
    std::vector<std::string> texts;
    for (const Offer& offer : offers) {
        texts.push_back(described(offer));
    }
    return texts;
}

} // namespace

// A unit's offers of some roles (Ruleset::offersOfRoles), which the computer's tries ask
// for a melee to fight or the unit's end, must be its whole offers of those roles, in
// their order: a ruleset that leaves out working out the others' targets must leave out
// nothing asked for.
TEST_CASE("a unit's offers of some roles are its whole offers of those roles", "[computer]") {
    const std::string file = GENERATE(from_range(kEveryScenario));
    const std::vector<std::vector<OrderRole>> asked{{OrderRole::Melee, OrderRole::EndActivation},
                                                    {OrderRole::Fire},
                                                    {OrderRole::Charge, OrderRole::Pass},
                                                    {OrderRole::Pass, OrderRole::Draw},
                                                    {OrderRole::Move, OrderRole::Formation, OrderRole::Face}};
    std::vector<int> found(asked.size(), 0);
    everyActionOf(file, 6, 300, [&](const Game& game, int action) {
        std::vector<std::string> ids{""};
        for (const Unit& unit : game.battle().units) {
            ids.push_back(unit.id);
        }
        for (const std::string& id : ids) {
            const std::vector<Offer> all = game.ruleset().offers(game.battle(), id);
            for (std::size_t set = 0; set < asked.size(); ++set) {
                std::vector<Offer> wanted = all;
                std::erase_if(wanted, [&](const Offer& offer) {
                    return std::find(asked[set].begin(), asked[set].end(), offer.role) == asked[set].end();
                });
                OrderRoles roles{};
                for (const OrderRole role : asked[set]) {
                    roles.add(role);
                }
                const std::vector<Offer> given = game.ruleset().offersOfRoles(game.battle(), id, roles);
                INFO(file << ", action " << action << ", unit '" << id << "', role set " << set);
                CHECK(described(given) == described(wanted));
                found[set] += wanted.empty() ? 0 : 1;
            }
        }
    });
    // Positions with offers of the roles asked were compared, of at least two sets.
    INFO(file << ": offers of each set " << found[0] << ", " << found[1] << ", " << found[2] << ", " << found[3] << ", " << found[4]);
    CHECK(std::count_if(found.begin(), found.end(), [](int count) { return count >= 20; }) >= 2);
}
