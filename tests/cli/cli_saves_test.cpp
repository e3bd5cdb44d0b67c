// The verbs for saves and files: play into a save, replay and verify it, tell its story,
// validate files.

#include "cli_test_support.h"

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

using clitest::CliRun;
using clitest::runCli;

namespace {

const std::string saves = std::string(SANDTABLE_TEST_DATA_DIR) + "/saves/";
const std::string volley = std::string(SANDTABLE_GOLDEN_DIR) + "/fire-volley";

std::filesystem::path scratch(const char* name) {
    const auto folder = std::filesystem::temp_directory_path() / "sandtable-cli-tests";
    std::filesystem::create_directories(folder);
    return folder / name;
}

} // namespace

TEST_CASE("replay --verify: exit 0 for a save that reproduces, 2 naming the first action that does not", "[cli][save]") {
    CliRun run = runCli({"replay", saves + "good.sandtable", "--verify"});
    CHECK(run.exitCode == 0);
    CHECK(run.out == "good.sandtable: reproduced all 30 actions\n");
    run = runCli({"replay", saves + "wrong-hash.sandtable", "--json"});
    CHECK(run.exitCode == 2);
    const auto json = nlohmann::json::parse(run.out);
    CHECK(json["reproduced"] == false);
    CHECK(json["difference"]["action"] == 12);
    CHECK(json["actions"] == 12); // the game as it stood just before
    run = runCli({"replay", saves + "truncated.sandtable"});
    CHECK(run.exitCode == 2);
    CHECK(run.err.find("truncated.sandtable: line ") != std::string::npos);
    // Without --verify, every action is listed with its hash.
    run = runCli({"replay", saves + "good.sandtable"});
    CHECK(run.out.find("  30. turn 2: Yellow Lancers: end-activation  [") != std::string::npos);
}

TEST_CASE("a save from another version whose states differ replays whole by this version's rules, and says where it parts", "[cli][save]") {
    // wrong-hash.sandtable with an edited hash at action 13, as if an older version made it.
    std::ifstream in(saves + "wrong-hash.sandtable");
    std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    // Whatever version made it, make it 0.9's.
    const std::size_t version = text.find("\"version\":\"", text.find("\"ruleset\""));
    REQUIRE(version != std::string::npos);
    text.replace(version, text.find('"', version + 11) + 1 - version, "\"version\":\"0.9\"");
    const auto older = scratch("older.sandtable");
    std::ofstream(older, std::ios::binary) << text;
    CliRun run = runCli({"replay", older.string(), "--verify"});
    CHECK(run.exitCode == 2); // it no longer proves the game
    CHECK(run.out.find("older.sandtable: replayed all 30 actions, but action 13 of 30") != std::string::npos);
    CHECK(run.out.find("made with The Wars of Ozz version 0.9, and this build (version ") != std::string::npos);
    run = runCli({"replay", older.string(), "--json"});
    const auto json = nlohmann::json::parse(run.out);
    CHECK(json["actions"] == 30);
    CHECK(json["drift"]["action"] == 12);
    CHECK(json["difference"].is_null());
    // The battle report tells the game as this version plays it.
    run = runCli({"battle-report", older.string()});
    CHECK(run.exitCode == 0);
}

TEST_CASE("play writes a save that replays, a refused action names its place", "[cli][save]") {
    const auto out = scratch("volley.sandtable");
    std::filesystem::remove(out);
    std::ifstream in(volley + "/actions.json");
    const auto golden = nlohmann::json::parse(in);
    const auto actionsFile = scratch("volley-actions.json");
    std::ofstream(actionsFile) << golden["actions"].dump();
    CliRun run = runCli({"play", volley + "/scenario.json", "--actions", actionsFile.string(), "--save", out.string(), "--seed",
                         std::to_string(golden["seed"].get<std::uint64_t>())});
    INFO(run.err);
    REQUIRE(run.exitCode == 0);
    CHECK(runCli({"replay", out.string(), "--verify"}).exitCode == 0);
    std::ofstream(actionsFile) << R"([{"type":"fire","unit":"blue-foot","target":"nobody"}])";
    run = runCli(
        {"play", volley + "/scenario.json", "--actions", actionsFile.string(), "--save", scratch("no.sandtable").string(), "--seed", "1"});
    CHECK(run.exitCode == 2);
    CHECK(run.err.find("volley-actions.json: /0: ") != std::string::npos);
    CHECK(run.err.find("was refused") != std::string::npos);
}

TEST_CASE("play --computer plays the sides named: all of them to the end, or one against the file's actions", "[cli][save][computer]") {
    const std::string refight = std::string(SANDTABLE_SCENARIOS_DIR) + "/einsamenhugel-battle.json";
    const auto out = scratch("refight.sandtable");
    // At the basic level, whose game from seed 1 the checks below know.
    CliRun run = runCli({"play", refight, "--computer", "all", "--level", "basic", "--seed", "1", "--save", out.string()});
    INFO(run.err);
    REQUIRE(run.exitCode == 0);
    CHECK(run.out.find(" by the computer) (seed 1); ") != std::string::npos);
    // The scenario's concession ends it, as Maurice conceded (RULINGS.md, ein-end-of-battle);
    // King George's three pre-battle moves made first, as the report's were.
    CHECK(run.out.find("Franco-Bavarians concedes at the end of turn 4, with 7 of its 14 units lost: Pragmatic Army wins") !=
          std::string::npos);
    CHECK(runCli({"replay", out.string(), "--verify"}).exitCode == 0);
    // The save keeps why the computer gave each order, and the battle report tells it.
    std::ifstream saved(out);
    const std::string saveText((std::istreambuf_iterator<char>(saved)), std::istreambuf_iterator<char>());
    CHECK(
        saveText.find(R"("reason":"moves before the battle as the report's commander did: \"Final Adjustments\": the Hanoverian horse)") !=
        std::string::npos);
    const CliRun report = runCli({"battle-report", out.string()});
    REQUIRE(report.exitCode == 0);
    CHECK(report.out.find("*The computer: moves before the battle as the report's commander did:") != std::string::npos);
    CHECK(report.out.find("*The computer: fires at the nearest target*") != std::string::npos);
    // replay --json tells the state and the losses, turn by turn.
    const CliRun replayed = runCli({"replay", out.string(), "--json"});
    REQUIRE(replayed.exitCode == 0);
    const nlohmann::json state = nlohmann::json::parse(replayed.out);
    CHECK(state["over"] == true);
    CHECK(state["winner"] == "pragmatic");
    CHECK(state["turn"] == 4);
    REQUIRE(state["losses"].size() == 2);
    const nlohmann::json& french = state["losses"][1];
    CHECK(french["side"] == "franco-bavarian");
    CHECK(french["unitsAtStart"] == 14);
    CHECK(french["unitsLeft"] == 7);
    CHECK(french["eliminated"].size() == 7);
    REQUIRE(french["unitsLostByTurn"].size() == 4);
    CHECK(french["unitsLostByTurn"][3] == 7);
    CHECK(french["unitsLostByTurn"][0] <= french["unitsLostByTurn"][1]);
    int lostByTurnTwo = 0;
    for (const nlohmann::json& loss : french["eliminated"]) {
        lostByTurnTwo += loss["turn"].get<int>() <= 2 ? 1 : 0;
    }
    CHECK(french["unitsLostByTurn"][1] == lostByTurnTwo);
    int standing = 0;
    for (const nlohmann::json& unit : state["units"]) {
        if (unit["side"] == "franco-bavarian" && unit["state"] != "eliminated") {
            ++standing;
            CHECK(unit["centre"].size() == 2);
        }
    }
    CHECK(standing == 7);
    // Up to the end of turn 2 only.
    run = runCli({"play", refight, "--computer", "pragmatic,franco-bavarian", "--turns", "2", "--seed", "1", "--save", out.string()});
    REQUIRE(run.exitCode == 0);
    CHECK(run.out.find("turn 3, ") != std::string::npos);
    // The computer plays the Franco-Bavarians; the file passes for the Pragmatic Army,
    // and play stops when the file has no more for it.
    const auto actionsFile = scratch("passes.json");
    std::ofstream(actionsFile) << R"([{"type":"pass"}])";
    run = runCli(
        {"play", refight, "--computer", "franco-bavarian", "--actions", actionsFile.string(), "--seed", "1", "--save", out.string()});
    REQUIRE(run.exitCode == 0);
    CHECK(run.out.find("Pragmatic Army") != std::string::npos);
    // A side the scenario does not have.
    run = runCli({"play", refight, "--computer", "prussians", "--save", out.string()});
    CHECK(run.exitCode == 2);
    CHECK(run.err.find("no side \"prussians\" (its sides: pragmatic, franco-bavarian, or all)") != std::string::npos);
    run = runCli({"play", refight, "--computer", "all", "--turns", "none", "--save", out.string()});
    CHECK(run.exitCode == 2);
    CHECK(run.err.find("--turns") != std::string::npos);
}

TEST_CASE("battle-report tells the game by turn in Markdown and HTML", "[cli][save][report]") {
    CliRun run = runCli({"battle-report", saves + "good.sandtable"});
    REQUIRE(run.exitCode == 0);
    CHECK(run.out.rfind("# Skirmish on the Winkie Border", 0) == 0);
    CHECK(run.out.find("seed 2024, 30 actions") != std::string::npos);
    CHECK(run.out.find("## Turn 1") != std::string::npos);
    CHECK(run.out.find("**Winkie Guard: roll-movement**") != std::string::npos);
    CHECK(run.out.find("## Outcome") != std::string::npos);
    run = runCli({"battle-report", saves + "good.sandtable", "--html"});
    REQUIRE(run.exitCode == 0);
    CHECK(run.out.rfind("<!DOCTYPE html>", 0) == 0);
    CHECK(run.out.find("<h2>Turn 1") != std::string::npos);
    CHECK(run.out.find("</html>") != std::string::npos);
}

TEST_CASE("validate reports every problem in every file, exit 2 if any", "[cli][validate]") {
    CliRun run = runCli({"validate", saves + "good.sandtable", std::string(SANDTABLE_SCENARIOS_DIR) + "/ozz-winkie-border.json",
                         std::string(SANDTABLE_RULESETS_DIR) + "/wars-of-ozz/ruleset.json"});
    INFO(run.out << run.err);
    CHECK(run.exitCode == 0);
    CHECK(run.out.find("good.sandtable: ok (save)") != std::string::npos);
    CHECK(run.out.find("ozz-winkie-border.json: ok (scenario)") != std::string::npos);
    CHECK(run.out.find("ruleset.json: ok (ruleset data)") != std::string::npos);
    run = runCli({"validate", saves + "bad-action.sandtable", saves + "good.sandtable",
                  std::string(SANDTABLE_TEST_DATA_DIR) + "/tables/broken.json"});
    CHECK(run.exitCode == 2);
    CHECK(run.out.find("bad-action.sandtable: 2 problems (save)") != std::string::npos);
    CHECK(run.out.find("broken.json: 16 problems (tables)") != std::string::npos);
    CHECK(run.out.find("1 of 3 files are good") != std::string::npos);
    // A ruleset file with a mistake: named by its pointer.
    std::ifstream in(std::string(SANDTABLE_RULESETS_DIR) + "/wars-of-ozz/ruleset.json");
    auto data = nlohmann::json::parse(in);
    data["weapons"][0]["ranges"] = "catapult";
    const auto edited = scratch("ruleset.json");
    std::ofstream(edited) << data.dump(2);
    run = runCli({"validate", edited.string()});
    CHECK(run.exitCode == 2);
    CHECK(run.out.find("ruleset.json: /weapons/0: no range-bands table \"catapult\"") != std::string::npos);
    // A file that cannot be read is its problem, with the reason, and the others are still checked.
    run = runCli({"validate", "/no/such/file.json", std::string(SANDTABLE_SCENARIOS_DIR) + "/ozz-winkie-border.json"});
    CHECK(run.exitCode == 2);
    CHECK(run.out.find("/no/such/file.json: cannot read it: there is no such file") != std::string::npos);
    CHECK(run.out.find("ozz-winkie-border.json: ok (scenario)") != std::string::npos);
}

TEST_CASE("replay --json answers for a file whose name is not UTF-8", "[cli][saves][hostile]") {
    const auto odd = std::filesystem::temp_directory_path() / "sandtable-name-\xff.sandtable";
    std::filesystem::copy_file(std::string(SANDTABLE_TEST_DATA_DIR) + "/saves/good.sandtable", odd,
                               std::filesystem::copy_options::overwrite_existing);
    const CliRun run = runCli({"replay", "--json", odd.string()});
    std::filesystem::remove(odd);
    INFO(run.err);
    REQUIRE(run.exitCode == 0);
    const auto json = nlohmann::json::parse(run.out);
    CHECK(json["reproduced"] == true);
    CHECK(json["file"].get<std::string>().find("sandtable-name-") != std::string::npos);
}
