#pragma once

#include <QToolBar>

class QComboBox;
class QLabel;

namespace sandtable::ui {

class GameController;

/// Steps back and forth through the game's log: to the start, one action back, one
/// forward, to the start of any turn, and back to play; the table and the dice log follow.
/// Keys: Alt+Left and Alt+Right step, Alt+Home goes to the start, Alt+End resumes play (Alt,
/// because text fields and lists take Ctrl with the arrows for their own moves).
class ReplayBar : public QToolBar {
    Q_OBJECT
public:
    explicit ReplayBar(GameController& controller, QWidget* parent = nullptr);

    void stepBack();
    void stepForward();
    void toStart();
    void resume();
    /// To the first action of `turn` (the battle as that turn began).
    void toTurn(int turn);

signals:
    /// The step shown changed: the first `step` actions of the log are on the table.
    void stepShown(std::size_t step);

private:
    void go(std::size_t step);
    void refresh();

    GameController& m_controller;
    QLabel* m_where = nullptr;
    QComboBox* m_turns = nullptr;
    QList<QAction*> m_actions;
};

} // namespace sandtable::ui
