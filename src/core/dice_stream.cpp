#include "sandtable/dice_stream.h"

#include "sandtable/seed_words.h"

#include <algorithm>
#include <cassert>

namespace sandtable {

namespace {

/// A twister seeded from `seed`'s two halves (SeedWords), made in place where it is
/// returned to.
boost::random::mt19937 twisterSeededBy(std::uint64_t seed) {
    SeedWords words(seed);
    return boost::random::mt19937(words);
}

} // namespace

DiceStream::CountingEngine::CountingEngine(std::uint64_t seed) : engine(twisterSeededBy(seed)) {}

DiceStream::DiceStream(std::uint64_t seed) : m_seed(seed), m_engine(seed) { m_defaultPurpose = purpose("roll"); }

void DiceStream::reseed(std::uint64_t seed) {
    m_seed = seed;
    // Both halves of the 64-bit seed go through the standard seed sequence's mixing (Boost's
    // seed_seq, computed faster by SeedWords), which is specified, so a seed means the same
    // stream everywhere.
    SeedWords sequence(seed);
    m_engine.engine.seed(sequence);
    m_engine.draws = 0;
}

int DiceStream::uniform(int lowest, int highest, PurposeId purpose) {
    assert(lowest <= highest);
    return roll(Die{highest - lowest + 1, lowest}, purpose);
}

PurposeId DiceStream::purpose(std::string_view text) {
    if (m_untraced) {
        // Nobody reads an untraced stream's purposes (setUntraced). Interning a try's many
        // different texts, each compared with every one before, cost 1% to 2.5% of the
        // standard level's refights (docs/architecture.md has the figures).
        return m_defaultPurpose;
    }
    const auto found = std::find(m_purposes.begin(), m_purposes.end(), text);
    if (found != m_purposes.end()) {
        return static_cast<PurposeId>(found - m_purposes.begin());
    }
    assert(m_purposes.size() < 65535);
    m_purposes.emplace_back(text);
    return static_cast<PurposeId>(m_purposes.size() - 1);
}

DicePosition DiceStream::position() const { return DicePosition{m_seed, m_engine.draws, rollCount()}; }

DiceStream::Mark DiceStream::mark() const { return Mark(m_engine.engine, m_engine.draws, m_record.size(), m_purposes.size()); }

void DiceStream::rewind(const Mark& mark) {
    assert(mark.recorded <= m_record.size() && mark.purposes <= m_purposes.size());
    m_engine.engine = mark.engine;
    m_engine.draws = mark.draws;
    m_record.resize(mark.recorded);
    m_purposes.resize(mark.purposes);
}

void DiceStream::restore(const DicePosition& position) {
    reseed(position.seed);
    m_engine.engine.discard(position.engineDraws);
    m_engine.draws = position.engineDraws;
    m_record.clear();
    m_rollsBeforeRecord = position.rolls;
}

} // namespace sandtable
