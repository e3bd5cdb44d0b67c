#pragma once

#include "lshm_figures.h"
#include "sandtable/ruleset.h"

#include <optional>
#include <string>
#include <vector>

namespace sandtable::lshm {

/// How a unit's move is rolled: its dice on the movement chart's column, and the dice the
/// rules take off (rough ground the highest, heavily wounded the highest, lightly wounded
/// the lowest: RULINGS.md, lshm-rough).
struct MoveDice {
    int dice = 0;        // 0: the column prints "-" (may not)
    std::string column;  // "Cross Country", "On Road", "Charge", "Road Charge"
    std::string row;     // "Line: March Column"
    int dropHighest = 0; // heavily wounded carried
    int dropLowest = 0;  // lightly wounded walking
    std::vector<std::string> why;
};

/// The unit's dice for a move (or a charge) from where it stands, in its formation, or the
/// slower of it and the formation it changed from this turn (RULINGS.md, lshm-formation-change).
MoveDice moveDice(const Data& data, const Battle& battle, const Unit& unit, bool charge);
/// A total of d6 with the highest `high` and the lowest `low` dice taken off, exactly.
Distribution allowanceOdds(int dice, int high, int low);

/// Where each figure stands in a formation about a centre, facing one way (Unit
/// Formations): line, column, square, open order; a gun with its crew.
std::vector<event::Placement> layout(const Unit& unit, const std::string& formation, const Point& centre, double facing);
/// The way the unit faces: its first figure's.
double facingOf(const Unit& unit);

// Orders of the movement phase.

/// A gun with fewer than two figures, too few to move it (1. MOVEMENT PHASE I, lshm-guns).
bool gunTooFewToMove(const Unit& unit);
/// Announces the unit and rolls its move (under a joker, the Joker Movement Chart first).
void resolveRollMove(Step& step, const Action& action);
void resolveMove(Step& step, const Action& action);
void resolvePlaceFigures(Step& step, const Action& action);
void resolveFace(Step& step, const Action& action);
void resolveFormation(Step& step, const Action& action);
void resolvePosture(Step& step, const Action& action);
void resolveCharge(Step& step, const Action& action);
void resolveCounterCharge(Step& step, const Action& action);

/// Moves a unit's figures straight by `inches` away from (negative: toward) a point,
/// keeping their facing and stopping at the table's edge; says whether it reached the edge.
bool moveStraight(Step& step, const Unit& unit, const Point& from, double inches, const std::string& why, const Citation& citation);

/// The enemy units a unit may charge: within its best charge roll and 2".
std::vector<std::string> chargeTargets(const Data& data, const Battle& battle, const Unit& unit);
/// The move left to the acting unit, in inches (the rough allowance once it has met rough ground).
double moveLeft(const Unit& unit);

void previewMovement(const Data& data, const Battle& battle, const Unit& unit, const Action& action, Preview& preview);

} // namespace sandtable::lshm
