// The refights' histograms as SVG text. Drawn by hand rather than through a plotting
// library: a few rectangles, lines and labels, in a fixed layout that reads at a glance.

#include "sandtable/refight_chart.h"

#include "sandtable/page_text.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <optional>
#include <sstream>

namespace sandtable {

namespace {

constexpr double kWidth = 960;
constexpr double kMargin = 24;
constexpr const char* kBar = "#5b7fa6";
constexpr const char* kReport = "#b22222";

std::string num(double value) {
    char text[32];
    std::snprintf(text, sizeof text, "%.1f", value);
    std::string out = text;
    if (out.ends_with(".0")) {
        out.resize(out.size() - 2);
    }
    return out;
}

class Svg {
public:
    void text(double x, double y, const std::string& words, double size = 12, const char* anchor = "start", const char* weight = "normal",
              const char* colour = "#222") {
        m_body << "<text x=\"" << num(x) << "\" y=\"" << num(y) << "\" font-size=\"" << num(size) << "\" text-anchor=\"" << anchor
               << "\" font-weight=\"" << weight << "\" fill=\"" << colour << "\">" << htmlEscaped(words) << "</text>\n";
    }
    void rect(double x, double y, double w, double h, const char* fill, const char* stroke = "none") {
        m_body << "<rect x=\"" << num(x) << "\" y=\"" << num(y) << "\" width=\"" << num(w) << "\" height=\"" << num(h) << "\" fill=\""
               << fill << "\" stroke=\"" << stroke << "\"/>\n";
    }
    void line(double x1, double y1, double x2, double y2, const char* colour, double width = 1, bool dashed = false) {
        m_body << "<line x1=\"" << num(x1) << "\" y1=\"" << num(y1) << "\" x2=\"" << num(x2) << "\" y2=\"" << num(y2) << "\" stroke=\""
               << colour << "\" stroke-width=\"" << num(width) << "\"" << (dashed ? " stroke-dasharray=\"4 3\"" : "") << "/>\n";
    }
    std::string document(double height) const {
        return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"" +
               num(kWidth) + "\" height=\"" + num(height) + "\" viewBox=\"0 0 " + num(kWidth) + " " + num(height) +
               "\" font-family=\"DejaVu Sans, sans-serif\">\n<rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>\n" + m_body.str() +
               "</svg>\n";
    }

private:
    std::ostringstream m_body;
};

/// Roughly how wide `text` is drawn at `size` (DejaVu Sans: a digit is about 0.64 of the
/// size, a letter about 0.6, bold a little wider): enough to keep labels apart.
double textWidth(const std::string& text, double size, bool bold = false) {
    return static_cast<double>(text.size()) * size * (bold ? 0.68 : 0.64);
}

/// One histogram in the box (x, y, w, h): a bar per value from `first`, the axis labelled
/// with every value, or every second, third... where the labels would crowd (a gap of a
/// digit at least between them), and the report's value, if any, as a red line over its
/// bar. The tallest bar's count goes at the top right where it leaves the title room.
void histogram(Svg& svg, double x, double y, double w, double h, const std::vector<std::size_t>& counts, int first,
               std::optional<int> reported, const std::string& title) {
    const double labelRoom = 16;
    const double plotHeight = h - labelRoom - 18;
    const double top = y + 18;
    svg.text(x, y + 12, title, 11, "start", "bold");
    svg.rect(x, top, w, plotHeight, "#f7f7f4", "#cccccc");
    const std::size_t peak = std::max<std::size_t>(1, counts.empty() ? 1 : *std::max_element(counts.begin(), counts.end()));
    const double slot = counts.empty() ? w : w / static_cast<double>(counts.size());
    const double leastGap = textWidth("0", 9); // a digit's width between two texts
    const std::string widest = std::to_string(first + static_cast<int>(counts.empty() ? 0 : counts.size() - 1));
    const double room = textWidth(widest, 9) + leastGap;
    const auto every = static_cast<std::size_t>(std::max(1.0, std::ceil(room / slot)));
    for (std::size_t i = 0; i < counts.size(); ++i) {
        const double barHeight = plotHeight * static_cast<double>(counts[i]) / static_cast<double>(peak);
        svg.rect(x + slot * static_cast<double>(i) + slot * 0.1, top + plotHeight - barHeight, slot * 0.8, barHeight, kBar);
        if (i % every == 0) {
            svg.text(x + slot * (static_cast<double>(i) + 0.5), top + plotHeight + 12, std::to_string(first + static_cast<int>(i)), 9,
                     "middle");
        }
    }
    // The tallest bar's count, over the plot's corner where no bar can hide it; left out of
    // a panel too narrow for it beside the title.
    const std::string most = std::to_string(peak) + (peak == 1 ? " game" : " games");
    if (textWidth(title, 11, true) + leastGap + textWidth(most, 9) <= w) {
        svg.text(x + w, y + 12, most, 9, "end", "normal", "#777");
    }
    if (reported && *reported >= first && *reported < first + static_cast<int>(counts.size())) {
        const double at = x + slot * (*reported - first + 0.5);
        svg.line(at, top - 2, at, top + plotHeight, kReport, 2, true);
    }
}

/// Each outcome's share as a bar with its 95% interval as a whisker, the report's outcome
/// in red.
void outcomes(Svg& svg, double x, double y, double w, const RefightSummary& summary) {
    svg.text(x, y + 12, "Outcome (share of games, 95% interval)", 11, "start", "bold");
    const double labelWidth = 150;
    const double barWidth = w - labelWidth - 110;
    double row = y + 26;
    for (const OutcomeCount& outcome : summary.outcomes) {
        if (outcome.side == "unfinished" && outcome.share.games == 0) {
            continue;
        }
        const bool reported =
            summary.reported &&
            (summary.reported->course.winner.empty() ? outcome.side == "draw" : outcome.side == summary.reported->course.winner);
        svg.text(x, row + 13, outcome.name, 11, "start", reported ? "bold" : "normal", reported ? kReport : "#222");
        svg.rect(x + labelWidth, row, barWidth, 18, "#f7f7f4", "#cccccc");
        svg.rect(x + labelWidth, row + 3, barWidth * outcome.share.share, 12, kBar);
        svg.line(x + labelWidth + barWidth * outcome.share.low, row + 9, x + labelWidth + barWidth * outcome.share.high, row + 9, "#222",
                 1.5);
        svg.line(x + labelWidth + barWidth * outcome.share.low, row + 4, x + labelWidth + barWidth * outcome.share.low, row + 14, "#222",
                 1.5);
        svg.line(x + labelWidth + barWidth * outcome.share.high, row + 4, x + labelWidth + barWidth * outcome.share.high, row + 14, "#222",
                 1.5);
        svg.text(x + labelWidth + barWidth + 6, row + 13, num(100 * outcome.share.share) + "%" + (reported ? ", the report's" : ""), 11,
                 "start", reported ? "bold" : "normal", reported ? kReport : "#222");
        row += 28;
    }
}

} // namespace

std::string refightChartSvg(const RefightSummary& summary) {
    Svg svg;
    double y = kMargin;
    svg.text(kMargin, y + 4, summary.scenario + ": " + std::to_string(summary.runs) + " refights", 16, "start", "bold");
    y += 14;
    std::string legend = "Blue bars: the refights (games).";
    if (summary.reported) {
        legend += " Red dashed line: the report.";
    }
    svg.text(kMargin, y + 10, legend, 11, "start", "normal", "#555");
    y += 22;

    // The end turn, turn 1 to the last any game (or the report) reached.
    int lastTurn = summary.endTurns.empty() ? 1 : summary.endTurns.rbegin()->first;
    std::optional<int> reportedEnd;
    if (summary.reported) {
        reportedEnd = summary.reported->course.endTurn;
        lastTurn = std::max(lastTurn, *reportedEnd);
    }
    std::vector<std::size_t> endCounts(static_cast<std::size_t>(std::max(lastTurn, 1)), 0);
    for (const auto& [turn, games] : summary.endTurns) {
        if (turn >= 1) {
            endCounts[static_cast<std::size_t>(turn - 1)] = games;
        }
    }
    histogram(svg, kMargin, y, 360, 170, endCounts, 1, reportedEnd, "The turn the battle ended in");
    outcomes(svg, kMargin + 420, y, kWidth - kMargin - (kMargin + 420), summary);
    y += 190;

    for (const SideSummary& side : summary.sides) {
        svg.text(kMargin, y + 12, side.name + ": units lost by the end of each turn (of " + std::to_string(side.unitsAtStart) + ")", 13,
                 "start", "bold");
        y += 20;
        const auto turns = static_cast<double>(std::max<std::size_t>(side.byTurn.size(), 1));
        const double gap = 10;
        const double panel = std::min(220.0, (kWidth - 2 * kMargin - gap * (turns - 1)) / turns);
        double x = kMargin;
        for (const TurnLosses& turn : side.byTurn) {
            // "turn 12" where the panel has room for it, else the number alone.
            const std::string number = std::to_string(turn.turn);
            const std::string title = textWidth("turn " + number, 11, true) <= panel ? "turn " + number : number;
            histogram(svg, x, y, panel, 130, turn.histogram, 0, turn.reported, title);
            x += panel + gap;
        }
        svg.text(kMargin, y + 142, "units lost", 9, "start", "normal", "#777");
        y += 152;
    }
    return svg.document(y + kMargin / 2);
}

} // namespace sandtable
