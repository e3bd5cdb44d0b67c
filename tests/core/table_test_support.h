#pragma once

#include "sandtable/table_set.h"
#include "test_paths.h"

#include <catch2/catch.hpp>
#include <fstream>
#include <sstream>

inline const sandtable::TableSet& engineExamples() {
    static const sandtable::TableSet tables = [] {
        auto loaded = sandtable::loadTableSet(testDataDir() / "tables" / "engine-examples.json");
        INFO((loaded ? std::string() : sandtable::toString(loaded.error())));
        REQUIRE(loaded);
        return std::move(loaded).value();
    }();
    return tables;
}

inline std::string ruleText(const std::string& file) {
    std::ifstream in(rulesDir() / file);
    REQUIRE(in);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}
