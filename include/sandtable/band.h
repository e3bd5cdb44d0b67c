#pragma once

#include <cstdint>
#include <optional>
#include <string>

namespace sandtable {

/// A band of whole numbers on a chart's axis: "2-3", "12+", or a single value.
struct Band {
    std::int64_t lowest = 0;
    std::optional<std::int64_t> highest; // empty: "or more"
    std::string label;

    bool contains(std::int64_t value) const { return value >= lowest && (!highest || value <= *highest); }
    static std::string defaultLabel(std::int64_t lowest, std::optional<std::int64_t> highest);
};

} // namespace sandtable
