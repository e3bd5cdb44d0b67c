#pragma once

#include <array>
#include <boost/geometry.hpp>
#include <boost/geometry/geometries/linestring.hpp>
#include <boost/geometry/geometries/point_xy.hpp>
#include <boost/geometry/geometries/polygon.hpp>
#include <boost/geometry/geometries/segment.hpp>
#include <span>
#include <string>

namespace sandtable {

// Table coordinates are millimetres: x to the right, y down the table (as on screen),
// so that the view draws them as they are. A facing is in degrees clockwise from "up"
// (toward smaller y): 0 faces up the table, 90 to the right.
using Point = boost::geometry::model::d2::point_xy<double>;
/// Clockwise, closed (the first point repeated last), as Boost.Geometry's default.
using Polygon = boost::geometry::model::polygon<Point>;
using Path = boost::geometry::model::linestring<Point>;
using Segment = boost::geometry::model::segment<Point>;

constexpr double millimetresPerInch = 25.4;

/// The unit vector a facing points along.
Point facingVector(double facingDegrees);
/// The facing (0-360) that points from `from` toward `to`.
double bearing(const Point& from, const Point& to);
/// The smallest angle between two facings, 0 to 180 degrees.
double angleBetween(double facingA, double facingB);
double normaliseDegrees(double degrees);

/// A box with its sides square to the table's edges, from its least corner to its greatest.
struct UprightBox {
    Point low;
    Point high;
};

/// A rectangle of `width` (frontage) and `depth` centred on `centre` and facing `facing`:
/// corners front-left, front-right, rear-right, rear-left.
std::array<Point, 4> rectangleCorners(const Point& centre, double width, double depth, double facing);
Polygon rectangle(const Point& centre, double width, double depth, double facing);

/// The shortest distance between two convex outlines given by their corners in order
/// (a segment is two corners, a point one): 0 where they touch or overlap. What bases
/// are measured with: the same answer as Boost.Geometry's polygon distance, at a small
/// fraction of its cost, for the hot paths (offers, previews, replay).
double convexDistance(std::span<const Point> a, std::span<const Point> b);
/// Whether two such outlines touch or overlap: convexDistance(a, b) <= 0, without
/// measuring how far apart they are when they do not (the rules' crossing and sight
/// checks ask only this, most often of outlines apart).
bool convexOutlinesMeet(std::span<const Point> a, std::span<const Point> b);

/// Why a polygon is not a simple closed outline (it crosses itself, has a spike...);
/// empty when it is one.
std::string polygonProblem(const Polygon& polygon);

} // namespace sandtable
