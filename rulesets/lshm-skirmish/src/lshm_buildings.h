#pragma once

#include "lshm_figures.h"

#include <string>
#include <vector>

namespace sandtable::lshm {

// Buildings (MOUNT: Military Operations in Urban Terrain). A built-up area is a building;
// its scenario "rules" give its storeys, the figures one storey holds, its walls and its
// doors and windows, each with the way it faces. What play does to them is the area's
// markers: "open:<id>", "breached:<id>", "loopholed:<id>".

struct Opening {
    std::string id;
    std::string kind;  // "door", "window", "barn-door", "wall" (a breach made through a wall)
    double facing = 0; // degrees clockwise from up the table: the way one looks out through it
    bool open = false; // as the scenario sets it, before play
};

std::vector<Opening> openingsOf(const TerrainArea& building);
/// "masonry-wall" or "rock-wall": what its walls are made of (rules.walls).
std::string wallsOf(const TerrainArea& building);
/// Figures that fit on its roof times its storeys (RULINGS.md, lshm-buildings).
int capacityOf(const TerrainArea& building);
bool isOpen(const TerrainArea& building, const Opening& opening);
bool isBreached(const TerrainArea& building, const std::string& opening);
bool isLoopholed(const TerrainArea& building, const std::string& opening);
/// Figures of any side inside it now, and of which sides.
int figuresInside(const Battle& battle, const TerrainArea& building, const std::string& side = {});
/// Whether figures of `side` may go in: a door open or a breach, and no enemy inside.
std::string entryRefusal(const Battle& battle, const TerrainArea& building, const std::string& side);
/// How many figures inside may fire toward `target`: one per window, open, loopholed or
/// breached door (two at a barn door) facing within 90 degrees of it.
int openingsFacing(const TerrainArea& building, const Point& inside, const Point& target);

/// What a unit outside a building may breach now, each "area-id/opening-id" with a
/// label; and the work a breach needs from it in turns (0: it cannot).
struct BreachChoice {
    std::string id;
    std::string label;
    std::string kind; // door, window, masonry-wall, rock-wall
};
std::vector<BreachChoice> breachChoices(const Battle& battle, const Unit& unit, bool fromInside);
/// The turns of uninterrupted work a breach needs from this unit (its workers counted).
int breachTurns(const Data& data, const Unit& unit, const std::string& kind);
/// Workers the space at an opening allows (RULINGS.md, lshm-breach-workers).
int breachWorkers(const Unit& unit, const std::string& kind);

/// The unit's breaching or loophole work this turn: set by its order, counted in the
/// morale phase unless it fired, fought or was hit (RULINGS.md, lshm-breach-workers).
void startWork(Step& step, const Unit& unit, const std::string& choice, bool loophole);
void countWork(Step& step);
/// A gun's shot at an opening: its share of the shots the chart needs.
void batter(Step& step, const Unit& gun, const std::string& choice, const std::string& shot);

} // namespace sandtable::lshm
