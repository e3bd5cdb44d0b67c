#pragma once

#include "ein_units.h"
#include "sandtable/scenario.h"

#include <string>
#include <vector>

namespace sandtable::ein {

/// The state of play (TURN SEQUENCE): which phase, whose move, who has passed.
std::string phaseOf(const Battle& battle);
std::string sideToPlay(const Battle& battle);
std::string otherSide(const Battle& battle, const std::string& side);

/// Sets up the battle: generals attached as the scenario says, the battle's British
/// chance if it is decided once, the starting count of units, the scenario's end rules
/// (concession, turn limit), and turn 1.
void startBattle(Step& step, const Scenario& scenario);

/// After a unit's move: the other side moves next, unless it has passed.
void afterUnitMove(Step& step);

/// The side to play passes: in movement it moves no more units this turn; in fire it has
/// given all its orders. When both have, the phase moves on (and fire is thrown).
void pass(Step& step);

/// After a melee is fought: when none is left to fight, the turn ends.
void afterMelee(Step& step);

/// Units each side has left and started with (generals included), and whether it has lost.
struct ArmyCount {
    std::string side;
    int starting = 0;
    int left = 0;
    bool lost = false;
};
std::vector<ArmyCount> armyCounts(const Battle& battle, const RulesetOptions& options);

/// Where the game stands; with `listActing` false, without the units that may act
/// (Ruleset::briefStatus).
GameStatus gameStatus(const Data& data, const RulesetOptions& options, const Battle& battle, bool listActing = true);

/// Whether `type` is one of a unit's movement-phase orders (move, formation, charge,
/// attach): after it, the other side moves next.
bool isUnitOrder(const std::string& type);

/// What a side's pass means in the phase ("Pass: fire orders given"); empty in a phase
/// with nothing to pass.
std::string passLabel(const std::string& phase);

/// Why the action is out of the sequence of play (TURN SEQUENCE): another phase's order,
/// the other side's turn, a unit that has moved. Empty when it is in turn.
std::string turnSequenceRefusal(const Data& data, const Battle& battle, const Action& action);

} // namespace sandtable::ein
