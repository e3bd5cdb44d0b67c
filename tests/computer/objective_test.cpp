// The computer's objectives: the rulesets read the places their scenarios' victories
// reward holding (Ruleset::objectives), and at the levels that weigh the units detailed
// to one make for it and hold it, saying why; the basic level does not.

#include "computer_game.h"
#include "sandtable/computer_player.h"
#include "sandtable/ruleset_registry.h"
#include "shipped_scenario.h"

#include <catch2/catch.hpp>

using namespace sandtable;
using Catch::Matchers::Contains;
using sandtable::test::shipped;

namespace {

/// The scenario's objectives as its ruleset reads them from the game's start.
std::vector<Objective> objectivesOf(const Scenario& scenario) {
    const std::unique_ptr<Game> game = test::startGame(scenario, 1);
    return game->ruleset().objectives(game->battle());
}

/// The orders and reasons of the French at `level` (the British at basic) in Casa Blanca
/// from `seed`, for `most` decisions: "unit: reason" each.
std::vector<std::string> frenchReasons(std::uint64_t seed, ComputerLevel level, int most) {
    const Scenario scenario = shipped("lshm-casa-blanca.json");
    const std::unique_ptr<Game> started = test::startGame(scenario, seed);
    Game& game = *started;
    ComputerPlayer french(level);
    ComputerPlayer british(ComputerLevel::Basic);
    std::vector<std::string> reasons;
    for (int i = 0; i < most && !game.status().over; ++i) {
        const bool ours = computerToDecide(game, {"french", "british"}) == std::optional<std::string>("french");
        const ComputerChoice played = test::decideGivingReasons(ours ? french : british, game, {ours ? "french" : "british"});
        if (ours) {
            reasons.push_back(played.action.unit + ": " + played.reason);
        }
    }
    return reasons;
}

/// Where the first reason with `words` in it is; reasons.size() where none has.
std::size_t firstSaying(const std::vector<std::string>& reasons, const std::string& words) {
    return static_cast<std::size_t>(
        std::find_if(reasons.begin(), reasons.end(), [&](const std::string& r) { return r.find(words) != std::string::npos; }) -
        reasons.begin());
}

bool anySays(const std::vector<std::string>& reasons, const std::string& words) { return firstSaying(reasons, words) < reasons.size(); }

} // namespace

TEST_CASE("the rulesets read the places their scenarios' victories reward holding", "[computer][objective]") {
    const std::vector<Objective> farmhouse = objectivesOf(shipped("lshm-casa-blanca.json"));
    REQUIRE(farmhouse.size() == 1);
    CHECK(farmhouse.front().name == "The farmhouse of Casa Blanca");
    CHECK(farmhouse.front().byTurn == 10);
    CHECK(boost::geometry::area(farmhouse.front().area) == Approx(101.6 * 76.2));

    const std::vector<Objective> farm = objectivesOf(shipped("oibl-freemans-farm.json"));
    REQUIRE(farm.size() == 1);
    CHECK(farm.front().byTurn == 10);
    CHECK(boost::geometry::area(farm.front().area) == Approx(127.0 * 101.6));

    // A victory that names no place: none.
    CHECK(objectivesOf(shipped("oibl-training-charge.json")).empty());
    CHECK(objectivesOf(shipped("einsamenhugel-battle.json")).empty());
}

TEST_CASE("the units detailed to an objective make for it and hold it, at the standard level", "[computer][objective]") {
    // The French foot that stood nearest the farmhouse at the start are detailed: the 1st
    // Fusiliers (20 cm from it) and the voltigeurs (24 cm); the grenadiers (29 cm) only
    // once one of those is gone. From seed 3 the voltigeurs charge the rifles and are
    // lost, and the grenadiers take their place.
    const std::vector<std::string> standard = frenchReasons(3, ComputerLevel::Standard, 400);
    CHECK(anySays(standard, "fusiliers-1: makes for The farmhouse of Casa Blanca, the objective: the side alone in it at the end of turn "
                            "10 wins"));
    const std::size_t grenadiersGo = firstSaying(standard, "grenadiers: makes for The farmhouse");
    REQUIRE(grenadiersGo < standard.size());
    std::size_t lastVoltigeurs = 0;
    for (std::size_t i = 0; i < standard.size(); ++i) {
        lastVoltigeurs = standard[i].rfind("voltigeurs:", 0) == 0 ? i : lastVoltigeurs;
    }
    CHECK(lastVoltigeurs < grenadiersGo);

    // In it, a detailed unit stays: from seed 5 the farmhouse is reached and held.
    CHECK(anySays(frenchReasons(5, ComputerLevel::Standard, 200), ": holds The farmhouse of Casa Blanca, the objective"));

    // The basic level keeps its doctrine: the nearest enemy, whatever the victory.
    CHECK_FALSE(anySays(frenchReasons(3, ComputerLevel::Basic, 400), "The farmhouse"));
}
