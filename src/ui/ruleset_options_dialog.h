#pragma once

#include "sandtable/ruleset.h"

#include <QDialog>

namespace sandtable::ui {

class RulesetOptionsForm;

/// Game > Rules Options: the options the game in play uses, each with the ruling that
/// makes it one. They may be changed only before the first order (the game then starts
/// again, with the same seed); after it they are shown as recorded in the save.
class RulesetOptionsDialog : public QDialog {
    Q_OBJECT
public:
    RulesetOptionsDialog(const RulesetInfo& info, const RulesetOptions& chosen, bool editable, QWidget* parent = nullptr);

    RulesetOptions chosen() const;
    RulesetOptionsForm* form() const { return m_form; }

private:
    RulesetOptionsForm* m_form;
};

} // namespace sandtable::ui
