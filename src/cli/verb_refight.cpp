// The refight verb: a scenario played many times by the computer on every core, each
// game's result written as JSON Lines or CSV, and a summary (with the report's course set
// beside it) as text, JSON and a chart.

#include "level_argument.h"
#include "printed_pages.h"
#include "sandtable/refight.h"
#include "sandtable/refight_chart.h"
#include "sandtable/refight_summary.h"
#include "sandtable/ruleset_registry.h"
#include "sandtable/scenario.h"
#include "svg_image.h"
#include "verb.h"
#include "whole_number_argument.h"

#include <chrono>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <ostream>
#include <thread>
#include <unistd.h>

namespace sandtable::cli {

namespace {

std::string extensionOf(const std::string& path) {
    std::string extension = std::filesystem::path(path).extension().string();
    for (char& c : extension) {
        c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    }
    return extension;
}

void writeText(const std::string& path, const std::string& text) {
    if (const std::string problem = writeFileAtomically(path, text); !problem.empty()) {
        throw UsageError(problem);
    }
}

/// Progress on the terminal: a bar redrawn in place when stderr is one, else a line at
/// each tenth (for logs), with the games a second and the time left.
class ProgressLine {
public:
    explicit ProgressLine(std::ostream& err) : m_err(err), m_terminal(isatty(STDERR_FILENO) == 1), m_start(Clock::now()) {}

    void operator()(std::size_t done, std::size_t runs) {
        const std::size_t tenth = runs >= 10 ? runs / 10 : 1;
        if (!m_terminal && done != runs && done % tenth != 0) {
            return;
        }
        const double seconds = std::chrono::duration<double>(Clock::now() - m_start).count();
        const double rate = seconds > 0 ? static_cast<double>(done) / seconds : 0;
        const double left = rate > 0 ? static_cast<double>(runs - done) / rate : 0;
        constexpr int width = 30;
        const int filled = static_cast<int>(width * done / std::max<std::size_t>(runs, 1));
        char line[160];
        if (done == runs) {
            std::snprintf(line, sizeof line, "refight [%s] %zu/%zu games, %.1f a second, took %.1f s", std::string(width, '#').c_str(),
                          done, runs, rate, seconds);
        } else {
            const std::string remaining =
                left < 1 ? std::string("under a second") : "about " + std::to_string(static_cast<int>(std::ceil(left))) + " s";
            std::snprintf(line, sizeof line, "refight [%s%s] %zu/%zu games, %.1f a second, %s left", std::string(filled, '#').c_str(),
                          std::string(width - filled, '.').c_str(), done, runs, rate, remaining.c_str());
        }
        m_err << (m_terminal ? "\r" : "") << line << (m_terminal && done != runs ? "" : "\n") << std::flush;
    }

private:
    using Clock = std::chrono::steady_clock;
    std::ostream& m_err;
    bool m_terminal;
    Clock::time_point m_start;
};

} // namespace

int runRefight(const VerbArguments& args, std::ostream& out) {
    const std::string scenarioPath = args.single("a scenario file");
    auto scenario = loadScenario(scenarioPath);
    if (!scenario) {
        throw UsageError("cannot read the scenario:\n" + toString(scenario.error()));
    }
    RefightPlan plan;
    plan.runs = wholeNumberArgument(args, "--runs", 100, 1, 1000000, "a number of games");
    const unsigned cores = std::max(1u, std::thread::hardware_concurrency());
    plan.jobs = static_cast<unsigned>(wholeNumberArgument(args, "--jobs", cores, 1, 256, "a number of threads"));
    plan.firstSeed = wholeNumberArgument(args, "--seed", 1, 0, UINT64_MAX - plan.runs, "the first game's seed");
    plan.actionLimit = wholeNumberArgument(args, "--max-actions", plan.actionLimit, 1, 10000000, "a number of actions");
    const LevelArgument levels = levelArgument(args, scenario->battle);
    plan.level = levels.level;
    plan.levels = levels.bySide;
    const std::optional<std::string> results = args.value("--results");
    const std::optional<std::string> summaryPath = args.value("--summary");
    const std::optional<std::string> chartPath = args.value("--chart");
    // Refuse a file it cannot write before the games, not after them.
    if (results && extensionOf(*results) != ".jsonl" && extensionOf(*results) != ".csv") {
        throw UsageError("--results: name a .jsonl file (a JSON object a game) or a .csv file, not \"" + *results + "\"");
    }
    if (summaryPath && extensionOf(*summaryPath) != ".json") {
        throw UsageError("--summary: name a .json file, not \"" + *summaryPath + "\"");
    }
    if (chartPath && extensionOf(*chartPath) != ".svg" && extensionOf(*chartPath) != ".png") {
        throw UsageError("--chart: name an .svg or .png file, not \"" + *chartPath + "\"");
    }

    ProgressLine progress(std::cerr);
    auto games = refight(*scenario, makeRuleset, plan, args.has("--quiet") ? RefightProgress() : RefightProgress(std::ref(progress)));
    if (!games) {
        throw UsageError(std::filesystem::path(scenarioPath).filename().string() + ": " + games.error());
    }
    const RefightSummary summary = summarizeRefights(*scenario, plan, *games);
    if (results) {
        std::string text = extensionOf(*results) == ".csv" ? csvHeader(*scenario) : std::string();
        for (const RefightGame& game : *games) {
            text += extensionOf(*results) == ".csv" ? csvRow(*scenario, game) : toJsonLine(game);
        }
        writeText(*results, text);
    }
    if (summaryPath) {
        writeText(*summaryPath, toJsonText(summary));
    }
    if (chartPath) {
        const std::string svg = refightChartSvg(summary);
        if (extensionOf(*chartPath) == ".svg") {
            writeText(*chartPath, svg);
        } else {
            print::ensureGuiForPrinting();
            if (const auto problem = print::writeSvgAsPng(QByteArray::fromStdString(svg), QString::fromStdString(*chartPath))) {
                throw UsageError(problem->toStdString());
            }
        }
    }
    out << (args.has("--json") ? toJsonText(summary) : toText(summary));
    const bool unfinished = std::any_of(games->begin(), games->end(), [](const RefightGame& game) { return !game.over; });
    return unfinished ? 3 : 0;
}

} // namespace sandtable::cli
