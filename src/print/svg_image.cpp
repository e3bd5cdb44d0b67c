// The core's SVG charts as pictures: for a PNG from the CLI and for the window's view.

#include "svg_image.h"

#include <QPainter>
#include <QSvgRenderer>

namespace sandtable::print {

QImage svgToImage(const QByteArray& svg, double scale) {
    QSvgRenderer renderer(svg);
    if (!renderer.isValid()) {
        return {};
    }
    const QSize size = (QSizeF(renderer.defaultSize()) * scale).toSize();
    QImage image(size, QImage::Format_ARGB32_Premultiplied);
    image.fill(Qt::white);
    QPainter painter(&image);
    painter.setRenderHint(QPainter::Antialiasing);
    painter.setRenderHint(QPainter::TextAntialiasing);
    renderer.render(&painter);
    return image;
}

std::optional<QString> writeSvgAsPng(const QByteArray& svg, const QString& path, double scale) {
    const QImage image = svgToImage(svg, scale);
    if (image.isNull()) {
        return QStringLiteral("the chart is not an SVG Qt can draw");
    }
    if (!image.save(path, "PNG")) {
        return QStringLiteral("cannot write %1").arg(path);
    }
    return std::nullopt;
}

} // namespace sandtable::print
