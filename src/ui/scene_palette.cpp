#include "scene_palette.h"

namespace sandtable::ui {

QColor ScenePalette::area(AreaType type, int level) {
    switch (type) {
    case AreaType::Woods:
        return QColor(0x7a, 0x8c, 0x4a); // its floor; the trees on it are treeCrown()
    case AreaType::Rough:
        return QColor(0xa8, 0x94, 0x62);
    case AreaType::BuiltUp:
        return QColor(0x8a, 0x5a, 0x44);
    case AreaType::Water:
        return QColor(0x4a, 0x86, 0xc5);
    case AreaType::Marsh:
        return QColor(0x6f, 0x8f, 0x7a);
    case AreaType::Hill:
        // Each contour a step lighter and browner, so the levels read at a glance.
        return QColor(0xc4, 0xb0, 0x78).lighter(100 + 8 * (level - 1));
    }
    return Qt::gray;
}

QColor ScenePalette::line(LineType type) {
    switch (type) {
    case LineType::River:
        return QColor(0x2c, 0x6f, 0xb5);
    case LineType::Stream:
        return QColor(0x5a, 0x9b, 0xd8);
    case LineType::Road:
        return QColor(0xc9, 0xb2, 0x8a);
    case LineType::Bridge:
        return QColor(0x7a, 0x6a, 0x5a);
    case LineType::Hedge:
        return QColor(0x1f, 0x4f, 0x1f);
    case LineType::Wall:
        return QColor(0x80, 0x80, 0x80);
    case LineType::Fence:
        return QColor(0x6b, 0x4a, 0x2b);
    }
    return Qt::black;
}

} // namespace sandtable::ui
