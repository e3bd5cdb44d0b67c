#include "table_cloth_item.h"

#include "scene_palette.h"

#include <QPainter>
#include <cmath>

namespace sandtable::ui {

TableClothItem::TableClothItem(const Table& table) : m_table(table) { setZValue(-100); }

QRectF TableClothItem::boundingRect() const {
    // The rulers, and the last numbers on them, stand outside the table on every side.
    return QRectF(-rulerMargin, -rulerMargin, m_table.width + 2 * rulerMargin, m_table.depth + 2 * rulerMargin);
}

void TableClothItem::paint(QPainter* painter, const QStyleOptionGraphicsItem*, QWidget*) {
    const QRectF cloth(0, 0, m_table.width, m_table.depth);
    // A frame all round for the rulers, then the cloth inside it.
    painter->fillRect(boundingRect(), QColor(0xf2, 0xee, 0xe3));
    painter->fillRect(cloth, ScenePalette::cloth());
    if (m_table.unit == MeasureUnit::Box && m_table.boxSize > 0) {
        painter->setPen(QPen(QColor(0, 0, 0, 60), 0));
        for (double x = m_table.boxSize; x < m_table.width; x += m_table.boxSize) {
            painter->drawLine(QPointF(x, 0), QPointF(x, m_table.depth));
        }
        for (double y = m_table.boxSize; y < m_table.depth; y += m_table.boxSize) {
            painter->drawLine(QPointF(0, y), QPointF(m_table.width, y));
        }
    }
    painter->setPen(QPen(QColor(0x3a, 0x3a, 0x3a), 1.5));
    painter->drawRect(cloth);
    paintRulers(painter);
}

void TableClothItem::paintRulers(QPainter* painter) const {
    // A tick every unit (every 5 cm on a centimetre table), a number every few ticks.
    const double step = m_table.unit == MeasureUnit::Centimetre ? 50.0 : m_table.millimetresPerUnit();
    const double unitsPerStep = m_table.toUnits(step);
    const int labelEvery = m_table.unit == MeasureUnit::Inch ? 6 : (m_table.unit == MeasureUnit::Box ? 2 : 2);
    QFont font = painter->font();
    font.setPointSizeF(9);
    painter->setFont(font);
    painter->setPen(QPen(QColor(0x40, 0x40, 0x40), 0));
    const auto label = [&](int index) { return QString::number(std::lround(index * unitsPerStep)); };
    int index = 0;
    for (double x = 0; x <= m_table.width + 0.01; x += step, ++index) {
        const bool major = index % labelEvery == 0;
        painter->drawLine(QPointF(x, 0), QPointF(x, major ? -12 : -6));
        if (major && index > 0) {
            painter->drawText(QRectF(x - 30, -rulerMargin, 60, 16), Qt::AlignCenter, label(index));
        }
    }
    index = 0;
    for (double y = 0; y <= m_table.depth + 0.01; y += step, ++index) {
        const bool major = index % labelEvery == 0;
        painter->drawLine(QPointF(0, y), QPointF(major ? -12 : -6, y));
        if (major && index > 0) {
            painter->drawText(QRectF(-rulerMargin, y - 8, 18, 16), Qt::AlignRight | Qt::AlignVCenter, label(index));
        }
    }
}

} // namespace sandtable::ui
