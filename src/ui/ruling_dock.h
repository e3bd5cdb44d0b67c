#pragma once

#include "order_picker.h"
#include "order_rows.h"
#include "sandtable/ruleset.h"

#include <QDockWidget>
#include <optional>

class QComboBox;
class QLabel;
class QListWidget;
class QListWidgetItem;
class QTreeWidget;

namespace sandtable::ui {

class PreviewPane;
class ScenarioDocument;

/// The rulings board's answer: the unit asked about and, if chosen, its target; every
/// order the unit could be given whatever the sequence of play (each with its target),
/// and the chosen one's preview: every modifier ticked or not with its reason and rule,
/// the exact odds, the rulings it relies on. The preview follows the table: move a unit
/// or set its state and the answer is worked out again. Nothing is ever rolled.
class RulingDock : public QDockWidget {
    Q_OBJECT
public:
    RulingDock(ScenarioDocument& document, const Ruleset& ruleset, QWidget* parent = nullptr);

    /// The unit asked about (empty: none); its orders are listed afresh.
    void setSubject(const QString& unitId);
    QString subject() const { return m_subject; }
    /// Only orders at this target are listed (empty: every target).
    void setTarget(const QString& unitId);
    QString target() const;
    /// The step of play the ruling is asked at, where the ruleset's rulings depend on it
    /// (Ruleset::rulingPhases); the box is hidden where they do not.
    void setPhase(const QString& phase);
    QComboBox* phaseBox() const { return m_phases; }

    /// Chooses the listed order whose text starts with `label`; false if none does.
    bool chooseOrder(const QString& label);
    QListWidget* ordersList() const { return m_orders; }
    PreviewPane* pane() const { return m_pane; }
    /// "What changes the odds": the chosen order previewed with each change a player could
    /// make to the two units (a marker, a counter, a facing, a formation), where it matters.
    QTreeWidget* whatIfTree() const { return m_whatIfs; }
    /// The order previewed, with its preview; none before one is chosen.
    const std::optional<Action>& chosen() const { return m_chosen; }
    const Preview& preview() const { return m_preview; }

    /// A move along a route dragged on the table: previewed (not made).
    std::pair<bool, QString> previewRoute(const QString& unitId, const QVector<QPointF>& points);
    /// A click on the table for the order being picked (a box, a point, a place or a
    /// target for each element); the order is previewed once it has all it needs.
    void pickAt(const QPointF& at);
    void cancelPicking();
    bool picking() const { return m_picker.has_value(); }

    /// The ruling as text to share: the ruleset, the units concerned with their state, the
    /// order, and the preview in full.
    QString rulingText() const;

signals:
    /// The chosen move needs its route dragged on the table.
    void routeRequested(const QString& unitId);
    /// The chosen order needs clicks on the table: what the next one is for.
    void pickRequested(const QString& instruction);
    /// The order being clicked on the table was given up for another.
    void pickAbandoned();
    /// A click could not be used, and why.
    void message(const QString& text);

private:
    void scheduleRefresh();
    void refreshOrders();
    void refreshTargets();
    void refreshPhases();
    void choose(QListWidgetItem* item);
    void showChosen();
    void showWhatIfs();
    std::optional<Action> routeAction(const QString& unitId, const QVector<QPointF>& points) const;

    ScenarioDocument& m_document;
    const Ruleset& m_ruleset;
    QString m_subject;
    std::vector<OrderRow> m_rows;
    std::optional<Action> m_chosen;
    std::optional<Action> m_route;       // the move whose route is being dragged
    std::optional<OrderPicker> m_picker; // the order whose box, points or places are being clicked
    Preview m_preview;
    bool m_refreshPending = false;

    QLabel* m_heading = nullptr;
    QComboBox* m_targets = nullptr;
    QComboBox* m_phases = nullptr;
    QListWidget* m_orders = nullptr;
    PreviewPane* m_pane = nullptr;
    QTreeWidget* m_whatIfs = nullptr;
};

} // namespace sandtable::ui
