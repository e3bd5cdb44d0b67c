// The corrupted-save corpus (tests/data/saves): each damaged save is refused with a
// message that names the file, the place in it and what was expected, or the first
// action that does not reproduce. tools/make-save-corpus.py makes the damaged files
// from good.sandtable; SANDTABLE_UPDATE_SAVES=1 writes good.sandtable anew.

#include "played_game.h"
#include "sandtable/replay.h"
#include "sandtable/save_file.h"

#include <catch2/catch.hpp>
#include <cstdlib>
#include <filesystem>
#include <fstream>

using namespace sandtable;

namespace {

const std::filesystem::path corpus = std::filesystem::path(SANDTABLE_TEST_DATA_DIR) / "saves";

/// What loading and replaying a save says: empty when it reproduces.
std::string verdict(const std::filesystem::path& path) {
    const auto save = loadSave(path);
    if (!save) {
        return toString(save.error());
    }
    const auto again = replay(*save, makeRuleset);
    if (!again) {
        return again.error();
    }
    return again->difference ? again->difference->message : std::string();
}

} // namespace

TEST_CASE("the corpus's good save reproduces", "[save][corpus]") {
    const std::filesystem::path good = corpus / "good.sandtable";
    if (std::getenv("SANDTABLE_UPDATE_SAVES") != nullptr) {
        auto game = savetest::startGame(std::filesystem::path(SANDTABLE_SCENARIOS_DIR) / "ozz-winkie-border.json", 2024);
        savetest::playOn(*game, 30);
        REQUIRE(writeFileAtomically(good, toJsonText(saveOf(*game))).empty());
    }
    CHECK(verdict(good).empty());
}

TEST_CASE("every damaged save is refused with its message", "[save][corpus]") {
    std::ifstream in(corpus / "expected.json");
    const nlohmann::json expected = nlohmann::json::parse(in);
    REQUIRE(expected.size() >= 8);
    for (const auto& [file, messages] : expected.items()) {
        const std::string said = verdict(corpus / file);
        INFO(file << " said: " << said);
        CHECK_FALSE(said.empty());
        for (const auto& message : messages) {
            CHECK(said.find(message.get<std::string>()) != std::string::npos);
        }
    }
}
