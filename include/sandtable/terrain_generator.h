#pragma once

#include "sandtable/battle.h"
#include "sandtable/citation.h"
#include "sandtable/dice_stream.h"

#include <map>
#include <string>
#include <vector>

namespace sandtable {

/// The random terrain generator of the Einsamenhügel blog (002_7b20089435c2e4ae.txt,
/// "Random Terrain Generator"): the table in twelve sectors, two rows of six; a die per
/// sector, 4-6 a terrain piece; a second die for its type. It works for any ruleset and
/// table size (the sectors scale with the table). Every die is rolled first, through the
/// game's seeded stream, so that the players' choices for "Player A's/B's choice" sectors
/// come after the dice and the shapes follow from them deterministically.
enum class FeatureKind { None, Hill, Water, Wood, BuiltUp, PlayerAChoice, PlayerBChoice };
std::string toString(FeatureKind kind);

/// Where the generator comes from, for every front end that credits it.
Citation terrainGeneratorSource();

struct SectorRoll {
    int row = 0;      // 0 the far row (top of the table), 1 the near row
    int column = 0;   // 0-5 from the left
    int presence = 0; // the first die: 4-6 a terrain piece
    int type = 0;     // the second die, when there is a piece
    FeatureKind kind = FeatureKind::None;
    std::vector<int> shape; // the dice that size and place it
    int number() const { return row * 6 + column + 1; }
};

constexpr int sectorRows = 2;
constexpr int sectorColumns = 6;

/// Rolls every sector: presence, type and shape dice, each recorded with its purpose.
std::vector<SectorRoll> rollTerrain(DiceStream& dice);

/// What a sector's dice said, for the log: "Sector 4 (far row, 4th from the left): 5, a
/// terrain piece; 3, a wood".
std::string describe(const SectorRoll& roll);

/// Areas and lines from the rolls. `choices` gives the kind (hill, water, wood or
/// built-up) each player chose for the sectors that were theirs to choose, by sector
/// number; a choice sector without one is left empty and said so in `notes`.
struct GeneratedTerrain {
    std::vector<TerrainArea> areas;
    std::vector<TerrainLine> lines;
    std::vector<std::string> notes;
};
GeneratedTerrain buildTerrain(const Table& table, const std::vector<SectorRoll>& rolls, const std::map<int, FeatureKind>& choices);

} // namespace sandtable
