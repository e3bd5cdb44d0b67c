#include "ein_overlay.h"

#include "ein_movement.h"

namespace sandtable::ein {

namespace {

constexpr double kFrontArcDegrees = 90; // 45° either side of straight ahead (ein-fire-arc)

} // namespace

UnitOverlay overlayOf(const Data& data, const Battle& battle, const Unit& unit) {
    UnitOverlay overlay;
    std::string about;
    const TroopClass& troops = classOf(data, unit);
    const std::string ranges = troops.gun ? "artillery" : troops.firearm;
    if (!ranges.empty()) {
        const RangeBands& bands = data.ranges(ranges);
        overlay.arcDegrees = kFrontArcDegrees;
        about = bands.name + ", front 90°";
        for (const RangeBand& band : bands.bands) {
            overlay.bands.push_back({band.name, battle.table.fromUnits(band.to)});
            // A table of one band named as the table ("Musket range") needs no band name.
            const std::string name = band.name == bands.name ? std::string() : band.name + " ";
            about += (overlay.bands.size() == 1 ? ": " : ", ") + name + "to " + battle.table.formatLength(battle.table.fromUnits(band.to));
        }
    } else {
        about = "no firearms";
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
