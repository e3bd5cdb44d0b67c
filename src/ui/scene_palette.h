#pragma once

#include "sandtable/terrain.h"

#include <QColor>

namespace sandtable::ui {

/// The colours of the table, in one place so the view, the export and the tests agree.
struct ScenePalette {
    static QColor cloth() { return QColor(0x9c, 0xb8, 0x6e); }
    /// Earth at a water's edge: a river's and a lake's banks.
    static QColor bank() { return QColor(0x8c, 0x7a, 0x4e); }
    static QColor area(AreaType type, int level = 1);
    static QColor line(LineType type);
    /// A wood's trees, over its floor (area(AreaType::Woods)).
    static QColor treeCrown() { return QColor(0x2f, 0x6b, 0x2f); }
};

} // namespace sandtable::ui
