#include "game_controller.h"

#include "sandtable/battle_report.h"
#include "scenario_document.h"

#include <QUndoCommand>

namespace sandtable::ui {

namespace {

/// One action of the game on the window's undo stack. Undo replays the game without it;
/// redo performs it again, which rolls the same dice.
class GameActionCommand : public QUndoCommand {
public:
    GameActionCommand(GameController& controller, Action action, std::string reason, const QString& text)
        : QUndoCommand(text), m_controller(controller), m_action(std::move(action)), m_reason(std::move(reason)) {}

    void undo() override { m_controller.undoOne(); }
    void redo() override {
        // The first redo is the push itself, after the action was already performed.
        if (m_performed) {
            m_controller.redoOne(m_action, m_reason);
        }
        m_performed = true;
    }

private:
    GameController& m_controller;
    Action m_action;
    std::string m_reason;
    bool m_performed = false;
};

QString describeAction(const Battle& battle, const Action& action) { return QString::fromStdString(describe(battle, action)); }

} // namespace

GameController::GameController(ScenarioDocument& document, std::unique_ptr<Game> game, QObject* parent)
    : QObject(parent), m_document(document), m_game(std::move(game)) {
    show();
}

GameController::~GameController() = default;

QString GameController::perform(const Action& action, const std::string& reason) {
    if (replaying()) {
        return tr("this is a replay: resume play to give orders");
    }
    const Battle before = m_game->battle();
    const auto done = m_game->perform(action, reason);
    if (!done) {
        return QString::fromStdString(done.error());
    }
    const LogEntry& entry = **done;
    m_document.undoStack()->push(new GameActionCommand(*this, action, reason, describeAction(before, action)));
    show();
    emit resolved(entry, logLines(before, entry));
    emit logChanged();
    return {};
}

void GameController::undoOne() {
    m_replayStep.reset();
    m_game->undo();
    emit undone();
    show();
    emit logChanged();
}

void GameController::redoOne(const Action& action, const std::string& reason) {
    m_replayStep.reset();
    // Replayed from the same state with the same dice, it cannot be refused now.
    const Battle before = m_game->battle();
    const auto done = m_game->perform(action, reason);
    show();
    if (done) {
        emit redone(**done, logLines(before, **done));
    }
    emit logChanged();
}

void GameController::replayTo(std::size_t step) {
    m_replayStep = std::min(step, m_game->log().size());
    show();
}

void GameController::resumePlay() {
    m_replayStep.reset();
    show();
}

void GameController::show() {
    m_document.setBattle(m_replayStep ? m_game->battleAfter(*m_replayStep) : m_game->battle());
    emit changed();
}

QStringList GameController::logLines(const Battle& before, const LogEntry& entry) {
    const ReportEntry told = reportEntry(before, entry);
    QStringList lines;
    lines << QStringLiteral("— Turn %1: %2 —").arg(before.turn).arg(QString::fromStdString(told.heading));
    for (const std::string& line : told.trace) {
        lines << QStringLiteral("  ") + QString::fromStdString(line);
    }
    for (const std::string& line : told.changes) {
        lines << QStringLiteral("  → ") + QString::fromStdString(line);
    }
    if (!told.question.empty()) {
        lines << QStringLiteral("  ? ") + QString::fromStdString(told.question);
    }
    return lines;
}

} // namespace sandtable::ui
