// The exact distribution of a dice expression: the same tree the roller walks, walked
// over distributions instead of dice. Nothing here touches a DiceStream.

#include "sandtable/dice_expression.h"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <map>
#include <numeric>
#include <stdexcept>

namespace sandtable {

namespace {

// A fraction-valued distribution: outcome v means v / denominator.
struct RationalDistribution {
    Distribution numerators;
    std::int64_t denominator = 1;
};

// Work beyond this many weight operations is refused rather than left to hang.
constexpr double maximumWork = 5e7;
// Adding whole distributions costs more per operation (their weights grow with every
// pool added), so a sum of pools has a smaller budget of its own.
constexpr double maximumSumWork = 1e7;

void checkWork(double work, const std::string& what) {
    if (work > maximumWork) {
        throw std::length_error(what + " has too many outcomes to enumerate exactly");
    }
}

// The work of summing `dice` dice of `sides` one at a time: about half dice^2 sides^2
// weight operations, each on weights that grow to sides^dice, so costing a 64-bit word
// for every 64 bits of the largest (37d162, with weights of 272 bits, costs five times
// what its count of operations says; the largest pools it lets through take under 0.2 s).
double sumWork(std::int64_t dice, int sides) {
    const double bits = static_cast<double>(dice) * std::log2(static_cast<double>(std::max(sides, 2)));
    const double words = std::max(1.0, std::ceil(bits / 64));
    return 0.5 * static_cast<double>(dice) * static_cast<double>(dice) * sides * sides * words;
}

Distribution sumOfDice(std::int64_t dice, const Die& die) {
    checkWork(sumWork(dice, die.sides), std::to_string(dice) + "d" + std::to_string(die.sides));
    const Distribution one = Distribution::uniform(die.lowestFace, die.highestFace());
    Distribution total = Distribution::certain(0);
    for (std::int64_t i = 0; i < dice; ++i) {
        total = total.plus(one);
    }
    return total;
}

// Successes among `dice` dice: binomial, C(n,k) m^k (S-m)^(n-k) out of S^n.
Distribution successesOfDice(std::int64_t dice, const Die& die, const SuccessRule& rule) {
    Weight hitFaces = 0;
    for (int face = die.lowestFace; face <= die.highestFace(); ++face) {
        hitFaces += rule.isSuccess(face) ? 1 : 0;
    }
    const Weight missFaces = Weight(die.sides) - hitFaces;
    std::vector<Weight> weights(static_cast<std::size_t>(dice + 1));
    Weight choose = 1;
    for (std::int64_t k = 0; k <= dice; ++k) {
        weights[static_cast<std::size_t>(k)] = choose * boost::multiprecision::pow(hitFaces, static_cast<unsigned>(k)) *
                                               boost::multiprecision::pow(missFaces, static_cast<unsigned>(dice - k));
        choose = choose * (dice - k) / (k + 1);
    }
    return Distribution::fromWeights(0, std::move(weights));
}

// The highest (or lowest) single die of n: P(max <= v) = ((v - lo + 1) / S)^n.
Distribution extremeDie(std::int64_t dice, const Die& die, bool highest) {
    std::vector<Weight> weights;
    for (int face = die.lowestFace; face <= die.highestFace(); ++face) {
        const int atOrBelow = highest ? face - die.lowestFace + 1 : die.highestFace() - face + 1;
        weights.push_back(boost::multiprecision::pow(Weight(atOrBelow), static_cast<unsigned>(dice)) -
                          boost::multiprecision::pow(Weight(atOrBelow - 1), static_cast<unsigned>(dice)));
    }
    return Distribution::fromWeights(die.lowestFace, std::move(weights));
}

// Keep the best `keep` of `dice` dice: dynamic programming over the sorted kept faces.
// For "keep lowest" faces are negated, so both keep the largest values of the state.
Distribution keptDice(std::int64_t dice, const dice::Pool& pool, std::int64_t keep) {
    const bool highest = pool.keep.which == KeepRule::Which::Highest;
    double states = 1;
    for (std::int64_t i = 0; i < keep; ++i) {
        states = states * static_cast<double>(pool.die.sides + i) / static_cast<double>(i + 1);
    }
    // Each step here copies a state's kept faces, finds it in a map and adds a weight as
    // wide as the sum's: about twenty times a plain sum's step (83d30kh3 took 0.8 s in
    // Release at a count the plain sums finish in 0.05 s), so it is counted so.
    constexpr double keptStepCost = 20;
    checkWork(keptStepCost * states * pool.die.sides * static_cast<double>(dice),
              std::to_string(dice) + "d" + std::to_string(pool.die.sides) + " keeping " + std::to_string(keep));
    std::map<std::vector<int>, Weight> current{{{}, Weight(1)}};
    for (std::int64_t i = 0; i < dice; ++i) {
        std::map<std::vector<int>, Weight> next;
        for (const auto& [state, weight] : current) {
            for (int face = pool.die.lowestFace; face <= pool.die.highestFace(); ++face) {
                std::vector<int> kept = state;
                kept.insert(std::upper_bound(kept.begin(), kept.end(), highest ? face : -face), highest ? face : -face);
                if (static_cast<std::int64_t>(kept.size()) > keep) {
                    kept.erase(kept.begin()); // the smallest falls out
                }
                next[std::move(kept)] += weight;
            }
        }
        current = std::move(next);
    }
    std::map<std::int64_t, Weight> byValue;
    for (const auto& [state, weight] : current) {
        std::int64_t value = 0;
        for (int stored : state) {
            const int face = highest ? stored : -stored;
            value += pool.success ? (pool.success->isSuccess(face) ? 1 : 0) : face;
        }
        byValue[value] += weight;
    }
    std::vector<Weight> weights(static_cast<std::size_t>(byValue.rbegin()->first - byValue.begin()->first + 1), Weight(0));
    for (const auto& [value, weight] : byValue) {
        weights[static_cast<std::size_t>(value - byValue.begin()->first)] = weight;
    }
    return Distribution::fromWeights(byValue.begin()->first, std::move(weights));
}

Distribution poolOf(std::int64_t dice, const dice::Pool& pool) {
    if (dice == 0) {
        return Distribution::certain(0);
    }
    const std::int64_t keep = pool.keep.which == KeepRule::Which::All ? dice : std::min<std::int64_t>(pool.keep.count, dice);
    if (keep == dice) {
        return pool.success ? successesOfDice(dice, pool.die, *pool.success) : sumOfDice(dice, pool.die);
    }
    if (keep == 1) {
        Distribution best = extremeDie(dice, pool.die, pool.keep.which == KeepRule::Which::Highest);
        if (pool.success) {
            const SuccessRule rule = *pool.success;
            return best.map([rule](std::int64_t face) { return rule.isSuccess(static_cast<int>(face)) ? 1 : 0; });
        }
        return best;
    }
    return keptDice(dice, pool, keep);
}

class OddsEvaluator {
public:
    explicit OddsEvaluator(const DiceExpression& expression) : m_expression(expression) {}

    RationalDistribution evaluate(dice::NodeIndex index) {
        return std::visit([&](const auto& node) { return evaluate(node); }, m_expression.nodes()[index]);
    }

private:
    RationalDistribution evaluate(const dice::Constant& constant) { return {Distribution::certain(constant.value), 1}; }

    RationalDistribution evaluate(const dice::Pool& pool) {
        const RationalDistribution count = evaluate(pool.count);
        assert(count.denominator == 1);
        if (count.numerators.lowest() == count.numerators.highest()) {
            return {poolOf(count.numerators.lowest(), pool), 1};
        }
        if (pool.keep.which == KeepRule::Which::All && !pool.success && count.numerators.lowest() >= 0) {
            // Sums of 0, 1, 2... dice, each from the one before: one convolution a die,
            // not a whole sum for every count the first roll can give ("(2d6)d424").
            const std::int64_t most = count.numerators.highest();
            checkWork(sumWork(most, pool.die.sides), "up to " + std::to_string(most) + "d" + std::to_string(pool.die.sides));
            const Distribution one = Distribution::uniform(pool.die.lowestFace, pool.die.highestFace());
            std::vector<Distribution> sums{Distribution::certain(0)};
            return {count.numerators.bind([&](std::int64_t dice) {
                        while (static_cast<std::int64_t>(sums.size()) <= dice) {
                            sums.push_back(sums.back().plus(one));
                        }
                        return sums[static_cast<std::size_t>(dice)];
                    }),
                    1};
        }
        std::map<std::int64_t, Distribution> byCount;
        return {count.numerators.bind([&](std::int64_t dice) {
                    auto found = byCount.find(dice);
                    if (found == byCount.end()) {
                        found = byCount.emplace(dice, poolOf(dice, pool)).first;
                    }
                    return found->second;
                }),
                1};
    }

    RationalDistribution evaluate(const dice::Sum& sum) {
        RationalDistribution total{Distribution::certain(0), 1};
        for (const auto& term : sum.terms) {
            const RationalDistribution value = evaluate(term.node);
            const std::int64_t common = std::lcm(total.denominator, value.denominator);
            const std::int64_t scaleTotal = common / total.denominator;
            const std::int64_t scaleValue = term.sign * (common / value.denominator);
            // The work of the whole expression, not of each pool alone: a sum of sixty
            // 100d6 pools is refused here rather than left to run for minutes.
            m_work += static_cast<double>(total.numerators.highest() - total.numerators.lowest() + 1) *
                      static_cast<double>(value.numerators.highest() - value.numerators.lowest() + 1);
            if (m_work > maximumSumWork) {
                throw std::length_error("the expression adds up too many outcomes to enumerate exactly");
            }
            const Distribution left =
                scaleTotal == 1 ? total.numerators : total.numerators.map([=](std::int64_t v) { return v * scaleTotal; });
            const Distribution right =
                scaleValue == 1 ? value.numerators : value.numerators.map([=](std::int64_t v) { return v * scaleValue; });
            total = {left.plus(right), common};
        }
        return total;
    }

    RationalDistribution evaluate(const dice::Scale& scale) {
        RationalDistribution value = evaluate(scale.child);
        if (scale.multiplier != 1) {
            const std::int64_t m = scale.multiplier;
            value.numerators = value.numerators.map([m](std::int64_t v) { return v * m; });
        }
        value.denominator *= scale.divisor;
        return value;
    }

    RationalDistribution evaluate(const dice::Rounded& rounded) {
        const RationalDistribution value = evaluate(rounded.child);
        const std::int64_t d = value.denominator;
        const std::optional<Rounding> rounding = rounded.rounding;
        Distribution whole = value.numerators.bind([d, rounding](std::int64_t n) {
            if (!rounding) {
                return Distribution::certain(floorDivide(n, d)); // whole already
            }
            if (*rounding == Rounding::DiceHalf && isExactHalf(n, d)) {
                const std::int64_t down = floorDivide(n, d);
                return Distribution::uniform(down, down + 1); // the d2
            }
            return Distribution::certain(roundQuotient(n, d, *rounding));
        });
        if (rounded.minimum) {
            const std::int64_t floor = *rounded.minimum;
            whole = whole.map([floor](std::int64_t v) { return std::max(v, floor); });
        }
        return {whole, 1};
    }

    const DiceExpression& m_expression;
    double m_work = 0;
};

} // namespace

Distribution DiceExpression::distribution() const {
    RationalDistribution result = OddsEvaluator(*this).evaluate(m_root);
    assert(result.denominator == 1);
    return result.numerators;
}

} // namespace sandtable
