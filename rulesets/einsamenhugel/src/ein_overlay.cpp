#include "ein_overlay.h"

#include "ein_movement.h"
#include "sandtable/kit/overlay.h"

namespace sandtable::ein {

namespace {

constexpr double kFrontArcDegrees = 90; // 45° either side of straight ahead (ein-fire-arc)

} // namespace

UnitOverlay overlayOf(const Data& data, const Battle& battle, const Unit& unit) {
    const TroopClass& troops = classOf(data, unit);
    const std::string ranges = troops.gun ? "artillery" : troops.firearm;
    UnitOverlay overlay;
    std::string about = "no firearms";
    if (!ranges.empty()) {
        const RangeBands& bands = data.ranges(ranges);
        overlay = kit::weaponOverlay(battle.table, bands.name, bands, kFrontArcDegrees);
        about = overlay.about;
    }
    if (const std::string why = whyNoMove(data, battle, unit); why.empty()) {
        overlay.move = battle.table.fromUnits(allowanceCm(data, unit));
        about += "; moves " + battle.table.formatLength(*overlay.move) + " (the Variation may take or add a quarter)";
    } else {
        about += "; " + why;
    }
    overlay.about = std::move(about);
    return overlay;
}

} // namespace sandtable::ein
