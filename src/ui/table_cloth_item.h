#pragma once

#include "sandtable/table.h"

#include <QGraphicsItem>

namespace sandtable::ui {

/// The cloth, the box grid of a gridded table, and rulers along the edges in the
/// ruleset's unit.
class TableClothItem : public QGraphicsItem {
public:
    explicit TableClothItem(const Table& table);

    QRectF boundingRect() const override;
    void paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget* widget) override;

    /// The room the rulers take outside the table, in millimetres.
    static constexpr double rulerMargin = 30;

private:
    void paintRulers(QPainter* painter) const;

    Table m_table;
};

} // namespace sandtable::ui
