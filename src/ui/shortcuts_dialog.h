#pragma once

class QMenuBar;
class QTreeWidget;
class QWidget;

namespace sandtable::ui {

/// Help > Keyboard Shortcuts: every menu command that has a key, read from the menus
/// themselves (so the list is never out of date), with the table view's own keys.
void showShortcuts(QWidget* parent, const QMenuBar& menus);
/// The list the dialog shows: a group per menu (and one for the table), each command with its key.
QTreeWidget* shortcutsTree(const QMenuBar& menus, QWidget* parent = nullptr);

} // namespace sandtable::ui
