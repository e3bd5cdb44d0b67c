// The data against the rule text: every cell of the movement, firing, close into combat,
// close combat and morale charts against both printings (the pages, and the charts
// repeated at the end), the joker charts, the volley's suits, the crews, the breaching
// charts and the unit sizes; every citation a heading of the text; every ruling written
// down and tested; broken data refused where it is read.

#include "lshm_test_support.h"

#include <algorithm>
#include <catch2/catch.hpp>
#include <cctype>
#include <sstream>

using namespace lshmtest;

namespace {

const std::string& ruleText() {
    static const std::string text = readText(rulesDir() / textFile);
    return text;
}

std::vector<std::string> printings(const std::string& heading, std::size_t length = 2000) {
    return printingsIn(ruleText(), heading, length);
}

/// The text's words, split at white space.
std::vector<std::string> words(const std::string& text) {
    std::vector<std::string> found;
    std::istringstream in(text);
    for (std::string word; in >> word;) {
        found.push_back(word);
    }
    return found;
}

bool isWhole(const std::string& word) {
    return !word.empty() && std::all_of(word.begin(), word.end(), [](char c) { return std::isdigit(static_cast<unsigned char>(c)); });
}

/// The words that pass `keep`, in order.
template <class Keep> std::vector<std::string> wordsWhere(const std::string& text, Keep keep) {
    std::vector<std::string> found;
    for (const std::string& word : words(text)) {
        if (keep(word)) {
            found.push_back(word);
        }
    }
    return found;
}

/// The movement chart's cells in reading order: the number of "N Dice", or a lone "-".
std::vector<std::string> diceCells(const std::string& text) {
    const std::vector<std::string> all = words(text);
    std::vector<std::string> cells;
    for (std::size_t i = 0; i < all.size(); ++i) {
        if (all[i] == "-") {
            cells.push_back("-");
        } else if (isWhole(all[i]) && i + 1 < all.size() && all[i + 1] == "Dice") {
            cells.push_back(all[i]);
        }
    }
    return cells;
}

std::string diceText(const std::optional<int>& count) { return count ? std::to_string(*count) : "-"; }

} // namespace

TEST_CASE("ruleset.json loads and every citation is a heading of the rule text", "[lshm][data]") {
    auto parsed = lshm::parseData(readText(lshmDir() / "ruleset.json"), "ruleset.json");
    INFO((parsed ? "" : toString(parsed.error())));
    REQUIRE(parsed);
    forEachCitation(*parsed, [&](const Citation& citation) {
        INFO(citation.toString());
        CHECK(citation.file == textFile);
        CHECK(ruleText().find(citation.heading) != std::string::npos);
    });
    for (const Citation* source : {&parsed->typesSource, &parsed->formationsSource, &parsed->movementChartSource,
                                   &parsed->closeInChartSource, &parsed->moraleChartSource, &parsed->weaponsSource, &parsed->volleySource,
                                   &parsed->gunCrewsSource, &parsed->breachSource, &parsed->unitSizesSource}) {
        INFO(source->toString());
        CHECK(ruleText().find(source->heading) != std::string::npos);
    }
    CHECK(parsed->info.unit == MeasureUnit::Inch);
    CHECK(parsed->info.sourceFile == textFile);
}

TEST_CASE("every cell of the movement chart matches both printings", "[lshm][data][movement-chart]") {
    const auto found = printings("Troop Type Formation Cross Country On Road Charge Road Charge", 900);
    REQUIRE(found.size() == 2);
    std::vector<std::string> expected;
    for (const lshm::MovementRow& row : data().movementChart) {
        for (const auto& cell : {row.crossCountry, row.road, row.charge, row.roadCharge}) {
            expected.push_back(diceText(cell));
        }
    }
    REQUIRE(expected.size() == 64); // 16 lines of 4 columns
    for (const std::string& printing : found) {
        const std::string block =
            printing.substr(0, printing.find("Guerillas: Open Order") + std::string("Guerillas: Open Order 3 Dice 4 Dice 5 Dice -").size());
        // "N Dice" or a lone "-", in reading order: the Light line carries its March Column row.
        CHECK(diceCells(block) == expected);
    }
    // Rows the procedures read by name.
    CHECK(data().movement("light", "column")->crossCountry == 3);
    CHECK(data().movement("militia", "column")->charge == 3);
    CHECK(data().movement("militia", "column")->roadCharge == 4);
    CHECK_FALSE(data().movement("artillery", "limbered")->charge);
}

TEST_CASE("every fraction of the firing chart matches both printings, with each weapon's range", "[lshm][data][firing-chart]") {
    const auto found = printings("RANGE 1 2-5 6 1 2-5 6 1 2-5 6 1 2-5 6", 600);
    REQUIRE(found.size() == 2);
    const std::vector<std::pair<std::string, std::string>> weapons{
        {"MUSKET", "musket"}, {"RIFLE", "rifle"}, {"CARBINE", "carbine"}, {"PISTOL", "pistol"}, {"ART (Ball)", "ball"}};
    for (const std::string& printing : found) {
        for (const auto& [printed, id] : weapons) {
            INFO(printed);
            const auto at = printing.find("\n" + printed + " ");
            REQUIRE(at != std::string::npos);
            const std::string line = printing.substr(at + 1, printing.find('\n', at + 1) - at - 1);
            const std::vector<std::string> cells = wordsWhere(line, [](const std::string& w) { return w.rfind("1/", 0) == 0; });
            REQUIRE(cells.size() == 12);
            const lshm::Weapon& weapon = *data().weapon(id);
            const Chart& chart = data().chart(weapon.chart);
            for (int targetClass = 1; targetClass <= 4; ++targetClass) {
                int k = 0;
                for (const int die : {1, 3, 6}) {
                    const auto lookup = chart.lookup(targetClass, die);
                    REQUIRE(lookup);
                    CHECK(lookup->cell.toString() == cells[static_cast<std::size_t>((targetClass - 1) * 3 + k)]);
                    ++k;
                }
            }
            // The maximum range: the word before the first fraction ("12”", "0”-36").
            const std::vector<std::string> all = words(line);
            const auto first = std::find_if(all.begin(), all.end(), [](const std::string& w) { return w.rfind("1/", 0) == 0; });
            REQUIRE(first != all.begin());
            std::string range = *(first - 1);
            range = range.substr(range.rfind('-') == std::string::npos ? 0 : range.rfind('-') + 1);
            CHECK(weapon.maxRange == std::stod(range));
        }
        CHECK(printing.find("ART (GrapeShot) 0”-16”") != std::string::npos);
        CHECK(printing.find("(use musket chart. Double the normal number of hits)") != std::string::npos);
    }
    CHECK(data().weapon("grape")->chart == "fire-musket");
    CHECK(data().weapon("grape")->hitsMultiplier == 2);
    CHECK(data().weapon("grape")->maxRange == 16);
    CHECK_FALSE(data().weapon("grape")->halfRangeBonus);
    CHECK(data().weapon("musket")->cone == 30);
    CHECK(data().weapon("ball")->cone == 60);
    // Every band of every chart: 1, 2-5 and 6, a 7 counted as 6 (RULINGS.md, lshm-die-above-six).
    const Chart& musket = data().chart("fire-musket");
    for (int die = 2; die <= 5; ++die) {
        CHECK(musket.lookup(1, die)->cell.toString() == "1/4");
    }
    const auto seven = musket.lookup(1, 7);
    REQUIRE(seven);
    CHECK(seven->cell.toString() == "1/3");
    CHECK_FALSE(seven->notes.empty());
}

TEST_CASE("the book's worked example: eleven muskets at Class I rolling a 4 score 2 hits", "[lshm][data][firing-chart]") {
    const Chart& musket = data().chart("fire-musket");
    const auto lookup = musket.lookup(1, 4);
    REQUIRE(lookup);
    CHECK(lookup->cell.toString() == "1/4");
    CHECK(fractionHits(lookup->cell.fraction, 11, musket.remainder) == Distribution::certain(2));
}

TEST_CASE("every cell of the close into combat chart matches both printings", "[lshm][data][close-in-chart]") {
    const auto found = printings("TYPE OF COMBATANT W/Leader W/O Leader W/Leader W/O Leader", 400);
    REQUIRE(found.size() == 2);
    std::vector<std::string> expected;
    for (const lshm::CloseInRow& row : data().closeInChart) {
        for (const int top : {row.closeInWithLeader, row.closeInWithoutLeader, row.standWithLeader, row.standWithoutLeader}) {
            expected.push_back("1-" + std::to_string(top));
        }
    }
    REQUIRE(expected.size() == 24);
    for (const std::string& printing : found) {
        CHECK(wordsWhere(printing.substr(0, printing.find("Guerillas") + 25), [](const std::string& w) { return w.rfind("1-", 0) == 0; }) ==
              expected);
        CHECK(printing.find("Mounted (-4 if attacking a Square)") != std::string::npos);
    }
    CHECK(data().squarePenalty == 4);
}

TEST_CASE("every cell of the close combat chart matches both printings", "[lshm][data][close-combat-chart]") {
    const auto found = printings("Gren. Line Militia Light Mounted Gunners", 900);
    REQUIRE(found.size() == 2);
    const std::vector<std::string> columns{"grenadiers", "line", "militia", "light", "mounted", "gunners"};
    const std::vector<std::string> rows{"charging",
                                        "defending-open",
                                        "defending-close",
                                        "defending-square",
                                        "defending-linear",
                                        "defending-building",
                                        "uphill",
                                        "attacked-from-rear",
                                        "leader",
                                        "lance",
                                        "additional-opponent",
                                        "no-bayonet"};
    std::vector<std::string> expected;
    for (const std::string& row : rows) {
        for (const std::string& column : columns) {
            const Modifier* modifier = data().modifiers("close-combat-" + column).find(row);
            REQUIRE(modifier != nullptr);
            const auto add = modifier->amount.numerator();
            expected.push_back(add == 0 ? std::string("-") : (add > 0 ? "+" : "") + std::to_string(add));
        }
    }
    REQUIRE(expected.size() == 72);
    for (const std::string& printing : found) {
        const std::string block = printing.substr(0, printing.find("No bayonet -1 -1 -1 -1 - -1") + 28);
        CHECK(wordsWhere(block, [](const std::string& w) {
                  return w == "-" || ((w[0] == '+' || w[0] == '-') && w.size() == 2 && std::isdigit(static_cast<unsigned char>(w[1])));
              }) == expected);
    }
}

TEST_CASE("every number of the morale chart matches both printings", "[lshm][data][morale-chart]") {
    const auto found = printings("Troop type Moral number Moral number with leader Moral number without leader", 300);
    REQUIRE(found.size() == 2);
    std::vector<std::string> expected;
    for (const lshm::MoraleRow& row : data().moraleChart) {
        for (const int number : {row.major, row.withLeader, row.withoutLeader}) {
            expected.push_back(std::to_string(number));
        }
    }
    REQUIRE(expected.size() == 18);
    for (const std::string& printing : found) {
        CHECK(wordsWhere(printing.substr(0, printing.find("Guerillas") + 20), isWhole) == expected);
    }
}

TEST_CASE("the joker charts, the volley's suits, the crews and the unit sizes are as printed", "[lshm][data]") {
    const Chart& movement = data().chart("joker-movement");
    const std::vector<std::string> moves{"add-die", "no-move", "fall-back", "subtract-die", "heal", "charge"};
    const std::vector<std::string> printedMoves{"1. Add one Die",
                                                "2. Unit dose not move",
                                                "3. Fall back this turn, roll two D-6",
                                                "4. Subtract one D-6",
                                                "5. Lightly wounded troops in this unit are healed",
                                                "6. Declare and conduct a charge"};
    const Chart& fire = data().chart("joker-fire");
    const std::vector<std::string> fires{"half-figures", "double-hits", "two-shots", "smoke", "half-casualties", "plus-one"};
    const std::vector<std::string> printedFires{"(1) Unit is low on ammo and only fire’s ½",
                                                "2) Good shots! (Double the amount of hits",
                                                "(3) Units fire rate increased this turn 2 shots per figure",
                                                "(4) Smoke block’s vision",
                                                "(5) Unit aim is bad ½ casualties this turn (round up)",
                                                "(6) Good fire command, plus one to die roll"};
    for (int die = 1; die <= 6; ++die) {
        const auto i = static_cast<std::size_t>(die - 1);
        CHECK(movement.lookup(std::nullopt, die)->cell.text == moves[i]);
        CHECK(ruleText().find(printedMoves[i]) != std::string::npos);
        CHECK(fire.lookup(std::nullopt, die)->cell.text == fires[i]);
        CHECK(ruleText().find(printedFires[i]) != std::string::npos);
    }
    // SPECIAL RULES FOR FIRING 1: the suits by class.
    CHECK(ruleText().find("Hart and Diamonds = Killed, Clubs = Wounded, Spades = No hit") != std::string::npos);
    CHECK(data().volleyFor(1).hearts == "killed");
    CHECK(data().volleyFor(1).diamonds == "killed");
    CHECK(data().volleyFor(1).clubs == "wounded");
    CHECK(data().volleyFor(1).spades == "none");
    CHECK(ruleText().find("Heart = Killed, Diamond = Wounded. Spades and Clubs = No hit") != std::string::npos);
    CHECK(data().volleyFor(2).hearts == "killed");
    CHECK(data().volleyFor(2).diamonds == "wounded");
    CHECK(data().volleyFor(2).clubs == "none");
    CHECK(data().volleyFor(2).spades == "none");
    CHECK(ruleText().find("Heart and Diamond = Hit, Clubs and Spades = No hit") != std::string::npos);
    CHECK(data().volleyFor(3).hearts == "hit");
    CHECK(data().volleyFor(3).diamonds == "hit");
    CHECK(data().volleyFor(3).clubs == "none");
    CHECK(ruleText().find("Heart = Hit, Clubs, Diamond and Spades = No hit") != std::string::npos);
    CHECK(data().volleyFor(4).hearts == "hit");
    CHECK(data().volleyFor(4).diamonds == "none");
    // Special rule 3: a crew of four or more as twelve, three as nine, two as six.
    CHECK(ruleText().find("twelve figures firing with a crew of four figures or more, same as nine figures firing with a crew of three "
                          "figures, and the same as six figures firing with a crew of two figures") != std::string::npos);
    REQUIRE(data().gunCrews.size() == 3);
    CHECK((data().gunCrews[0].crew == 4 && data().gunCrews[0].figures == 12));
    CHECK((data().gunCrews[1].crew == 3 && data().gunCrews[1].figures == 9));
    CHECK((data().gunCrews[2].crew == 2 && data().gunCrews[2].figures == 6));
    for (const lshm::UnitSize& size : data().unitSizes) {
        CHECK(ruleText().find(size.printed) != std::string::npos);
    }
    CHECK(data().unitSizes[0].leaders + data().unitSizes[0].others == 12); // RULINGS.md, lshm-unit-size
}

TEST_CASE("every number of the breaching charts matches the text, shots and uninterrupted turns", "[lshm][data][breach]") {
    const auto found = printings("Door Window Masonry/Wood Wall Rock Wall", 400);
    REQUIRE(found.size() == 2);
    const auto rowsOf = [](const std::vector<lshm::BreachRow>& rows) {
        std::vector<std::string> numbers;
        for (const lshm::BreachRow& row : rows) {
            for (const int turns : row.turns) {
                numbers.push_back(std::to_string(turns));
            }
        }
        return numbers;
    };
    CHECK(wordsWhere(found[0].substr(0, found[0].find("Uninterrupted")), isWhole) == rowsOf(data().breach.shots));
    CHECK(wordsWhere(found[1].substr(0, found[1].find("Unit Sizes")), isWhole) == rowsOf(data().breach.work));
    for (const lshm::BreachRow& row : data().breach.work) {
        CHECK(found[1].find(row.printed + " ") != std::string::npos);
    }
    CHECK(ruleText().find("10 turn’s uninterrupted to dig a loophole") != std::string::npos);
    CHECK(data().breach.loopholeTurns == 10);
    CHECK(ruleText().find("7 turn’s uninterrupted if the figure is a Sapper") != std::string::npos);
    CHECK(data().breach.loopholeTurnsSapper == 7);
}

TEST_CASE("the two-reading gaps are options, the more likely reading the default", "[lshm][data]") {
    const std::map<std::string, std::pair<std::string, std::string>> options{
        {"hit-deck", {"one-deck", "separate-deck"}},    {"joker-hit", {"lost", "redraw"}},
        {"loser-high-die", {"no-result", "runs"}},      {"guerilla-column", {"militia", "light"}},
        {"volley-cards", {"per-firer", "per-target"}},  {"major-morale", {"per-unit", "per-side"}},
        {"two-shots", {"double-figures", "two-rolls"}}, {"grape-double", {"hits", "figures"}},
        {"defence-modifiers", {"best", "all"}}};
    for (const auto& [id, choices] : options) {
        INFO(id);
        const auto found = std::find_if(data().info.options.begin(), data().info.options.end(),
                                        [&](const RulesetOption& option) { return option.id == id; });
        REQUIRE(found != data().info.options.end());
        CHECK(found->defaultChoice == choices.first);
        CHECK(std::find(found->choices.begin(), found->choices.end(), choices.second) != found->choices.end());
    }
    const auto wounds = std::find_if(data().info.options.begin(), data().info.options.end(),
                                     [](const RulesetOption& option) { return option.id == "wounds"; });
    REQUIRE(wounds != data().info.options.end());
    CHECK(wounds->choices == std::vector<std::string>{"roll", "all-heavy", "all-light"});
}

TEST_CASE("every ruling is written down in RULINGS.md and named by a test", "[lshm][data]") {
    checkRulingsDocumented(data().rulings, lshmDir() / "RULINGS.md", testsDir(), "[", "]");
    CHECK(data().rulings.size() >= 39); // the inventory's 39 gaps, some ruled together, and more
}

TEST_CASE("broken data is refused where it is read, each problem with its place", "[lshm][data]") {
    const std::string good = readText(lshmDir() / "ruleset.json");
    const auto refusal = [&](const std::string& from, const std::string& to) { return parseRefusal(lshm::parseData, good, from, to); };
    CHECK(refusal("\"id\": \"no-bayonet\"", "\"id\": \"no-bayonets\"").find("\"no-bayonet\"") != std::string::npos);
    CHECK(refusal("\"smoke\"", "\"fog\"").find("/tables/joker-fire: cell \"fog\" is not one the procedures know") != std::string::npos);
    CHECK(refusal("\"clubs\": \"wounded\"", "\"clubs\": \"stunned\"").find("expected \"killed\", \"wounded\", \"hit\" or \"none\"") !=
          std::string::npos);
    CHECK(refusal("\"closeInRow\": \"militia\"", "\"closeInRow\": \"yeomanry\"").find("not a close-in row") != std::string::npos);
    CHECK(refusal("\"chart\": \"fire-rifle\"", "\"chart\": \"fire-rifles\"").find("which is not a chart") != std::string::npos);
    CHECK(refusal("\"turns\": [\n          3,", "\"turns\": [\n          3, 4,").find("one for each opening") != std::string::npos);
}
