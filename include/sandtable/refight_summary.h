#pragma once

#include "sandtable/refight.h"
#include "sandtable/scenario.h"

#include <cstddef>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace sandtable {

/// A share of the games, with its 95% Wilson score interval (a proportion's interval that
/// stays within 0..1 and means something for small samples and shares near 0 or 1).
struct Share {
    std::size_t games = 0;
    std::size_t of = 0;
    double share = 0;
    double low = 0;
    double high = 0;
};
Share shareOf(std::size_t games, std::size_t of);

/// How many games won by a side (or drawn: side empty, or not finished).
struct OutcomeCount {
    std::string side; // a side id; "draw"; "unfinished"
    std::string name; // the side's name; "Draw"; "Unfinished"
    Share share;
};

/// Where a reported figure falls among the refights': the share of games below it, at it,
/// and its mid-rank percentile (below + half of at, in per cent), which is 50 for a figure
/// at the median and near 0 or 100 for one the refights seldom reach.
struct Placement {
    double below = 0;
    double at = 0;
    double percentile = 0;
};

/// One side's units lost by the end of one turn across the games (a game that ended
/// earlier counts its losses at its end: they no longer change), and the report's figure
/// for that turn, if it gives one.
struct TurnLosses {
    int turn = 0;
    double mean = 0;
    int low = 0; // the 10th percentile
    int median = 0;
    int high = 0;                       // the 90th percentile
    std::vector<std::size_t> histogram; // games that had lost 0, 1, 2... units
    std::optional<int> reported;
    std::optional<Placement> placement;
};

struct SideSummary {
    std::string side;
    std::string name;
    int unitsAtStart = 0;
    double meanUnitsLost = 0;
    Share generalLost;              // games in which a leader of the side was eliminated
    std::vector<TurnLosses> byTurn; // turn 1 to the one by which 95% of the battles had ended, or the report's end if later
};

/// The report's outcome set beside the refights': how often its winner won, where its end
/// turn falls, and how often a refight went as it did (its winner and end turn; and its
/// winner, end turn and every reported side's losses at every turn).
struct ReportedComparison {
    ReportedCourse course;
    std::string winnerName;
    Share sameWinner;
    Placement endTurn;
    Share sameWinnerAndEnd;
    Share sameCourse;
};

/// What a batch of refights shows, in figures that depend only on the games (never on
/// their timing or threads), so the same seed gives the same summary byte for byte.
struct RefightSummary {
    std::string scenario;
    std::uint64_t firstSeed = 0;
    std::size_t runs = 0;
    std::vector<OutcomeCount> outcomes;
    std::map<int, std::size_t> endTurns; // games by the turn they ended in
    double meanEndTurn = 0;
    int medianEndTurn = 0;
    double meanActions = 0;
    std::vector<SideSummary> sides;
    std::optional<ReportedComparison> reported;
};

RefightSummary summarizeRefights(const Scenario& scenario, const RefightPlan& plan, const std::vector<RefightGame>& games);

/// The summary as a player reads it in a terminal.
std::string toText(const RefightSummary& summary);
/// The summary as JSON (docs/refights.md), two-space indented.
std::string toJsonText(const RefightSummary& summary);

/// One game as a line of JSON (JSON Lines), for a file of every game's result.
std::string toJsonLine(const RefightGame& game);
/// The header of the CSV of every game's result for `scenario`'s sides, and a game's row.
/// Losses by turn are written as one field, the turns' figures separated by spaces.
std::string csvHeader(const Scenario& scenario);
std::string csvRow(const Scenario& scenario, const RefightGame& game);

} // namespace sandtable
