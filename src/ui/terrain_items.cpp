#include "terrain_items.h"

#include "scene_palette.h"

#include <QPainter>
#include <QPainterPath>

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

} // namespace

TerrainAreaItem::TerrainAreaItem(const TerrainArea& area) : m_area(area) {
    setPath(pathOf(area.outline.outer(), true));
    setZValue(zFor(area));
    setToolTip(QString::fromStdString(area.name.empty() ? toString(area.type) : area.name + " (" + toString(area.type) + ")"));
}

void TerrainAreaItem::paint(QPainter* painter, const QStyleOptionGraphicsItem*, QWidget*) {
    const QColor colour = ScenePalette::area(m_area.type, m_area.level);
    painter->setPen(QPen(colour.darker(140), m_area.type == AreaType::Hill ? 2.0 : 1.0));
    painter->setBrush(colour);
    painter->drawPath(path());
    // A texture over the fill so types differ in shape as well as colour.
    painter->save();
    painter->setClipPath(path());
    const QRectF box = path().boundingRect();
    switch (m_area.type) {
    case AreaType::Woods:
        painter->setPen(Qt::NoPen);
        painter->setBrush(colour.lighter(130));
        for (double y = box.top() + 12; y < box.bottom(); y += 28) {
            for (double x = box.left() + 12 + (static_cast<int>(y) / 28 % 2) * 14; x < box.right(); x += 28) {
                painter->drawEllipse(QPointF(x, y), 8, 8);
            }
        }
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
    case AreaType::Hill:
        break;
    }
    painter->restore();
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
    QPen pen(colour, width, style, Qt::FlatCap, Qt::RoundJoin);
    setPen(pen);
    // Roads under rivers under bridges; obstacles on top of all of them.
    setZValue(line.type == LineType::Road ? -15 : line.type == LineType::Bridge ? -5 : -10);
    setToolTip(QString::fromStdString((line.name.empty() ? toString(line.type) : line.name + " (" + toString(line.type) + ")") +
                                      (line.impassableTo.empty() ? "" : ", impassable to " + *line.impassableTo.begin())));
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
