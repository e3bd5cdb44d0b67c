#pragma once

#include "ozz_step.h"
#include "sandtable/ruleset.h"

#include <map>
#include <string>
#include <vector>

namespace sandtable::ozz {

/// What a Test of Resolve or Elan is about: which chart and row, and the things around
/// it that shift the column.
struct TestSituation {
    std::string chart; // "tests-of-resolve" or "tests-of-elan"
    int row = 1;       // 1-based, as the chart's rows are numbered
    std::string cause; // the enemy unit that caused the test, for "behind friendly lines"
    bool flankOrRear = false;
    bool closeArtilleryFire = false;
    int extraBasesLost = 0; // for a preview: bases the unit would have lost by then
};

struct ShiftPlan {
    std::map<std::string, int> times;
    std::vector<ModifierCheck> checks;
};

/// The column a d10 picks before shifts (RULINGS.md, ozz-modified-columns): below half
/// the stat the first (0), below it the second (1), at or above it the third (2).
int baseColumn(int roll, int stat);

/// The unit's Resolve (for tests-of-resolve) or Elan.
int testStat(const Unit& unit, const std::string& chart);

ShiftPlan shiftsFor(const Data& data, const Battle& battle, const Unit& unit, const TestSituation& situation);

struct TestOutcome {
    int roll = 0;
    int column = 0;
    std::string result;    // the cell's text
    std::string procedure; // how it is carried out (ruleset.json "reactions")
};

/// Rolls the test, shifts the column and reads the chart, all into the trace.
TestOutcome runTest(Step& step, const std::string& unitId, const TestSituation& situation);

/// The exact chance of each column's result.
Odds testOdds(const Data& data, const Battle& battle, const Unit& unit, const TestSituation& situation);

} // namespace sandtable::ozz
