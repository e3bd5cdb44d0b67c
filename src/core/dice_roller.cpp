// Rolling a parsed dice expression through the game's stream, and explaining the roll.

#include "sandtable/dice_expression.h"

#include <algorithm>
#include <array>
#include <cassert>
#include <numeric>

namespace sandtable {

namespace {

struct Fraction {
    std::int64_t numerator = 0;
    std::int64_t denominator = 1;
};

Fraction reduced(std::int64_t numerator, std::int64_t denominator) {
    const std::int64_t divisor = std::gcd(numerator, denominator);
    return divisor > 1 ? Fraction{numerator / divisor, denominator / divisor} : Fraction{numerator, denominator};
}

// Marks which dice a keep rule keeps: the highest (or lowest) `count`, earlier dice
// first among equals, so that a roll always explains the same way.
void markKept(const KeepRule& keep, std::vector<RolledDie>& dice) {
    if (keep.which == KeepRule::Which::All) {
        return;
    }
    std::vector<std::size_t> order(dice.size());
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
        return keep.which == KeepRule::Which::Highest ? dice[a].face > dice[b].face : dice[a].face < dice[b].face;
    });
    for (std::size_t rank = 0; rank < order.size(); ++rank) {
        dice[order[rank]].kept = rank < static_cast<std::size_t>(keep.count);
    }
}

class RollEvaluator {
public:
    RollEvaluator(const DiceExpression& expression, DiceStream& stream, PurposeId purpose, RollResult* detail)
        : m_expression(expression), m_stream(stream), m_purpose(purpose), m_detail(detail) {}

    Fraction evaluate(dice::NodeIndex index) {
        return std::visit([&](const auto& node) { return evaluate(index, node); }, m_expression.nodes()[index]);
    }

private:
    Fraction evaluate(dice::NodeIndex, const dice::Constant& constant) { return {constant.value, 1}; }

    Fraction evaluate(dice::NodeIndex index, const dice::Pool& pool) {
        const Fraction count = evaluate(pool.count);
        assert(count.denominator == 1 && count.numerator >= 0 && count.numerator <= DiceExpression::maximumDice);
        const auto dice = static_cast<std::size_t>(count.numerator);
        std::array<int, DiceExpression::maximumDice> faces; // filled up to `dice` below
        for (std::size_t i = 0; i < dice; ++i) {
            faces[i] = m_stream.roll(pool.die, m_purpose);
        }
        std::size_t kept = dice;
        if (pool.keep.which != KeepRule::Which::All) {
            kept = std::min(dice, static_cast<std::size_t>(pool.keep.count));
            if (pool.keep.which == KeepRule::Which::Highest) {
                std::partial_sort(faces.begin(), faces.begin() + kept, faces.begin() + dice, std::greater<>());
            } else {
                std::partial_sort(faces.begin(), faces.begin() + kept, faces.begin() + dice);
            }
        }
        std::int64_t value = 0;
        for (std::size_t i = 0; i < kept; ++i) {
            value += pool.success ? (pool.success->isSuccess(faces[i]) ? 1 : 0) : faces[i];
        }
        if (m_detail != nullptr) {
            recordPool(index, pool, dice, value);
        }
        return {value, 1};
    }

    // The faces array was reordered by the keep rule; the stream's record holds the
    // dice in the order they fell, which is the order a player wants to read.
    void recordPool(dice::NodeIndex index, const dice::Pool& pool, std::size_t dice, std::int64_t value) {
        RollPart part;
        part.node = index;
        part.value = value;
        const auto& record = m_stream.record();
        for (std::size_t i = record.size() - dice; i < record.size(); ++i) {
            part.dice.push_back(RolledDie{record[i].die(), record[i].face, true, false});
        }
        markKept(pool.keep, part.dice);
        for (RolledDie& die : part.dice) {
            die.success = die.kept && pool.success && pool.success->isSuccess(die.face);
        }
        m_detail->parts.push_back(std::move(part));
    }

    Fraction evaluate(dice::NodeIndex, const dice::Sum& sum) {
        Fraction total{0, 1};
        for (const auto& term : sum.terms) {
            const Fraction value = evaluate(term.node);
            if (total.denominator == 1 && value.denominator == 1) {
                total.numerator += term.sign * value.numerator; // whole numbers: no gcd
                continue;
            }
            const std::int64_t common = std::lcm(total.denominator, value.denominator);
            total = reduced(total.numerator * (common / total.denominator) + term.sign * value.numerator * (common / value.denominator),
                            common);
        }
        return total;
    }

    // Not reduced: "7/2" and "4/2" read as the halving the player expects to see.
    Fraction evaluate(dice::NodeIndex, const dice::Scale& scale) {
        const Fraction value = evaluate(scale.child);
        return {value.numerator * scale.multiplier, value.denominator * scale.divisor};
    }

    Fraction evaluate(dice::NodeIndex index, const dice::Rounded& rounded) {
        const Fraction value = evaluate(rounded.child);
        RollPart part;
        part.node = index;
        part.numerator = value.numerator;
        part.denominator = value.denominator;
        std::int64_t whole = floorDivide(value.numerator, value.denominator);
        if (rounded.rounding == Rounding::DiceHalf && isExactHalf(value.numerator, value.denominator)) {
            // 002_7b20089435c2e4ae.txt, "ARTILLERY": "a half is diced for"; d2: 1 down, 2 up.
            const Die d2{2, 1};
            const int face = m_stream.roll(d2, m_purpose);
            whole += face == 2 ? 1 : 0;
            part.dice.push_back(RolledDie{d2, face, true, face == 2});
        } else if (rounded.rounding) {
            whole = roundQuotient(value.numerator, value.denominator, *rounded.rounding);
        }
        if (rounded.minimum && whole < *rounded.minimum) {
            whole = *rounded.minimum;
            part.raisedToMinimum = true;
        }
        if (m_detail != nullptr) {
            part.value = whole;
            m_detail->parts.push_back(std::move(part));
        }
        return {whole, 1};
    }

    const DiceExpression& m_expression;
    DiceStream& m_stream;
    PurposeId m_purpose;
    RollResult* m_detail;
};

std::string facesText(const std::vector<RolledDie>& dice, bool marksSuccess) {
    std::string text;
    for (const RolledDie& die : dice) {
        if (!text.empty()) {
            text += ", ";
        }
        // Dropped dice stand in parentheses; successes carry a star.
        if (!die.kept) {
            text += '(';
        }
        text += std::to_string(die.face);
        if (marksSuccess && die.success) {
            text += '*';
        }
        if (!die.kept) {
            text += ')';
        }
    }
    return text;
}

} // namespace

void DiceExpression::flatten() {
    FlatForm flat;
    const auto addTerm = [&](int sign, dice::NodeIndex index) {
        const dice::Node& node = m_nodes[index];
        if (const auto* constant = std::get_if<dice::Constant>(&node)) {
            flat.constant += sign * constant->value;
            return true;
        }
        const auto* pool = std::get_if<dice::Pool>(&node);
        const auto* count = pool ? std::get_if<dice::Constant>(&m_nodes[pool->count]) : nullptr;
        if (count == nullptr) {
            return false;
        }
        flat.pools.push_back(FlatPool{sign, static_cast<int>(count->value), pool->die, pool->keep, pool->success});
        return true;
    };
    bool flattened = true;
    if (const auto* sum = std::get_if<dice::Sum>(&m_nodes[m_root])) {
        for (const auto& term : sum->terms) {
            flattened = flattened && addTerm(term.sign, term.node);
        }
    } else {
        flattened = addTerm(1, m_root);
    }
    m_flat = flattened ? std::optional<FlatForm>(std::move(flat)) : std::nullopt;
}

// The same dice in the same order as the tree walk, so fast and detailed rolls agree.
std::int64_t DiceExpression::rollFlat(const FlatForm& flat, DiceStream& stream, PurposeId purpose) const {
    std::int64_t total = flat.constant;
    for (const FlatPool& pool : flat.pools) {
        std::int64_t value = 0;
        const bool keepAll = pool.keep.which == KeepRule::Which::All || pool.keep.count >= pool.count;
        if (keepAll) {
            for (int i = 0; i < pool.count; ++i) {
                const int face = stream.roll(pool.die, purpose);
                value += pool.success ? (pool.success->isSuccess(face) ? 1 : 0) : face;
            }
        } else if (pool.keep.count == 1) {
            const bool highest = pool.keep.which == KeepRule::Which::Highest;
            int best = stream.roll(pool.die, purpose);
            for (int i = 1; i < pool.count; ++i) {
                const int face = stream.roll(pool.die, purpose);
                best = highest ? std::max(best, face) : std::min(best, face);
            }
            value = pool.success ? (pool.success->isSuccess(best) ? 1 : 0) : best;
        } else {
            std::array<int, maximumDice> faces; // filled up to pool.count below
            const auto n = static_cast<std::size_t>(pool.count);
            const auto kept = static_cast<std::size_t>(pool.keep.count);
            for (std::size_t i = 0; i < n; ++i) {
                faces[i] = stream.roll(pool.die, purpose);
            }
            if (pool.keep.which == KeepRule::Which::Highest) {
                std::partial_sort(faces.begin(), faces.begin() + kept, faces.begin() + n, std::greater<>());
            } else {
                std::partial_sort(faces.begin(), faces.begin() + kept, faces.begin() + n);
            }
            for (std::size_t i = 0; i < kept; ++i) {
                value += pool.success ? (pool.success->isSuccess(faces[i]) ? 1 : 0) : faces[i];
            }
        }
        total += pool.sign * value;
    }
    return total;
}

std::int64_t DiceExpression::roll(DiceStream& stream, PurposeId purpose) const {
    if (m_flat) {
        return rollFlat(*m_flat, stream, purpose);
    }
    const Fraction total = RollEvaluator(*this, stream, purpose, nullptr).evaluate(m_root);
    assert(total.denominator == 1);
    return total.numerator;
}

RollResult DiceExpression::rollDetailed(DiceStream& stream, PurposeId purpose) const {
    RollResult result;
    const Fraction total = RollEvaluator(*this, stream, purpose, &result).evaluate(m_root);
    assert(total.denominator == 1);
    result.total = total.numerator;
    return result;
}

std::vector<std::string> DiceExpression::explain(const RollResult& result) const {
    std::vector<std::string> lines;
    for (const RollPart& part : result.parts) {
        std::string line = std::string(sourceOf(part.node)) + ": ";
        const dice::Node& node = m_nodes[part.node];
        if (const auto* pool = std::get_if<dice::Pool>(&node)) {
            line += part.dice.empty() ? "no dice" : facesText(part.dice, pool->success.has_value());
            if (pool->success) {
                line += " → " + std::to_string(part.value) + (part.value == 1 ? " success" : " successes");
            } else if (part.dice.size() > 1 || pool->keep.which != KeepRule::Which::All) {
                line += " → " + std::to_string(part.value);
            }
        } else {
            const auto& rounded = std::get<dice::Rounded>(node);
            line += std::to_string(part.numerator);
            if (part.denominator != 1) {
                line += "/" + std::to_string(part.denominator);
            }
            if (!part.dice.empty()) {
                line += ", a half diced for: d2 = " + std::to_string(part.dice.front().face) +
                        (part.dice.front().success ? " (up)" : " (down)");
            } else if (part.denominator != 1 && rounded.rounding) {
                static constexpr const char* names[] = {"up", "down", "nearest", "nearest"};
                line += std::string(" rounded ") + names[static_cast<int>(*rounded.rounding)];
            }
            if (part.raisedToMinimum) {
                line += ", raised to the minimum " + std::to_string(*rounded.minimum);
            }
            line += " → " + std::to_string(part.value);
        }
        lines.push_back(std::move(line));
    }
    return lines;
}

} // namespace sandtable
