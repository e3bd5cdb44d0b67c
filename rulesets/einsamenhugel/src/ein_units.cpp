#include "ein_units.h"

#include "sandtable/battle_geometry.h"
#include "sandtable/kit/modifier_check.h"
#include "sandtable/measure.h"
#include "sandtable/unit_index.h"

#include <cmath>
#include <sstream>

namespace sandtable::ein {

const TroopClass& classOf(const Data& data, const Unit& unit) {
    if (unit.formation == "loose" && unit.stats.value("fightsAsLight", false)) {
        return *data.troopClass("light-foot");
    }
    const TroopClass* troops = data.troopClass(unit.type);
    if (troops == nullptr) {
        throw std::logic_error("unit '" + unit.id + "' has no troop class '" + unit.type + "'");
    }
    return *troops;
}

int quarters(const Unit& unit) {
    if (unit.eliminated()) {
        return 0;
    }
    const auto found = unit.counters.find("quarters");
    return found == unit.counters.end() ? 4 : static_cast<int>(found->second);
}

std::string percent(int quarters) { return std::to_string(quarters * 25) + "%"; }

bool inFiringOrder(const Data& data, const Unit& unit) {
    const TroopClass& troops = classOf(data, unit);
    return troops.closeOrder && unit.formation == "line" && unit.counters.count("lost-firing-order") == 0;
}

double gapCm(const Battle& battle, const Unit& a, const Unit& b) {
    return battle.table.toUnits(distanceBetween(a, b, DistanceConvention::NearestEdges));
}

std::vector<const Unit*> fightingEnemiesWithin(const Battle& battle, const Unit& unit, double reachCm) {
    std::vector<const Unit*> within;
    for (const Unit* enemy : enemiesNear(battle, unit, battle.table.fromUnits(reachCm + measure::tolerance))) {
        if (isFighting(*enemy) && !measure::exceeds(battle.table.toUnits(gapAtLeast(unit, *enemy)), reachCm)) {
            within.push_back(enemy);
        }
    }
    return within;
}

std::string generalsUnit(const Battle& battle, const std::string& generalId) {
    const Unit* general = battle.findUnit(generalId);
    return general != nullptr ? general->attachedTo : std::string();
}

const Unit* attachedGeneral(const Battle& battle, const std::string& unitId) {
    for (const Unit* general : leadersAttachedTo(battle, unitId)) {
        if (!general->eliminated()) {
            return general;
        }
    }
    return nullptr;
}

void applyHits(Step& step, const std::string& unitId, int hits, const std::string& cause) {
    const Unit& unit = step.unit(unitId);
    const int before = quarters(unit);
    if (hits <= 0 || before == 0) {
        return;
    }
    const int after = std::max(0, before - hits);
    const std::string name = unit.name;
    const int bases = static_cast<int>(unit.elements.size());
    if (after == 0) {
        step.emit(event::CounterSet{unitId, "quarters", 0.0});
        step.emit(rearmost(step.unit(unitId), bases));
        step.outcome(name + " loses " + percent(before) + " (" + cause + ") and is eliminated", cite("ORGANISATION"));
        // Its melees end with it.
        nlohmann::json melees = nlohmann::json::array();
        for (const auto& pair : kit::sessionEntries(step.battle, "melees")) {
            if (pair[0] != unitId && pair[1] != unitId) {
                melees.push_back(pair);
            }
        }
        if (melees.size() != kit::sessionEntries(step.battle, "melees").size()) {
            step.emit(event::SessionSet{"melees", melees});
        }
        if (const Unit* general = attachedGeneral(step.battle, unitId)) {
            const std::string generalName = general->name;
            const std::string generalId = general->id;
            step.emit(rearmost(*general, static_cast<int>(general->elements.size())));
            step.outcome(generalName + " is eliminated with " + name, cite("MORALE"));
        }
        return;
    }
    step.emit(event::CounterSet{unitId, "quarters", static_cast<double>(after)});
    // A two-base unit loses a base at its second hit: 50 per cent stands on one base.
    if (before > 2 && after <= 2 && bases > 1) {
        step.ruling("ein-base-loss");
        step.emit(rearmost(step.unit(unitId), 1));
    }
    step.outcome(name + " loses " + percent(before - after) + " (" + cause + "): " + percent(after) + " effectiveness remains",
                 cite("ORGANISATION"));
}

bool ofNation(const Unit& unit, const std::string& nation) {
    return unit.stats.contains("nation") && unit.stats["nation"].is_string() && unit.stats["nation"] == nation;
}

bool cuirassed(const Unit& unit) { return unit.stats.value("cuirasses", false); }

bool isFighting(const Unit& unit) { return !unit.eliminated() && unit.arm != Arm::Leader; }

int rollSuccesses(Step& step, int dice, int needed, const std::string& purpose, const Citation& citation) {
    if (dice <= 0) {
        return 0;
    }
    if (needed > 6) {
        step.outcome(purpose + ": needs " + std::to_string(needed) + ", which no die can score", citation);
        return 0;
    }
    return static_cast<int>(step.roll(std::to_string(dice) + "d6>=" + std::to_string(std::max(needed, 1)), purpose, citation));
}

void traceCheck(Step& step, const ModifierCheck& check) { kit::traceCheck(step.out.trace, check); }

std::string cm(double value) { return lengthText(value, MeasureUnit::Centimetre); }

Citation cite(const char* heading) { return Citation{"002_7b20089435c2e4ae.txt", heading}; }

} // namespace sandtable::ein
