#pragma once

#include "sandtable/dice_stream.h"
#include "sandtable/distribution.h"
#include "sandtable/expected.h"
#include "sandtable/rounding.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace sandtable {

/// Which dice of a pool count towards its value.
struct KeepRule {
    enum class Which { All, Highest, Lowest };
    Which which = Which::All;
    int count = 0;
};

/// A pool that counts successes instead of summing pips ("a hit on 4-6" is >=4).
struct SuccessRule {
    enum class Comparison { AtLeast, AtMost, Greater, Less, Equal };
    Comparison comparison = Comparison::AtLeast;
    int threshold = 0;

    bool isSuccess(int face) const;
};

namespace dice {

using NodeIndex = std::uint32_t;

struct Constant {
    std::int64_t value = 0;
};
/// N dice of one kind: summed, or kept highest/lowest, or counted as successes.
struct Pool {
    NodeIndex count = 0; // a Constant, or any whole-number node ("(7/2 up)d6")
    Die die;
    KeepRule keep;
    std::optional<SuccessRule> success;
};
struct Sum {
    struct Term {
        int sign = 1;
        NodeIndex node = 0;
    };
    std::vector<Term> terms;
};
/// Multiplies by multiplier/divisor. A divisor above 1 appears only inside a Rounded group.
struct Scale {
    NodeIndex child = 0;
    std::int64_t multiplier = 1;
    std::int64_t divisor = 1;
};
/// A parenthesised group that ends in a rounding and an optional floor: "(7/4 up min 1)".
struct Rounded {
    NodeIndex child = 0;
    std::optional<Rounding> rounding;
    std::optional<std::int64_t> minimum;
};

using Node = std::variant<Constant, Pool, Sum, Scale, Rounded>;

/// Where in the expression's text a node was written, for explanations.
struct Span {
    std::size_t begin = 0;
    std::size_t end = 0;
};

} // namespace dice

/// A malformed expression: what was expected, at which column (1-based).
struct DiceParseError {
    std::size_t column = 0;
    std::string message;

    std::string toString() const;
};

/// One die of a roll, as it counts: kept or dropped, a success or not.
struct RolledDie {
    Die die;
    int face = 0;
    bool kept = true;
    bool success = false;
};

/// What one pool or one diced half contributed to a roll.
struct RollPart {
    dice::NodeIndex node = 0;
    std::vector<RolledDie> dice;
    std::int64_t value = 0;
    // For a rounding group: the exact value before rounding (numerator / denominator).
    std::int64_t numerator = 0;
    std::int64_t denominator = 1;
    bool raisedToMinimum = false;
};

struct RollResult {
    std::int64_t total = 0;
    std::vector<RollPart> parts;
};

/// A parsed dice expression: "2d10kh1+3", "d10z", "4d6>=4", "(7/2 up min 1)d6".
/// The grammar is in docs/dice.md. Immutable and cheap to copy.
class DiceExpression {
public:
    static Expected<DiceExpression, DiceParseError> parse(std::string_view text);

    const std::string& text() const { return m_text; }

    /// Rolls through the stream and returns the total; allocates nothing per roll.
    std::int64_t roll(DiceStream& stream, PurposeId purpose) const;
    /// Rolls and keeps every die with its part of the expression, for the trace.
    RollResult rollDetailed(DiceStream& stream, PurposeId purpose) const;
    /// One line per part: "2d10kh1: 7, (3) → 7".
    std::vector<std::string> explain(const RollResult& result) const;

    /// The exact distribution of the total. Rolls nothing.
    Distribution distribution() const;

    // The parsed tree, for tools that walk it.
    const std::vector<dice::Node>& nodes() const { return m_nodes; }
    dice::NodeIndex root() const { return m_root; }
    std::string_view sourceOf(dice::NodeIndex node) const;

    /// The largest number of dice a pool may hold, and the most sides a die may have.
    static constexpr int maximumDice = 100;
    static constexpr int maximumSides = 1000;

private:
    friend class DiceParser;

    // Most expressions are a sum of fixed-size pools and constants ("2d10kh1+3"). Those
    // are flattened once so that roll() runs one loop instead of walking the tree.
    struct FlatPool {
        int sign = 1;
        int count = 0;
        Die die;
        KeepRule keep;
        std::optional<SuccessRule> success;
    };
    struct FlatForm {
        std::vector<FlatPool> pools;
        std::int64_t constant = 0;
    };
    void flatten();
    std::int64_t rollFlat(const FlatForm& flat, DiceStream& stream, PurposeId purpose) const;

    std::string m_text;
    std::vector<dice::Node> m_nodes;
    std::vector<dice::Span> m_spans;
    dice::NodeIndex m_root = 0;
    std::optional<FlatForm> m_flat;
};

} // namespace sandtable
