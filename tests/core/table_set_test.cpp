#include "table_test_support.h"

#include <regex>

using namespace sandtable;

namespace {

std::string collapseSpace(const std::string& text) { return std::regex_replace(text, std::regex("\\s+"), " "); }

} // namespace

TEST_CASE("the example tables load", "[tables][load]") {
    const TableSet& tables = engineExamples();
    CHECK(tables.charts.size() == 3);
    CHECK(tables.modifierLists.size() == 2);
    CHECK(tables.rangeBands.size() == 2);
    CHECK(tables.findChart("nope") == nullptr);
}

TEST_CASE("every citation names a heading that is in the cited rule text", "[tables][fidelity]") {
    std::vector<Citation> citations;
    for (const TableSet* set : {&engineExamples()}) {
        for (const auto& chart : set->charts) {
            citations.push_back(chart.source);
        }
        for (const auto& list : set->modifierLists) {
            citations.push_back(list.source);
            for (const auto& modifier : list.modifiers) {
                if (!modifier.source.empty()) {
                    citations.push_back(modifier.source);
                }
            }
        }
        for (const auto& weapon : set->rangeBands) {
            citations.push_back(weapon.source);
        }
    }
    for (const Citation& citation : citations) {
        INFO(citation.toString());
        CHECK(collapseSpace(ruleText(citation.file)).find(collapseSpace(citation.heading)) != std::string::npos);
    }
}

TEST_CASE("a broken tables file reports every problem at once", "[tables][load][errors]") {
    const auto loaded = loadTableSet(testDataDir() / "tables" / "broken.json");
    REQUIRE_FALSE(loaded);
    std::vector<std::string> lines;
    for (const Diagnostic& d : loaded.error()) {
        lines.push_back(d.where + ": " + d.message);
        CHECK(d.file == "broken.json");
    }
    CHECK(lines == std::vector<std::string>{
                       "/tables/0/rows/bands/1: the band \"3-6\" must start after the band \"2-3\" ends: "
                       "bands go upward without overlap",
                       "/tables/0/columns/bands/2: expected a band such as 5, \"2-3\" or \"12+\", found \"x\"",
                       "/tables/0/columns/above: expected \"refuse\", \"clamp\", {\"clamp\": NOTE} or "
                       "{\"value\": CELL, \"note\": NOTE}, found \"wrap\"",
                       "/tables/0/cells/1/1: expected a whole number like the chart's first cell, found a "
                       "string",
                       "/tables/0/cells/1/2: expected a whole number or a text result, found a number with "
                       "a fraction",
                       "/tables/0/colour: unknown key 'colour' (expected one of: kind, id, name, source, "
                       "rows, columns, cells)",
                       "/tables/1/name: expected a non-empty string",
                       "/tables/1/source/file: expected the name of a rule text such as "
                       "\"003_524828208fa59482.txt\", found \"rules.txt\"",
                       "/tables/1: a second table with the id 'combat-table'",
                       "/tables/1/rounding: expected \"up\", \"down\" or \"nearest\"",
                       "/tables/1/modifiers/0: a modifier either adds or multiplies, not both",
                       "/tables/1/modifiers/1/multiply: expected a factor such as \"2\", \"1/2\" or "
                       "\"1/4\", found \"0\"",
                       "/tables/1/modifiers/2: missing 'add' or 'multiply'",
                       "/tables/2/kind: expected \"chart\", \"fraction-chart\", \"modifiers\", "
                       "\"range-bands\" or \"path-costs\", found \"wheel\"",
                       "/tables/3/source: missing 'heading'",
                       "/tables/3/bands/1/to: expected a number, found a string",
                   });
}

TEST_CASE("chart shape errors: rows and cells that do not match the bands", "[tables][load][errors]") {
    const auto loaded = parseTableSet(R"({"format": 1, "tables": [{"kind": "chart", "id": "c",
        "name": "C", "source": {"file": "000_9109171396d1b03f.txt", "heading": "Move Modifiers"},
        "rows": {"name": "r", "bands": [1, 2]}, "columns": {"name": "c", "bands": ["1-3", "4+"]},
        "cells": [[1, 2, 3]]}]})",
                                      "shape.json");
    REQUIRE_FALSE(loaded);
    REQUIRE(loaded.error().size() == 2);
    CHECK(loaded.error()[0].toString() == "shape.json: /tables/0/cells: expected 2 rows of cells (one per row band), found 1");
    CHECK(loaded.error()[1].toString() == "shape.json: /tables/0/cells/0: expected 2 cells (one per column band), found 3");
}

TEST_CASE("a tables file of another format version is refused", "[tables][load][format]") {
    const auto loaded = parseTableSet(R"({"format": 2, "tables": []})", "future.json");
    REQUIRE_FALSE(loaded);
    CHECK(loaded.error().front().toString() == "future.json: /format: format 2 is not one this program reads (it reads format 1): "
                                               "the file was written by a newer version");
}

TEST_CASE("a tables file of any bytes at all gives diagnostics, never a crash", "[tables][load][errors]") {
    for (const char* text :
         {"", "null", "[]", "{", "{\"format\":1}", "{\"format\":1,\"tables\":{}}", "{\"format\":1,\"tables\":[null,[],{\"kind\":7}]}",
          "\xff\xfe", "{\"format\":1,\"tables\":[{\"kind\":\"chart\",\"columns\":{\"bands\":[]}}]}"}) {
        INFO(text);
        const auto loaded = parseTableSet(text, "junk.json");
        REQUIRE_FALSE(loaded);
        CHECK_FALSE(loaded.error().empty());
    }
}
