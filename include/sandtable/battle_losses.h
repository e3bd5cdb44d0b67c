#pragma once

#include "sandtable/game.h"

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace sandtable {

/// A unit eliminated, and in which turn; its arm tells a general's loss from a unit's.
struct UnitLoss {
    std::string unit;
    std::string name;
    int turn = 0;
    Arm arm = Arm::Foot;
};

/// What a side has lost in a game: units and bases at the start and now, the units lost by
/// the end of each turn (cumulative, one entry a turn played; the last is the turn in play,
/// so far), and each unit eliminated with its turn. For refights compared with a report's
/// losses by turn.
struct SideLosses {
    std::string side;
    std::string name;
    int unitsAtStart = 0;
    int unitsLeft = 0;
    int basesAtStart = 0;
    int basesLeft = 0;
    std::vector<int> unitsLostByTurn;
    std::vector<UnitLoss> eliminated;
};

/// Each side's losses in `game`, from its log (the battle walked action by action).
std::vector<SideLosses> battleLosses(const Game& game);

/// A side's losses as replay --json and the refights' JSON Lines write them: side, name,
/// units and bases at the start and left, unitsLostByTurn, generalsLost (leaders
/// eliminated) and eliminated [{unit, name, arm, turn}].
nlohmann::ordered_json toJson(const SideLosses& losses);

} // namespace sandtable
