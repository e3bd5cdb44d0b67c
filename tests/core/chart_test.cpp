#include "sandtable/dice_expression.h"
#include "table_test_support.h"

#include <regex>

using namespace sandtable;

namespace {

// Every printing of the combat chart in the rule text: after "Modified Die Roll 0 1 ... 12",
// ten rows of a figures band and thirteen numbers.
std::vector<std::vector<std::string>> combatChartsInText() {
    const std::string text = ruleText("003_524828208fa59482.txt");
    const std::string header = "Modified Die Roll 0 1 2 3 4 5 6 7 8 9 10 11 12 ";
    std::vector<std::vector<std::string>> charts;
    for (auto at = text.find(header); at != std::string::npos; at = text.find(header, at + 1)) {
        std::istringstream tokens(text.substr(at + header.size()));
        std::vector<std::string> words;
        std::string word;
        while (words.size() < 10 * 14 && tokens >> word) {
            words.push_back(word);
        }
        charts.push_back(words);
    }
    return charts;
}

const Chart& combatChart() { return *engineExamples().findChart("combat-table"); }

} // namespace

TEST_CASE("every cell of the combat chart matches the rule text", "[tables][chart][fidelity]") {
    // 003_524828208fa59482.txt, "FIRE AND MELEE COMBAT" and the chart repeated at the end.
    const auto charts = combatChartsInText();
    REQUIRE(charts.size() == 2);
    const Chart& chart = combatChart();
    REQUIRE(chart.rowCount() == 10);
    REQUIRE(chart.columns.bands.size() == 13);
    for (const auto& words : charts) {
        REQUIRE(words.size() == 140);
        for (std::size_t row = 0; row < 10; ++row) {
            INFO("row " << words[row * 14]);
            CHECK(chart.rows->bands[row].label == words[row * 14]);
            for (std::size_t column = 0; column < 13; ++column) {
                INFO("column " << column);
                CHECK(chart.cellAt(row, column).toString() == words[row * 14 + 1 + column]);
            }
        }
    }
}

TEST_CASE("a lookup says which cell it used", "[tables][chart]") {
    const Chart& chart = combatChart();
    const auto lookup = chart.lookup(11, 6);
    REQUIRE(lookup);
    CHECK(lookup->cell == ChartCell::ofNumber(2));
    CHECK(lookup->row == 3u);
    CHECK(lookup->column == 6u);
    CHECK(lookup->rowLabel == "10-12");
    CHECK(lookup->columnLabel == "6");
    CHECK(lookup->notes.empty());
}

TEST_CASE("12 or more counts as 12, less than 0 is a complete miss", "[tables][chart]") {
    // 003_524828208fa59482.txt, "FIRE AND MELEE COMBAT".
    const Chart& chart = combatChart();
    const auto high = chart.lookup(30, 15);
    REQUIRE(high);
    CHECK(high->cell.number == 6);
    CHECK(high->columnLabel == "12");
    CHECK(high->notes == std::vector<std::string>{"Any Modified Die Roll of \"12\" or more counts as \"12.\""});
    const auto low = chart.lookup(30, -1);
    REQUIRE(low);
    CHECK(low->cell.number == 0);
    CHECK_FALSE(low->column.has_value());
    CHECK(low->notes == std::vector<std::string>{"Any Modified Die Roll less than \"0\" counts as a complete miss."});
    // The bottom-left cell is not a miss: a 0 on 28-30 figures still kills 2.
    CHECK(chart.lookup(28, 0)->cell.number == 2);
}

TEST_CASE("values the chart has no row for are refused with a reason", "[tables][chart]") {
    const Chart& chart = combatChart();
    const auto tooMany = chart.lookup(31, 5);
    REQUIRE_FALSE(tooMany);
    CHECK(tooMany.error() == "figures 31 is above the chart (2-3 to 28-30)");
    const auto tooFew = chart.lookup(1, 5);
    REQUIRE_FALSE(tooFew);
    CHECK(tooFew.error() == "figures 1 is below the chart (2-3 to 28-30)");
    CHECK_FALSE(chart.lookup(std::nullopt, 5));
}

TEST_CASE("a d10 looked up through the chart gives exact casualty odds", "[tables][chart][odds]") {
    // A d10 read 0-9 plus 2 for point blank, 13 figures: columns 2..11 of row 13-15.
    const Distribution roll = DiceExpression::parse("d10z+2")->distribution();
    const auto casualties = combatChart().distribution(13, roll);
    REQUIRE(casualties);
    // Row 13-15 columns 2..11: 1 1 1 2 2 2 2 3 3 3.
    CHECK(casualties->probability(1) == Probability(3, 10));
    CHECK(casualties->probability(2) == Probability(4, 10));
    CHECK(casualties->probability(3) == Probability(3, 10));
    // With -4 for heavy cover four of the ten rolls fall below 0 and miss.
    const auto covered = combatChart().distribution(13, DiceExpression::parse("d10z-4")->distribution());
    REQUIRE(covered);
    CHECK(covered->probability(0) == Probability(5, 10)); // -4..-1 miss, 0 reads 0
    CHECK(covered->probability(1) == Probability(4, 10));
    CHECK(covered->probability(2) == Probability(1, 10));
}

TEST_CASE("a text chart: the movement variation die", "[tables][chart]") {
    // 002_7b20089435c2e4ae.txt, "The Variation": 6 adds 25%, 2-5 no change, 1 subtracts 25%.
    const Chart& variation = *engineExamples().findChart("movement-variation");
    CHECK_FALSE(variation.rows.has_value());
    CHECK(variation.lookup(std::nullopt, 1)->cell.text == "subtract 25% from the distance covered");
    CHECK(variation.lookup(std::nullopt, 4)->cell.text == "no change");
    CHECK(variation.lookup(std::nullopt, 6)->cell.text == "add 25% to the distance covered");
    CHECK(variation.lookup(std::nullopt, 3)->columnLabel == "2-5");
    CHECK_FALSE(variation.lookup(std::nullopt, 7));
    CHECK_FALSE(variation.distribution(std::nullopt, Distribution::uniform(1, 6)));
}

TEST_CASE("a fraction chart: eleven muskets at a Class I target on a 4", "[tables][fraction]") {
    // 004_96dc734b0b204b1c.txt, "Determining Hits": "eleven French Line (musket) fire at
    // figures which are a Class I target. A '4' is rolled ... the fraction '1/4' is found
    // ... Since eleven figures are firing, two hits are scoured."
    const Chart& chart = *engineExamples().findChart("musket-fire");
    const auto lookup = chart.lookup(1, 4);
    REQUIRE(lookup);
    CHECK(lookup->cell.kind == ChartCell::Kind::Fraction);
    CHECK(lookup->cell.toString() == "1/4");
    CHECK(lookup->columnLabel == "2-5");
    CHECK(fractionHits(lookup->cell.fraction, 11, chart.remainder) == Distribution::certain(2));
    CHECK(fractionHits(Fraction(1, 4), 11, Chart::Remainder::RoundUp) == Distribution::certain(3));
    const Distribution diced = fractionHits(Fraction(1, 4), 11, Chart::Remainder::DiceFor);
    CHECK(diced.probability(3) == Probability(3, 4)); // 3 figures left of 4
    CHECK(fractionHits(Fraction(1, 4), 12, Chart::Remainder::DiceFor) == Distribution::certain(3));
    CHECK(chart.lookup(4, 6)->cell.toString() == "1/7");
}
