#pragma once

#include "sandtable/computer_player.h"

#include <QObject>
#include <QString>
#include <QTimer>
#include <optional>
#include <set>
#include <string>

namespace sandtable::ui {

class GameController;

/// The computer playing one or both sides of the game in play, for solo refights. Whenever
/// a side it plays is to decide (or the game waits on nobody, as for turning a card), it
/// takes its next action a moment later through the controller, so the table, the dice
/// tray, the log and undo treat it as any order. It holds no rules: choosing is the
/// core's computer player. After an undo it waits, so the player can take back its moves;
/// the player's own next order, or playOn(), sets it going again. It never acts behind a
/// dialog (a question, a file to choose): it waits until the dialog is closed.
class ComputerOpponent : public QObject {
    Q_OBJECT
public:
    explicit ComputerOpponent(GameController& controller, QObject* parent = nullptr);

    void setSides(std::set<std::string> sides);
    const std::set<std::string>& sides() const { return m_sides; }
    /// How well it plays (ComputerLevel); a new level starts its thinking afresh.
    void setLevel(ComputerLevel level);
    ComputerLevel level() const { return m_player.level(); }
    /// How long it waits before each action, so the player can follow (0 in tests).
    void setDelay(int milliseconds) { m_delay = milliseconds; }
    int delay() const { return m_delay; }
    bool paused() const { return m_paused; }
    /// Goes on after an undo, a pause, or after it had nothing it could do.
    void playOn();
    /// Stops after the action under way, until playOn() or the player's own order.
    void pause();
    /// One action of a side it plays, then paused again: to follow its play order by order.
    void stepOnce();
    /// The side it is about to give an order for, while it waits its delay or thinks: one
    /// of its sides is to decide and it is neither paused nor the game replaying. None
    /// when the game waits on nobody (a card to turn), which the player may do as well.
    std::optional<std::string> sideAboutToPlay() const;

signals:
    /// One action taken: "Computer, Blue: 1st Hussars: charge ... (why)".
    void acted(const QString& line);
    /// It has stopped: why, for the status bar.
    void stopped(const QString& why);

private:
    void schedule();
    void step();

    GameController& m_controller;
    ComputerPlayer m_player; // remembers between its actions what the last ones left unchanged
    std::set<std::string> m_sides;
    QTimer m_timer;
    int m_delay = 600;
    bool m_paused = false;
    bool m_acting = false;
    bool m_stepping = false; // stepOnce(): one action through the pause
};

} // namespace sandtable::ui
