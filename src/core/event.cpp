#include "sandtable/event.h"

#include "sandtable/overloaded.h"

#include <algorithm>
#include <cmath>
#include <sstream>
#include <stdexcept>

namespace sandtable {

namespace {

Unit& unitOrThrow(Battle& battle, const std::string& id) {
    Unit* unit = battle.findUnit(id);
    if (unit == nullptr) {
        throw std::logic_error("event names unit '" + id + "', which the battle does not have");
    }
    return *unit;
}

std::string nameOf(const Battle& battle, const std::string& id);

Element& elementOrThrow(Battle& battle, const std::string& unitId, const std::string& elementId) {
    Element* element = unitOrThrow(battle, unitId).findElement(elementId);
    if (element == nullptr) {
        throw std::logic_error("event names element '" + elementId + "' of unit '" + unitId + "', which it does not have");
    }
    return *element;
}

// Takes the named elements out of a unit, in the unit's order; every one must be there.
std::vector<Element> takeElements(Unit& unit, const std::vector<std::string>& ids) {
    for (const std::string& id : ids) {
        if (id.empty() || unit.findElement(id) == nullptr) {
            throw std::logic_error("event names element '" + id + "' of unit '" + unit.id + "', which it does not have");
        }
    }
    std::vector<Element> taken;
    std::vector<Element> kept;
    for (Element& element : unit.elements) {
        (std::find(ids.begin(), ids.end(), element.id) != ids.end() ? taken : kept).push_back(std::move(element));
    }
    unit.elements = std::move(kept);
    return taken;
}

bool elementIdTaken(const Battle& battle, const std::string& id) {
    return std::any_of(battle.units.begin(), battle.units.end(), [&](const Unit& unit) { return unit.findElement(id) != nullptr; });
}

template <class Set> void setMarker(Set& markers, const std::string& marker, bool present) {
    if (present) {
        markers.insert(marker);
    } else {
        markers.erase(marker);
    }
}

std::string elementName(const Battle& battle, const std::string& unitId, const std::string& elementId) {
    const Unit* unit = battle.findUnit(unitId);
    const Element* element = unit != nullptr ? unit->findElement(elementId) : nullptr;
    const std::string who = element != nullptr && !element->role.empty() ? element->role + " " + elementId : elementId;
    return nameOf(battle, unitId) + ", " + who;
}

std::string listed(const std::vector<std::string>& ids) {
    std::string text;
    for (std::size_t i = 0; i < ids.size(); ++i) {
        text += (i == 0 ? "" : i + 1 == ids.size() ? " and " : ", ") + ids[i];
    }
    return text;
}

std::string nameOf(const Battle& battle, const std::string& id) {
    const Unit* unit = battle.findUnit(id);
    return unit == nullptr ? id : unit->name;
}

DeckState& deckOrThrow(Battle& battle, const std::string& id) {
    const auto found = battle.decks.find(id);
    if (found == battle.decks.end()) {
        throw std::logic_error("event names deck '" + id + "', which the battle does not have");
    }
    return found->second;
}

std::string number(double value) {
    std::ostringstream text;
    text << std::round(value * 100) / 100;
    return text.str();
}

} // namespace

event::ElementsRemoved rearmost(const Unit& unit, int count) {
    event::ElementsRemoved removed{unit.id, {}};
    const std::size_t taken = std::min<std::size_t>(static_cast<std::size_t>(std::max(count, 0)), unit.elements.size());
    for (std::size_t i = unit.elements.size() - taken; i < unit.elements.size(); ++i) {
        removed.elements.push_back(unit.elements[i].id);
    }
    return removed;
}

std::vector<event::Placement> placementsOf(const Unit& unit) {
    std::vector<event::Placement> placements;
    placements.reserve(unit.elements.size());
    for (const Element& element : unit.elements) {
        placements.push_back({element.centre, element.facing});
    }
    return placements;
}

void applyEvent(Battle& battle, const Event& event) {
    // The index was filed as the battle stood before: a unit whose bases change is marked
    // to be filed again, and a unit added or taken away drops it.
    // The computer's tries put back between tries only what these events change (a
    // unit's formation, attachment, markers, bases and counters; the battle's turn,
    // session, sides' and terrain's markers, commands and decks: TryBattle in
    // computer_weighing.cpp): an event that changes anything else is put back there too.
    const auto basesChange = [&](const Unit& unit) { battle.index.moved(static_cast<std::size_t>(&unit - battle.units.data())); };
    std::visit(Overloaded{
                   [&](const event::Moved& moved) {
                       Unit& unit = unitOrThrow(battle, moved.unit);
                       basesChange(unit);
                       if (moved.placements.size() != unit.elements.size()) {
                           throw std::logic_error("move of '" + moved.unit + "' places " + std::to_string(moved.placements.size()) +
                                                  " of " + std::to_string(unit.elements.size()) + " elements");
                       }
                       for (std::size_t i = 0; i < unit.elements.size(); ++i) {
                           unit.elements[i].centre = moved.placements[i].centre;
                           unit.elements[i].facing = normaliseDegrees(moved.placements[i].facing);
                       }
                   },
                   [&](const event::MarkerChanged& changed) {
                       Unit& unit = unitOrThrow(battle, changed.unit);
                       if (changed.present) {
                           unit.markers.insert(changed.marker);
                       } else {
                           unit.markers.erase(changed.marker);
                       }
                   },
                   [&](const event::CounterSet& set) {
                       Unit& unit = unitOrThrow(battle, set.unit);
                       if (set.value) {
                           unit.counters[set.counter] = *set.value;
                       } else {
                           unit.counters.erase(set.counter);
                       }
                   },
                   [&](const event::SessionSet& set) { battle.session[set.key] = set.value; },
                   [&](const event::FormationSet& set) { unitOrThrow(battle, set.unit).formation = set.formation; },
                   [&](const event::TurnSet& set) {
                       battle.turn = set.turn;
                       battle.phase = set.phase;
                   },
                   [&](const event::SideMarkerChanged& changed) {
                       Side* side = battle.findSide(changed.side);
                       if (side == nullptr) {
                           throw std::logic_error("event names side '" + changed.side + "', which the battle does not have");
                       }
                       if (changed.present) {
                           side->markers.insert(changed.marker);
                       } else {
                           side->markers.erase(changed.marker);
                       }
                   },
                   [&](const event::TerrainMarkerChanged& changed) {
                       std::set<std::string>* markers = nullptr;
                       for (TerrainArea& area : battle.areas) {
                           markers = area.id == changed.feature ? &area.markers : markers;
                       }
                       for (TerrainLine& line : battle.lines) {
                           markers = line.id == changed.feature ? &line.markers : markers;
                       }
                       if (markers == nullptr) {
                           throw std::logic_error("event names terrain '" + changed.feature + "', which the battle does not have");
                       }
                       if (changed.present) {
                           markers->insert(changed.marker);
                       } else {
                           markers->erase(changed.marker);
                       }
                   },
                   [&](const event::Attached& attached) {
                       Unit& leader = unitOrThrow(battle, attached.leader);
                       if (!attached.to.empty()) {
                           unitOrThrow(battle, attached.to);
                       }
                       leader.attachedTo = attached.to;
                   },
                   [&](const event::CommandTaken& taken) {
                       Command* command = battle.findCommand(taken.command);
                       if (command == nullptr) {
                           throw std::logic_error("no command '" + taken.command + "' to pass to another leader");
                       }
                       if (!taken.commander.empty()) {
                           unitOrThrow(battle, taken.commander);
                       }
                       command->commander = taken.commander;
                   },
                   [&](const event::DeckFormed& formed) {
                       DeckState& deck = battle.decks[formed.deck];
                       const int shuffles = deck.shuffles;
                       deck = DeckState{formed.cards, formed.cards, {}, shuffles + 1};
                   },
                   [&](const event::CardTurned& turned) {
                       DeckState& deck = deckOrThrow(battle, turned.deck);
                       const auto card = std::find(deck.drawPile.begin(), deck.drawPile.end(), turned.card);
                       if (card == deck.drawPile.end()) {
                           throw std::logic_error("deck '" + turned.deck + "' has no '" + turned.card + "' left to turn");
                       }
                       deck.drawPile.erase(card);
                       deck.discards.push_back(turned.card);
                   },
                   [&](const event::CardCalled& called) {
                       if (!called.call.command.empty() && battle.findCommand(called.call.command) == nullptr) {
                           throw std::logic_error("a card calls command '" + called.call.command + "', which the battle does not have");
                       }
                       deckOrThrow(battle, called.deck).call = called.call;
                   },
                   [&](const event::DeckGathered& gathering) {
                       DeckState& deck = deckOrThrow(battle, gathering.deck);
                       deck = gathered(std::move(deck));
                   },
                   [&](const event::ElementHealthSet& set) { elementOrThrow(battle, set.unit, set.element).health = set.health; },
                   [&](const event::ElementFiguresSet& set) { elementOrThrow(battle, set.unit, set.element).figures = set.figures; },
                   [&](const event::ElementMarkerChanged& changed) {
                       setMarker(elementOrThrow(battle, changed.unit, changed.element).markers, changed.marker, changed.present);
                   },
                   [&](const event::ElementCounterSet& set) {
                       Element& element = elementOrThrow(battle, set.unit, set.element);
                       if (set.value) {
                           element.counters[set.counter] = *set.value;
                       } else {
                           element.counters.erase(set.counter);
                       }
                   },
                   [&](const event::ElementsRemoved& removed) {
                       Unit& unit = unitOrThrow(battle, removed.unit);
                       basesChange(unit);
                       if (unit.startingBases == 0) {
                           unit.startingBases = static_cast<int>(unit.elements.size());
                       }
                       takeElements(unit, removed.elements);
                   },
                   [&](const event::ElementsTransferred& transfer) {
                       Unit& to = unitOrThrow(battle, transfer.to);
                       if (transfer.from == transfer.to) {
                           throw std::logic_error("event transfers elements of unit '" + transfer.from + "' to itself");
                       }
                       Unit& from = unitOrThrow(battle, transfer.from);
                       basesChange(to);
                       basesChange(from);
                       std::vector<Element> moving = takeElements(from, transfer.elements);
                       // A transfer is not a loss: each unit's count of what it began with follows.
                       const int count = static_cast<int>(moving.size());
                       from.startingBases = from.startingBases > 0 ? std::max(0, from.startingBases - count) : 0;
                       to.startingBases = to.startingBases > 0 ? to.startingBases + count : 0;
                       for (Element& element : moving) {
                           to.elements.push_back(std::move(element));
                       }
                   },
                   [&](const event::UnitCreated& created) {
                       if (created.unit == nullptr) {
                           throw std::logic_error("event creates no unit");
                       }
                       const Unit& unit = *created.unit;
                       if (unit.id.empty() || battle.findUnit(unit.id) != nullptr) {
                           throw std::logic_error("event creates unit '" + unit.id + "', whose id is not new to the battle");
                       }
                       for (const Element& element : unit.elements) {
                           if (element.id.empty() || elementIdTaken(battle, element.id)) {
                               throw std::logic_error("event creates unit '" + unit.id + "' with element '" + element.id +
                                                      "', whose id is not new to the battle");
                           }
                       }
                       battle.index.drop();
                       battle.units.push_back(unit);
                   },
                   [&](const event::UnitRemoved& removed) {
                       unitOrThrow(battle, removed.unit);
                       battle.index.drop();
                       std::erase_if(battle.units, [&](const Unit& unit) { return unit.id == removed.unit; });
                   },
                   [&](const event::ElementReshaped& reshaped) {
                       Element& element = elementOrThrow(battle, reshaped.unit, reshaped.element);
                       if (!(reshaped.width > 0) || !(reshaped.depth > 0)) {
                           throw std::logic_error("event reshapes element '" + reshaped.element + "' to no footprint");
                       }
                       basesChange(unitOrThrow(battle, reshaped.unit));
                       element.width = reshaped.width;
                       element.depth = reshaped.depth;
                       if (!reshaped.role.empty()) {
                           element.role = reshaped.role;
                       }
                   },
               },
               event);
}

std::unique_ptr<Battle> keptWorkingCopy(WorkingCopySlot::Returned lent, const std::vector<Event>& applied) {
    if (!lent.copy) {
        return nullptr; // spoilt by a resolution that failed, or never lent
    }
    if (lent.taken) {
        // The resolution's own events, applied as it went, and nothing else.
        return lent.eventsApplied == applied.size() ? std::move(lent.copy) : nullptr;
    }
    try {
        for (const Event& event : applied) {
            applyEvent(*lent.copy, event);
        }
        return std::move(lent.copy);
    } catch (const std::logic_error&) {
        // The battle took these events: a copy equal to it takes them too; if not, it
        // is not kept.
        return nullptr;
    }
}

std::string describe(const Battle& battle, const Event& event) {
    return std::visit(
        Overloaded{
            [&](const event::Moved& moved) {
                const Unit* unit = battle.findUnit(moved.unit);
                if (unit == nullptr || unit->elements.empty() || moved.placements.empty()) {
                    return nameOf(battle, moved.unit) + ": moves";
                }
                const std::string facing = ", facing " + number(normaliseDegrees(moved.placements.front().facing)) + "°";
                if (battle.table.gridded()) {
                    // On a grid a move is counted in whole boxes, from the box the unit
                    // stood in to the one it stands in now, wherever in them its bases are.
                    Point after(0, 0);
                    for (const event::Placement& placement : moved.placements) {
                        boost::geometry::add_point(after, placement.centre);
                    }
                    boost::geometry::divide_value(after, static_cast<double>(moved.placements.size()));
                    const int boxes = boxDistance(battle.table.boxAt(unit->centre()), battle.table.boxAt(after));
                    return unit->name + ": moves " + lengthText(boxes, MeasureUnit::Box) + " to " + boxName(battle.table.boxAt(after)) +
                           facing;
                }
                const Point from = unit->elements.front().centre;
                const Point to = moved.placements.front().centre;
                const double distance = boost::geometry::distance(from, to);
                return unit->name + ": moves " + battle.table.formatLength(distance) + facing;
            },
            [&](const event::MarkerChanged& changed) {
                return nameOf(battle, changed.unit) + (changed.present ? ": becomes " : ": no longer ") + changed.marker;
            },
            [&](const event::CounterSet& set) {
                return nameOf(battle, set.unit) + ": " + set.counter + " " + (set.value ? number(*set.value) : std::string("cleared"));
            },
            [&](const event::SessionSet& set) { return set.key + ": " + set.value.dump(); },
            [&](const event::FormationSet& set) { return nameOf(battle, set.unit) + ": forms " + set.formation; },
            [&](const event::TurnSet& set) { return "turn " + std::to_string(set.turn) + ", " + set.phase; },
            [&](const event::SideMarkerChanged& changed) {
                const Side* side = battle.findSide(changed.side);
                return (side != nullptr ? side->name : changed.side) + (changed.present ? ": " : ": no longer ") + changed.marker;
            },
            [&](const event::TerrainMarkerChanged& changed) {
                std::string name = changed.feature;
                for (const TerrainArea& area : battle.areas) {
                    name = area.id == changed.feature && !area.name.empty() ? area.name : name;
                }
                for (const TerrainLine& line : battle.lines) {
                    name = line.id == changed.feature && !line.name.empty() ? line.name : name;
                }
                return name + (changed.present ? ": " : ": no longer ") + changed.marker;
            },
            [&](const event::Attached& attached) {
                return attached.to.empty() ? nameOf(battle, attached.leader) + ": leaves the unit he was with"
                                           : nameOf(battle, attached.leader) + ": joins " + nameOf(battle, attached.to);
            },
            [&](const event::CommandTaken& taken) {
                const Command* command = battle.findCommand(taken.command);
                const std::string name = command != nullptr ? command->name : taken.command;
                return taken.commander.empty() ? name + ": without a commander"
                                               : name + ": commanded by " + nameOf(battle, taken.commander);
            },
            [&](const event::DeckFormed& formed) {
                return "the " + formed.deck + " deck: " + std::to_string(formed.cards.size()) + " cards, shuffled";
            },
            [&](const event::CardTurned& turned) {
                // A command's card (a brigade's) reads as the command.
                const Command* command = battle.findCommand(turned.card);
                return "the " + turned.deck + " deck: turns " +
                       (command != nullptr ? "the card of " + command->name : "the " + cardFromId(turned.card).displayName());
            },
            [&](const event::CardCalled& called) { return "the " + called.deck + " deck: " + callText(battle, called.call); },
            [&](const event::DeckGathered& gathering) { return "the " + gathering.deck + " deck: the turned cards shuffled back in"; },
            [&](const event::ElementHealthSet& set) { return elementName(battle, set.unit, set.element) + ": " + toString(set.health); },
            [&](const event::ElementFiguresSet& set) {
                const auto up = std::count_if(set.figures.begin(), set.figures.end(), [](Health health) { return standing(health); });
                return elementName(battle, set.unit, set.element) + ": " + std::to_string(up) + " of " +
                       std::to_string(set.figures.size()) + (set.figures.size() == 1 ? " figure" : " figures") + " standing";
            },
            [&](const event::ElementMarkerChanged& changed) {
                return elementName(battle, changed.unit, changed.element) + (changed.present ? ": becomes " : ": no longer ") +
                       changed.marker;
            },
            [&](const event::ElementCounterSet& set) {
                return elementName(battle, set.unit, set.element) + ": " + set.counter + " " +
                       (set.value ? number(*set.value) : std::string("cleared"));
            },
            [&](const event::ElementsRemoved& removed) {
                // Plain bases are counted; elements that are someone are named.
                const Unit* unit = battle.findUnit(removed.unit);
                std::vector<std::string> named;
                bool plain = true;
                for (const std::string& id : removed.elements) {
                    const Element* element = unit != nullptr ? unit->findElement(id) : nullptr;
                    plain = plain && (element == nullptr || element->role.empty());
                    named.push_back(element != nullptr && !element->role.empty() ? element->role + " " + id : id);
                }
                const std::size_t count = removed.elements.size();
                return nameOf(battle, removed.unit) + ": loses " +
                       (plain ? std::to_string(count) + (count == 1 ? " base (" : " bases (") + listed(named) + ")" : listed(named));
            },
            [&](const event::ElementsTransferred& transfer) {
                return nameOf(battle, transfer.from) + ": " + listed(transfer.elements) + " go to " + nameOf(battle, transfer.to);
            },
            [&](const event::UnitCreated& created) {
                if (created.unit == nullptr) {
                    return std::string("no unit comes onto the table");
                }
                const std::size_t count = created.unit->elements.size();
                return created.unit->name + ": comes onto the table with " + std::to_string(count) +
                       (count == 1 ? " element" : " elements");
            },
            [&](const event::UnitRemoved& removed) { return nameOf(battle, removed.unit) + ": leaves the table"; },
            [&](const event::ElementReshaped& reshaped) {
                return elementName(battle, reshaped.unit, reshaped.element) + ": now " +
                       (reshaped.role.empty() ? std::string() : reshaped.role + ", ") + battle.table.formatLength(reshaped.width) + " by " +
                       battle.table.formatLength(reshaped.depth);
            },
        },
        event);
}

} // namespace sandtable
