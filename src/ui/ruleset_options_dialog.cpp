#include "ruleset_options_dialog.h"

#include "ruleset_options_form.h"

#include <QDialogButtonBox>
#include <QLabel>
#include <QScrollArea>
#include <QVBoxLayout>

namespace sandtable::ui {

RulesetOptionsDialog::RulesetOptionsDialog(const RulesetInfo& info, const RulesetOptions& chosen, bool editable, QWidget* parent)
    : QDialog(parent), m_form(new RulesetOptionsForm) {
    setWindowTitle(tr("Rules Options: %1").arg(QString::fromStdString(info.name)));
    m_form->setOptions(info.options, chosen);
    m_form->setReadOnly(!editable);
    auto* intro = new QLabel(editable ? tr("No order has been given yet: changed options start the game again, with the same seed.")
                                      : tr("These options were fixed when the game began and are recorded in its save. To play with "
                                           "others, start the scenario again (File > Open) and change them before the first order."));
    intro->setWordWrap(true);
    auto* scroll = new QScrollArea;
    scroll->setWidget(m_form);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    auto* buttons = new QDialogButtonBox(editable ? QDialogButtonBox::Ok | QDialogButtonBox::Cancel : QDialogButtonBox::Close);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(intro);
    layout->addWidget(scroll, 1);
    layout->addWidget(buttons);
    resize(640, 600);
}

RulesetOptions RulesetOptionsDialog::chosen() const { return m_form->chosen(); }

} // namespace sandtable::ui
