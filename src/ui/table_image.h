#pragma once

#include <QImage>
#include <QSize>
#include <QTransform>

namespace sandtable::ui {

class TableScene;

/// The whole table drawn into an image of `size`, kept in proportion and centred:
/// for File > Export, `--screenshot` and the tests.
QImage renderTableImage(TableScene& scene, QSize size);
/// The size of an image `longSide` pixels on its longer side in the table's own
/// proportions, so that an exported picture is all table, with no bands around it.
QSize tableImageSize(const TableScene& scene, int longSide);
/// Where a table point lands in that image.
QTransform tableToImage(const TableScene& scene, QSize size);

} // namespace sandtable::ui
