// The dice expression grammar (docs/dice.md has it with examples from each ruleset):
//
//   expression := [sign] term { ('+' | '-') term }
//   term       := primary { '*' INT | '/' INT }
//   primary    := INT [pool] | pool | group [pool]
//   group      := '(' expression [rounding] ['min' INT] ')'
//   rounding   := 'up' | 'down' | 'nearest' | 'dice'
//   pool       := 'd' INT ['z'] [('kh' | 'kl') INT] [('>=' | '<=' | '>' | '<' | '=') INT]
//
// A division yields a fraction, so it may stand only in a group that says how to round.

#include "sandtable/dice_expression.h"
#include "sandtable/printable.h"

#include <algorithm>
#include <cctype>
#include <limits>
#include <numeric>

namespace sandtable {

namespace {

constexpr std::int64_t maximumConstant = 1'000'000;
constexpr std::int64_t maximumFactor = 1'000;
// Bounds that hold in every build, checked once here so that the roller and the odds
// never meet a number they cannot hold: the value of any part of an expression, what a
// group divides by in all, the text's length and how deep groups nest.
constexpr std::int64_t maximumValue = 1'000'000'000;
constexpr std::int64_t maximumDenominator = 1'000'000;
constexpr std::size_t maximumLength = 500;
constexpr int maximumGroupDepth = 16;

std::int64_t saturatingAdd(std::int64_t a, std::int64_t b) {
    std::int64_t sum = 0;
    if (__builtin_add_overflow(a, b, &sum)) {
        return b > 0 ? std::numeric_limits<std::int64_t>::max() : std::numeric_limits<std::int64_t>::min();
    }
    return sum;
}

std::int64_t saturatingMultiply(std::int64_t a, std::int64_t b) {
    std::int64_t product = 0;
    if (__builtin_mul_overflow(a, b, &product)) {
        return (a < 0) != (b < 0) ? std::numeric_limits<std::int64_t>::min() : std::numeric_limits<std::int64_t>::max();
    }
    return product;
}

struct Bounds {
    std::int64_t lowest = 0;
    std::int64_t highest = 0;
};

struct ParseFailure {
    DiceParseError error;
};

} // namespace

std::string DiceParseError::toString() const { return message + " at column " + std::to_string(column); }

class DiceParser {
public:
    explicit DiceParser(std::string_view text) : m_text(text) { m_result.m_text = std::string(text); }

    Expected<DiceExpression, DiceParseError> run() {
        try {
            if (m_text.size() > maximumLength) {
                failAt(maximumLength, "an expression may be at most " + std::to_string(maximumLength) + " characters long, this one is " +
                                          std::to_string(m_text.size()));
            }
            skipSpace();
            if (atEnd()) {
                fail("expected a dice expression such as 2d6+1, found nothing");
            }
            m_result.m_root = expression();
            skipSpace();
            if (!atEnd()) {
                fail("unexpected '" + characterHere() + "': expected '+', '-' or the end");
            }
            m_result.flatten();
            return std::move(m_result);
        } catch (const ParseFailure& failure) {
            return failure.error;
        }
    }

private:
    using NodeIndex = dice::NodeIndex;

    [[noreturn]] void fail(const std::string& message) { failAt(m_pos, message); }
    /// The column counts characters, not bytes, so that it points where a reader looks.
    [[noreturn]] void failAt(std::size_t position, const std::string& message) {
        std::size_t column = 1;
        for (std::size_t i = 0; i < position && i < m_text.size(); ++i) {
            column += (static_cast<unsigned char>(m_text[i]) & 0xC0) != 0x80 ? 1 : 0;
        }
        throw ParseFailure{DiceParseError{column, message}};
    }

    /// The whole character at the position (all bytes of a multibyte one), shown so that a
    /// control byte or an escape cannot reach the terminal raw.
    std::string characterHere() const {
        if (atEnd()) {
            return "";
        }
        const auto lead = static_cast<unsigned char>(m_text[m_pos]);
        const std::size_t length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1;
        return printable(m_text.substr(m_pos, std::min(length, m_text.size() - m_pos)));
    }

    bool atEnd() const { return m_pos >= m_text.size(); }
    char peek(std::size_t ahead = 0) const { return m_pos + ahead < m_text.size() ? m_text[m_pos + ahead] : '\0'; }
    void skipSpace() {
        while (!atEnd() && std::isspace(static_cast<unsigned char>(m_text[m_pos]))) {
            ++m_pos;
        }
    }
    bool accept(char c) {
        skipSpace();
        if (peek() == c) {
            ++m_pos;
            return true;
        }
        return false;
    }
    bool isDigit(char c) const { return std::isdigit(static_cast<unsigned char>(c)) != 0; }

    std::int64_t integer(const char* what, std::int64_t lowest, std::int64_t highest) {
        skipSpace();
        const std::size_t start = m_pos;
        if (!isDigit(peek())) {
            fail(std::string("expected ") + what);
        }
        std::int64_t value = 0;
        while (isDigit(peek())) {
            value = value * 10 + (peek() - '0');
            if (value > maximumConstant) {
                failAt(start, std::string(what) + " is too large (at most " + std::to_string(highest) + ")");
            }
            ++m_pos;
        }
        if (value < lowest || value > highest) {
            failAt(start, std::string(what) + " must be from " + std::to_string(lowest) + " to " + std::to_string(highest) + ", found " +
                              std::to_string(value));
        }
        return value;
    }

    NodeIndex add(dice::Node node, std::size_t begin) {
        m_result.m_nodes.push_back(std::move(node));
        m_result.m_spans.push_back(dice::Span{begin, m_pos});
        const auto index = static_cast<NodeIndex>(m_result.m_nodes.size() - 1);
        const Bounds range = bounds(index);
        if (range.lowest < -maximumValue || range.highest > maximumValue) {
            failAt(begin, "this part may reach " + std::to_string(range.highest > maximumValue ? range.highest : range.lowest) +
                              ", beyond the " + std::to_string(maximumValue) + " an expression may count to");
        }
        if (denominator(index) > maximumDenominator) {
            failAt(begin, "a group may divide by at most " + std::to_string(maximumDenominator) + " in all");
        }
        return index;
    }

    // What a node's value may be a fraction of (1 for whole numbers): the divisors it was
    // divided by since its group began, saturating.
    std::int64_t denominator(NodeIndex index) const {
        const dice::Node& node = m_result.m_nodes[index];
        if (const auto* scale = std::get_if<dice::Scale>(&node)) {
            return saturatingMultiply(denominator(scale->child), scale->divisor);
        }
        if (const auto* sum = std::get_if<dice::Sum>(&node)) {
            std::int64_t common = 1;
            for (const auto& term : sum->terms) {
                const std::int64_t d = denominator(term.node);
                common = saturatingMultiply(common / std::gcd(common, d), d);
            }
            return common;
        }
        return 1;
    }

    NodeIndex expression() {
        skipSpace();
        const std::size_t begin = m_pos;
        dice::Sum sum;
        int sign = 1;
        if (accept('-')) {
            sign = -1;
        } else {
            accept('+');
        }
        sum.terms.push_back({sign, term()});
        for (;;) {
            if (accept('+')) {
                sign = 1;
            } else if (accept('-')) {
                sign = -1;
            } else {
                break;
            }
            sum.terms.push_back({sign, term()});
        }
        if (sum.terms.size() == 1 && sum.terms.front().sign == 1) {
            return sum.terms.front().node;
        }
        return add(std::move(sum), begin);
    }

    NodeIndex term() {
        skipSpace();
        const std::size_t begin = m_pos;
        NodeIndex node = primary();
        for (;;) {
            skipSpace();
            const std::size_t operatorAt = m_pos;
            if (accept('*')) {
                const auto factor = integer("a whole number to multiply by", 0, maximumFactor);
                node = add(dice::Scale{node, factor, 1}, begin);
            } else if (accept('/')) {
                if (m_groupDepth == 0) {
                    failAt(operatorAt, "a division must stand in a group that says how to round, "
                                       "as in (7/2 up)");
                }
                const auto divisor = integer("a whole number to divide by", 1, maximumFactor);
                m_divisionAt.back() = m_divisionAt.back().value_or(operatorAt);
                node = add(dice::Scale{node, 1, divisor}, begin);
            } else {
                return node;
            }
        }
    }

    NodeIndex primary() {
        skipSpace();
        const std::size_t begin = m_pos;
        NodeIndex count;
        if (isDigit(peek())) {
            count = add(dice::Constant{integer("a number", 0, maximumConstant)}, begin);
        } else if (peek() == '(') {
            count = group();
        } else if (peek() == 'd' || peek() == 'D') {
            // "d6" is one die.
            m_result.m_nodes.push_back(dice::Constant{1});
            m_result.m_spans.push_back(dice::Span{begin, begin});
            count = static_cast<NodeIndex>(m_result.m_nodes.size() - 1);
        } else if (atEnd()) {
            fail("expected a number, a die such as d6, or '(' but the expression ended");
        } else {
            fail("expected a number, a die such as d6, or '(', found '" + characterHere() + "'");
        }
        skipSpace();
        if (peek() == 'd' || peek() == 'D') {
            return pool(count, begin);
        }
        return count;
    }

    NodeIndex group() {
        const std::size_t open = m_pos;
        if (m_groupDepth >= maximumGroupDepth) {
            fail("groups may nest at most " + std::to_string(maximumGroupDepth) + " deep");
        }
        ++m_pos; // '('
        ++m_groupDepth;
        m_divisionAt.emplace_back();
        const NodeIndex inner = expression();
        skipSpace();
        dice::Rounded rounded{inner, std::nullopt, std::nullopt};
        const std::string word = peekWord();
        if (word == "up" || word == "down" || word == "nearest" || word == "dice") {
            m_pos += word.size();
            rounded.rounding = word == "up"     ? Rounding::Up
                               : word == "down" ? Rounding::Down
                               : word == "dice" ? Rounding::DiceHalf
                                                : Rounding::Nearest;
        }
        skipSpace();
        if (peekWord() == "min") {
            m_pos += 3;
            rounded.minimum = integer("the smallest value after 'min'", 0, maximumConstant);
        }
        skipSpace();
        if (!accept(')')) {
            if (!peekWord().empty()) {
                fail("unknown word '" + peekWord() + "': a group ends with up, down, nearest or dice, then min N, then ')'");
            }
            fail(atEnd() ? "expected ')' to close the '(' at column " + std::to_string(open + 1)
                         : "expected ')', found '" + characterHere() + "'");
        }
        const std::optional<std::size_t> division = m_divisionAt.back();
        m_divisionAt.pop_back();
        --m_groupDepth;
        if (division && !rounded.rounding) {
            failAt(*division, "a division needs a rounding: end its group with up, down, nearest "
                              "or dice, as in (7/2 up)");
        }
        if (!rounded.rounding && !rounded.minimum) {
            m_result.m_spans[inner] = dice::Span{open, m_pos};
            return inner;
        }
        return add(rounded, open);
    }

    NodeIndex pool(NodeIndex count, std::size_t begin) {
        ++m_pos;     // 'd'
        skipSpace(); // "2 d 6": spaces are ignored
        if (!isDigit(peek())) {
            fail("expected the number of sides after 'd'");
        }
        dice::Pool pool;
        pool.count = count;
        pool.die.sides = static_cast<int>(integer("the number of sides", 1, DiceExpression::maximumSides));
        if (peek() == 'z' || peek() == 'Z') {
            // "A 0 is a 0": a d10 read 0-9.
            ++m_pos;
            pool.die.lowestFace = 0;
        }
        const Bounds countBounds = bounds(count);
        if (countBounds.lowest < 0) {
            failAt(begin, "the number of dice may fall below 0 (lowest " + std::to_string(countBounds.lowest) + ")");
        }
        if (countBounds.highest > DiceExpression::maximumDice) {
            failAt(begin, "a pool may hold at most " + std::to_string(DiceExpression::maximumDice) + " dice, this one up to " +
                              std::to_string(countBounds.highest));
        }
        skipSpace();
        if (peek() == 'k' && (peek(1) == 'h' || peek(1) == 'l')) {
            const std::size_t keepAt = m_pos;
            pool.keep.which = peek(1) == 'h' ? KeepRule::Which::Highest : KeepRule::Which::Lowest;
            m_pos += 2;
            pool.keep.count = static_cast<int>(integer("how many dice to keep", 1, DiceExpression::maximumDice));
            if (countBounds.lowest == countBounds.highest && pool.keep.count > countBounds.highest) {
                failAt(keepAt,
                       "keeps " + std::to_string(pool.keep.count) + " dice of the " + std::to_string(countBounds.highest) + " rolled");
            }
        } else if (peek() == 'k') {
            fail("expected kh (keep highest) or kl (keep lowest)");
        }
        skipSpace();
        if (auto comparison = comparisonOperator()) {
            pool.success = SuccessRule{*comparison, static_cast<int>(integer("a target number", 0, maximumConstant))};
        }
        return add(std::move(pool), begin);
    }

    std::optional<SuccessRule::Comparison> comparisonOperator() {
        using C = SuccessRule::Comparison;
        if (peek() == '>' && peek(1) == '=') {
            m_pos += 2;
            return C::AtLeast;
        }
        if (peek() == '<' && peek(1) == '=') {
            m_pos += 2;
            return C::AtMost;
        }
        if (peek() == '>') {
            ++m_pos;
            return C::Greater;
        }
        if (peek() == '<') {
            ++m_pos;
            return C::Less;
        }
        if (peek() == '=') {
            ++m_pos;
            return C::Equal;
        }
        return std::nullopt;
    }

    std::string peekWord() const {
        std::size_t end = m_pos;
        while (end < m_text.size() && std::isalpha(static_cast<unsigned char>(m_text[end]))) {
            ++end;
        }
        return std::string(m_text.substr(m_pos, end - m_pos));
    }

    // The range a node's value can take, so a pool's size is checked before any roll.
    Bounds bounds(NodeIndex index) const {
        const dice::Node& node = m_result.m_nodes[index];
        if (const auto* constant = std::get_if<dice::Constant>(&node)) {
            return {constant->value, constant->value};
        }
        if (const auto* pool = std::get_if<dice::Pool>(&node)) {
            const Bounds count = bounds(pool->count);
            // Faces are never negative (the lowest face is 0 or 1).
            const auto keptOf = [&](std::int64_t dice) {
                return pool->keep.which == KeepRule::Which::All ? dice : std::min<std::int64_t>(pool->keep.count, dice);
            };
            if (pool->success) {
                return {0, keptOf(count.highest)};
            }
            return {saturatingMultiply(keptOf(count.lowest), pool->die.lowestFace),
                    saturatingMultiply(keptOf(count.highest), pool->die.highestFace())};
        }
        if (const auto* sum = std::get_if<dice::Sum>(&node)) {
            Bounds total{0, 0};
            for (const auto& term : sum->terms) {
                const Bounds b = bounds(term.node);
                total.lowest = saturatingAdd(total.lowest, term.sign > 0 ? b.lowest : saturatingMultiply(b.highest, -1));
                total.highest = saturatingAdd(total.highest, term.sign > 0 ? b.highest : saturatingMultiply(b.lowest, -1));
            }
            return total;
        }
        if (const auto* scale = std::get_if<dice::Scale>(&node)) {
            const Bounds b = bounds(scale->child);
            // Rounded outward; exact enough to bound a pool's size.
            return {floorDivide(saturatingMultiply(b.lowest, scale->multiplier), scale->divisor),
                    saturatingMultiply(floorDivide(saturatingMultiply(b.highest, -scale->multiplier), scale->divisor), -1)};
        }
        const auto& rounded = std::get<dice::Rounded>(node);
        Bounds b = bounds(rounded.child);
        if (rounded.minimum) {
            b.lowest = std::max(b.lowest, *rounded.minimum);
            b.highest = std::max(b.highest, *rounded.minimum);
        }
        return b;
    }

    std::string_view m_text;
    std::size_t m_pos = 0;
    int m_groupDepth = 0;
    std::vector<std::optional<std::size_t>> m_divisionAt;
    DiceExpression m_result;
};

Expected<DiceExpression, DiceParseError> DiceExpression::parse(std::string_view text) { return DiceParser(text).run(); }

std::string_view DiceExpression::sourceOf(dice::NodeIndex node) const {
    const dice::Span span = m_spans.at(node);
    return std::string_view(m_text).substr(span.begin, span.end - span.begin);
}

bool SuccessRule::isSuccess(int face) const {
    switch (comparison) {
    case Comparison::AtLeast:
        return face >= threshold;
    case Comparison::AtMost:
        return face <= threshold;
    case Comparison::Greater:
        return face > threshold;
    case Comparison::Less:
        return face < threshold;
    case Comparison::Equal:
        return face == threshold;
    }
    return false;
}

} // namespace sandtable
