#include "vcc_hits.h"

#include "sandtable/chart.h"

#include <algorithm>

namespace sandtable::vcc {

std::string DicePool::expression() const { return std::to_string(whole) + "d6" + (half ? "+1d3" : ""); }

std::string DicePool::words() const { return std::to_string(whole) + (half ? "½ dice" : whole == 1 ? " die" : " dice"); }

Distribution DicePool::hits() const { return kit::parseOrThrow(expression()).distribution(); }

Probability DicePool::anyTrigger() const {
    Probability none = 1;
    for (int i = 0; i < whole; ++i) {
        none *= Probability(5, 6);
    }
    if (half) {
        none *= Probability(2, 3);
    }
    return 1 - none;
}

DicePool poolOf(const ModifierApplication& applied, const RulesetOptions& options) {
    // "Round up. Never less than 1 die." The list has already raised a value under 1 to 1.
    const Fraction exact = applied.exact < 1 ? Fraction(1) : applied.exact;
    DicePool pool;
    if (options.at("half-dice") == "whole-dice") {
        pool.whole = static_cast<int>((exact.numerator() + exact.denominator() - 1) / exact.denominator());
        return pool;
    }
    const std::int64_t halves = (2 * exact.numerator() + exact.denominator() - 1) / exact.denominator();
    pool.whole = static_cast<int>(halves / 2);
    pool.half = halves % 2 == 1;
    return pool;
}

int leaderChecksCalled(const RollResult& roll, const RulesetOptions& options) {
    int triggers = 0;
    for (const RollPart& part : roll.parts) {
        for (const RolledDie& die : part.dice) {
            if (die.face == die.die.highestFace()) {
                ++triggers;
            }
        }
    }
    if (options.at("leader-checks") == "per-six") {
        return triggers;
    }
    return triggers > 0 ? 1 : 0;
}

int leaderRow(const std::string& band) {
    if (band == "long") {
        return 1;
    }
    return band == "medium" ? 2 : 3;
}

namespace {

/// The chance 2d6 scores a leader hit at `row`, read from the chart.
Probability hitGivenCheck(const Data& data, int row) {
    const Chart& chart = data.chart("leader-hit-check");
    const Distribution twoDice = kit::parseOrThrow("2d6").distribution();
    Probability chance = 0;
    for (std::int64_t score = 2; score <= 12; ++score) {
        const auto found = chart.lookup(row, score);
        if (found && found->cell.text == "hit") {
            chance += twoDice.probability(score);
        }
    }
    return chance;
}

Probability power(Probability base, int exponent) {
    Probability result = 1;
    for (int i = 0; i < exponent; ++i) {
        result *= base;
    }
    return result;
}

} // namespace

Probability leaderHitChance(const Data& data, const RulesetOptions& options, const DicePool& pool, int row) {
    const Probability hit = hitGivenCheck(data, row);
    if (options.at("leader-checks") == "per-six") {
        // Each 6 (or 3) is a check of its own: no hit means each die either shows no 6 or
        // its check misses.
        const Probability sixMisses = Probability(5, 6) + Probability(1, 6) * (1 - hit);
        const Probability threeMisses = Probability(2, 3) + Probability(1, 3) * (1 - hit);
        return 1 - power(sixMisses, pool.whole) * (pool.half ? threeMisses : Probability(1));
    }
    return pool.anyTrigger() * hit;
}

void leaderHitChecks(Step& step, const std::string& unitId, int checks, int row) {
    const Chart& check = step.data.chart("leader-hit-check");
    const Chart& effect = step.data.chart("leader-hit-effect");
    if (checks > 0) {
        step.ruling("vcc-leader-hits");
    }
    for (int i = 0; i < checks; ++i) {
        const Unit& unit = step.unit(unitId);
        if (unit.eliminated()) {
            return;
        }
        if (!hasLeader(unit)) {
            step.outcome(unit.name + " has no leader base left to hit", cite("Leader Hits"));
            return;
        }
        const std::int64_t score = step.roll("2d6", "leader hit", cite("Leader Hits"));
        const auto hit = check.lookup(row, score);
        step.out.trace.lookup(check, *hit);
        if (hit->cell.text != "hit") {
            continue;
        }
        const std::int64_t what = step.roll("2d6", "effect of leader hit", cite("Effect of leader hits: 2d6"));
        const auto result = effect.lookup(std::nullopt, what);
        step.out.trace.lookup(effect, *result);
        const std::string& cell = result->cell.text;
        if (cell == "+1 to next morale check") {
            setCounter(step, unitId, "leader-cheered", 1.0);
            step.outcome(unit.name + "'s leader declares he will piss on the man who did this: +1 to the next morale check",
                         cite("Effect of leader hits: 2d6"));
            continue;
        }
        const int wounds = static_cast<int>(counter(unit, "leader-wounds")) + (cell == "one wound" ? 1 : cell == "two wounds" ? 2 : 3);
        if (wounds < 3) {
            setCounter(step, unitId, "leader-wounds", static_cast<double>(wounds));
            step.outcome(unit.name + "'s leader: " + std::to_string(wounds) + (wounds == 1 ? " wound" : " wounds"),
                         cite("Effect of leader hits: 2d6"));
            continue;
        }
        // "3 wounds = toast": his base comes off.
        setCounter(step, unitId, "leader-wounds", std::nullopt);
        std::vector<std::string> leaderBases;
        for (const Element& element : unit.elements) {
            if (isLeaderBase(element)) {
                leaderBases.push_back(element.id);
            }
        }
        step.emit(event::ElementsRemoved{unitId, leaderBases});
        step.outcome(unit.name + "'s leader is toast: his base is taken off", cite("Effect of leader hits: 2d6"));
    }
}

int hitsPerBase(const Data& data, const RulesetOptions& options, const Unit& unit) {
    if (options.at("hits") == "four-a-base") {
        return 4;
    }
    return unit.stats.value("figuresPerBase", typeOf(data, unit).figuresPerBase);
}

namespace {

/// The element the next hits fall on: a gunner, else the rearmost base that is not the
/// leader's, else the leader's; never the gun itself.
const Element* nextCasualty(const Unit& unit) {
    for (auto it = unit.elements.rbegin(); it != unit.elements.rend(); ++it) {
        if (isGunner(*it)) {
            return &*it;
        }
    }
    for (auto it = unit.elements.rbegin(); it != unit.elements.rend(); ++it) {
        if (!isGunPiece(*it) && !isLeaderBase(*it)) {
            return &*it;
        }
    }
    for (auto it = unit.elements.rbegin(); it != unit.elements.rend(); ++it) {
        if (isLeaderBase(*it)) {
            return &*it;
        }
    }
    return nullptr;
}

} // namespace

void takeHits(Step& step, const std::string& unitId, int hits) {
    if (hits <= 0) {
        return;
    }
    step.ruling("vcc-hits");
    int carried = static_cast<int>(counter(step.unit(unitId), "hits-carried")) + hits;
    std::vector<std::string> removed;
    while (true) {
        const Unit& unit = step.unit(unitId);
        const Element* next = nextCasualty(unit);
        if (next == nullptr) {
            break;
        }
        // A gunner figure stands for a base in fire and morale, and so in its losses too.
        const int needed = hitsPerBase(step.data, step.options, unit);
        if (carried < needed) {
            break;
        }
        carried -= needed;
        removed.push_back(next->id);
        step.emit(event::ElementsRemoved{unitId, {next->id}});
    }
    const Unit& unit = step.unit(unitId);
    const bool crewless = typeOf(step.data, unit).countsGunners && gunners(unit) == 0 && !unit.eliminated();
    if (crewless) {
        std::vector<std::string> rest;
        for (const Element& element : unit.elements) {
            rest.push_back(element.id);
        }
        step.emit(event::ElementsRemoved{unitId, rest});
        step.ruling("vcc-abandoned");
        step.outcome(unit.name + " has no gunners left and is abandoned", cite("Firing Procedure:"));
    }
    const Unit& after = step.unit(unitId);
    setCounter(step, unitId, "hits-carried", after.eliminated() || carried == 0 ? std::nullopt : std::optional<double>(carried));
    std::string what = after.name + " takes " + std::to_string(hits) + (hits == 1 ? " hit" : " hits");
    if (!removed.empty()) {
        what += ": " + std::to_string(removed.size()) + (removed.size() == 1 ? " base or gunner" : " bases or gunners") + " off";
    }
    if (after.eliminated()) {
        what += "; the unit is destroyed";
    } else if (carried > 0) {
        what += "; " + std::to_string(carried) + " carried toward the next";
    }
    step.outcome(what, cite("Firing Procedure:"));
}

} // namespace sandtable::vcc
