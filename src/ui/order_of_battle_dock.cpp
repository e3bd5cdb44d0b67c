#include "order_of_battle_dock.h"

#include "flag_painter.h"
#include "scenario_document.h"
#include "table_scene.h"

#include <QHeaderView>
#include <QMap>
#include <QTreeWidget>
#include <algorithm>

namespace sandtable::ui {

namespace {
constexpr int unitIdRole = Qt::UserRole + 1;
}

OrderOfBattleDock::OrderOfBattleDock(TableScene& scene, QWidget* parent)
    : QDockWidget(tr("Order of battle"), parent), m_scene(scene), m_tree(new QTreeWidget(this)) {
    setObjectName("orderOfBattle");
    m_tree->setHeaderLabels({tr("Unit"), tr("Type")});
    m_tree->setSelectionMode(QAbstractItemView::ExtendedSelection);
    // The type as wide as its words, the names the rest.
    m_tree->header()->setStretchLastSection(false);
    m_tree->header()->setSectionResizeMode(0, QHeaderView::Stretch);
    m_tree->header()->setSectionResizeMode(1, QHeaderView::ResizeToContents);
    const Battle& battle = scene.document().battle();
    for (const Side& side : battle.sides) {
        auto* sideItem = new QTreeWidgetItem(m_tree, {QString::fromStdString(side.name)});
        sideItem->setForeground(0, QColor(QString::fromStdString(side.colour)));
        sideItem->setIcon(0, flagIcon(side));
        QMap<QString, QTreeWidgetItem*> brigades;
        for (const Unit& unit : battle.units) {
            if (unit.side != side.id) {
                continue;
            }
            // Under its chain of command where the scenario gives one (army, division,
            // brigade, by name), else under its brigade's label.
            QTreeWidgetItem* parentItem = sideItem;
            std::vector<const Command*> chain = chainOfCommand(battle, unit);
            std::reverse(chain.begin(), chain.end());
            for (const Command* command : chain) {
                const QString key = QString::fromStdString(command->id);
                if (!brigades.contains(key)) {
                    brigades.insert(key, new QTreeWidgetItem(
                                             parentItem, {QString::fromStdString(command->name), QString::fromStdString(command->level)}));
                }
                parentItem = brigades.value(key);
            }
            if (chain.empty() && !unit.brigade.empty()) {
                const QString brigade = QString::fromStdString(unit.brigade);
                if (!brigades.contains(brigade)) {
                    brigades.insert(brigade, new QTreeWidgetItem(sideItem, {brigade}));
                }
                parentItem = brigades.value(brigade);
            }
            auto* unitItem = new QTreeWidgetItem(parentItem, {QString::fromStdString(unit.name),
                                                              QString::fromStdString(unit.type.empty() ? toString(unit.arm) : unit.type)});
            unitItem->setData(0, unitIdRole, QString::fromStdString(unit.id));
        }
    }
    m_tree->expandAll();
    setWidget(m_tree);
    connect(m_tree, &QTreeWidget::itemSelectionChanged, this, &OrderOfBattleDock::toTable);
    connect(&scene, &QGraphicsScene::selectionChanged, this, &OrderOfBattleDock::fromTable);
}

void OrderOfBattleDock::toTable() {
    if (m_syncing) {
        return;
    }
    QStringList ids;
    for (QTreeWidgetItem* item : m_tree->selectedItems()) {
        const QString id = item->data(0, unitIdRole).toString();
        if (!id.isEmpty()) {
            ids << id;
        }
    }
    m_syncing = true;
    m_scene.selectUnits(ids);
    m_syncing = false;
}

void OrderOfBattleDock::fromTable() {
    if (m_syncing) {
        return;
    }
    m_syncing = true;
    const QStringList ids = m_scene.selectedUnitIds();
    for (QTreeWidgetItemIterator it(m_tree); *it; ++it) {
        const QString id = (*it)->data(0, unitIdRole).toString();
        (*it)->setSelected(!id.isEmpty() && ids.contains(id));
    }
    m_syncing = false;
}

} // namespace sandtable::ui
