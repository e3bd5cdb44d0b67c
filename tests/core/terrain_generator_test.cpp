// The Einsamenhügel random terrain generator (002_7b20089435c2e4ae.txt, "Random Terrain
// Generator"): twelve sectors, a die each for a piece (4-6) and one for its type.

#include "sandtable/geometry.h"
#include "sandtable/terrain_generator.h"

#include <catch2/catch.hpp>

using namespace sandtable;

namespace {

Table table(double widthFeet, double depthFeet) {
    Table t;
    t.width = widthFeet * 304.8;
    t.depth = depthFeet * 304.8;
    t.unit = MeasureUnit::Centimetre;
    return t;
}

} // namespace

TEST_CASE("the generator throws a die for each of the twelve sectors and a type die for each piece", "[terrain-generator]") {
    DiceStream dice(42);
    const auto rolls = rollTerrain(dice);
    REQUIRE(rolls.size() == 12);
    std::size_t expectedDice = 0;
    for (const SectorRoll& roll : rolls) {
        CHECK(roll.presence >= 1);
        CHECK(roll.presence <= 6);
        expectedDice += 1;
        if (roll.presence >= 4) {
            expectedDice += 1 + roll.shape.size();
            CHECK(roll.type >= 1);
            CHECK(roll.kind != FeatureKind::None);
            CHECK(roll.shape.size() == 4);
        } else {
            CHECK(roll.kind == FeatureKind::None);
            CHECK(roll.shape.empty());
        }
    }
    // Every die is in the stream's record, with its purpose.
    CHECK(dice.record().size() == expectedDice);
    CHECK(dice.purposeText(dice.record().front().purpose) == "terrain: sector 1, a piece on 4-6");
    // Two rows of six.
    CHECK(rolls[5].row == 0);
    CHECK(rolls[5].column == 5);
    CHECK(rolls[6].row == 1);
    CHECK(rolls[6].column == 0);
}

TEST_CASE("the type die: 1 hill, 2 water, 3 wood, 4 built-up, 5 player A's choice, 6 player B's", "[terrain-generator]") {
    std::map<int, FeatureKind> seen;
    for (std::uint64_t seed = 0; seed < 200 && seen.size() < 6; ++seed) {
        DiceStream dice(seed);
        for (const SectorRoll& roll : rollTerrain(dice)) {
            if (roll.type > 0) {
                seen[roll.type] = roll.kind;
            }
        }
    }
    REQUIRE(seen.size() == 6);
    CHECK(seen[1] == FeatureKind::Hill);
    CHECK(seen[2] == FeatureKind::Water);
    CHECK(seen[3] == FeatureKind::Wood);
    CHECK(seen[4] == FeatureKind::BuiltUp);
    CHECK(seen[5] == FeatureKind::PlayerAChoice);
    CHECK(seen[6] == FeatureKind::PlayerBChoice);
}

TEST_CASE("the same seed gives the same table, pieces lie inside the table and are valid outlines at any size", "[terrain-generator]") {
    for (const Table& t : {table(6, 2.5), table(6, 4), table(4, 4), table(2, 2)}) {
        for (std::uint64_t seed = 0; seed < 60; ++seed) {
            DiceStream a(seed);
            DiceStream b(seed);
            const auto rolls = rollTerrain(a);
            std::map<int, FeatureKind> choices;
            for (const SectorRoll& roll : rolls) {
                if (roll.kind == FeatureKind::PlayerAChoice || roll.kind == FeatureKind::PlayerBChoice) {
                    choices[roll.number()] = FeatureKind::Wood;
                }
            }
            const GeneratedTerrain terrain = buildTerrain(t, rolls, choices);
            const GeneratedTerrain again = buildTerrain(t, rollTerrain(b), choices);
            REQUIRE(terrain.areas.size() == again.areas.size());
            for (const TerrainArea& area : terrain.areas) {
                INFO("seed " << seed << ", " << area.name);
                CHECK(polygonProblem(area.outline).empty());
                for (const Point& corner : area.outline.outer()) {
                    CHECK(corner.x() > 0);
                    CHECK(corner.y() > 0);
                    CHECK(corner.x() < t.width);
                    CHECK(corner.y() < t.depth);
                }
            }
            for (const TerrainLine& line : terrain.lines) {
                CHECK(line.path.front().y() == 0);
                CHECK(line.path.back().y() == Approx(t.depth));
            }
        }
    }
}

TEST_CASE("a player's choice sector is built as chosen, or left open and said so", "[terrain-generator]") {
    for (std::uint64_t seed = 0; seed < 100; ++seed) {
        DiceStream dice(seed);
        const auto rolls = rollTerrain(dice);
        const auto choice =
            std::find_if(rolls.begin(), rolls.end(), [](const SectorRoll& r) { return r.kind == FeatureKind::PlayerAChoice; });
        if (choice == rolls.end()) {
            continue;
        }
        const GeneratedTerrain open = buildTerrain(table(6, 2.5), rolls, {});
        bool noted = false;
        for (const std::string& note : open.notes) {
            noted =
                noted || note.find("Sector " + std::to_string(choice->number()) + ": player A's choice, not chosen") != std::string::npos;
        }
        CHECK(noted);
        const GeneratedTerrain built = buildTerrain(table(6, 2.5), rolls, {{choice->number(), FeatureKind::BuiltUp}});
        const std::string id = "sector-" + std::to_string(choice->number()) + "-town";
        CHECK(std::any_of(built.areas.begin(), built.areas.end(), [&](const TerrainArea& a) { return a.id == id; }));
        CHECK(describe(*choice).find("player A's choice") != std::string::npos);
        return;
    }
    FAIL("no seed of the first 100 gave player A a choice");
}

TEST_CASE("on average a battlefield has six terrain pieces", "[terrain-generator]") {
    int pieces = 0;
    const int seeds = 3000;
    for (std::uint64_t seed = 0; seed < seeds; ++seed) {
        DiceStream dice(seed + 1000);
        for (const SectorRoll& roll : rollTerrain(dice)) {
            pieces += roll.kind != FeatureKind::None ? 1 : 0;
        }
    }
    // 12 sectors at 1/2 each: 6, with a standard error of about 0.03 over 3000 tables.
    CHECK(static_cast<double>(pieces) / seeds == Approx(6).margin(0.15));
}
