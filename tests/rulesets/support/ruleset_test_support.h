#pragma once

// What every ruleset's tests need: read a file, apply a resolution, read its trace, find
// the seed that gives an outcome, and check that each ruling is written down and tested.

#include "sandtable/kit/ruleset_data.h"

#include "sandtable/battle.h"
#include "sandtable/dice_stream.h"
#include "sandtable/ruleset.h"

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

namespace rulesettest {

using namespace sandtable;

inline std::string readText(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

inline Battle applied(Battle battle, const Resolution& resolution) {
    for (const Event& event : resolution.events) {
        applyEvent(battle, event);
    }
    return battle;
}

/// Every line of the trace as text, joined, for "did this happen" checks.
inline std::string traceText(const Resolution& resolution) {
    std::string text;
    for (const std::string& line : toText(resolution.trace)) {
        text += line + "\n";
    }
    return text;
}

inline bool rulingShown(const Resolution& resolution, const std::string& id) {
    for (const TraceStep& step : resolution.trace.steps()) {
        if (const auto* ruling = std::get_if<trace::Ruling>(&step.detail); ruling != nullptr && ruling->id == id) {
            return true;
        }
    }
    return false;
}

/// Resolves with seeds 0, 1, 2... until `wanted` holds, so a test can reach each outcome
/// with real dice. Returns the seed, or -1 if none of the first `tries` gives it.
template <class Wanted>
int findSeed(const Ruleset& ruleset, const Battle& battle, const Action& action, Wanted wanted, Resolution& found,
             int tries = 3000) {
    for (int seed = 0; seed < tries; ++seed) {
        DiceStream dice(static_cast<std::uint64_t>(seed));
        Resolution resolution = ruleset.resolve(battle, action, dice);
        if (resolution.refusal.empty() && wanted(resolution)) {
            found = std::move(resolution);
            return seed;
        }
    }
    return -1;
}

/// Calls `check` with every citation of the data: each table's, each modifier's own, each
/// range band's and each ruling's.
template <class Check> void forEachCitation(const kit::RulesetData& data, Check check) {
    for (const Chart& chart : data.tables.charts) {
        check(chart.source);
    }
    for (const ModifierList& list : data.tables.modifierLists) {
        check(list.source);
        for (const Modifier& modifier : list.modifiers) {
            if (!modifier.source.empty()) {
                check(modifier.source);
            }
        }
    }
    for (const RangeBands& bands : data.tables.rangeBands) {
        check(bands.source);
    }
    for (const kit::RulingText& ruling : data.rulings) {
        check(ruling.interprets);
    }
}

/// A rectangle of terrain from (x0, y0) to (x1, y1) in the ruleset's unit, `mm` millimetres
/// to one.
inline TerrainArea rectangleArea(AreaType type, double x0, double y0, double x1, double y1, int level, double mm) {
    TerrainArea area;
    area.id = "area-" + std::to_string(static_cast<int>(x0)) + "-" + std::to_string(level);
    area.name = toString(type);
    area.type = type;
    area.level = level;
    area.outline = Polygon{{Point(x0 * mm, y0 * mm), Point(x0 * mm, y1 * mm), Point(x1 * mm, y1 * mm), Point(x1 * mm, y0 * mm),
                            Point(x0 * mm, y0 * mm)}};
    return area;
}

/// A straight line of terrain from (x0, y0) to (x1, y1), as rectangleArea measures.
inline TerrainLine straightLine(LineType type, double x0, double y0, double x1, double y1, double mm) {
    TerrainLine line;
    line.id = "line";
    line.name = toString(type);
    line.type = type;
    line.path = Path{Point(x0 * mm, y0 * mm), Point(x1 * mm, y1 * mm)};
    return line;
}

/// Each ruling has its section in RULINGS.md and a test whose name contains `id` followed
/// by `marker` ("[ozz-hits]" with marker "]" and prefix "[", or "ein-terrain:").
inline void checkRulingsDocumented(const std::vector<kit::RulingText>& rulings, const std::filesystem::path& rulingsFile,
                                   const std::filesystem::path& testsDir, const std::string& prefix, const std::string& marker) {
    const std::string written = readText(rulingsFile);
    std::string tests;
    for (const auto& entry : std::filesystem::directory_iterator(testsDir)) {
        if (entry.path().extension() == ".cpp") {
            tests += readText(entry.path());
        }
    }
    for (const kit::RulingText& ruling : rulings) {
        INFO(ruling.id);
        CHECK(written.find("## " + ruling.id + "\n") != std::string::npos);
        CHECK(tests.find(prefix + ruling.id + marker) != std::string::npos);
    }
}

} // namespace rulesettest
