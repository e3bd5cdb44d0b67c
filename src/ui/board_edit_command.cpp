#include "board_edit_command.h"

#include "scenario_document.h"

namespace sandtable::ui {

BoardEditCommand::BoardEditCommand(ScenarioDocument& document, Battle after, const QString& text)
    : QUndoCommand(text), m_document(document), m_before(document.battle()), m_after(std::move(after)) {}

void BoardEditCommand::undo() { m_document.replaceLayout(m_before); }

void BoardEditCommand::redo() { m_document.replaceLayout(m_after); }

} // namespace sandtable::ui
