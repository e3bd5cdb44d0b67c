#pragma once

#include "sandtable/citation.h"
#include "sandtable/fraction.h"
#include "sandtable/json_reader.h"
#include "sandtable/modifier_list.h"
#include "sandtable/path_walk.h"
#include "sandtable/terrain.h"

#include <map>
#include <optional>
#include <string>

namespace sandtable {

/// One price in a "path-costs" table, as written: impassable, a fraction (of normal
/// speed for ground, of a whole move for a crossing), a fixed allowance, or a modifier of
/// the unit's own move list, read when a unit's prices are made.
struct CostTerm {
    enum class Kind { Free, Impassable, Fraction, Fixed, Modifier };
    Kind kind = Kind::Free;
    Fraction fraction{1};
    double fixed = 0;
    std::string modifier;
    /// What a unit whose list lacks `modifier` pays: nothing extra, or it may not.
    bool impassableWithoutModifier = false;
    std::string why; // the rule, cited when it refuses
};

/// A kind of ground or line: its term, and other terms for some arms ("guns").
struct TermsByArm {
    CostTerm term;
    std::map<std::string, CostTerm> arms;
    bool fullSpeedDownhill = false; // ground only
    const CostTerm& forArm(const std::string& arm) const;
};

/// A ruleset's table of what terrain costs a move (docs/formats/tables.md, "path-costs"):
/// a speed for each kind of ground, a price for each kind of line and each contour
/// climbed, sideways or backward legs, and how near a bridge a crossing is by the bridge.
struct PathCostTable {
    std::string id;
    std::string name;
    Citation source;
    std::map<AreaType, TermsByArm> areas;
    std::map<LineType, TermsByArm> lines;
    std::optional<TermsByArm> contour;
    std::optional<TermsByArm> offFacing;
    double bridgeReach = 0;
    double shareIncludes = 0;

    /// The prices for a unit of `arm`, its move modifiers `moves` (null: none), its whole
    /// allowance (for shares of a move) and its facing (for sideways or backward legs).
    PathPrices pricesFor(const std::string& arm, const ModifierList* moves, double allowance, std::optional<double> facing) const;
};

/// Reads a "path-costs" table's own members; `good` goes false on any problem.
void readPathCosts(JsonObject& object, PathCostTable& table, bool& good);

} // namespace sandtable
