#pragma once

#include <boost/rational.hpp>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace sandtable {

/// An exact fraction: modifiers that halve or quarter, and fraction-chart cells ("1/4").
using Fraction = boost::rational<std::int64_t>;

/// A whole number written in full ("12", "-3"); empty for anything else.
std::optional<std::int64_t> parseWholeNumber(std::string_view text);

/// "3", "1/4", "-1/2"; empty when the text is not a fraction with a positive denominator.
std::optional<Fraction> parseFraction(std::string_view text);
/// "3", "1/4"
std::string toString(const Fraction& fraction);

} // namespace sandtable
