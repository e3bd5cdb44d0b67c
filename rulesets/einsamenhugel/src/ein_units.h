#pragma once

#include "ein_data.h"
#include "sandtable/kit/resolution_step.h"
#include "sandtable/kit/session_state.h"

#include <string>
#include <utility>
#include <vector>

namespace sandtable::ein {

/// A resolution under these rules: the kit's working state with the ruleset's data.
class Step : public kit::ResolutionStep {
public:
    Step(const Data& data, const RulesetOptions& options, const Battle& battle, DiceStream* dice)
        : ResolutionStep(data.rulings, options, battle, dice), data(data) {}
    Step(const Data& data, RulesetOptions&& options, const Battle& battle, DiceStream* dice)
        : ResolutionStep(data.rulings, std::move(options), battle, dice), data(data) {}

    const Data& data;
};

/// The troops a unit counts as now: its type's class, or light foot for a unit that may
/// fight as light infantry and has formed loose (RULINGS.md, ein-fights-as-light).
const TroopClass& classOf(const Data& data, const Unit& unit);

/// Effectiveness left, in quarters: 4 at full strength, 0 eliminated (ORGANISATION).
int quarters(const Unit& unit);
/// "75%"
std::string percent(int quarters);

/// Regular foot in line and in good order, able to fire volleys (MOVEMENT).
bool inFiringOrder(const Data& data, const Unit& unit);

/// Centimetres between the nearest points of two units (RULINGS.md, ein-measuring).
double gapCm(const Battle& battle, const Unit& a, const Unit& b);
/// The fighting enemy units that may be within `reachCm` of `unit` (not beyond it by the
/// bound from the centres), in the battle's order: the ones worth a rule's full check.
std::vector<const Unit*> fightingEnemiesWithin(const Battle& battle, const Unit& unit, double reachCm);

/// The general attached to a unit, or null (MORALE: "A general may be attached to any unit").
const Unit* attachedGeneral(const Battle& battle, const std::string& unitId);
/// The unit a general is with, or empty.
std::string generalsUnit(const Battle& battle, const std::string& generalId);

/// Takes `hits` quarters of effectiveness from a unit: the second hit removes a base,
/// the fourth the unit, and its general with it (ORGANISATION; MORALE).
void applyHits(Step& step, const std::string& unitId, int hits, const std::string& cause);

/// Whether the unit has stats.nation equal to `nation`.
bool ofNation(const Unit& unit, const std::string& nation);
/// Whether it wears cuirasses (stats.cuirasses) and so saves on a 6 (SAVING THROWS).
bool cuirassed(const Unit& unit);

/// Units still on the table that are not generals.
bool isFighting(const Unit& unit);

/// Throws `dice` d6 and counts those scoring `needed` or more ("4d6>=4"), traced.
int rollSuccesses(Step& step, int dice, int needed, const std::string& purpose, const Citation& citation);

/// Puts a checked modifier in the trace as "name (reason)", applied or not.
void traceCheck(Step& step, const ModifierCheck& check);

/// "6.5cm"
std::string cm(double value);

Citation cite(const char* heading);

} // namespace sandtable::ein
