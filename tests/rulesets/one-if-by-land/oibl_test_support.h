#pragma once

// A measured table for One If By Land tests: units laid out by hand in their formations
// (stands of figures, the command stand in front), a brigade set acting at a step, the
// ruleset with chosen options, and helpers to resolve actions and read what happened.

#include "oibl_data.h"
#include "oibl_formations.h"
#include "oibl_ruleset.h"
#include "oibl_units.h"
#include "ruleset_test_support.h"
#include "sandtable/battle.h"
#include "sandtable/dice_stream.h"

#include <filesystem>
#include <string>

namespace oibltest {

using namespace sandtable;
using namespace rulesettest;

inline std::filesystem::path rulesDir() { return SANDTABLE_RULES_DIR; }
inline std::filesystem::path oiblDir() { return SANDTABLE_OIBL_DIR; }
inline std::filesystem::path testsDir() { return SANDTABLE_OIBL_TESTS_DIR; }
inline std::filesystem::path scenariosDir() { return SANDTABLE_SCENARIOS_DIR; }

inline const oibl::Data& data() { return oibl::builtInData(); }

/// Every option at its default, with `changes` laid over them.
inline RulesetOptions optionsWith(const RulesetOptions& changes = {}) { return defaultsWith(data().info, changes); }

inline oibl::OneIfByLandRuleset ruleset(const RulesetOptions& changes = {}) { return oibl::OneIfByLandRuleset(optionsWith(changes)); }

inline double mm(double inches) { return inches * millimetresPerInch; }

/// A 48" by 36" table, the British at the top, the Americans at the bottom.
inline Battle emptyBattle() {
    Battle battle;
    battle.table = Table{mm(48), mm(36), MeasureUnit::Inch, 0};
    battle.sides = {{"british", "British", "#b22222", ""}, {"american", "Americans", "#1f4e9c", ""}};
    battle.phase = "cards";
    battle.session = {{"acting", nlohmann::json::array()},
                      {"acted", nlohmann::json::array()},
                      {"melees", nlohmann::json::array()},
                      {"charges", nlohmann::json::array()},
                      {"actingSide", ""},
                      {"victory", nlohmann::json::array()},
                      {"armyStart", nlohmann::json::object()}};
    // A card still to turn, so that an activation's end does not end the turn.
    battle.decks["brigades"] = DeckState{{"spare"}, {"spare"}, {}, 1, {}};
    return battle;
}

struct UnitSpec {
    UnitSpec(std::string id, std::string side, std::string type, double x, double y, double facing = 0)
        : id(std::move(id)), side(std::move(side)), type(std::move(type)), x(x), y(y), facing(facing) {}
    UnitSpec& stands(int value) {
        count = value;
        return *this;
    }
    UnitSpec& as(std::string value) {
        quality = std::move(value);
        return *this;
    }
    UnitSpec& in(std::string value) {
        formation = std::move(value);
        return *this;
    }
    UnitSpec& with(nlohmann::json value) {
        stats = std::move(value);
        return *this;
    }
    UnitSpec& under(std::string value) {
        brigade = std::move(value);
        return *this;
    }

    std::string id;
    std::string side;
    std::string type;
    double x;
    double y; // inches, the command stand's centre
    double facing;
    int count = 6; // stands; for artillery the crew stands behind one gun
    std::string quality = "regular";
    std::string formation;
    nlohmann::json stats = nlohmann::json::object();
    std::string brigade;
};

/// Adds a unit formed up as the rules lay one out about its command stand at (x, y), its
/// stands carrying their figures, its starting figures counted.
inline Unit& addUnit(Battle& battle, const UnitSpec& spec) {
    const oibl::TroopType* type = data().type(spec.type);
    REQUIRE(type != nullptr);
    const oibl::TroopType& crew = *data().type("artillery-crew");
    Unit unit;
    unit.id = spec.id;
    unit.name = spec.id;
    unit.side = spec.side;
    unit.type = spec.type;
    unit.arm = type->arm;
    unit.quality = spec.quality;
    unit.stats = spec.stats;
    unit.brigade = spec.brigade;
    unit.formation = type->arm == Arm::Leader ? "" : !spec.formation.empty() ? spec.formation : type->normalFormation;
    const auto stand = [&](std::string role, const oibl::TroopType& size) {
        Element made;
        made.centre = Point(mm(spec.x), mm(spec.y));
        made.facing = spec.facing;
        made.width = mm(size.width);
        made.depth = mm(size.depth);
        made.role = std::move(role);
        made.figures.assign(static_cast<std::size_t>(size.figuresPerStand), Health::Fit);
        return made;
    };
    if (type->id == "artillery") {
        unit.elements.push_back(stand("gun", *type));
        for (int i = 0; i < spec.count; ++i) {
            unit.elements.push_back(stand("crew", crew));
        }
    } else {
        const int stands = type->arm == Arm::Leader ? 1 : spec.count;
        unit.elements.push_back(stand(type->arm == Arm::Leader ? "" : "command stand", *type));
        for (int i = 1; i < stands; ++i) {
            unit.elements.push_back(stand("", *type));
        }
    }
    unit.nameElements();
    if (type->arm != Arm::Leader) {
        const auto placements = oibl::formedUp(unit, unit.formation, spec.facing);
        for (std::size_t i = 0; i < placements.size(); ++i) {
            unit.elements[i].centre = placements[i].centre;
            unit.elements[i].facing = placements[i].facing;
        }
    }
    unit.startingBases = static_cast<int>(unit.elements.size());
    unit.counters["starting-figures"] = oibl::figuresLeft(unit);
    battle.units.push_back(unit);
    return battle.units.back();
}

/// The units' brigade acting at `step` of the sequence of play.
inline void actingAt(Battle& battle, int step, const std::string& side, const std::vector<std::string>& units) {
    battle.phase = step == 0 ? "cards" : "step-" + std::to_string(step);
    battle.session["acting"] = units;
    battle.session["actingSide"] = side;
    auto acted = battle.session["acted"].get<std::vector<std::string>>();
    acted.insert(acted.end(), units.begin(), units.end());
    battle.session["acted"] = acted;
}

inline Action fireAt(const std::string& unit, const std::string& target) { return Action{.type = "fire", .unit = unit, .target = target}; }

} // namespace oibltest
