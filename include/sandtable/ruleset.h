#pragma once

#include "sandtable/action.h"
#include "sandtable/battle.h"
#include "sandtable/citation.h"
#include "sandtable/dice_stream.h"
#include "sandtable/distribution.h"
#include "sandtable/event.h"
#include "sandtable/offer.h"
#include "sandtable/table.h"
#include "sandtable/trace.h"

#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

namespace sandtable {

struct Scenario;

/// A choice the ruleset leaves to the players where two readings of its text are
/// reasonable, with the more likely reading as the default.
struct RulesetOption {
    std::string id;
    std::string name;
    std::string description;
    std::vector<std::string> choices;
    std::string defaultChoice;
};

struct RulesetInfo {
    std::string id;
    std::string name;
    /// The version of the ruleset's data and procedures, recorded in saves: a save from
    /// another version is replayed all the same, and its state hashes tell whether it
    /// still reproduces.
    std::string version;
    std::string sourceFile; // the rule text, a file of shared/rules
    MeasureUnit unit = MeasureUnit::Inch;
    std::vector<RulesetOption> options;
    /// The sequence of play as a player reads it, one step per line.
    std::vector<std::string> sequenceOfPlay;
    std::string sourceTitle; // what the rule text is, for a reader: title, author, edition
};

/// Option id -> chosen value.
using RulesetOptions = std::map<std::string, std::string>;

/// A place the rules reward holding, read from the scenario's victory for the computer
/// player: the side alone in `area` when the battle is judged (at the end of `byTurn`, or
/// whenever it ends where 0) wins. What stands "in" it is the ruleset's own measure; a
/// unit whose centre is in the area counts in every ruleset that gives one.
struct Objective {
    std::string name; // as the scenario names it: "The farmhouse of Casa Blanca"
    Polygon area;     // table millimetres
    int byTurn = 0;
    /// The arms whose units count as standing in it when it is judged (unless the rules
    /// discount them otherwise: routed, broken): the fighting arms where the rules leave
    /// officers out, every arm where any unit's figures count.
    std::vector<Arm> heldBy{Arm::Foot, Arm::Horse, Arm::Guns};
};

/// One modifier the rules list for this kind of action: whether it applies here, how
/// many times, and why.
struct ModifierCheck {
    std::string id;
    std::string name;
    std::string effect; // "+1", "×1/2", "1 shift right"
    bool applies = false;
    int times = 0;
    std::string reason; // "the target stands in Ashwood (light cover)"
    Citation citation;
};

/// A chance of each outcome, exact unless `samples` says it is a Monte Carlo estimate.
struct Odds {
    std::string title;
    struct Line {
        std::string label;
        Probability probability;
    };
    std::vector<Line> lines;
    std::optional<int> samples;
};

/// A possible target: how far, in which band and arc, and whether it may be chosen.
struct TargetCheck {
    std::string unit;
    double distance = 0; // in the ruleset's unit
    std::string band;
    bool inArc = false;
    bool inSight = false;
    bool eligible = false;
    std::string reason; // why not, when not eligible
};

/// What an action would do, computed without rolling a die.
struct Preview {
    std::string refusal;                                    // empty when the action may be taken
    std::vector<std::pair<std::string, std::string>> facts; // "Distance", "5.3\""
    std::vector<TargetCheck> targets;
    std::vector<ModifierCheck> modifiers;
    std::vector<Odds> odds;
    // Movement left, in the ruleset's unit; given with a path's refusal too (a move that
    // would end on a friend), so that a player, or the computer, still reads how far the
    // unit may go.
    std::optional<double> allowance;
    std::optional<double> pathCost;
    Trace rulings; // the rulings of RULINGS.md this action relies on
    bool allowed() const { return refusal.empty(); }
};

/// A choice the rules leave to a player in the middle of a resolution. `context` is the
/// ruleset's own record of where it stopped, handed back with the answer. It asks for one
/// of its choices, or (by `input`) a point, a box, a target or a place for each of
/// `elements`; the answer is an action of type "answer" carrying it.
struct Prompt {
    std::string side;
    std::string unit;
    std::string question;
    struct Choice {
        std::string id;
        std::string label;
    };
    std::vector<Choice> choices;
    Citation citation;
    nlohmann::json context = nlohmann::json::object();
    OrderInput input = OrderInput::Choice;
    std::vector<std::string> targets;  // for input Target or ElementTargets
    std::vector<std::string> elements; // for input Placement or ElementTargets
    std::vector<Box> boxes;            // for input Box: the boxes it may name (none listed: any)
};

/// Why `answer` does not answer `prompt` on this table: a choice that is not one of its
/// choices, a missing point or box, an element left unplaced; empty when it answers it.
std::string answerProblem(const Table& table, const Prompt& prompt, const Action& answer);

/// What an action did: the state changes, the account of every roll and lookup, and a
/// prompt when a player must choose before it can go on.
struct Resolution {
    std::string refusal; // non-empty: nothing happened, and why
    std::vector<Event> events;
    Trace trace;
    std::optional<Prompt> prompt;
};

struct SideScore {
    std::string side;
    int points = 0;
};

/// Where the game stands: whose turn and activation, the score, whether it is over.
struct GameStatus {
    int turn = 1;
    std::string phase;
    std::string activeSide;
    std::string activeUnit;               // the unit whose activation is under way
    std::string activeCommand;            // the command acting as one (a brigade whose card was turned)
    std::vector<std::string> mayActivate; // units the active side may activate now
    std::string situation;                // "Black 4: units showing 4 may act"
    /// The sides are moving units before the battle begins (the rules' pre-battle moves):
    /// a move now places a unit rather than spends its turn, and a scenario's recorded
    /// pre-battle moves are the ones to make.
    bool beforeBattle = false;
    std::vector<SideScore> scores;
    bool over = false;
    std::string winner; // a side id, or empty for a draw or while playing
    std::string result; // "Red wins 7 to 3 after 6 turns"
};

/// A figure the rules stand beside a unit's bases to show its state, as the Einsamenhügel
/// rules move a battalion's officer to show its loss of effectiveness. Drawn only: it
/// takes no room on the table and nothing measures to it.
struct UnitFigure {
    Point at{0, 0};    // table millimetres
    std::string role;  // "officer"
    std::string shows; // what its place says: "75% effective (ORGANISATION)"
};

/// What the rules would have the table draw around a unit now, so that the player reads
/// the ruleset's own arc, ranges and move rather than typing numbers. Lengths are table
/// millimetres, measured as the ruleset measures (from the front edge for fire).
struct UnitOverlay {
    std::optional<double> arcDegrees; // the arc it fires in, centred straight ahead (90: front ±45°)
    struct Band {
        std::string name;     // "short"
        double outerEdge = 0; // millimetres
    };
    std::vector<Band> bands;    // its weapon's range bands, nearest first
    std::optional<double> move; // how far it may still move now, where that is known
    std::string about;          // "Musket: short to 7\", long to 14\"; movement not rolled yet"
    /// On a gridded table, the boxes to shade, where the rules count in boxes: those it
    /// may move to, and those in each range band (nearest first).
    enum class BoxSetKind { Reach, Range };
    struct BoxSet {
        BoxSetKind kind = BoxSetKind::Reach;
        std::string name; // "may move to", "short range"
        std::vector<Box> boxes;
    };
    std::vector<BoxSet> boxSets;
};

/// A unit's state that a player may set by hand on a rulings board: a marker the unit
/// carries or not, or a counter from 0 to `maximum`.
struct UnitSetting {
    std::string id;   // the marker's or counter's name in the battle: "disordered", "hits"
    std::string name; // what the player reads: "Disordered", "Hits carried over"
    bool counter = false;
    int maximum = 1;
    int unset = 0; // what the rules read for a counter the unit does not carry
    /// How much of the unit's fighting worth the marker takes while the unit carries it
    /// (a counter: for each step away from `unset`), as the computer player weighs an
    /// order's outcomes: 0.6 for a rout, 0.25 for a quarter of a battalion's
    /// effectiveness. A judgement of the ruleset's author, not a rule.
    double weakens = 0;
};

/// A step of play at which a rulings board may ask its ruling, where the step changes
/// what the rules say (light troops move half after the fire): `id` is the battle's phase.
struct RulingPhase {
    std::string id;    // Battle::phase: "light-moves"
    std::string label; // what the player reads: "After the fire: light troops' half move"
};

/// The shape a formation gives a unit on the table, for drawing it: in line (the default,
/// and any formation the table need not draw otherwise), in column, in square, spread out
/// in open or skirmish order, or a gun limbered to move.
enum class FormationShape { Line, Column, Square, Skirmish, Limbered };

/// A ruleset: its data and procedures behind one interface, so that the game session and
/// the front ends play any of them alike. Every call is const and takes the state it
/// reads; only the Game changes a battle, by applying the events a resolution returns.
class Ruleset {
public:
    virtual ~Ruleset() = default;

    virtual const RulesetInfo& info() const = 0;
    /// The options this instance plays with (every declared option, defaults filled in).
    virtual const RulesetOptions& options() const = 0;

    /// Problems that stop a scenario being played by this ruleset (an unknown unit type,
    /// a stat it needs and lacks), each naming the unit.
    virtual std::vector<std::string> checkScenario(const Scenario& scenario) const = 0;

    /// Sets up the first turn (activation dice, a shuffled deck) of a scenario's battle.
    virtual Resolution start(const Battle& battle, const Scenario& scenario, DiceStream& dice) const = 0;

    /// What a unit may do now; with an empty unit id, what the side to play may do that
    /// belongs to no unit (draw the next card, end the turn).
    virtual std::vector<Offer> offers(const Battle& battle, const std::string& unit) const = 0;
    /// The unit's offers of `roles` alone, as offers() lists them and in its order: for a
    /// caller that wants a few kinds (the computer's tries want a melee to fight or the
    /// unit's end), so that a ruleset may leave out working out the targets of the rest.
    /// Default: offers(), filtered.
    virtual std::vector<Offer> offersOfRoles(const Battle& battle, const std::string& unit, OrderRoles roles) const;

    /// For a ruling asked out of the sequence of play (the rulings board): the orders a
    /// unit could be given at some step of a turn, whatever the sequence allows now, each
    /// that takes a target listing every unit it might name. Whether the rules allow one
    /// here is preview()'s answer. Default: the unit's offers now.
    virtual std::vector<Offer> rulingOffers(const Battle& battle, const std::string& unit) const;
    /// The state the rules read on a unit that a rulings board lets a player set by hand:
    /// markers ("disordered") and counters ("hits" carried). Default: none.
    virtual std::vector<UnitSetting> unitSettings() const;
    /// The steps of play a rulings board lets the player choose, where the rules answer
    /// an order differently from one to another (a move before the battle, in the
    /// movement phase, after the fire). Default: none, every ruling is the same whatever
    /// the step.
    virtual std::vector<RulingPhase> rulingPhases() const;
    /// The states of a figure beyond fit that the rules read, which a rulings board lets a
    /// player set on a unit's figures (wounds, the fallen). Default: none, the rules count
    /// bases, not figures.
    virtual std::vector<Health> figureStates() const;

    /// Why the sequence of play does not allow `action` now (another unit's activation,
    /// an order this unit has already given), or empty when it does. Whether the rules
    /// allow it (range, sight, a target's type) is resolve's question. The game asks this
    /// before every action, a replay before each of hundreds: the default reads offers(),
    /// and a ruleset whose offers work out targets should answer without them.
    virtual std::string sequenceRefusal(const Battle& battle, const Action& action) const;

    /// What an action would do. Rolls nothing.
    virtual Preview preview(const Battle& battle, const Action& action) const = 0;
    /// preview()'s verdict alone: the same refusal, movement allowance and path cost, and
    /// perhaps none of the odds, facts and modifiers a player reads. For a caller that asks
    /// of many actions only whether each may be taken (the computer's search for the
    /// longest move it may make). Default: preview().
    virtual Preview verdict(const Battle& battle, const Action& action) const { return preview(battle, action); }

    /// Carries out an action: rolls through `dice`, returns events, trace and any prompt.
    /// It refuses what the rules do not allow (out of range, routed units firing), but
    /// not what the sequence of play does not allow now: that is the Game's check, so
    /// that a ruling can be asked for any situation.
    virtual Resolution resolve(const Battle& battle, const Action& action, DiceStream& dice) const = 0;

    /// Goes on from a prompt with the chosen answer.
    /// `answer` is the action of type "answer" that the game has checked answers the prompt.
    virtual Resolution answer(const Battle& battle, const Prompt& prompt, const Action& answer, DiceStream& dice) const = 0;

    virtual GameStatus status(const Battle& battle) const = 0;
    /// The status without the units that may act (`mayActivate` left empty, and the
    /// situation need not count them): the turn, phase, the side, unit and command acting,
    /// the score and the outcome. A ruleset that lists the units by working out their
    /// offers gives this for less; the computer's tries read it at every step they play
    /// on. By default the whole status.
    virtual GameStatus briefStatus(const Battle& battle) const;

    /// What the rules say of a unit now, for the player reading it: "75% effective (1
    /// hit); in firing order; has moved this turn". Empty where the ruleset has nothing
    /// to add to what the table shows.
    virtual std::string unitState(const Battle& battle, const std::string& unit) const;

    /// The arc, range bands and move the table draws around a unit (nothing by default).
    virtual UnitOverlay overlay(const Battle& battle, const std::string& unit) const;

    /// The figures the rules place beside a unit's bases now (none by default).
    virtual std::vector<UnitFigure> unitFigures(const Battle& battle, const std::string& unit) const;

    /// How the unit stands, typed from its formation as the rules name it, so that the
    /// table draws a column in column without reading any ruleset's words (a line by
    /// default).
    virtual FormationShape formationShape(const Unit& unit) const;

    /// For the computer player: how near, in table millimetres, a unit should come to the
    /// enemy before it stops to shoot (its longest effective range), or 0 for troops that
    /// close to charge. Not a rule: a doctrine the ruleset suggests. Default 0.
    virtual double standOffRange(const Battle& battle, const std::string& unit) const;
    /// For the computer player: the places the scenario's victory rewards holding (none by
    /// default).
    virtual std::vector<Objective> objectives(const Battle& battle) const;

protected:
    /// Empty when `action` is among `offered` (an offer that lists no targets takes any).
    /// Where no order of its type is offered: "Winkie Guard may not fire Quadling Rifles now
    /// (Turn 1, Red 3: ...)". Where one is, but not to that box, target or element: the
    /// rules' own reason (preview: out of reach, out of range), else the boxes or targets
    /// that are offered ("the 1st Battalion may not move to box E5 now: the boxes it may
    /// move to are D2, E2, ..."), never the sequence of play, which allows the order.
    std::string refusalUnlessOffered(const Battle& battle, const Action& action, const std::vector<Offer>& offered) const;
};

} // namespace sandtable

namespace sandtable {

/// Fills in defaults and checks chosen values against the declared options: an unknown
/// option or value is an error naming it and what was expected.
Expected<RulesetOptions, std::string> readOptions(const std::vector<RulesetOption>& declared, const nlohmann::json& chosen);

} // namespace sandtable
