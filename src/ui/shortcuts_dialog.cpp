#include "shortcuts_dialog.h"

#include <QDialog>
#include <QDialogButtonBox>
#include <QHeaderView>
#include <QMenu>
#include <QMenuBar>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace sandtable::ui {

namespace {

QString plain(QString text) { return text.remove('&'); }

void addMenu(QTreeWidgetItem* parent, const QMenu& menu) {
    for (QAction* action : menu.actions()) {
        if (action->menu() != nullptr) {
            addMenu(parent, *action->menu());
        } else if (!action->shortcut().isEmpty()) {
            auto* item = new QTreeWidgetItem(parent);
            item->setText(0, plain(action->text()));
            item->setText(1, action->shortcut().toString(QKeySequence::NativeText));
        }
    }
}

} // namespace

QTreeWidget* shortcutsTree(const QMenuBar& menus, QWidget* parent) {
    auto* tree = new QTreeWidget(parent);
    tree->setHeaderLabels({QObject::tr("Command"), QObject::tr("Key")});
    for (QAction* top : menus.actions()) {
        if (top->menu() == nullptr) {
            continue;
        }
        auto* group = new QTreeWidgetItem(tree, {plain(top->text())});
        addMenu(group, *top->menu());
        if (group->childCount() == 0) {
            delete group;
        }
    }
    auto* table = new QTreeWidgetItem(tree, {QObject::tr("On the table")});
    const std::pair<const char*, const char*> keys[] = {
        {"Zoom", "Wheel, + and -"},
        {"Pan", "Drag empty table, arrow keys"},
        {"Select; add to the selection", "Click; Ctrl+click"},
        {"Selection band", "Shift+drag"},
        {"Turn the selected units 5° (15° with Shift)", "[ and ]"},
        {"Cancel a route or a pick", "Esc"},
    };
    for (const auto& [what, key] : keys) {
        new QTreeWidgetItem(table, {QObject::tr(what), QObject::tr(key)});
    }
    tree->expandAll();
    tree->header()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
    return tree;
}

void showShortcuts(QWidget* parent, const QMenuBar& menus) {
    QDialog dialog(parent);
    dialog.setWindowTitle(QObject::tr("Keyboard Shortcuts"));
    auto* layout = new QVBoxLayout(&dialog);
    layout->addWidget(shortcutsTree(menus, &dialog));
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, &dialog);
    QObject::connect(buttons, &QDialogButtonBox::rejected, &dialog, &QDialog::reject);
    layout->addWidget(buttons);
    dialog.resize(620, 720);
    dialog.exec();
}

} // namespace sandtable::ui
