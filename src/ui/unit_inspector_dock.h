#pragma once

#include <QDockWidget>
#include <functional>
#include <string>

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
    /// In a game, what the rules say of a unit ("75% effective; has moved"), shown first.
    void setUnitState(std::function<QString(const std::string& unitId)> state);

private:
    void refresh();

    TableScene& m_scene;
    std::function<QString(const std::string&)> m_unitState;
    QTextBrowser* m_view;
};

} // namespace sandtable::ui
