#include "terrain_command.h"

#include "scenario_document.h"

namespace sandtable::ui {

TerrainCommand::TerrainCommand(ScenarioDocument& document, const QString& text, Terrain before, Terrain after)
    : m_document(document), m_before(std::move(before)), m_after(std::move(after)) {
    setText(text);
}

void TerrainCommand::undo() { m_document.setTerrain(m_before.areas, m_before.lines); }
void TerrainCommand::redo() { m_document.setTerrain(m_after.areas, m_after.lines); }

} // namespace sandtable::ui
