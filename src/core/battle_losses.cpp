#include "sandtable/battle_losses.h"

#include <algorithm>

namespace sandtable {

namespace {

int bases(const Unit& unit) { return static_cast<int>(unit.elements.size()); }

} // namespace

std::vector<SideLosses> battleLosses(const Game& game) {
    Battle battle = game.startingBattle();
    std::vector<SideLosses> losses;
    for (const Side& side : battle.sides) {
        SideLosses lost{side.id, side.name};
        for (const Unit& unit : battle.units) {
            if (unit.side == side.id && !unit.eliminated()) {
                ++lost.unitsAtStart;
                lost.basesAtStart += std::max(unit.startingBases, bases(unit));
            }
        }
        losses.push_back(lost);
    }
    const auto sideOf = [&losses](const std::string& id) -> SideLosses* {
        const auto found = std::find_if(losses.begin(), losses.end(), [&](const SideLosses& side) { return side.side == id; });
        return found == losses.end() ? nullptr : &*found;
    };
    // Each unit's state before an action, to see what the action eliminated.
    std::vector<std::string> standing;
    for (const Unit& unit : battle.units) {
        if (!unit.eliminated()) {
            standing.push_back(unit.id);
        }
    }
    const auto closeTurnsTo = [&losses](int turn) {
        for (SideLosses& side : losses) {
            while (static_cast<int>(side.unitsLostByTurn.size()) < turn) {
                side.unitsLostByTurn.push_back(static_cast<int>(side.eliminated.size()));
            }
        }
    };
    for (const LogEntry& entry : game.log()) {
        const int turn = battle.turn;
        closeTurnsTo(turn - 1);
        for (const Event& event : entry.resolution.events) {
            applyEvent(battle, event);
        }
        for (auto id = standing.begin(); id != standing.end();) {
            const Unit* unit = battle.findUnit(*id);
            if (unit == nullptr || unit->eliminated()) {
                if (unit != nullptr) {
                    if (SideLosses* side = sideOf(unit->side)) {
                        side->eliminated.push_back({unit->id, unit->name, turn, unit->arm});
                    }
                }
                id = standing.erase(id);
            } else {
                ++id;
            }
        }
    }
    closeTurnsTo(battle.turn);
    for (SideLosses& side : losses) {
        for (const Unit& unit : battle.units) {
            if (unit.side == side.side && !unit.eliminated()) {
                ++side.unitsLeft;
                side.basesLeft += bases(unit);
            }
        }
    }
    return losses;
}

nlohmann::ordered_json toJson(const SideLosses& losses) {
    nlohmann::ordered_json eliminated = nlohmann::ordered_json::array();
    int generals = 0;
    for (const UnitLoss& loss : losses.eliminated) {
        eliminated.push_back({{"unit", loss.unit}, {"name", loss.name}, {"arm", toString(loss.arm)}, {"turn", loss.turn}});
        generals += loss.arm == Arm::Leader ? 1 : 0;
    }
    return {{"side", losses.side},
            {"name", losses.name},
            {"unitsAtStart", losses.unitsAtStart},
            {"unitsLeft", losses.unitsLeft},
            {"basesAtStart", losses.basesAtStart},
            {"basesLeft", losses.basesLeft},
            {"unitsLostByTurn", losses.unitsLostByTurn},
            {"generalsLost", generals},
            {"eliminated", eliminated}};
}

} // namespace sandtable
