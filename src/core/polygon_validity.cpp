// Boost.Geometry's validity check, alone in this file because GCC 12 at -O3 reports
// -Wmaybe-uninitialized and -Wfree-nonheap-object from inside Boost 1.74's own turn
// machinery (false positives in its headers); CMake silences those two for this file only.

#include "sandtable/geometry.h"

namespace bg = boost::geometry;

namespace sandtable {

std::string polygonProblem(const Polygon& polygon) {
    // Crossing edges first: Boost would call a corrected bow-tie "wrong orientation",
    // which tells an author nothing.
    if (bg::intersects(polygon)) {
        return "its edges cross each other";
    }
    bg::validity_failure_type failure = bg::no_failure;
    if (bg::is_valid(polygon, failure)) {
        return {};
    }
    switch (failure) {
    case bg::failure_few_points:
        return "it has fewer than three distinct corners";
    case bg::failure_spikes:
        return "it has a spike, an edge that doubles back on itself";
    case bg::failure_self_intersections:
        return "its edges cross each other";
    case bg::failure_wrong_topological_dimension:
        return "it has no area";
    default:
        return "Boost.Geometry validity failure " + std::to_string(static_cast<int>(failure));
    }
}

} // namespace sandtable
