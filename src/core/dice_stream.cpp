#include "sandtable/dice_stream.h"

#include <algorithm>
#include <boost/random/seed_seq.hpp>
#include <cassert>

namespace sandtable {

DiceStream::DiceStream(std::uint64_t seed) {
    m_defaultPurpose = purpose("roll");
    reseed(seed);
}

void DiceStream::reseed(std::uint64_t seed) {
    m_seed = seed;
    // Both halves of the 64-bit seed go through Boost's seed_seq, whose mixing is
    // specified, so a seed means the same stream everywhere.
    boost::random::seed_seq sequence{static_cast<std::uint32_t>(seed & 0xffffffffu), static_cast<std::uint32_t>(seed >> 32)};
    m_engine.engine.seed(sequence);
    m_engine.draws = 0;
}

int DiceStream::uniform(int lowest, int highest, PurposeId purpose) {
    assert(lowest <= highest);
    return roll(Die{highest - lowest + 1, lowest}, purpose);
}

PurposeId DiceStream::purpose(std::string_view text) {
    const auto found = std::find(m_purposes.begin(), m_purposes.end(), text);
    if (found != m_purposes.end()) {
        return static_cast<PurposeId>(found - m_purposes.begin());
    }
    assert(m_purposes.size() < 65535);
    m_purposes.emplace_back(text);
    return static_cast<PurposeId>(m_purposes.size() - 1);
}

DicePosition DiceStream::position() const { return DicePosition{m_seed, m_engine.draws, rollCount()}; }

DiceStream::Mark DiceStream::mark() const {
    Mark mark;
    mark.engine = m_engine.engine;
    mark.draws = m_engine.draws;
    mark.recorded = m_record.size();
    mark.purposes = m_purposes.size();
    return mark;
}

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
