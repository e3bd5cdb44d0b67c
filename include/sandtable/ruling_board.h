#pragma once

#include "sandtable/scenario.h"

#include <optional>
#include <string>
#include <vector>

namespace sandtable {

/// A unit a rulings board's palette offers: one as a scenario of the ruleset has it.
struct UnitPiece {
    std::string label; // "Winkie Guard (infantry, veteran, line; 4 bases)"
    Unit unit;         // its bases where the scenario stands them
};

/// A terrain feature the palette offers, as a scenario of the ruleset draws it.
struct TerrainPiece {
    std::string label; // "Woods: Ashwood"
    TerrainArea area;
};

/// What a rulings board may put on its table: the units and terrain of a ruleset's
/// scenarios, each kind once.
struct BoardPalette {
    std::vector<UnitPiece> units;
    std::vector<TerrainPiece> terrain;
    /// The sides of the first scenario, for a new board: the rules may read who is who.
    std::vector<Side> sides;
};

/// The palette of `rulesetId` from `scenarios` (those of other rulesets are passed
/// over): each unit that differs from the others in type, quality, formation, arm or
/// number of elements, and each terrain feature of a type not yet in it (a hill by its
/// lowest contour, a crest needing its hill), in the order found.
BoardPalette paletteFrom(const std::vector<Scenario>& scenarios, const std::string& rulesetId);

/// `piece` as a new unit of `side` on `battle`: a fresh id and name, its bases moved so
/// that its centre (Unit::centre) stands at `at`, their formation and facing kept, its
/// markers and counters cleared, attached to no one.
Unit placedUnit(const Battle& battle, const Unit& piece, const std::string& side, Point at);

/// `piece` as a new terrain feature on `battle`, a fresh id, its middle at `at`.
TerrainArea placedTerrain(const Battle& battle, const TerrainArea& piece, Point at);

/// How many of the unit's figures are in `health`: each figure of a stand that lists its
/// figures, and each base that is a single figure (one that lists none).
int figuresIn(const Unit& unit, Health health);
/// All the unit's figures, counted as figuresIn counts them.
int figureCount(const Unit& unit);
/// Puts `count` of the unit's figures in `health` (no more than it has): fit figures from
/// its last base back take it on, and the foremost so marked are the first fit again.
void setFiguresIn(Unit& unit, Health health, int count);

/// An id for a new unit or feature on `battle`, built from `base`: "winkie-guard-2".
std::string freshId(const Battle& battle, const std::string& base);

} // namespace sandtable
