#pragma once

#include "sandtable/terrain.h"

#include <QColor>

namespace sandtable::ui {

/// The colours of the table, in one place so the view, the export and the tests agree.
struct ScenePalette {
    static QColor cloth() { return QColor(0x9c, 0xb8, 0x6e); }
    static QColor area(AreaType type, int level = 1);
    static QColor line(LineType type);
};

} // namespace sandtable::ui
