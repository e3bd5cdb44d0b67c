#include "sandtable/kit/ruling_offers.h"

namespace sandtable::kit {

std::vector<Offer> rulingOffersOf(const Battle& battle, const Unit& unit, std::vector<Offer> kinds) {
    std::vector<std::string> enemies;
    std::vector<std::string> friends;
    for (const Unit& other : battle.units) {
        if (other.eliminated() || other.id == unit.id) {
            continue;
        }
        (other.side == unit.side ? friends : enemies).push_back(other.id);
    }
    for (Offer& kind : kinds) {
        kind.unit = unit.id;
        if (kind.input == OrderInput::Target || kind.input == OrderInput::ElementTargets) {
            kind.targets = kind.role == OrderRole::Attach ? friends : enemies;
        }
    }
    return kinds;
}

std::vector<Offer> leaderRulingOffers(const Battle& battle, const Unit& leader) {
    return rulingOffersOf(battle, leader,
                          {{.type = "move", .label = "Move", .role = OrderRole::Move, .input = OrderInput::Path},
                           {.type = "attach", .label = "Join a unit", .role = OrderRole::Attach, .input = OrderInput::Target}});
}

} // namespace sandtable::kit
