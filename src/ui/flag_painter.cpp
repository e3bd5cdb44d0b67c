#include "flag_painter.h"

#include <QPainter>
#include <QPainterPath>
#include <QPixmap>

namespace sandtable::ui {

namespace {

QColor colourOf(const FlagLayer& layer, std::size_t index) {
    return index < layer.colours.size() ? QColor(QString::fromStdString(layer.colours[index])) : QColor(Qt::gray);
}

/// A band `width` wide from `from` to `to`, as a closed path (a saltire's arm).
QPainterPath band(QPointF from, QPointF to, double width) {
    const QLineF line(from, to);
    QLineF normal = line.normalVector();
    normal.setLength(width / 2);
    const QPointF off = normal.p2() - normal.p1();
    QPainterPath path;
    path.moveTo(from + off);
    path.lineTo(to + off);
    path.lineTo(to - off);
    path.lineTo(from - off);
    path.closeSubpath();
    return path;
}

} // namespace

void paintFlag(QPainter& painter, const QRectF& cloth, const std::vector<FlagLayer>& flag, const QColor& plain) {
    painter.save();
    painter.setClipRect(cloth, Qt::IntersectClip);
    painter.setPen(Qt::NoPen);
    if (flag.empty()) {
        painter.fillRect(cloth, plain);
    }
    const double h = cloth.height();
    for (const FlagLayer& layer : flag) {
        switch (layer.shape) {
        case FlagLayer::Shape::Field:
            painter.fillRect(cloth, colourOf(layer, 0));
            break;
        case FlagLayer::Shape::Stripes: {
            const auto count = static_cast<double>(std::max<std::size_t>(1, layer.colours.size()));
            for (std::size_t i = 0; i < layer.colours.size(); ++i) {
                const QRectF stripe = layer.across
                                          ? QRectF(cloth.left(), cloth.top() + h * i / count, cloth.width(), h / count)
                                          : QRectF(cloth.left() + cloth.width() * i / count, cloth.top(), cloth.width() / count, h);
                // A hair over, so that no seam of the table shows between two stripes.
                painter.fillRect(stripe.adjusted(0, 0, layer.across ? 0 : 0.05, layer.across ? 0.05 : 0), colourOf(layer, i));
            }
            break;
        }
        case FlagLayer::Shape::Cross: {
            const double arm = h * layer.width;
            const QColor colour = colourOf(layer, 0);
            painter.fillRect(QRectF(cloth.left(), cloth.center().y() - arm / 2, cloth.width(), arm), colour);
            painter.fillRect(QRectF(cloth.center().x() - arm / 2, cloth.top(), arm, h), colour);
            break;
        }
        case FlagLayer::Shape::Saltire: {
            const double arm = h * layer.width;
            painter.setBrush(colourOf(layer, 0));
            painter.drawPath(band(cloth.topLeft(), cloth.bottomRight(), arm));
            painter.drawPath(band(cloth.bottomLeft(), cloth.topRight(), arm));
            break;
        }
        case FlagLayer::Shape::Canton:
            painter.fillRect(QRectF(cloth.topLeft(), QSizeF(cloth.width() * 0.4, h * 0.54)), colourOf(layer, 0));
            break;
        }
    }
    painter.restore();
    painter.save();
    painter.setPen(QPen(QColor(0x30, 0x30, 0x30), std::max(0.2, h / 24)));
    painter.setBrush(Qt::NoBrush);
    painter.drawRect(cloth);
    painter.restore();
}

QIcon flagIcon(const Side& side, int height) {
    const int width = height * 3 / 2;
    QPixmap pixmap(width + 2, height + 2);
    pixmap.fill(Qt::transparent);
    QPainter painter(&pixmap);
    painter.setRenderHint(QPainter::Antialiasing);
    paintFlag(painter, QRectF(1, 1, width, height), side.flag, QColor(QString::fromStdString(side.colour)));
    return QIcon(pixmap);
}

} // namespace sandtable::ui
