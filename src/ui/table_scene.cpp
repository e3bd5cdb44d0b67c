#include "table_scene.h"

#include "scenario_document.h"
#include "table_cloth_item.h"
#include "terrain_items.h"
#include "unit_item.h"

namespace sandtable::ui {

TableScene::TableScene(ScenarioDocument& document, QObject* parent) : QGraphicsScene(parent), m_document(document) {
    const Battle& battle = document.battle();
    auto* cloth = new TableClothItem(battle.table);
    addItem(cloth);
    for (const TerrainArea& area : battle.areas) {
        addItem(new TerrainAreaItem(area));
    }
    for (const TerrainLine& line : battle.lines) {
        addItem(new TerrainLineItem(line));
    }
    for (const Unit& unit : battle.units) {
        const Side* side = battle.findSide(unit.side);
        auto* item = new UnitItem(unit, QColor(QString::fromStdString(side != nullptr ? side->colour : "#808080")));
        addItem(item);
        m_units.insert(item->unitId(), item);
    }
    setSceneRect(cloth->boundingRect());
    // A static table: the index only slows the moving units down.
    setItemIndexMethod(QGraphicsScene::NoIndex);
    connect(&document, &ScenarioDocument::unitChanged, this, &TableScene::syncUnit);
}

QRectF TableScene::tableRect() const {
    const Table& table = m_document.battle().table;
    return QRectF(0, 0, table.width, table.depth);
}

void TableScene::syncUnit(const QString& unitId) {
    if (UnitItem* item = m_units.value(unitId)) {
        item->sync(*m_document.battle().findUnit(unitId.toStdString()));
    }
}

QStringList TableScene::selectedUnitIds() const {
    QStringList ids;
    for (QGraphicsItem* item : selectedItems()) {
        if (item->type() == UnitItem::Type) {
            ids << static_cast<UnitItem*>(item)->unitId();
        }
    }
    ids.sort();
    return ids;
}

void TableScene::selectUnits(const QStringList& unitIds) {
    clearSelection();
    for (const QString& id : unitIds) {
        if (UnitItem* item = m_units.value(id)) {
            item->setSelected(true);
        }
    }
}

} // namespace sandtable::ui
