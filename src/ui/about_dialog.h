#pragma once

#include <QString>

class QWidget;

namespace sandtable::ui {

/// Help > About: the version, each ruleset this build plays with its version and the rule
/// text it is drawn from (a link to the installed text), and where the shipped files are.
QString aboutText();
void showAbout(QWidget* parent);

} // namespace sandtable::ui
