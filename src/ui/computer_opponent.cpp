#include "computer_opponent.h"

#include "game_controller.h"

#include <QApplication>
#include <algorithm>

namespace sandtable::ui {

ComputerOpponent::ComputerOpponent(GameController& controller, QObject* parent) : QObject(parent), m_controller(controller) {
    m_timer.setSingleShot(true);
    connect(&m_timer, &QTimer::timeout, this, &ComputerOpponent::step);
    connect(&m_controller, &GameController::changed, this, &ComputerOpponent::schedule);
    connect(&m_controller, &GameController::undone, this, [this] {
        if (!m_sides.empty()) {
            m_paused = true;
            m_timer.stop();
            emit stopped(tr("The computer waits after the undo: give an order, or let it play on (C)"));
        }
    });
    connect(&m_controller, &GameController::resolved, this, [this] {
        if (!m_acting) {
            m_paused = false; // the player's own order: the computer answers it
        }
    });
}

void ComputerOpponent::setSides(std::set<std::string> sides) {
    m_sides = std::move(sides);
    m_paused = false;
    schedule();
}

void ComputerOpponent::setLevel(ComputerLevel level) {
    if (level != m_player.level()) {
        m_player = ComputerPlayer(level);
    }
}

void ComputerOpponent::playOn() {
    m_paused = false;
    schedule();
}

void ComputerOpponent::pause() {
    if (m_paused || m_sides.empty()) {
        return;
    }
    m_paused = true;
    m_timer.stop();
    emit stopped(tr("The computer is paused: C lets it play on, Ctrl+. plays one order"));
}

void ComputerOpponent::stepOnce() {
    m_stepping = true;
    if (!m_timer.isActive()) {
        m_timer.start(m_delay);
    }
}

std::optional<std::string> ComputerOpponent::sideAboutToPlay() const {
    if (m_paused || m_controller.replaying()) {
        return std::nullopt;
    }
    std::optional<std::string> side = computerToDecide(m_controller.game(), m_sides);
    return side && !side->empty() ? side : std::nullopt;
}

void ComputerOpponent::schedule() {
    if ((!m_paused || m_stepping) && !m_controller.replaying() && computerToDecide(m_controller.game(), m_sides) && !m_timer.isActive()) {
        m_timer.start(m_delay);
    }
}

void ComputerOpponent::step() {
    if (QApplication::activeModalWidget() != nullptr || QApplication::activePopupWidget() != nullptr) {
        // A question or a file dialog is open: the player is busy with it. Look again later.
        m_timer.start(std::max(m_delay, 200));
        return;
    }
    const Game& game = m_controller.game();
    const bool held = m_paused && !m_stepping;
    const std::optional<std::string> side = held || m_controller.replaying() ? std::nullopt : computerToDecide(game, m_sides);
    m_stepping = false;
    if (!side) {
        return;
    }
    const Side* found = game.battle().findSide(*side);
    const QString who = found != nullptr ? QString::fromStdString(found->name) : tr("the game");
    const Battle before = game.battle();
    m_acting = true;
    const auto played = m_player.play(game, *side, [this](const Action& action, const std::string& reason) {
        return m_controller.perform(action, reason).toStdString();
    });
    m_acting = false;
    if (!played) {
        m_paused = true;
        emit stopped(QString::fromStdString(played.error()));
        return;
    }
    emit acted(tr("Computer, %1: %2 (%3)")
                   .arg(who, QString::fromStdString(describe(before, played->action)), QString::fromStdString(played->reason)));
    // The next step was scheduled by the controller's changed() as the action landed.
}

} // namespace sandtable::ui
