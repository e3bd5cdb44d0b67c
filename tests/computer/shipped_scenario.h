#pragma once

// A scenario shipped in scenarios/, for the computer's tests.

#include "sandtable/scenario.h"

#include <catch2/catch.hpp>
#include <filesystem>
#include <string>

namespace sandtable::test {

inline Scenario shipped(const std::string& name) {
    auto loaded = loadScenario(std::filesystem::path(SANDTABLE_SCENARIOS_DIR) / name);
    INFO((loaded ? std::string() : toString(loaded.error())));
    REQUIRE(loaded);
    return std::move(loaded).value();
}

} // namespace sandtable::test
