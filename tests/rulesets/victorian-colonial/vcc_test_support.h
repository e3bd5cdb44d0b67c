#pragma once

// A small gridded table for Victorian Colonial Combat tests: units put in boxes by hand,
// the ruleset with chosen options, and helpers to resolve actions and read what happened.

#include "ruleset_test_support.h"
#include "sandtable/battle.h"
#include "sandtable/dice_stream.h"
#include "vcc_data.h"
#include "vcc_grid.h"
#include "vcc_ruleset.h"
#include "vcc_units.h"

#include <filesystem>
#include <string>

namespace vcctest {

using namespace sandtable;
using namespace rulesettest;

inline std::filesystem::path rulesDir() { return SANDTABLE_RULES_DIR; }
inline std::filesystem::path vccDir() { return SANDTABLE_VCC_DIR; }
inline std::filesystem::path testsDir() { return SANDTABLE_VCC_TESTS_DIR; }
inline std::filesystem::path scenariosDir() { return SANDTABLE_SCENARIOS_DIR; }

inline const vcc::Data& data() { return vcc::builtInData(); }

/// Every option at its default, with `changes` laid over them.
inline RulesetOptions optionsWith(const RulesetOptions& changes = {}) { return defaultsWith(data().info, changes); }

inline vcc::VictorianColonialRuleset ruleset(const RulesetOptions& changes = {}) {
    return vcc::VictorianColonialRuleset(optionsWith(changes));
}

/// A 12 by 8 grid of 100 mm boxes, British at the bottom, Natives at the top, in the given step.
inline Battle emptyBattle(const std::string& phase = "british-small-arms", const std::string& toPlay = "british") {
    Battle battle;
    battle.table = Table{1200, 800, MeasureUnit::Box, 100};
    battle.sides = {{"british", "British", "#b22222", ""}, {"native", "Natives", "#2e6b30", ""}};
    battle.phase = phase;
    battle.session = {{"toPlay", toPlay}, {"contacts", nlohmann::json::array()}, {"owed", nlohmann::json::array()}, {"turnLimit", 12}};
    return battle;
}

struct UnitSpec {
    UnitSpec(std::string id, std::string side, std::string type, Box box, double facing = 0)
        : id(std::move(id)), side(std::move(side)), type(std::move(type)), box(box), facing(facing) {}
    UnitSpec& bases(int value) {
        count = value;
        return *this;
    }
    UnitSpec& as(std::string value) {
        quality = std::move(value);
        return *this;
    }
    UnitSpec& with(nlohmann::json value) {
        stats = std::move(value);
        return *this;
    }
    UnitSpec& in(std::string value) {
        formation = std::move(value);
        return *this;
    }

    std::string id;
    std::string side;
    std::string type;
    Box box;
    double facing;
    int count = 4; // bases, the leader's included; for gunner types the gunners
    std::string quality = "regular";
    nlohmann::json stats = nlohmann::json::object();
    std::string formation;
};

/// Adds a unit laid out in its box as the rules lay one: bases (the first the leader's),
/// or a gun, its gunners and a leader.
inline Unit& addUnit(Battle& battle, const UnitSpec& spec) {
    const vcc::TroopType* type = data().type(spec.type);
    REQUIRE(type != nullptr);
    Unit unit;
    unit.id = spec.id;
    unit.name = spec.id;
    unit.side = spec.side;
    unit.type = spec.type;
    unit.arm = type->arm;
    unit.quality = spec.quality;
    unit.stats = spec.stats;
    unit.formation = !spec.formation.empty() ? spec.formation : type->arm == Arm::Foot ? "line" : "";
    const auto element = [](std::string role) {
        Element made;
        made.width = 20;
        made.depth = 10;
        made.role = std::move(role);
        return made;
    };
    if (type->countsGunners) {
        unit.elements.push_back(element("gun"));
        for (int i = 0; i < spec.count; ++i) {
            unit.elements.push_back(element("gunner"));
        }
        unit.elements.push_back(element("leader"));
    } else {
        unit.elements.push_back(element("leader"));
        for (int i = 1; i < spec.count; ++i) {
            unit.elements.push_back(element(""));
        }
    }
    const auto placements = vcc::placedInBox(battle, unit, spec.box, spec.facing);
    for (std::size_t i = 0; i < placements.size(); ++i) {
        unit.elements[i].centre = placements[i].centre;
        unit.elements[i].facing = placements[i].facing;
    }
    unit.startingBases = static_cast<int>(unit.elements.size());
    unit.nameElements();
    battle.units.push_back(unit);
    return battle.units.back();
}

/// A rectangle of terrain covering whole boxes, from (column0, row0) to (column1, row1) inclusive.
inline TerrainArea boxesOf(AreaType type, int column0, int row0, int column1, int row1, int level = 0,
                           nlohmann::json rules = nlohmann::json::object()) {
    TerrainArea area = rectangleArea(type, column0, row0, column1 + 1, row1 + 1, level, 100);
    area.rules = std::move(rules);
    return area;
}

inline Action fireAt(const std::string& unit, const std::string& target) { return Action{.type = "fire", .unit = unit, .target = target}; }

} // namespace vcctest
