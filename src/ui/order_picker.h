#pragma once

#include "sandtable/action.h"
#include "sandtable/battle.h"
#include "sandtable/offer.h"

#include <QCoreApplication>
#include <QPointF>
#include <QString>
#include <string>
#include <vector>

namespace sandtable::ui {

/// An order or an answer filled in by clicks on the table: the point or box it names, a
/// place for each of its elements in turn, or a target for each. It knows no rules: it
/// fills in what the offer or the prompt asks for, and the game judges the result.
class OrderPicker {
    Q_DECLARE_TR_FUNCTIONS(OrderPicker)

public:
    /// `elements` are those to place or aim, in order; `targets` those an element may aim at.
    OrderPicker(Action action, OrderInput input, std::vector<std::string> elements, std::vector<std::string> targets, bool answering);

    /// What the next click is for: "Click the box Blue Guards goes to (Esc cancels)".
    QString instruction(const Battle& battle) const;
    /// Takes a click at `at` (table millimetres). Returns why it could not be used (no
    /// allowed target there), or an empty text.
    QString take(const Battle& battle, const QPointF& at);
    bool done() const;
    const Action& action() const { return m_action; }
    /// Whether the action answers a prompt (performed at once) or is an order (previewed).
    bool answering() const { return m_answering; }

private:
    Action m_action;
    OrderInput m_input;
    std::vector<std::string> m_elements;
    std::vector<std::string> m_targets;
    bool m_answering;
    std::size_t m_next = 0; // the element the next click is for
    bool m_taken = false;   // a point, box or path has been clicked
};

} // namespace sandtable::ui
