#include "ruleset_options_form.h"

#include <QComboBox>
#include <QFormLayout>
#include <QLabel>
#include <QVBoxLayout>

namespace sandtable::ui {

RulesetOptionsForm::RulesetOptionsForm(QWidget* parent) : QWidget(parent), m_form(new QFormLayout(this)) {
    m_form->setContentsMargins(0, 0, 0, 0);
    m_form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
}

void RulesetOptionsForm::setOptions(const std::vector<RulesetOption>& declared, const RulesetOptions& chosen) {
    while (m_form->rowCount() > 0) {
        m_form->removeRow(0);
    }
    m_lists.clear();
    if (declared.empty()) {
        m_form->addRow(new QLabel(tr("This ruleset has no options.")));
        return;
    }
    for (const RulesetOption& option : declared) {
        auto* list = new QComboBox;
        for (const std::string& choice : option.choices) {
            const QString text = QString::fromStdString(choice) + (choice == option.defaultChoice ? tr(" (default)") : QString());
            list->addItem(text, QString::fromStdString(choice));
        }
        const auto found = chosen.find(option.id);
        const std::string value = found != chosen.end() ? found->second : option.defaultChoice;
        list->setCurrentIndex(std::max(0, list->findData(QString::fromStdString(value))));
        const QString description = QString::fromStdString(option.description);
        list->setToolTip(description);
        list->setObjectName(QString::fromStdString(option.id));
        auto* field = new QWidget;
        auto* column = new QVBoxLayout(field);
        column->setContentsMargins(0, 0, 0, 0);
        column->addWidget(list);
        auto* about = new QLabel(description);
        about->setWordWrap(true);
        about->setEnabled(false); // a quieter colour: it explains, it is not set
        column->addWidget(about);
        auto* label = new QLabel(QString::fromStdString(option.name) + ":");
        label->setBuddy(list);
        m_form->addRow(label, field);
        m_lists.emplace_back(option.id, list);
    }
}

RulesetOptions RulesetOptionsForm::chosen() const {
    RulesetOptions options;
    for (const auto& [id, list] : m_lists) {
        options[id] = list->currentData().toString().toStdString();
    }
    return options;
}

bool RulesetOptionsForm::choose(const std::string& option, const std::string& value) {
    for (const auto& [id, list] : m_lists) {
        if (id == option) {
            const int index = list->findData(QString::fromStdString(value));
            if (index >= 0) {
                list->setCurrentIndex(index);
                return true;
            }
        }
    }
    return false;
}

void RulesetOptionsForm::setReadOnly(bool readOnly) {
    for (const auto& [id, list] : m_lists) {
        list->setEnabled(!readOnly);
    }
}

} // namespace sandtable::ui
