#include "sandtable/battle_geometry.h"

#include "sandtable/measure.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>
#include <sstream>

namespace bg = boost::geometry;

namespace sandtable {

namespace {

Point midpoint(const Segment& segment) {
    return Point((segment.first.x() + segment.second.x()) / 2, (segment.first.y() + segment.second.y()) / 2);
}

double distanceAlong(const Path& path, const Point& point) {
    // How far along the path a point on it lies: the nearest segment's start plus the rest.
    double travelled = 0;
    double best = std::numeric_limits<double>::max();
    double along = 0;
    for (std::size_t i = 0; i + 1 < path.size(); ++i) {
        const Segment segment(path[i], path[i + 1]);
        const double off = bg::distance(point, segment);
        if (off < best) {
            best = off;
            along = travelled + bg::distance(path[i], point);
        }
        travelled += bg::distance(path[i], path[i + 1]);
    }
    return along;
}

Point pointAlong(const Path& path, double distance) {
    double travelled = 0;
    for (std::size_t i = 0; i + 1 < path.size(); ++i) {
        const double step = bg::distance(path[i], path[i + 1]);
        if (travelled + step >= distance && step > 0) {
            const double t = (distance - travelled) / step;
            return Point(path[i].x() + t * (path[i + 1].x() - path[i].x()), path[i].y() + t * (path[i + 1].y() - path[i].y()));
        }
        travelled += step;
    }
    return path.back();
}

} // namespace

double distanceBetween(const Unit& from, const Unit& to, DistanceConvention convention) {
    if (convention == DistanceConvention::Centres) {
        return bg::distance(from.centre(), to.centre());
    }
    // Each base's outline once; a pair of bases whose enclosing circles are already
    // farther apart than the best so far is not measured.
    struct Outline {
        std::array<Point, 4> corners;
        std::size_t size = 4;
        Point centre;
        double radius = 0;
    };
    const auto outlines = [](const Unit& unit, bool frontEdgeOnly) {
        std::vector<Outline> all;
        all.reserve(unit.elements.size());
        for (const Element& e : unit.elements) {
            Outline outline;
            outline.corners = rectangleCorners(e.centre, e.width, e.depth, e.facing);
            outline.centre = e.centre;
            outline.radius = reachOf(e);
            if (frontEdgeOnly) {
                outline.size = 2; // front-left and front-right corners
            }
            all.push_back(outline);
        }
        return all;
    };
    const std::vector<Outline> ours = outlines(from, convention == DistanceConvention::FrontEdge);
    const std::vector<Outline> theirs = outlines(to, false);
    double best = std::numeric_limits<double>::max();
    for (const Outline& a : ours) {
        for (const Outline& b : theirs) {
            if (bg::distance(a.centre, b.centre) - a.radius - b.radius >= best) {
                continue;
            }
            best = std::min(best, convexDistance(std::span(a.corners.data(), a.size), std::span(b.corners.data(), b.size)));
        }
    }
    return best;
}

bool inArc(const Element& from, const Point& target, double arcDegrees) {
    if (arcDegrees >= 360.0) {
        return true;
    }
    const Point origin = midpoint(from.frontEdge());
    if (measure::negligible(bg::distance(origin, target))) {
        return true;
    }
    return measure::atMost(angleBetween(bearing(origin, target), from.facing), arcDegrees / 2);
}

bool unitInArc(const Element& from, const Unit& target, double arcDegrees) {
    for (const Element& element : target.elements) {
        if (inArc(from, element.centre, arcDegrees)) {
            return true;
        }
        for (const Point& corner : rectangleCorners(element.centre, element.width, element.depth, element.facing)) {
            if (inArc(from, corner, arcDegrees)) {
                return true;
            }
        }
    }
    return false;
}

std::string toString(Face face) {
    switch (face) {
    case Face::Front:
        return "front";
    case Face::LeftFlank:
        return "left flank";
    case Face::RightFlank:
        return "right flank";
    case Face::Rear:
        return "rear";
    }
    return {};
}

Face faceOf(const Element& target, const Point& from) {
    // In the element's own frame: `along` toward its front, `across` toward its right.
    const Point forward = facingVector(target.facing);
    const Point right = facingVector(target.facing + 90.0);
    const double dx = from.x() - target.centre.x();
    const double dy = from.y() - target.centre.y();
    const double along = (dx * forward.x() + dy * forward.y()) / (target.depth / 2);
    const double across = (dx * right.x() + dy * right.y()) / (target.width / 2);
    // On a diagonal the front (or rear) has it; "on" allows for rounding in positions
    // that were computed (a charge's contact point), so a tie does not fall to noise.
    if (measure::atLeast(std::abs(along), std::abs(across))) {
        return along >= 0 ? Face::Front : Face::Rear;
    }
    return across > 0 ? Face::RightFlank : Face::LeftFlank;
}

int groundLevel(const Battle& battle, const Point& at) {
    int level = 0;
    for (const TerrainArea& area : battle.areas) {
        if (area.type == AreaType::Hill && area.level > level && bg::covered_by(at, area.outline)) {
            level = area.level;
        }
    }
    return level;
}

std::vector<const TerrainArea*> sightBlockers(const Battle& battle, const Point& from, const Point& to) {
    std::vector<const TerrainArea*> blockers;
    const Segment line(from, to);
    // Only woods, towns and hills can block: the rest (fields, rough, water) are not
    // crossed out, and the eye's level is found only once a hill lies across the line.
    std::optional<int> eye;
    // An area whose bounding box the line's misses is not crossed: ruled out before the
    // exact test, which costs far more (every fire order looks along its line of sight).
    const auto lineBox = bg::return_envelope<bg::model::box<Point>>(line);
    for (const TerrainArea& area : battle.areas) {
        if ((!area.blocksSight() && area.type != AreaType::Hill) ||
            bg::disjoint(lineBox, bg::return_envelope<bg::model::box<Point>>(area.outline)) || !bg::intersects(line, area.outline)) {
            continue;
        }
        if (area.blocksSight()) {
            // Troops inside woods or a town see out of it, and can be seen there.
            if (!bg::covered_by(from, area.outline) && !bg::covered_by(to, area.outline)) {
                blockers.push_back(&area);
            }
            continue;
        }
        if (!eye) {
            eye = std::max(groundLevel(battle, from), groundLevel(battle, to));
        }
        if (area.level > *eye) {
            blockers.push_back(&area);
        }
    }
    return blockers;
}

PathTerrain terrainAlong(const Battle& battle, const Path& path) {
    PathTerrain result;
    result.length = bg::length(path);
    std::vector<double> contourCrossings;
    for (const TerrainArea& area : battle.areas) {
        bg::model::multi_linestring<Path> inside;
        bg::intersection(path, area.outline, inside);
        const double length = bg::length(inside);
        if (!measure::negligible(length)) {
            result.areas.push_back({&area, length});
        }
        if (area.type == AreaType::Hill) {
            std::vector<Point> crossings;
            bg::intersection(path, area.outline.outer(), crossings);
            for (const Point& point : crossings) {
                contourCrossings.push_back(distanceAlong(path, point));
            }
        }
    }
    // Walk the path between contour crossings and count each change of level.
    std::sort(contourCrossings.begin(), contourCrossings.end());
    contourCrossings.push_back(result.length);
    int level = groundLevel(battle, path.front());
    double previous = 0;
    for (const double at : contourCrossings) {
        if (measure::negligible(at - previous)) {
            continue;
        }
        const int here = groundLevel(battle, pointAlong(path, (previous + at) / 2));
        if (here > level) {
            result.contoursClimbed += here - level;
        } else {
            result.contoursDescended += level - here;
        }
        level = here;
        previous = at;
    }
    for (const TerrainLine& line : battle.lines) {
        std::vector<Point> crossings;
        bg::intersection(path, line.path, crossings);
        if (!crossings.empty()) {
            result.lines.push_back({&line, static_cast<int>(crossings.size())});
        }
    }
    return result;
}

bool onTable(const Table& table, const Unit& unit) {
    for (const Element& element : unit.elements) {
        for (const Point& corner : rectangleCorners(element.centre, element.width, element.depth, element.facing)) {
            if (measure::below(corner.x(), 0) || measure::below(corner.y(), 0) || measure::exceeds(corner.x(), table.width) ||
                measure::exceeds(corner.y(), table.depth)) {
                return false;
            }
        }
    }
    return true;
}

std::vector<event::Placement> turned(const Unit& unit, double facing) {
    const Point centre = unit.centre();
    const double turn = (facing - (unit.elements.empty() ? 0.0 : unit.elements.front().facing)) * M_PI / 180.0;
    std::vector<event::Placement> placements;
    for (const Element& element : unit.elements) {
        // Turning clockwise on a y-down table is the ordinary rotation matrix.
        const double x = element.centre.x() - centre.x();
        const double y = element.centre.y() - centre.y();
        const Point rotated(centre.x() + x * std::cos(turn) - y * std::sin(turn), centre.y() + x * std::sin(turn) + y * std::cos(turn));
        placements.push_back({rotated, normaliseDegrees(element.facing + facing - unit.elements.front().facing)});
    }
    return placements;
}

std::vector<event::Placement> shifted(const std::vector<event::Placement>& placements, double dx, double dy) {
    std::vector<event::Placement> moved = placements;
    for (event::Placement& placement : moved) {
        placement.centre = Point(placement.centre.x() + dx, placement.centre.y() + dy);
    }
    return moved;
}

Unit placedAt(const Unit& unit, const std::vector<event::Placement>& placements) {
    Unit placed = unit;
    for (std::size_t i = 0; i < placed.elements.size() && i < placements.size(); ++i) {
        placed.elements[i].centre = placements[i].centre;
        placed.elements[i].facing = placements[i].facing;
    }
    return placed;
}

Face attackedFace(const Unit& target, const Unit& from) {
    if (target.elements.empty() || from.elements.empty()) {
        return Face::Front;
    }
    // The base of the target nearest the attacker: a line's middle base, not its end.
    const Point at = from.centre();
    const Element* nearest = &target.elements.front();
    for (const Element& element : target.elements) {
        if (bg::distance(element.centre, at) < bg::distance(nearest->centre, at)) {
            nearest = &element;
        }
    }
    return faceOf(*nearest, at);
}

bool inFrontArc(const Unit& from, const Unit& target) {
    for (const Element& element : from.elements) {
        if (unitInArc(element, target, 90)) {
            return true;
        }
    }
    return false;
}

bool inContact(const Unit& a, const Unit& b) {
    return !a.eliminated() && !b.eliminated() && distanceBetween(a, b, DistanceConvention::NearestEdges) < 0.5;
}

bool onTable(const Table& table, const Point& point) {
    return std::isfinite(point.x()) && std::isfinite(point.y()) && !measure::below(point.x(), 0) && !measure::below(point.y(), 0) &&
           !measure::exceeds(point.x(), table.width) && !measure::exceeds(point.y(), table.depth);
}

std::string pathProblem(const Table& table, const Path& path) {
    for (std::size_t i = 0; i < path.size(); ++i) {
        const Point& point = path[i];
        if (!onTable(table, point)) {
            std::ostringstream text;
            text << "the path's point " << i + 1 << " (" << point.x() << ", " << point.y() << ") is off the table";
            return text.str();
        }
    }
    return {};
}

double reachOf(const Element& element) { return std::hypot(element.width, element.depth) / 2; }

double reachOf(const Unit& unit) {
    const Point centre = unit.centre();
    double reach = 0;
    for (const Element& element : unit.elements) {
        reach = std::max(reach, std::hypot(element.centre.x() - centre.x(), element.centre.y() - centre.y()) + reachOf(element));
    }
    return reach;
}

double gapAtLeast(const Unit& a, const Unit& b) {
    const Point ca = a.centre();
    const Point cb = b.centre();
    return std::max(0.0, std::hypot(ca.x() - cb.x(), ca.y() - cb.y()) - reachOf(a) - reachOf(b));
}

UprightBox uprightBoxOf(const Unit& unit) {
    UprightBox extent{Point(std::numeric_limits<double>::max(), std::numeric_limits<double>::max()),
                      Point(std::numeric_limits<double>::lowest(), std::numeric_limits<double>::lowest())};
    for (const Element& element : unit.elements) {
        const Point ahead = facingVector(element.facing);
        // Half the box's sides: the base's half width and half depth projected on each axis.
        const double across = (element.width * std::abs(ahead.y()) + element.depth * std::abs(ahead.x())) / 2;
        const double down = (element.width * std::abs(ahead.x()) + element.depth * std::abs(ahead.y())) / 2;
        extent.low = Point(std::min(extent.low.x(), element.centre.x() - across), std::min(extent.low.y(), element.centre.y() - down));
        extent.high = Point(std::max(extent.high.x(), element.centre.x() + across), std::max(extent.high.y(), element.centre.y() + down));
    }
    return extent;
}

double gapAtLeast(const UprightBox& a, const UprightBox& b) {
    const double apartX = std::max({0.0, a.low.x() - b.high.x(), b.low.x() - a.high.x()});
    const double apartY = std::max({0.0, a.low.y() - b.high.y(), b.low.y() - a.high.y()});
    return std::hypot(apartX, apartY);
}

} // namespace sandtable
