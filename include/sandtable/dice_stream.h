#pragma once

#include <boost/random/mersenne_twister.hpp>
#include <boost/random/uniform_int_distribution.hpp>
#include <cassert>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace sandtable {

/// A kind of die: how many faces and what the lowest one reads. A d10 read 0-9
/// ("A 0 is a 0", One If By Land) is {10, 0}; an ordinary d6 is {6, 1}.
struct Die {
    int sides = 6;
    int lowestFace = 1;

    int highestFace() const { return lowestFace + sides - 1; }
    friend bool operator==(const Die&, const Die&) = default;
};

/// Index of a purpose ("Marksmanship roll", "shuffle deck") in a stream's purpose table.
/// Purposes are kinds of roll, not descriptions of one roll: those go in the trace.
using PurposeId = std::uint16_t;

/// One die as it fell, packed into 8 bytes because a game records every one.
struct DieRecord {
    std::uint16_t sides = 0;
    std::int16_t lowestFace = 0;
    std::int16_t face = 0;
    PurposeId purpose = 0;

    Die die() const { return Die{sides, lowestFace}; }
};

/// Where a stream stands: its seed and how many raw numbers its engine has produced.
/// This pair restores the stream exactly (the way Wesnoth's mt_rng stores seed and
/// call count), whatever mix of dice and shuffles produced it.
struct DicePosition {
    std::uint64_t seed = 0;
    std::uint64_t engineDraws = 0;
    std::uint64_t rolls = 0;

    friend bool operator==(const DicePosition&, const DicePosition&) = default;
};

/// The game's one source of randomness. Built on Boost.Random's mt19937 and Boost's
/// uniform_int_distribution, whose output is the same on every platform and standard
/// library (std:: distributions are not). Every die is recorded with its purpose.
class DiceStream {
public:
    explicit DiceStream(std::uint64_t seed);

    /// The largest die the record holds (a shuffle of a deck of this many cards).
    static constexpr int maximumSides = 32767;

    /// Rolls one die for the given purpose and records it. Inline: it is the hot path.
    int roll(Die die, PurposeId purpose) {
        assert(die.sides >= 1 && die.sides <= maximumSides);
        assert(die.lowestFace >= -maximumSides && die.highestFace() <= maximumSides);
        boost::random::uniform_int_distribution<int> distribution(die.lowestFace, die.highestFace());
        const int face = distribution(m_engine);
        m_record.push_back(DieRecord{static_cast<std::uint16_t>(die.sides), static_cast<std::int16_t>(die.lowestFace),
                                     static_cast<std::int16_t>(face), purpose});
        return face;
    }
    int roll(Die die) { return roll(die, m_defaultPurpose); }

    /// A uniform whole number in [lowest, highest], recorded as a die of that range.
    int uniform(int lowest, int highest, PurposeId purpose);

    /// Interns a purpose text; the same text always gives the same id. An untraced stream
    /// keeps no texts: every purpose is its default one.
    PurposeId purpose(std::string_view text);
    const std::string& purposeText(PurposeId id) const { return m_purposes.at(id); }

    std::uint64_t seed() const { return m_seed; }
    /// A stream whose resolutions nobody reads (the computer's tries of an order, played
    /// on dice of its own and thrown away): a resolution rolling on it writes no trace
    /// (Trace::mute), and comes out otherwise the same; its record gives every roll the
    /// default purpose, since nobody reads a try's purposes and interning each text was
    /// a cost of its own (docs/architecture.md has the figures).
    void setUntraced(bool untraced) { m_untraced = untraced; }
    bool untraced() const { return m_untraced; }
    DicePosition position() const;

    /// Puts the stream where `position` says. The record restarts empty: its entries
    /// before the position belong to the game that produced them, which a load replays.
    void restore(const DicePosition& position);

    /// Where the stream stands, to go back to if what is rolled next is undone (an action
    /// the rules refuse after rolling): the engine's state and how far the record and the
    /// purposes reach. Its size is constant, where a copy of the stream holds every die
    /// of the game so far.
    class Mark {
        friend class DiceStream;
        // Made from the stream's state, never default-made: a default twister is seeded,
        // 624 words, only to be overwritten.
        Mark(const boost::random::mt19937& engine, std::uint64_t draws, std::size_t recorded, std::size_t purposes)
            : engine(engine), draws(draws), recorded(recorded), purposes(purposes) {}
        boost::random::mt19937 engine;
        std::uint64_t draws = 0;
        std::size_t recorded = 0;
        std::size_t purposes = 0;
    };
    Mark mark() const;
    /// Goes back to `mark`, taken from this stream since its last restore: the dice rolled
    /// and the purposes interned since are forgotten.
    void rewind(const Mark& mark);

    /// Every die rolled since the seed (or the last restore), oldest first.
    const std::vector<DieRecord>& record() const { return m_record; }
    /// How many dice the stream has rolled in all, including those before a restore.
    std::uint64_t rollCount() const { return m_rollsBeforeRecord + m_record.size(); }

private:
    // Counts the engine's raw outputs so that a position can be restored by discard().
    struct CountingEngine {
        // Seeded as it is made: a default twister is seeded too (624 words) only to be
        // seeded again, which was half of making a stream.
        explicit CountingEngine(std::uint64_t seed);
        using result_type = boost::random::mt19937::result_type;
        static result_type min() { return boost::random::mt19937::min(); }
        static result_type max() { return boost::random::mt19937::max(); }
        result_type operator()() {
            ++draws;
            return engine();
        }
        boost::random::mt19937 engine;
        std::uint64_t draws = 0;
    };

    void reseed(std::uint64_t seed);

    std::uint64_t m_seed = 0;
    CountingEngine m_engine;
    std::vector<DieRecord> m_record;
    std::uint64_t m_rollsBeforeRecord = 0;
    std::vector<std::string> m_purposes;
    PurposeId m_defaultPurpose = 0;
    bool m_untraced = false;
};

} // namespace sandtable
