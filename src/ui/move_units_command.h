#pragma once

#include "sandtable/battle.h"

#include <QUndoCommand>
#include <map>
#include <string>
#include <vector>

namespace sandtable::ui {

class ScenarioDocument;

/// Moves and turns units by hand: each unit's bases before and after. Consecutive turns
/// of the same units merge into one step, so holding a pivot key undoes in one go.
class MoveUnitsCommand : public QUndoCommand {
public:
    enum class Kind { Move, Pivot };
    using Placement = std::map<std::string, std::vector<Element>>;

    MoveUnitsCommand(ScenarioDocument& document, Kind kind, Placement before, Placement after);

    void undo() override;
    void redo() override;
    int id() const override;
    bool mergeWith(const QUndoCommand* other) override;

    /// Every base of each unit moved by (dx, dy) millimetres.
    static Placement moved(const Battle& battle, const std::vector<std::string>& units, double dx, double dy);
    /// Each unit turned by `degrees` clockwise about its own centre.
    static Placement pivoted(const Battle& battle, const std::vector<std::string>& units, double degrees);
    static Placement current(const Battle& battle, const std::vector<std::string>& units);

private:
    void apply(const Placement& placement);

    ScenarioDocument& m_document;
    Kind m_kind;
    Placement m_before;
    Placement m_after;
};

} // namespace sandtable::ui
