// Every chart, range, movement rate and modifier of ruleset.json against the sheet's own
// lines (001_aff8fc74003dcadb.txt), read from the text itself, and every ruling against
// RULINGS.md and the tests.

#include "sandtable/chart.h"
#include "sandtable/range_bands.h"
#include "vcc_test_support.h"

#include <catch2/catch.hpp>
#include <regex>
#include <sstream>

using namespace vcctest;

namespace {

const std::string sheetFile = "001_aff8fc74003dcadb.txt";

std::string sheet() { return readText(rulesDir() / sheetFile); }

/// The line number (from 0) of the first line holding `fragment`, searching from `from`.
int lineWith(const std::string& fragment, int from = 0) {
    std::istringstream in(sheet());
    std::string line;
    for (int number = 0; std::getline(in, line); ++number) {
        if (number >= from && line.find(fragment) != std::string::npos) {
            return number;
        }
    }
    FAIL("no line of the sheet holds \"" << fragment << "\"");
    return -1;
}

std::string line(int number) {
    std::istringstream in(sheet());
    std::string text;
    for (int i = 0; i <= number; ++i) {
        std::getline(in, text);
    }
    return text;
}

/// A list's modifiers against the sheet's entries, in the sheet's order: each entry's
/// words (as printed, in its own column) and the effect they say.
void checkList(const ModifierList& list, const std::vector<std::tuple<std::string, std::string, std::string>>& entries) {
    REQUIRE(list.modifiers.size() >= entries.size());
    int previousLine = -1;
    for (std::size_t i = 0; i < entries.size(); ++i) {
        const auto& [printed, id, effect] = entries[i];
        INFO(list.id << ": " << printed);
        const int at = lineWith(printed, previousLine + 1);
        CHECK(at > previousLine); // the sheet lists them in this order, one line after another
        previousLine = at;
        CHECK(list.modifiers[i].id == id);
        CHECK(list.modifiers[i].effect() == effect);
    }
}

} // namespace

TEST_CASE("ruleset.json loads and every citation is a heading of the sheet", "[vcc][data]") {
    auto parsed = vcc::parseData(readText(vccDir() / "ruleset.json"), "ruleset.json");
    REQUIRE(parsed);
    const std::string text = sheet();
    forEachCitation(*parsed, [&](const Citation& citation) {
        INFO(citation.toString());
        CHECK(citation.file == sheetFile);
        CHECK(text.find(citation.heading) != std::string::npos);
    });
    CHECK(text.find(parsed->typesSource.heading) != std::string::npos);
    CHECK(parsed->info.unit == MeasureUnit::Box);
}

TEST_CASE("the sequence of play has the sheet's eight steps in its order", "[vcc][data][vcc-steps]") {
    const auto& steps = data().info.sequenceOfPlay;
    REQUIRE(steps.size() == 8);
    const std::vector<std::string> printed{"1.  Brit Art/MG/rocket",     "2.  Native Art/MG/rocket", "3.  Native rally",
                                           "4.  British rally and",      "5.  British small arms",   "6.  Native small arms",
                                           "7.  Melee and leader hits.", "8.  Melee morale checks."};
    int previous = -1;
    for (std::size_t i = 0; i < printed.size(); ++i) {
        const int at = lineWith(printed[i], previous + 1);
        CHECK(at > previous);
        previous = at;
        CHECK(steps[i].rfind(std::to_string(i + 1) + ". ", 0) == 0);
    }
}

TEST_CASE("the movement chart: each troop type's boxes, \"(no fire)\" and the pivot star, read from the sheet", "[vcc][data]") {
    // "Foot           1", "MGs            1 (no fire)*", "Art            0 *"
    const std::regex row(R"((Foot|Rockets|Wagons|Cav/cam|MGs|Art)\s+([0-9])\s*(\(no fire\))?\s*(\*)?)");
    const std::map<std::string, std::string> typeOf{{"Foot", "foot"},       {"Rockets", "rockets"}, {"Wagons", "wagons"},
                                                    {"Cav/cam", "cavalry"}, {"MGs", "machine-gun"}, {"Art", "artillery"}};
    int seen = 0;
    for (int number = lineWith("Movement"); number < lineWith("movement for shot."); ++number) {
        const std::string text = line(number);
        std::smatch match;
        if (!std::regex_search(text, match, row)) {
            continue;
        }
        const vcc::TroopType* type = data().type(typeOf.at(match[1].str()));
        REQUIRE(type != nullptr);
        INFO(match[0].str());
        CHECK(type->name == match[1].str());
        CHECK(type->move == std::stoi(match[2].str()));
        CHECK(type->noFireAfterMove == match[3].matched);
        CHECK(type->pivots == match[4].matched);
        ++seen;
    }
    CHECK(seen == 6);
}

TEST_CASE("the firing ranges in boxes, each band's edge read from the sheet", "[vcc][data][vcc-range-bands]") {
    const std::vector<std::pair<std::string, std::string>> rows{
        {"Musket", "musket"}, {"Rifle", "rifle"}, {"Machine gun", "machine-gun"}, {"Artillery", "artillery"}};
    for (const auto& [printed, id] : rows) {
        INFO(printed);
        const std::regex numbers(printed + R"(\s+([0-9]+)\s+([0-9]+)\s+([0-9]+|NA))");
        std::smatch match;
        const std::string text = line(lineWith(printed + " "));
        REQUIRE(std::regex_search(text, match, numbers));
        const RangeBands& bands = data().ranges(id);
        REQUIRE(bands.bands.size() == (match[3].str() == "NA" ? 2U : 3U));
        CHECK(bands.bands[0].id == "close");
        CHECK(bands.bands[0].to == std::stod(match[1].str()));
        CHECK(bands.bands[1].id == "medium");
        CHECK(bands.bands[1].to == std::stod(match[2].str()));
        if (match[3].str() != "NA") {
            CHECK(bands.bands[2].id == "long");
            CHECK(bands.bands[2].to == std::stod(match[3].str()));
        }
        // A distance on a boundary is in the nearer band: the artillery's 3 is close, 4 medium.
        CHECK(bands.bandFor(bands.bands[0].to)->id == "close");
        CHECK(bands.bandFor(bands.bands[0].to + 1)->id == "medium");
    }
    CHECK(lineWith("Rockets       Unlimited") > 0);
    CHECK(data().type("rockets")->weapons == std::vector<std::string>{"rockets"});
}

TEST_CASE("the firing modifiers: every one of the sheet's, in its order, with its effect", "[vcc][data]") {
    const ModifierList& list = data().modifiers("firing");
    checkList(list, {{"Vs mounted  +1 die", "vs-mounted", "+1"},
                     {"Elite units   +1 die", "elite", "+1"},
                     {"Raw units   -1 die", "raw", "-1"},
                     {"Close range:  Double dice", "close-range", "×2"},
                     {"Long range  1/2 dice", "long-range", "×1/2"},
                     {"Firer moved   1/2 dice", "firer-moved", "×1/2"},
                     {"Firing prone  ½ dice", "firing-prone", "×1/2"},
                     {"Vs prone    1/2 dice", "vs-prone", "×1/2"},
                     {"Vs soft cover 1/2 dice", "vs-soft-cover", "×1/2"},
                     {"Vs hard cover1/4 dice", "vs-hard-cover", "×1/4"}});
    CHECK(list.modifiers.size() == 10);
    // "Never less than 1 die."; "(round up)" is the half-dice ruling's (vcc-half-dice).
    CHECK(lineWith("Never less than 1 die.", lineWith("Vs hard cover1/4 dice")) > 0);
    REQUIRE(list.minimum);
    CHECK(*list.minimum == 1);
    CHECK_FALSE(list.rounding);
}

TEST_CASE("the melee modifiers: every one of the sheet's, in its order, with its effect", "[vcc][data]") {
    const ModifierList& list = data().modifiers("melee");
    checkList(list, {{"Charging         +1d6", "charging", "+1"},
                     {"Elite            +1d6", "elite", "+1"},
                     {"Raw units        -1 d6", "raw", "-1"},
                     {"Vs Flank          Double dice", "vs-flank", "×2"},
                     {"Lancers vs broken  Double dice", "lancers-vs-broken", "×2"},
                     {"Supporting unit   ½ dice", "supporting", "×1/2"},
                     {"Mtd vs Dervish foot ½ dice frontal only", "mounted-vs-dervish", "×1/2"},
                     {"Broken unit       ½ dice", "broken", "×1/2"},
                     {"Vs uphill         ½ dice", "vs-uphill", "×1/2"},
                     {"Vs soft cover     ½ dice", "vs-soft-cover", "×1/2"},
                     {"Vs hard cover          ¼ dice", "vs-hard-cover", "×1/4"}});
    CHECK(list.modifiers.size() == 11);
    REQUIRE(list.minimum);
    CHECK(*list.minimum == 1);
}

TEST_CASE("the morale modifiers: every one of the sheet's with its sign, and the leader's cheer", "[vcc][data]") {
    const ModifierList& list = data().modifiers("morale");
    const std::vector<std::tuple<std::string, std::string, std::string>> entries{
        {"+1 Elite unit", "elite", "+1"},
        {"+1 In square (regulars only)", "square", "+1"},
        {"+2 Army Commander in box", "army-commander", "+2"},
        {"-1 Raw unit", "raw", "-1"},
        {"-1 Foot hit by rockets", "foot-hit-by-rockets", "-1"},
        {"-2 Mounted hit by rockets", "mounted-hit-by-rockets", "-2"},
        {"-2 Flanked", "flanked", "-2"}};
    checkList(list, entries);
    // "+1 to next morale check" (Effect of leader hits: 2d6), kept at the end of the list.
    CHECK(lineWith("+1 to") > 0);
    CHECK(list.modifiers.back().id == "leader-cheered");
    CHECK(list.modifiers.back().effect() == "+1");
    // The rocket procedure's own words agree with the list: "-1 for infantry and -2 for cavalry".
    CHECK(lineWith("check morale at -1 for infantry and") > 0);
    CHECK(lineWith("-2 for cavalry.") > 0);
}

TEST_CASE("the leader-hit chart: 12 at long range, 11-12 at medium, 9-12 close or in melee", "[vcc][data]") {
    const Chart& chart = data().chart("leader-hit-check");
    CHECK(lineWith("Procedure: Roll 2d6 and leader") > 0);
    CHECK(lineWith("is hit on 12 at long range, 11-12") > 0);
    CHECK(lineWith("at medium range, 9-12 if at close") > 0);
    const std::map<int, int> lowestHit{{1, 12}, {2, 11}, {3, 9}};
    for (const auto& [row, lowest] : lowestHit) {
        for (std::int64_t score = 2; score <= 12; ++score) {
            INFO("row " << row << ", 2d6 " << score);
            const auto found = chart.lookup(row, score);
            REQUIRE(found);
            CHECK((found->cell.text == "hit") == (score >= lowest));
        }
    }
    CHECK(chart.rows->bands[0].label == "long range");
    CHECK(chart.rows->bands[2].label == "close range or in melee");
}

TEST_CASE("the effect of leader hits: 2-4 a cheer, 5-9 one wound, 10-11 two, 12 toast", "[vcc][data]") {
    const Chart& chart = data().chart("leader-hit-effect");
    CHECK(lineWith("2-4 Leader jauntily declares") > 0);
    CHECK(lineWith("5-9 One wound*") > 0);
    CHECK(lineWith("10-11 Two wounds*") > 0);
    CHECK(lineWith("12 Toast") > 0);
    CHECK(lineWith("*3 wounds = toast") > 0);
    const std::map<std::int64_t, std::string> expected{{2, "+1 to next morale check"},
                                                       {4, "+1 to next morale check"},
                                                       {5, "one wound"},
                                                       {9, "one wound"},
                                                       {10, "two wounds"},
                                                       {11, "two wounds"},
                                                       {12, "toast"}};
    for (const auto& [score, cell] : expected) {
        INFO(score);
        CHECK(chart.lookup(std::nullopt, score)->cell.text == cell);
    }
}

TEST_CASE("rockets hit on 5-6 and drift on 1-4 — failing morale by 1, 2, 3 and 4 or more", "[vcc][data]") {
    CHECK(lineWith("die score is 5-6 it hits the target. If") > 0);
    CHECK(lineWith("1-4 the shot will drift.") > 0);
    const Chart& rocket = data().chart("rocket-to-hit");
    for (std::int64_t score = 1; score <= 6; ++score) {
        CHECK(rocket.lookup(std::nullopt, score)->cell.text == (score >= 5 ? "hit" : "drift"));
    }
    const Chart& failing = data().chart("morale-failure");
    const std::vector<std::pair<std::string, std::string>> rows{{"Missed by 1 = Take 1d6 hits", "take 1d6 hits"},
                                                                {"Missed by 2 = Break contact", "break contact and go prone"},
                                                                {"Missed by 3 = Retreat 1 box", "retreat 1 box and go prone"},
                                                                {"Missed by 4 or more =", "broken: retreat 2 boxes and go prone"}};
    for (std::size_t margin = 1; margin <= 4; ++margin) {
        INFO(rows[margin - 1].first);
        CHECK(lineWith(rows[margin - 1].first) > 0);
        CHECK(failing.lookup(std::nullopt, static_cast<std::int64_t>(margin))->cell.text == rows[margin - 1].second);
    }
    CHECK(failing.lookup(std::nullopt, 5)->cell.text == "broken: retreat 2 boxes and go prone");
}

TEST_CASE("a broken copy of the data is refused with its place", "[vcc][data]") {
    std::string text = readText(vccDir() / "ruleset.json");
    const std::string cell = "\"one wound\"";
    text.replace(text.find(cell), cell.size(), "\"a scratch\"");
    auto parsed = vcc::parseData(text, "ruleset.json");
    REQUIRE_FALSE(parsed);
    CHECK(toString(parsed.error()).find("/tables/leader-hit-effect") != std::string::npos);
    CHECK(toString(parsed.error()).find("a scratch") != std::string::npos);
}

TEST_CASE("every ruling is in RULINGS.md and named by a test", "[vcc][data]") {
    checkRulingsDocumented(data().rulings, vccDir() / "RULINGS.md", testsDir(), "[", "]");
}
