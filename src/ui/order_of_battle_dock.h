#pragma once

#include <QDockWidget>

class QTreeWidget;

namespace sandtable::ui {

class TableScene;

/// The order of battle as a tree: side, brigade, unit. Selecting here selects on the
/// table and the other way round.
class OrderOfBattleDock : public QDockWidget {
    Q_OBJECT
public:
    OrderOfBattleDock(TableScene& scene, QWidget* parent = nullptr);

private:
    void fromTable();
    void toTable();

    TableScene& m_scene;
    QTreeWidget* m_tree;
    bool m_syncing = false;
};

} // namespace sandtable::ui
