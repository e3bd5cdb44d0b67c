#pragma once

#include "sandtable/action.h"

#include <initializer_list>
#include <string>
#include <string_view>
#include <vector>

namespace sandtable {

/// What an order is for, in words every ruleset shares. The front ends and the computer
/// player choose and lay out orders by role and never by a ruleset's own names, so a
/// ruleset may call its orders what its text calls them.
enum class OrderRole {
    Draw,          // the side's own order that turns a card or starts the next turn
    Pass,          // the side is done with a phase or its move
    EndActivation, // the unit is done acting (given to a unit not yet acting, it spends its turn)
    PrepareMove,   // a step the unit's move needs first, such as rolling its allowance
    Move,          // along a path
    Face,          // turn where it stands
    Formation,     // change formation (the offer's choice names the one)
    Fire,
    Charge,
    Melee,
    Rally,  // recover from a rout or a break
    Reform, // recover order without a rally (remove Disordered)
    Attach, // a leader joins a unit
};

/// Some order roles: those a caller asks a unit's offers of (Ruleset::offersOfRoles).
class OrderRoles {
public:
    constexpr OrderRoles(std::initializer_list<OrderRole> roles) {
        for (const OrderRole role : roles) {
            add(role);
        }
    }
    /// Every role there is.
    static constexpr OrderRoles every() {
        OrderRoles roles{};
        roles.m_bits = ~0U;
        return roles;
    }
    constexpr void add(OrderRole role) { m_bits |= 1U << static_cast<unsigned>(role); }
    constexpr bool has(OrderRole role) const { return (m_bits >> static_cast<unsigned>(role) & 1U) != 0; }

private:
    unsigned m_bits = 0;
};

/// What the player (or the computer) adds to an offer to make it an action, or to a
/// prompt to make it an answer.
enum class OrderInput {
    None,           // the offer is the whole action
    Target,         // one of the offer's targets
    Path,           // a route dragged on the table, in table millimetres
    Facing,         // a new facing, degrees clockwise from up the table
    Point,          // a point on the table (Action::point)
    Box,            // a box of the grid, one of the offer's boxes if it lists any (Action::box)
    Placement,      // a place on the table for each of the offer's elements (Action::elements' at)
    ElementTargets, // one of the offer's targets for each of its elements (Action::elements' target)
    Choice,         // a prompt's: one of its choices (Action::choice)
};

/// Something the selected unit (or, with no unit, the side to play) may do now.
struct Offer {
    std::string type;  // the action type it makes, the ruleset's own name: "fire", "next-card"
    std::string label; // what the player reads: "Fire (musket 7/14)"
    std::string unit;
    OrderRole role = OrderRole::Pass;
    OrderInput input = OrderInput::None;
    std::vector<std::string> targets;  // eligible targets, for input Target or ElementTargets
    std::string choice;                // the action's choice, where the offer is one option ("column")
    std::vector<std::string> with;     // units that act with `unit` as one (its brigade), by id
    std::vector<std::string> elements; // the elements to place or aim, for input Placement or ElementTargets
    std::vector<Box> boxes;            // the boxes it may name, for input Box (none listed: any of the grid)
};

/// The action an offer makes before its input is added: its type, unit, choice and the
/// units acting with it.
Action actionOf(const Offer& offer);

/// "end", "prepare-move": the role's name in the CLI's output and in tests.
std::string_view roleName(OrderRole role);
/// "none", "target", "path", "facing", "point", "box", "placement", "element-targets",
/// "choice": what the CLI says an offer or a prompt needs.
std::string_view inputName(OrderInput input);

} // namespace sandtable
