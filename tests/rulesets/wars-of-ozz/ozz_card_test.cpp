// The card's tables, cell by cell, against 000_9109171396d1b03f.txt as it stands; and
// every ruling written down, shown, and tested.

#include "ozz_test_support.h"

#include <catch2/catch.hpp>
#include <map>
#include <regex>

using namespace ozztest;

namespace {

std::string card() { return readText(rulesDir() / "000_9109171396d1b03f.txt"); }

std::vector<std::string> lines(const std::string& text) {
    std::vector<std::string> result;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) {
        result.push_back(line);
    }
    return result;
}

std::vector<std::string> splitTabs(const std::string& line) {
    std::vector<std::string> fields;
    std::string field;
    std::istringstream in(line);
    while (std::getline(in, field, '\t')) {
        fields.push_back(field);
    }
    return fields;
}

// The card marks words up with <b> and <i>; the data holds the words.
std::string plain(std::string text) {
    text = std::regex_replace(text, std::regex("<[^>]+>"), "");
    text = std::regex_replace(text, std::regex("\\*\\*"), "");
    text = std::regex_replace(text, std::regex("\\s+"), " ");
    while (!text.empty() && text.back() == ' ') {
        text.pop_back();
    }
    return text;
}

// The lines after a heading, up to the next blank line.
std::vector<std::string> section(const std::string& heading) {
    const auto all = lines(card());
    std::vector<std::string> body;
    bool inside = false;
    for (const std::string& line : all) {
        if (!inside) {
            inside = line.find(heading) != std::string::npos;
            continue;
        }
        if (line.empty() && !body.empty()) {
            break;
        }
        if (!line.empty()) {
            body.push_back(line);
        }
    }
    return body;
}

std::int64_t cardNumber(const std::string& text) { return std::stoll(text[0] == '+' ? text.substr(1) : text); }

const ozz::Data& data() { return ozz::builtInData(); }

} // namespace

TEST_CASE("ruleset.json loads from the source tree and every citation is a heading of the card", "[ozz][card]") {
    const auto parsed = ozz::parseData(readText(ozzDir() / "ruleset.json"), "ruleset.json");
    REQUIRE(parsed.hasValue());
    const std::string text = plain(card());
    auto check = [&](const Citation& citation) {
        INFO(citation.toString());
        CHECK(citation.file == "000_9109171396d1b03f.txt");
        CHECK(text.find(plain(citation.heading)) != std::string::npos);
    };
    forEachCitation(*parsed, check);
    check(parsed->movementSource);
}

TEST_CASE("a broken ruleset.json is refused with the place and what was expected", "[ozz][card]") {
    const auto broken = ozz::parseData(R"({"format": 1, "id": "wars-of-ozz", "name": "x", "source": "000_9109171396d1b03f.txt",
        "unit": "furlong", "tables": [], "weapons": [{"id": "musket", "name": "Musket", "ranges": "range-musket"}]})",
                                       "ruleset.json");
    REQUIRE_FALSE(broken.hasValue());
    const std::string text = toString(broken.error());
    CHECK(text.find("ruleset.json: /unit: expected \"inch\", \"cm\" or \"box\"") != std::string::npos);
    CHECK(text.find("/weapons/0: no range-bands table \"range-musket\"") != std::string::npos);
    CHECK(text.find("missing 'sequenceOfPlay'") != std::string::npos);
}

TEST_CASE("weapon ranges are the card's short/long", "[ozz][card]") {
    const std::map<std::string, std::string> idFor{
        {"Musket", "musket"}, {"Carbine", "carbine"}, {"Light Artillery", "light-artillery"}, {"Medium Artillery", "medium-artillery"}};
    int checked = 0;
    for (const std::string& line : section("Weapon\tRange")) {
        const auto fields = splitTabs(line);
        REQUIRE(fields.size() == 2);
        const ozz::Weapon* weapon = data().weapon(idFor.at(fields[0]));
        REQUIRE(weapon != nullptr);
        const RangeBands& bands = data().ranges(weapon->ranges);
        REQUIRE(bands.bands.size() == 2);
        const auto slash = fields[1].find('/');
        CHECK(bands.bands[0].to == std::stod(fields[1].substr(0, slash)));
        CHECK(bands.bands[1].to == std::stod(fields[1].substr(slash + 1)));
        ++checked;
    }
    CHECK(checked == 4);
}

TEST_CASE("Marksmanship and Melee modifiers are the card's, name and number", "[ozz][card]") {
    for (const auto& [heading, listId, added] :
         {std::tuple{std::string("### Modifiers to Marksmanship Number"), std::string("marksmanship"), 2},
          std::tuple{std::string("### Modifiers to Melee Number"), std::string("melee"), 4}}) {
        const ModifierList& list = data().modifiers(listId);
        const auto rows = section(heading);
        int checked = 0;
        for (const std::string& row : rows) {
            const auto fields = splitTabs(row);
            if (fields.size() != 2) {
                continue; // the notes under the melee list
            }
            INFO(row);
            const auto found =
                std::find_if(list.modifiers.begin(), list.modifiers.end(), [&](const Modifier& m) { return m.name == fields[0]; });
            REQUIRE(found != list.modifiers.end());
            CHECK(found->operation == Modifier::Operation::Add);
            CHECK(found->amount == Fraction(cardNumber(fields[1])));
            ++checked;
        }
        // The rest are the reaction results' melee and fire modifiers and the long-range
        // halving, each citing the table it comes from.
        CHECK(static_cast<int>(list.modifiers.size()) == checked + added);
    }
}

TEST_CASE("Move modifiers are the card's, column by column, -- is absent from the column", "[ozz][card][ozz-artillery-dashes]") {
    const auto rows = section("### Move Modifiers");
    REQUIRE(splitTabs(rows.at(0)) == std::vector<std::string>{"", "Inf", "Cav", "Arty"});
    const std::vector<std::string> columns{"move-infantry", "move-cavalry", "move-artillery"};
    int checked = 0;
    for (std::size_t r = 1; r < rows.size(); ++r) {
        const auto fields = splitTabs(rows[r]);
        REQUIRE(fields.size() == 4);
        const std::string name = plain(fields[0]);
        for (std::size_t c = 0; c < 3; ++c) {
            INFO(name << " / " << columns[c]);
            const ModifierList& list = data().modifiers(columns[c]);
            const auto found =
                std::find_if(list.modifiers.begin(), list.modifiers.end(), [&](const Modifier& m) { return m.name == name; });
            const std::string cell = fields[c + 1];
            if (cell == "--") {
                CHECK(found == list.modifiers.end());
                continue;
            }
            REQUIRE(found != list.modifiers.end());
            if (cell == "½" || cell == "¼") {
                CHECK(found->operation == Modifier::Operation::Multiply);
                CHECK(found->amount == (cell == "½" ? Fraction(1, 2) : Fraction(1, 4)));
            } else {
                CHECK(found->operation == Modifier::Operation::Add);
                CHECK(found->amount == Fraction(cardNumber(cell)));
            }
            ++checked;
        }
    }
    CHECK(rows.size() == 10);
    CHECK(checked == 22);
    CHECK(data().modifiers("move-infantry").modifiers.size() == 9);
    CHECK(data().modifiers("move-cavalry").modifiers.size() == 9);
    CHECK(data().modifiers("move-artillery").modifiers.size() == 4);
}

TEST_CASE("Base movement is best of 2d10 plus the card's number, unlimbered guns half the highest", "[ozz][card]") {
    const std::map<std::string, std::string> idFor{{"Infantry", "infantry"},
                                                   {"Cavalry", "cavalry"},
                                                   {"Leaders / Wizards", "leader"},
                                                   {"Unlimbered Arty.", "unlimbered-artillery"},
                                                   {"Limbered Arty.", "limbered-artillery"}};
    int checked = 0;
    for (const std::string& line : section("### Base Movement (best of 2d10 plus...)")) {
        const auto fields = splitTabs(line);
        if (fields.size() != 2) {
            continue;
        }
        const ozz::MovementRow* row = data().movementRow(idFor.at(fields[0]));
        REQUIRE(row != nullptr);
        CHECK(row->name == fields[0]);
        CHECK(row->roll.text() == "2d10kh1");
        if (fields[1] == "*") {
            CHECK(row->half);
            CHECK(row->add == 0);
        } else {
            CHECK_FALSE(row->half);
            CHECK(row->add == std::stoi(fields[1]));
        }
        ++checked;
    }
    CHECK(checked == 5);
}

TEST_CASE("Tests of Resolve and Tests of Elan: every cell and row is the card's", "[ozz][card]") {
    for (const auto& [heading, chartId] : {std::pair{std::string("### Tests of Resolve (d10)"), std::string("tests-of-resolve")},
                                           std::pair{std::string("### Tests of Elan (d10)"), std::string("tests-of-elan")}}) {
        const Chart& chart = data().chart(chartId);
        const auto rows = section(heading);
        const auto header = splitTabs(rows.at(0));
        REQUIRE(header.size() == 6);
        CHECK(chart.columns.bands[0].label == header[1]);
        CHECK(chart.columns.bands[1].label == header[2]);
        CHECK(chart.columns.bands[2].label == header[3]);
        CHECK(header[4] == "Modified");
        CHECK(header[5] == "Modified");
        REQUIRE(chart.rowCount() == rows.size() - 1);
        int cells = 0;
        for (std::size_t r = 1; r < rows.size(); ++r) {
            const auto fields = splitTabs(rows[r]);
            REQUIRE(fields.size() == 6);
            CHECK(chart.rows->bands[r - 1].label == plain(fields[0]));
            for (std::size_t c = 0; c < 5; ++c) {
                INFO(chartId << " row " << r << " column " << c);
                CHECK(chart.cellAt(r - 1, c).text == plain(fields[c + 1]));
                CHECK_FALSE(data().reactions.at(chartId).at(r - 1).at(c).empty());
                ++cells;
            }
        }
        CHECK(cells == (chartId == "tests-of-resolve" ? 20 : 15));
    }
}

TEST_CASE("the cumulative shifts are the card's six, three right and three left", "[ozz][card][ozz-shift-directions]") {
    const ModifierList& shifts = data().modifiers("shifts");
    std::vector<std::string> named;
    for (const std::string& line : section("### Cumulative Shifts for Either Resolve or Elan")) {
        if (line.rfind("- ", 0) == 0) {
            named.push_back(line.substr(2));
        }
    }
    REQUIRE(named.size() == 6);
    REQUIRE(shifts.modifiers.size() == 6);
    for (std::size_t i = 0; i < 6; ++i) {
        INFO(named[i]);
        CHECK(shifts.modifiers[i].name == named[i]);
        CHECK(shifts.modifiers[i].amount == Fraction(i < 3 ? 1 : -1));
    }
}

TEST_CASE("every ruling is in RULINGS.md and is named by a test", "[ozz][card]") {
    checkRulingsDocumented(data().rulings, ozzDir() / "RULINGS.md", testsDir(), "[", "]");
}
