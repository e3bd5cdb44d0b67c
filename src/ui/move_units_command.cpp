#include "move_units_command.h"

#include "scenario_document.h"

#include <cmath>
#include <numbers>

namespace sandtable::ui {

MoveUnitsCommand::MoveUnitsCommand(ScenarioDocument& document, Kind kind, Placement before, Placement after)
    : m_document(document), m_kind(kind), m_before(std::move(before)), m_after(std::move(after)) {
    const QString what = m_after.size() == 1 ? QString::fromStdString(m_after.begin()->first) : QObject::tr("%1 units").arg(m_after.size());
    setText(kind == Kind::Move ? QObject::tr("Move %1").arg(what) : QObject::tr("Turn %1").arg(what));
}

void MoveUnitsCommand::apply(const Placement& placement) {
    for (const auto& [unitId, elements] : placement) {
        m_document.setElements(unitId, elements);
    }
}

void MoveUnitsCommand::undo() { apply(m_before); }
void MoveUnitsCommand::redo() { apply(m_after); }

int MoveUnitsCommand::id() const { return m_kind == Kind::Pivot ? 1 : -1; }

bool MoveUnitsCommand::mergeWith(const QUndoCommand* other) {
    const auto* next = static_cast<const MoveUnitsCommand*>(other);
    if (next->m_kind != Kind::Pivot || m_kind != Kind::Pivot || next->m_after.size() != m_after.size()) {
        return false;
    }
    for (const auto& [unitId, elements] : next->m_after) {
        if (m_after.count(unitId) == 0) {
            return false;
        }
    }
    m_after = next->m_after;
    return true;
}

MoveUnitsCommand::Placement MoveUnitsCommand::current(const Battle& battle, const std::vector<std::string>& units) {
    Placement placement;
    for (const std::string& id : units) {
        if (const Unit* unit = battle.findUnit(id)) {
            placement[id] = unit->elements;
        }
    }
    return placement;
}

MoveUnitsCommand::Placement MoveUnitsCommand::moved(const Battle& battle, const std::vector<std::string>& units, double dx, double dy) {
    Placement placement = current(battle, units);
    for (auto& [id, elements] : placement) {
        for (Element& element : elements) {
            element.centre = Point(element.centre.x() + dx, element.centre.y() + dy);
        }
    }
    return placement;
}

MoveUnitsCommand::Placement MoveUnitsCommand::pivoted(const Battle& battle, const std::vector<std::string>& units, double degrees) {
    Placement placement = current(battle, units);
    const double radians = degrees * std::numbers::pi / 180.0;
    for (auto& [id, elements] : placement) {
        const Point pivot = battle.findUnit(id)->centre();
        for (Element& element : elements) {
            // Clockwise on a table whose y runs down is the usual rotation matrix.
            const double x = element.centre.x() - pivot.x();
            const double y = element.centre.y() - pivot.y();
            element.centre =
                Point(pivot.x() + x * std::cos(radians) - y * std::sin(radians), pivot.y() + x * std::sin(radians) + y * std::cos(radians));
            element.facing = normaliseDegrees(element.facing + degrees);
        }
    }
    return placement;
}

} // namespace sandtable::ui
