#pragma once

#include "sandtable/citation.h"
#include "sandtable/fraction.h"
#include "sandtable/rounding.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace sandtable {

/// One modifier from a list: adds a number, or multiplies (double, halve, quarter).
struct Modifier {
    enum class Operation { Add, Multiply };
    std::string id;
    std::string name;
    Operation operation = Operation::Add;
    Fraction amount; // the number added, or the factor
    Citation source;

    Fraction applyTo(const Fraction& value) const;
    /// "+2", "-1", "×2", "×1/2"
    std::string effect() const;
};

/// What a list did to a base value: every modifier, applied or not, in order.
struct ModifierApplication {
    struct Step {
        const Modifier* modifier = nullptr;
        int times = 0; // 0: did not apply
        Fraction before;
        Fraction after;
    };
    Fraction base;
    Fraction exact;                      // after every modifier, before rounding
    std::optional<std::int64_t> rounded; // when the list rounds
    bool raisedToMinimum = false;
    std::vector<Step> steps;
};

/// An ordered list of modifiers with its rounding and floor, e.g. Victorian Colonial
/// Combat's firing modifiers: "Adjust for modifiers in the listed order ... Round up.
/// Never less than 1 die."
class ModifierList {
public:
    std::string id;
    std::string name;
    Citation source;
    std::vector<Modifier> modifiers;
    std::optional<Rounding> rounding; // empty: the result stays exact
    std::optional<std::int64_t> minimum;

    const Modifier* find(const std::string& modifierId) const;

    /// Applies the modifiers named in `times` (id -> how many times, for "per base
    /// lost") in the list's order. An id the list does not have is a bug: it throws.
    ModifierApplication apply(const Fraction& base, const std::map<std::string, int>& times) const;
};

} // namespace sandtable
