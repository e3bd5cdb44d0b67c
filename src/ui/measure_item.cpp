#include "measure_item.h"

#include <QLineF>
#include <QPainter>

namespace sandtable::ui {

MeasureItem::MeasureItem(const Table& table) : m_table(table) { setZValue(100); }

void MeasureItem::setEnds(QPointF from, QPointF to) {
    prepareGeometryChange();
    m_from = from;
    m_to = to;
    update();
}

double MeasureItem::length() const { return QLineF(m_from, m_to).length(); }

QString MeasureItem::label() const {
    return QString::fromStdString(m_table.formatDistance(Point(m_from.x(), m_from.y()), Point(m_to.x(), m_to.y())));
}

QRectF MeasureItem::boundingRect() const { return QRectF(m_from, m_to).normalized().adjusted(-140, -40, 140, 40); }

void MeasureItem::paint(QPainter* painter, const QStyleOptionGraphicsItem*, QWidget*) {
    painter->setRenderHint(QPainter::Antialiasing);
    painter->setPen(QPen(QColor(0xff, 0xf0, 0x40), 3, Qt::SolidLine, Qt::RoundCap));
    painter->drawLine(m_from, m_to);
    painter->setPen(QPen(Qt::black, 1, Qt::DashLine));
    painter->drawLine(m_from, m_to);
    painter->setBrush(Qt::black);
    painter->drawEllipse(m_from, 2.5, 2.5);
    painter->drawEllipse(m_to, 2.5, 2.5);
    const QRectF box(m_to + QPointF(8, -22), QSizeF(m_table.gridded() ? 120 : 70, 18));
    painter->setPen(QPen(Qt::black, 0.5));
    painter->setBrush(QColor(255, 255, 240, 230));
    painter->drawRoundedRect(box, 3, 3);
    QFont font = painter->font();
    font.setPointSizeF(9);
    font.setBold(true);
    painter->setFont(font);
    painter->drawText(box, Qt::AlignCenter, label());
}

} // namespace sandtable::ui
