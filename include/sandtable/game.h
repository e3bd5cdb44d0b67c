#pragma once

#include "sandtable/action.h"
#include "sandtable/dice_stream.h"
#include "sandtable/ruleset.h"
#include "sandtable/scenario.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace sandtable {

/// One action of the game and what came of it.
struct LogEntry {
    Action action;
    Resolution resolution;
    std::uint64_t firstRoll = 0; // index into the dice record of the action's first die
    std::uint64_t rollCount = 0;
    std::string reason; // why the computer gave the order ("fires at the nearest target"); empty for a player's
};

/// A game in play: the battle, its ruleset, the dice stream and the log of actions. The
/// scenario, the seed and the log are the whole game: undo replays the log to one action
/// earlier, so a roll undone and asked for again comes out the same.
class Game {
public:
    /// Starts a game. Refuses a scenario the ruleset cannot play, saying why.
    static Expected<std::unique_ptr<Game>, std::string> start(Scenario scenario, std::unique_ptr<Ruleset> ruleset, std::uint64_t seed);

    const Scenario& scenario() const { return m_scenario; }
    /// The battle now. Each action replaces its contents: a reference to a unit in it does
    /// not outlive the next perform() or undo().
    const Battle& battle() const { return m_battle; }
    const Ruleset& ruleset() const { return *m_ruleset; }
    const DiceStream& dice() const { return m_dice; }
    std::uint64_t seed() const { return m_seed; }
    /// What setting up the first turn rolled and did.
    const Resolution& opening() const { return m_opening; }
    /// The battle once the first turn was set up, before any action, and its hash.
    const Battle& startingBattle() const { return m_start; }
    const std::string& openingHash() const { return m_openingHash; }
    const std::vector<LogEntry>& log() const { return m_log; }
    /// The hash of the battle after the first `actions` actions (battle_state.h; 0: the
    /// opening's): what a save records and a replay checks. Worked out when first asked,
    /// not as each action is taken: hashing the whole battle after every action cost a
    /// large battle more than its rules did, and only saves and replays read it. One asked
    /// for after later actions rebuilds the battle from the log's events (once for all
    /// such). Precondition: `actions` is at most the log's length.
    const std::string& stateHashAfter(std::size_t actions) const;
    /// The hash of the battle as it stands.
    const std::string& stateHash() const { return stateHashAfter(m_log.size()); }
    /// Differs between games and changes whenever the log is rewritten (an undo): a log
    /// read before under the same id still stands, with actions added at most.
    std::uint64_t historyId() const { return m_historyId; }
    /// The battle as it stood after the first `actions` actions of the log, rebuilt from
    /// their recorded events (no die is rolled): what a replay shows.
    Battle battleAfter(std::size_t actions) const;

    /// The copy of the battle the next resolution will be lent for its working copy
    /// (Battle::workingCopy), where the game holds one: always equal to battle().
    const Battle* workingCopy() const { return m_workingCopy.get(); }

    /// The ruleset's status; the command a turned card calls acting as one, where the
    /// ruleset names none. Worked out once for each state of the battle (every offer,
    /// preview and action asks it): the reference lasts until the next perform() or undo().
    const GameStatus& status() const;
    /// The question a player must answer before anything else happens.
    const std::optional<Prompt>& prompt() const { return m_prompt; }

    /// What a unit may do now (empty id: what the side to play may do); nothing while a
    /// prompt waits or once the game is over.
    std::vector<Offer> offers(const std::string& unit) const;
    Preview preview(const Action& action) const;
    /// As preview(), by the ruleset's verdict (Ruleset::verdict): whether the action may be
    /// taken now, and the allowance, without what only a player reads.
    Preview verdict(const Action& action) const;

    /// Carries out an action if the sequence of play allows it now (an "answer" action
    /// answers the waiting prompt), applies its events and logs it. Returns the entry,
    /// or why it was refused; a refused action changes nothing. `reason` is kept with it in
    /// the log, the save and the battle report: why the computer gave the order.
    Expected<const LogEntry*, std::string> perform(const Action& action, std::string reason = {});

    bool canUndo() const { return !m_log.empty(); }
    /// Takes back the last action by replaying the game without it.
    void undo();

    /// A game that goes on from this one as it stands (its battle, the question waiting,
    /// the same ruleset) with dice of its own, seeded with `seed`, and a log of its own,
    /// empty: for the computer to play a position out and see what comes of it. Its
    /// opening is the battle as it stands; its undo goes back no further. This game is
    /// untouched.
    std::unique_ptr<Game> fork(std::uint64_t seed) const;

private:
    Game(Scenario scenario, std::unique_ptr<Ruleset> ruleset, std::uint64_t seed);
    Game(const Game& from, std::uint64_t seed); // fork()
    void restart();
    std::string whyNotNow(const Action& action) const;
    Preview previewBy(const Action& action, Preview (Ruleset::*ask)(const Battle&, const Action&) const) const;
    void record(const Action& action, Resolution resolution, std::uint64_t firstRoll, std::string reason);

    Scenario m_scenario;
    std::shared_ptr<const Ruleset> m_ruleset; // shared with the games forked from it
    std::uint64_t m_seed;
    Battle m_battle;
    Battle m_start;
    std::unique_ptr<Battle> m_workingCopy; // equal to m_battle, for the next resolution (Battle::workingCopy)
    std::string m_openingHash;
    DiceStream m_dice;
    Resolution m_opening;
    std::vector<LogEntry> m_log;
    mutable std::vector<std::string> m_stateHashes; // one for each entry of the log; empty until asked for
    std::uint64_t m_historyId = 0;
    std::optional<Prompt> m_prompt;
    mutable std::optional<GameStatus> m_status; // of m_battle as it stands; reset as it changes
    bool m_forked = false;                      // fork(): it began at m_start, with this question waiting
    std::optional<Prompt> m_startPrompt;
};

} // namespace sandtable
