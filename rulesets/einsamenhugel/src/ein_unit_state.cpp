#include "ein_unit_state.h"

#include "ein_melee.h"
#include "ein_movement.h"

namespace sandtable::ein {

std::string unitStateText(const Data& data, const Battle& battle, const std::string& unitId) {
    const Unit* unit = battle.findUnit(unitId);
    if (unit == nullptr) {
        return {};
    }
    if (unit->eliminated()) {
        return "eliminated";
    }
    std::vector<std::string> parts;
    if (unit->arm == Arm::Leader) {
        const std::string with = generalsUnit(battle, unitId);
        const Unit* withUnit = with.empty() ? nullptr : battle.findUnit(with);
        parts.push_back(withUnit != nullptr ? "with " + withUnit->name : "not with a unit");
    } else {
        const int left = quarters(*unit);
        parts.push_back(percent(left) + " effective" +
                        (left < 4 ? " (" + std::to_string(4 - left) + " hit" + (left == 3 ? "" : "s") + ")" : ""));
        const TroopClass& troops = classOf(data, *unit);
        parts.push_back(troops.name + (inFiringOrder(data, *unit) ? ", in firing order" : ", " + unit->formation));
        parts.push_back("moves " + cm(allowanceCm(data, *unit)));
        if (const Unit* general = attachedGeneral(battle, unitId)) {
            parts.push_back(general->name + " is with it");
        }
    }
    if (unit->counters.count("acted") != 0) {
        parts.push_back("has had its move this turn");
    }
    for (const auto& [a, b] : pendingMelees(battle)) {
        if (a == unitId || b == unitId) {
            parts.push_back("in melee with " + battle.findUnit(a == unitId ? b : a)->name);
        }
    }
    std::string text;
    for (const std::string& part : parts) {
        text += (text.empty() ? "" : "; ") + part;
    }
    return text;
}

} // namespace sandtable::ein
