#include "table_image.h"

#include "table_scene.h"

#include <QPainter>
#include <algorithm>
#include <cmath>

namespace sandtable::ui {

namespace {

QRectF targetRect(const QRectF& source, QSize size) {
    const double scale = std::min(size.width() / source.width(), size.height() / source.height());
    const QSizeF drawn(source.width() * scale, source.height() * scale);
    return QRectF(QPointF((size.width() - drawn.width()) / 2, (size.height() - drawn.height()) / 2), drawn);
}

} // namespace

QSize tableImageSize(const TableScene& scene, int longSide) {
    const QRectF source = scene.sceneRect();
    if (source.width() <= 0 || source.height() <= 0) {
        return QSize(longSide, longSide);
    }
    const double scale = longSide / std::max(source.width(), source.height());
    return QSize(std::max(1, static_cast<int>(std::lround(source.width() * scale))),
                 std::max(1, static_cast<int>(std::lround(source.height() * scale))));
}

QTransform tableToImage(const TableScene& scene, QSize size) {
    const QRectF source = scene.sceneRect();
    const QRectF target = targetRect(source, size);
    const double scale = target.width() / source.width();
    return QTransform::fromTranslate(-source.left(), -source.top()) * QTransform::fromScale(scale, scale) *
           QTransform::fromTranslate(target.left(), target.top());
}

QImage renderTableImage(TableScene& scene, QSize size) {
    QImage image(size, QImage::Format_ARGB32_Premultiplied);
    image.fill(QColor(0x3b, 0x3f, 0x45));
    const TableScene::DrawnAfresh drawn(scene);
    QPainter painter(&image);
    painter.setRenderHints(QPainter::Antialiasing | QPainter::TextAntialiasing);
    const QRectF source = scene.sceneRect();
    scene.render(&painter, targetRect(source, size), source, Qt::IgnoreAspectRatio);
    return image;
}

} // namespace sandtable::ui
