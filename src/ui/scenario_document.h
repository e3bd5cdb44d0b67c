#pragma once

#include "sandtable/scenario.h"

#include <QObject>
#include <QString>
#include <QUndoStack>

namespace sandtable::ui {

/// The scenario being laid out, with the undo stack of every change made to it. The
/// scene and the docks read from here; every change goes through an undo command.
class ScenarioDocument : public QObject {
    Q_OBJECT
public:
    explicit ScenarioDocument(Scenario scenario, QString filePath = {}, QObject* parent = nullptr);

    const Scenario& scenario() const { return m_scenario; }
    const Battle& battle() const { return m_scenario.battle; }
    const QString& filePath() const { return m_filePath; }
    QUndoStack* undoStack() { return &m_undoStack; }

    /// Replaces a unit's bases (moved, turned). Only undo commands call this.
    void setElements(const std::string& unitId, const std::vector<Element>& elements);
    /// Replaces the table's terrain (a feature moved, scaled or removed). Only undo
    /// commands call this.
    void setTerrain(std::vector<TerrainArea> areas, std::vector<TerrainLine> lines);
    /// Replaces the whole battle, units and terrain (a rulings board's edit). Only undo
    /// commands call this.
    void replaceLayout(const Battle& battle);
    /// In play the game owns the state: the table shows the battle as the game has it.
    void setBattle(const Battle& battle);
    /// The step of play a rulings board asks its ruling at (Battle::phase). A question
    /// asked of the table, not an edit of it: not undone, and not saved with the scenario.
    void setPhase(const std::string& phase);

signals:
    void unitChanged(const QString& unitId);
    /// Units came into the battle or left its list (event::UnitCreated, UnitRemoved).
    void unitsAddedOrRemoved();
    void terrainChanged();
    void phaseChanged();

private:
    Scenario m_scenario;
    QString m_filePath;
    QUndoStack m_undoStack;
};

} // namespace sandtable::ui
