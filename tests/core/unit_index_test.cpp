// The battle's index of units by place and id: never misses a unit a rule would find by
// looking at every unit, and never outlives the state of the battle it was made for.

#include "sandtable/battle.h"
#include "sandtable/battle_geometry.h"
#include "sandtable/event.h"
#include "sandtable/unit_index.h"

#include <algorithm>
#include <boost/random/mersenne_twister.hpp>
#include <boost/random/uniform_real_distribution.hpp>
#include <catch2/catch.hpp>
#include <cmath>
#include <set>

using namespace sandtable;

namespace {

Battle scatteredBattle(int units, std::uint32_t seed) {
    boost::random::mt19937 random(seed);
    boost::random::uniform_real_distribution<double> across(-200, 1400);
    boost::random::uniform_real_distribution<double> turn(0, 360);
    boost::random::uniform_real_distribution<double> size(10, 80);
    Battle battle;
    for (int i = 0; i < units; ++i) {
        Unit unit;
        unit.id = "u" + std::to_string(i);
        unit.side = i % 2 == 0 ? "a" : "b";
        const double x = across(random);
        const double y = across(random);
        for (int base = 0; base < 1 + i % 3; ++base) {
            Element element;
            element.centre = Point(x + base * 30, y + base * 7);
            element.facing = turn(random);
            element.width = size(random);
            element.depth = size(random) / 2;
            unit.elements.push_back(element);
        }
        battle.units.push_back(unit);
    }
    Unit gone; // eliminated: no bases, filed nowhere
    gone.id = "gone";
    battle.units.push_back(gone);
    return battle;
}

} // namespace

TEST_CASE("the index finds every unit within a margin of a place, in the battle's order", "[core][unit-index]") {
    for (const std::uint32_t seed : {1u, 2u, 3u}) {
        Battle battle = scatteredBattle(300, seed);
        battle.index.file(battle);
        REQUIRE(battle.index.get() != nullptr);
        for (const Unit& unit : battle.units) {
            if (unit.eliminated()) {
                continue;
            }
            for (const double margin : {0.0, 25.0, 150.0, 900.0}) {
                const std::vector<const Unit*> near = unitsNear(battle, unit, margin);
                CHECK(std::is_sorted(near.begin(), near.end()));
                for (const Unit& other : battle.units) {
                    if (other.eliminated() || distanceBetween(unit, other, DistanceConvention::NearestEdges) > margin) {
                        continue;
                    }
                    INFO("seed " << seed << ": " << unit.id << " to " << other.id << " within " << margin);
                    CHECK(std::find(near.begin(), near.end(), &other) != near.end());
                }
            }
        }
        // It spares the far ones: a small margin finds a small share of 300 units.
        const std::vector<const Unit*> few = unitsNear(battle, battle.units.front(), 10);
        CHECK(few.size() < 60);
    }
}

TEST_CASE("the index finds units by id, and a box far off the grid or not a number finds none amiss", "[core][unit-index]") {
    Battle battle = scatteredBattle(50, 7);
    battle.index.file(battle);
    CHECK(battle.findUnit("u17") == &battle.units[17]);
    CHECK(battle.findUnit("gone") == &battle.units.back());
    CHECK(battle.findUnit("nobody") == nullptr);
    const double nan = std::numeric_limits<double>::quiet_NaN();
    CHECK_NOTHROW(unitsNear(battle, Point(nan, nan), Point(nan, nan), 10));
    CHECK(unitsNear(battle, Point(1e300, 1e300), Point(1e300, 1e300), 10).size() < battle.units.size());
    // An infinite margin is everything on the table.
    CHECK(unitsNear(battle, Point(0, 0), Point(0, 0), std::numeric_limits<double>::infinity()).size() == 50);
}

TEST_CASE("a copy of a battle and a battle an event changed have no index: it never outlives its state", "[core][unit-index]") {
    Battle battle = scatteredBattle(20, 9);
    battle.index.file(battle);
    const Battle copy = battle;
    CHECK(copy.index.get() == nullptr);
    Battle assigned;
    assigned.index.file(battle);
    assigned = battle;
    CHECK(assigned.index.get() == nullptr);
    // Moved far away by an event: found there (by looking at every unit), not where it was.
    const Point before = battle.units[3].centre();
    applyEvent(battle, event::Moved{"u3", std::vector<event::Placement>(battle.units[3].elements.size(), {Point(5000, 5000), 0})});
    CHECK(battle.index.get() == nullptr);
    CHECK(battle.findUnit("u3") == &battle.units[3]); // its ids still serve: no unit came or went
    const std::vector<const Unit*> there = unitsNear(battle, Point(5000, 5000), Point(5000, 5000), 1);
    CHECK(std::find(there.begin(), there.end(), &battle.units[3]) != there.end());
    battle.index.file(battle);
    const std::vector<const Unit*> oldPlace = unitsNear(battle, before, before, 0);
    CHECK(std::find(oldPlace.begin(), oldPlace.end(), &battle.units[3]) == oldPlace.end());
    // A unit taken away: the positions of those after it change, and the index goes.
    applyEvent(battle, event::UnitRemoved{"u5"});
    CHECK(battle.index.ids() == nullptr);
    CHECK(battle.findUnit("u6") == &battle.units[5]);
}

TEST_CASE("the index refiles only the units events moved, and still finds every unit within a margin", "[core][unit-index]") {
    boost::random::mt19937 random(11);
    boost::random::uniform_real_distribution<double> step(-15, 15);
    Battle battle = scatteredBattle(150, 12);
    for (Unit& unit : battle.units) {
        unit.nameElements();
    }
    battle.index.file(battle);
    const UnitIndex* filed = battle.index.get();
    int inPlace = 0;
    for (int round = 0; round < 60; ++round) {
        // A few units move a little (the grid holds them), or one far off it.
        for (int i = 0; i < 3; ++i) {
            Unit& unit = battle.units[static_cast<std::size_t>(round * 7 + i * 31) % 150];
            const bool far = round % 20 == 19 && i == 0;
            const double dx = far ? 4000 : step(random);
            const double dy = far ? -4000 : step(random);
            std::vector<event::Placement> placements;
            for (const Element& element : unit.elements) {
                placements.push_back({Point(element.centre.x() + dx, element.centre.y() + dy), element.facing + dx});
            }
            applyEvent(battle, event::Moved{unit.id, placements});
        }
        if (round % 10 == 4) {
            applyEvent(battle, event::ElementsRemoved{battle.units[40 + round].id, {battle.units[40 + round].elements.back().id}});
        }
        battle.index.file(battle);
        inPlace += battle.index.get() == filed ? 1 : 0;
        // Filed again with nothing moved since: the same index, untouched.
        const UnitIndex* now = battle.index.get();
        applyEvent(battle, event::MarkerChanged{battle.units[round].id, "shaken", true});
        battle.index.file(battle);
        CHECK(battle.index.get() == now);
        filed = battle.index.get();
        for (const Unit& unit : battle.units) {
            if (unit.eliminated() || (round % 15 != 14 && &unit - battle.units.data() > 30)) {
                continue; // every unit now and then, else the first 30
            }
            for (const double margin : {0.0, 40.0, 300.0}) {
                const std::vector<const Unit*> near = unitsNear(battle, unit, margin);
                CHECK(std::is_sorted(near.begin(), near.end()));
                for (const Unit& other : battle.units) {
                    if (!other.eliminated() && distanceBetween(unit, other, DistanceConvention::NearestEdges) <= margin) {
                        INFO("round " << round << ": " << unit.id << " to " << other.id << " within " << margin);
                        CHECK(std::find(near.begin(), near.end(), &other) != near.end());
                    }
                }
            }
        }
    }
    // Most rounds refiled the index in place; a base off the grid called for a new one.
    CHECK(inPlace >= 45);
    CHECK(inPlace <= 57);
}

TEST_CASE("an index a resolution's copy shares is not refiled under it", "[core][unit-index]") {
    Battle battle = scatteredBattle(40, 13);
    battle.index.file(battle);
    Battle working = battle;
    working.index.shareFrom(battle.index);
    REQUIRE(working.index.get() == battle.index.get());
    const Point was = battle.units[2].centre();
    applyEvent(battle, event::Moved{"u2", std::vector<event::Placement>(battle.units[2].elements.size(), {Point(700, 700), 0})});
    battle.index.file(battle);
    CHECK(battle.index.get() != working.index.get());
    // The copy still finds u2 where it stands in the copy.
    const std::vector<const Unit*> there = unitsNear(working, was, was, 0);
    CHECK(std::find(there.begin(), there.end(), &working.units[2]) != there.end());
    // And the copy's own event puts its index out of use.
    applyEvent(working, event::Moved{"u7", std::vector<event::Placement>(working.units[7].elements.size(), {Point(9, 9), 0})});
    CHECK(working.index.get() == nullptr);
}

TEST_CASE("a copy shares an index whose bases moved since it was filed for finding units by id only", "[core][unit-index]") {
    // A computer's try plays a turn on from a copy whose units moved: its events find
    // each unit by id through the index, and no search finds one where it stood.
    Battle battle = scatteredBattle(40, 14);
    battle.index.file(battle);
    applyEvent(battle, event::Moved{"u4", std::vector<event::Placement>(battle.units[4].elements.size(), {Point(3000, 3000), 0})});
    Battle copy = battle;
    copy.index.shareFrom(battle.index);
    CHECK(copy.index.ids() == battle.index.ids());
    CHECK(copy.index.get() == nullptr);
    CHECK(copy.findUnit("u4") == &copy.units[4]);
    CHECK(copy.findUnit("u39") == &copy.units[39]);
    CHECK(copy.findUnit("none") == nullptr);
    const std::vector<const Unit*> there = unitsNear(copy, Point(3000, 3000), Point(3000, 3000), 1);
    CHECK(std::find(there.begin(), there.end(), &copy.units[4]) != there.end());
    // Shared from a battle with no index: none.
    Battle unfiled = scatteredBattle(5, 15);
    copy.index.shareFrom(unfiled.index);
    CHECK(copy.index.ids() == nullptr);
    CHECK(copy.findUnit("u4") == &copy.units[4]);
}

namespace {

/// The enemies `enemiesNearestFirst` visits from `unit`, each with its gap, until `most`.
std::vector<std::pair<const Unit*, double>> nearestFirstOf(const Battle& battle, const Unit& unit, std::size_t most = 100000) {
    std::vector<std::pair<const Unit*, double>> visited;
    enemiesNearestFirst(battle, unit, [&](const Unit& other, double gap) {
        visited.emplace_back(&other, gap);
        return visited.size() < most;
    });
    return visited;
}

/// Checks that `visited` are every enemy of `unit` with bases, each once, nearest first by
/// the boxes round them, with those boxes' gaps.
void checkNearestFirst(const Battle& battle, const Unit& unit, const std::vector<std::pair<const Unit*, double>>& visited) {
    std::set<const Unit*> each;
    double last = 0;
    for (const auto& [other, gap] : visited) {
        INFO(unit.id << " to " << other->id);
        CHECK(other->side != unit.side);
        CHECK(gap == gapAtLeast(uprightBoxOf(unit), uprightBoxOf(*other)));
        CHECK(gap >= last);
        last = gap;
        each.insert(other);
    }
    CHECK(each.size() == visited.size());
    const auto enemies = std::count_if(battle.units.begin(), battle.units.end(),
                                       [&](const Unit& other) { return other.side != unit.side && !other.elements.empty(); });
    CHECK(static_cast<std::ptrdiff_t>(visited.size()) == enemies);
}

} // namespace

TEST_CASE("nearest first from a unit, every enemy comes once, by the gap between the boxes round them", "[core][unit-index]") {
    for (const std::uint32_t seed : {4u, 5u}) {
        Battle battle = scatteredBattle(200, seed);
        // The enemy far off to one side, as a unit far behind its lines finds it.
        for (Unit& unit : battle.units) {
            for (Element& element : unit.elements) {
                element.centre = Point(element.centre.x() + (unit.side == "b" ? 3000 : 0), element.centre.y());
            }
        }
        const Battle unfiled = battle; // a copy has no index: each enemy measured and sorted
        battle.index.file(battle);
        REQUIRE(battle.index.get() != nullptr);
        for (std::size_t i = 0; i < battle.units.size(); ++i) {
            const Unit& unit = battle.units[i];
            INFO("seed " << seed << ": " << unit.id);
            if (unit.eliminated()) {
                CHECK(nearestFirstOf(battle, unit).empty()); // a unit with no bases is near nothing
                continue;
            }
            const auto visited = nearestFirstOf(battle, unit);
            checkNearestFirst(battle, unit, visited);
            const auto measured = nearestFirstOf(unfiled, unfiled.units[i]);
            REQUIRE(measured.size() == visited.size());
            for (std::size_t k = 0; k < visited.size(); ++k) {
                CHECK(measured[k].second == visited[k].second); // the same gaps in the same order
            }
            // Stopped, it visits no more than it was let.
            CHECK(nearestFirstOf(battle, unit, 3).size() == 3);
            CHECK(nearestFirstOf(battle, unit, 9).size() == 9);
        }
    }
}

TEST_CASE("nearest first holds as units move, lose bases and the index is refiled in place", "[core][unit-index]") {
    Battle battle = scatteredBattle(120, 6);
    for (Unit& unit : battle.units) {
        unit.nameElements();
    }
    battle.index.file(battle);
    const UnitIndex* filed = battle.index.get();
    boost::random::mt19937 random(6);
    boost::random::uniform_real_distribution<double> step(-60, 60);
    for (int round = 0; round < 20; ++round) {
        for (int i = 0; i < 4; ++i) {
            Unit& unit = battle.units[static_cast<std::size_t>(round * 5 + i * 29) % 120];
            const double dx = step(random);
            const double dy = step(random);
            std::vector<event::Placement> placements;
            for (const Element& element : unit.elements) {
                placements.push_back({Point(element.centre.x() + dx, element.centre.y() + dy), element.facing + dx});
            }
            applyEvent(battle, event::Moved{unit.id, placements});
        }
        if (round % 5 == 2 && !battle.units[round].elements.empty()) {
            applyEvent(battle, event::ElementsRemoved{battle.units[round].id, {battle.units[round].elements.back().id}});
        }
        battle.index.file(battle);
        for (std::size_t i = 0; i < battle.units.size(); i += 7) {
            if (!battle.units[i].eliminated()) {
                checkNearestFirst(battle, battle.units[i], nearestFirstOf(battle, battle.units[i]));
            }
        }
    }
    CHECK(battle.index.get() == filed); // refiled in place throughout
}

TEST_CASE("the upright box round a unit never puts it farther than it is, and is exact for a base square to the table",
          "[core][unit-index]") {
    const Battle battle = scatteredBattle(120, 9);
    for (const Unit& a : battle.units) {
        for (const Unit& b : battle.units) {
            if (a.eliminated() || b.eliminated()) {
                continue;
            }
            INFO(a.id << " to " << b.id);
            CHECK(gapAtLeast(uprightBoxOf(a), uprightBoxOf(b)) <= distanceBetween(a, b, DistanceConvention::NearestEdges) + 1e-9);
        }
    }
    Unit left;
    left.elements.push_back(Element{});
    left.elements.back().centre = Point(100, 100);
    left.elements.back().width = 40;
    left.elements.back().depth = 20;
    Unit right = left;
    right.elements.back().centre = Point(200, 160);
    right.elements.back().facing = 180;
    // 60 mm apart across, 40 down: 72.1 mm corner to corner.
    CHECK(gapAtLeast(uprightBoxOf(left), uprightBoxOf(right)) == Approx(std::hypot(60.0, 40.0)));
    CHECK(distanceBetween(left, right, DistanceConvention::NearestEdges) == Approx(std::hypot(60.0, 40.0)));
}
