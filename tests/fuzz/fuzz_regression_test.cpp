// Every input a fuzzer once crashed on (tests/data/fuzz/<target>/) goes through the same
// target again, and must now be answered without a crash; so must a few hostile inputs
// written by hand, so that the folders are never the only check. The save folder also
// holds saves that drive each kind of event through the save target (the activation
// deck's cards, a side passing) and a save from another version that drifts, which the
// fuzzer starts from.

#include "fuzz_targets.h"

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <sstream>

using namespace sandtable;

TEST_CASE("inputs that once crashed a fuzzer are answered now", "[fuzz]") {
    const std::filesystem::path root = std::filesystem::path(SANDTABLE_TEST_DATA_DIR) / "fuzz";
    int inputs = 0;
    for (const fuzz::Target& target : fuzz::targets()) {
        const std::filesystem::path folder = root / target.name;
        if (!std::filesystem::exists(folder)) {
            continue;
        }
        for (const auto& entry : std::filesystem::directory_iterator(folder)) {
            std::ifstream in(entry.path(), std::ios::binary);
            std::ostringstream bytes;
            bytes << in.rdbuf();
            INFO(target.name << ": " << entry.path().filename().string());
            target.run(bytes.str());
            ++inputs;
        }
    }
    SUCCEED(inputs << " regression inputs");
}

TEST_CASE("hostile inputs written by hand are answered", "[fuzz]") {
    for (const char* text : {"", "{", "[]", "null", "{\"format\":1e999}", "{\"format\":1,\"units\":[{}]}", "\xff\xfe\x00",
                             "{\"format\":1,\"kind\":\"sandtable-save\",\"seed\":\"99999999999999999999\"}"}) {
        for (const fuzz::Target& target : fuzz::targets()) {
            INFO(target.name << ": " << text);
            target.run(text);
        }
    }
    for (const char* expression :
         {"100d1000", "(100d100)d100", "d0", "0d6", "d10z-99999999999", "((((((d6))))))", "4d6>=7", "2d6kh9", "(3/0 up)d6", "-d6"}) {
        INFO(expression);
        fuzz::dice(expression);
    }
}
