#pragma once

#include "sandtable/deck.h"
#include "sandtable/geometry.h"
#include "sandtable/table.h"
#include "sandtable/terrain.h"
#include "sandtable/unit_index.h"

#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace sandtable {

/// One layer of a side's flag, painted over the layers before it on a flag half again as
/// long as it is high: a field of one colour, stripes of several, a cross or a saltire as
/// wide as `width` of the flag's height, or a canton (the upper quarter by the staff).
/// Presentation only: no rule reads it, and it is not part of the battle's state.
struct FlagLayer {
    enum class Shape { Field, Stripes, Cross, Saltire, Canton };
    Shape shape = Shape::Field;
    std::vector<std::string> colours; // "#rrggbb": one, or a stripe each for Stripes
    bool across = true;               // Stripes: lying across the flag (false: standing up it)
    double width = 0.2;               // Cross, Saltire: a share of the flag's height
    friend bool operator==(const FlagLayer&, const FlagLayer&) = default;
};

struct Side {
    std::string id;
    std::string name;
    std::string colour; // "#rrggbb"
    std::string commander;
    /// The side's state in play, set by event::SideMarkerChanged: "passed" (moves no more
    /// units this turn), and the ruleset's own. Never part of a scenario file.
    std::set<std::string> markers;
    /// The side's flag, layer by layer (the Union flag: a blue field, a white saltire, a
    /// white cross, a red cross); empty: a plain flag of the side's colour.
    std::vector<FlagLayer> flag;
};

/// A command above the units: a brigade, a division, a wing, the army. A unit belongs to
/// the command its `brigade` names, a command to its `parent`, so that a whole command may
/// act as one (a brigade's card turned) and rules may ask who commands a unit.
struct Command {
    std::string id;
    std::string name;
    std::string side;
    std::string level;     // the ruleset's word: "brigade", "division", "wing", "army"
    std::string commander; // the leader unit that commands it, if one is on the table
    std::string parent;    // the command it belongs to, if any
};

/// A figure's health, for figure-level rules (LSHM): apart from its posture and status
/// (prone, pinned, shaken, routed), which are its element's markers. Killed, captured and
/// ran are off the fighting strength, whatever the rules do with the figure.
enum class Health { Fit, LightlyWounded, HeavilyWounded, Killed, Captured, Ran };
std::string toString(Health health);
std::optional<Health> healthFromString(const std::string& text);
/// Whether a figure in this health still counts in its unit (fit or wounded).
inline bool standing(Health health) {
    return health == Health::Fit || health == Health::LightlyWounded || health == Health::HeavilyWounded;
}

/// A stand, base or single figure: its footprint, where it stands and which way it faces,
/// and who it is. The identity members come last so that a base written as
/// `Element{centre, facing, width, depth, {}}` stays a plain base.
struct Element {
    Point centre{0, 0};
    double facing = 0; // degrees clockwise from up the table
    double width = 40; // frontage, millimetres
    double depth = 20;
    std::vector<Health> figures; // the figures on a stand, where the rules count them; empty for a base or a single figure
    /// Stable through the battle, whichever unit it is in: the scenario's, else
    /// defaultElementId of its unit and place.
    std::string id;
    std::string role;              // "officer", "nco", "private", "gunner", "standard", "musician", "limber"...; empty: a plain base
    std::string rank;              // a leader's rank as the rules name it ("captain", "sergeant")
    std::string weapon;            // its own weapon, where figures of one unit are armed apart ("rifle")
    Health health = Health::Fit;   // a single figure's
    std::set<std::string> markers; // its posture and status: prone, pinned, shaken, routed...
    std::map<std::string, double> counters; // its running numbers (turns of breach work); session state

    Polygon footprint() const { return rectangle(centre, width, depth, facing); }
    /// The front edge, from front-left to front-right corner.
    Segment frontEdge() const;
};

/// Who an element is, in words, for the panels: its role, rank and weapon, its health
/// when it is not fit, and its markers; empty for a plain base.
std::vector<std::string> identityOf(const Element& element);

/// The id an element has when its scenario gives none: "<unit id>.<n>", n from 1.
std::string defaultElementId(const std::string& unitId, std::size_t index);
/// Whether `id` is that default, without building it (the state text asks for every element).
bool isDefaultElementId(const std::string& id, const std::string& unitId, std::size_t index);

/// The arm a unit belongs to, for symbols on the table and for what may cross what.
enum class Arm { Foot, Horse, Guns, Leader };
std::string toString(Arm arm);
std::optional<Arm> armFromString(const std::string& text);

/// A unit: a stable id, its side, and the elements it is made of. `stats` holds the
/// ruleset's own numbers (Resolve, Elan, morale class...), which the core does not read.
struct Unit {
    std::string id;
    std::string name;
    std::string side;
    std::string type; // the ruleset's unit-type key
    Arm arm = Arm::Foot;
    std::string quality;
    std::string formation;
    std::string brigade;
    std::string attachedTo; // a leader's unit, if attached
    nlohmann::json stats = nlohmann::json::object();
    std::set<std::string> markers; // disordered, routed, pinned, ... and ruleset ones
    std::vector<Element> elements;
    /// How many bases the unit began the battle with (0: as many as it has now), so that
    /// losses show and rules that count them (a point per base lost) can.
    int startingBases = 0;
    /// The ruleset's running numbers for this unit in a game (movement left, an
    /// activation die...). Session state: rebuilt by replaying the game, never part of a
    /// scenario file.
    std::map<std::string, double> counters;

    Point centre() const;
    bool eliminated() const { return elements.empty(); }
    Element* findElement(const std::string& elementId);
    const Element* findElement(const std::string& elementId) const;
    /// Gives every element without an id its default one.
    void nameElements();
    int basesLost() const {
        return startingBases > static_cast<int>(elements.size()) ? startingBases - static_cast<int>(elements.size()) : 0;
    }
};

struct Battle;

/// Where the game lends a battle a copy of itself, kept equal to it event for event, for
/// the next resolution to take as its working copy (kit::ResolutionStep) instead of
/// copying the whole battle: in a large battle that copy, made for every action, cost
/// more than the rules. The resolution gives the copy back with the number of events it
/// applied to it; the game keeps it only if those were exactly the events it applied to
/// the battle. Nothing is lent in a copy of a battle, nor kept by assigning one.
class WorkingCopySlot {
public:
    WorkingCopySlot();
    WorkingCopySlot(const WorkingCopySlot&);
    WorkingCopySlot& operator=(const WorkingCopySlot&);
    ~WorkingCopySlot();

    /// Lends `copy`, which must equal the battle holding the slot.
    void lend(std::unique_ptr<Battle> copy);
    /// The copy lent, for a resolution to work on; none where none is lent.
    std::unique_ptr<Battle> take() const;
    /// Gives the copy back with the number of events applied to it since it was taken.
    void giveBack(std::unique_ptr<Battle> copy, std::size_t eventsApplied) const;
    struct Returned {
        std::unique_ptr<Battle> copy; // none if never taken back, or never lent
        std::size_t eventsApplied = 0;
        bool taken = false; // a resolution took it (else the copy is as lent)
    };
    /// Ends the loan: the copy as it came back (or as lent, if no resolution took it).
    Returned takeBack();

private:
    mutable std::unique_ptr<Battle> m_copy;
    mutable std::size_t m_applied = 0;
    mutable bool m_taken = false;
};

/// Everything on the table: the state rules read and change.
struct Battle {
    Table table;
    std::vector<TerrainArea> areas;
    std::vector<TerrainLine> lines;
    std::vector<Side> sides;
    /// The chain of command, where the scenario gives one; a unit's `brigade` names one.
    std::vector<Command> commands;
    std::vector<Unit> units;
    int turn = 1;
    std::string phase;
    /// The ruleset's state of play (a commander's dice pool), as JSON it
    /// alone reads. Session state like Unit::counters: rebuilt by replay, never saved in
    /// a scenario.
    nlohmann::json session = nlohmann::json::object();
    /// The decks in play, by the ruleset's name for each ("activation"): what each holds,
    /// what is left to draw (a composition: the next card is drawn when turned) and what
    /// has been turned. Changed only by the deck events; rebuilt by replay.
    std::map<std::string, DeckState> decks;
    /// The units filed by id and place, while the battle stands as the game filed it
    /// (Game, after each action); empty in a copy and after any event. Not part of the
    /// battle's state: a lookup aid, never saved or hashed.
    UnitIndexSlot index;
    /// A copy of the battle the game lends its next resolution; not part of the battle's
    /// state (never saved, hashed or copied).
    WorkingCopySlot workingCopy;

    /// Sets each unit's startingBases to the bases it has, where the scenario left it 0:
    /// a game begins by counting what is on the table.
    void countStartingBases();

    const Unit* findUnit(const std::string& id) const;
    Unit* findUnit(const std::string& id);
    const Side* findSide(const std::string& id) const;
    Side* findSide(const std::string& id);
    const Command* findCommand(const std::string& id) const;
    Command* findCommand(const std::string& id);
};

/// The ids of the battle's units for which `test` holds, in the battle's order (the
/// targets an order may take, the units a rule reaches).
template <class Test> std::vector<std::string> unitIdsWhere(const Battle& battle, Test test) {
    std::vector<std::string> ids;
    for (const Unit& unit : battle.units) {
        if (test(unit)) {
            ids.push_back(unit.id);
        }
    }
    return ids;
}

/// Whether `unit` serves under the command `commandId`: its brigade is that command or
/// one of the commands below it.
bool servesUnder(const Battle& battle, const Unit& unit, const std::string& commandId);
/// The units that serve under a command, in the battle's order (the eliminated too: the
/// rules say what they count for).
std::vector<std::string> unitsUnder(const Battle& battle, const std::string& commandId);
/// The units a turned card calls to act: every unit under its command, else the units it
/// names, else every unit of its side; none when it calls no one. Units with no bases left
/// are not called.
std::vector<std::string> unitsCalled(const Battle& battle, const CardCall& call);
/// The call in words: "Blue: the 1st Brigade acts as one", "Red: Rifles, Guards", "Blue",
/// "no one".
std::string callText(const Battle& battle, const CardCall& call);
/// A unit's chain of command from its brigade upward; empty when its brigade is not a
/// declared command.
std::vector<const Command*> chainOfCommand(const Battle& battle, const Unit& unit);

} // namespace sandtable
