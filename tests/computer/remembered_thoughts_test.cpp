// The computer's memory finds the thinkers a unit's change may reach by what they heed
// (computer_memory.h), before measuring them: checked here against working it out for
// every one, through puts that replace thoughts, erasures and forgetting the weighed.

#include "computer_memory.h"

#include <algorithm>
#include <boost/random/mersenne_twister.hpp>
#include <boost/random/uniform_int_distribution.hpp>
#include <boost/random/uniform_real_distribution.hpp>
#include <catch2/catch.hpp>
#include <cmath>
#include <map>

using namespace sandtable;
using namespace sandtable::computer;

namespace {

/// A footprint of one base `width` by `depth` at (x, y), square to the table.
Footprint footprintAt(const std::string& side, double x, double y, double width, double depth) {
    Footprint footprint;
    footprint.centre = Point(x, y);
    footprint.radius = std::hypot(width, depth) / 2;
    footprint.box = UprightBox{Point(x - width / 2, y - depth / 2), Point(x + width / 2, y + depth / 2)};
    footprint.side = side;
    footprint.onTable = true;
    return footprint;
}

/// The larger of two boxes' distances across and down: a box grown by `by` meets another
/// exactly when this is at most `by`.
double squareGap(const UprightBox& a, const UprightBox& b) {
    const double apartX = std::max({0.0, a.low.x() - b.high.x(), b.low.x() - a.high.x()});
    const double apartY = std::max({0.0, a.low.y() - b.high.y(), b.low.y() - a.high.y()});
    return std::max(apartX, apartY);
}

/// Whether a change from `before` to `after` meets the heed of `thinker`, found by looking
/// at it: what reachedBy must answer for every thinker, with its margin of a millimetre.
bool meets(const std::string& id, const Remembered& thinker, const std::string& changed, const Footprint& before, const Footprint& after) {
    const UnitThoughts& thoughts = thinker.thoughts;
    if (id == changed || std::find(thoughts.related.begin(), thoughts.related.end(), changed) != thoughts.related.end()) {
        return true;
    }
    for (const Footprint* footprint : {&before, &after}) {
        if (!footprint->onTable) {
            continue;
        }
        double heed = reachOf(thoughts);
        const std::string& side = before.onTable ? before.side : after.side;
        if (side != thinker.at.side) {
            heed = std::max(heed, std::min(thoughts.nearestGap, 1e9));
        }
        if (squareGap(thinker.at.box, footprint->box) <= heed + 1) {
            return true;
        }
    }
    return false;
}

/// The ids of the thinkers reached, in order.
std::vector<std::string> idsOf(const std::vector<RememberedThoughts::Entry*>& reached) {
    std::vector<std::string> ids;
    for (const RememberedThoughts::Entry* entry : reached) {
        ids.push_back(entry->first);
    }
    std::sort(ids.begin(), ids.end());
    return ids;
}

} // namespace

TEST_CASE("the thinkers a change reaches are those whose heed it meets, and no others", "[computer][memory]") {
    boost::random::mt19937 random(11);
    boost::random::uniform_real_distribution<double> place(0, 3000);
    boost::random::uniform_real_distribution<double> size(10, 60);
    boost::random::uniform_real_distribution<double> gap(0, 1500);
    boost::random::uniform_int_distribution<int> pick(0, 119);
    boost::random::uniform_int_distribution<int> coin(0, 3);

    std::map<std::string, Remembered> everyone; // what is remembered, looked at one by one
    RememberedThoughts memory;
    const auto id = [](int i) { return (i % 2 == 0 ? "a" : "b") + std::to_string(i); };
    // Thinks afresh for unit i: where it stands now, or (`again`) where it stood, as a unit
    // that has not moved is thought about again (its heed may be the same or not).
    const auto think = [&](int i, bool again = false) {
        Remembered remembered;
        const auto known = everyone.find(id(i));
        remembered.at = again && known != everyone.end()
                            ? known->second.at
                            : footprintAt(i % 2 == 0 ? "a" : "b", place(random), place(random), size(random), size(random));
        remembered.thoughts.horizon = gap(random) / 4;
        remembered.thoughts.nearestGap = coin(random) == 0 ? std::numeric_limits<double>::max() : gap(random);
        if (again && known != everyone.end() && coin(random) < 2) {
            remembered.thoughts.horizon = known->second.thoughts.horizon;
            remembered.thoughts.nearestGap = known->second.thoughts.nearestGap;
        }
        remembered.thoughts.weighed = coin(random) == 0;
        for (int named = coin(random); named > 0; --named) {
            remembered.thoughts.related.push_back(id(pick(random)));
        }
        memory.put(id(i), remembered);
        everyone[id(i)] = remembered;
    };
    for (int i = 0; i < 120; ++i) {
        think(i);
    }

    int reachedInAll = 0;
    for (int round = 0; round < 300; ++round) {
        // Change the memory as a game does: think again, forget, forget the weighed.
        switch (round % 10) {
        case 3:
        case 7:
            for (int again = 0; again < 10; ++again) {
                think(pick(random), round % 10 == 7);
            }
            break;
        case 5: {
            const std::string gone = id(pick(random));
            memory.erase(gone);
            everyone.erase(gone);
            break;
        }
        case 9:
            memory.eraseWeighed();
            std::erase_if(everyone, [](const auto& remembered) { return remembered.second.thoughts.weighed; });
            break;
        default:
            break;
        }
        REQUIRE(memory.size() == everyone.size());

        const int changedAt = pick(random);
        const std::string changed = id(changedAt);
        const std::string side = changedAt % 2 == 0 ? "a" : "b";
        Footprint before = footprintAt(side, place(random), place(random), 40, 20);
        Footprint after = footprintAt(side, place(random), place(random), 40, 20);
        if (round % 13 == 0) {
            after = Footprint{}; // lost
        }
        const std::vector<std::string> reached = idsOf(memory.reachedBy(changed, before, after));
        INFO("round " << round << ", " << changed << " changed");
        REQUIRE(std::adjacent_find(reached.begin(), reached.end()) == reached.end());
        std::vector<std::string> expected;
        for (const auto& [thinker, remembered] : everyone) {
            if (meets(thinker, remembered, changed, before, after)) {
                expected.push_back(thinker);
            }
        }
        REQUIRE(reached == expected);
        reachedInAll += static_cast<int>(reached.size());
    }
    // Neither none nor all: the test tells the index from a list of everyone.
    CHECK(reachedInAll > 300);
    CHECK(reachedInAll < 300 * 60);
}

TEST_CASE("thoughts put again replace the heed they had", "[computer][memory]") {
    RememberedThoughts memory;
    Remembered near;
    near.at = footprintAt("a", 100, 100, 40, 20);
    near.thoughts.horizon = 80;
    near.thoughts.related = {"b9"};
    memory.put("a1", near);
    const Footprint there = footprintAt("b", 200, 100, 40, 20);
    CHECK(idsOf(memory.reachedBy("b2", there, Footprint{})) == std::vector<std::string>{"a1"});
    CHECK(idsOf(memory.reachedBy("b9", Footprint{}, Footprint{})) == std::vector<std::string>{"a1"});

    Remembered far = near;
    far.at = footprintAt("a", 2000, 2000, 40, 20);
    far.thoughts.related.clear();
    far.thoughts.nearestGap = 500;
    memory.put("a1", far);
    REQUIRE(memory.size() == 1);
    CHECK(memory.reachedBy("b2", there, Footprint{}).empty());
    CHECK(memory.reachedBy("b9", Footprint{}, Footprint{}).empty());
    // Another side's unit within its nearest enemy's gap may be a nearer enemy; its own
    // side's, no nearer than that, is beyond its reach.
    CHECK(idsOf(memory.reachedBy("b2", footprintAt("b", 2000, 1600, 40, 20), Footprint{})) == std::vector<std::string>{"a1"});
    CHECK(memory.reachedBy("a2", footprintAt("a", 2000, 1600, 40, 20), Footprint{}).empty());

    memory.erase("a1");
    CHECK(memory.size() == 0);
    CHECK(memory.reachedBy("a1", footprintAt("a", 2000, 2000, 40, 20), Footprint{}).empty());
}
