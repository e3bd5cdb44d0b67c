#pragma once

// A small table for Einsamenhügel tests: units placed by hand in centimetres, the
// ruleset, and helpers to resolve actions and read what happened.

#include "ein_data.h"
#include "ein_fire.h"
#include "ein_melee.h"
#include "ein_morale.h"
#include "ein_movement.h"
#include "ein_ruleset.h"
#include "ein_turn.h"
#include "ruleset_test_support.h"
#include "sandtable/battle.h"
#include "sandtable/battle_geometry.h"
#include "sandtable/battle_state.h"
#include "sandtable/dice_stream.h"
#include "sandtable/game.h"

#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <string>

namespace eintest {

using namespace sandtable;
using namespace rulesettest;
using ein::cm;

inline std::filesystem::path rulesDir() { return SANDTABLE_RULES_DIR; }
inline std::filesystem::path einDir() { return SANDTABLE_EIN_DIR; }
inline std::filesystem::path testsDir() { return SANDTABLE_EIN_TESTS_DIR; }
inline std::filesystem::path scenariosDir() { return SANDTABLE_SCENARIOS_DIR; }

inline double mm(double cm) { return cm * 10; }

struct UnitSpec {
    UnitSpec(std::string id, std::string side, std::string type, double x, double y, double facing = 0)
        : id(std::move(id)), side(std::move(side)), type(std::move(type)), x(x), y(y), facing(facing) {}
    UnitSpec& in(std::string value) {
        formation = std::move(value);
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

    std::string id;
    std::string side;
    std::string type;
    double x; // cm
    double y;
    double facing;
    std::string formation; // empty: the class's first
    std::string quality = "regular";
    nlohmann::json stats = nlohmann::json::object();
};

/// A 6' x 2'6" table in centimetres with sides "a" (facing up, at the bottom) and "b".
inline Battle emptyBattle() {
    Battle battle;
    battle.table.width = 1828.8;
    battle.table.depth = 762;
    battle.table.unit = MeasureUnit::Centimetre;
    battle.sides = {{"a", "Side A", "#b22222", ""}, {"b", "Side B", "#1f4e9c", ""}};
    battle.phase = "movement";
    battle.session = {{"toPlay", "a"}, {"firstMove", "a"}, {"melees", nlohmann::json::array()}};
    return battle;
}

/// Adds a unit centred on (x, y) cm: foot two bases side by side, horse two ranks, a gun
/// or a general one base.
inline Unit& addUnit(Battle& battle, const UnitSpec& spec) {
    const ein::TroopClass* troops = ein::builtInData().troopClass(spec.type);
    Unit unit;
    unit.id = spec.id;
    unit.name = spec.id;
    unit.side = spec.side;
    unit.type = spec.type;
    unit.arm = troops != nullptr ? troops->arm : Arm::Foot;
    unit.quality = spec.quality;
    unit.formation = !spec.formation.empty()                        ? spec.formation
                     : troops != nullptr && unit.arm != Arm::Leader ? troops->formations.front()
                                                                    : "";
    unit.stats = spec.stats;
    const Point across = facingVector(spec.facing + 90);
    const Point ahead = facingVector(spec.facing);
    const Point centre(mm(spec.x), mm(spec.y));
    auto base = [&](Point at, double width, double depth) {
        Element element;
        element.centre = at;
        element.facing = spec.facing;
        element.width = width;
        element.depth = depth;
        unit.elements.push_back(element);
    };
    if (unit.arm == Arm::Guns) {
        base(centre, 20, 40);
    } else if (unit.arm == Arm::Leader) {
        base(centre, 20, 20);
    } else if (unit.arm == Arm::Horse && unit.formation != "one-rank") {
        base(Point(centre.x() + ahead.x() * 10, centre.y() + ahead.y() * 10), 40, 20);
        base(Point(centre.x() - ahead.x() * 10, centre.y() - ahead.y() * 10), 40, 20);
    } else if (unit.formation == "column") {
        base(Point(centre.x() + ahead.x() * 10, centre.y() + ahead.y() * 10), 40, 20);
        base(Point(centre.x() - ahead.x() * 10, centre.y() - ahead.y() * 10), 40, 20);
    } else {
        base(Point(centre.x() - across.x() * 20, centre.y() - across.y() * 20), 40, 20);
        base(Point(centre.x() + across.x() * 20, centre.y() + across.y() * 20), 40, 20);
    }
    unit.startingBases = static_cast<int>(unit.elements.size());
    unit.nameElements();
    battle.units.push_back(unit);
    return battle.units.back();
}

inline TerrainArea area(AreaType type, double x0, double y0, double x1, double y1, int level = 0,
                        nlohmann::json rules = nlohmann::json::object()) {
    TerrainArea result = rectangleArea(type, x0, y0, x1, y1, level, 10);
    result.rules = std::move(rules);
    return result;
}

/// Guns of side "a" on the second contour of a hill, a friend two contours below and
/// nearer than the enemy: roundshot over friends (ARTILLERY).
inline Battle gunsOverFriends() {
    Battle battle = emptyBattle();
    battle.areas.push_back(area(AreaType::Hill, 70, 62, 110, 75, 1));
    battle.areas.push_back(area(AreaType::Hill, 80, 64, 100, 73, 2));
    addUnit(battle, UnitSpec("gun", "a", "artillery", 90, 69).in("unlimbered"));
    addUnit(battle, UnitSpec("friend", "a", "regular-foot", 90, 56));
    addUnit(battle, UnitSpec("enemy", "b", "regular-foot", 90, 48, 180));
    return battle;
}

inline TerrainLine line(LineType type, double x0, double y0, double x1, double y1) { return straightLine(type, x0, y0, x1, y1, 10); }

inline RulesetOptions defaultOptions() {
    RulesetOptions options;
    for (const RulesetOption& option : ein::builtInData().info.options) {
        options[option.id] = option.defaultChoice;
    }
    return options;
}

inline ein::EinsamenhugelRuleset ruleset(RulesetOptions changes = {}) {
    RulesetOptions options = defaultOptions();
    for (const auto& [key, value] : changes) {
        options[key] = value;
    }
    return ein::EinsamenhugelRuleset(options);
}

inline int quartersOf(const Battle& battle, const std::string& id) {
    const Unit* unit = battle.findUnit(id);
    if (unit == nullptr || unit->eliminated()) {
        return 0;
    }
    const auto found = unit->counters.find("quarters");
    return found == unit->counters.end() ? 4 : static_cast<int>(found->second);
}

/// Plays a game by a simple fixed rule: in movement, the first unit that may act charges
/// its first target, else moves 80% of its move straight ahead, else the side passes; in
/// fire, every unit fires at its first target; in melee, the first melee is fought.
inline void autoPlay(Game& game, int turns) {
    std::set<std::string> stuck;
    std::string stage;
    for (int guard = 0; guard < 20000 && !game.status().over && game.battle().turn <= turns; ++guard) {
        const GameStatus status = game.status();
        const Battle& battle = game.battle();
        const std::string now = std::to_string(battle.turn) + battle.phase + status.activeSide;
        if (now != stage) {
            stage = now;
            stuck.clear();
        }
        bool acted = false;
        for (const std::string& unitId : status.mayActivate) {
            if (stuck.count(unitId) != 0) {
                continue;
            }
            for (const Offer& offer : game.offers(unitId)) {
                if ((offer.type == "charge" || offer.type == "fire" || offer.type == "melee") && !offer.targets.empty()) {
                    acted = game.perform(Action{offer.type, unitId, offer.targets.front(), {}, {}, {}}).hasValue();
                } else if (offer.type == "move" && battle.phase == "movement") {
                    const Unit& unit = *battle.findUnit(unitId);
                    const Point ahead = facingVector(unit.elements.front().facing);
                    const Point centre = unit.centre();
                    for (const double share : {0.8, 0.4, 0.2}) {
                        const double length = mm(12) * share;
                        const Action move{"move", unitId, "", {Point(centre.x() + ahead.x() * length, centre.y() + ahead.y() * length)},
                                          {},     {}};
                        if (game.preview(move).allowed() && game.perform(move)) {
                            acted = true;
                            break;
                        }
                    }
                }
                if (acted) {
                    break;
                }
            }
            stuck.insert(unitId); // one try per unit per phase
            if (acted) {
                break;
            }
        }
        if (!acted) {
            stuck.clear();
            if (!game.perform(Action{"pass", "", "", {}, {}, {}})) {
                return;
            }
        }
    }
}

} // namespace eintest
