#pragma once

#include "sandtable/battle.h"

#include <QUndoCommand>

namespace sandtable::ui {

class ScenarioDocument;

/// One change to a rulings board that is more than a move: a unit or a terrain feature
/// put down or taken up, a unit's side or state set. It keeps the whole battle before and
/// after (a board holds a few units), so undo is exact whatever the change.
class BoardEditCommand : public QUndoCommand {
public:
    BoardEditCommand(ScenarioDocument& document, Battle after, const QString& text);

    void undo() override;
    void redo() override;

private:
    ScenarioDocument& m_document;
    Battle m_before;
    Battle m_after;
};

} // namespace sandtable::ui
