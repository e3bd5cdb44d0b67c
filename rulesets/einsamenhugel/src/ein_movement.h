#pragma once

#include "ein_terrain.h"
#include "ein_units.h"
#include "sandtable/offer.h"

#include <optional>
#include <string>
#include <vector>

namespace sandtable::ein {

/// A unit's move in cm, by its class and formation (MOVEMENT).
double allowanceCm(const Data& data, const Unit& unit);

/// What turning to a facing costs (MOVEMENT: "Troops may wheel 45 degrees without
/// penalty. Wheeling further costs half a turn. An about-turn is free, but a second in
/// the same turn costs half the movement distance"), in cm of allowance.
struct WheelCost {
    double angle = 0;
    double cost = 0;
    bool aboutTurn = false;
    std::string reason;
};
WheelCost wheelCost(const Data& data, const RulesetOptions& options, const Unit& unit, double facing);

/// A move planned without dice: what it costs and whether it is allowed.
struct MovePlan {
    std::string refusal;
    double allowance = 0;
    PathCost path;
    WheelCost wheel;
    double facing = 0;
    Path route;             // from the unit's centre
    bool variation = false; // moving its full distance, or within 25 per cent of it
    std::vector<ModifierCheck> checks;
};
MovePlan planMove(const Data& data, const RulesetOptions& options, const Battle& battle, const Unit& unit, const Path& points,
                  std::optional<double> facing);

/// Why a unit may not take its move this turn, or empty.
std::string whyNoMove(const Data& data, const Battle& battle, const Unit& unit);
/// Whether whyNoMove has nothing to say, without the words (the status asks every unit).
bool mayMove(const Battle& battle, const Unit& unit);
/// The ids of `side`'s units on the table that may take their move (mayMove), in the
/// battle's order: the status's list after every action, the melees looked up once.
std::vector<std::string> unitsThatMayMove(const Battle& battle, const std::string& side);

void resolveMove(Step& step, const Action& action);
/// Whether changing into `formation` takes the unit's whole turn (RULINGS.md,
/// ein-formation-turn, option formation-changes).
bool formationTakesTurn(const Data& data, const RulesetOptions& options, const Unit& unit, const std::string& formation);

void resolveFormation(Step& step, const Action& action);

/// Light foot and light horse: "Light troops may make a half move and fire, or fire and
/// make a half move" (MOVEMENT).
bool lightTroops(const TroopClass& troops);

/// Why a unit may not make the half move after firing now (the "light-moves" step after
/// the fire is thrown; RULINGS.md, ein-light-half-move), or empty when it may: light
/// troops that fired this turn and have not moved.
std::string whyNoMoveAfterFire(const Data& data, const Battle& battle, const Unit& unit);
/// Whether whyNoMoveAfterFire has nothing to say, without the words.
bool mayMoveAfterFire(const Data& data, const Battle& battle, const Unit& unit);
void resolveAttach(Step& step, const Action& action);
/// A move before the battle (RULINGS.md, ein-pre-battle): anywhere in the side's own half.
void resolveRedeploy(Step& step, const Action& action);

/// Rolls the Variation for a unit moving its full distance (The Variation): the factor
/// its distance is multiplied by, 0.75, 1 or 1.25.
double rollVariation(Step& step, const std::string& unitName);

/// The formations a unit may take.
std::vector<std::string> formationsFor(const Data& data, const Unit& unit);

/// The placements of a unit's bases formed up in `formation` about its centre.
std::vector<event::Placement> formedUp(const Unit& unit, const std::string& formation);

/// The movement phase's orders for a unit that may move, in the order shown: a general's
/// move and joining a unit; a unit's move, a charge at any of `chargeable`, and its changes
/// of formation (those that take the whole turn, and those made as part of a move).
void offerMovement(const Data& data, const RulesetOptions& options, const Battle& battle, const Unit& unit,
                   const std::vector<std::string>& chargeable, std::vector<Offer>& offers);

/// What a move would do: before the battle, where it may go; in the movement phase, its
/// allowance, what the path costs and the Variation's odds (for a verdict, the allowance
/// and cost alone).
void previewMove(const Data& data, const RulesetOptions& options, const Battle& battle, const Unit& unit, const Action& action,
                 PreviewFor reader, Preview& preview);

/// Whether the change of formation takes the turn or is part of the move.
void previewFormation(const Data& data, const RulesetOptions& options, const Unit& unit, const std::string& formation, Preview& preview);

/// Why a general may not join `target` now (not a friendly unit on the table, locked in
/// melee or moved, already with it, beyond his move); empty when he may.
std::string whyNoAttach(const Data& data, const Battle& battle, const Unit& general, const Unit* target);
void previewAttach(const Data& data, const Battle& battle, const Unit& general, const Unit* target, Preview& preview);

} // namespace sandtable::ein
