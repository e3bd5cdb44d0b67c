#pragma once

#include <cstdint>

namespace sandtable {

/// How a fraction becomes a whole number ("Round up. Never less than 1 die").
enum class Rounding {
    Up,
    Down,
    Nearest,  // a half rounds up
    DiceHalf, // as Nearest, but an exact half is diced for (d2: 1 down, 2 up)
};

/// numerator / denominator rounded toward minus infinity (denominator > 0).
std::int64_t floorDivide(std::int64_t numerator, std::int64_t denominator);

/// True when numerator / denominator lies exactly halfway between two whole numbers.
bool isExactHalf(std::int64_t numerator, std::int64_t denominator);

/// numerator / denominator rounded as `rounding` says. DiceHalf needs a die for an exact
/// half, which this cannot roll: callers check isExactHalf() first; every other value
/// rounds to the nearest.
std::int64_t roundQuotient(std::int64_t numerator, std::int64_t denominator, Rounding rounding);

} // namespace sandtable
