#include "sandtable/terrain.h"

#include <array>
#include <utility>

namespace sandtable {

namespace {

constexpr std::array<std::pair<AreaType, const char*>, 6> areaNames{{
    {AreaType::Woods, "woods"},
    {AreaType::Rough, "rough"},
    {AreaType::BuiltUp, "built-up"},
    {AreaType::Water, "water"},
    {AreaType::Marsh, "marsh"},
    {AreaType::Hill, "hill"},
}};

constexpr std::array<std::pair<LineType, const char*>, 7> lineNames{{
    {LineType::River, "river"},
    {LineType::Stream, "stream"},
    {LineType::Road, "road"},
    {LineType::Bridge, "bridge"},
    {LineType::Hedge, "hedge"},
    {LineType::Wall, "wall"},
    {LineType::Fence, "fence"},
}};

template <typename Enum, std::size_t N>
std::string nameOf(const std::array<std::pair<Enum, const char*>, N>& names, Enum value) {
    for (const auto& [candidate, name] : names) {
        if (candidate == value) {
            return name;
        }
    }
    return {};
}

template <typename Enum, std::size_t N>
std::optional<Enum> valueOf(const std::array<std::pair<Enum, const char*>, N>& names,
                            const std::string& text) {
    for (const auto& [value, name] : names) {
        if (text == name) {
            return value;
        }
    }
    return std::nullopt;
}

} // namespace

std::string toString(AreaType type) { return nameOf(areaNames, type); }
std::string toString(LineType type) { return nameOf(lineNames, type); }
std::optional<AreaType> areaTypeFromString(const std::string& text) { return valueOf(areaNames, text); }
std::optional<LineType> lineTypeFromString(const std::string& text) { return valueOf(lineNames, text); }

Cover TerrainArea::cover() const {
    switch (type) {
    case AreaType::Woods:
        return Cover::Light;
    case AreaType::BuiltUp:
        return Cover::Heavy;
    case AreaType::Rough:
    case AreaType::Water:
    case AreaType::Marsh:
    case AreaType::Hill:
        return Cover::None;
    }
    return Cover::None;
}

bool TerrainLine::isObstacle() const {
    switch (type) {
    case LineType::Stream:
    case LineType::Hedge:
    case LineType::Wall:
    case LineType::Fence:
        return true;
    case LineType::River:
    case LineType::Road:
    case LineType::Bridge:
        return false;
    }
    return false;
}

} // namespace sandtable
