#include "ozz_overlay.h"

#include "sandtable/kit/overlay.h"

namespace sandtable::ozz {

namespace {

constexpr double kFrontArcDegrees = 90; // 45° either side of straight ahead (ozz-fire-arc)

} // namespace

UnitOverlay overlayOf(const Data& data, const Battle& battle, const Unit& unit) {
    const UnitType* type = data.unitType(unit.type);
    const Weapon* weapon = type != nullptr && !type->weapon.empty() ? data.weapon(type->weapon) : nullptr;
    UnitOverlay overlay =
        weapon != nullptr ? kit::weaponOverlay(battle.table, weapon->name, data.ranges(weapon->ranges), kFrontArcDegrees) : UnitOverlay{};
    std::string about = weapon != nullptr ? overlay.about : "no firearms";
    if (const auto left = unit.counters.find("movement-left"); left != unit.counters.end()) {
        overlay.move = battle.table.fromUnits(left->second);
        about += "; " + battle.table.formatLength(*overlay.move) + " of movement left";
    } else {
        about += "; movement not rolled yet";
    }
    overlay.about = std::move(about);
    return overlay;
}

} // namespace sandtable::ozz
