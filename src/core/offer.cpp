#include "sandtable/offer.h"

namespace sandtable {

Action actionOf(const Offer& offer) {
    Action action{offer.type, offer.unit, "", {}, {}, offer.choice};
    action.with = offer.with;
    return action;
}

std::string_view roleName(OrderRole role) {
    switch (role) {
    case OrderRole::Draw:
        return "draw";
    case OrderRole::Pass:
        return "pass";
    case OrderRole::EndActivation:
        return "end";
    case OrderRole::PrepareMove:
        return "prepare-move";
    case OrderRole::Move:
        return "move";
    case OrderRole::Face:
        return "face";
    case OrderRole::Formation:
        return "formation";
    case OrderRole::Fire:
        return "fire";
    case OrderRole::Charge:
        return "charge";
    case OrderRole::Melee:
        return "melee";
    case OrderRole::Rally:
        return "rally";
    case OrderRole::Reform:
        return "reform";
    case OrderRole::Attach:
        return "attach";
    }
    return "unknown";
}

std::string_view inputName(OrderInput input) {
    switch (input) {
    case OrderInput::None:
        return "none";
    case OrderInput::Target:
        return "target";
    case OrderInput::Path:
        return "path";
    case OrderInput::Facing:
        return "facing";
    case OrderInput::Point:
        return "point";
    case OrderInput::Box:
        return "box";
    case OrderInput::Placement:
        return "placement";
    case OrderInput::ElementTargets:
        return "element-targets";
    case OrderInput::Choice:
        return "choice";
    }
    return "unknown";
}

} // namespace sandtable
