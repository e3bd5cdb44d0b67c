#include "sandtable/modifier_list.h"

#include <stdexcept>

namespace sandtable {

Fraction Modifier::applyTo(const Fraction& value) const { return operation == Operation::Add ? value + amount : value * amount; }

std::string Modifier::effect() const {
    if (operation == Operation::Multiply) {
        return "×" + toString(amount);
    }
    return (amount >= 0 ? "+" : "") + toString(amount);
}

const Modifier* ModifierList::find(const std::string& modifierId) const {
    for (const Modifier& modifier : modifiers) {
        if (modifier.id == modifierId) {
            return &modifier;
        }
    }
    return nullptr;
}

ModifierApplication ModifierList::apply(const Fraction& base, const std::map<std::string, int>& times) const {
    for (const auto& [modifierId, count] : times) {
        if (find(modifierId) == nullptr) {
            throw std::invalid_argument("the modifier list " + id + " has no modifier " + modifierId);
        }
    }
    ModifierApplication result;
    result.base = base;
    Fraction value = base;
    for (const Modifier& modifier : modifiers) {
        ModifierApplication::Step step;
        step.modifier = &modifier;
        step.before = value;
        const auto found = times.find(modifier.id);
        step.times = found == times.end() ? 0 : found->second;
        for (int i = 0; i < step.times; ++i) {
            value = modifier.applyTo(value);
        }
        step.after = value;
        result.steps.push_back(step);
    }
    result.exact = value;
    if (rounding) {
        // The loader refuses DiceHalf for a list: a list cannot roll.
        std::int64_t whole = roundQuotient(value.numerator(), value.denominator(), *rounding);
        if (minimum && whole < *minimum) {
            whole = *minimum;
            result.raisedToMinimum = true;
        }
        result.rounded = whole;
    } else if (minimum && value < *minimum) {
        result.exact = Fraction(*minimum);
        result.raisedToMinimum = true;
    }
    return result;
}

} // namespace sandtable
