#include "lshm_morale.h"

#include "lshm_buildings.h"
#include "lshm_movement.h"
#include "sandtable/kit/preview.h"

#include <algorithm>

namespace sandtable::lshm {

namespace {

const Citation kChart = cite("MORAL CHART (Roll 2D6, Total is less everything is OK)");

/// 2d6 less than the number passes.
bool test(Step& step, const Unit& unit, int number, const std::string& what, const Citation& citation) {
    const auto total = step.roll("2d6", unit.name + ": " + what + " (less than " + std::to_string(number) + " passes)", citation);
    return total < number;
}

int majorNumber(const Data& data, const Unit& unit) { return data.morale(typeOf(data, unit).moraleRow).major; }

void majorMorale(Step& step, const Side& side) {
    step.ruling("lshm-major-morale");
    std::vector<const Unit*> units;
    for (const Unit& unit : step.battle.units) {
        if (unit.side == side.id && isBasicUnit(unit) && !routed(unit)) {
            units.push_back(&unit);
        }
    }
    if (units.empty()) {
        return;
    }
    if (option(step.options, "major-morale", "per-side")) {
        int lowest = 13;
        for (const Unit* unit : units) {
            lowest = std::min(lowest, majorNumber(step.data, *unit));
        }
        const auto total =
            step.roll("2d6", side.name + ": major morale (less than " + std::to_string(lowest) + " passes)", cite("A. Major Moral"));
        const bool failed = total >= lowest;
        for (const Unit* unit : units) {
            setMarker(step, *unit, "immobile", failed);
        }
        step.outcome(side.name + (failed ? " fails major morale: its units are immobile next turn" : " passes major morale"),
                     cite("A. Major Moral"));
        return;
    }
    for (const Unit* unit : units) {
        const bool passed = test(step, *unit, majorNumber(step.data, *unit), "major morale", cite("A. Major Moral"));
        setMarker(step, *unit, "immobile", !passed);
        step.outcome(unit->name + (passed ? " may move normally" : " is immobile next turn: it may change facing or formation in place"),
                     cite("A. Major Moral"));
    }
}

} // namespace

bool belowHalf(const Unit& unit) { return fitFigures(unit) * 2 < startingFigures(unit); }

int criticalNumber(const Data& data, const Battle& battle, const Unit& unit, std::string* why) {
    const MoraleRow& row = data.morale(typeOf(data, unit).moraleRow);
    const bool leader = hasLeader(battle, unit);
    if (why != nullptr) {
        *why = row.printed +
               (leader ? ", with leader: " + std::to_string(row.withLeader) : ", without leader: " + std::to_string(row.withoutLeader));
    }
    return leader ? row.withLeader : row.withoutLeader;
}

void moralePhase(Step& step) {
    step.emit(event::TurnSet{step.battle.turn, "morale"});
    countWork(step);
    for (const Side& side : step.battle.sides) {
        if (side.markers.count("commander-lost") != 0) {
            majorMorale(step, side);
        }
    }
    std::vector<std::string> ids;
    for (const Unit& unit : step.battle.units) {
        if (isBasicUnit(unit) && !routed(unit)) {
            ids.push_back(unit.id);
        }
    }
    for (const std::string& id : ids) {
        const Unit& unit = step.unit(id);
        if (figuresOf(unit).empty()) {
            continue;
        }
        if (belowHalf(unit)) {
            step.ruling("lshm-critical-strength");
            setMarker(step, unit, "critical", true);
        }
        const Unit& now = step.unit(id);
        std::string why;
        const int number = criticalNumber(step.data, step.battle, now, &why);
        if (now.markers.count("critical") != 0) {
            step.ruling("lshm-critical-rally");
            const bool passed = test(step, now, number, "critical morale, " + why, cite("B. Critical Moral"));
            if (!passed) {
                setMarker(step, now, "routed", true);
                setMarker(step, step.unit(id), "shaken", false);
                step.outcome(now.name + " routs: it will run for the nearest table edge", cite("B. Critical Moral"));
                continue;
            }
            setMarker(step, now, "shaken", false);
            setMarker(step, step.unit(id), "critical", belowHalf(step.unit(id)));
            step.outcome(now.name + " passes critical morale and may move normally" +
                             (belowHalf(step.unit(id)) ? "; below half strength, it tests again next turn" : ""),
                         cite("B. Critical Moral"));
        } else if (shaken(now)) {
            step.ruling("lshm-shaken");
            const bool passed = test(step, now, number, "shaken figures rally, " + why, cite("B. Critical Moral"));
            setMarker(step, now, "shaken", !passed);
            step.outcome(now.name + (passed ? " rallies" : " stays shaken"), cite("B. Critical Moral"));
        }
        const Unit& after = step.unit(id);
        if (after.markers.count("pinned") != 0 && !routed(after)) {
            const bool passed =
                test(step, after, criticalNumber(step.data, step.battle, after, nullptr), "pinned morale", cite("C. Pinned Moral"));
            setMarker(step, after, "pinned", !passed);
            step.outcome(after.name + (passed ? " is no longer pinned" : " stays pinned"), cite("C. Pinned Moral"));
        }
    }
}

void moveRouters(Step& step) {
    // Routed units, and under major morale the shaken units of an immobile side that failed
    // to rally (A. Major Moral 2 A), move toward the edge.
    std::vector<std::string> ids;
    for (const Unit& unit : step.battle.units) {
        if (!unit.eliminated() && (routed(unit) || (shaken(unit) && unit.markers.count("immobile") != 0))) {
            ids.push_back(unit.id);
        }
    }
    for (const std::string& id : ids) {
        const bool routs = routed(step.unit(id));
        step.ruling(routs ? "lshm-routers" : "lshm-major-morale");
        const Unit& unit = step.unit(id);
        const Point centre = unit.centre();
        const double width = step.battle.table.width;
        const double depth = step.battle.table.depth;
        // The nearest edge: run from a point beyond it.
        const double toLeft = centre.x();
        const double toRight = width - centre.x();
        const double toTop = centre.y();
        const double toBottom = depth - centre.y();
        const double nearest = std::min({toLeft, toRight, toTop, toBottom});
        Point away = centre;
        if (nearest == toLeft) {
            away = Point(centre.x() + 1000, centre.y());
        } else if (nearest == toRight) {
            away = Point(centre.x() - 1000, centre.y());
        } else if (nearest == toTop) {
            away = Point(centre.x(), centre.y() + 1000);
        } else {
            away = Point(centre.x(), centre.y() - 1000);
        }
        if (!routs) {
            const double back = static_cast<double>(
                step.roll("4d6", unit.name + ", shaken and immobile, falls back toward the edge", cite("A. Major Moral")));
            moveStraight(step, unit, away, back,
                         unit.name + " is shaken and its side immobile: it moves " + inches(back) + " toward the table's edge",
                         cite("A. Major Moral"));
            continue;
        }
        const double run = static_cast<double>(step.roll("4d6", unit.name + " routs toward the nearest edge", cite("B. Critical Moral")));
        const bool reached = moveStraight(step, unit, away, run, unit.name + " routs " + inches(run) + " toward the table's edge",
                                          cite("B. Critical Moral"));
        if (reached) {
            std::vector<std::string> gone;
            for (const Element& e : step.unit(id).elements) {
                gone.push_back(e.id);
            }
            step.emit(event::ElementsRemoved{id, gone});
            step.outcome(unit.name + " leaves the battlefield and is out of the game", cite("B. Critical Moral"));
        }
    }
}

void previewMorale(const Data& data, const Battle& battle, const Unit& unit, Preview& preview) {
    std::string why;
    const int number = criticalNumber(data, battle, unit, &why);
    preview.facts.push_back({"Critical and Pinned", why});
    const Distribution twoDice = Distribution::uniform(1, 6).plus(Distribution::uniform(1, 6));
    preview.odds.push_back(
        Odds{"Morale test (2d6 less than " + std::to_string(number) + ")", {{"passes", twoDice.probabilityAtMost(number - 1)}}, {}});
    kit::showRuling(preview, data, "lshm-critical-rally");
}

} // namespace sandtable::lshm
