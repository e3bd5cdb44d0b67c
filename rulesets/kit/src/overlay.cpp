#include "sandtable/kit/overlay.h"

#include <cmath>

namespace sandtable::kit {

UnitOverlay weaponOverlay(const Table& table, const std::string& weapon, const RangeBands& bands, double arcDegrees) {
    UnitOverlay overlay;
    overlay.arcDegrees = arcDegrees;
    overlay.about = weapon + ", front " + std::to_string(static_cast<int>(std::lround(arcDegrees))) + "°";
    for (const RangeBand& band : bands.bands) {
        const double edge = table.fromUnits(band.to);
        overlay.bands.push_back({band.name, edge});
        const std::string name = band.name == bands.name ? std::string() : band.name + " ";
        overlay.about += (overlay.bands.size() == 1 ? ": " : ", ") + name + "to " + table.formatLength(edge);
    }
    return overlay;
}

} // namespace sandtable::kit
