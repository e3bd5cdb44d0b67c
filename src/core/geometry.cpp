#include "sandtable/geometry.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <numbers>

namespace sandtable {

namespace {

constexpr double radiansPerDegree = std::numbers::pi / 180.0;

} // namespace

Point facingVector(double facingDegrees) {
    const double radians = facingDegrees * radiansPerDegree;
    return Point(std::sin(radians), -std::cos(radians));
}

double normaliseDegrees(double degrees) {
    double result = std::fmod(degrees, 360.0);
    return result < 0 ? result + 360.0 : result;
}

double bearing(const Point& from, const Point& to) {
    return normaliseDegrees(std::atan2(to.x() - from.x(), -(to.y() - from.y())) / radiansPerDegree);
}

double angleBetween(double facingA, double facingB) {
    const double difference = normaliseDegrees(facingA - facingB);
    return difference > 180.0 ? 360.0 - difference : difference;
}

std::array<Point, 4> rectangleCorners(const Point& centre, double width, double depth, double facing) {
    // The axes of the facing last asked for on this thread are kept: a unit's bases, and
    // one base along the steps of a move, mostly share a facing, and the sines and cosines
    // were a sixth of a computer's refight in a large battle.
    struct Axes {
        double facing = std::numeric_limits<double>::quiet_NaN();
        Point forward{0, 0};
        Point right{0, 0};
    };
    thread_local Axes last;
    if (!(facing == last.facing)) {
        last = {facing, facingVector(facing), facingVector(facing + 90.0)};
    }
    const Point forward = last.forward;
    const Point right = last.right;
    const auto at = [&](double across, double along) {
        return Point(centre.x() + right.x() * across + forward.x() * along, centre.y() + right.y() * across + forward.y() * along);
    };
    return {at(-width / 2, depth / 2), at(width / 2, depth / 2), at(width / 2, -depth / 2), at(-width / 2, -depth / 2)};
}

namespace {

/// From `p` to the nearest point of the segment from `a` to `b`.
Point pointSegmentOffset(const Point& p, const Point& a, const Point& b) {
    const double dx = b.x() - a.x();
    const double dy = b.y() - a.y();
    const double length2 = dx * dx + dy * dy;
    double t = length2 > 0 ? ((p.x() - a.x()) * dx + (p.y() - a.y()) * dy) / length2 : 0.0;
    t = std::clamp(t, 0.0, 1.0);
    return Point(p.x() - (a.x() + t * dx), p.y() - (a.y() + t * dy));
}

double pointSegmentDistance(const Point& p, const Point& a, const Point& b) {
    const Point offset = pointSegmentOffset(p, a, b);
    return std::hypot(offset.x(), offset.y());
}

// Separating axis test: two convex outlines are apart when their projections onto the
// normal of some edge of either do not overlap.
bool separated(std::span<const Point> a, std::span<const Point> b) {
    const auto apartAlongEdgesOf = [&](std::span<const Point> outline) {
        for (std::size_t i = 0; i < outline.size(); ++i) {
            const Point& from = outline[i];
            const Point& to = outline[(i + 1) % outline.size()];
            const double nx = from.y() - to.y();
            const double ny = to.x() - from.x();
            if (nx == 0 && ny == 0) {
                continue;
            }
            double minA = std::numeric_limits<double>::max(), maxA = -minA, minB = minA, maxB = -minA;
            for (const Point& p : a) {
                const double d = p.x() * nx + p.y() * ny;
                minA = std::min(minA, d);
                maxA = std::max(maxA, d);
            }
            for (const Point& p : b) {
                const double d = p.x() * nx + p.y() * ny;
                minB = std::min(minB, d);
                maxB = std::max(maxB, d);
            }
            if (maxA < minB || maxB < minA) {
                return true;
            }
        }
        return false;
    };
    return apartAlongEdgesOf(a) || apartAlongEdgesOf(b);
}

// The edges of an outline: a point is one edge of no length, a segment one edge, a
// polygon its corners joined all round.
template <class F> void forEachEdge(std::span<const Point> outline, F f) {
    if (outline.size() <= 2) {
        f(outline.front(), outline.back());
        return;
    }
    for (std::size_t i = 0; i < outline.size(); ++i) {
        f(outline[i], outline[(i + 1) % outline.size()]);
    }
}

double vertexToEdges(std::span<const Point> vertices, std::span<const Point> outline) {
    // The least of the corner-to-edge distances, measured exactly (std::hypot) only for
    // the pairs whose squares are within rounding of the least square: the same figure
    // as measuring every pair, for a hypot or two instead of one a pair (it is the
    // costliest step of a large battle's nearest-enemy searches).
    constexpr std::size_t kMostPairs = 64;
    std::array<Point, kMostPairs> offsets;
    std::size_t pairs = 0;
    double leastSquare = std::numeric_limits<double>::max();
    double best = std::numeric_limits<double>::max();
    for (const Point& p : vertices) {
        forEachEdge(outline, [&](const Point& a, const Point& b) {
            const Point offset = pointSegmentOffset(p, a, b);
            if (pairs == kMostPairs) {
                best = std::min(best, std::hypot(offset.x(), offset.y())); // a large outline: measured as it comes
                return;
            }
            offsets[pairs++] = offset;
            leastSquare = std::min(leastSquare, offset.x() * offset.x() + offset.y() * offset.y());
        });
    }
    const double within = leastSquare * (1 + 1e-9) + std::numeric_limits<double>::min();
    for (std::size_t i = 0; i < pairs; ++i) {
        const Point& offset = offsets[i];
        if (offset.x() * offset.x() + offset.y() * offset.y() <= within) {
            best = std::min(best, std::hypot(offset.x(), offset.y()));
        }
    }
    return best;
}

double cross(const Point& o, const Point& a, const Point& b) {
    return (a.x() - o.x()) * (b.y() - o.y()) - (a.y() - o.y()) * (b.x() - o.x());
}

// Whether two segments meet, collinear overlaps included.
bool segmentsMeet(const Point& a, const Point& b, const Point& c, const Point& d) {
    const double d1 = cross(c, d, a), d2 = cross(c, d, b), d3 = cross(a, b, c), d4 = cross(a, b, d);
    if (((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0))) {
        return true;
    }
    return pointSegmentDistance(a, c, d) == 0 || pointSegmentDistance(b, c, d) == 0 || pointSegmentDistance(c, a, b) == 0 ||
           pointSegmentDistance(d, a, b) == 0;
}

} // namespace

bool convexOutlinesMeet(std::span<const Point> a, std::span<const Point> b) {
    if (a.empty() || b.empty()) {
        return false;
    }
    // By separating axes when either has an area (whose edge normals are then the only
    // axes to try), by a segment test when neither has.
    return (a.size() >= 3 || b.size() >= 3) ? !separated(a, b) : segmentsMeet(a.front(), a.back(), b.front(), b.back());
}

double convexDistance(std::span<const Point> a, std::span<const Point> b) {
    if (a.empty() || b.empty()) {
        return std::numeric_limits<double>::max();
    }
    if (convexOutlinesMeet(a, b)) {
        return 0.0;
    }
    // Apart, the nearest points are a corner of one and an edge of the other.
    return std::min(vertexToEdges(a, b), vertexToEdges(b, a));
}

Polygon rectangle(const Point& centre, double width, double depth, double facing) {
    const auto corners = rectangleCorners(centre, width, depth, facing);
    Polygon polygon;
    for (const Point& corner : corners) {
        boost::geometry::append(polygon.outer(), corner);
    }
    boost::geometry::append(polygon.outer(), corners[0]);
    boost::geometry::correct(polygon); // orientation and closure as Boost expects
    return polygon;
}

} // namespace sandtable
