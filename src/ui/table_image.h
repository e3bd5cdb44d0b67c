#pragma once

#include <QImage>
#include <QSize>
#include <QTransform>

namespace sandtable::ui {

class TableScene;

/// The whole table drawn into an image of `size`, kept in proportion and centred:
/// for File > Export, `--screenshot` and the tests.
QImage renderTableImage(TableScene& scene, QSize size);
/// Where a table point lands in that image.
QTransform tableToImage(const TableScene& scene, QSize size);

} // namespace sandtable::ui
