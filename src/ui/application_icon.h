#pragma once

#include <QIcon>

namespace sandtable::ui {

/// Sandtable's icon (packaging/org.sandtable.Sandtable.svg, compiled in), drawn at the
/// sizes a window's title bar, task bar and About box ask for.
QIcon applicationIcon();

} // namespace sandtable::ui
