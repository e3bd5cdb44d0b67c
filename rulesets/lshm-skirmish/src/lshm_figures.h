#pragma once

#include "lshm_data.h"
#include "sandtable/kit/resolution_step.h"
#include "sandtable/kit/session_state.h"
#include "sandtable/kit/words.h"
#include "sandtable/measure.h"

#include <string>
#include <utility>
#include <vector>

namespace sandtable::lshm {

/// A resolution under these rules: the kit's working state with the ruleset's data.
class Step : public kit::ResolutionStep {
public:
    Step(const Data& data, const RulesetOptions& options, const Battle& battle, DiceStream* dice)
        : ResolutionStep(data.rulings, options, battle, dice), data(data) {}
    Step(const Data& data, RulesetOptions&& options, const Battle& battle, DiceStream* dice)
        : ResolutionStep(data.rulings, std::move(options), battle, dice), data(data) {}

    const Data& data;
    /// Set by an order that ends its unit's chance this phase (a move ended, a volley
    /// fired, a unit that holds): the turn then marks it done and turns the next card.
    bool unitFinished = false;
};

using measure::atLeast;
using measure::atMost;
using measure::below;
using measure::exceeds;

using kit::addToList;
using kit::clearCounter;
using kit::counter;
using kit::listed;
using kit::removeFromList;
using kit::sessionList;
using kit::setCounter;
using kit::setMarker;

Citation cite(const char* heading);
using kit::inches;
using kit::option;
using kit::possessive;

// Who a figure is (Element::role and rank).

/// A leader figure: officer, NCO or Commander-in-Chief. Only an Ace strikes one.
bool isLeader(const Element& figure);
/// 3 for the Commander-in-Chief, 2 an officer, 1 an NCO, 0 any other figure.
int leaderRank(const Element& figure);
/// "Artillery Gunners, Sappers, Cavalrymen etc.": gunners, sappers, standard bearers,
/// musicians (RULINGS.md, lshm-which-figure).
bool isKeyFigure(const Element& figure);
bool isGun(const Element& element);
bool isCommanderInChief(const Element& figure);
/// Fit or wounded: still with its unit (killed, captured and ran figures have left).
bool present(const Element& figure);
bool isFit(const Element& figure);
bool isWounded(const Element& figure);

// What a unit is.

const TroopType& typeOf(const Data& data, const Unit& unit);
const Formation& formationOf(const Data& data, const Unit& unit);
/// A basic unit (foot, horse or a gun), not a command group, still on the table.
bool isBasicUnit(const Unit& unit);
bool routed(const Unit& unit);
bool shaken(const Unit& unit);
/// Its figures, the gun not counted.
std::vector<const Element*> figuresOf(const Unit& unit);
int fitFigures(const Unit& unit);
/// Figures it began the battle with (RULINGS.md, lshm-critical-strength).
int startingFigures(const Unit& unit);
/// A figure's weapon: its own, else the unit's (stats.weapon), else its arm's (musket for
/// foot, carbine for horse, pistol for leaders); guns fire ball or grape by the order.
std::string weaponOf(const Unit& unit, const Element& figure);
/// Whether one of its own leaders is fit, or an independent leader of its side stands
/// within 6" (RULINGS.md, lshm-critical-rally).
bool hasLeader(const Battle& battle, const Unit& unit);
/// Whether its figures carry bayonets (stats.bayonets, else its type's).
bool hasBayonets(const Data& data, const Unit& unit);

// Measuring, between figures' heads (their centres), in inches.

double inchesBetween(const Battle& battle, const Point& a, const Point& b);
/// The nearest two figures of two units, in inches (a great distance when either has none).
double unitGap(const Battle& battle, const Unit& a, const Unit& b);
/// The nearest enemy basic unit not routed, or null.
const Unit* nearestEnemy(const Battle& battle, const Unit& unit);
const Unit* nearestFriend(const Battle& battle, const Unit& unit);
/// The nearest figure of `of` to a point.
const Element* nearestFigure(const Unit& of, const Point& to);

// The ground.

/// Woods, rough ground, hills and marsh (1. MOVEMENT PHASE G).
bool roughAt(const Battle& battle, const Point& at);
/// Whether a straight move from `from` to `to` starts, ends in or crosses rough terrain.
bool roughBetween(const Battle& battle, const Point& from, const Point& to);
const TerrainArea* buildingAt(const Battle& battle, const Point& at);
/// A wall, hedge or fence within 1" of the figure between it and `enemy`.
const TerrainLine* linearCoverAgainst(const Battle& battle, const Point& figure, const Point& enemy);
bool onRoad(const Battle& battle, const Point& at);

// Event helpers.

void setElementMarker(Step& step, const Unit& unit, const Element& figure, const char* marker, bool present);

} // namespace sandtable::lshm
