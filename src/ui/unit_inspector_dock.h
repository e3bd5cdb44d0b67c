#pragma once

#include <QDockWidget>

class QTextBrowser;

namespace sandtable::ui {

class TableScene;

/// Everything about the selected unit: name, side, type, quality, formation, bases with
/// their positions and facings in the ruleset's unit, stats and markers.
class UnitInspectorDock : public QDockWidget {
    Q_OBJECT
public:
    UnitInspectorDock(TableScene& scene, QWidget* parent = nullptr);
    QString text() const;

private:
    void refresh();

    TableScene& m_scene;
    QTextBrowser* m_view;
};

} // namespace sandtable::ui
