#pragma once

#include "sandtable/battle.h"

#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <variant>
#include <vector>

namespace sandtable {

/// The state changes a resolution makes. A ruleset never changes a Battle in place: it
/// returns events, and the game applies them, so that what happened is data that a log,
/// a replay and a front end can all read.
namespace event {

/// Where one element of a unit stands after a move, in element order.
struct Placement {
    Point centre{0, 0};
    double facing = 0;
};

struct Moved {
    std::string unit;
    std::vector<Placement> placements;
};

struct MarkerChanged {
    std::string unit;
    std::string marker;
    bool present = true;
};

/// A running number of the unit's (Unit::counters); empty value erases it.
struct CounterSet {
    std::string unit;
    std::string counter;
    std::optional<double> value;
};

/// One key of the ruleset's state of play (Battle::session).
struct SessionSet {
    std::string key;
    nlohmann::json value;
};

/// A unit's formation: line, column, limbered, unlimbered...
struct FormationSet {
    std::string unit;
    std::string formation;
};

struct TurnSet {
    int turn = 1;
    std::string phase;
};

/// A side's state in play (Side::markers): it has passed, may not move this turn...
struct SideMarkerChanged {
    std::string side;
    std::string marker;
    bool present = true;
};

/// A terrain feature's state in play (TerrainArea/TerrainLine::markers), by the area's or
/// line's id: a wall breached, a bridge down.
struct TerrainMarkerChanged {
    std::string feature;
    std::string marker;
    bool present = true;
};

/// A leader joins a unit (Unit::attachedTo), or leaves it when `to` is empty.
struct Attached {
    std::string leader;
    std::string to;
};

/// A deck formed with these cards (Card ids), every one left to draw: a new deck, or one
/// gathered up and shuffled. The order of `cards` is the deck's own, not a draw order.
struct DeckFormed {
    std::string deck;
    std::vector<std::string> cards;
};

/// A card turned (turnCard): it leaves the draw pile for the discards.
struct CardTurned {
    std::string deck;
    std::string card;
};

/// Whom the card just turned calls to act (DeckState::call): a side, a command acting as
/// one, or units; an empty call when it calls no one.
struct CardCalled {
    std::string deck;
    CardCall call;
};

/// The discards gathered back into the draw pile, as when the pile runs out.
struct DeckGathered {
    std::string deck;
};

/// One element's health: a figure wounded, killed, captured or run off (Element::health).
struct ElementHealthSet {
    std::string unit;
    std::string element;
    Health health = Health::Fit;
};

/// The figures on a stand (Element::figures), each figure's health: a casualty taken from
/// a stand of figures (One If By Land: "Each hit 1 figure"), a figure recovered.
struct ElementFiguresSet {
    std::string unit;
    std::string element;
    std::vector<Health> figures;
};

/// One element's posture or status (Element::markers): prone, pinned, shaken...
struct ElementMarkerChanged {
    std::string unit;
    std::string element;
    std::string marker;
    bool present = true;
};

/// One element's running number (Element::counters); an empty value erases it.
struct ElementCounterSet {
    std::string unit;
    std::string element;
    std::string counter;
    std::optional<double> value;
};

/// Chosen elements taken off the table: the figure the hit fell on, the base the rules
/// name. They count as lost (Unit::basesLost).
struct ElementsRemoved {
    std::string unit;
    std::vector<std::string> elements;
};

/// Elements passing from one unit to another where they stand, keeping their ids: a
/// portion split off, prisoners handed to their escort, a leader's stand joining. Neither
/// unit counts them as lost.
struct ElementsTransferred {
    std::string from;
    std::string to;
    std::vector<std::string> elements;
};

/// A unit comes into the battle (a split, escorted prisoners, dismounted men), whole. Its
/// id and its elements' ids must be new to the battle. Held by pointer: a whole Unit in
/// the variant would make every event of every resolution as large as a unit.
struct UnitCreated {
    std::shared_ptr<const Unit> unit;
};

/// A unit goes from the battle's list (emptied into another); a unit destroyed keeps its
/// record instead, with no elements.
struct UnitRemoved {
    std::string unit;
};

/// A command passes to another leader (its commander killed or taken), or to none when
/// `commander` is empty.
struct CommandTaken {
    std::string command;
    std::string commander;
};

/// An element takes another footprint, and another role unless `role` is empty: cavalry
/// dismounting, a limber unhitched.
struct ElementReshaped {
    std::string unit;
    std::string element;
    double width = 0;
    double depth = 0;
    std::string role;
};

} // namespace event

using Event = std::variant<event::Moved, event::MarkerChanged, event::CounterSet, event::SessionSet, event::FormationSet, event::TurnSet,
                           event::SideMarkerChanged, event::TerrainMarkerChanged, event::Attached, event::DeckFormed, event::CardTurned,
                           event::CardCalled, event::DeckGathered, event::ElementHealthSet, event::ElementMarkerChanged,
                           event::ElementCounterSet, event::ElementsRemoved, event::ElementsTransferred, event::UnitCreated,
                           event::UnitRemoved, event::ElementReshaped, event::CommandTaken, event::ElementFiguresSet>;

/// Applies an event. An event naming a unit the battle does not have is a bug in the
/// ruleset that made it: it throws std::logic_error.
void applyEvent(Battle& battle, const Event& event);

/// The copy a resolution borrowed (WorkingCopySlot::takeBack), if it equals its battle
/// once the battle has taken `applied`, the resolution's events: to lend the next
/// resolution. None when it was spoilt, or changed by other events than those; a copy
/// no resolution took has the events applied to it here.
std::unique_ptr<Battle> keptWorkingCopy(WorkingCopySlot::Returned lent, const std::vector<Event>& applied);

/// What the event did, for the dice log: "Blue Foot: lose 1 base".
std::string describe(const Battle& battle, const Event& event);

/// The rearmost `count` elements of a unit (the last of its list), for rules that take
/// bases off without saying which.
event::ElementsRemoved rearmost(const Unit& unit, int count);

/// The placements of a unit's elements as they stand now.
std::vector<event::Placement> placementsOf(const Unit& unit);

} // namespace sandtable
