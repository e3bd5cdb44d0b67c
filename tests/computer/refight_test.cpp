// Batches of refights: the same games whatever the threads, every game ended by the
// scenario's end rules, and the summary's figures checked against games made by hand.

#include "sandtable/refight.h"
#include "sandtable/refight_chart.h"
#include "sandtable/refight_summary.h"
#include "sandtable/ruleset_registry.h"
#include "sandtable/scenario.h"
#include "shipped_scenario.h"

#include <algorithm>
#include <catch2/catch.hpp>
#include <filesystem>
#include <map>

using namespace sandtable;
using Catch::Matchers::Contains;
using sandtable::test::shipped;

namespace {

std::string linesOf(const std::vector<RefightGame>& games) {
    std::string lines;
    for (const RefightGame& game : games) {
        lines += toJsonLine(game);
    }
    return lines;
}

/// Two sides of four units each, and a report: blue won in turn 3, having lost 0, 1, 1
/// units by the ends of turns 1-3 while red lost 1, 2, 4.
Scenario twoSides() {
    Scenario scenario;
    scenario.name = "Hand-made";
    scenario.battle.sides = {{"blue", "Blue", "#1f4e9c", ""}, {"red", "Red", "#b22222", ""}};
    for (const std::string side : {"blue", "red"}) {
        for (int i = 0; i < 4; ++i) {
            Unit unit;
            unit.id = side + std::to_string(i);
            unit.side = side;
            scenario.battle.units.push_back(unit);
        }
    }
    scenario.reportedCourse = ReportedCourse{"report.txt", "blue", 3, "Red fled", {{"blue", {0, 1, 1}}, {"red", {1, 2, 4}}}};
    return scenario;
}

RefightGame gameOf(std::size_t run, const std::string& winner, int endTurn, std::vector<int> blueLost, std::vector<int> redLost,
                   bool blueGeneralLost = false) {
    RefightGame game;
    game.run = run;
    game.seed = run + 1;
    game.over = true;
    game.winner = winner;
    game.endTurn = endTurn;
    game.actions = 10 * (run + 1);
    SideLosses blue{"blue", "Blue", 4, 4 - blueLost.back(), 8, 8 - 2 * blueLost.back(), blueLost, {}};
    if (blueGeneralLost) {
        blue.eliminated.push_back({"blue0", "General", endTurn, Arm::Leader});
    }
    SideLosses red{"red", "Red", 4, 4 - redLost.back(), 8, 8 - 2 * redLost.back(), redLost, {}};
    game.losses = {blue, red};
    return game;
}

} // namespace

TEST_CASE("Wilson intervals are the textbook's", "[refight][summary]") {
    const Share half = shareOf(50, 100);
    CHECK(half.share == Approx(0.5));
    CHECK(half.low == Approx(0.4038).margin(0.0001));
    CHECK(half.high == Approx(0.5962).margin(0.0001));
    const Share none = shareOf(0, 200);
    CHECK(none.low == 0);
    CHECK(none.high == Approx(0.01884).margin(0.0001));
    const Share all = shareOf(10, 10);
    CHECK(all.high == 1); // exactly: every game, so nothing above it
    CHECK(all.low == Approx(0.7225).margin(0.0001));
    CHECK(shareOf(0, 0).share == 0);
}

TEST_CASE("a summary of hand-made games: outcomes, end turns, losses by turn and the report among them", "[refight][summary]") {
    const Scenario scenario = twoSides();
    RefightPlan plan;
    plan.firstSeed = 1;
    // Four games: the report's course exactly; blue winning sooner; red winning in turn 4;
    // a draw in turn 2 (over sooner: its losses hold at turns 3 and 4).
    const std::vector<RefightGame> games{
        gameOf(0, "blue", 3, {0, 1, 1}, {1, 2, 4}),
        gameOf(1, "blue", 2, {1, 1}, {2, 4}, true),
        gameOf(2, "red", 4, {0, 2, 3, 4}, {0, 0, 1, 1}),
        gameOf(3, "", 2, {2, 2}, {2, 2}),
    };
    const RefightSummary summary = summarizeRefights(scenario, plan, games);
    REQUIRE(summary.outcomes.size() == 4);
    CHECK(summary.outcomes[0].side == "blue");
    CHECK(summary.outcomes[0].share.games == 2);
    CHECK(summary.outcomes[1].share.games == 1);
    CHECK(summary.outcomes[2].side == "draw");
    CHECK(summary.outcomes[2].share.games == 1);
    CHECK(summary.outcomes[3].share.games == 0);
    CHECK(summary.endTurns == std::map<int, std::size_t>{{2, 2}, {3, 1}, {4, 1}});
    CHECK(summary.meanEndTurn == Approx(2.75));
    CHECK(summary.medianEndTurn == 2); // nearest rank: the 2nd of 2, 2, 3, 4
    CHECK(summary.meanActions == Approx(25));

    REQUIRE(summary.sides.size() == 2);
    const SideSummary& blue = summary.sides[0];
    CHECK(blue.unitsAtStart == 4);
    CHECK(blue.generalLost.games == 1);
    REQUIRE(blue.byTurn.size() == 4);
    // Turn 3: the games' figures are 1, 1 (held from turn 2), 3, 2 (held).
    const TurnLosses& third = blue.byTurn[2];
    CHECK(third.mean == Approx(7.0 / 4));
    CHECK(third.histogram == std::vector<std::size_t>{0, 2, 1, 1, 0});
    CHECK(third.low == 1);
    CHECK(third.median == 1);
    CHECK(third.high == 3);
    REQUIRE(third.reported);
    CHECK(*third.reported == 1);
    // Reported 1: none below, half at it: the 25th percentile.
    CHECK(third.placement->below == 0);
    CHECK(third.placement->at == Approx(0.5));
    CHECK(third.placement->percentile == Approx(25));
    CHECK_FALSE(blue.byTurn[3].reported); // the report ended in turn 3
    CHECK(blue.meanUnitsLost == Approx((1 + 1 + 4 + 2) / 4.0));

    REQUIRE(summary.reported);
    CHECK(summary.reported->sameWinner.games == 2);
    CHECK(summary.reported->sameWinnerAndEnd.games == 1);
    CHECK(summary.reported->sameCourse.games == 1);
    // End turn 3: two games ended sooner, one then: (2 + 0.5) / 4.
    CHECK(summary.reported->endTurn.percentile == Approx(62.5));

    const std::string text = toText(summary);
    CHECK_THAT(text, Contains("Hand-made: 4 refights"));
    CHECK_THAT(text, Contains("the same winner in the same turn: 25.0% (1 of 4;"));
    CHECK_THAT(toJsonText(summary), Contains(R"("sameCourse": {)"));
}

TEST_CASE("the CSV of games has a column for each field, quoted where a field needs it", "[refight][files]") {
    const Scenario scenario = twoSides();
    RefightGame game = gameOf(0, "blue", 3, {0, 1, 1}, {1, 2, 4}, true);
    game.result = "Blue wins, \"at last\"";
    const std::string header = csvHeader(scenario);
    const std::string row = csvRow(scenario, game);
    CHECK(header == "run,seed,over,winner,end_turn,actions,result,blue_units_lost,blue_bases_lost,blue_lost_by_turn,blue_generals_lost,"
                    "blue_eliminated,red_units_lost,red_bases_lost,red_lost_by_turn,red_generals_lost,red_eliminated\n");
    CHECK(row == "0,1,yes,blue,3,10,\"Blue wins, \"\"at last\"\"\",1,2,0 1 1,1,General (turn 3),4,8,1 2 4,0,\n");
    CHECK_THAT(toJsonLine(game), Contains(R"("generalsLost":1)"));
    CHECK(toJsonLine(game).find('\n') == toJsonLine(game).size() - 1);
}

TEST_CASE("a batch gives the same games on one thread or two, each as played alone, each ended", "[refight][batch]") {
    const Scenario scenario = shipped("einsamenhugel-battle.json");
    RefightPlan plan;
    plan.runs = 6;
    plan.firstSeed = 40;
    plan.jobs = 1;
    std::size_t lastDone = 0;
    auto one = refight(scenario, makeRuleset, plan, [&](std::size_t done, std::size_t runs) {
        CHECK(done == lastDone + 1);
        CHECK(runs == 6);
        lastDone = done;
    });
    REQUIRE(one);
    CHECK(lastDone == 6);
    plan.jobs = 2;
    auto two = refight(scenario, makeRuleset, plan);
    REQUIRE(two);
    REQUIRE(one->size() == 6);
    CHECK(linesOf(*one) == linesOf(*two));
    CHECK(toJsonText(summarizeRefights(scenario, plan, *one)) == toJsonText(summarizeRefights(scenario, plan, *two)));
    for (const RefightGame& game : *one) {
        INFO("run " << game.run);
        CHECK(game.seed == 40 + game.run);
        CHECK(game.over);
        // The scenario concedes at 7 units lost, so no side that lost more than the
        // concession allows played on past the turn it reached it.
        for (const SideLosses& side : game.losses) {
            REQUIRE(static_cast<int>(side.unitsLostByTurn.size()) == game.endTurn);
            for (std::size_t turn = 0; turn + 1 < side.unitsLostByTurn.size(); ++turn) {
                CHECK(side.unitsLostByTurn[turn] < 7);
            }
        }
    }
    auto alone = refightOnce(scenario, makeRuleset, plan, 43);
    REQUIRE(alone);
    RefightGame third = std::move(alone).value();
    third.run = 3;
    CHECK(toJsonLine(third) == toJsonLine((*one)[3]));
}

TEST_CASE("a batch stops when cancelled, and a scenario that cannot start says so once", "[refight][batch]") {
    Scenario scenario = shipped("einsamenhugel-battle.json");
    RefightPlan plan;
    plan.runs = 50;
    std::atomic<bool> cancel{false};
    auto some = refight(
        scenario, makeRuleset, plan, [&](std::size_t done, std::size_t) { cancel = done >= 2; }, &cancel);
    REQUIRE(some);
    CHECK(some->size() == 2);
    CHECK((*some)[1].run == 1);

    scenario.rulesetId = "no-such-rules";
    auto refused = refight(scenario, makeRuleset, plan);
    REQUIRE_FALSE(refused);
    CHECK_THAT(refused.error(), Contains("no-such-rules"));
}

TEST_CASE("a game that reaches the action limit is unfinished and says why", "[refight][batch]") {
    const Scenario scenario = shipped("einsamenhugel-battle.json");
    RefightPlan plan;
    plan.actionLimit = 5;
    auto cut = refightOnce(scenario, makeRuleset, plan, 1);
    REQUIRE(cut);
    CHECK_FALSE(cut->over);
    CHECK(cut->actions == 5);
    CHECK(cut->stopped == "the battle had not ended after 5 actions");
    const RefightSummary summary = summarizeRefights(scenario, plan, {*cut});
    CHECK(summary.outcomes.back().side == "unfinished");
    CHECK(summary.outcomes.back().share.games == 1);
    CHECK_THAT(toJsonLine(*cut), Contains(R"("stopped":"the battle had not ended after 5 actions")"));
}

TEST_CASE("the chart draws each histogram, and the report's figure on each it gives", "[refight][chart]") {
    const Scenario scenario = twoSides();
    RefightPlan plan;
    const std::vector<RefightGame> games{gameOf(0, "blue", 3, {0, 1, 1}, {1, 2, 4}), gameOf(1, "red", 4, {0, 2, 3, 4}, {0, 0, 1, 1})};
    const std::string svg = refightChartSvg(summarizeRefights(scenario, plan, games));
    CHECK(svg.starts_with("<?xml"));
    CHECK(svg.ends_with("</svg>\n"));
    const auto count = [&svg](const std::string& what) {
        std::size_t found = 0;
        for (auto at = svg.find(what); at != std::string::npos; at = svg.find(what, at + 1)) {
            ++found;
        }
        return found;
    };
    // Histograms: the end turn, and four turns for each of two sides.
    CHECK(count("font-weight=\"bold\" fill=\"#222\">turn ") == 8);
    // The report's line: on the end turn and on each side's three reported turns.
    CHECK(count("stroke=\"#b22222\" stroke-width=\"2\" stroke-dasharray") == 1 + 3 + 3);
    CHECK_THAT(svg, Contains("50%, the report's"));
}

TEST_CASE("a long battle's narrow panels keep their axis labels and titles apart", "[refight][chart]") {
    // Eighteen turns of a side of fourteen units: each panel is about 40 wide, with fifteen
    // values (0 to 14) under it, as Einsamenhügel's refights draw them.
    Scenario scenario = twoSides();
    scenario.reportedCourse.reset();
    RefightPlan plan;
    std::vector<RefightGame> games;
    for (std::size_t run = 0; run < 20; ++run) {
        std::vector<int> lost;
        for (int turn = 1; turn <= 18; ++turn) {
            lost.push_back(std::min(14, turn * static_cast<int>(run % 5) / 4));
        }
        RefightGame game = gameOf(run, "red", 18, {0}, {0});
        game.losses = {SideLosses{"blue", "Blue", 14, 14 - lost.back(), 28, 28 - 2 * lost.back(), lost, {}},
                       SideLosses{"red", "Red", 14, 14, 28, 28, std::vector<int>(18, 0), {}}};
        games.push_back(game);
    }
    const std::string svg = refightChartSvg(summarizeRefights(scenario, plan, games));
    // Every text as drawn: where it starts or centres, its size, anchor, weight and words.
    struct Text {
        double x = 0;
        double y = 0;
        double size = 0;
        std::string anchor;
        std::string weight;
        std::string words;
    };
    std::vector<Text> texts;
    const auto attribute = [](const std::string& element, const std::string& name) {
        const std::size_t at = element.find(" " + name + "=\"") + name.size() + 3;
        return element.substr(at, element.find('"', at) - at);
    };
    for (std::size_t at = svg.find("<text "); at != std::string::npos; at = svg.find("<text ", at + 1)) {
        const std::string element = svg.substr(at, svg.find("</text>", at) - at);
        texts.push_back({std::stod(attribute(element, "x")), std::stod(attribute(element, "y")), std::stod(attribute(element, "font-size")),
                         attribute(element, "text-anchor"), attribute(element, "font-weight"), element.substr(element.find('>') + 1)});
    }
    // How wide DejaVu Sans draws them, at most: a digit is 0.64 of the size, bold 0.68.
    const auto width = [](const Text& text) {
        return static_cast<double>(text.words.size()) * text.size * (text.weight == "bold" ? 0.68 : 0.64);
    };
    const auto left = [&](const Text& text) { return text.anchor == "middle" ? text.x - width(text) / 2 : text.x; };
    std::map<double, std::vector<Text>> rows;
    for (const Text& text : texts) {
        rows[text.y].push_back(text);
    }
    std::size_t axisLabels = 0;
    std::size_t titles = 0;
    for (auto& [y, row] : rows) {
        std::sort(row.begin(), row.end(), [&](const Text& a, const Text& b) { return left(a) < left(b); });
        for (std::size_t i = 0; i + 1 < row.size(); ++i) {
            INFO("at y " << y << ": \"" << row[i].words << "\" and \"" << row[i + 1].words << "\"");
            CHECK(left(row[i]) + width(row[i]) <= left(row[i + 1]));
        }
        for (const Text& text : row) {
            axisLabels += text.size == 9 && text.anchor == "middle" ? 1 : 0;
            titles += text.weight == "bold" && text.size == 11 ? 1 : 0;
        }
    }
    // Each of the 36 panels is labelled at least at its first and its middle value, and
    // titled; so is the end turn's.
    CHECK(axisLabels >= 2 * 36);
    CHECK(titles == 36 + 1 + 1);
}

TEST_CASE("losses by turn stop at the turn by which 95% of battles had ended, and percentiles read as ordinals", "[refight][summary]") {
    Scenario scenario = twoSides();
    scenario.reportedCourse->endTurn = 2;
    scenario.reportedCourse->losses = {{"blue", {0, 1}}};
    RefightPlan plan;
    std::vector<RefightGame> games;
    // Nineteen battles over in turn 2 and one that went on to turn 9.
    for (std::size_t run = 0; run < 19; ++run) {
        games.push_back(gameOf(run, "blue", 2, {0, 1}, {1, 4}));
    }
    games.push_back(gameOf(19, "red", 9, {0, 1, 1, 1, 1, 1, 1, 1, 4}, {1, 1, 1, 1, 1, 1, 1, 1, 1}));
    const RefightSummary summary = summarizeRefights(scenario, plan, games);
    CHECK(summary.sides[0].byTurn.size() == 2);
    CHECK(summary.endTurns.rbegin()->first == 9);
    // The report's end turn 2: none sooner, 19 of 20 then: the 48th percentile (47.5).
    CHECK(summary.reported->endTurn.percentile == Approx(47.5));
    CHECK_THAT(toText(summary), Contains("at the 48th percentile of the end turns"));
    games.resize(1);
    games.push_back(gameOf(1, "blue", 1, {0}, {4}));
    games.push_back(gameOf(2, "blue", 1, {0}, {4}));
    // Two of three sooner, one then: 83.3 -> the 83rd.
    CHECK_THAT(toText(summarizeRefights(scenario, plan, games)), Contains("at the 83rd percentile"));
}

TEST_CASE("a battle ended by its turn limit ends in its last turn, though the ruleset opened the next", "[refight][batch]") {
    const Scenario scenario = shipped("ozz-winkie-border.json");
    RefightPlan plan;
    plan.level = ComputerLevel::Basic;
    // Seed 26 at the basic level plays The Wars of Ozz's eight turns to their end (its
    // points victory).
    auto played = refightOnce(scenario, makeRuleset, plan, 26);
    REQUIRE(played);
    CHECK_THAT(played->result, Contains("after 8 turns"));
    CHECK(played->endTurn == 8);
    for (const SideLosses& side : played->losses) {
        CHECK(side.unitsLostByTurn.size() == 8);
        CHECK(side.unitsLostByTurn.back() == side.unitsAtStart - side.unitsLeft);
    }
}
