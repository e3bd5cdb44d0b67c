#include "replay_bar.h"

#include "game_controller.h"
#include "scenario_document.h"

#include <QComboBox>
#include <QLabel>
#include <QStyle>
#include <algorithm>

namespace sandtable::ui {

ReplayBar::ReplayBar(GameController& controller, QWidget* parent) : QToolBar(tr("Replay"), parent), m_controller(controller) {
    setObjectName("replay");
    auto add = [this](QStyle::StandardPixmap icon, const QString& text, QKeySequence key, void (ReplayBar::*slot)()) {
        QAction* action = addAction(style()->standardIcon(icon), text, this, slot);
        action->setShortcut(key);
        action->setToolTip(tr("%1 (%2)").arg(text, key.toString(QKeySequence::NativeText)));
        m_actions << action;
    };
    add(QStyle::SP_MediaSkipBackward, tr("To the start"), QKeySequence(Qt::ALT | Qt::Key_Home), &ReplayBar::toStart);
    add(QStyle::SP_MediaSeekBackward, tr("One action back"), QKeySequence(Qt::ALT | Qt::Key_Left), &ReplayBar::stepBack);
    add(QStyle::SP_MediaSeekForward, tr("One action forward"), QKeySequence(Qt::ALT | Qt::Key_Right), &ReplayBar::stepForward);
    add(QStyle::SP_MediaPlay, tr("Resume play"), QKeySequence(Qt::ALT | Qt::Key_End), &ReplayBar::resume);
    m_turns = new QComboBox(this);
    m_turns->setToolTip(tr("Jump to the start of a turn"));
    addWidget(m_turns);
    connect(m_turns, &QComboBox::activated, this, [this](int index) { toTurn(m_turns->itemData(index).toInt()); });
    m_where = new QLabel(this);
    m_where->setMinimumWidth(m_where->fontMetrics().horizontalAdvance(tr("  replay: action 8888 of 8888  ")));
    addWidget(m_where);
    connect(&m_controller, &GameController::changed, this, &ReplayBar::refresh);
    refresh();
}

void ReplayBar::go(std::size_t step) {
    if (step >= m_controller.game().log().size()) {
        resume();
        return;
    }
    m_controller.replayTo(step);
    emit stepShown(step);
}

void ReplayBar::stepBack() {
    const std::size_t step = m_controller.step();
    if (step > 0) {
        go(step - 1);
    }
}

void ReplayBar::stepForward() {
    if (m_controller.replaying()) {
        go(m_controller.step() + 1);
    }
}

void ReplayBar::toStart() { go(0); }

void ReplayBar::resume() {
    const bool was = m_controller.replaying();
    m_controller.resumePlay();
    if (was) {
        emit stepShown(m_controller.game().log().size());
    }
}

void ReplayBar::toTurn(int turn) {
    const Game& game = m_controller.game();
    Battle battle = game.startingBattle();
    for (std::size_t i = 0; i < game.log().size(); ++i) {
        if (battle.turn >= turn) {
            go(i);
            return;
        }
        for (const Event& event : game.log()[i].resolution.events) {
            applyEvent(battle, event);
        }
    }
    resume();
}

void ReplayBar::refresh() {
    const Game& game = m_controller.game();
    const std::size_t total = game.log().size();
    m_where->setText(m_controller.replaying() ? tr("  replay: action %1 of %2").arg(m_controller.step()).arg(total)
                                              : tr("  playing: %1 actions").arg(total));
    const int turns = game.battle().turn;
    if (m_turns->count() != turns) {
        m_turns->clear();
        for (int turn = 1; turn <= turns; ++turn) {
            m_turns->addItem(tr("Turn %1").arg(turn), turn);
        }
    }
    // The turn on the table: the one shown while replaying, else the game's. (Rebuilt,
    // the list showed turn 1 whatever the turn.) Set by hand, it jumps nowhere: only a
    // choice of the player's (activated) does.
    m_turns->setCurrentIndex(std::clamp(m_controller.document().battle().turn, 1, std::max(turns, 1)) - 1);
    for (QAction* action : m_actions) {
        action->setEnabled(total > 0);
    }
}

} // namespace sandtable::ui
