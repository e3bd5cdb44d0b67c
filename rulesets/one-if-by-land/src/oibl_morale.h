#pragma once

#include "oibl_units.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace sandtable::oibl {

/// What a morale test is for, where it changes the test: Indians test one quality higher
/// to charge and fight, and a charged defender weighs who charges it.
struct MoraleSituation {
    bool chargeOrMelee = false;
    std::string chargedBy; // the unit charging it, for the defender's test
};

/// A test worked out without the die (MORALE AND MORALE TESTS, DIE ROLL MODIFIERS): the
/// number to roll at or under and every modifier weighed.
struct MoralePlan {
    int moraleNumber = 0;
    std::vector<ModifierCheck> checks;
    std::map<std::string, int> times;
    int modifier = 0;
};
MoralePlan planMorale(const Data& data, const RulesetOptions& options, const Battle& battle, const Unit& unit,
                      const MoraleSituation& situation);

/// The chance of passing, of failing by 1 and of failing by 2 or more, exactly.
Odds moraleOdds(const MoralePlan& plan, const std::string& title);

enum class MoraleResult { Pass, FailedByOne, FailedByTwo };

/// Rolls a test (1d10, "A 0 is a 0"), traced with every modifier and, on a failure, the
/// line of MORALE RESULTS it reads. Applies nothing.
MoraleResult testMorale(Step& step, const std::string& unitId, const MoraleSituation& situation, const std::string& why);

/// What the results do (MORALE RESULTS): a pass clears wavering (and the marker, under
/// option panic-markers = clear-on-pass); failing by 1 the unit wavers; by 2 or more it routs.
void applyMoraleResult(Step& step, const std::string& unitId, MoraleResult result);

/// Gives a unit a Panic Marker for `trigger` (an id of the data's panicTriggers) and the
/// test it calls for, applying the results unless `applyResults` is false. A unit already
/// carrying one takes none (not cumulative) unless `always` (the charge sequence's own
/// tests: RULINGS.md, oibl-panic-markers). Returns the result, or nothing if no test was taken.
std::optional<MoraleResult> receivePanic(Step& step, const std::string& unitId, const std::string& trigger,
                                         const MoraleSituation& situation = {}, bool applyResults = true, bool always = false);

/// The unit routs (MORALE RESULTS): no formation, a Panic Marker, its rout move away from
/// the enemy, and the friends who see it take their own markers.
void rout(Step& step, const std::string& unitId);
/// A routing unit's rout move again (compulsory routs), with no new trigger.
void routMove(Step& step, const std::string& unitId);
/// Whether a routing unit is safe enough to test to reform (RULINGS.md, oibl-routs).
bool safeToRally(const Battle& battle, const Unit& unit);

/// Step 1: every unit of the brigade with a Panic Marker tests (SEQUENCE OF PLAY).
void panicTests(Step& step, const std::vector<std::string>& units);
/// Step 6's compulsory routs: the routers that did not rally move again.
void compulsoryRouts(Step& step, const std::vector<std::string>& units);

/// The rate a unit routs or retreats at, by its arm.
std::string routRate(const Unit& unit);
std::string retreatRate(const Unit& unit);

} // namespace sandtable::oibl
