#include "computer_weighing.h"

#include "computer_doctrine.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <exception>
#include <type_traits>
#include <variant>

namespace sandtable::computer {

namespace {

/// A leader's loss shakes an army more than a base's: it counts as this many.
constexpr double kLeaderWorth = 2;
/// A point of the ruleset's score counts as this many bases' worth.
constexpr double kPointWorth = 0.5;
/// A battle won or lost outweighs any number of bases.
constexpr double kBattleWorth = 50;
/// A unit keeps at least this share of its worth however many markers it carries: a
/// routed, disordered unit is still on the table.
constexpr double kLeastShare = 0.1;
/// Questions answered in one try before the try is weighed where it stands.
constexpr int kMostAnswers = 8;

double healthWorth(Health health) {
    switch (health) {
    case Health::Fit:
        return 1;
    case Health::LightlyWounded:
        return 0.7;
    case Health::HeavilyWounded:
        return 0.4;
    default:
        return 0;
    }
}

double elementWorth(const Element& element) {
    if (element.figures.empty()) {
        return healthWorth(element.health);
    }
    double standing = 0;
    for (const Health figure : element.figures) {
        standing += healthWorth(figure);
    }
    return standing / static_cast<double>(element.figures.size());
}

/// The ruleset's unit settings that weaken a unit: read once for a decision's weighings,
/// not for every unit of every try.
std::vector<UnitSetting> weakeningSettings(const Ruleset& ruleset) {
    std::vector<UnitSetting> weakening = ruleset.unitSettings();
    std::erase_if(weakening, [](const UnitSetting& setting) { return setting.weakens <= 0; });
    return weakening;
}

/// The share of a unit's worth its markers and counters leave it.
double settingsShare(const std::vector<UnitSetting>& weakening, const Unit& unit) {
    double taken = 0;
    for (const UnitSetting& setting : weakening) {
        if (setting.counter) {
            const auto it = unit.counters.find(setting.id);
            const double value = it != unit.counters.end() ? it->second : setting.unset;
            taken += setting.weakens * std::abs(value - setting.unset);
        } else if (unit.markers.count(setting.id) != 0) {
            taken += setting.weakens;
        }
    }
    return std::max(kLeastShare, 1 - taken);
}

double armWeight(const Unit& unit) { return unit.arm == Arm::Leader ? kLeaderWorth : 1.0; }

/// splitmix64: spreads a game's seed, its point and a try over the seed space, so that
/// neighbouring tries do not share dice.
std::uint64_t spreadSeed(std::uint64_t value) {
    value += 0x9e3779b97f4a7c15ULL;
    value = (value ^ (value >> 30)) * 0xbf58476d1ce4e5b9ULL;
    value = (value ^ (value >> 27)) * 0x94d049bb133111ebULL;
    return value ^ (value >> 31);
}

/// Mixed into the seed of the dice an order is resolved with in each try (seedAt), apart
/// from the dice the turn is then played on with: those are the turn's without the order.
constexpr std::uint64_t kOrderDiceSalt = 0x0de5u;

/// Try `i`'s dice at the game's point (seedAt), untraced: a try's account is never read.
DiceStream untracedDice(const Game& game, std::uint64_t salt, int i) {
    DiceStream dice(seedAt(game, salt, i));
    dice.setUntraced(true);
    return dice;
}

/// Steps a try plays on after its order, at most, before it is weighed where it stands.
constexpr int kMostSteps = 24;

/// Tries after which an order is weighed on them alone when they agree: all gained, all
/// lost, or none changed the balance. An order whose tries differ gets them all. Against
/// the basic level, 60 games from each seat of the six shipped scenarios, the standard
/// level won 521 of 720 so and 514 with every try played, in four fifths of the time;
/// stopping after two agreeing tries, or three of eight in all, it won fewer (504, 494).
constexpr int kAgreeingTries = 4;

} // namespace

/// The battle a try plays on, and a copy of it kept equal to it event for event that
/// each resolution borrows for its working copy (Battle::workingCopy, as Game::perform
/// lends its own): a try resolves up to kMostSteps steps and their questions, and copied
/// the whole battle for each, which was a fifth of a weighing's time. One serves every try
/// of a decision (Weigher), each begun by `reset`, which puts back only what events
/// change: copying or assigning the whole battle twice a try (every unit's names, type
/// and stats JSON too, which no event changes) was an eighth of the standard level's time.
class TryBattle {
public:
    /// Begins a try on `from` as it stands: the battle and its spare made equal to it,
    /// whole the first time or after a unit was added or taken away, else in what the last
    /// try's events changed (putBack).
    /// A spare a try left unknown is dropped, to be copied afresh when first lent.
    void reset(const Battle& from) {
        if (m_lent.copy) {
            m_spare.reset(); // a resolution neither refused nor applied: the spare is unknown
        }
        m_lent = {};
        if (m_from != &from || m_changes.everyUnit) {
            m_battle = from;
            if (m_spare) {
                *m_spare = from;
            }
        } else {
            putBack(from, m_battle);
            if (m_spare) {
                putBack(from, *m_spare);
            }
        }
        m_from = &from;
        m_changes.clear();
        // The game's index finds the try's units by id (applyEvent, the rules) while no
        // unit is added or taken away; without it a turn played on, an event for each
        // unit, looked each up through all of them.
        m_battle.index.shareFrom(from.index);
    }

    /// Ends a try: the game's index is let go, so that the game refiles it in place
    /// after its next action rather than filing the battle afresh.
    void end() { m_battle.index.drop(); }

    const Battle& battle() const { return m_battle; }

    /// `action` resolved on the battle as it stands (an answer to `prompt`, if given).
    Resolution resolve(const Ruleset& ruleset, const Action& action, DiceStream& dice, const Prompt* prompt = nullptr) {
        if (!m_spare) {
            m_spare = std::make_unique<Battle>(m_battle);
        }
        m_battle.workingCopy.lend(std::move(m_spare));
        Resolution resolution;
        try {
            resolution = prompt != nullptr ? ruleset.answer(m_battle, *prompt, action, dice) : ruleset.resolve(m_battle, action, dice);
        } catch (...) {
            m_battle.workingCopy.takeBack(); // spoilt: made afresh for the next
            throw;
        }
        m_lent = m_battle.workingCopy.takeBack();
        if (!resolution.refusal.empty()) {
            m_spare = keptWorkingCopy(std::move(m_lent), {});
        }
        return resolution;
    }

    /// The events of the resolution last resolved, applied to the battle.
    void apply(const std::vector<Event>& events) {
        for (const Event& event : events) {
            m_changes.note(event, m_battle); // before: an event the battle cannot take may change it half
            applyEvent(m_battle, event);
        }
        m_spare = keptWorkingCopy(std::move(m_lent), events);
    }

private:
    /// What a try's events changed (applyEvent): each unit's parts they named, the keys of
    /// the session they set, and the battle's other parts.
    struct Changes {
        // A unit's parts an event may change, as bits.
        static constexpr std::uint8_t kFormation = 1;
        static constexpr std::uint8_t kAttachment = 2;
        static constexpr std::uint8_t kMarkers = 4;
        static constexpr std::uint8_t kCounters = 8;
        static constexpr std::uint8_t kBases = 16; // its elements and the bases it began with

        bool everyUnit = false;               // a unit added or taken away: the battle put back whole
        std::vector<std::size_t> units;       // the places of the units changed, each once
        std::vector<std::uint8_t> parts;      // by place: the parts changed (none: not in `units`)
        std::vector<std::string> sessionKeys; // each once
        bool sides = false;
        bool terrain = false;
        bool commands = false;
        bool decks = false;

        /// Nothing changed, the lists' room kept for the next try.
        void clear() {
            for (const std::size_t place : units) {
                parts[place] = 0;
            }
            units.clear();
            sessionKeys.clear();
            everyUnit = sides = terrain = commands = decks = false;
        }

        /// `event`, about to be applied to `battle` (where its units are found).
        void note(const Event& event, const Battle& battle) {
            const auto changed = [&](const std::string& id, std::uint8_t part) {
                const Unit* unit = battle.findUnit(id);
                if (unit == nullptr) {
                    everyUnit = true; // the battle cannot take it: put back whole, to be sure
                    return;
                }
                const auto place = static_cast<std::size_t>(unit - battle.units.data());
                parts.resize(std::max(parts.size(), battle.units.size()));
                if (parts[place] == 0) {
                    units.push_back(place);
                }
                parts[place] |= part;
            };
            std::visit(
                [&](const auto& e) {
                    using E = std::decay_t<decltype(e)>;
                    if constexpr (std::is_same_v<E, event::UnitCreated> || std::is_same_v<E, event::UnitRemoved>) {
                        everyUnit = true;
                    } else if constexpr (std::is_same_v<E, event::MarkerChanged>) {
                        changed(e.unit, kMarkers);
                    } else if constexpr (std::is_same_v<E, event::CounterSet>) {
                        changed(e.unit, kCounters);
                    } else if constexpr (std::is_same_v<E, event::FormationSet>) {
                        changed(e.unit, kFormation);
                    } else if constexpr (std::is_same_v<E, event::Attached>) {
                        changed(e.leader, kAttachment);
                    } else if constexpr (std::is_same_v<E, event::ElementsTransferred>) {
                        changed(e.from, kBases);
                        changed(e.to, kBases);
                    } else if constexpr (std::is_same_v<E, event::Moved> || std::is_same_v<E, event::ElementHealthSet> ||
                                         std::is_same_v<E, event::ElementFiguresSet> || std::is_same_v<E, event::ElementMarkerChanged> ||
                                         std::is_same_v<E, event::ElementCounterSet> || std::is_same_v<E, event::ElementsRemoved> ||
                                         std::is_same_v<E, event::ElementReshaped>) {
                        changed(e.unit, kBases);
                    } else if constexpr (std::is_same_v<E, event::SessionSet>) {
                        if (std::find(sessionKeys.begin(), sessionKeys.end(), e.key) == sessionKeys.end()) {
                            sessionKeys.push_back(e.key);
                        }
                    } else if constexpr (std::is_same_v<E, event::TurnSet>) {
                        // the turn and phase are put back every time
                    } else if constexpr (std::is_same_v<E, event::SideMarkerChanged>) {
                        sides = true;
                    } else if constexpr (std::is_same_v<E, event::TerrainMarkerChanged>) {
                        terrain = true;
                    } else if constexpr (std::is_same_v<E, event::CommandTaken>) {
                        commands = true;
                    } else if constexpr (std::is_same_v<E, event::DeckFormed> || std::is_same_v<E, event::CardTurned> ||
                                         std::is_same_v<E, event::CardCalled> || std::is_same_v<E, event::DeckGathered>) {
                        decks = true;
                    } else {
                        static_assert(sizeof(E) == 0, "an event whose changes a try does not know how to put back");
                    }
                },
                event);
        }
    };

    /// Puts back in `battle` (equal to `from` but for what the last try's events changed)
    /// what m_changes names: of each unit changed the parts its events changed, each
    /// session key set, the battle's other parts changed. (The turn's counters and
    /// markers change nearly every unit, its bases few: putting back every unit's whole
    /// state and the whole session, with the ruleset's bookkeeping in it, was a
    /// fourteenth of a refight's time at the standard level: docs/architecture.md.)
    void putBack(const Battle& from, Battle& battle) const {
        for (const std::size_t place : m_changes.units) {
            const Unit& unit = from.units[place];
            Unit& was = battle.units[place];
            const std::uint8_t parts = m_changes.parts[place];
            if ((parts & Changes::kFormation) != 0) {
                was.formation = unit.formation;
            }
            if ((parts & Changes::kAttachment) != 0) {
                was.attachedTo = unit.attachedTo;
            }
            if ((parts & Changes::kMarkers) != 0) {
                was.markers = unit.markers;
            }
            if ((parts & Changes::kCounters) != 0) {
                was.counters = unit.counters;
            }
            if ((parts & Changes::kBases) != 0) {
                was.elements = unit.elements;
                was.startingBases = unit.startingBases;
            }
        }
        battle.turn = from.turn;
        battle.phase = from.phase;
        for (const std::string& key : m_changes.sessionKeys) {
            const auto kept = from.session.find(key);
            if (kept != from.session.end()) {
                battle.session[key] = *kept;
            } else {
                battle.session.erase(key);
            }
        }
        if (m_changes.sides) {
            battle.sides = from.sides;
        }
        if (m_changes.terrain) {
            battle.areas = from.areas;
            battle.lines = from.lines;
        }
        if (m_changes.commands) {
            battle.commands = from.commands;
        }
        if (m_changes.decks) {
            battle.decks = from.decks;
        }
    }

    const Battle* m_from = nullptr; // the battle the tries begin on
    Battle m_battle;
    std::unique_ptr<Battle> m_spare;
    WorkingCopySlot::Returned m_lent;
    Changes m_changes; // since the try began
};

namespace {

/// Applies a resolution's events to the try's battle, answering each question it puts
/// the plainest way; false when the rules refuse the step.
bool applied(const Ruleset& ruleset, TryBattle& battle, Resolution resolution, DiceStream& dice) {
    if (!resolution.refusal.empty()) {
        return false;
    }
    for (int answered = 0;; ++answered) {
        battle.apply(resolution.events);
        if (!resolution.prompt || answered == kMostAnswers) {
            return true;
        }
        const Prompt prompt = *resolution.prompt;
        resolution = battle.resolve(ruleset, plainAnswer(battle.battle(), prompt), dice, &prompt);
        if (!resolution.refusal.empty()) {
            return true;
        }
    }
}

/// The order a try plays on with: the side's pass or draw, else a melee to fight (its
/// first target), else the acting unit's end, or the first unit's spent activation when
/// the side must pick a unit for a card: the turn carried to its end with nothing
/// else done, so that an order whose effect comes later (fire resolved at the end of the
/// phase, a charge's melee in the melee phase) is weighed by it. The side's own orders are
/// looked at first: they cost one offer, the units' a unit's offers each, and a phase
/// whose melees are still to fight offers no pass; only then are the units that may act
/// asked for (`status` is brief: Ruleset::briefStatus), and of each only its melees and
/// its end (Ruleset::offersOfRoles: where a card calls the side to pick a unit, every
/// unit's fire targets worked out for its whole offers were two fifths of a refight's
/// time; docs/architecture.md names it). Nothing when none is offered.
std::optional<Action> plainestStep(const Ruleset& ruleset, const Battle& battle, const GameStatus& status) {
    if (status.activeUnit.empty()) {
        const std::vector<Offer> sides = ruleset.offersOfRoles(battle, "", {OrderRole::Pass, OrderRole::Draw});
        if (!sides.empty()) {
            return actionOf(sides.front());
        }
    }
    const std::vector<std::string> units =
        status.activeUnit.empty() ? ruleset.status(battle).mayActivate : std::vector<std::string>{status.activeUnit};
    std::optional<Action> end;
    for (const std::string& unit : units) {
        for (const Offer& offer : ruleset.offersOfRoles(battle, unit, {OrderRole::Melee, OrderRole::EndActivation})) {
            if (offer.role == OrderRole::Melee && !offer.targets.empty() && offer.input == OrderInput::Target) {
                Action melee = actionOf(offer);
                melee.target = offer.targets.front();
                return melee;
            }
            // The acting unit's end; with no unit acting and no pass (a card that calls the
            // side to pick a unit), the first unit's activation spent.
            if (offer.role == OrderRole::EndActivation && !end) {
                end = actionOf(offer);
            }
        }
    }
    return end;
}

/// Plays the turn on to its end the plainest way (plainestStep), from `battle` as it
/// stands, and gives the brief status it ends with (Ruleset::briefStatus): worked out for
/// the step it stopped at already, and the balance reads it. The whole status lists the
/// units that may act, by their offers in some rulesets: read at every step, it was half
/// of a weighing's time, and where a ruleset works out each unit's charges for it, two
/// fifths of a refight's (docs/architecture.md). Played only through the phase and the
/// next, the standard level won fewer of its games against the basic one: a charge's
/// worth is often in the turn's morale.
GameStatus playedOn(const Ruleset& ruleset, TryBattle& battle, int turn, DiceStream& dice) {
    for (int step = 0; step < kMostSteps; ++step) {
        GameStatus status = ruleset.briefStatus(battle.battle());
        if (status.over || battle.battle().turn != turn) {
            return status;
        }
        const std::optional<Action> next = plainestStep(ruleset, battle.battle(), status);
        // Refused, a step changes nothing (applied): the battle stands as the status says.
        if (!next || !applied(ruleset, battle, battle.resolve(ruleset, *next, dice), dice)) {
            return status;
        }
    }
    return ruleset.briefStatus(battle.battle());
}

/// The question `action` answers, where it is an answer to the game's waiting one; else
/// none (the action is an order of its own).
const Prompt* questionAnswered(const Game& game, const Action& action) {
    return action.type == "answer" && game.prompt() ? &*game.prompt() : nullptr;
}

/// One try: the order resolved with `orderDice` (its questions answered with them too)
/// and applied to `after`, begun afresh from the game's battle, then the turn played on
/// with `turnDice`; the status it ends with. Nothing when the rules refuse the order.
std::optional<GameStatus> tryOnce(const Game& game, const Action& action, DiceStream& orderDice, DiceStream& turnDice, TryBattle& after) {
    const Ruleset& ruleset = game.ruleset();
    after.reset(game.battle());
    Resolution resolution = after.resolve(ruleset, action, orderDice, questionAnswered(game, action));
    std::optional<GameStatus> status;
    if (resolution.refusal.empty()) {
        applied(ruleset, after, std::move(resolution), orderDice);
        status = playedOn(ruleset, after, game.battle().turn, turnDice);
    }
    after.end();
    return status;
}

double worthOf(const std::vector<UnitSetting>& weakening, const Unit& unit) {
    if (unit.eliminated()) {
        return 0;
    }
    double bases = 0;
    for (const Element& element : unit.elements) {
        bases += elementWorth(element);
    }
    return bases * settingsShare(weakening, unit) * armWeight(unit);
}

/// How `side` stands (Weigher's balance): the worth of its units less the enemy's, the
/// score between them, and a won or lost battle above all.
double balanceFor(const std::vector<UnitSetting>& weakening, const Battle& battle, const GameStatus& status, const std::string& side) {
    double balance = 0;
    for (const Unit& unit : battle.units) {
        const double worth = worthOf(weakening, unit);
        balance += unit.side == side ? worth : -worth;
    }
    for (const SideScore& score : status.scores) {
        balance += (score.side == side ? kPointWorth : -kPointWorth) * score.points;
    }
    if (status.over && !status.winner.empty()) {
        balance += status.winner == side ? kBattleWorth : -kBattleWorth;
    }
    return balance;
}

/// The share of its full worth `unit` has left (strengthLeft).
double shareLeft(const std::vector<UnitSetting>& weakening, const Unit& unit) {
    const double full = std::max<double>(unit.startingBases, static_cast<double>(unit.elements.size()));
    return full <= 0 ? 0 : worthOf(weakening, unit) / (full * armWeight(unit));
}

} // namespace

double unitWorth(const Ruleset& ruleset, const Unit& unit) { return worthOf(weakeningSettings(ruleset), unit); }

double strengthLeft(const Ruleset& ruleset, const Unit& unit) { return shareLeft(weakeningSettings(ruleset), unit); }

double Weigher::strengthLeft(const Unit& unit) const { return shareLeft(m_weakening, unit); }

std::uint64_t seedAt(const Game& game, std::uint64_t salt, int i) {
    return spreadSeed(spreadSeed(game.seed() ^ salt ^ spreadSeed(game.log().size())) + static_cast<std::uint64_t>(i));
}

double sideBalance(const Game& game, const std::string& side) {
    return balanceFor(weakeningSettings(game.ruleset()), game.battle(), game.status(), side);
}

Weigher::Weigher(const Game& game, std::string side, int tries)
    : m_game(game), m_side(std::move(side)), m_tries(tries), m_weakening(weakeningSettings(game.ruleset())),
      m_try(std::make_unique<TryBattle>()) {}

Weigher::~Weigher() = default;
Weigher::Weigher(Weigher&&) noexcept = default;

double Weigher::without(int i) {
    const Ruleset& ruleset = m_game.ruleset();
    while (static_cast<int>(m_without.size()) <= i) {
        m_dice.push_back(untracedDice(m_game, 0, static_cast<int>(m_without.size())));
        DiceStream dice = m_dice.back();
        m_try->reset(m_game.battle());
        std::optional<GameStatus> ended;
        try {
            ended = playedOn(ruleset, *m_try, m_game.battle().turn, dice);
        } catch (const std::exception&) {
            ended = ruleset.briefStatus(m_try->battle()); // weighed where it stood
        }
        m_without.push_back(balanceFor(m_weakening, m_try->battle(), *ended, m_side));
        m_try->end();
        ++m_played;
    }
    return m_without[static_cast<std::size_t>(i)];
}

Weighing Weigher::weigh(const Action& action) {
    Weighing weighing;
    double total = 0;
    int gained = 0;
    int lost = 0;
    int tried = 0;
    for (; tried < m_tries; ++tried) {
        if (tried == kAgreeingTries && (gained == tried || lost == tried || gained + lost == 0)) {
            break; // the first tries agree: weighed on them
        }
        const double before = without(tried);
        while (m_orderDice.size() <= static_cast<std::size_t>(tried)) {
            m_orderDice.push_back(untracedDice(m_game, kOrderDiceSalt, static_cast<int>(m_orderDice.size())));
        }
        DiceStream orderDice = m_orderDice[static_cast<std::size_t>(tried)];
        DiceStream turnDice = m_dice[static_cast<std::size_t>(tried)]; // the try without the order's
        ++m_played;
        std::optional<GameStatus> ended;
        try {
            ended = tryOnce(m_game, action, orderDice, turnDice, *m_try);
        } catch (const std::exception&) {
            m_try->end();
            return weighing; // a ruleset's bug or an event the battle cannot take: not allowed
        }
        if (!ended) {
            return weighing;
        }
        const double change = balanceFor(m_weakening, m_try->battle(), *ended, m_side) - before;
        total += change;
        gained += change > 1e-6 ? 1 : 0;
        lost += change < -1e-6 ? 1 : 0;
    }
    weighing.allowed = tried > 0;
    weighing.tries = tried;
    if (tried > 0) {
        weighing.gain = total / tried;
        weighing.favourable = static_cast<double>(gained) / tried;
        weighing.unfavourable = static_cast<double>(lost) / tried;
    }
    return weighing;
}

bool Weigher::setDownOnly(const Action& action) {
    // Resolved on the first try's order dice, which weigh() would seed as well: whether a
    // die is rolled, not which, is the question.
    if (m_orderDice.empty()) {
        m_orderDice.push_back(untracedDice(m_game, kOrderDiceSalt, 0));
    }
    DiceStream dice = m_orderDice.front();
    const Ruleset& ruleset = m_game.ruleset();
    m_try->reset(m_game.battle());
    bool quiet = false;
    try {
        Resolution resolution = m_try->resolve(ruleset, action, dice, questionAnswered(m_game, action));
        quiet = resolution.refusal.empty() && !resolution.prompt && dice.rollCount() == 0;
        if (resolution.refusal.empty()) {
            m_try->apply(resolution.events); // the spare kept equal to the try's battle
        }
    } catch (const std::exception&) {
        quiet = false; // weigh() finds the order not allowed
    }
    m_try->end();
    return quiet;
}

std::string describeWeighing(const Weighing& weighing) {
    char text[96];
    std::snprintf(text, sizeof text, "gains in %.0f%% of %d tries, loses in %.0f%%, %+.2f bases expected", weighing.favourable * 100,
                  weighing.tries, weighing.unfavourable * 100, weighing.gain);
    return text;
}

} // namespace sandtable::computer
