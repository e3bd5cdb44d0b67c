#include "sandtable/rounding.h"

#include <cassert>

namespace sandtable {

std::int64_t floorDivide(std::int64_t numerator, std::int64_t denominator) {
    assert(denominator > 0);
    const std::int64_t quotient = numerator / denominator;
    return (numerator % denominator != 0 && numerator < 0) ? quotient - 1 : quotient;
}

bool isExactHalf(std::int64_t numerator, std::int64_t denominator) {
    return 2 * (numerator - floorDivide(numerator, denominator) * denominator) == denominator;
}

std::int64_t roundQuotient(std::int64_t numerator, std::int64_t denominator, Rounding rounding) {
    const std::int64_t down = floorDivide(numerator, denominator);
    const std::int64_t remainder = numerator - down * denominator;
    if (remainder == 0) {
        return down;
    }
    switch (rounding) {
    case Rounding::Up:
        return down + 1;
    case Rounding::Down:
        return down;
    case Rounding::Nearest:
    case Rounding::DiceHalf:
        return 2 * remainder >= denominator ? down + 1 : down;
    }
    return down;
}

} // namespace sandtable
