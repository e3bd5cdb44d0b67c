#pragma once

#include "sandtable/battle.h"

#include <QColor>
#include <QIcon>
#include <QRectF>
#include <vector>

class QPainter;

namespace sandtable::ui {

/// Paints a side's flag (Side::flag, layer by layer) on `cloth`, its staff along the
/// cloth's left edge; with no layers, a plain flag of `plain`. Edged thinly in dark grey so
/// that a white flag shows on the cloth of the table.
void paintFlag(QPainter& painter, const QRectF& cloth, const std::vector<FlagLayer>& flag, const QColor& plain);

/// The side's flag as an icon `height` pixels high, for lists and headings.
QIcon flagIcon(const Side& side, int height = 14);

} // namespace sandtable::ui
