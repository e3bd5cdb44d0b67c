#pragma once

#include "sandtable/printable.h"
#include "verb.h"

#include <charconv>
#include <cstdint>
#include <string>

namespace sandtable::cli {

/// The whole number an option was given, from `lowest` to `highest`, or `fallback` when it
/// is absent; a UsageError naming the option, what it counts and the range otherwise.
inline std::uint64_t wholeNumberArgument(const VerbArguments& args, const std::string& option, std::uint64_t fallback, std::uint64_t lowest,
                                         std::uint64_t highest, const std::string& what) {
    const std::optional<std::string> text = args.value(option);
    if (!text) {
        return fallback;
    }
    std::uint64_t value = 0;
    const char* end = text->data() + text->size();
    const auto [stop, error] = std::from_chars(text->data(), end, value);
    if (text->empty() || error != std::errc() || stop != end || value < lowest || value > highest) {
        throw UsageError(option + ": expected " + what + " from " + std::to_string(lowest) + " to " + std::to_string(highest) + ", not \"" +
                         printable(*text) + "\"");
    }
    return value;
}

} // namespace sandtable::cli
