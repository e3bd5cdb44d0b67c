#pragma once

#include "sandtable/action.h"
#include "sandtable/game.h"

#include <cstddef>
#include <functional>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace sandtable {

/// How the computer plays.
/// - Random: a baseline to measure the others against, not an opponent: it picks
///   uniformly among the orders on offer (a target, a place within the move), seeded by
///   the game.
/// - Basic: the plain doctrine below, order by order: nearest first.
/// - Standard (the default): weighs every order it could give by trying its outcome
///   through the rules, with dice of its own (computer_weighing.h): it fires where the
///   tries hurt the enemy most, charges only where they favour it, holds a shock unit
///   back until a charge does, and falls back with a beaten unit to rally it.
/// - Strong: as Standard, and it searches: its best few orders are each played out in
///   games of their own from the position, to the end of the turn, every side played on
///   by the Basic level, and another than Standard's first is given only where its games
///   leave the side clearly better placed (computer_search.h).
enum class ComputerLevel { Random, Basic, Standard, Strong };
std::string toString(ComputerLevel level);
/// "random", "basic", "standard" or "strong"; nothing for another word.
std::optional<ComputerLevel> computerLevelFromString(const std::string& text);

/// An action the computer would take for a side, and why, for the log: "the nearest
/// enemy it may reach".
struct ComputerChoice {
    Action action;
    std::string reason;
};

/// The side the game waits on: the side a waiting question is put to, else the side to
/// play; empty when the game is over or waits on no side (a card to turn).
std::string sideToDecide(const Game& game);

/// Whether the computer is to act now for one of `computerSides`, and for which: the side
/// the game waits on, or "" (the game's own orders, such as turning a card) when the game
/// waits on no side and the computer plays any. Nothing when a player is to decide or
/// the game is over.
std::optional<std::string> computerToDecide(const Game& game, const std::set<std::string>& computerSides);

/// A plain computer player for any ruleset, for solo play: it reads only what the game
/// offers and previews, so every rule stays the ruleset's. Best first: fight melees,
/// rally, re-form; shock troops charge the nearest enemy they may; units shoot at the
/// nearest target; a unit beyond its stand-off range (Ruleset::standOffRange) of every
/// enemy advances on the nearest, as far as its move allows; then the side ends the
/// activation or passes. Before the battle (GameStatus::beforeBattle) it first makes the
/// scenario's pre-battle moves for the side, as the report's commander did (they come
/// before everything else). Generals stay where they are; formations are left as they are.
/// Each choice has been previewed as allowed now. A question is answered with its first
/// choice. The same game always gives the same choices: the computer rolls no dice of the
/// game's (the levels that weigh roll their own, seeded by the game).
/// That is the Basic level, the default here; `level` another (ComputerLevel): at
/// Standard and Strong, charges, fire and melees are weighed (computer_weighing.h) and
/// ranked by their expected gain within their priority, a beaten unit falls back first.
std::vector<ComputerChoice> computerChoices(const Game& game, const std::string& side, ComputerLevel level = ComputerLevel::Basic);

/// Performs the best of computerChoices that `perform` takes (it returns why an action
/// was refused, or empty), and returns it; an error when the side has nothing it can do.
Expected<ComputerChoice, std::string> playComputerAction(const Game& game, const std::string& side,
                                                         const std::function<std::string(const Action&)>& perform,
                                                         ComputerLevel level = ComputerLevel::Basic);

/// The computer player for one game in play, with a memory between its decisions. It
/// chooses as computerChoices does, but keeps each unit's considered orders and, after an
/// action, considers again only the units that action could have changed: the units its
/// events name, a unit that named one of them (a target, its nearest enemy), a unit an
/// enemy came nearer to than its nearest, and a unit near which one stood or now stands
/// (within how far the unit looked: its move, its range, its targets). A new turn, phase or
/// acting unit, a card or a side's or the terrain's change considers every unit again, and
/// so does an undo or another game. A remembered choice is previewed again before it is
/// taken. So a decision costs what the last action changed, not the whole army. That is
/// the Basic level's memory. The levels that weigh (Standard, the default here, and
/// Strong) keep it too, but weigh afresh at each decision the orders of every unit offered
/// a target, each against the turn played on as the battle stands (computer_weighing.h).
class ComputerPlayer {
public:
    explicit ComputerPlayer(ComputerLevel level = ComputerLevel::Standard);
    ~ComputerPlayer();
    ComputerPlayer(ComputerPlayer&&) noexcept;
    ComputerPlayer& operator=(ComputerPlayer&&) noexcept;

    /// As computerChoices, from memory where it still holds.
    std::vector<ComputerChoice> choices(const Game& game, const std::string& side);
    /// As playComputerAction, from memory where it still holds.
    Expected<ComputerChoice, std::string> play(const Game& game, const std::string& side,
                                               const std::function<std::string(const Action&)>& perform);
    /// The same, `perform` given the choice's reason too, to keep with the order in the
    /// game's log (Game::perform's reason), its save and its battle report.
    Expected<ComputerChoice, std::string> play(const Game& game, const std::string& side,
                                               const std::function<std::string(const Action&, const std::string& reason)>& perform);

    ComputerLevel level() const;

    /// Off: every unit is considered afresh at every decision, as computerChoices does (the
    /// reference the memory is tested against). On by default.
    void setRemembering(bool remembering);
    /// At the levels that weigh: on (the default), a unit's weighed orders are remembered
    /// as any unit's orders are, until a change within its horizon; off, they are weighed
    /// afresh at every decision, so that with the memory on a game is played exactly as
    /// with it off (the reference the memory's test compares with).
    void setKeepingWeighings(bool keeping);
    /// Units considered so far, afresh (a measure of the work done, for benchmarks).
    std::size_t unitsConsidered() const;
    /// Tries its weighings have played so far, orders' and the turns without them (a
    /// measure of the levels that weigh's work, for benchmarks; none at Basic).
    std::size_t triesPlayed() const;

private:
    struct Memory;
    std::unique_ptr<Memory> m_memory;
};

} // namespace sandtable
