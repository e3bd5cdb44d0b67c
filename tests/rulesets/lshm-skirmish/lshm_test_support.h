#pragma once

// A measured table for LSHM tests: units of single figures laid out in their formations,
// a card showing for a side in a phase, the ruleset with chosen options, and helpers to
// resolve actions and read what happened.

#include "lshm_cards.h"
#include "lshm_data.h"
#include "lshm_figures.h"
#include "lshm_movement.h"
#include "lshm_ruleset.h"
#include "ruleset_test_support.h"
#include "sandtable/battle.h"
#include "sandtable/deck.h"
#include "sandtable/dice_stream.h"

#include <filesystem>
#include <string>

namespace lshmtest {

using namespace sandtable;
using namespace rulesettest;

inline std::filesystem::path rulesDir() { return SANDTABLE_RULES_DIR; }
inline std::filesystem::path lshmDir() { return SANDTABLE_LSHM_DIR; }
inline std::filesystem::path testsDir() { return SANDTABLE_LSHM_TESTS_DIR; }
inline std::filesystem::path scenariosDir() { return SANDTABLE_SCENARIOS_DIR; }
inline const std::string textFile = "004_96dc734b0b204b1c.txt";

inline const lshm::Data& data() { return lshm::builtInData(); }
inline RulesetOptions optionsWith(const RulesetOptions& changes = {}) { return defaultsWith(data().info, changes); }
inline lshm::LshmRuleset ruleset(const RulesetOptions& changes = {}) { return lshm::LshmRuleset(optionsWith(changes)); }

inline double mm(double inches) { return inches * millimetresPerInch; }

/// A 48" by 36" table, the French (black) at the top, the British (red) at the bottom, in
/// the movement phase with a full deck and no card showing.
inline Battle emptyBattle(const std::string& phase = "movement") {
    Battle battle;
    battle.table = Table{mm(48), mm(36), MeasureUnit::Inch, 0};
    battle.sides = {{"french", "French", "#1f3f9c", ""}, {"british", "British", "#b22222", ""}};
    battle.phase = phase;
    battle.session = {{"done", nlohmann::json::array()},    {"acting", ""},
                      {"charges", nlohmann::json::array()}, {"changedFrom", nlohmann::json::object()},
                      {"smoke", nlohmann::json::object()},  {"victory", nlohmann::json::array()}};
    battle.decks[lshm::kDeck] = DeckState{standardCards(true), standardCards(true), {}, 1, {}};
    return battle;
}

/// Turns `card` up on the order deck as if it had just been turned, calling its colour's side.
inline void showing(Battle& battle, const std::string& card) {
    DeckState& deck = battle.decks[lshm::kDeck];
    deck.drawPile.erase(std::remove(deck.drawPile.begin(), deck.drawPile.end(), card), deck.drawPile.end());
    deck.discards.push_back(card);
    const Card turned = cardFromId(card);
    deck.call = CardCall{lshm::sideOfColour(battle, *turned.colour()), "", {}};
}

struct UnitSpec {
    UnitSpec(std::string id, std::string side, std::string type, double x, double y, double facing = 0)
        : id(std::move(id)), side(std::move(side)), type(std::move(type)), x(x), y(y), facing(facing) {}
    UnitSpec& privates(int value) {
        count = value;
        return *this;
    }
    UnitSpec& in(std::string value) {
        formation = std::move(value);
        return *this;
    }
    UnitSpec& with(nlohmann::json value) {
        stats = std::move(value);
        return *this;
    }
    UnitSpec& leaders(bool value) {
        hasLeaders = value;
        return *this;
    }

    std::string id;
    std::string side;
    std::string type;
    double x;
    double y; // inches, the unit's centre
    double facing;
    int count = 10; // privates (troopers, gunners)
    std::string formation;
    nlohmann::json stats = nlohmann::json::object();
    bool hasLeaders = true;
};

/// Adds a unit of single figures formed up about (x, y): an officer and an NCO first (a gun
/// with an officer and its gunners for artillery; a Commander-in-Chief for a command group).
inline Unit& addUnit(Battle& battle, const UnitSpec& spec) {
    const lshm::TroopType* type = data().type(spec.type);
    REQUIRE(type != nullptr);
    Unit unit;
    unit.id = spec.id;
    unit.name = spec.id;
    unit.side = spec.side;
    unit.type = spec.type;
    unit.arm = type->arm;
    unit.stats = spec.stats;
    unit.formation = !spec.formation.empty() ? spec.formation : type->normalFormation;
    const bool horse = type->arm == Arm::Horse;
    const auto figure = [&](std::string role) {
        Element made;
        made.centre = Point(mm(spec.x), mm(spec.y));
        made.facing = spec.facing;
        made.width = horse ? 25 : 20;
        made.depth = horse ? 50 : 20;
        made.role = std::move(role);
        if (made.role == "gun") {
            made.width = 30;
            made.depth = 40;
        }
        return made;
    };
    if (type->arm == Arm::Guns) {
        unit.elements.push_back(figure("gun"));
        unit.elements.push_back(figure("officer"));
        for (int i = 0; i < spec.count; ++i) {
            unit.elements.push_back(figure("gunner"));
        }
    } else if (type->arm == Arm::Leader) {
        unit.elements.push_back(figure("commander-in-chief"));
    } else {
        if (spec.hasLeaders) {
            unit.elements.push_back(figure("officer"));
            unit.elements.push_back(figure("nco"));
        }
        for (int i = 0; i < spec.count; ++i) {
            unit.elements.push_back(figure("private"));
        }
    }
    unit.nameElements();
    const auto placements = lshm::layout(unit, unit.formation, Point(mm(spec.x), mm(spec.y)), spec.facing);
    for (std::size_t i = 0; i < placements.size(); ++i) {
        unit.elements[i].centre = placements[i].centre;
        unit.elements[i].facing = placements[i].facing;
    }
    unit.startingBases = static_cast<int>(unit.elements.size());
    unit.counters["start-figures"] = static_cast<double>(lshm::figuresOf(unit).size());
    battle.units.push_back(unit);
    return battle.units.back();
}

inline Action fireAt(const std::string& unit, const std::string& target) { return Action{.type = "fire", .unit = unit, .target = target}; }

/// How many figures of `unit` are in each health, after a resolution.
inline int countHealth(const Battle& battle, const std::string& unit, Health health) {
    const Unit* found = battle.findUnit(unit);
    int count = 0;
    for (const Element& e : found->elements) {
        count += e.health == health && e.role != "gun" ? 1 : 0;
    }
    return count;
}

/// Figures gone from `unit` (killed or captured and taken off) compared with `before`.
inline int figuresGone(const Battle& before, const Battle& after, const std::string& unit) {
    return static_cast<int>(before.findUnit(unit)->elements.size() - after.findUnit(unit)->elements.size());
}

} // namespace lshmtest

namespace lshmtest {

/// Leaves only `cards` to draw from the order deck (the rest turned), so the next hit card
/// is one of them; with one card left the next is that card.
inline void onlyCards(Battle& battle, const std::vector<std::string>& cards) {
    DeckState& deck = battle.decks[lshm::kDeck];
    const std::string shown = deck.showing();
    std::vector<std::string> turned;
    for (const std::string& card : deck.cards) {
        if (std::find(cards.begin(), cards.end(), card) == cards.end() && card != shown) {
            turned.push_back(card);
        }
    }
    if (!shown.empty()) {
        turned.push_back(shown); // the card showing stays the last turned
    }
    deck.drawPile = cards;
    deck.discards = turned;
}

/// A fire phase with `card` showing for its side.
inline Battle firePhase(const std::string& card = "2S") {
    Battle battle = emptyBattle("fire");
    showing(battle, card);
    return battle;
}

} // namespace lshmtest

namespace lshmtest {

inline TerrainArea area(AreaType type, double x0, double y0, double x1, double y1, int level = 0) {
    return rectangleArea(type, x0, y0, x1, y1, level, millimetresPerInch);
}

inline TerrainLine line(LineType type, double x0, double y0, double x1, double y1) {
    return straightLine(type, x0, y0, x1, y1, millimetresPerInch);
}

} // namespace lshmtest

namespace lshmtest {

/// Carries out a phase the turn runs by itself (`carryOut`, close combat or morale) with
/// seeds 0, 1, 2... until its trace holds what `wanted` looks for; the seed, or -1.
template <class CarryOut, class Wanted>
int seedFor(const Battle& battle, CarryOut carryOut, Wanted wanted, Resolution& found, const RulesetOptions& options = {},
            int tries = 3000) {
    for (int seed = 0; seed < tries; ++seed) {
        DiceStream dice(static_cast<std::uint64_t>(seed));
        lshm::Step step(data(), optionsWith(options), battle, &dice);
        carryOut(step);
        Resolution resolution = step.finish();
        if (wanted(traceText(resolution))) {
            found = std::move(resolution);
            return seed;
        }
    }
    return -1;
}

} // namespace lshmtest
