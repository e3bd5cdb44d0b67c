#pragma once

#include "sandtable/kit/resolution_step.h"
#include "vcc_data.h"

#include <string>
#include <utility>
#include <vector>

namespace sandtable::vcc {

/// A resolution under these rules: the kit's working state with the ruleset's data.
class Step : public kit::ResolutionStep {
public:
    Step(const Data& data, const RulesetOptions& options, const Battle& battle, DiceStream* dice)
        : ResolutionStep(data.rulings, options, battle, dice), data(data) {}
    Step(const Data& data, RulesetOptions&& options, const Battle& battle, DiceStream* dice)
        : ResolutionStep(data.rulings, std::move(options), battle, dice), data(data) {}

    const Data& data;

    /// The chosen value of a declared option.
    const std::string& option(const std::string& id) const { return options.at(id); }
};

/// A heading of the sheet as a citation.
Citation cite(const char* heading);

/// The two sides the sequence of play names (RULINGS.md, vcc-sides).
inline const std::string british = "british";
inline const std::string native = "native";
std::string enemyOf(const std::string& side);
std::string sideName(const Battle& battle, const std::string& side);

/// The unit's troop type; the scenario check has made sure it has one.
const TroopType& typeOf(const Data& data, const Unit& unit);

/// The leader base, the gun itself and a gunner figure, by their elements' roles.
bool isLeaderBase(const Element& element);
bool isGunPiece(const Element& element);
bool isGunner(const Element& element);
int gunners(const Unit& unit);
bool hasLeader(const Unit& unit);

/// "add up total number of bases/gunners in the unit including the leader base" (Morale 1d6).
int moraleCount(const Unit& unit);
/// "1 die per infantry base or gunner figure" (Firing Procedure:; vcc-who-fires).
int fireDice(const Data& data, const RulesetOptions& options, const Unit& unit);
/// "1 die per base including leader base" (Melee); gunners fight as bases, the gun does not.
int meleeDice(const Unit& unit);

/// The weapon the unit fires (a range-bands id or "rockets"), empty for one that does not
/// (its type's first, or stats.weapon: another of its type's, or "none" for spearmen).
std::string weaponOf(const Data& data, const Unit& unit);

bool elite(const Unit& unit);
bool raw(const Unit& unit);
bool dervish(const Unit& unit);
bool lancers(const Unit& unit);
bool mounted(const Data& data, const Unit& unit);
bool inSquare(const Unit& unit);
bool prone(const Unit& unit);
bool broken(const Unit& unit);
/// On the table and not the Army Commander: a unit that fights.
bool fights(const Data& data, const Unit& unit);
/// The unit's facing: its first element's.
double facingOf(const Unit& unit);

/// A unit's running numbers (Unit::counters), by name.
double counter(const Unit& unit, const char* name);
void setCounter(Step& step, const std::string& unit, const char* name, std::optional<double> value);
void setMarker(Step& step, const std::string& unit, const char* marker, bool present);

} // namespace sandtable::vcc
