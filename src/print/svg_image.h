#pragma once

#include <QImage>
#include <QString>
#include <optional>

namespace sandtable::print {

/// An SVG document (the core's charts) drawn into an image at `scale` times its own size,
/// on white; a null image when Qt cannot read the SVG.
QImage svgToImage(const QByteArray& svg, double scale = 2.0);

/// Writes an SVG document as a PNG at `path`. Returns what went wrong, or nothing.
std::optional<QString> writeSvgAsPng(const QByteArray& svg, const QString& path, double scale = 2.0);

} // namespace sandtable::print
