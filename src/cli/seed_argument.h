#pragma once

#include "verb.h"

#include <charconv>
#include <cstdint>
#include <random>
#include <string>

namespace sandtable::cli {

/// The --seed a verb was given, or a new one (which the verb prints, so the roll can be
/// repeated); a UsageError for anything but a whole number.
inline std::uint64_t seedArgument(const VerbArguments& args) {
    const std::optional<std::string> text = args.value("--seed");
    if (!text) {
        // The one place randomness comes from outside the stream: choosing a new seed.
        std::random_device device;
        return (static_cast<std::uint64_t>(device()) << 32) | device();
    }
    std::uint64_t seed = 0;
    const char* end = text->data() + text->size();
    const auto [stop, error] = std::from_chars(text->data(), end, seed);
    if (text->empty() || error != std::errc() || stop != end) {
        throw UsageError("--seed needs a whole number from 0 to 18446744073709551615, found '" + *text + "'");
    }
    return seed;
}

} // namespace sandtable::cli
