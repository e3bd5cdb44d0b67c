#pragma once

#include "sandtable/citation.h"

#include <optional>
#include <string>
#include <vector>

namespace sandtable {

/// One range band of a weapon: "short" up to 7 inches.
struct RangeBand {
    std::string id;
    std::string name;
    double from = 0; // inclusive
    double to = 0;   // inclusive
};

/// A weapon's range bands, nearest first ("Musket 7/14": short to 7, long to 14).
/// A distance on a boundary belongs to the nearer band ("within 7 inches" is short), within
/// measure::tolerance.
class RangeBands {
public:
    std::string id;
    std::string name;
    Citation source;
    std::vector<RangeBand> bands;

    /// The band a distance (in the ruleset's unit) falls in; empty when out of range.
    const RangeBand* bandFor(double distance) const;
    double maximumRange() const { return bands.empty() ? 0 : bands.back().to; }
};

} // namespace sandtable
