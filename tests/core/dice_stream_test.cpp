#include "sandtable/dice_stream.h"
#include "sandtable/seed_words.h"

#include <boost/random/mersenne_twister.hpp>
#include <boost/random/seed_seq.hpp>
#include <catch2/catch.hpp>
#include <vector>

using namespace sandtable;

namespace {

std::vector<int> rollMany(DiceStream& stream, Die die, int count) {
    std::vector<int> faces;
    for (int i = 0; i < count; ++i) {
        faces.push_back(stream.roll(die));
    }
    return faces;
}

} // namespace

TEST_CASE("a seed gives the same rolls every time", "[dice][stream]") {
    DiceStream a(20261121);
    DiceStream b(20261121);
    REQUIRE(rollMany(a, Die{6, 1}, 200) == rollMany(b, Die{6, 1}, 200));
}

TEST_CASE("golden rolls for seed 42: a change to the stream is caught", "[dice][stream][golden]") {
    // Boost mt19937 seeded through seed_seq{42, 0}, Boost's uniform_int_distribution.
    // If these change, every saved game stops replaying: change them only on purpose.
    DiceStream d6(42);
    CHECK(rollMany(d6, Die{6, 1}, 12) == std::vector<int>{5, 3, 3, 5, 4, 5, 4, 6, 1, 5, 5, 6});
    DiceStream d10z(42);
    CHECK(rollMany(d10z, Die{10, 0}, 12) == std::vector<int>{8, 4, 3, 7, 5, 7, 5, 9, 1, 7, 7, 9});
}

TEST_CASE("the seed words mix as Boost's seed_seq does, at every length and for every kind of seed", "[dice][stream][golden]") {
    // The mixing DiceStream seeds through: if it parted from seed_seq's, every saved game
    // would stop replaying. Lengths about each of the standard's thresholds for its mixing
    // lag (7, 39, 68, 623) and the twister's own 624; seeds with either word or both zero.
    const std::vector<std::uint64_t> seeds{0, 1, 42, 0xffffffffULL, 0x100000000ULL, 0xdeadbeefcafef00dULL, 20261128, ~0ULL};
    for (const std::size_t length : {1, 2, 3, 6, 7, 8, 38, 39, 40, 67, 68, 69, 622, 623, 624, 625, 1000}) {
        for (const std::uint64_t seed : seeds) {
            const auto low = static_cast<std::uint32_t>(seed & 0xffffffffu);
            const auto high = static_cast<std::uint32_t>(seed >> 32);
            std::vector<std::uint32_t> boosts(length);
            std::vector<std::uint32_t> ours(length);
            boost::random::seed_seq{low, high}.generate(boosts.begin(), boosts.end());
            SeedWords(low, high).generate(ours.begin(), ours.end());
            INFO("length " << length << ", seed " << seed);
            REQUIRE(ours == boosts);
        }
    }
    // And the twister seeded by either draws the same numbers.
    boost::random::seed_seq boostWords{7u, 9u};
    SeedWords ourWords(7u, 9u);
    boost::random::mt19937 byBoost(boostWords);
    boost::random::mt19937 byOurs(ourWords);
    for (int draw = 0; draw < 2000; ++draw) {
        REQUIRE(byOurs() == byBoost());
    }
}

TEST_CASE("different seeds give different streams", "[dice][stream]") {
    DiceStream a(1);
    DiceStream b(2);
    REQUIRE(rollMany(a, Die{20, 1}, 50) != rollMany(b, Die{20, 1}, 50));
}

TEST_CASE("faces stay within the die", "[dice][stream]") {
    DiceStream stream(7);
    for (const Die die : {Die{6, 1}, Die{10, 0}, Die{3, 1}, Die{2, 1}, Die{1, 1}}) {
        for (int i = 0; i < 1000; ++i) {
            const int face = stream.roll(die);
            REQUIRE(face >= die.lowestFace);
            REQUIRE(face <= die.highestFace());
        }
    }
}

TEST_CASE("every roll is recorded with its die and purpose", "[dice][stream]") {
    DiceStream stream(3);
    const PurposeId marksmanship = stream.purpose("Marksmanship roll");
    const PurposeId movement = stream.purpose("movement");
    REQUIRE(stream.purpose("Marksmanship roll") == marksmanship);
    const int first = stream.roll(Die{10, 1}, marksmanship);
    const int second = stream.roll(Die{6, 1}, movement);
    REQUIRE(stream.record().size() == 2);
    CHECK(stream.record()[0].face == first);
    CHECK(stream.record()[0].die() == Die{10, 1});
    CHECK(stream.purposeText(stream.record()[0].purpose) == "Marksmanship roll");
    CHECK(stream.record()[1].face == second);
    CHECK(stream.purposeText(stream.record()[1].purpose) == "movement");
    CHECK(stream.rollCount() == 2);
}

TEST_CASE("an untraced stream rolls the same faces and records every roll under its default purpose", "[dice][stream]") {
    DiceStream traced(3);
    DiceStream untraced(3);
    untraced.setUntraced(true);
    const PurposeId fallback = untraced.purpose("roll");
    for (const char* text : {"Marksmanship roll", "movement", "Marksmanship roll"}) {
        const int face = traced.roll(Die{10, 1}, traced.purpose(text));
        const PurposeId purpose = untraced.purpose(text);
        CHECK(purpose == fallback);
        CHECK(untraced.roll(Die{10, 1}, purpose) == face);
    }
    REQUIRE(untraced.record().size() == 3);
    CHECK(untraced.purposeText(untraced.record()[2].purpose) == "roll");
    CHECK(traced.purposeText(traced.record()[1].purpose) == "movement");
}

TEST_CASE("a stream restored to a position rolls what the original rolled next", "[dice][stream]") {
    DiceStream original(99);
    rollMany(original, Die{6, 1}, 17);
    original.uniform(0, 52, original.purpose("shuffle"));
    const DicePosition saved = original.position();
    const std::vector<int> next = rollMany(original, Die{10, 0}, 30);

    DiceStream restored(12345);
    restored.restore(saved);
    CHECK(restored.position() == saved);
    CHECK(restored.rollCount() == 18);
    CHECK(restored.record().empty());
    CHECK(rollMany(restored, Die{10, 0}, 30) == next);
}

TEST_CASE("a stream rewound to a mark rolls again what it rolled after the mark, and forgets it", "[dice][stream]") {
    DiceStream stream(7);
    rollMany(stream, Die{6, 1}, 5);
    const DiceStream::Mark mark = stream.mark();
    const PurposeId shuffle = stream.purpose("shuffle");
    const int shuffled = stream.uniform(0, 52, shuffle);
    const std::vector<int> next = rollMany(stream, Die{10, 0}, 20);

    stream.rewind(mark);
    DiceStream fresh(7);
    rollMany(fresh, Die{6, 1}, 5);
    CHECK(stream.position() == fresh.position());
    CHECK(stream.record().size() == 5);
    // The purpose interned after the mark is forgotten: another takes its id.
    CHECK(stream.purpose("melee") == shuffle);
    CHECK(stream.purposeText(shuffle) == "melee");
    CHECK(stream.uniform(0, 52, shuffle) == shuffled);
    CHECK(rollMany(stream, Die{10, 0}, 20) == next);
}
