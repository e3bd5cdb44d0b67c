#include "cli_test_support.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>
#include <sstream>

using namespace sandtable;

using clitest::CliRun;
using clitest::runCli;

TEST_CASE("odds --json prints the exact distribution of best of 2d10 plus 3", "[cli][odds]") {
    const CliRun run = runCli({"odds", "2d10kh1+3", "--json"});
    REQUIRE(run.exitCode == 0);
    CHECK(run.err.empty());
    const auto json = nlohmann::json::parse(run.out);
    CHECK(json["expression"] == "2d10kh1+3");
    REQUIRE(json["outcomes"].size() == 10);
    CHECK(json["outcomes"]["4"].get<double>() == Approx(0.01));
    CHECK(json["outcomes"]["13"].get<double>() == Approx(0.19));
    CHECK(json["exact"]["13"] == "19/100");
    CHECK(json["mean"].get<double>() == Approx(10.15));
    double sum = 0;
    for (const auto& [key, value] : json["outcomes"].items()) {
        sum += value.get<double>();
    }
    CHECK(sum == Approx(1.0));
}

TEST_CASE("odds prints a readable table", "[cli][odds]") {
    const CliRun run = runCli({"odds", "4d6>=4"});
    REQUIRE(run.exitCode == 0);
    CHECK(run.out.find("mean 2 (exactly 2/1)") != std::string::npos);
    CHECK(run.out.find("\n2  3/8   37.50%  ####") != std::string::npos);
}

TEST_CASE("roll with a seed shows each die and repeats", "[cli][roll]") {
    const CliRun first = runCli({"roll", "2d10kh1+3", "--seed", "42"});
    const CliRun second = runCli({"roll", "2d10kh1+3", "--seed=42"});
    REQUIRE(first.exitCode == 0);
    CHECK(first.out == second.out);
    CHECK(first.out == "2d10kh1+3 = 12    (seed 42)\n  2d10kh1: 9, (5) → 9\n");

    const CliRun json = runCli({"roll", "4d6>=4", "--seed", "7", "--json"});
    REQUIRE(json.exitCode == 0);
    const auto parsed = nlohmann::json::parse(json.out);
    CHECK(parsed["total"] == 1);
    CHECK(parsed["seed"] == 7);
    REQUIRE(parsed["dice"].size() == 4);
    CHECK(parsed["dice"][3]["face"] == 6);
    CHECK(parsed["dice"][3]["success"] == true);
}

TEST_CASE("roll without a seed prints the seed it chose", "[cli][roll]") {
    const CliRun run = runCli({"roll", "d6"});
    REQUIRE(run.exitCode == 0);
    CHECK(run.out.find("(seed ") != std::string::npos);
}

TEST_CASE("bad input prints one line to stderr and exits 2", "[cli][errors]") {
    struct Case {
        std::vector<std::string> args;
        std::string message;
    };
    const std::vector<Case> cases{
        {{"rol", "2d6"},
         "sandtable-cli: unknown verb 'rol' (verbs: roll, odds, rulesets, preview, offers, resolve, play, replay, refight, battle-report, "
         "reference, roster, new-battle, validate, help)\n"},
        {{"odds", "2d"}, "sandtable-cli: odds: expected the number of sides after 'd' at column 3 of '2d'\n"},
        {{"roll", "2d6", "--seed", "abc"},
         "sandtable-cli: roll: --seed needs a whole number from 0 to 18446744073709551615, "
         "found 'abc'\n"},
        {{"roll", "2d6", "--seed", "-1"},
         "sandtable-cli: roll: --seed needs a whole number from 0 to 18446744073709551615, "
         "found '-1'\n"},
        {{"roll", "2d6", "--seed", "18446744073709551616"},
         "sandtable-cli: roll: --seed needs a whole number from 0 to 18446744073709551615, "
         "found '18446744073709551616'\n"},
        {{"roll", "2d6", "--seed"}, "sandtable-cli: roll: --seed needs a value\n"},
        {{"roll"}, "sandtable-cli: roll: missing a dice expression such as '2d6+1'\n"},
        {{"odds", "2d6", "3d6"},
         "sandtable-cli: odds: unexpected argument '3d6' after a dice expression such as "
         "'2d6+1' (quote an expression that has spaces)\n"},
        {{"odds", "2d6", "--seed", "1"}, "sandtable-cli: odds: unknown option '--seed'\n"},
        {{"odds", "100d1000"},
         "sandtable-cli: odds: 100d1000 has too many outcomes to enumerate exactly: "
         "'100d1000'\n"},
    };
    for (const Case& c : cases) {
        INFO(c.message);
        const CliRun run = runCli(c.args);
        CHECK(run.exitCode == 2);
        CHECK(run.out.empty());
        CHECK(run.err == c.message);
    }
}

TEST_CASE("help describes the tool and each verb", "[cli][help]") {
    const CliRun overview = runCli({});
    CHECK(overview.exitCode == 0);
    CHECK(overview.out.find("roll") != std::string::npos);
    CHECK(overview.out.find("odds") != std::string::npos);
    CHECK(runCli({"--help"}).out == overview.out);
    for (const char* verb : {"roll", "odds"}) {
        const CliRun help = runCli({verb, "--help"});
        CHECK(help.exitCode == 0);
        CHECK(help.out.rfind(std::string("usage: sandtable-cli ") + verb, 0) == 0);
        CHECK(runCli({"help", verb}).out == help.out);
    }
}

TEST_CASE("an expression that starts with a minus is not an option", "[cli][odds]") {
    const CliRun run = runCli({"odds", "-3+d6", "--json"});
    REQUIRE(run.exitCode == 0);
    CHECK(nlohmann::json::parse(run.out)["mean"].get<double>() == Approx(0.5));
}
