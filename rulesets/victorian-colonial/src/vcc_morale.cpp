#include "vcc_morale.h"

#include "sandtable/chart.h"
#include "sandtable/kit/preview.h"
#include "vcc_grid.h"
#include "vcc_hits.h"
#include "vcc_melee.h"

#include <algorithm>

namespace sandtable::vcc {

bool flanked(const Data& data, const Battle& battle, const Unit& unit) {
    if (inSquare(unit) || unit.eliminated()) {
        return false;
    }
    const Box here = boxOf(battle, unit);
    for (const Unit& enemy : battle.units) {
        if (enemy.side == unit.side || !fights(data, enemy)) {
            continue;
        }
        const Box there = boxOf(battle, enemy);
        if (boxDistance(here, there) == 1 && onFlank(battle.table, here, facingOf(unit), there)) {
            return true;
        }
    }
    return false;
}

MoraleTest moraleTest(const Data& data, const Battle& battle, const Unit& unit, bool hitByRockets) {
    MoraleTest test{moraleCount(unit), Weighing(data.modifiers("morale")), {}, 0};
    Weighing& w = test.weighing;
    const bool isMounted = mounted(data, unit);
    w.weigh("elite", elite(unit), elite(unit) ? "an elite unit" : "not elite");
    w.weigh("square", inSquare(unit) && !raw(unit), inSquare(unit) ? "in square" : "not in square");
    bool commander = false;
    for (const Unit* other : unitsIn(battle, boxOf(battle, unit))) {
        commander = commander || (other->side == unit.side && typeOf(data, *other).commander);
    }
    w.weigh("army-commander", commander, commander ? "the Army Commander is in its box" : "the Army Commander is not in its box");
    w.weigh("raw", raw(unit), raw(unit) ? "a raw unit" : "not raw");
    w.weigh("foot-hit-by-rockets", hitByRockets && !isMounted,
            hitByRockets ? (isMounted ? "mounted, not foot" : "hit by rockets") : "no rocket hit");
    w.weigh("mounted-hit-by-rockets", hitByRockets && isMounted,
            hitByRockets ? (isMounted ? "hit by rockets" : "foot, not mounted") : "no rocket hit");
    const bool isFlanked = flanked(data, battle, unit);
    w.weigh("flanked", isFlanked,
            inSquare(unit) ? "a square is never flanked"
            : isFlanked    ? "an enemy is on its flank or rear"
                           : "no enemy on its flank or rear");
    const bool cheered = counter(unit, "leader-cheered") > 0;
    w.weigh("leader-cheered", cheered, cheered ? "its leader's cheer (vcc-inspired)" : "no cheer owed");
    test.applied = w.apply(Fraction(test.count));
    test.target = static_cast<int>(test.applied.exact.numerator() / test.applied.exact.denominator());
    return test;
}

Odds moraleOdds(const MoraleTest& test, const std::string& title) {
    Odds odds;
    odds.title = title + " (roll " + std::to_string(test.target) + " or less on 1d6)";
    const auto chance = [](int faces) { return Probability(std::clamp(faces, 0, 6), 6); };
    odds.lines.push_back({"pass", chance(test.target)});
    const char* labels[] = {"missed by 1: 1d6 hits", "missed by 2: break contact, prone", "missed by 3: retreat 1 box, prone",
                            "missed by 4+: broken, retreat 2 boxes"};
    for (int margin = 1; margin <= 4; ++margin) {
        // Faces target+margin, or every face above target+3 for "4 or more".
        const int lowest = std::max(test.target + margin, 1);
        const int highest = margin < 4 ? test.target + margin : 6;
        const int faces = std::max(0, std::min(highest, 6) - lowest + 1);
        odds.lines.push_back({labels[margin - 1], Probability(faces, 6)});
    }
    return odds;
}

void oweMorale(Step& step, const std::string& unitId, const Box& cause, bool rocket) {
    nlohmann::json owed = step.battle.session.value("owed", nlohmann::json::array());
    for (nlohmann::json& entry : owed) {
        if (entry.at("unit") == unitId) {
            entry["rocket"] = entry.value("rocket", false) || rocket;
            step.emit(event::SessionSet{"owed", owed});
            return;
        }
    }
    owed.push_back({{"unit", unitId}, {"from", {cause.column, cause.row}}, {"rocket", rocket}});
    step.emit(event::SessionSet{"owed", owed});
}

void takeOwedChecks(Step& step) {
    const nlohmann::json owed = step.battle.session.value("owed", nlohmann::json::array());
    if (owed.empty()) {
        return;
    }
    step.emit(event::SessionSet{"owed", nlohmann::json::array()});
    step.ruling("vcc-morale-owed");
    for (const nlohmann::json& entry : owed) {
        const std::string unitId = entry.at("unit");
        const Unit* unit = step.battle.findUnit(unitId);
        if (unit == nullptr || unit->eliminated()) {
            continue;
        }
        const Box cause{entry.at("from").at(0).get<int>(), entry.at("from").at(1).get<int>()};
        testMorale(step, unitId, cause, entry.value("rocket", false), false);
    }
}

namespace {

void goProne(Step& step, const std::string& unitId) { setMarker(step, unitId, "prone", true); }

} // namespace

bool testMorale(Step& step, const std::string& unitId, const Box& cause, bool rocket, bool rally) {
    const MoraleTest test = moraleTest(step.data, step.battle, step.unit(unitId), rocket);
    step.ruling("vcc-morale-target");
    step.out.trace.modifiers(test.weighing.list(), test.applied);
    if (counter(step.unit(unitId), "leader-cheered") > 0) {
        step.ruling("vcc-inspired");
        setCounter(step, unitId, "leader-cheered", std::nullopt);
    }
    const std::string name = step.unit(unitId).name;
    const std::int64_t roll = step.roll("1d6", rally ? "rally" : "morale", cite("Morale 1d6"));
    if (roll <= test.target) {
        step.outcome(name + " passes its morale test (" + std::to_string(roll) + " against " + std::to_string(test.target) + ")",
                     cite("Morale 1d6"));
        return true;
    }
    const int margin = static_cast<int>(roll) - test.target;
    if (rally && step.option("rally-failure") == "no-effect") {
        step.ruling("vcc-rally");
        step.outcome(name + " fails to rally (" + std::to_string(roll) + " against " + std::to_string(test.target) + ")",
                     cite("Sequence of Play"));
        return false;
    }
    const Chart& effects = step.data.chart("morale-failure");
    const auto result = effects.lookup(std::nullopt, std::min(margin, 4));
    step.out.trace.lookup(effects, *result);
    const std::string& cell = result->cell.text;
    step.outcome(name + " misses its morale test by " + std::to_string(margin) + ": " + cell, cite("Effects of failing morale 1d6"));
    if (cell == "take 1d6 hits") {
        step.ruling("vcc-take-hits");
        takeHits(step, unitId, static_cast<int>(step.roll("1d6", "hits from failed morale", cite("Effects of failing morale 1d6"))));
    } else if (cell == "break contact and go prone") {
        step.ruling("vcc-retreat");
        breakContacts(step, unitId);
        goProne(step, unitId);
    } else if (cell == "retreat 1 box and go prone") {
        breakContacts(step, unitId);
        retreat(step, unitId, 1, cause);
        goProne(step, unitId);
    } else {
        breakContacts(step, unitId);
        setMarker(step, unitId, "broken", true);
        step.ruling("vcc-broken-prone");
        retreat(step, unitId, 2, cause);
        goProne(step, unitId);
    }
    return false;
}

void retreat(Step& step, const std::string& unitId, int boxes, const Box& cause) {
    step.ruling("vcc-retreat");
    const Unit& unit = step.unit(unitId);
    if (unit.eliminated()) {
        return;
    }
    const Table& table = step.battle.table;
    Box at = boxOf(step.battle, unit);
    int dc = at.column - cause.column;
    int dr = at.row - cause.row;
    if (dc == 0 && dr == 0) {
        // Caused from its own box (a rocket): straight back from its facing.
        const auto [fc, fr] = stepAlong(facingOf(unit));
        dc = -fc;
        dr = -fr;
    }
    dc = (dc > 0) - (dc < 0);
    dr = (dr > 0) - (dr < 0);
    if (gridSteps(step.options) == GridSteps::Orthogonal && dc != 0 && dr != 0) {
        const Box from = boxOf(step.battle, unit);
        (std::abs(from.column - cause.column) >= std::abs(from.row - cause.row) ? dr : dc) = 0;
    }
    int made = 0;
    for (; made < boxes; ++made) {
        const Box next{at.column + dc, at.row + dr};
        if (!table.onGrid(next) || impassable(step.battle, next) || enemyHolds(step.data, step.battle, next, unit.side)) {
            break;
        }
        at = next;
    }
    if (made > 0) {
        step.emit(event::Moved{unitId, placedInBox(step.battle, step.unit(unitId), at, facingOf(step.unit(unitId)))});
        step.outcome(step.unit(unitId).name + " retreats " + std::to_string(made) + (made == 1 ? " box" : " boxes") + " to " + boxName(at),
                     cite("Effects of failing morale 1d6"));
    }
    if (made < boxes) {
        setMarker(step, unitId, "broken", true);
        step.outcome(step.unit(unitId).name + " cannot retreat further and is broken", cite("Effects of failing morale 1d6"));
    }
}

} // namespace sandtable::vcc
