#include "order_picker.h"

#include <cmath>
#include <limits>

namespace sandtable::ui {

namespace {

QString unitName(const Battle& battle, const std::string& id) {
    const Unit* unit = battle.findUnit(id);
    return QString::fromStdString(unit != nullptr ? unit->name : id);
}

/// The allowed target under the click: a unit whose element is there, or an element that
/// is, by the nearest element centre within its own half-diagonal.
std::string targetAt(const Battle& battle, const std::vector<std::string>& targets, const Point& at) {
    std::string found;
    double nearest = std::numeric_limits<double>::max();
    const auto consider = [&](const std::string& id, const Element& element) {
        const double distance = std::hypot(element.centre.x() - at.x(), element.centre.y() - at.y());
        if (distance <= std::hypot(element.width, element.depth) / 2 && distance < nearest) {
            nearest = distance;
            found = id;
        }
    };
    for (const std::string& target : targets) {
        if (const Unit* unit = battle.findUnit(target)) {
            for (const Element& element : unit->elements) {
                consider(target, element);
            }
            continue;
        }
        for (const Unit& unit : battle.units) {
            if (const Element* element = unit.findElement(target)) {
                consider(target, *element);
            }
        }
    }
    return found;
}

} // namespace

OrderPicker::OrderPicker(Action action, OrderInput input, std::vector<std::string> elements, std::vector<std::string> targets,
                         bool answering)
    : m_action(std::move(action)), m_input(input), m_elements(std::move(elements)), m_targets(std::move(targets)), m_answering(answering) {}

bool OrderPicker::done() const {
    switch (m_input) {
    case OrderInput::Placement:
    case OrderInput::ElementTargets:
        return m_next >= m_elements.size();
    case OrderInput::Point:
    case OrderInput::Box:
    case OrderInput::Path:
    case OrderInput::Target:
        return m_taken;
    default:
        return true;
    }
}

QString OrderPicker::instruction(const Battle& battle) const {
    const QString who = m_answering ? tr("the answer") : m_action.unit.empty() ? tr("the order") : unitName(battle, m_action.unit);
    const QString count = m_elements.size() > 1 ? tr(" (%1 of %2)").arg(m_next + 1).arg(m_elements.size()) : QString();
    const QString element = m_next < m_elements.size() ? QString::fromStdString(m_elements[m_next]) : QString();
    switch (m_input) {
    case OrderInput::Point:
        return tr("Click the point on the table for %1").arg(who);
    case OrderInput::Box:
        return tr("Click the box for %1").arg(who);
    case OrderInput::Path:
        return tr("Click where %1 goes").arg(who);
    case OrderInput::Target:
        return tr("Click the target for %1").arg(who);
    case OrderInput::Placement:
        return tr("Click where %1 is placed%2").arg(element, count);
    case OrderInput::ElementTargets:
        return tr("Click the target of %1%2").arg(element, count);
    default:
        return {};
    }
}

QString OrderPicker::take(const Battle& battle, const QPointF& at) {
    const Point point(at.x(), at.y());
    switch (m_input) {
    case OrderInput::Point:
        m_action.point = point;
        break;
    case OrderInput::Box:
        if (!battle.table.gridded()) {
            return tr("this table has no grid of boxes");
        }
        m_action.box = battle.table.boxAt(point);
        break;
    case OrderInput::Path:
        m_action.path = {point};
        break;
    case OrderInput::Target: {
        const std::string target = targetAt(battle, m_targets, point);
        if (target.empty()) {
            return tr("no target that may be chosen stands there");
        }
        m_action.target = target;
        break;
    }
    case OrderInput::Placement:
        if (m_next < m_elements.size()) {
            m_action.elements.push_back(ElementOrder{m_elements[m_next++], {}, point, {}});
        }
        return {};
    case OrderInput::ElementTargets: {
        const std::string target = targetAt(battle, m_targets, point);
        if (target.empty()) {
            return tr("no target that may be chosen stands there");
        }
        if (m_next < m_elements.size()) {
            m_action.elements.push_back(ElementOrder{m_elements[m_next++], target, {}, {}});
        }
        return {};
    }
    default:
        break;
    }
    m_taken = true;
    return {};
}

} // namespace sandtable::ui
