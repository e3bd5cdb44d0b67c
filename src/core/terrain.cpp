#include "sandtable/terrain.h"

#include "named_values.h"

namespace sandtable {

namespace {

constexpr NameTable<AreaType, 6> areaNames{{
    {AreaType::Woods, "woods"},
    {AreaType::Rough, "rough"},
    {AreaType::BuiltUp, "built-up"},
    {AreaType::Water, "water"},
    {AreaType::Marsh, "marsh"},
    {AreaType::Hill, "hill"},
}};

constexpr NameTable<LineType, 7> lineNames{{
    {LineType::River, "river"},
    {LineType::Stream, "stream"},
    {LineType::Road, "road"},
    {LineType::Bridge, "bridge"},
    {LineType::Hedge, "hedge"},
    {LineType::Wall, "wall"},
    {LineType::Fence, "fence"},
}};

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
