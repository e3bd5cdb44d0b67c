#pragma once

#include "sandtable/ruleset.h"
#include "sandtable/ruling_board.h"

#include <QDockWidget>
#include <functional>

class QComboBox;
class QFormLayout;
class QGroupBox;
class QListWidget;
class QSpinBox;

namespace sandtable::ui {

class ScenarioDocument;

/// The rulings board's box of pieces: the ruleset's units and terrain (from its
/// scenarios) put on the table with a double-click, a button or a drag, for the side
/// chosen; and the selected unit's side and state (the markers and counters the rules
/// read) set by hand. Every change is one undo step.
class BoardPiecesDock : public QDockWidget {
    Q_OBJECT
public:
    BoardPiecesDock(ScenarioDocument& document, const Ruleset& ruleset, BoardPalette palette, QWidget* parent = nullptr);

    /// Where a piece put down without a drag goes: the middle of the table in view.
    void setPlacePoint(std::function<QPointF()> point) { m_placePoint = std::move(point); }

    /// Puts the palette's unit `piece` down for `side`, its middle at `at`; its new id,
    /// or empty when there is no such piece or side.
    QString addUnit(int piece, const QString& side, QPointF at);
    /// Puts the palette's terrain `piece` down, its middle at `at`; its new id, or empty.
    QString addTerrain(int piece, QPointF at);
    /// Takes units off the table.
    void removeUnits(const QStringList& unitIds);
    void setSide(const QString& unitId, const QString& side);
    /// Sets one of the ruleset's unit settings: a marker on (1) or off (0), a counter's value.
    void setSetting(const QString& unitId, const std::string& settingId, int value);

    /// Puts `count` of the unit's figures in `health` (one of the ruleset's figureStates).
    void setFigures(const QString& unitId, Health health, int count);

    /// The unit whose side and state the dock shows.
    void setSelectedUnit(const QString& unitId);

    const BoardPalette& palette() const { return m_palette; }
    QListWidget* unitPieces() const { return m_units; }
    QListWidget* terrainPieces() const { return m_terrain; }
    /// The side a new unit is put down for.
    QString sideToPlace() const;

private:
    void refreshState();
    void showValues();

    ScenarioDocument& m_document;
    const Ruleset& m_ruleset;
    BoardPalette m_palette;
    std::function<QPointF()> m_placePoint;
    QString m_selected;

    QComboBox* m_placeSide = nullptr;
    QListWidget* m_units = nullptr;
    QListWidget* m_terrain = nullptr;
    QGroupBox* m_stateBox = nullptr;
    QFormLayout* m_stateForm = nullptr;
    QComboBox* m_sideBox = nullptr;
    std::vector<QWidget*> m_settingWidgets; // one per ruleset setting, in its order
    std::vector<QSpinBox*> m_figureBoxes;   // one per figure state the ruleset reads, in its order
};

} // namespace sandtable::ui
