// What a batch of refights shows: outcomes with their intervals, the end turn, each side's
// losses by turn, and the report's course set among them. Every figure is computed from
// the games alone, in run order, so a summary reproduces byte for byte from its seed.

#include "sandtable/refight_summary.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <nlohmann/json.hpp>
#include <sstream>

namespace sandtable {

namespace {

using Json = nlohmann::ordered_json;

/// A side's units lost by the end of `turn` in `losses` (cumulative; a game over before
/// that turn keeps its final figure).
int lostBy(const SideLosses& losses, int turn) {
    if (losses.unitsLostByTurn.empty()) {
        return 0;
    }
    const std::size_t index = std::min<std::size_t>(static_cast<std::size_t>(turn - 1), losses.unitsLostByTurn.size() - 1);
    return losses.unitsLostByTurn[index];
}

const SideLosses* sideIn(const RefightGame& game, const std::string& side) {
    const auto found = std::find_if(game.losses.begin(), game.losses.end(), [&](const SideLosses& lost) { return lost.side == side; });
    return found == game.losses.end() ? nullptr : &*found;
}

/// The nearest-rank percentile of a sorted sample (the smallest value at or above which
/// `percent` of the sample lies).
int percentileOf(const std::vector<int>& sorted, double percent) {
    if (sorted.empty()) {
        return 0;
    }
    const auto rank = static_cast<std::size_t>(std::ceil(percent / 100.0 * static_cast<double>(sorted.size())));
    return sorted[std::clamp<std::size_t>(rank, 1, sorted.size()) - 1];
}

Placement placementOf(const std::vector<int>& sample, int value) {
    Placement placement;
    if (sample.empty()) {
        return placement;
    }
    const auto n = static_cast<double>(sample.size());
    placement.below = static_cast<double>(std::count_if(sample.begin(), sample.end(), [&](int x) { return x < value; })) / n;
    placement.at = static_cast<double>(std::count(sample.begin(), sample.end(), value)) / n;
    placement.percentile = 100.0 * (placement.below + placement.at / 2);
    return placement;
}

double meanOf(const std::vector<int>& sample) {
    double sum = 0;
    for (const int x : sample) {
        sum += x;
    }
    return sample.empty() ? 0 : sum / static_cast<double>(sample.size());
}

std::string sideName(const Scenario& scenario, const std::string& id) {
    const Side* side = scenario.battle.findSide(id);
    return side == nullptr ? id : side->name;
}

/// A figure rounded for the files, so that a summary's JSON does not print 17 digits of
/// noise (and stays the same bytes wherever it is computed).
double rounded(double value, int digits = 4) {
    const double scale = std::pow(10.0, digits);
    return std::round(value * scale) / scale;
}

std::string fixed(double value, int digits) {
    char text[64];
    std::snprintf(text, sizeof text, "%.*f", digits, value);
    return text;
}

/// "1st", "62nd", "73rd", "11th": a percentile as a reader says it.
std::string ordinal(int number) {
    const int lastTwo = number % 100;
    const int last = number % 10;
    const char* suffix = (lastTwo >= 11 && lastTwo <= 13) ? "th" : last == 1 ? "st" : last == 2 ? "nd" : last == 3 ? "rd" : "th";
    return std::to_string(number) + suffix;
}

std::string percent(double share) { return fixed(100 * share, 1) + "%"; }

std::string shareText(const Share& share) {
    return percent(share.share) + " (" + std::to_string(share.games) + " of " + std::to_string(share.of) + "; 95% interval " +
           fixed(100 * share.low, 1) + "-" + percent(share.high) + ")";
}

std::string padded(const std::string& text, std::size_t width, bool right = false) {
    // Widths count characters, not bytes: a name with an accented letter has two-byte ones.
    std::size_t characters = 0;
    for (const char c : text) {
        characters += (static_cast<unsigned char>(c) & 0xC0) != 0x80 ? 1 : 0;
    }
    const std::string gap(width > characters ? width - characters : 0, ' ');
    return right ? gap + text : text + gap;
}

Json shareJson(const Share& share) {
    return {{"games", share.games},
            {"of", share.of},
            {"share", rounded(share.share)},
            {"low", rounded(share.low)},
            {"high", rounded(share.high)}};
}

Json placementJson(const Placement& placement) {
    return {{"below", rounded(placement.below)}, {"at", rounded(placement.at)}, {"percentile", rounded(placement.percentile, 1)}};
}

} // namespace

Share shareOf(std::size_t games, std::size_t of) {
    Share share{games, of};
    if (of == 0) {
        return share;
    }
    // Wilson's score interval at 95%.
    constexpr double z = 1.959963984540054;
    const auto n = static_cast<double>(of);
    const double p = static_cast<double>(games) / n;
    const double centre = (p + z * z / (2 * n)) / (1 + z * z / n);
    const double half = z / (1 + z * z / n) * std::sqrt(p * (1 - p) / n + z * z / (4 * n * n));
    share.share = p;
    // None or all of the games: the interval reaches 0 or 1 exactly, not a rounding short.
    share.low = games == 0 ? 0.0 : std::max(0.0, centre - half);
    share.high = games == of ? 1.0 : std::min(1.0, centre + half);
    return share;
}

RefightSummary summarizeRefights(const Scenario& scenario, const RefightPlan& plan, const std::vector<RefightGame>& games) {
    RefightSummary summary;
    summary.scenario = scenario.name;
    summary.firstSeed = plan.firstSeed;
    summary.runs = games.size();
    const std::size_t n = games.size();
    for (const Side& side : scenario.battle.sides) {
        const auto won =
            std::count_if(games.begin(), games.end(), [&](const RefightGame& game) { return game.over && game.winner == side.id; });
        summary.outcomes.push_back({side.id, side.name, shareOf(static_cast<std::size_t>(won), n)});
    }
    const auto drawn = std::count_if(games.begin(), games.end(), [](const RefightGame& game) { return game.over && game.winner.empty(); });
    summary.outcomes.push_back({"draw", "Draw", shareOf(static_cast<std::size_t>(drawn), n)});
    const auto unfinished = std::count_if(games.begin(), games.end(), [](const RefightGame& game) { return !game.over; });
    summary.outcomes.push_back({"unfinished", "Unfinished", shareOf(static_cast<std::size_t>(unfinished), n)});

    std::vector<int> endTurns;
    double actions = 0;
    for (const RefightGame& game : games) {
        endTurns.push_back(game.endTurn);
        ++summary.endTurns[game.endTurn];
        actions += static_cast<double>(game.actions);
    }
    std::sort(endTurns.begin(), endTurns.end());
    summary.meanEndTurn = meanOf(endTurns);
    summary.medianEndTurn = percentileOf(endTurns, 50);
    summary.meanActions = n == 0 ? 0 : actions / static_cast<double>(n);

    // Losses by turn up to the turn by which 95% of the battles had ended (or the report's
    // end, if later): past it the few long battles' losses no longer move the figures.
    const std::optional<ReportedCourse>& course = scenario.reportedCourse;
    int lastTurn = percentileOf(endTurns, 95);
    if (course) {
        lastTurn = std::max(lastTurn, course->endTurn);
    }
    for (const Side& side : scenario.battle.sides) {
        SideSummary lost{side.id, side.name};
        lost.unitsAtStart = static_cast<int>(std::count_if(scenario.battle.units.begin(), scenario.battle.units.end(),
                                                           [&](const Unit& unit) { return unit.side == side.id; }));
        std::size_t generalLost = 0;
        std::vector<int> finalLosses;
        for (const RefightGame& game : games) {
            const SideLosses* losses = sideIn(game, side.id);
            if (losses == nullptr) {
                continue;
            }
            lost.unitsAtStart = losses->unitsAtStart;
            finalLosses.push_back(losses->unitsAtStart - losses->unitsLeft);
            generalLost += std::any_of(losses->eliminated.begin(), losses->eliminated.end(),
                                       [](const UnitLoss& loss) { return loss.arm == Arm::Leader; })
                               ? 1
                               : 0;
        }
        lost.meanUnitsLost = meanOf(finalLosses);
        lost.generalLost = shareOf(generalLost, n);
        const ReportedLosses* reported = nullptr;
        if (course) {
            const auto found = std::find_if(course->losses.begin(), course->losses.end(),
                                            [&](const ReportedLosses& losses) { return losses.side == side.id; });
            reported = found == course->losses.end() ? nullptr : &*found;
        }
        for (int turn = 1; turn <= lastTurn; ++turn) {
            TurnLosses byTurn;
            byTurn.turn = turn;
            std::vector<int> sample;
            for (const RefightGame& game : games) {
                if (const SideLosses* losses = sideIn(game, side.id)) {
                    sample.push_back(lostBy(*losses, turn));
                }
            }
            byTurn.histogram.assign(static_cast<std::size_t>(std::max(lost.unitsAtStart, 0)) + 1, 0);
            for (const int units : sample) {
                const auto bin = static_cast<std::size_t>(std::clamp(units, 0, lost.unitsAtStart));
                ++byTurn.histogram[bin];
            }
            byTurn.mean = meanOf(sample);
            std::sort(sample.begin(), sample.end());
            byTurn.low = percentileOf(sample, 10);
            byTurn.median = percentileOf(sample, 50);
            byTurn.high = percentileOf(sample, 90);
            if (reported != nullptr && turn <= static_cast<int>(reported->unitsLostByTurn.size())) {
                byTurn.reported = reported->unitsLostByTurn[static_cast<std::size_t>(turn - 1)];
                byTurn.placement = placementOf(sample, *byTurn.reported);
            }
            lost.byTurn.push_back(std::move(byTurn));
        }
        summary.sides.push_back(std::move(lost));
    }

    if (course) {
        ReportedComparison compared{*course, course->winner.empty() ? "a draw" : sideName(scenario, course->winner)};
        const auto sameWinner = [&](const RefightGame& game) { return game.over && game.winner == course->winner; };
        const auto sameEnd = [&](const RefightGame& game) { return sameWinner(game) && game.endTurn == course->endTurn; };
        const auto sameLosses = [&](const RefightGame& game) {
            return std::all_of(course->losses.begin(), course->losses.end(), [&](const ReportedLosses& reported) {
                const SideLosses* losses = sideIn(game, reported.side);
                for (std::size_t turn = 1; turn <= reported.unitsLostByTurn.size(); ++turn) {
                    if (losses == nullptr || lostBy(*losses, static_cast<int>(turn)) != reported.unitsLostByTurn[turn - 1]) {
                        return false;
                    }
                }
                return true;
            });
        };
        compared.sameWinner = shareOf(static_cast<std::size_t>(std::count_if(games.begin(), games.end(), sameWinner)), n);
        compared.endTurn = placementOf(endTurns, course->endTurn);
        compared.sameWinnerAndEnd = shareOf(static_cast<std::size_t>(std::count_if(games.begin(), games.end(), sameEnd)), n);
        compared.sameCourse =
            shareOf(static_cast<std::size_t>(std::count_if(games.begin(), games.end(),
                                                           [&](const RefightGame& game) { return sameEnd(game) && sameLosses(game); })),
                    n);
        summary.reported = std::move(compared);
    }
    return summary;
}

std::string toText(const RefightSummary& summary) {
    std::ostringstream text;
    text << summary.scenario << ": " << summary.runs << " refight" << (summary.runs == 1 ? "" : "s")
         << ", the computer on every side, seeds " << summary.firstSeed << " to " << summary.firstSeed + summary.runs - 1 << "\n\n";
    text << padded("Outcome", 22) << padded("games", 7, true) << padded("share", 9, true) << "   95% interval\n";
    for (const OutcomeCount& outcome : summary.outcomes) {
        if (outcome.side == "unfinished" && outcome.share.games == 0) {
            continue;
        }
        text << padded(outcome.name, 22) << padded(std::to_string(outcome.share.games), 7, true)
             << padded(percent(outcome.share.share), 9, true) << "   " << fixed(100 * outcome.share.low, 1) << "-"
             << percent(outcome.share.high) << "\n";
    }
    text << "\nEnd turn: mean " << fixed(summary.meanEndTurn, 2) << ", median " << summary.medianEndTurn << "; mean "
         << fixed(summary.meanActions, 1) << " actions a game\n";
    for (const auto& [turn, games] : summary.endTurns) {
        text << "  turn " << padded(std::to_string(turn), 3, true) << padded(std::to_string(games), 8, true)
             << padded(percent(summary.runs == 0 ? 0 : static_cast<double>(games) / static_cast<double>(summary.runs)), 8, true) << "\n";
    }
    const bool reported = summary.reported.has_value();
    for (const SideSummary& side : summary.sides) {
        text << "\n" << side.name << " (" << side.unitsAtStart << " units): units lost by the end of each turn";
        text << " (a battle over sooner counts its losses at its end)\n";
        text << "  turn    mean   10%  median   90%" << (reported ? "  report  its percentile" : "") << "\n";
        for (const TurnLosses& turn : side.byTurn) {
            text << "  " << padded(std::to_string(turn.turn), 4, true) << padded(fixed(turn.mean, 2), 8, true)
                 << padded(std::to_string(turn.low), 6, true) << padded(std::to_string(turn.median), 8, true)
                 << padded(std::to_string(turn.high), 6, true);
            if (turn.reported) {
                text << padded(std::to_string(*turn.reported), 8, true) << padded(fixed(turn.placement->percentile, 0), 16, true);
            }
            text << "\n";
        }
        text << "  units lost by the end: mean " << fixed(side.meanUnitsLost, 2) << "; a general lost in " << shareText(side.generalLost)
             << "\n";
    }
    if (summary.reported) {
        const ReportedComparison& compared = *summary.reported;
        text << "\nThe report: " << compared.course.result << " ("
             << (compared.course.winner.empty() ? "a draw" : compared.winnerName + " won") << " in turn " << compared.course.endTurn
             << ")\n";
        text << "  " << compared.winnerName << (compared.course.winner.empty() ? " came about" : " won") << " in "
             << shareText(compared.sameWinner) << "\n";
        text << "  ending in turn " << compared.course.endTurn << ": at the "
             << ordinal(static_cast<int>(std::lround(compared.endTurn.percentile))) << " percentile of the end turns; "
             << percent(compared.endTurn.below) << " ended sooner, " << percent(compared.endTurn.at) << " then\n";
        text << "  the same winner in the same turn: " << shareText(compared.sameWinnerAndEnd) << "\n";
        text << "  the report's course exactly (winner, end turn and the losses of every turn): " << shareText(compared.sameCourse) << "\n";
        text << "  source: " << compared.course.source << "\n";
    }
    return text.str();
}

std::string toJsonText(const RefightSummary& summary) {
    Json json{{"scenario", summary.scenario}, {"firstSeed", summary.firstSeed}, {"runs", summary.runs}};
    Json outcomes = Json::array();
    for (const OutcomeCount& outcome : summary.outcomes) {
        outcomes.push_back({{"outcome", outcome.side}, {"name", outcome.name}, {"games", shareJson(outcome.share)}});
    }
    json["outcomes"] = outcomes;
    Json endTurns = Json::array();
    for (const auto& [turn, games] : summary.endTurns) {
        endTurns.push_back({{"turn", turn}, {"games", games}});
    }
    json["endTurn"] = {{"mean", rounded(summary.meanEndTurn)}, {"median", summary.medianEndTurn}, {"games", endTurns}};
    json["meanActions"] = rounded(summary.meanActions, 2);
    Json sides = Json::array();
    for (const SideSummary& side : summary.sides) {
        Json turns = Json::array();
        for (const TurnLosses& turn : side.byTurn) {
            Json entry{{"turn", turn.turn},     {"mean", rounded(turn.mean)}, {"p10", turn.low},
                       {"median", turn.median}, {"p90", turn.high},           {"histogram", turn.histogram}};
            if (turn.reported) {
                entry["reported"] = *turn.reported;
                entry["placement"] = placementJson(*turn.placement);
            }
            turns.push_back(entry);
        }
        sides.push_back({{"side", side.side},
                         {"name", side.name},
                         {"unitsAtStart", side.unitsAtStart},
                         {"meanUnitsLost", rounded(side.meanUnitsLost)},
                         {"generalLost", shareJson(side.generalLost)},
                         {"unitsLostByTurn", turns}});
    }
    json["sides"] = sides;
    if (summary.reported) {
        const ReportedComparison& compared = *summary.reported;
        json["reported"] = {{"winner", compared.course.winner.empty() ? std::string("draw") : compared.course.winner},
                            {"endTurn", compared.course.endTurn},
                            {"result", compared.course.result},
                            {"sameWinner", shareJson(compared.sameWinner)},
                            {"endTurnPlacement", placementJson(compared.endTurn)},
                            {"sameWinnerAndEndTurn", shareJson(compared.sameWinnerAndEnd)},
                            {"sameCourse", shareJson(compared.sameCourse)},
                            {"source", compared.course.source}};
    }
    return json.dump(2) + "\n";
}

std::string toJsonLine(const RefightGame& game) {
    Json json{{"run", game.run}, {"seed", game.seed}, {"over", game.over}};
    if (!game.over) {
        json["stopped"] = game.stopped;
    }
    json["winner"] = game.over && game.winner.empty() ? std::string("draw") : game.winner;
    json["result"] = game.result;
    json["endTurn"] = game.endTurn;
    json["actions"] = game.actions;
    Json sides = Json::array();
    for (const SideLosses& side : game.losses) {
        sides.push_back(toJson(side));
    }
    json["sides"] = sides;
    return json.dump() + "\n";
}

namespace {

std::string csvField(const std::string& text) {
    if (text.find_first_of(",\"\n\r") == std::string::npos) {
        return text;
    }
    std::string quoted = "\"";
    for (const char c : text) {
        quoted += c == '"' ? std::string("\"\"") : std::string(1, c);
    }
    return quoted + "\"";
}

} // namespace

std::string csvHeader(const Scenario& scenario) {
    std::string header = "run,seed,over,winner,end_turn,actions,result";
    for (const Side& side : scenario.battle.sides) {
        for (const char* column : {"units_lost", "bases_lost", "lost_by_turn", "generals_lost", "eliminated"}) {
            header += "," + csvField(side.id + "_" + column);
        }
    }
    return header + "\n";
}

std::string csvRow(const Scenario& scenario, const RefightGame& game) {
    std::string row = std::to_string(game.run) + "," + std::to_string(game.seed) + "," + (game.over ? "yes" : "no") + "," +
                      csvField(game.over && game.winner.empty() ? std::string("draw") : game.winner) + "," + std::to_string(game.endTurn) +
                      "," + std::to_string(game.actions) + "," + csvField(game.result);
    for (const Side& side : scenario.battle.sides) {
        const SideLosses* losses = sideIn(game, side.id);
        if (losses == nullptr) {
            row += ",,,,,";
            continue;
        }
        std::string byTurn;
        for (const int lost : losses->unitsLostByTurn) {
            byTurn += (byTurn.empty() ? "" : " ") + std::to_string(lost);
        }
        std::string eliminated;
        int generals = 0;
        for (const UnitLoss& loss : losses->eliminated) {
            eliminated += (eliminated.empty() ? "" : "; ") + loss.name + " (turn " + std::to_string(loss.turn) + ")";
            generals += loss.arm == Arm::Leader ? 1 : 0;
        }
        row += "," + std::to_string(losses->unitsAtStart - losses->unitsLeft) + "," +
               std::to_string(losses->basesAtStart - losses->basesLeft) + "," + byTurn + "," + std::to_string(generals) + "," +
               csvField(eliminated);
    }
    return row + "\n";
}

} // namespace sandtable
