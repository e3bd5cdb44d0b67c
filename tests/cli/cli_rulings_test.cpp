// The rulings assistant: rulesets, preview and resolve on a shipped scenario.

#include "cli_test_support.h"

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

using clitest::CliRun;
using clitest::runCli;

namespace {

const std::string scenario = std::string(SANDTABLE_SCENARIOS_DIR) + "/ozz-winkie-border.json";
// Two musket lines 5" apart on an open table.
const std::string range = std::string(SANDTABLE_GOLDEN_DIR) + "/fire-volley/scenario.json";
const std::string fire = R"({"type":"fire","unit":"blue-foot","target":"red-foot"})";

} // namespace

TEST_CASE("rulesets lists each ruleset with its options", "[cli][rulings]") {
    const CliRun run = runCli({"rulesets", "--json"});
    REQUIRE(run.exitCode == 0);
    const auto json = nlohmann::json::parse(run.out);
    REQUIRE(json.size() >= 2);
    auto find = [&](const char* id) {
        for (const auto& ruleset : json) {
            if (ruleset["id"] == id) {
                return ruleset;
            }
        }
        FAIL("no ruleset " << id);
        return nlohmann::json();
    };
    const auto ozz = find("wars-of-ozz");
    CHECK(ozz["unit"] == "inch");
    CHECK(ozz["options"][0]["id"] == "activation");
    CHECK(ozz["options"][0]["default"] == "double-random");
    const auto einsamenhugel = find("einsamenhugel");
    CHECK(einsamenhugel["unit"] == "cm");
    CHECK(einsamenhugel["options"][0]["id"] == "army-break");
    CHECK(einsamenhugel["options"][0]["default"] == "half");
    CHECK(runCli({"rulesets"}).out.find("option hits-per-base: 1 | 2 (default)") != std::string::npos);
}

TEST_CASE("preview prints modifiers applied and not, exact odds and citations, rolling nothing", "[cli][rulings]") {
    const CliRun run = runCli({"preview", range, "--action", fire, "--json"});
    INFO(run.err);
    REQUIRE(run.exitCode == 0);
    const auto json = nlohmann::json::parse(run.out);
    CHECK(json["allowed"] == true);
    CHECK(json["facts"]["Weapon"] == "Musket");
    CHECK(json["facts"]["Range band"] == "Short");
    bool sawLongRange = false;
    for (const auto& modifier : json["modifiers"]) {
        CHECK(modifier["citation"]["file"] == "000_9109171396d1b03f.txt");
        if (modifier["id"] == "long-range") {
            sawLongRange = true;
            CHECK(modifier["applies"] == false);
        }
    }
    CHECK(sawLongRange);
    REQUIRE(json["odds"].size() == 2);
    double total = 0;
    for (const auto& outcome : json["odds"][0]["outcomes"]) {
        total += outcome["probability"].get<double>();
    }
    CHECK(total == Approx(1.0));
    CHECK(json["odds"][0]["exact"] == true);
    CHECK(json["rulings"][0]["id"] == "ozz-hits");
    CHECK(json["odds"][0]["outcomes"][0]["exact"] == "1/32");
    const CliRun text = runCli({"preview", range, "--action", fire});
    CHECK(text.out.find("[ ] Long range: halve the number") != std::string::npos);
    CHECK(text.out.find("[ ] Target is in column") != std::string::npos);
}

TEST_CASE("resolve adds the rolls and the events, and repeats with the seed", "[cli][rulings]") {
    const CliRun first = runCli({"resolve", range, "--action", fire, "--seed", "12", "--json"});
    INFO(first.err);
    REQUIRE(first.exitCode == 0);
    const auto json = nlohmann::json::parse(first.out);
    CHECK(json["seed"] == 12);
    REQUIRE_FALSE(json["rolls"].empty());
    CHECK(json["rolls"][0]["expression"] == "5d10<=5");
    CHECK(json["rolls"][0]["dice"].size() == 5);
    CHECK(json["rolls"][0]["citation"]["heading"] == "Modifiers to Marksmanship Number (before halving for range)");
    CHECK_FALSE(json["events"].empty());
    CHECK(runCli({"resolve", range, "--action", fire, "--seed", "12", "--json"}).out == first.out);
}

TEST_CASE("rulings verbs refuse bad input in one line, naming what is wrong", "[cli][rulings][errors]") {
    CHECK(runCli({"preview", scenario}).err ==
          "sandtable-cli: preview: --action is needed, e.g. --action '{\"type\":\"fire\",\"unit\":\"ID\",\"target\":\"ID\"}'\n");
    CHECK(runCli({"preview", scenario, "--action", "{fire"})
              .err.rfind("sandtable-cli: preview: --action: line 1, column 3: not valid JSON", 0) == 0);
    const CliRun missing = runCli({"preview", "/nonexistent.json", "--action", fire});
    CHECK(missing.exitCode == 2);
    CHECK(missing.err.find("nonexistent.json: (the whole file): cannot read it: there is no such file") != std::string::npos);
    const CliRun refused =
        runCli({"resolve", scenario, "--action", R"({"type":"fire","unit":"w-musket-1","target":"q-musket-1"})", "--seed", "1"});
    CHECK(refused.exitCode == 2);
    CHECK(refused.err.find("the action is refused: ") != std::string::npos);
    CHECK(runCli({"preview", scenario, "--action", R"({"type":"dance","unit":"w-musket-1"})"})
              .out.find("The Wars of Ozz has no action \"dance\"") != std::string::npos);
}

TEST_CASE("preview and resolve answer from the battle as the game starts it", "[cli][rulings]") {
    const std::string refight = std::string(SANDTABLE_SCENARIOS_DIR) + "/einsamenhugel-battle.json";
    // King George is attached to the Royal Foot in the scenario: the start attaches him, so
    // a morale throw passes on 3-6 (2/3), not on the regular 4-6 (1/2).
    CliRun run = runCli({"preview", refight, "--action", R"({"type":"charge","unit":"royal-foot","target":"picardie"})", "--json"});
    INFO(run.err);
    REQUIRE(run.exitCode == 0);
    auto json = nlohmann::json::parse(run.out);
    bool sawMorale = false;
    for (const auto& odds : json["odds"]) {
        if (odds["title"].get<std::string>().find("Morale") != std::string::npos) {
            sawMorale = true;
            CHECK(odds["outcomes"][0]["exact"] == "2/3");
        }
    }
    CHECK(sawMorale);
    // The rules' own refusal shows, whoever's turn the start makes it; the sequence of play
    // is said beside it.
    run = runCli({"preview", refight, "--action", R"({"type":"fire","unit":"champagne","target":"royal-foot"})"});
    REQUIRE(run.exitCode == 0);
    CHECK(run.out.find("beyond Musket range") != std::string::npos);
    CHECK(run.out.find("In a game at the start:") != std::string::npos);
    CHECK(run.out.find("it is 's") == std::string::npos);
}

TEST_CASE("every shipped scenario validates and plays with the computer on both sides", "[cli][scenarios]") {
    std::vector<std::string> files{"validate"};
    for (const auto& entry : std::filesystem::directory_iterator(SANDTABLE_SCENARIOS_DIR)) {
        if (entry.path().extension() == ".json") {
            files.push_back(entry.path().string());
        }
    }
    REQUIRE(files.size() >= 5);
    const CliRun validated = runCli(files);
    INFO(validated.out << validated.err);
    CHECK(validated.exitCode == 0);
    const auto saved = std::filesystem::temp_directory_path() / "sandtable-shipped-play.sandtable";
    for (std::size_t i = 1; i < files.size(); ++i) {
        INFO(files[i]);
        const CliRun played = runCli({"play", files[i], "--computer", "all", "--turns", "2", "--seed", "7", "--save", saved.string()});
        INFO(played.out << played.err);
        CHECK(played.exitCode == 0);
        CHECK(runCli({"replay", "--verify", saved.string()}).exitCode == 0);
    }
    std::filesystem::remove(saved);
}

TEST_CASE("offers lists what the side and each unit may do, by type, role and input, as --action takes them", "[cli][offers]") {
    const std::string refight = std::string(SANDTABLE_SCENARIOS_DIR) + "/einsamenhugel-battle.json";
    CliRun run = runCli({"offers", refight, "--unit", "royal-foot"});
    CHECK(run.exitCode == 0);
    CHECK(run.out.find("Before the battle: Pragmatic Army may move up to 3 units") != std::string::npos);
    CHECK(run.out.find("  royal-foot (Royal Foot): move  \"Move before the battle\"  role move, needs a path\n") != std::string::npos);
    CHECK(run.out.find("the side") == std::string::npos); // only the unit asked for
    run = runCli({"offers", refight, "--json"});
    CHECK(run.exitCode == 0);
    const auto json = nlohmann::json::parse(run.out);
    CHECK(json["ruleset"] == "einsamenhugel");
    REQUIRE(json["offers"].size() > 1);
    CHECK(json["offers"][0]["unit"] == "");
    CHECK(json["offers"][0]["role"] == "pass");
    CHECK(json["offers"][0]["input"] == "none");
    // The Wars of Ozz in double random: the side turns a card; no unit may act before it.
    run = runCli({"offers", std::string(SANDTABLE_SCENARIOS_DIR) + "/ozz-winkie-border.json"});
    CHECK(run.out.find("  the side: next-card  \"Turn the next card\"  role draw\n") != std::string::npos);
    run = runCli({"offers", refight, "--unit", "nobody"});
    CHECK(run.exitCode == 2);
    CHECK(run.err.find("--unit: the scenario has no unit 'nobody'") != std::string::npos);
}

TEST_CASE("offers and preview read a saved game where it stands, not only a scenario at its start", "[cli][rulings][saves]") {
    const std::string save = (std::filesystem::temp_directory_path() / "sandtable-cli-offers-save.sandtable").string();
    CliRun run = runCli({"play", std::string(SANDTABLE_SCENARIOS_DIR) + "/vcc-abu-klea.json", "--computer", "all", "--turns", "1", "--seed",
                         "3", "--save", save});
    REQUIRE(run.exitCode == 0);
    run = runCli({"offers", save});
    INFO(run.err);
    REQUIRE(run.exitCode == 0);
    CHECK(run.out.find("Victorian Colonial Combat, turn 2: Step 1 of 8") == 0);
    run = runCli({"preview", save, "--action", R"({"type":"fire","unit":"naval-brigade","target":"nobody"})"});
    CHECK(run.out.find("there is no unit \"nobody\"") != std::string::npos);
    // A broken save is named as a save, with its place.
    const std::string broken = (std::filesystem::temp_directory_path() / "sandtable-cli-broken.sandtable").string();
    std::ofstream(broken) << "{\"format\": 2}";
    run = runCli({"offers", broken});
    CHECK(run.exitCode == 2);
    CHECK(run.err.find("sandtable-cli-broken.sandtable") != std::string::npos);
    CHECK(run.err.find("kind") != std::string::npos);
    std::filesystem::remove(save);
    std::filesystem::remove(broken);
}
