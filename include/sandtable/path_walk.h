#pragma once

#include "sandtable/battle.h"

#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace sandtable {

/// A line crossed on the way into a stretch of path, and where.
struct LineCrossing {
    const TerrainLine* line = nullptr;
    Point at;
};

/// One stretch of a path lying wholly inside or outside every terrain area, in the order
/// the path walks them, with what is crossed on the way into it: the lines met and the
/// contours climbed (negative: descended) since the stretch before.
struct PathStretch {
    Point from;
    Point to;
    double length = 0;                     // millimetres
    double heading = 0;                    // degrees, the bearing of its leg
    std::vector<const TerrainArea*> areas; // the areas its middle lies in
    std::vector<LineCrossing> crossings;   // the lines crossed on the way into it
    int contoursClimbed = 0;
};

/// How a walk in boxes steps from a box to the next: to any of the eight around it, a
/// diagonal step counting one box, or only along a row or a column (a diagonal then takes
/// two steps).
enum class GridSteps { Diagonal, Orthogonal };

/// The boxes a path passes through on a gridded table, each next to the one before: its
/// points snapped to their boxes, each leg between them stepped along the straight line
/// as closely as the steps allow. The first is the box the path starts in.
std::vector<Box> boxRoute(const Table& table, const Path& path, GridSteps steps);

/// The stretches of a path through the battle's terrain, in order. A line met at a
/// corner of the path is crossed once; a path that starts or ends on a line does not
/// cross it. On a gridded table the path is walked in boxes (boxRoute): each stretch is
/// one step from a box's centre to the next's, one box long whatever its direction, on
/// the ground of the box it enters, crossing the lines between the two centres and
/// climbing from the level of one centre to the other's.
std::vector<PathStretch> walkPath(const Battle& battle, const Path& path, GridSteps steps = GridSteps::Diagonal);

/// Whether a heading at `at` runs directly down `hill`: away from the hill's top (the
/// centre of its highest contour inside it) within 45 degrees.
bool directlyDownhill(const Battle& battle, const TerrainArea& hill, const Point& at, double heading);

/// What a kind of ground costs one unit for each length of path through it.
struct GroundCost {
    double perLength = 1; // allowance paid per length walked: 2 is half speed, 4 a quarter
    bool impassable = false;
    bool fullSpeedDownhill = false; // a hill walked directly downhill costs nothing extra
    std::string tally;              // the trace's heading for it ("woods", "rough"); empty: its name
    std::string why;                // the rule, cited when it refuses
};

/// What crossing a line (or climbing a contour) costs one unit.
struct CrossingCost {
    double fixed = 0;       // allowance paid, table units
    double shareOfMove = 0; // of the unit's whole allowance
    bool impassable = false;
    std::string tally;
    std::string why;
    double allowanceFor(double allowance) const { return fixed + shareOfMove * allowance; }
};

/// Everything that prices a path for one unit: its ruleset's costs for each kind of
/// ground and line (PathCostTable::pricesFor reads them from ruleset.json), and what
/// the scenario's players agreed for a feature, where the ruleset reads that.
struct PathPrices {
    std::string arm;                        // lines impassable to it (TerrainLine::impassableTo) stop it but at a bridge
    std::map<AreaType, GroundCost> areas;   // a type not listed is open ground
    std::map<LineType, CrossingCost> lines; // a type not listed is crossed freely
    CrossingCost contour;                   // for each contour climbed
    /// A leg more than 45 degrees off `facing` is sideways or backward and pays this.
    std::optional<double> facing;
    GroundCost offFacing;
    double bridgeReach = 0; // table units: a line crossed this near a bridge is crossed by it, freely
    /// Table units of path a crossing priced as a share of a move includes (getting a base
    /// over): the share costs that much less, never less than nothing.
    double shareIncludes = 0;
    double allowance = 0;                      // the whole move, for crossings priced as a share of it
    GridSteps gridSteps = GridSteps::Diagonal; // on a gridded table: may a step be diagonal
    /// The players' own terms for one feature, replacing its type's (ein-terrain).
    std::function<std::optional<GroundCost>(const TerrainArea&)> areaTerms;
    std::function<std::optional<CrossingCost>(const TerrainLine&)> lineTerms;

    GroundCost ground(const TerrainArea& area) const;
    CrossingCost crossing(const TerrainLine& line) const;
};

/// What a path costs one unit, walked in order.
struct PathPrice {
    double length = 0; // table units
    double cost = 0;   // allowance, table units
    std::string refusal;
    /// The path cut where a budget ran out (the whole path when it did not, or without one).
    Path affordable;
    double affordableCost = 0;
    /// The ground that slowed it, by area in the order first met, and the lines it crossed.
    struct Slowed {
        const TerrainArea* area = nullptr;
        GroundCost cost;
        double length = 0; // table units walked at that cost
    };
    struct Crossed {
        const TerrainLine* line = nullptr;
        bool byBridge = false;
        CrossingCost cost;
    };
    std::vector<Slowed> slowed;
    std::vector<Crossed> crossed;
    double offFacingLength = 0;
    int contoursClimbed = 0;

    /// Table units walked on ground of this tally ("woods").
    double lengthIn(const std::string& tally) const;
    /// Lines of this tally crossed (not by a bridge).
    int crossings(const std::string& tally) const;
};

/// The name a player reads for a feature: its own, else its type's.
std::string featureName(const TerrainArea& area);
std::string featureName(const TerrainLine& line);

/// Prices `path` (from the unit's centre) for `unit` at `prices`: each stretch at its
/// worst ground, each crossing and contour as it is met. With a budget, `affordable`
/// stops where the allowance runs out (on a gridded table: in the last box paid for
/// whole).
PathPrice pricePath(const Battle& battle, const Unit& unit, const Path& path, const PathPrices& prices,
                    std::optional<double> budget = std::nullopt);

} // namespace sandtable
