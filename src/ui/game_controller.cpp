#include "game_controller.h"

#include "scenario_document.h"

#include <QUndoCommand>

namespace sandtable::ui {

namespace {

/// One action of the game on the window's undo stack. Undo replays the game without it;
/// redo performs it again, which rolls the same dice.
class GameActionCommand : public QUndoCommand {
public:
    GameActionCommand(GameController& controller, Action action, const QString& text)
        : QUndoCommand(text), m_controller(controller), m_action(std::move(action)) {}

    void undo() override { m_controller.undoOne(); }
    void redo() override {
        // The first redo is the push itself, after the action was already performed.
        if (m_performed) {
            m_controller.redoOne(m_action);
        }
        m_performed = true;
    }

private:
    GameController& m_controller;
    Action m_action;
    bool m_performed = false;
};

QString describeAction(const Battle& battle, const Action& action) {
    const Unit* unit = battle.findUnit(action.unit);
    const Unit* target = battle.findUnit(action.target);
    QString text = QString::fromStdString(action.type);
    if (unit != nullptr) {
        text = QString::fromStdString(unit->name) + ": " + text;
    }
    if (target != nullptr) {
        text += " " + QString::fromStdString(target->name);
    }
    if (!action.choice.empty()) {
        text += " (" + QString::fromStdString(action.choice) + ")";
    }
    return text;
}

} // namespace

GameController::GameController(ScenarioDocument& document, std::unique_ptr<Game> game, QObject* parent)
    : QObject(parent), m_document(document), m_game(std::move(game)) {
    show();
}

GameController::~GameController() = default;

QString GameController::perform(const Action& action) {
    const Battle before = m_game->battle();
    const auto done = m_game->perform(action);
    if (!done) {
        return QString::fromStdString(done.error());
    }
    const LogEntry& entry = **done;
    m_document.undoStack()->push(new GameActionCommand(*this, action, describeAction(before, action)));
    show();
    emit resolved(entry, logLines(before, entry));
    return {};
}

void GameController::undoOne() {
    m_game->undo();
    show();
}

void GameController::redoOne(const Action& action) {
    // Replayed from the same state with the same dice, it cannot be refused now.
    [[maybe_unused]] const auto done = m_game->perform(action);
    show();
}

void GameController::show() {
    m_document.setBattle(m_game->battle());
    emit changed();
}

QStringList GameController::logLines(const Battle& before, const LogEntry& entry) {
    QStringList lines;
    lines << QStringLiteral("— Turn %1: %2 —").arg(before.turn).arg(describeAction(before, entry.action));
    for (const std::string& line : toText(entry.resolution.trace)) {
        lines << QStringLiteral("  ") + QString::fromStdString(line);
    }
    Battle battle = before;
    for (const Event& event : entry.resolution.events) {
        // Session bookkeeping (decks, pools) is not news for the players.
        if (!std::holds_alternative<event::SessionSet>(event) && !std::holds_alternative<event::CounterSet>(event)) {
            lines << QStringLiteral("  → ") + QString::fromStdString(describe(battle, event));
        }
        applyEvent(battle, event);
    }
    if (entry.resolution.prompt) {
        lines << QStringLiteral("  ? ") + QString::fromStdString(entry.resolution.prompt->question);
    }
    return lines;
}

} // namespace sandtable::ui
