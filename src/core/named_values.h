#pragma once

// The stable names of an enum's values, as files and saves write them ("built-up",
// "lightly-wounded"): one table per enum, read both ways. Internal to the core.

#include <array>
#include <optional>
#include <string>
#include <utility>

namespace sandtable {

template <typename Enum, std::size_t N> using NameTable = std::array<std::pair<Enum, const char*>, N>;

template <typename Enum, std::size_t N> std::string nameOf(const NameTable<Enum, N>& names, Enum value) {
    for (const auto& [candidate, name] : names) {
        if (candidate == value) {
            return name;
        }
    }
    return {};
}

template <typename Enum, std::size_t N> std::optional<Enum> valueOf(const NameTable<Enum, N>& names, const std::string& text) {
    for (const auto& [value, name] : names) {
        if (text == name) {
            return value;
        }
    }
    return std::nullopt;
}

} // namespace sandtable
