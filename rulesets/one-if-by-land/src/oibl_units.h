#pragma once

#include "oibl_data.h"
#include "sandtable/kit/resolution_step.h"
#include "sandtable/kit/session_state.h"
#include "sandtable/kit/words.h"

#include <string>
#include <utility>
#include <vector>

namespace sandtable::oibl {

/// A resolution under these rules: the kit's working state with the ruleset's data.
class Step : public kit::ResolutionStep {
public:
    Step(const Data& data, const RulesetOptions& options, const Battle& battle, DiceStream* dice)
        : ResolutionStep(data.rulings, options, battle, dice), data(data) {}
    Step(const Data& data, RulesetOptions&& options, const Battle& battle, DiceStream* dice)
        : ResolutionStep(data.rulings, std::move(options), battle, dice), data(data) {}

    const Data& data;
};

Citation cite(const char* heading);
using kit::inches;
using kit::option;
using kit::possessive;

/// The kind of stands a unit is made of now: its type, or dismounted cavalry once its
/// cavalry have dismounted (RULINGS.md, oibl-dismount).
const TroopType& typeOf(const Data& data, const Unit& unit);
const Formation& formationOf(const Data& data, const Unit& unit);
/// The formations a unit may take (RULINGS.md, oibl-formations), its normal one first.
std::vector<std::string> formationsFor(const Data& data, const Unit& unit);
/// Its weapon's range-bands id (stats.weapon, else its type's); empty for none.
std::string weaponOf(const Data& data, const Unit& unit);
/// Bayonets, or hatchets (stats.bayonets, else its type's).
bool hasBayonets(const Data& data, const Unit& unit);
/// A general's wounds (RISK TO GENERALS), carried as his one figure's health: they cap his move.
Health officerHealth(const Unit& officer);
/// Mounted cavalry: horse that has not dismounted.
bool mounted(const Unit& unit);
bool skirmishing(const Unit& unit);
bool routing(const Unit& unit);
bool isIndian(const Unit& unit);
bool hasPanicMarker(const Unit& unit);
bool isOfficer(const Unit& unit);
/// A unit on the table that fights: not an officer, not eliminated.
bool fighting(const Unit& unit);
/// May it skirmish: in skirmish order now, or its type or scenario allows it (Light
/// Infantry Move/Fire: "All unit with Skirmish ability").
bool skirmishAbility(const Data& data, const Unit& unit);
/// Close or open order infantry (or a cavalry line): what the "friend seen routing"
/// modifiers count.
bool closeOrOpenOrder(const Unit& unit);

/// Figures still standing on one stand.
int standingFigures(const Element& stand);
/// Figures still standing on the unit's stands (an artillery unit counts its crew).
int figuresLeft(const Unit& unit);
/// Figures it began the battle with (counted as the game starts).
int startingFigures(const Unit& unit);
/// The stand the rules keep in place and lose last (role "command stand"; else the first).
const Element& commandStand(const Unit& unit);

/// Where a stand stands in its unit: its rank from the front (0) and how far it is from
/// the command stand along the front, in millimetres (negative: to the left).
struct StandPlace {
    int rank = 0;
    double across = 0;
};
StandPlace placeOf(const Unit& unit, const Element& stand);
/// The stands of the front rank, left to right.
std::vector<const Element*> frontRank(const Unit& unit);

/// The quality's Morale Number; `chargeOrMelee` for Indians testing to charge or fight
/// (RULINGS.md, oibl-quality). Woods count for Indians in every test.
int moraleNumber(const Data& data, const Battle& battle, const Unit& unit, bool chargeOrMelee);
/// The quality's place, 0 for Elite, counting Indians higher as moraleNumber does.
int qualityRank(const Data& data, const Battle& battle, const Unit& unit, bool chargeOrMelee);
std::string qualityName(const Data& data, const Unit& unit);

/// Inches between the nearest points of two units' stands (RULINGS.md, oibl-measuring).
double gapInches(const Battle& battle, const Unit& a, const Unit& b);
/// The fighting enemy units whose stands may lie within `reach` inches of the unit.
std::vector<const Unit*> enemiesWithin(const Battle& battle, const Unit& unit, double reach);
/// The nearest fighting enemy that is not routing, or null.
const Unit* nearestEnemy(const Battle& battle, const Unit& unit);

/// The cover a unit stands in (RULINGS.md, oibl-cover), against `enemy` where one is named
/// (a hedge, fence or wall in front of it counts against an enemy across it).
struct CoverCheck {
    Cover cover = Cover::None;
    std::string reason;
};
CoverCheck coverOf(const Battle& battle, const Unit& unit, const Unit* enemy);
bool inWoods(const Battle& battle, const Unit& unit);

/// The officers with a unit who command a command it serves under (RULINGS.md,
/// oibl-co-bonus): joined to it, or within 1" of it.
std::vector<const Unit*> commandingOfficersWith(const Battle& battle, const Unit& unit);
/// Every officer with a unit, whatever he commands (RULINGS.md, oibl-risk-to-generals).
std::vector<const Unit*> officersWith(const Battle& battle, const Unit& unit);

// The state of play: the kit's session lists, counters and markers.
using kit::addToList;
using kit::clearCounter;
using kit::counter;
using kit::listed;
using kit::removeFromList;
using kit::sessionList;
using kit::setCounter;
using kit::setMarker;

} // namespace sandtable::oibl
