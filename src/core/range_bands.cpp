#include "sandtable/range_bands.h"

#include "sandtable/band.h"
#include "sandtable/measure.h"

namespace sandtable {

std::string Band::defaultLabel(std::int64_t lowest, std::optional<std::int64_t> highest) {
    if (!highest) {
        return std::to_string(lowest) + "+";
    }
    if (*highest == lowest) {
        return std::to_string(lowest);
    }
    return std::to_string(lowest) + "-" + std::to_string(*highest);
}

const RangeBand* RangeBands::bandFor(double distance) const {
    for (const RangeBand& band : bands) {
        if (measure::atLeast(distance, band.from) && measure::atMost(distance, band.to)) {
            return &band;
        }
    }
    return nullptr;
}

} // namespace sandtable
