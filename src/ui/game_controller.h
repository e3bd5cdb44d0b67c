#pragma once

#include "sandtable/game.h"

#include <QObject>
#include <QStringList>
#include <memory>
#include <optional>

class QUndoStack;

namespace sandtable::ui {

class ScenarioDocument;

/// The game in play behind the window: it performs actions through the Game, keeps the
/// document (and so the table) showing the game's battle, and puts every action on the
/// undo stack, where undo replays the game to one action earlier. It holds no rules.
class GameController : public QObject {
    Q_OBJECT
public:
    GameController(ScenarioDocument& document, std::unique_ptr<Game> game, QObject* parent = nullptr);
    ~GameController() override;

    const Game& game() const { return *m_game; }
    const ScenarioDocument& document() const { return m_document; }
    Preview preview(const Action& action) const { return m_game->preview(action); }
    /// Carries out an action; returns why it was refused, or an empty string. `reason`:
    /// the computer's, kept in the log, the save and the battle report.
    QString perform(const Action& action, const std::string& reason = {});

    // For the undo command: take back the last action, or do one again.
    void undoOne();
    void redoOne(const Action& action, const std::string& reason);

    /// Replay: the table shows the battle after the first `step` actions of the log, and
    /// nothing can be ordered until play is resumed. Stepping never rolls a die.
    void replayTo(std::size_t step);
    void resumePlay();
    bool replaying() const { return m_replayStep.has_value(); }
    /// The action shown: the log's size while playing.
    std::size_t step() const { return m_replayStep.value_or(m_game->log().size()); }

    /// The dice-log lines of one log entry: a heading, the trace, what changed.
    static QStringList logLines(const Battle& before, const LogEntry& entry);

signals:
    /// The battle, the sequence of play or the prompt changed.
    void changed();
    /// A new action was resolved (not one replayed by redo), with its dice-log lines.
    void resolved(const LogEntry& entry, const QStringList& lines);
    /// The log itself changed (an action, an undo, a redo): time to autosave.
    void logChanged();
    /// The last action was taken back.
    void undone();
    /// An undone action was done again (redo), with its dice-log lines.
    void redone(const LogEntry& entry, const QStringList& lines);

private:
    void show();

    ScenarioDocument& m_document;
    std::unique_ptr<Game> m_game;
    std::optional<std::size_t> m_replayStep;
};

} // namespace sandtable::ui
