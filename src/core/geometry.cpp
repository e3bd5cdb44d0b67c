#include "sandtable/geometry.h"

#include <cmath>
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

std::array<Point, 4> rectangleCorners(const Point& centre, double width, double depth,
                                      double facing) {
    const Point forward = facingVector(facing);
    const Point right = facingVector(facing + 90.0);
    const auto at = [&](double across, double along) {
        return Point(centre.x() + right.x() * across + forward.x() * along,
                     centre.y() + right.y() * across + forward.y() * along);
    };
    return {at(-width / 2, depth / 2), at(width / 2, depth / 2), at(width / 2, -depth / 2),
            at(-width / 2, -depth / 2)};
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
