// Every table of ruleset.json against the Updated Rules' own lines (002_7b20089435c2e4ae.txt),
// read from the text itself, and every ruling against RULINGS.md and the tests.

#include "ein_test_support.h"

#include <catch2/catch.hpp>
#include <regex>

using namespace eintest;

namespace {

const ein::Data& data() { return ein::builtInData(); }

/// The Updated Rules of 24 March 2016: the text up to the battle report that follows them,
/// its no-break spaces read as spaces (the blog laid its melee chart out with them).
std::string updatedRules() {
    std::string text = readText(rulesDir() / "002_7b20089435c2e4ae.txt");
    for (std::size_t at = text.find("\xC2\xA0"); at != std::string::npos; at = text.find("\xC2\xA0", at)) {
        text.replace(at, 2, " ");
    }
    return text.substr(0, text.find("Battle of Einsamenhügel - Aftermath"));
}

/// The line of the Updated Rules that starts with `start`.
std::string lineStarting(const std::string& start) {
    std::istringstream in(updatedRules());
    std::string line;
    while (std::getline(in, line)) {
        if (line.rfind(start, 0) == 0) {
            return line;
        }
    }
    FAIL("no line starting \"" << start << "\" in the Updated Rules");
    return {};
}

/// The numbers in a line, in order ("Heavy Cav 1 2 2 1 3 2" -> 1 2 2 1 3 2; "1.5" stays).
std::vector<double> numbersIn(const std::string& line) {
    std::vector<double> numbers;
    const std::regex number(R"((\d+(\.\d+)?))");
    for (auto it = std::sregex_iterator(line.begin(), line.end(), number); it != std::sregex_iterator(); ++it) {
        numbers.push_back(std::stod((*it)[1]));
    }
    return numbers;
}

double cellNumber(const Chart& chart, std::size_t row, std::size_t column) {
    const ChartCell& cell = chart.cellAt(row, column);
    return cell.kind == ChartCell::Kind::Number ? static_cast<double>(cell.number) : std::stod(cell.text);
}

} // namespace

TEST_CASE("ruleset.json loads and every citation is a heading of the rule text", "[ein][data]") {
    auto parsed = ein::parseData(readText(einDir() / "ruleset.json"), "ruleset.json");
    REQUIRE(parsed);
    const std::string text = readText(rulesDir() / "002_7b20089435c2e4ae.txt");
    auto check = [&](const Citation& citation) {
        INFO(citation.toString());
        CHECK(citation.file == "002_7b20089435c2e4ae.txt");
        CHECK(text.find("\n" + citation.heading + "\n") != std::string::npos);
    };
    forEachCitation(*parsed, check);
    CHECK(parsed->info.unit == MeasureUnit::Centimetre);
}

TEST_CASE("movement rates are the MOVEMENT section's, for every class and formation", "[ein][data]") {
    const Chart& rates = data().chart("movement-rates");
    const std::vector<std::string> lines{"Regular foot in firing order", "All other foot", "Artillery", "Heavy horse",
                                         "Light horse and generals"};
    for (std::size_t i = 0; i < lines.size(); ++i) {
        INFO(lines[i]);
        const auto numbers = numbersIn(lineStarting(lines[i]).substr(lines[i].size()));
        REQUIRE_FALSE(numbers.empty());
        CHECK(cellNumber(rates, 0, i) == numbers.back());
        CHECK(rates.columns.bands[i].label == lines[i]);
    }
    auto move = [&](const char* type, const char* formation) { return data().troopClass(type)->movement.at(formation); };
    CHECK(move("regular-foot", "line") == cellNumber(rates, 0, 0));
    CHECK(move("regular-foot", "column") == cellNumber(rates, 0, 1));
    CHECK(move("light-foot", "loose") == cellNumber(rates, 0, 1));
    CHECK(move("artillery", "limbered") == cellNumber(rates, 0, 2));
    CHECK(move("heavy-horse", "two-ranks") == cellNumber(rates, 0, 3));
    CHECK(move("light-horse", "two-ranks") == cellNumber(rates, 0, 4));
    CHECK(move("lancers", "two-ranks") == cellNumber(rates, 0, 4));
    CHECK(move("general", "mounted") == cellNumber(rates, 0, 4));
}

TEST_CASE("the Variation: 6 adds 25%, 2-5 no change, 1 takes 25% off", "[ein][data]") {
    const Chart& chart = data().chart("variation");
    CHECK(lineStarting("6...") == "6...add 25% to the distance covered.");
    CHECK(lineStarting("1...") == "1...subtract 25% from the distance covered.");
    for (const auto& [face, cell] : {std::pair{1, "-25%"}, std::pair{2, "no change"}, std::pair{5, "no change"}, std::pair{6, "+25%"}}) {
        auto looked = chart.lookup(std::nullopt, face);
        REQUIRE(looked);
        CHECK(looked->cell.text == cell);
    }
}

TEST_CASE("ranges, scores and saves are the text's", "[ein][data]") {
    CHECK(data().ranges("musket").maximumRange() == numbersIn(lineStarting("Musket range")).front());
    CHECK(data().ranges("carbine").maximumRange() == numbersIn(lineStarting("Carbine range")).front());
    const RangeBands& artillery = data().ranges("artillery");
    CHECK(artillery.bands[0].to == numbersIn(lineStarting("Canister")).at(1));  // "0-12cm"
    CHECK(artillery.bands[1].to == numbersIn(lineStarting("Roundshot")).at(0)); // "up to 24cm"
    const Chart& musketry = data().chart("musketry-scores");
    for (std::size_t i = 0; i < 3; ++i) {
        const std::string label = musketry.columns.bands[i].label;
        INFO(label);
        CHECK(cellNumber(musketry, 0, i) == numbersIn(lineStarting(label + ":")).front());
    }
    const Chart& morale = data().chart("morale-scores");
    for (std::size_t i = 0; i < 3; ++i) {
        const std::string label = morale.columns.bands[i].label;
        CHECK(cellNumber(morale, 0, i) == numbersIn(lineStarting(label + ":")).front());
    }
    const Chart& saves = data().chart("saving-throws");
    CHECK(cellNumber(saves, 0, 0) == numbersIn(lineStarting("Troops in cover cancel")).front());
    CHECK(lineStarting("Cuirassiers cancel").find("throw of 6") != std::string::npos);
    CHECK(cellNumber(saves, 0, 1) == 6);
    const Chart& guns = data().chart("artillery-hit-scores");
    const std::string potential = lineStarting("Each potential hit");
    CHECK(potential.find("4-6 scoring a hit on foot and horse, a 6 on guns") != std::string::npos);
    CHECK(cellNumber(guns, 0, 0) == 4);
    CHECK(cellNumber(guns, 0, 1) == 6);
    CHECK(lineStarting("A hit is inflicted on throwing a 4-6").size() > 0);
    CHECK(cellNumber(data().chart("melee-hit-scores"), 0, 0) == 4);
    CHECK(lineStarting("Prussian horse in melees inflict a casualty on a throw of 5 or 6").size() > 0);
    CHECK(cellNumber(data().chart("melee-hit-scores"), 0, 1) == 5);
}

TEST_CASE("every cell of the melee chart is the text's", "[ein][data]") {
    const Chart& chart = data().chart("melee-dice");
    const std::vector<std::string> rows{"Heavy Cav", "Lancers", "Other Lt Cav", "Close Order Inf"};
    REQUIRE(chart.rowCount() == 4);
    REQUIRE(chart.columns.bands.size() == 6);
    for (std::size_t row = 0; row < rows.size(); ++row) {
        const auto numbers = numbersIn(lineStarting(rows[row]).substr(rows[row].size()));
        REQUIRE(numbers.size() == 6);
        for (std::size_t column = 0; column < 6; ++column) {
            INFO(rows[row] << ", column " << column + 1);
            CHECK(cellNumber(chart, row, column) == numbers[column]);
        }
    }
}

TEST_CASE("the modifier lists are the text's", "[ein][data]") {
    CHECK(data().modifiers("musketry-throw").find("return-fire-after-moving")->amount == Fraction(-1));
    CHECK(data().modifiers("musketry-throw").find("british-musketry")->amount == Fraction(1));
    CHECK(data().modifiers("musketry-throw").find("prussian-foot")->amount == Fraction(1));
    CHECK(data().modifiers("artillery-throw").find("over-friends")->amount == Fraction(-1));
    CHECK(data().modifiers("morale-throw").find("general-attached")->amount == Fraction(1));
    CHECK(data().modifiers("morale-throw").find("rear-support")->amount == Fraction(1));
    CHECK(data().modifiers("melee-extra-dice").modifiers.size() == 3);
}

TEST_CASE("every ruling is in RULINGS.md and is named by a test", "[ein][data]") {
    checkRulingsDocumented(data().rulings, einDir() / "RULINGS.md", testsDir(), "", ":");
}
