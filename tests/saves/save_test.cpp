// Saves and replay: a played game saved, read and replayed reproduces every state; a
// save that does not reproduce is refused naming the first action that differs; a save
// written, read and written again gives the same bytes.

#include "played_game.h"
#include "sandtable/battle_report.h"
#include "sandtable/battle_state.h"
#include "sandtable/replay.h"
#include "sandtable/ruleset_registry.h"
#include "sandtable/save_file.h"

#include <catch2/catch.hpp>
#include <filesystem>
#include <set>
#include <stdexcept>

using namespace sandtable;

namespace {

const std::filesystem::path scenarioFile = std::filesystem::path(SANDTABLE_SCENARIOS_DIR) / "ozz-winkie-border.json";

SaveFile readBack(const std::string& text) {
    auto read = parseSave(text, "game.sandtable");
    INFO((read ? "" : toString(read.error())));
    REQUIRE(read.hasValue());
    return std::move(read).value();
}

Replay replayed(const SaveFile& save) {
    auto done = replay(save, makeRuleset);
    INFO((done ? "" : done.error()));
    REQUIRE(done.hasValue());
    return std::move(done).value();
}

} // namespace

namespace {

/// The Wars of Ozz's version in this build: what a save made now records.
std::string thisVersion() { return (*makeRuleset("wars-of-ozz", nlohmann::json::object()))->info().version; }

} // namespace

TEST_CASE("a played game saves, reads back and replays to every saved state", "[save][replay]") {
    auto game = savetest::startGame(scenarioFile, 2024);
    savetest::playOn(*game, 120);
    REQUIRE(game->log().size() == 120);
    const std::string text = toJsonText(saveOf(*game));
    const SaveFile save = readBack(text);
    CHECK(save.seed == 2024);
    CHECK(save.rulesetId == "wars-of-ozz");
    CHECK(save.rulesetVersion == thisVersion());
    CHECK(save.rulesetOptions.at("activation") == "double-random");
    REQUIRE(save.actions.size() == 120);
    CHECK(toJson(save.actions[7].action) == toJson(game->log()[7].action));
    CHECK(save.actions[7].stateHash == game->stateHashAfter(8));
    // Written again, the same bytes.
    CHECK(toJsonText(save) == text);

    const Replay again = replayed(save);
    CHECK(again.reproduced());
    CHECK(again.notes.empty());
    CHECK(battleStateText(again.game->battle()) == battleStateText(game->battle()));
    CHECK(again.game->dice().rollCount() == game->dice().rollCount());
    // Every intermediate state the replay passed through is the one the game had.
    for (std::size_t i = 0; i < game->log().size(); ++i) {
        CHECK(again.game->stateHashAfter(i + 1) == game->stateHashAfter(i + 1));
    }
    CHECK(stateHash(again.game->battleAfter(60)) == game->stateHashAfter(60));
    CHECK(stateHash(again.game->battleAfter(0)) == game->openingHash());
}

TEST_CASE("a state hash worked out when asked is the hash of that state as it stood", "[save][game]") {
    // One game asks for no hash until the end, then for one in the middle first (the pass
    // that fills every state not hashed yet); the other takes the same actions and asks
    // after each, while each state is still the battle itself.
    auto late = savetest::startGame(scenarioFile, 77);
    savetest::playOn(*late, 90);
    REQUIRE(late->log().size() == 90);
    auto eager = savetest::startGame(scenarioFile, 77);
    std::vector<std::string> asItStood;
    for (const LogEntry& entry : late->log()) {
        REQUIRE(eager->perform(entry.action).hasValue());
        asItStood.push_back(eager->stateHash());
        CHECK(asItStood.back() == stateHash(eager->battle()));
    }
    const std::string middle = late->stateHashAfter(45);
    CHECK(middle == asItStood[44]);
    std::set<std::string> different;
    for (std::size_t i = 1; i <= 90; ++i) {
        CHECK(late->stateHashAfter(i) == asItStood[i - 1]);
        CHECK(late->stateHashAfter(i) == stateHash(late->battleAfter(i)));
        different.insert(late->stateHashAfter(i));
    }
    CHECK(different.size() > 60); // the states do differ: the check above can fail
    CHECK(late->stateHashAfter(0) == late->openingHash());
    CHECK_THROWS_AS(late->stateHashAfter(91), std::out_of_range);

    // An undo rewrites the log: its history is another, and the hashes follow the new log.
    const std::uint64_t history = late->historyId();
    CHECK(history != eager->historyId());
    late->undo();
    CHECK(late->historyId() != history);
    CHECK(late->stateHash() == asItStood[88]);
    REQUIRE(late->perform(eager->log().back().action).hasValue());
    CHECK(late->stateHash() == asItStood[89]);
}

TEST_CASE("a game with no actions yet saves and replays", "[save][replay]") {
    auto game = savetest::startGame(scenarioFile, 5);
    const std::string text = toJsonText(saveOf(*game));
    CHECK(text.find("\"actions\": [],") != std::string::npos);
    const Replay again = replayed(readBack(text));
    CHECK(again.reproduced());
    CHECK(again.game->log().empty());
    CHECK(toJsonText(saveOf(*again.game)) == text);
}

TEST_CASE("a save whose state differs names the first action that differs and stops before it", "[save][replay]") {
    auto game = savetest::startGame(scenarioFile, 77);
    savetest::playOn(*game, 40);
    SaveFile save = saveOf(*game);
    SECTION("an edited hash") {
        save.actions[25].stateHash = "0123456789abcdef";
        const Replay again = replayed(save);
        REQUIRE(again.difference);
        CHECK(again.difference->action == 25);
        CHECK(again.difference->message.find("action 26 of 40") == 0);
        CHECK(again.difference->message.find("does not reproduce") != std::string::npos);
        CHECK(again.difference->message.find("0123456789abcdef saved") != std::string::npos);
        // The game as it stood just before it.
        CHECK(again.game->log().size() == 25);
        CHECK(again.game->stateHash() == game->stateHashAfter(25));
    }
    SECTION("an older format's hash, from an earlier state text: a drift, and the game plays on") {
        save.actions[25].stateHash = "0123456789abcdef";
        save.fileFormat = 1;
        const Replay again = replayed(save);
        CHECK_FALSE(again.difference);
        REQUIRE(again.drift);
        CHECK(again.drift->action == 25);
        CHECK(again.drift->message.find("the save is in format 1, hashed by an earlier Sandtable") != std::string::npos);
        CHECK(again.game->log().size() == 40);
    }
    SECTION("an action edited by hand, which the game refuses") {
        save.actions[10].action = Action{"teleport", "w-musket-1", "", {}, {}, {}};
        const Replay again = replayed(save);
        REQUIRE(again.difference);
        CHECK(again.difference->action == 10);
        CHECK(again.difference->message.find("was refused") != std::string::npos);
        CHECK(again.difference->message.find("teleport") != std::string::npos);
        CHECK(again.game->log().size() == 10);
    }
    SECTION("another seed: the first turn is set up differently") {
        save.seed = 78;
        const auto again = replay(save, makeRuleset);
        REQUIRE_FALSE(again.hasValue());
        CHECK(again.error().find("first turn was set up differently") != std::string::npos);
    }
    SECTION("another version of the ruleset is noted, and judged by the hashes") {
        save.rulesetVersion = "0.9";
        const Replay again = replayed(save);
        CHECK(again.reproduced());
        REQUIRE(again.notes.size() == 1);
        CHECK(again.notes[0] == "the save was made with The Wars of Ozz version 0.9; this build has version " + thisVersion());
    }
    SECTION("another version whose states differ: played on by this version's rules, nothing lost, the drift named") {
        save.rulesetVersion = "0.9";
        save.actions[25].stateHash = "0123456789abcdef";
        save.actions[30].stateHash = "fedcba9876543210";
        const Replay again = replayed(save);
        CHECK_FALSE(again.difference);
        CHECK(again.complete());
        CHECK_FALSE(again.reproduced());
        REQUIRE(again.drift);
        CHECK(again.drift->action == 25); // the first that differs
        CHECK(again.drift->message.find("action 26 of 40") == 0);
        CHECK(again.drift->message.find("leads to another state than the save's (state hash 0123456789abcdef saved") != std::string::npos);
        CHECK(again.drift->message.find("made with The Wars of Ozz version 0.9, and this build (version " + thisVersion() +
                                        ") plays it on") != std::string::npos);
        CHECK(again.game->log().size() == 40);
        CHECK(again.game->stateHash() == game->stateHash());
    }
    SECTION("another version set up differently from the start: it still opens") {
        save.rulesetVersion = "0.9";
        save.openingHash = "0123456789abcdef";
        const Replay again = replayed(save);
        REQUIRE(again.drift);
        CHECK(again.drift->action == 0);
        CHECK(again.drift->message.find("the save's states differ from the start") == 0);
        CHECK(again.game->log().size() == 40);
    }
    SECTION("the same version set up differently is refused: that is a broken file, not a change of rules") {
        save.openingHash = "0123456789abcdef";
        const auto again = replay(save, makeRuleset);
        REQUIRE_FALSE(again.hasValue());
        CHECK(again.error().find("first turn was set up differently") != std::string::npos);
    }
    SECTION("a ruleset this build does not have") {
        save.rulesetId = "chainmail";
        const auto again = replay(save, makeRuleset);
        REQUIRE_FALSE(again.hasValue());
        // The message lists every ruleset the build has, in the registry's order.
        std::string have;
        for (const RegisteredRuleset& registered : registeredRulesets()) {
            have += (have.empty() ? "" : ", ") + registered.id;
        }
        CHECK(again.error() == "cannot replay the save: no ruleset \"chainmail\" in this build (it has: " + have + ")");
        CHECK(have.find("einsamenhugel") != std::string::npos);
    }
}

TEST_CASE("a save keeps the sides the computer plays, each a side of the scenario, and replay ignores them", "[save][computer]") {
    auto game = savetest::startGame(scenarioFile, 12);
    savetest::playOn(*game, 10);
    SaveFile save = saveOf(*game);
    CHECK(toJsonText(save).find("\"computer\"") == std::string::npos); // hotseat: no key
    save.computerSides = {"quadlings"};
    const std::string text = toJsonText(save);
    CHECK(text.find("  \"computer\": [\"quadlings\"],\n") != std::string::npos);
    const SaveFile read = readBack(text);
    CHECK(read.computerSides == std::vector<std::string>{"quadlings"});
    CHECK(toJsonText(read) == text);
    CHECK(replayed(read).reproduced());

    const auto refused = [&](const std::string& from, const std::string& to) {
        std::string bad = text;
        bad.replace(bad.find(from), from.size(), to);
        const auto parsed = parseSave(bad, "game.sandtable");
        REQUIRE_FALSE(parsed.hasValue());
        return toString(parsed.error());
    };
    CHECK_THAT(refused("[\"quadlings\"]", "[\"munchkins\"]"),
               Catch::Contains("/computer/0") &&
                   Catch::Contains("expected a side of the scenario for the computer to play, found \"munchkins\""));
    CHECK_THAT(refused("[\"quadlings\"]", "[\"quadlings\", \"quadlings\"]"), Catch::Contains("listed twice"));
    CHECK_THAT(refused("[\"quadlings\"]", "[7]"), Catch::Contains("/computer/0"));
}

TEST_CASE("the battle report states each ruling once and names it where it is used again", "[save][report]") {
    auto game = savetest::startGame(scenarioFile, 2024);
    savetest::playOn(*game, 120);
    std::map<std::string, int> used; // each ruling's uses in the log
    for (const LogEntry& entry : game->log()) {
        for (const TraceStep& step : entry.resolution.trace.steps()) {
            if (const auto* ruling = std::get_if<trace::Ruling>(&step.detail)) {
                ++used[ruling->id];
            }
        }
    }
    REQUIRE(std::any_of(used.begin(), used.end(), [](const auto& use) { return use.second > 1; }));
    const std::string text = toMarkdown(battleReport(*game, ReportPictures::None));
    for (const auto& [id, uses] : used) {
        INFO(id);
        std::size_t stated = 0;
        std::size_t named = 0;
        for (std::size_t at = text.find("Ruling " + id + ": "); at != std::string::npos; at = text.find("Ruling " + id + ": ", at + 1)) {
            ++stated;
        }
        for (std::size_t at = text.find("Ruling " + id + ", as stated above"); at != std::string::npos;
             at = text.find("Ruling " + id + ", as stated above", at + 1)) {
            ++named;
        }
        CHECK(stated == 1);
        CHECK(named == static_cast<std::size_t>(uses - 1));
    }
}
