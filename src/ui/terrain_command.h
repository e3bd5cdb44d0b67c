#pragma once

#include "sandtable/battle.h"

#include <QUndoCommand>
#include <vector>

namespace sandtable::ui {

class ScenarioDocument;

/// A terrain feature adjusted by hand (moved, scaled, removed): the table's terrain
/// before and after, so that undo puts back exactly what was there.
class TerrainCommand : public QUndoCommand {
public:
    struct Terrain {
        std::vector<TerrainArea> areas;
        std::vector<TerrainLine> lines;
    };

    TerrainCommand(ScenarioDocument& document, const QString& text, Terrain before, Terrain after);

    void undo() override;
    void redo() override;

    static Terrain of(const Battle& battle) { return {battle.areas, battle.lines}; }

private:
    ScenarioDocument& m_document;
    Terrain m_before;
    Terrain m_after;
};

} // namespace sandtable::ui
