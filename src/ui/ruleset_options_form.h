#pragma once

#include "sandtable/ruleset.h"

#include <QWidget>
#include <vector>

class QComboBox;
class QFormLayout;

namespace sandtable::ui {

/// A ruleset's declared options as a form: a list of choices per option, its name as the
/// label, its description (the ruling that makes it an option) as the tooltip and below
/// the list, and the default marked. Built from RulesetInfo::options, so every ruleset
/// gets its form without a line of its own in the window.
class RulesetOptionsForm : public QWidget {
    Q_OBJECT
public:
    explicit RulesetOptionsForm(QWidget* parent = nullptr);

    /// Shows `declared`, each set to its value in `chosen` (its default where absent).
    void setOptions(const std::vector<RulesetOption>& declared, const RulesetOptions& chosen);
    /// Every declared option with the value shown.
    RulesetOptions chosen() const;
    /// Sets one option's value; false if the form has no such option or choice.
    bool choose(const std::string& option, const std::string& value);
    void setReadOnly(bool readOnly);
    bool isEmpty() const { return m_lists.empty(); }

private:
    QFormLayout* m_form;
    std::vector<std::pair<std::string, QComboBox*>> m_lists;
};

} // namespace sandtable::ui
