#pragma once

// How the computer player weighs an order: what each side holds on the table, and how an
// order's outcomes change it, from the ruleset's own resolution of the order, tried
// again and again with dice of the computer's own. Private to the core.

#include "sandtable/game.h"

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace sandtable::computer {

/// What a unit is worth to its side now: its bases (a stand of figures by the share of its
/// figures still standing, a wounded figure for less), less what its markers and counters
/// take (Ruleset::unitSettings' `weakens`); a leader counts double, for what his loss does
/// to the army. Nothing once eliminated.
double unitWorth(const Ruleset& ruleset, const Unit& unit);

/// The share of its full worth a unit has left (1: as it began; its bases lost, its
/// figures down and its markers all count).
double strengthLeft(const Ruleset& ruleset, const Unit& unit);

/// An order's outcomes as tried: the mean change in the side's balance, and the shares of
/// tries in which it gained and in which it lost.
struct Weighing {
    bool allowed = false; // the rules resolved it in every try
    int tries = 0;
    double gain = 0;
    double favourable = 0;
    double unfavourable = 0;
};

class TryBattle;

/// Weighs the orders of one decision of `side`'s by the change in its balance: the worth
/// of its units less the enemy's (unitWorth), the ruleset's score between them (a point
/// counted as half a base), and a won or lost battle above all. Each order is resolved
/// `tries` times (four, when the first four agree: kAgreeingTries in
/// computer_weighing.cpp) on the battle as it stands, each try with dice of its own, any
/// question the rules put answered the plainest way, and the turn then played on to its
/// end with nothing else done but melees fought (so that fire resolved as its phase ends,
/// a charge's melee in a later phase and the turn's morale are counted).
/// Its gain is the change in the side's balance less that of the turn played on without
/// the order, try by try: what the order adds. The order rolls dice of its own, and the
/// turn is then played on with the very dice of the try without it, so that an order
/// that changes nothing gains nothing in every try (played on with the dice the order
/// had used up, every roll after it fell otherwise, and an order that moved no one an
/// inch was seen to gain in four tries of ten). The dice are seeded from the game's
/// seed, its log's length and the try, so the same game weighs an order alike every
/// time. The game and its dice are untouched.
class Weigher {
public:
    Weigher(const Game& game, std::string side, int tries);
    ~Weigher();
    Weigher(Weigher&&) noexcept;
    Weighing weigh(const Action& action);
    /// Whether the rules take `action` without rolling a die or asking a question (an
    /// order they only set down, to be resolved with others later: fire thrown together as
    /// its phase ends); false when they refuse it.
    bool setDownOnly(const Action& action);
    /// Tries played so far, with orders and without (a measure of the work done).
    std::size_t triesPlayed() const { return m_played; }
    /// As the free strengthLeft, from the settings this weigher has read already.
    double strengthLeft(const Unit& unit) const;

private:
    /// The balance of try `i` with the turn played on without an order: played when first
    /// asked for, since a decision's orders may all be weighed on their first tries.
    double without(int i);

    const Game& m_game;
    std::string m_side;
    int m_tries;
    std::size_t m_played = 0;
    std::vector<UnitSetting> m_weakening; // the ruleset's settings that weaken a unit
    std::vector<double> m_without;        // each try's balance, the turn played on without an order
    // Each try's dice as seeded, copied for each order: seeding a stream's 624 words
    // cost more than copying them.
    std::vector<DiceStream> m_dice;
    std::vector<DiceStream> m_orderDice; // each try's dice for the order itself, seeded apart
    std::unique_ptr<TryBattle> m_try;    // every try's battle in turn (computer_weighing.cpp)
};

/// The seed of the computer's try (or game played out) `i` at the game's point: from its
/// seed, its log's length and `salt` (one for each use, 0 for the weighing's tries), each
/// spread over the seed space (splitmix64) so that neighbouring tries and points do not
/// share dice. The same game, point and try always have the same.
std::uint64_t seedAt(const Game& game, std::uint64_t salt, int i);

/// How `side` stands in the game now, as a weighing counts it (Weigher): the worth of its
/// units less the enemy's, the score between them, and a won or lost battle above all.
double sideBalance(const Game& game, const std::string& side);

/// "gains in 71% of tries, +0.8 expected": for an order's reason.
std::string describeWeighing(const Weighing& weighing);

} // namespace sandtable::computer
