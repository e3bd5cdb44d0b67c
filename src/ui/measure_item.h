#pragma once

#include "sandtable/table.h"

#include <QGraphicsItem>

namespace sandtable::ui {

/// The measuring tape: a line from where the drag began to where it is, with the
/// distance in the ruleset's unit.
class MeasureItem : public QGraphicsItem {
public:
    explicit MeasureItem(const Table& table);
    void setEnds(QPointF from, QPointF to);
    double length() const; // millimetres
    QString label() const;

    QRectF boundingRect() const override;
    void paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget* widget) override;

private:
    Table m_table;
    QPointF m_from;
    QPointF m_to;
};

} // namespace sandtable::ui
