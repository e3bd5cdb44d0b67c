// The computer player's memory between decisions (ComputerPlayer) changes what it costs,
// never what it chooses: whole games of every shipped scenario, and turns of a battle of
// hundreds of units, are played once with the memory and once considering every unit at
// every decision, and must give the same actions one for one; at the Basic level, and at
// the Standard level, its weighed orders weighed afresh at every decision. Kept, as they
// are in play, the weighed orders are remembered until a change near the unit: whole
// games still end with every order taken, for less thought.

#include "sandtable/action.h"
#include "sandtable/computer_player.h"
#include "sandtable/game.h"
#include "sandtable/ruleset_registry.h"
#include "sandtable/scenario.h"

#include <catch2/catch.hpp>
#include <filesystem>

using namespace sandtable;

namespace {

struct Played {
    std::vector<std::string> actions; // each as JSON, with the computer's reason
    std::size_t considered = 0;
    std::size_t tries = 0; // played by its weighings
    bool over = false;
};

/// Plays `scenario` with the computer on every side until it ends or `mostActions`.
Played playOut(const Scenario& scenario, std::uint64_t seed, bool remembering, std::size_t mostActions, ComputerLevel level,
               bool keepingWeighings = false) {
    auto rules = makeRuleset(scenario.rulesetId, scenario.rulesetOptions);
    REQUIRE(rules);
    auto started = Game::start(scenario, std::move(rules).value(), seed);
    REQUIRE(started);
    Game& game = **started;
    std::set<std::string> everyone;
    for (const Side& side : scenario.battle.sides) {
        everyone.insert(side.id);
    }
    ComputerPlayer computer(level);
    computer.setRemembering(remembering);
    computer.setKeepingWeighings(keepingWeighings);
    Played played;
    while (played.actions.size() < mostActions && !game.status().over) {
        const std::optional<std::string> side = computerToDecide(game, everyone);
        REQUIRE(side);
        const auto chosen = computer.play(game, *side, [&](const Action& action) {
            auto done = game.perform(action);
            return done ? std::string() : done.error();
        });
        INFO("seed " << seed << ", action " << played.actions.size() << ", turn " << game.battle().turn);
        REQUIRE(chosen);
        played.actions.push_back(toJson(chosen->action).dump() + " " + chosen->reason);
    }
    played.considered = computer.unitsConsidered();
    played.tries = computer.triesPlayed();
    played.over = game.status().over;
    return played;
}

/// Plays both ways and requires the same actions; returns the units considered afresh
/// with the memory and without.
std::pair<std::size_t, std::size_t> checkSameChoices(const Scenario& scenario, std::uint64_t seed, std::size_t mostActions,
                                                     ComputerLevel level = ComputerLevel::Basic) {
    const Played reference = playOut(scenario, seed, false, mostActions, level);
    const Played remembered = playOut(scenario, seed, true, mostActions, level);
    INFO(scenario.name << ", seed " << seed << ", " << toString(level));
    REQUIRE(remembered.actions.size() == reference.actions.size());
    for (std::size_t i = 0; i < reference.actions.size(); ++i) {
        INFO("action " << i);
        REQUIRE(remembered.actions[i] == reference.actions[i]);
    }
    CHECK(remembered.over == reference.over);
    // Never more thought: a unit is considered again only when forgotten.
    CHECK(remembered.considered <= reference.considered);
    return {remembered.considered, reference.considered};
}

/// Einsamenhügel armies of `perSide` units in rows, 30 cm apart (as the computer benchmark).
Scenario crowdedBattle(int perSide) {
    Scenario scenario;
    scenario.name = "crowded battle";
    scenario.rulesetId = "einsamenhugel";
    Battle& battle = scenario.battle;
    battle.table.unit = MeasureUnit::Centimetre;
    battle.table.width = 2400; // millimetres, measured in centimetres by the rules
    battle.table.depth = 1800;
    battle.sides = {{"a", "Side A", "#b22222", "", {}}, {"b", "Side B", "#1f4e9c", "", {}}};
    const char* types[] = {"regular-foot", "regular-foot", "regular-foot", "heavy-horse", "light-horse", "artillery"};
    const Arm arms[] = {Arm::Foot, Arm::Foot, Arm::Foot, Arm::Horse, Arm::Horse, Arm::Guns};
    for (const std::string side : {"a", "b"}) {
        for (int i = 0; i < perSide; ++i) {
            const int kind = i % 6;
            const bool gun = arms[kind] == Arm::Guns;
            Unit unit;
            unit.id = side + std::to_string(i);
            unit.name = unit.id;
            unit.side = side;
            unit.type = types[kind];
            unit.arm = arms[kind];
            unit.quality = "regular";
            const double x = 150 + (i % 20) * 100.0;
            const double y = side == "a" ? 1050 + (i / 20) * 60.0 : 750 - (i / 20) * 60.0;
            for (int base = 0; base < (gun ? 1 : 2); ++base) {
                Element element;
                element.centre = Point(x + (gun ? 0 : (base == 0 ? -20 : 20)), y);
                element.facing = side == "a" ? 0 : 180;
                element.width = gun ? 20 : 40;
                element.depth = gun ? 40 : 20;
                unit.elements.push_back(element);
            }
            battle.units.push_back(unit);
        }
    }
    return scenario;
}

/// Two lines of foot a side, 20 abreast, on crowdedBattle's table: side A's second line
/// `behind` millimetres behind its first, side B's 6 cm.
Scenario twoLines(double behind) {
    Scenario scenario = crowdedBattle(40);
    for (Unit& unit : scenario.battle.units) {
        const int i = std::stoi(unit.id.substr(1));
        unit.type = "regular-foot";
        unit.arm = Arm::Foot;
        unit.elements.resize(1);
        unit.elements.front().width = 40;
        unit.elements.front().depth = 20;
        const double x = 150 + (i % 20) * 100.0;
        const double y = unit.side == "a" ? 1050 + (i / 20) * behind : 750 - (i / 20) * 60.0;
        unit.elements.front().centre = Point(x, y);
    }
    return scenario;
}

} // namespace

TEST_CASE("a line far behind is not thought about afresh at every enemy step that brings a new nearest enemy", "[computer][memory]") {
    // Side A's second line stands 60 cm behind its first, beyond what its moves look at:
    // as side B's line comes on a unit at a time, one after another becomes the nearest
    // enemy of the units behind, which changes only where they would advance to. They are
    // thought about again when such an advance could be the best order of the side's, not
    // at each step (without that, 337 units thought about in turn 1's 80 moves; with it,
    // 220).
    const auto [remembered, reference] = checkSameChoices(twoLines(600), 3, 80);
    CHECK(remembered * 6 < reference);
}

TEST_CASE("the computer's memory chooses as considering every unit would, over whole games of every shipped scenario",
          "[computer][memory]") {
    const std::filesystem::path folder = SANDTABLE_SCENARIOS_DIR;
    int played = 0;
    for (const char* file : {"ozz-winkie-border.json", "einsamenhugel-battle.json", "vcc-abu-klea.json", "oibl-training-charge.json",
                             "oibl-freemans-farm.json", "lshm-casa-blanca.json"}) {
        auto scenario = loadScenario(folder / file);
        REQUIRE(scenario);
        for (const std::uint64_t seed : {1u, 7u}) {
            checkSameChoices(*scenario, seed, 3000);
            ++played;
        }
    }
    CHECK(played == 12);
}

TEST_CASE("the computer's memory chooses as considering every unit would in a crowded battle of 160 units", "[computer][memory]") {
    const auto [remembered, reference] = checkSameChoices(crowdedBattle(80), 3, 700);
    // And far less thought: a move touches a few units, not the army.
    CHECK(remembered * 3 < reference);
}

TEST_CASE("the standard level's memory chooses as considering every unit would", "[computer][memory]") {
    const std::filesystem::path folder = SANDTABLE_SCENARIOS_DIR;
    for (const char* file : {"ozz-winkie-border.json", "einsamenhugel-battle.json", "oibl-training-charge.json"}) {
        auto scenario = loadScenario(folder / file);
        REQUIRE(scenario);
        checkSameChoices(*scenario, 5, 3000, ComputerLevel::Standard);
    }
    // A large army out of contact weighs nothing: it thinks as little as the Basic level.
    const auto [remembered, reference] = checkSameChoices(crowdedBattle(80), 3, 300, ComputerLevel::Standard);
    CHECK(remembered * 3 < reference);
}

TEST_CASE("the standard level keeps its weighed orders until a change near the unit, for less thought", "[computer][memory]") {
    const std::filesystem::path folder = SANDTABLE_SCENARIOS_DIR;
    for (const char* file : {"ozz-winkie-border.json", "einsamenhugel-battle.json", "oibl-training-charge.json"}) {
        auto scenario = loadScenario(folder / file);
        REQUIRE(scenario);
        INFO(file);
        // Over five games: the weighings' dice differ as orders are weighed at different
        // times, so a game played keeping them parts from the one played afresh, and one
        // of the two may last longer (in Einsamenhügel from seed 5, 650 tries kept against
        // 582 afresh; from seeds 5 to 9, 2,512 against 2,972).
        std::size_t keptTries = 0;
        std::size_t afreshTries = 0;
        for (std::uint64_t seed = 5; seed <= 9; ++seed) {
            INFO("seed " << seed);
            // playOut requires every order the computer gives to be taken.
            const Played afresh = playOut(*scenario, seed, true, 3000, ComputerLevel::Standard, false);
            const Played kept = playOut(*scenario, seed, true, 3000, ComputerLevel::Standard, true);
            CHECK(afresh.over);
            CHECK(kept.over);
            keptTries += kept.tries;
            afreshTries += afresh.tries;
        }
        // A game of activations thinks afresh at each (the memory is of one acting unit):
        // as many tries. A game of phases, where each decision weighed every unit in
        // contact again, fewer (its fire at a lone target is set down to be thrown as the
        // phase ends, and given unweighed, as a melee with a lone enemy is:
        // computer_doctrine.cpp).
        INFO("kept " << keptTries << " tries, afresh " << afreshTries);
        CHECK(keptTries > 0);
        CHECK(keptTries <= afreshTries);
        if (scenario->rulesetId == "einsamenhugel") {
            CHECK(keptTries < afreshTries);
        }
    }
}
