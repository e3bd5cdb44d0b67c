#include "terrain_items.h"

#include "scene_palette.h"

#include <QLinearGradient>
#include <QPainter>
#include <QPainterPath>
#include <QPainterPathStroker>
#include <algorithm>
#include <array>
#include <cstdint>

namespace sandtable::ui {

namespace {

QPainterPath pathOf(const auto& points, bool closed) {
    QPainterPath path;
    bool first = true;
    for (const Point& point : points) {
        if (first) {
            path.moveTo(point.x(), point.y());
            first = false;
        } else {
            path.lineTo(point.x(), point.y());
        }
    }
    if (closed) {
        path.closeSubpath();
    }
    return path;
}

// Terrain sits under the units; higher contours over lower ones.
qreal zFor(const TerrainArea& area) {
    switch (area.type) {
    case AreaType::Hill:
        return -50 + area.level;
    case AreaType::Water:
    case AreaType::Marsh:
        return -30;
    case AreaType::Rough:
        return -25;
    case AreaType::Woods:
    case AreaType::BuiltUp:
        return -20;
    }
    return -20;
}

double jitter(int a, int b, int salt) {
    // A fixed scatter (an integer hash), so the table looks the same at every repaint.
    std::uint32_t h = static_cast<std::uint32_t>(a) * 73856093u ^ static_cast<std::uint32_t>(b) * 19349663u ^
                      static_cast<std::uint32_t>(salt) * 83492791u;
    h ^= h >> 13;
    h *= 0x5bd1e995u;
    h ^= h >> 15;
    return static_cast<double>(h % 10007u) / 10007.0;
}

} // namespace

TerrainAreaItem::TerrainAreaItem(const TerrainArea& area) : m_area(area) {
    setPath(pathOf(area.outline.outer(), true));
    setZValue(zFor(area));
    setToolTip(QString::fromStdString(area.name.empty() ? toString(area.type) : area.name + " (" + toString(area.type) + ")"));
}

QRectF TerrainAreaItem::boundingRect() const {
    // Tree crowns and a water's bank stand a little over the outline.
    return QGraphicsPathItem::boundingRect().adjusted(-kOverhang, -kOverhang, kOverhang, kOverhang);
}

void TerrainAreaItem::paint(QPainter* painter, const QStyleOptionGraphicsItem*, QWidget*) {
    const QColor colour = ScenePalette::area(m_area.type, m_area.level);
    const QRectF box = path().boundingRect();
    if (m_area.type == AreaType::Water) {
        // Its bank, half over the land: earth between the water and the grass.
        painter->setPen(QPen(ScenePalette::bank(), 6, Qt::SolidLine, Qt::RoundCap, Qt::RoundJoin));
        painter->setBrush(Qt::NoBrush);
        painter->drawPath(path());
    }
    painter->setPen(Qt::NoPen);
    // (A wood's colour is its floor between the trees: leaf litter, lighter than the
    // crowns, so that the troops in it and their names still read.)
    painter->setBrush(colour);
    painter->drawPath(path());
    // A texture over the fill so types differ in shape as well as colour.
    painter->save();
    painter->setClipPath(path());
    switch (m_area.type) {
    case AreaType::Woods:
        paintTreeCrowns(painter, ScenePalette::treeCrown(), box);
        break;
    case AreaType::BuiltUp:
        painter->setPen(QPen(colour.darker(160), 1));
        painter->setBrush(colour.lighter(125));
        for (double y = box.top() + 10; y < box.bottom() - 10; y += 35) {
            for (double x = box.left() + 10; x < box.right() - 10; x += 45) {
                painter->drawRect(QRectF(x, y, 28, 20));
            }
        }
        break;
    case AreaType::Rough:
        painter->setPen(QPen(colour.darker(150), 2));
        for (double y = box.top() + 6; y < box.bottom(); y += 18) {
            for (double x = box.left() + 6 + (static_cast<int>(y) / 18 % 2) * 9; x < box.right(); x += 18) {
                painter->drawPoint(QPointF(x, y));
            }
        }
        break;
    case AreaType::Water:
        painter->setPen(QPen(colour.lighter(140), 1.2));
        for (double y = box.top() + 10; y < box.bottom(); y += 16) {
            painter->drawLine(QPointF(box.left(), y), QPointF(box.right(), y));
        }
        break;
    case AreaType::Marsh:
        painter->setPen(QPen(QColor(0x3d, 0x5c, 0x3d), 1.2));
        for (double y = box.top() + 10; y < box.bottom(); y += 20) {
            for (double x = box.left() + 8; x < box.right(); x += 22) {
                painter->drawLine(QPointF(x, y), QPointF(x - 3, y - 8));
                painter->drawLine(QPointF(x, y), QPointF(x + 3, y - 8));
            }
        }
        break;
    case AreaType::Hill: {
        // A contour's slope, lit from the top left as a model hill under a lamp: the
        // inside of its edge lighter on the lit side, darker on the far one.
        const double band = std::clamp(std::min(box.width(), box.height()) * 0.12, 4.0, 14.0);
        QLinearGradient light(box.topLeft(), box.bottomRight());
        light.setColorAt(0, QColor(255, 250, 235, 150));
        light.setColorAt(0.5, QColor(255, 255, 255, 0));
        light.setColorAt(1, QColor(60, 45, 20, 140));
        painter->setPen(QPen(QBrush(light), 2 * band, Qt::SolidLine, Qt::RoundCap, Qt::RoundJoin));
        painter->setBrush(Qt::NoBrush);
        painter->drawPath(path());
        break;
    }
    }
    painter->restore();
    if (m_area.type == AreaType::Woods) {
        paintWoodEdge(painter, ScenePalette::treeCrown());
    } else {
        painter->setPen(QPen(colour.darker(m_area.type == AreaType::Hill ? 150 : 140), m_area.type == AreaType::Hill ? 1.5 : 1.0));
        painter->setBrush(Qt::NoBrush);
        painter->drawPath(path());
    }
}

void TerrainAreaItem::paintTreeCrowns(QPainter* painter, const QColor& colour, const QRectF& box) const {
    // Crowns of three shades, each over its shadow, on a staggered grid nudged a little
    // apart so that no two woods look stamped from one mould.
    const std::array<QColor, 3> shades{colour, colour.lighter(118), colour.darker(112)};
    const QColor shadow(0, 0, 0, 55);
    constexpr double kSpacing = 32; // table millimetres between trees: a model wood's, not a forest's
    int row = 0;
    for (double y = box.top() + 10; y < box.bottom() + 10; y += kSpacing, ++row) {
        int column = 0;
        for (double x = box.left() + 10 + (row % 2) * kSpacing / 2; x < box.right() + 10; x += kSpacing, ++column) {
            const double radius = 8 + 4 * jitter(row, column, 1);
            const QPointF at(x + 10 * (jitter(row, column, 2) - 0.5), y + 10 * (jitter(row, column, 3) - 0.5));
            painter->setPen(Qt::NoPen);
            painter->setBrush(shadow);
            painter->drawEllipse(at + QPointF(2, 2.5), radius, radius);
            painter->setBrush(shades[static_cast<std::size_t>(jitter(row, column, 4) * 3) % 3]);
            painter->drawEllipse(at, radius, radius);
        }
    }
}

void TerrainAreaItem::paintWoodEdge(QPainter* painter, const QColor& colour) const {
    // The wood's edge as on a model table: undergrowth along the outline, with crowns
    // standing over it, so the boundary the rules measure to still reads as a line.
    painter->setPen(QPen(colour.darker(160), 2.5, Qt::SolidLine, Qt::RoundCap, Qt::RoundJoin));
    painter->setBrush(Qt::NoBrush);
    painter->drawPath(path());
    const double length = path().length();
    const int crowns = std::max(6, static_cast<int>(length / 26));
    painter->setPen(QPen(colour.darker(150), 0.8));
    for (int i = 0; i < crowns; ++i) {
        const QPointF at = path().pointAtPercent(static_cast<double>(i) / crowns);
        painter->setBrush(i % 3 == 0 ? colour.lighter(110) : colour);
        const double radius = 4 + 2.5 * jitter(i, 0, 5);
        painter->drawEllipse(at, radius, radius);
    }
}

TerrainLineItem::TerrainLineItem(const TerrainLine& line) : m_line(line) {
    setPath(pathOf(line.path, false));
    const QColor colour = ScenePalette::line(line.type);
    double width = 3;
    Qt::PenStyle style = Qt::SolidLine;
    switch (line.type) {
    case LineType::River:
        width = 14;
        break;
    case LineType::Stream:
        width = 5;
        break;
    case LineType::Road:
        width = 10;
        break;
    case LineType::Bridge:
        width = 18;
        break;
    case LineType::Hedge:
        width = 5;
        break;
    case LineType::Wall:
        width = 4;
        break;
    case LineType::Fence:
        width = 2;
        style = Qt::DashLine;
        break;
    }
    // Its pen is the widest thing drawn (a river's banks, a road's verges), so that its
    // bounds hold them; paint fills the layers, outlined here once (stroking a long wide
    // line at every repaint costs more than the rest of the table).
    const double banks = line.type == LineType::River ? 8 : line.type == LineType::Stream ? 4 : line.type == LineType::Road ? 3 : 0;
    QPen pen(colour, width + banks, style, Qt::FlatCap, Qt::RoundJoin);
    setPen(pen);
    const auto layer = [&](const QColor& with, double across) {
        QPainterPathStroker stroker;
        stroker.setWidth(across);
        stroker.setCapStyle(Qt::FlatCap);
        stroker.setJoinStyle(Qt::RoundJoin);
        QPainterPath outline = stroker.createStroke(path());
        outline.setFillRule(Qt::WindingFill);
        m_layers.push_back({with, outline.simplified()});
    };
    switch (line.type) {
    case LineType::River:
    case LineType::Stream:
        // Earth banks, and the water between them.
        layer(ScenePalette::bank(), width + banks);
        layer(colour, width);
        break;
    case LineType::Road:
        layer(colour.darker(125), width + banks); // its verges
        layer(colour, width);
        break;
    case LineType::Bridge:
        layer(colour.darker(150), width); // its parapets over the deck
        layer(colour.lighter(135), width - 5);
        break;
    default:
        break;
    }
    // Roads under rivers under bridges; obstacles on top of all of them.
    setZValue(line.type == LineType::Road ? -15 : line.type == LineType::Bridge ? -5 : -10);
    setToolTip(QString::fromStdString((line.name.empty() ? toString(line.type) : line.name + " (" + toString(line.type) + ")") +
                                      (line.impassableTo.empty() ? "" : ", impassable to " + *line.impassableTo.begin())));
}

void TerrainLineItem::paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget* widget) {
    if (m_layers.empty()) {
        QGraphicsPathItem::paint(painter, option, widget);
        return;
    }
    painter->setPen(Qt::NoPen);
    for (const Layer& layer : m_layers) {
        painter->setBrush(layer.colour);
        painter->drawPath(layer.outline);
    }
}

QPainterPath terrainPath(const Battle& battle, const std::string& featureId) {
    for (const TerrainArea& area : battle.areas) {
        if (area.id == featureId) {
            return pathOf(area.outline.outer(), true);
        }
    }
    for (const TerrainLine& line : battle.lines) {
        if (line.id == featureId) {
            return pathOf(line.path, false);
        }
    }
    return {};
}

} // namespace sandtable::ui
