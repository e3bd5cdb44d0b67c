// Quick-reference sheets and rosters: the sheet holds every table of each ruleset.json
// cell for cell, with its citation; `reference` and `roster` print it as Markdown, HTML and
// PDF; and the PDF, read back with poppler's tools, holds every chart's title and cells on
// pages of A4 or Letter with nothing off the page.

#include "cli_test_support.h"
#include "sandtable/reference_sheet.h"
#include "sandtable/ruleset_registry.h"

#include <catch2/catch.hpp>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <regex>
#include <sstream>

using clitest::runCli;
using nlohmann::json;

namespace {

const sandtable::ReferenceSection* findSection(const sandtable::ReferenceSheet& sheet, const std::string& title) {
    for (const sandtable::ReferenceSection& section : sheet.sections) {
        if (section.title == title) {
            return &section;
        }
    }
    return nullptr;
}

// A cell as the text writes it: whole numbers without a decimal point.
std::string cellText(const json& cell) {
    if (cell.is_number()) {
        const double value = cell.get<double>();
        if (value == static_cast<double>(static_cast<long long>(value))) {
            return std::to_string(static_cast<long long>(value));
        }
        std::ostringstream text;
        text << value;
        return text.str();
    }
    return cell.get<std::string>();
}

std::string citationOf(const json& source) {
    return source["file"].get<std::string>() + ", \"" + source["heading"].get<std::string>() + "\"";
}

std::string commandOutput(const std::string& command) {
    std::string out;
    FILE* pipe = popen(command.c_str(), "r");
    REQUIRE(pipe != nullptr);
    char buffer[4096];
    while (const std::size_t read = std::fread(buffer, 1, sizeof buffer, pipe)) {
        out.append(buffer, read);
    }
    REQUIRE(pclose(pipe) == 0);
    return out;
}

// All runs of white space as one space, and no hyphens: a cell wrapped in its column, or
// a word broken at its hyphen (which the text extractor joins up), reads the same.
std::string collapsed(const std::string& text) {
    std::string out;
    bool space = false;
    for (const char c : text) {
        if (c == '-') {
            continue;
        }
        if (std::isspace(static_cast<unsigned char>(c)) != 0) {
            space = true;
            continue;
        }
        if (space && !out.empty()) {
            out += ' ';
        }
        space = false;
        out += c;
    }
    return out;
}

std::filesystem::path scratch(const std::string& name) { return std::filesystem::temp_directory_path() / ("sandtable-printed-" + name); }

} // namespace

TEST_CASE("Each ruleset's sheet holds every table of its data, cell for cell, with the citation", "[printed][reference]") {
    for (const sandtable::RegisteredRuleset& registered : sandtable::registeredRulesets()) {
        INFO(registered.id);
        const json data = json::parse(registered.data);
        const auto sheet = sandtable::referenceSheet(registered.data, {});
        REQUIRE(sheet);
        CHECK(sheet->title == data["name"].get<std::string>() + ": quick reference");
        CHECK(sheet->about.at(1).find(data["sourceTitle"].get<std::string>()) != std::string::npos);
        for (const json& table : data["tables"]) {
            const std::string name = table["name"].get<std::string>();
            INFO(name);
            const sandtable::ReferenceSection* section = findSection(*sheet, name);
            REQUIRE(section != nullptr);
            CHECK(section->citation == citationOf(table["source"]));
            REQUIRE(section->grid);
            const std::string kind = table["kind"].get<std::string>();
            if (kind == "chart" || kind == "fraction-chart") {
                if (table.contains("rows")) {
                    REQUIRE(section->grid->rows.size() == table["cells"].size());
                    for (std::size_t r = 0; r < table["cells"].size(); ++r) {
                        REQUIRE(section->grid->rows[r].size() == table["cells"][r].size() + 1);
                        for (std::size_t c = 0; c < table["cells"][r].size(); ++c) {
                            CHECK(section->grid->rows[r][c + 1] == cellText(table["cells"][r][c]));
                        }
                    }
                } else {
                    REQUIRE(section->grid->rows.size() == 1);
                    for (std::size_t c = 0; c < table["cells"].size(); ++c) {
                        CHECK(section->grid->rows[0][c + 1] == cellText(table["cells"][c]));
                    }
                }
                CHECK(section->grid->header.size() == table["columns"]["bands"].size() + 1);
            } else if (kind == "modifiers") {
                REQUIRE(section->grid->rows.size() == table["modifiers"].size());
                for (std::size_t m = 0; m < table["modifiers"].size(); ++m) {
                    const json& modifier = table["modifiers"][m];
                    CHECK(section->grid->rows[m][0] == modifier["name"].get<std::string>());
                    const std::string effect =
                        modifier.contains("add") ? (modifier["add"].get<int>() >= 0 ? "+" : "") + std::to_string(modifier["add"].get<int>())
                                                 : "×" + modifier["multiply"].get<std::string>();
                    CHECK(section->grid->rows[m][1] == effect);
                }
            } else if (kind == "range-bands") {
                REQUIRE(section->grid->rows.size() == table["bands"].size());
                for (std::size_t b = 0; b < table["bands"].size(); ++b) {
                    CHECK(section->grid->rows[b][0] == table["bands"][b]["name"].get<std::string>());
                    CHECK(section->grid->rows[b][2].starts_with(cellText(table["bands"][b]["to"])));
                }
            }
        }
        const sandtable::ReferenceSection* rulings = findSection(*sheet, "Rulings in force (RULINGS.md)");
        REQUIRE(rulings != nullptr);
        REQUIRE(rulings->lines.size() == data["rulings"].size());
        for (std::size_t i = 0; i < rulings->lines.size(); ++i) {
            CHECK(rulings->lines[i].starts_with(data["rulings"][i]["id"].get<std::string>() + ": "));
        }
        const sandtable::ReferenceSection* sequence = findSection(*sheet, "Sequence of play");
        REQUIRE(sequence != nullptr);
        CHECK(sequence->lines.size() == data["sequenceOfPlay"].size());
    }
}

TEST_CASE("A sheet says which options are in force, chosen or by default", "[printed][reference]") {
    const sandtable::RegisteredRuleset* ruleset = sandtable::findRuleset(sandtable::registeredRulesets().front().id);
    const json data = json::parse(ruleset->data);
    REQUIRE(!data["options"].empty());
    const json& option = data["options"][0];
    const std::string other = option["choices"][0] == option["default"] ? option["choices"][1] : option["choices"][0];
    const auto sheet = sandtable::referenceSheet(ruleset->data, {{option["id"].get<std::string>(), other}});
    REQUIRE(sheet);
    const sandtable::ReferenceSection* options = findSection(*sheet, "Options in force");
    REQUIRE(options != nullptr);
    CHECK(options->lines.at(0).starts_with(option["name"].get<std::string>() + ": " + other + " (chosen)"));
    CHECK(options->lines.size() == data["options"].size());
    for (std::size_t i = 1; i < options->lines.size(); ++i) {
        CHECK(options->lines[i].find("(the default)") != std::string::npos);
    }
}

TEST_CASE("Data that cannot be laid out is refused with what is wrong", "[printed][reference]") {
    CHECK_FALSE(sandtable::referenceSheet("{\"tables\": [", {}));
    CHECK(sandtable::referenceSheet("[1, 2]", {}).error() == "the ruleset's data is not a JSON object");
    // A chart whose cells are not what a chart holds is refused, never a crash.
    const auto broken = sandtable::referenceSheet(
        R"({"name": "x", "tables": [{"kind": "chart", "name": "c", "columns": {"bands": [1]}, "cells": [{"a": 1}]}]})", {});
    CHECK(broken);
}

TEST_CASE("sandtable-cli reference prints a sheet, and refuses what it cannot print", "[printed][reference]") {
    const std::string id = sandtable::registeredRulesets().front().id;
    const auto markdown = runCli({"reference", id});
    REQUIRE(markdown.exitCode == 0);
    CHECK(markdown.out.find("## Rulings in force (RULINGS.md)") != std::string::npos);
    CHECK(markdown.out.find("|---") != std::string::npos);
    const auto html = runCli({"reference", id, "--html"});
    REQUIRE(html.exitCode == 0);
    CHECK(html.out.find("<table") != std::string::npos);

    const auto unknown = runCli({"reference", "no-such-rules"});
    CHECK(unknown.exitCode == 2);
    CHECK(unknown.err.find("no ruleset 'no-such-rules' (rulesets: ") != std::string::npos);
    const auto paper = runCli({"reference", id, "--pdf", scratch("x.pdf").string(), "--paper", "a3"});
    CHECK(paper.exitCode == 2);
    CHECK(paper.err.find("--paper: expected a4 or letter, found 'a3'") != std::string::npos);
    const auto options = runCli({"reference", id, "--options", "[1]"});
    CHECK(options.exitCode == 2);
    CHECK(options.err.find("--options: expected a JSON object") != std::string::npos);
    const auto badOption = runCli({"reference", id, "--options", R"({"no-such-option": "x"})"});
    CHECK(badOption.exitCode == 2);
    CHECK(badOption.err.find("no-such-option") != std::string::npos);
    const auto both = runCli({"reference", id, "--html", "--pdf", scratch("y.pdf").string()});
    CHECK(both.exitCode == 2);
    const auto unwritable = runCli({"reference", id, "--pdf", "/no/such/folder/sheet.pdf"});
    CHECK(unwritable.exitCode == 2);
    CHECK(unwritable.err.find("cannot write /no/such/folder/sheet.pdf") != std::string::npos);
}

TEST_CASE("Each ruleset's PDF sheet holds every chart's title and cells, on A4 and on Letter, nothing off the page",
          "[printed][reference][pdf]") {
    for (const sandtable::RegisteredRuleset& registered : sandtable::registeredRulesets()) {
        const json data = json::parse(registered.data);
        for (const auto& [paperName, width, height] : {std::tuple{"a4", 595.0, 842.0}, std::tuple{"letter", 612.0, 792.0}}) {
            INFO(registered.id << " on " << paperName);
            const std::filesystem::path pdf = scratch(registered.id + "-" + paperName + ".pdf");
            const auto written = runCli({"reference", registered.id, "--pdf", pdf.string(), "--paper", paperName});
            REQUIRE(written.exitCode == 0);
            const std::string text = collapsed(commandOutput("pdftotext -enc UTF-8 " + pdf.string() + " -"));
            for (const json& table : data["tables"]) {
                CHECK(text.find(collapsed(table["name"].get<std::string>())) != std::string::npos);
                if (table["kind"] != "chart" && table["kind"] != "fraction-chart") {
                    continue;
                }
                const json rows = table.contains("rows") ? table["cells"] : json::array({table["cells"]});
                for (const json& row : rows) {
                    for (const json& cell : row) {
                        // Each word of a cell: a long cell wraps within its column, where
                        // the text extractor may interleave it with its neighbours.
                        std::istringstream words(cellText(cell));
                        for (std::string word; words >> word;) {
                            CHECK(text.find(collapsed(word)) != std::string::npos);
                        }
                    }
                }
            }
            // The page is the paper asked for, and every word lies within it.
            const std::string info = commandOutput("pdfinfo " + pdf.string());
            std::smatch size;
            REQUIRE(std::regex_search(info, size, std::regex(R"(Page size:\s+([0-9.]+) x ([0-9.]+) pts)")));
            CHECK(std::stod(size[1]) == Approx(width).margin(1));
            CHECK(std::stod(size[2]) == Approx(height).margin(1));
            const std::string boxes = commandOutput("pdftotext -bbox " + pdf.string() + " -");
            const std::regex word(R"re(xMin="([-0-9.]+)" yMin="([-0-9.]+)" xMax="([-0-9.]+)" yMax="([-0-9.]+)")re");
            int words = 0;
            for (auto it = std::sregex_iterator(boxes.begin(), boxes.end(), word); it != std::sregex_iterator(); ++it, ++words) {
                CHECK(std::stod((*it)[1]) >= 0);
                CHECK(std::stod((*it)[2]) >= 0);
                CHECK(std::stod((*it)[3]) <= width);
                CHECK(std::stod((*it)[4]) <= height);
            }
            CHECK(words > 300);
            std::filesystem::remove(pdf);
        }
    }
}

TEST_CASE("sandtable-cli roster lists each side's units, and prints them as PDF", "[printed][roster]") {
    const std::string scenario = std::string(SANDTABLE_SCENARIOS_DIR) + "/ozz-winkie-border.json";
    const auto roster = runCli({"roster", scenario});
    REQUIRE(roster.exitCode == 0);
    const json file = json::parse(std::ifstream(scenario));
    CHECK(roster.out.find("Before the battle") != std::string::npos);
    for (const json& side : file["sides"]) {
        CHECK(roster.out.find("## " + side["name"].get<std::string>()) != std::string::npos);
    }
    for (const json& unit : file["units"]) {
        CHECK(roster.out.find("| " + unit["name"].get<std::string>() + " |") != std::string::npos);
    }
    const std::filesystem::path pdf = scratch("roster.pdf");
    REQUIRE(runCli({"roster", scenario, "--pdf", pdf.string(), "--paper", "letter"}).exitCode == 0);
    const std::string text = collapsed(commandOutput("pdftotext -enc UTF-8 " + pdf.string() + " -"));
    for (const json& unit : file["units"]) {
        // Word by word: a long name wraps in its column.
        std::istringstream words(unit["name"].get<std::string>());
        for (std::string word; words >> word;) {
            CHECK(text.find(collapsed(word)) != std::string::npos);
        }
    }
    std::filesystem::remove(pdf);
    CHECK(runCli({"roster", scenario, "--paper", "a4"}).exitCode == 2);
}
