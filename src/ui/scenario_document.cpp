#include "scenario_document.h"

#include <algorithm>
#include <cassert>

namespace sandtable::ui {

ScenarioDocument::ScenarioDocument(Scenario scenario, QString filePath, QObject* parent)
    : QObject(parent), m_scenario(std::move(scenario)), m_filePath(std::move(filePath)) {}

void ScenarioDocument::setElements(const std::string& unitId, const std::vector<Element>& elements) {
    Unit* unit = m_scenario.battle.findUnit(unitId);
    assert(unit != nullptr);
    unit->elements = elements;
    emit unitChanged(QString::fromStdString(unitId));
}

void ScenarioDocument::setTerrain(std::vector<TerrainArea> areas, std::vector<TerrainLine> lines) {
    m_scenario.battle.areas = std::move(areas);
    m_scenario.battle.lines = std::move(lines);
    emit terrainChanged();
}

void ScenarioDocument::replaceLayout(const Battle& battle) {
    setBattle(battle);
    emit terrainChanged();
}

void ScenarioDocument::setPhase(const std::string& phase) {
    if (m_scenario.battle.phase != phase) {
        m_scenario.battle.phase = phase;
        emit phaseChanged();
    }
}

void ScenarioDocument::setBattle(const Battle& battle) {
    const bool sameUnits = std::ranges::equal(m_scenario.battle.units, battle.units, {}, &Unit::id, &Unit::id);
    m_scenario.battle = battle;
    if (!sameUnits) {
        emit unitsAddedOrRemoved(); // a split, prisoners, a merge: the table adds or drops units first
    }
    for (const Unit& unit : battle.units) {
        emit unitChanged(QString::fromStdString(unit.id));
    }
}

} // namespace sandtable::ui
