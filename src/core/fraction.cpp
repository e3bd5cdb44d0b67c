#include "sandtable/fraction.h"

#include <charconv>

namespace sandtable {

std::optional<std::int64_t> parseWholeNumber(std::string_view text) {
    std::int64_t value = 0;
    const char* end = text.data() + text.size();
    const auto [stop, error] = std::from_chars(text.data(), end, value);
    if (text.empty() || error != std::errc() || stop != end) {
        return std::nullopt;
    }
    return value;
}

std::optional<Fraction> parseFraction(std::string_view text) {
    const auto slash = text.find('/');
    const auto numerator = parseWholeNumber(text.substr(0, slash));
    if (!numerator) {
        return std::nullopt;
    }
    if (slash == std::string_view::npos) {
        return Fraction(*numerator);
    }
    const auto denominator = parseWholeNumber(text.substr(slash + 1));
    if (!denominator || *denominator <= 0) {
        return std::nullopt;
    }
    return Fraction(*numerator, *denominator);
}

std::string toString(const Fraction& fraction) {
    if (fraction.denominator() == 1) {
        return std::to_string(fraction.numerator());
    }
    return std::to_string(fraction.numerator()) + "/" + std::to_string(fraction.denominator());
}

} // namespace sandtable
