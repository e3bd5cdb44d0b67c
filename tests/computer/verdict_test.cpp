// A ruleset's verdict on an action (Ruleset::verdict, what the computer asks of the many
// moves and targets it tries) is its preview's: the same refusal, allowance and path
// cost. Checked at points of whole games of every shipped scenario, for every unit's
// offers: each target, box or choice, and moves of several lengths in eight directions.
#include "computer_game.h"

#include <catch2/catch.hpp>
#include <cmath>
#include <filesystem>
#include <numbers>
#include <set>

using namespace sandtable;
using namespace sandtable::test;

namespace {

/// The actions to ask of an offer: each target, box or choice it lists; for a move drawn
/// on the table, steps of several lengths in eight directions from the unit's centre.
std::vector<Action> tried(const Game& game, const Offer& offer) {
    std::vector<Action> actions = completions(offer);
    const Unit* unit = game.battle().findUnit(offer.unit);
    if ((offer.input != OrderInput::Path && offer.input != OrderInput::Point) || unit == nullptr || unit->eliminated()) {
        return actions;
    }
    const Point from = unit->centre();
    for (int direction = 0; direction < 8; ++direction) {
        const double angle = direction * std::numbers::pi / 4;
        for (const double length : {10.0, 60.0, 200.0, 600.0}) {
            const Point to(from.x() + std::cos(angle) * length, from.y() + std::sin(angle) * length);
            Action action = actionOf(offer);
            if (offer.input == OrderInput::Point) {
                action.point = to;
            } else {
                action.path = {to};
            }
            actions.push_back(std::move(action));
        }
    }
    return actions;
}

} // namespace

TEST_CASE("a ruleset's verdict on an action is its preview's", "[computer][preview]") {
    const std::filesystem::path folder = SANDTABLE_SCENARIOS_DIR;
    std::size_t compared = 0;
    std::size_t allowed = 0;
    for (const char* file : {"ozz-winkie-border.json", "einsamenhugel-battle.json", "vcc-abu-klea.json", "oibl-training-charge.json",
                             "lshm-casa-blanca.json"}) {
        auto scenario = loadScenario(folder / file);
        REQUIRE(scenario);
        const auto started = startGame(*scenario, 3);
        Game& game = *started;
        const std::set<std::string> everyone = everySide(*scenario);
        ComputerPlayer computer(ComputerLevel::Basic);
        for (std::size_t actions = 0; actions < 160 && !game.status().over; ++actions) {
            if (actions % 4 == 0) {
                std::vector<std::string> asked{""}; // the side's own orders, and each unit's
                for (const Unit& unit : game.battle().units) {
                    asked.push_back(unit.id);
                }
                for (const std::string& unit : asked) {
                    for (const Offer& offer : game.offers(unit)) {
                        for (const Action& action : tried(game, offer)) {
                            INFO(file << ", after " << actions << " actions: " << toJson(action).dump());
                            const Preview preview = game.preview(action);
                            const Preview verdict = game.verdict(action);
                            CHECK(verdict.refusal == preview.refusal);
                            CHECK(verdict.allowance == preview.allowance);
                            CHECK(verdict.pathCost == preview.pathCost);
                            ++compared;
                            allowed += preview.allowed() ? 1 : 0;
                        }
                    }
                }
            }
            decide(computer, game, everyone);
        }
    }
    // Both answers come up: the checks above can fail either way.
    CHECK(compared > 1000);
    CHECK(allowed > 100);
    CHECK(compared - allowed > 100);
}
