// sandtable-cli refight: a batch of computer games with its files, the same bytes whatever
// the threads, and every argument it cannot use refused before a game is played.

#include "cli_test_support.h"

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

using Catch::Matchers::Contains;
using clitest::runCli;

namespace {

const std::string refightScenario = std::string(SANDTABLE_SCENARIOS_DIR) + "/einsamenhugel-battle.json";

std::filesystem::path scratch(const std::string& name) { return std::filesystem::temp_directory_path() / ("sandtable-refight-" + name); }

std::string readText(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

} // namespace

TEST_CASE("sandtable-cli refight plays a batch and writes each game and the summary", "[cli][refight]") {
    const auto jsonl = scratch("games.jsonl");
    const auto csv = scratch("games.csv");
    const auto summary = scratch("summary.json");
    const auto svg = scratch("chart.svg");
    const auto png = scratch("chart.png");
    const auto run = runCli({"refight", refightScenario, "--runs", "8", "--seed", "5", "--jobs", "2", "--results", jsonl.string(),
                             "--summary", summary.string(), "--chart", svg.string()});
    INFO(run.err);
    REQUIRE(run.exitCode == 0);
    CHECK_THAT(run.out, Contains("The Battle of Einsamenhügel: 8 refights, the computer on every side, seeds 5 to 12"));
    CHECK_THAT(run.out, Contains("The report: Maurice conceded at the end of turn five"));
    CHECK_THAT(run.out, Contains("its percentile"));
    // (Progress goes to the process's stderr: the test cli.binary.refight-progress reads it.)

    std::istringstream lines(readText(jsonl));
    std::size_t count = 0;
    for (std::string line; std::getline(lines, line); ++count) {
        const auto game = nlohmann::json::parse(line);
        CHECK(game["run"] == count);
        CHECK(game["seed"] == 5 + count);
        CHECK(game["over"] == true);
        CHECK(game["sides"].size() == 2);
    }
    CHECK(count == 8);
    const auto parsed = nlohmann::json::parse(readText(summary));
    CHECK(parsed["runs"] == 8);
    CHECK(parsed["reported"]["winner"] == "pragmatic");
    CHECK(parsed["sides"][0]["unitsLostByTurn"][1]["reported"] == 1);
    CHECK(readText(svg).starts_with("<?xml"));

    // The same games as CSV, and the summary as --json prints it: the same bytes on one thread.
    const auto again = runCli({"refight", refightScenario, "--runs", "8", "--seed", "5", "--jobs", "1", "--quiet", "--json", "--results",
                               csv.string(), "--chart", png.string()});
    REQUIRE(again.exitCode == 0);
    CHECK(again.out == readText(summary));
    std::istringstream rows(readText(csv));
    std::string header;
    std::getline(rows, header);
    CHECK(header.starts_with("run,seed,over,winner,end_turn,actions,result,pragmatic_units_lost,"));
    std::size_t rowCount = 0;
    for (std::string row; std::getline(rows, row);) {
        ++rowCount;
    }
    CHECK(rowCount == 8);
    const std::string image = readText(png);
    REQUIRE(image.size() > 1000);
    CHECK(image.substr(1, 3) == "PNG");
    for (const auto& path : {jsonl, csv, summary, svg, png}) {
        std::filesystem::remove(path);
    }
}

TEST_CASE("sandtable-cli refight plays each side at the level given it", "[cli][refight]") {
    // The same seeds, one side at the basic level and then both: the basic side's games
    // against a standard opponent are not those of basic against basic. The whole summary
    // is compared: two games may end after as many actions either way (129.5 a game from
    // seed 3, once the standard level weighed fewer of its orders).
    const auto mixed =
        runCli({"refight", refightScenario, "--runs", "2", "--seed", "3", "--level", "pragmatic=basic", "--quiet", "--json"});
    const auto basic = runCli({"refight", refightScenario, "--runs", "2", "--seed", "3", "--level", "basic", "--quiet", "--json"});
    REQUIRE(mixed.exitCode == 0);
    REQUIRE(basic.exitCode == 0);
    const nlohmann::json mixedSummary = nlohmann::json::parse(mixed.out);
    const nlohmann::json basicSummary = nlohmann::json::parse(basic.out);
    CHECK(mixedSummary != basicSummary);
}

TEST_CASE("sandtable-cli refight refuses what it cannot use before it plays", "[cli][refight]") {
    struct Case {
        std::vector<std::string> args;
        std::string message;
    };
    const std::vector<Case> cases{
        {{"refight", refightScenario, "--runs", "0"}, "--runs: expected a number of games from 1 to 1000000, not \"0\""},
        {{"refight", refightScenario, "--jobs", "two"}, "--jobs: expected a number of threads from 1 to 256, not \"two\""},
        {{"refight", refightScenario, "--results", "games.txt"}, "--results: name a .jsonl file (a JSON object a game) or a .csv file"},
        {{"refight", refightScenario, "--summary", "summary.txt"}, "--summary: name a .json file, not \"summary.txt\""},
        {{"refight", refightScenario, "--chart", "chart.pdf"}, "--chart: name an .svg or .png file, not \"chart.pdf\""},
        {{"refight", "no-such-scenario.json"}, "cannot read the scenario"},
        {{"refight", refightScenario, "--level", "expert"}, "--level: expected random, basic, standard or strong, not \"expert\""},
        {{"refight", refightScenario, "--level", "pragmatic="}, "--level: expected random, basic, standard or strong, not \"\""},
        {{"refight", refightScenario, "--level", "prussians=basic"},
         "--level: the scenario has no side \"prussians\" (its sides: pragmatic, franco-bavarian)"},
        {{"refight", refightScenario, "--level", "pragmatic=basic,"}, "--level: a SIDE=LEVEL pair is missing after the last comma"},
        {{"refight", refightScenario, "--level", "pragmatic=basic,pragmatic=strong"}, "--level: the side \"pragmatic\" is given twice"},
        {{"refight", refightScenario, "--level", "pragmatic"}, "--level: expected random, basic, standard or strong, not \"pragmatic\""},
    };
    for (const Case& c : cases) {
        const auto run = runCli(c.args);
        INFO(c.args.back());
        CHECK(run.exitCode == 2);
        CHECK_THAT(run.err, Contains(c.message));
        CHECK(run.out.empty());
    }
}
