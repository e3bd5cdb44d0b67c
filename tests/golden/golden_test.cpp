// Golden games: each folder here holds a scenario, the actions of a short game with its
// seed (actions.json, which begins by saying what rule the case tests) and the expected
// end state (expected.txt). The test plays every folder and compares. After a deliberate
// change, SANDTABLE_UPDATE_GOLDEN=1 rewrites expected.txt: read the diff before committing.
// format-1.sandtable, where a folder has one, is the same game saved by the last program
// that wrote format 1 (before the engine of issue 13): it must still load and replay.

#include "sandtable/battle_state.h"
#include "sandtable/game.h"
#include "sandtable/replay.h"
#include "sandtable/ruleset_registry.h"
#include "sandtable/save_file.h"

#include <algorithm>
#include <catch2/catch.hpp>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

using namespace sandtable;

namespace {

std::string readText(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

std::string endState(const Game& game) {
    std::ostringstream text;
    text << battleStateText(game.battle());
    const GameStatus status = game.status();
    text << "score";
    for (const SideScore& score : status.scores) {
        text << " " << score.side << " " << score.points;
    }
    text << "\n" << (status.over ? "over: " + status.result : "playing: " + status.situation) << "\n";
    if (game.prompt()) {
        text << "waiting: " << game.prompt()->question << "\n";
    }
    return text.str();
}

struct GoldenCase {
    Scenario scenario;
    std::uint64_t seed = 0;
    std::vector<Action> actions;
};

GoldenCase readCase(const std::filesystem::path& folder) {
    GoldenCase golden;
    auto scenario = loadScenario(folder / "scenario.json");
    INFO((scenario ? "" : toString(scenario.error())));
    REQUIRE(scenario.hasValue());
    golden.scenario = std::move(scenario).value();
    const auto json = nlohmann::json::parse(readText(folder / "actions.json"));
    REQUIRE(json.at("about").is_string());
    golden.seed = json.at("seed").get<std::uint64_t>();
    for (const auto& action : json.at("actions")) {
        auto parsed = actionFromJson(action);
        INFO(action.dump());
        REQUIRE(parsed.hasValue());
        golden.actions.push_back(*parsed);
    }
    return golden;
}

std::unique_ptr<Game> play(const GoldenCase& golden) {
    const RegisteredRuleset* registered = findRuleset(golden.scenario.rulesetId);
    REQUIRE(registered != nullptr);
    auto ruleset = registered->create(golden.scenario.rulesetOptions);
    REQUIRE(ruleset.hasValue());
    auto game = Game::start(golden.scenario, std::move(ruleset).value(), golden.seed);
    REQUIRE(game.hasValue());
    std::unique_ptr<Game> playing = std::move(game).value();
    for (std::size_t i = 0; i < golden.actions.size(); ++i) {
        const auto done = playing->perform(golden.actions[i]);
        INFO("action " << i << " " << toJson(golden.actions[i]).dump() << ": " << (done ? "" : done.error()));
        REQUIRE(done.hasValue());
    }
    return playing;
}

} // namespace

TEST_CASE("golden games end as recorded, and replay to the same state after undo", "[golden]") {
    const std::filesystem::path root = SANDTABLE_GOLDEN_DIR;
    const bool update = std::getenv("SANDTABLE_UPDATE_GOLDEN") != nullptr;
    int cases = 0;
    for (const auto& entry : std::filesystem::directory_iterator(root)) {
        if (!entry.is_directory()) {
            continue;
        }
        ++cases;
        const std::string name = entry.path().filename().string();
        SECTION(name) {
            const GoldenCase golden = readCase(entry.path());
            auto game = play(golden);
            const std::string state = endState(*game);
            if (update) {
                std::ofstream(entry.path() / "expected.txt", std::ios::binary) << state;
            }
            CHECK(state == readText(entry.path() / "expected.txt"));
            // Undo everything, then play the same actions again: the same dice, the same end.
            while (game->canUndo()) {
                game->undo();
            }
            for (const Action& action : golden.actions) {
                REQUIRE(game->perform(action).hasValue());
            }
            CHECK(endState(*game) == state);
            // Saved, read back and replayed: the same end, every hash checked on the way;
            // and the save written again is the same bytes.
            const std::string saved = toJsonText(saveOf(*game));
            auto read = parseSave(saved, name + ".sandtable");
            REQUIRE(read.hasValue());
            CHECK(toJsonText(*read) == saved);
            auto replayed = replay(*read, makeRuleset);
            REQUIRE(replayed.hasValue());
            CHECK(replayed->reproduced());
            CHECK(endState(*replayed->game) == state);
        }
    }
    CHECK(cases >= 10);
}

TEST_CASE("golden games saved in format 1 by an earlier program load, replay to the recorded end and save as format 2",
          "[golden][format]") {
    const std::filesystem::path root = SANDTABLE_GOLDEN_DIR;
    int cases = 0;
    for (const auto& entry : std::filesystem::directory_iterator(root)) {
        const std::filesystem::path old = entry.path() / "format-1.sandtable";
        if (!entry.is_directory() || !std::filesystem::exists(old)) {
            continue;
        }
        ++cases;
        SECTION(entry.path().filename().string()) {
            auto read = parseSave(readText(old), old.filename().string());
            INFO((read ? "" : toString(read.error())));
            REQUIRE(read.hasValue());
            CHECK(read->fileFormat == 1);
            auto replayed = replay(*read, makeRuleset);
            REQUIRE(replayed.hasValue());
            INFO((replayed->difference ? replayed->difference->message : ""));
            CHECK(replayed->complete());
            CHECK(replayed->game->log().size() == read->actions.size());
            CHECK(endState(*replayed->game) == readText(entry.path() / "expected.txt"));
            CHECK(std::any_of(replayed->notes.begin(), replayed->notes.end(),
                              [](const std::string& note) { return note.find("format 1") != std::string::npos; }));
            // Saved again, it is format 2 and proves itself.
            const std::string saved = toJsonText(saveOf(*replayed->game));
            CHECK(saved.find("\"format\": 2") != std::string::npos);
            auto again = parseSave(saved, "again.sandtable");
            REQUIRE(again.hasValue());
            auto proved = replay(*again, makeRuleset);
            REQUIRE(proved.hasValue());
            CHECK(proved->reproduced());
        }
    }
    CHECK(cases >= 10);
}
