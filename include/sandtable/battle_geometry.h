#pragma once

#include "sandtable/battle.h"
#include "sandtable/event.h"

#include <string>
#include <vector>

namespace sandtable {

/// How a ruleset measures between two units.
enum class DistanceConvention {
    NearestEdges, // the closest points of any two bases
    FrontEdge,    // from the measuring unit's front edge to the nearest point of the target
    Centres,      // between the units' centres (a figure to a figure)
};

/// Millimetres between two units by a convention.
double distanceBetween(const Unit& from, const Unit& to, DistanceConvention convention);

/// Whether `target` lies within an arc of `arcDegrees` (90 is front ±45°, 360 all round)
/// centred on the element's facing, seen from the middle of its front edge.
bool inArc(const Element& from, const Point& target, double arcDegrees);
/// Whether any part of the unit (a corner or the centre of one of its bases) lies in the arc.
bool unitInArc(const Element& from, const Unit& target, double arcDegrees);

/// Which face of an element a point is on. The faces are divided by the element's
/// diagonals extended: in front of the front edge's diagonals is the front, and so on.
enum class Face { Front, LeftFlank, RightFlank, Rear };
std::string toString(Face face);
Face faceOf(const Element& target, const Point& from);

/// The ground level at a point: the highest hill contour containing it (0 off hills).
int groundLevel(const Battle& battle, const Point& at);

/// What blocks sight between two points: woods and built-up areas that contain neither
/// point, and hills higher than both points. Empty when the line is clear.
std::vector<const TerrainArea*> sightBlockers(const Battle& battle, const Point& from, const Point& to);
inline bool hasLineOfSight(const Battle& battle, const Point& from, const Point& to) { return sightBlockers(battle, from, to).empty(); }

/// The terrain a path crosses: how far through each area, how many contours it climbs,
/// which lines it crosses.
struct PathTerrain {
    struct AreaStretch {
        const TerrainArea* area = nullptr;
        double length = 0; // millimetres of the path inside the area
    };
    struct LineCrossing {
        const TerrainLine* line = nullptr;
        int times = 0;
    };
    double length = 0;
    std::vector<AreaStretch> areas;
    std::vector<LineCrossing> lines;
    int contoursClimbed = 0;
    int contoursDescended = 0;
};
PathTerrain terrainAlong(const Battle& battle, const Path& path);

/// Whether every base of the unit lies on the table.
bool onTable(const Table& table, const Unit& unit);
/// Whether a point is a number and lies on the table (its edges included, within the
/// measuring tolerance).
bool onTable(const Table& table, const Point& point);

/// How far a base reaches from its centre, whatever its facing: half its diagonal.
double reachOf(const Element& element);
/// How far a unit's bases reach from its centre: the farthest corner.
double reachOf(const Unit& unit);
/// The least the nearest-edges distance between two units can be, from their centres and
/// reaches alone: a cheap bound that spares the exact measure of units far apart.
double gapAtLeast(const Unit& a, const Unit& b);

/// The upright box round a unit's bases, corner to corner.
UprightBox uprightBoxOf(const Unit& unit);
/// The least the nearest-edges distance between two units can be, from the boxes round
/// them: tighter than gapAtLeast for bases square to the table's edges (then exact for
/// single bases), for the cost of a sine and cosine a base.
double gapAtLeast(const UprightBox& a, const UprightBox& b);

/// Why the points of a path (table millimetres) cannot be a route on this table: a point
/// that is not a number or lies off the table ("point 2 (1e+308, -1e+308) is off the
/// table"); empty when every point may be walked to.
std::string pathProblem(const Table& table, const Path& path);

/// The placements of a unit turned to `facing` about its centre.
std::vector<event::Placement> turned(const Unit& unit, double facing);
/// The placements of a unit moved by (dx, dy) millimetres, keeping its facing.
std::vector<event::Placement> shifted(const std::vector<event::Placement>& placements, double dx, double dy);
/// The unit as it would stand at these placements.
Unit placedAt(const Unit& unit, const std::vector<event::Placement>& placements);

/// The face of `target` that `from` stands on (diagonals extended), by the target's base
/// nearest to it.
Face attackedFace(const Unit& target, const Unit& from);

/// Whether any base of `from` has any part of `target` in its front 90°.
bool inFrontArc(const Unit& from, const Unit& target);

/// Whether two units touch (their bases are within half a millimetre).
bool inContact(const Unit& a, const Unit& b);

} // namespace sandtable
