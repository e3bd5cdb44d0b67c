#include "order_rows.h"

#include "sandtable/geometry.h"

namespace sandtable::ui {

namespace {

QString tr(const char* text) { return QCoreApplication::translate("OrderRows", text); }

} // namespace

QListWidgetItem* chooseRowStartingWith(QListWidget& list, const QString& label) {
    for (int row = 0; row < list.count(); ++row) {
        if (list.item(row)->text().startsWith(label)) {
            list.setCurrentRow(row);
            return list.item(row);
        }
    }
    return nullptr;
}

QString unitName(const Battle& battle, const std::string& id) {
    const Unit* unit = battle.findUnit(id);
    return unit != nullptr ? QString::fromStdString(unit->name) : QString::fromStdString(id);
}

std::vector<std::pair<QString, double>> turnsFrom(double facing) {
    return {{tr("About face"), normaliseDegrees(facing + 180)},
            {tr("Turn 45° right"), normaliseDegrees(facing + 45)},
            {tr("Turn 45° left"), normaliseDegrees(facing - 45)}};
}

std::vector<OrderRow> orderRows(const Battle& battle, const std::vector<Offer>& offers) {
    std::vector<OrderRow> rows;
    auto add = [&](const QString& label, Action action, const Offer& offer, OrderInput input) {
        rows.push_back({label, std::move(action), offer, input});
    };
    for (const Offer& offer : offers) {
        const QString label = QString::fromStdString(offer.label);
        const Unit* unit = battle.findUnit(offer.unit);
        switch (offer.input) {
        case OrderInput::Target:
            for (const std::string& target : offer.targets) {
                Action action = actionOf(offer);
                action.target = target;
                add(label + tr(" at ") + unitName(battle, target), std::move(action), offer, OrderInput::None);
            }
            break;
        case OrderInput::ElementTargets:
            // Every element at one target, or each picked on the table.
            for (const std::string& target : offer.targets) {
                Action action = actionOf(offer);
                for (const std::string& element : offer.elements) {
                    action.elements.push_back(ElementOrder{element, target, {}, {}});
                }
                add(label + tr(" at ") + unitName(battle, target) + tr(" (all)"), std::move(action), offer, OrderInput::None);
            }
            add(label + tr(": pick each target on the table"), actionOf(offer), offer, OrderInput::ElementTargets);
            break;
        case OrderInput::Facing:
            if (unit != nullptr && !unit->elements.empty()) {
                for (const auto& [text, facing] : turnsFrom(unit->elements.front().facing)) {
                    Action action = actionOf(offer);
                    action.facing = facing;
                    add(text, std::move(action), offer, OrderInput::None);
                }
            }
            break;
        case OrderInput::Point:
        case OrderInput::Box:
        case OrderInput::Placement:
            add(label + tr(" (on the table)"), actionOf(offer), offer, offer.input);
            break;
        case OrderInput::Path:
        case OrderInput::None:
        case OrderInput::Choice:
            add(label + (offer.role == OrderRole::EndActivation ? tr("  (E)") : QString()), actionOf(offer), offer,
                offer.input == OrderInput::Path ? OrderInput::Path : OrderInput::None);
            break;
        }
    }
    return rows;
}

} // namespace sandtable::ui
