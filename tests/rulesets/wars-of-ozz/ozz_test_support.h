#pragma once

// A small table for Wars of Ozz tests: units placed by hand in inches, the ruleset's
// data, and helpers to resolve actions and read what happened.

#include "ozz_data.h"
#include "ozz_ruleset.h"
#include "ruleset_test_support.h"
#include "sandtable/battle.h"
#include "sandtable/dice_stream.h"
#include "sandtable/overloaded.h"

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

namespace ozztest {

using namespace sandtable;
using namespace rulesettest;

inline std::filesystem::path rulesDir() { return SANDTABLE_RULES_DIR; }
inline std::filesystem::path ozzDir() { return SANDTABLE_OZZ_DIR; }
inline std::filesystem::path testsDir() { return SANDTABLE_OZZ_TESTS_DIR; }
inline std::filesystem::path scenariosDir() { return SANDTABLE_SCENARIOS_DIR; }

inline double mm(double inches) { return inches * millimetresPerInch; }

struct UnitSpec {
    std::string id;
    std::string side = "a";
    std::string type = "musket-infantry";
    double x = 36; // inches
    double y = 24;
    double facing = 0;
    int bases = 5;
    int marksmanship = 5;
    int melee = 5;
    int resolve = 6;
    int elan = 6;
    std::string formation = "line";
};

/// A 6' x 4' table in inches with sides "a" and "b".
inline Battle emptyBattle() {
    Battle battle;
    battle.table.width = mm(72);
    battle.table.depth = mm(48);
    battle.sides = {{"a", "Side A", "#c9a227", ""}, {"b", "Side B", "#a93226", ""}};
    return battle;
}

/// Adds a unit of `bases` bases side by side, 1.5" wide (2" deep for horse and guns),
/// centred on (x, y) inches, facing as given.
inline Unit& addUnit(Battle& battle, const UnitSpec& spec) {
    const ozz::UnitType* type = ozz::builtInData().unitType(spec.type);
    Unit unit;
    unit.id = spec.id;
    unit.name = spec.id;
    unit.side = spec.side;
    unit.type = spec.type;
    unit.arm = type != nullptr ? type->arm : Arm::Foot;
    unit.formation = unit.arm == Arm::Guns && spec.formation == "line" ? "unlimbered" : spec.formation;
    unit.stats = {{"marksmanship", spec.marksmanship}, {"melee", spec.melee}, {"resolve", spec.resolve}, {"elan", spec.elan}};
    const double width = mm(1.5);
    const double depth = unit.arm == Arm::Foot ? mm(0.75) : mm(1.5);
    const Point across = facingVector(spec.facing + 90);
    for (int i = 0; i < spec.bases; ++i) {
        const double offset = (i - (spec.bases - 1) / 2.0) * width;
        Element element;
        element.centre = Point(mm(spec.x) + across.x() * offset, mm(spec.y) + across.y() * offset);
        element.facing = spec.facing;
        element.width = width;
        element.depth = depth;
        unit.elements.push_back(element);
    }
    unit.startingBases = spec.bases;
    unit.nameElements();
    battle.units.push_back(unit);
    return battle.units.back();
}

inline TerrainArea square(AreaType type, double x0, double y0, double x1, double y1, int level = 0) {
    TerrainArea area = rectangleArea(type, x0, y0, x1, y1, level, millimetresPerInch);
    area.id = "area";
    area.name = "area";
    return area;
}

inline TerrainLine straightLine(LineType type, double x0, double y0, double x1, double y1) {
    return rulesettest::straightLine(type, x0, y0, x1, y1, millimetresPerInch);
}

inline RulesetOptions defaultOptions() {
    RulesetOptions options;
    for (const RulesetOption& option : ozz::builtInData().info.options) {
        options[option.id] = option.defaultChoice;
    }
    return options;
}

/// Every line of the trace as text, joined, for "did this happen" checks.

} // namespace ozztest
