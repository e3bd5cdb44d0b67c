#include "sandtable/kit/session_state.h"

#include <algorithm>

namespace sandtable::kit {

const nlohmann::json& sessionEntries(const Battle& battle, const char* key) {
    static const nlohmann::json none = nlohmann::json::array();
    const auto found = battle.session.find(key);
    return found != battle.session.end() && found->is_array() ? *found : none;
}

std::vector<std::string> sessionList(const Battle& battle, const char* key) {
    return sessionEntries(battle, key).get<std::vector<std::string>>();
}

bool listed(const Battle& battle, const char* key, const std::string& id) {
    const nlohmann::json& entries = sessionEntries(battle, key);
    return std::find(entries.begin(), entries.end(), id) != entries.end();
}

void addToList(ResolutionStep& step, const char* key, const std::string& id) {
    auto list = sessionList(step.battle, key);
    if (std::find(list.begin(), list.end(), id) == list.end()) {
        list.push_back(id);
        step.emit(event::SessionSet{key, list});
    }
}

void removeFromList(ResolutionStep& step, const char* key, const std::string& id) {
    auto list = sessionList(step.battle, key);
    const auto found = std::find(list.begin(), list.end(), id);
    if (found != list.end()) {
        list.erase(found);
        step.emit(event::SessionSet{key, list});
    }
}

double counter(const Unit& unit, const char* name) {
    const auto found = unit.counters.find(name);
    return found == unit.counters.end() ? 0.0 : found->second;
}

void setCounter(ResolutionStep& step, const std::string& unit, const char* name, double value) {
    step.emit(event::CounterSet{unit, name, value});
}

void clearCounter(ResolutionStep& step, const Unit& unit, const char* name) {
    if (unit.counters.count(name) != 0) {
        step.emit(event::CounterSet{unit.id, name, std::nullopt});
    }
}

void setMarker(ResolutionStep& step, const Unit& unit, const char* marker, bool present) {
    if ((unit.markers.count(marker) != 0) != present) {
        step.emit(event::MarkerChanged{unit.id, marker, present});
    }
}

} // namespace sandtable::kit
