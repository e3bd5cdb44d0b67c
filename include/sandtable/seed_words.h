#pragma once

#include <cstddef>
#include <cstdint>
#include <iterator>

namespace sandtable {

/// A seed sequence of two 32-bit words whose `generate` gives exactly what
/// boost::random::seed_seq's does for the same words (the mixing the C++ standard
/// specifies for std::seed_seq, [rand.util.seedseq]), for DiceStream to seed its
/// Mersenne twister with. Boost's takes every one of its indices modulo the length asked
/// for, a run-time division each, six to a step, 1,248 steps for the twister's 624 words;
/// here each index steps on and wraps. The computer's weighing seeds a stream for each of
/// its tries: making streams was a twentieth of a standard refight's time, about half of
/// it this mixing (the rest a default seeding thrown away, which DiceStream no longer
/// does). The same words give the same stream, so every save replays as before
/// (tests/core/dice_stream_test.cpp compares the two over many seeds and lengths).
class SeedWords {
public:
    using result_type = std::uint32_t;

    SeedWords(std::uint32_t low, std::uint32_t high) : m_words{low, high} {}
    /// A 64-bit seed's two halves, the low one first.
    explicit SeedWords(std::uint64_t seed)
        : SeedWords(static_cast<std::uint32_t>(seed & 0xffffffffu), static_cast<std::uint32_t>(seed >> 32)) {}

    template <class Iter> void generate(Iter first, Iter last) const {
        using Value = typename std::iterator_traits<Iter>::value_type;
        const std::size_t n = static_cast<std::size_t>(last - first);
        if (n == 0) {
            return;
        }
        for (Iter at = first; at != last; ++at) {
            *at = static_cast<Value>(0x8b8b8b8bu);
        }
        constexpr std::size_t s = 2; // the words
        const std::size_t t = n >= 623 ? 11 : n >= 68 ? 7 : n >= 39 ? 5 : n >= 7 ? 3 : (n - 1) / 2;
        const std::size_t p = (n - t) / 2;
        const std::size_t q = p + t;
        const std::size_t m = n > s + 1 ? n : s + 1;
        // k % n, (k + p) % n, (k + q) % n and (k + n - 1) % n, stepped with k.
        std::size_t atK = 0;
        std::size_t atP = p % n;
        std::size_t atQ = q % n;
        std::size_t atBefore = n - 1;
        const auto step = [n](std::size_t& index) { index = index + 1 == n ? 0 : index + 1; };
        const auto word = [first](std::size_t index) -> Value& { return *(first + static_cast<std::ptrdiff_t>(index)); };
        for (std::size_t k = 0; k < m; ++k) {
            Value r1 = static_cast<Value>(word(atK) ^ word(atP) ^ word(atBefore));
            r1 = static_cast<Value>(r1 ^ (r1 >> 27));
            r1 = static_cast<Value>((r1 * 1664525u) & 0xffffffffu);
            const std::size_t added = k == 0 ? s : k <= s ? atK + m_words[k - 1] : atK;
            const Value r2 = static_cast<Value>(r1 + added);
            word(atP) = static_cast<Value>((word(atP) + r1) & 0xffffffffu);
            word(atQ) = static_cast<Value>((word(atQ) + r2) & 0xffffffffu);
            word(atK) = r2;
            step(atK);
            step(atP);
            step(atQ);
            step(atBefore);
        }
        for (std::size_t k = m; k < m + n; ++k) {
            Value r3 = static_cast<Value>((word(atK) + word(atP) + word(atBefore)) & 0xffffffffu);
            r3 = static_cast<Value>(r3 ^ (r3 >> 27));
            r3 = static_cast<Value>((r3 * 1566083941u) & 0xffffffffu);
            const Value r4 = static_cast<Value>(r3 - atK);
            word(atP) ^= r3;
            word(atQ) ^= r4;
            word(atK) = r4;
            step(atK);
            step(atP);
            step(atQ);
            step(atBefore);
        }
    }

private:
    std::uint32_t m_words[2];
};

} // namespace sandtable
