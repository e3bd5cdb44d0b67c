#include "ozz_overlay.h"

namespace sandtable::ozz {

namespace {

constexpr double kFrontArcDegrees = 90; // 45° either side of straight ahead (ozz-fire-arc)

} // namespace

UnitOverlay overlayOf(const Data& data, const Battle& battle, const Unit& unit) {
    UnitOverlay overlay;
    std::string about;
    const UnitType* type = data.unitType(unit.type);
    const Weapon* weapon = type != nullptr && !type->weapon.empty() ? data.weapon(type->weapon) : nullptr;
    if (weapon != nullptr) {
        overlay.arcDegrees = kFrontArcDegrees;
        about = weapon->name + ", front 90°";
        for (const RangeBand& band : data.ranges(weapon->ranges).bands) {
            overlay.bands.push_back({band.name, battle.table.fromUnits(band.to)});
            about +=
                (overlay.bands.size() == 1 ? ": " : ", ") + band.name + " to " + battle.table.formatLength(battle.table.fromUnits(band.to));
        }
    } else {
        about = "no firearms";
    }
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
