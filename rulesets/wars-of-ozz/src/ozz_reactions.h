#pragma once

#include "ozz_movement.h"
#include "ozz_step.h"

#include <string>

namespace sandtable::ozz {

/// Rolls a unit's allowance for a kind of move, with every move modifier in the trace.
double rollAllowance(Step& step, const std::string& unit, MoveKind kind);

/// Moves a unit along a path of its centre (the first point where it stands), paying the
/// terrain; a unit that ends off the table is lost with its bases (RULINGS.md, ozz-rout).
void moveAlong(Step& step, const std::string& unit, const Path& path, double facing);

struct Approach {
    double travelled = 0; // inches
    bool contact = false;
    bool impetus = false;
};

/// Moves a unit straight at another (turning to face it first when `face`), at most
/// `allowance` inches of cost, stopping `stopShort` inches from it (0: into contact).
Approach moveToward(Step& step, const std::string& unit, const std::string& target, double allowance, double stopShort, bool face);

/// The same approach, worked out without moving: how far, what it costs, whether the
/// last 4" give impetus (RULINGS.md, ozz-impetus).
struct ApproachPlan {
    Path path;       // the unit's centre, from where it stands to where it would stop
    double cost = 0; // inches of allowance to get there
    double facing = 0;
    bool impetus = false;
    std::string refusal;
};
ApproachPlan planApproach(const Data& data, const Battle& battle, const Unit& unit, const Unit& target, double stopShort);

void moveBackward(Step& step, const std::string& unit, double inches);
/// Routs a unit: Routed and Disordered, back to the nearest enemy, a full rout move.
void rout(Step& step, const std::string& unit);
/// A full move straight away from `from`, not routed ("Full move away").
void moveAway(Step& step, const std::string& unit, const std::string& from, MoveKind kind);
/// Turns a unit to face the nearest enemy.
void faceNearestEnemy(Step& step, const std::string& unit);

/// Carries out a Test of Resolve for being fired upon. `chained`: the test was called for
/// by reaction fire, so the fire it calls for calls for no further test (RULINGS.md,
/// ozz-reactions-end).
void carryOutFiredUpon(Step& step, const std::string& unit, const std::string& firer, const std::string& procedure, bool chained);

/// A routed unit's Test of Elan to rally, carried out.
void rally(Step& step, const std::string& unit);

/// What a rally may bring: the Test of Elan's shifts and the chance of each result.
void previewRally(const Data& data, const Battle& battle, const Unit& unit, Preview& preview);

} // namespace sandtable::ozz
