#include "vcc_units.h"

#include <algorithm>
#include <stdexcept>

namespace sandtable::vcc {

Citation cite(const char* heading) { return Citation{"001_aff8fc74003dcadb.txt", heading}; }

std::string enemyOf(const std::string& side) { return side == british ? native : british; }

std::string sideName(const Battle& battle, const std::string& side) {
    const Side* found = battle.findSide(side);
    return found != nullptr ? found->name : side;
}

const TroopType& typeOf(const Data& data, const Unit& unit) {
    const TroopType* type = data.type(unit.type);
    if (type == nullptr) {
        throw std::logic_error(unit.id + " has the troop type \"" + unit.type + "\", which these rules do not have");
    }
    return *type;
}

bool isLeaderBase(const Element& element) { return element.role == "leader"; }
bool isGunPiece(const Element& element) { return element.role == "gun"; }
bool isGunner(const Element& element) { return element.role == "gunner"; }

int gunners(const Unit& unit) { return static_cast<int>(std::count_if(unit.elements.begin(), unit.elements.end(), isGunner)); }

bool hasLeader(const Unit& unit) { return std::any_of(unit.elements.begin(), unit.elements.end(), isLeaderBase); }

int moraleCount(const Unit& unit) {
    // Bases and gunners alike count, the leader base included; the gun itself is neither.
    return static_cast<int>(std::count_if(unit.elements.begin(), unit.elements.end(), [](const Element& e) { return !isGunPiece(e); }));
}

int fireDice(const Data& data, const RulesetOptions& options, const Unit& unit) {
    const TroopType& type = typeOf(data, unit);
    if (type.weapons.empty()) {
        return 0;
    }
    if (type.countsGunners) {
        return gunners(unit);
    }
    const bool leaderFires = options.at("leader-base-fires") == "yes";
    return static_cast<int>(std::count_if(unit.elements.begin(), unit.elements.end(), [&](const Element& e) {
        return !isGunPiece(e) && !isGunner(e) && (leaderFires || !isLeaderBase(e));
    }));
}

int meleeDice(const Unit& unit) {
    return static_cast<int>(std::count_if(unit.elements.begin(), unit.elements.end(), [](const Element& e) { return !isGunPiece(e); }));
}

std::string weaponOf(const Data& data, const Unit& unit) {
    const TroopType& type = typeOf(data, unit);
    if (type.weapons.empty()) {
        return {};
    }
    const std::string chosen = unit.stats.value("weapon", "");
    if (chosen == "none") {
        return {}; // foot with no firearms: spearmen
    }
    if (!chosen.empty() && std::find(type.weapons.begin(), type.weapons.end(), chosen) != type.weapons.end()) {
        return chosen;
    }
    return type.weapons.front();
}

bool elite(const Unit& unit) { return unit.quality == "elite"; }
bool raw(const Unit& unit) { return unit.quality == "raw"; }
bool dervish(const Unit& unit) { return unit.stats.value("dervish", false); }
bool lancers(const Unit& unit) { return unit.stats.value("lancers", false); }
bool mounted(const Data& data, const Unit& unit) { return typeOf(data, unit).mounted; }
bool inSquare(const Unit& unit) { return unit.formation == "square"; }
bool prone(const Unit& unit) { return unit.markers.count("prone") != 0; }
bool broken(const Unit& unit) { return unit.markers.count("broken") != 0; }

bool fights(const Data& data, const Unit& unit) { return !unit.eliminated() && !typeOf(data, unit).commander; }

double facingOf(const Unit& unit) { return unit.elements.empty() ? 0 : unit.elements.front().facing; }

double counter(const Unit& unit, const char* name) {
    const auto found = unit.counters.find(name);
    return found == unit.counters.end() ? 0 : found->second;
}

void setCounter(Step& step, const std::string& unit, const char* name, std::optional<double> value) {
    const Unit* found = step.battle.findUnit(unit);
    const bool has = found != nullptr && found->counters.count(name) != 0;
    if (value || has) {
        step.emit(event::CounterSet{unit, name, value});
    }
}

void setMarker(Step& step, const std::string& unit, const char* marker, bool present) {
    const Unit* found = step.battle.findUnit(unit);
    if (found != nullptr && (found->markers.count(marker) != 0) != present) {
        step.emit(event::MarkerChanged{unit, marker, present});
    }
}

} // namespace sandtable::vcc
