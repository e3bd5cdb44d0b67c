// new-battle: a table to lay out, with the random terrain generator's dice printed and kept.

#include "cli_test_support.h"
#include "sandtable/scenario.h"

#include <catch2/catch.hpp>
#include <filesystem>

using clitest::runCli;

namespace {

std::string scratch(const char* name) {
    const auto folder = std::filesystem::temp_directory_path() / "sandtable-cli-tests";
    std::filesystem::create_directories(folder);
    return (folder / name).string();
}

} // namespace

TEST_CASE("new-battle writes a 6ft by 2ft 6in table with the generator's terrain, every die printed", "[cli][new-battle]") {
    const std::string out = scratch("new-battle.json");
    const auto run = runCli({"new-battle", "--ruleset", "einsamenhugel", "--width", "182.88", "--depth", "76.2", "--random-terrain",
                             "--seed", "2016", "--choose", "6=hill,9=wood,11=built-up", "--out", out});
    INFO(run.err);
    REQUIRE(run.exitCode == 0);
    for (int sector = 1; sector <= 12; ++sector) {
        CHECK(run.out.find("Sector " + std::to_string(sector) + " (") != std::string::npos);
    }
    CHECK(run.out.find("player A's choice (shape dice 6 4 6 1): chose a hill") != std::string::npos);
    auto scenario = sandtable::loadScenario(out);
    REQUIRE(scenario);
    CHECK(scenario->rulesetId == "einsamenhugel");
    CHECK(scenario->battle.table.width == Approx(1828.8));
    CHECK(scenario->battle.sides.size() == 2);
    CHECK(scenario->battle.units.empty());
    CHECK(scenario->battle.areas.size() >= 7); // 4 rolled pieces and 3 chosen ones, a hill maybe of two contours
    CHECK(scenario->source.find("Sector 12") != std::string::npos);
    // The same seed, the same table.
    const std::string again = scratch("new-battle-again.json");
    REQUIRE(runCli({"new-battle", "--ruleset", "einsamenhugel", "--width", "182.88", "--depth", "76.2", "--random-terrain", "--seed",
                    "2016", "--choose", "6=hill,9=wood,11=built-up", "--out", again})
                .exitCode == 0);
    CHECK(sandtable::toJsonText(*scenario) == sandtable::toJsonText(*sandtable::loadScenario(again)));
}

TEST_CASE("new-battle refuses what it cannot make, saying what it wanted", "[cli][new-battle]") {
    const std::string out = scratch("refused.json");
    CHECK(runCli({"new-battle", "--ruleset", "nope", "--width", "100", "--depth", "60", "--out", out}).err.find("one of:") !=
          std::string::npos);
    CHECK(
        runCli({"new-battle", "--ruleset", "einsamenhugel", "--width", "-3", "--depth", "60", "--out", out}).err.find("positive number") !=
        std::string::npos);
    CHECK(runCli({"new-battle", "--ruleset", "einsamenhugel", "--width", "100", "--depth", "60", "--random-terrain", "--choose", "13=hill",
                  "--out", out})
              .err.find("SECTOR=KIND") != std::string::npos);
    CHECK(runCli({"new-battle", "--ruleset", "einsamenhugel", "--width", "100", "--depth", "60", "--seed", "3", "--out", out}).exitCode ==
          2);
}
