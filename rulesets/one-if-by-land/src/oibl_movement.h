#pragma once

#include "oibl_units.h"
#include "sandtable/offer.h"

#include <optional>
#include <string>
#include <vector>

namespace sandtable::oibl {

/// Which row of the movement chart a unit moves by now: its formation's, cavalry and
/// generals', a routing or retreating unit's.
std::string rateOf(const Data& data, const Unit& unit);
/// The rate as a player reads it: "1d6+2\"" or "5\"" under the fixed rates.
std::string rateText(const Data& data, const RulesetOptions& options, const std::string& rate);
/// The rate's exact distribution in inches (a certain value under the fixed rates).
Distribution rateDistribution(const Data& data, const RulesetOptions& options, const std::string& rate);
/// Rolls a rate (or reads the fixed one), traced: inches.
double rollRate(Step& step, const std::string& unitName, const std::string& rate, const std::string& purpose);

/// Spends a share of the unit's move on a change made in place (mounting, a line opening
/// while advancing: "50% of a unit's movement"), rolling the move first if it is not known.
void spendShareOfMove(Step& step, const std::string& unitId, double share, const std::string& why);

/// The unit's allowance this activation in inches, once rolled (or fixed); empty before.
std::optional<double> allowanceOf(const Data& data, const RulesetOptions& options, const Unit& unit);

/// What a move costs (MODIFIERS TO MOVEMENT; RULINGS.md, oibl-movement-costs): the path
/// walked stretch by stretch, each at 1, 2 or 4 times its length by the conditions on it,
/// the obstacles crossed, the turn at the start, and the road's and the charge's bonus.
struct MoveCost {
    std::string refusal;
    double length = 0; // inches of path
    double cost = 0;   // inches of allowance, the turn included
    double turnCost = 0;
    double bonus = 0; // inches added to the allowance (road, charge)
    int obstacles = 0;
    bool endsInSkirmish = false; // a cavalry single face (RULINGS.md, oibl-face-to-skirmish)
    std::vector<ModifierCheck> checks;
};
/// `route` begins where the unit's centre stands; `facing` is the one it ends with.
/// `chargeTarget`: a charge at that unit, which adds its 3" and may end touching it.
MoveCost moveCost(const Data& data, const Battle& battle, const Unit& unit, const Path& route, double facing,
                  const Unit* chargeTarget = nullptr);

/// How a unit's stands turn as it moves straight: as a formed body about its centre, or
/// each where it stands (a rout, in no formation).
enum class Turning { AsABody, InPlace };

/// Moves a unit straight along `heading` up to `distance` inches, its stands turned to
/// `facing`, stopping short of another unit's stands; a unit carried off the table is
/// lost. Returns the inches travelled.
double moveStraight(Step& step, const std::string& unitId, double heading, double distance, double facing,
                    Turning turning = Turning::AsABody);

/// Moves the officers joined to a unit along with it.
void carryOfficers(Step& step, const std::string& unitId, const Point& from);

/// Step 4's orders for a unit: roll the move, move, face, prolong, a general's joining a
/// unit, a militia's deliberate retreat.
void offerMovement(const Data& data, const RulesetOptions& options, const Battle& battle, const Unit& unit, std::vector<Offer>& offers);
void previewMovement(const Data& data, const RulesetOptions& options, const Battle& battle, const Unit& unit, const Action& action,
                     Preview& preview);
void resolveMovement(Step& step, const Action& action);

/// Why the unit may not move now, or empty.
std::string whyNoMove(const Unit& unit);

} // namespace sandtable::oibl
