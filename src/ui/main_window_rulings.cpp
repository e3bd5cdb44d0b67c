// MainWindow: the rulings board's doors, File > New Ruling and Game > Ask a Ruling Here.

#include "game_controller.h"
#include "main_window.h"
#include "new_battle_dialog.h"
#include "ruling_board.h"
#include "sandtable/ruleset_registry.h"
#include "scenario_document.h"

#include <QMenu>
#include <QMessageBox>
#include <QPlainTextEdit>

namespace sandtable::ui {

void MainWindow::buildRulingActions(QMenu* file, QMenu* game) {
    file->addAction(tr("New R&uling..."), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_N), this, [this] {
        NewBattleDialog dialog(this);
        dialog.setWindowTitle(tr("New Ruling"));
        dialog.setName(tr("At the table")); // the board is named "Ruling: At the table"
        if (dialog.exec() == QDialog::Accepted) {
            newRulingBoard(dialog.settings());
        }
    });
    game->addAction(tr("&Ask a Ruling Here"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_A), this, &MainWindow::askRulingHere);
}

RulingBoard* MainWindow::openBoard(Scenario scenario, const nlohmann::json& options, bool setUp) {
    auto ruleset = makeRuleset(scenario.rulesetId, options);
    if (!ruleset) {
        QMessageBox::warning(this, tr("Cannot open a rulings board"), QString::fromStdString(ruleset.error()));
        return nullptr;
    }
    BoardPalette palette = shippedPalette(scenario.rulesetId);
    if (setUp && scenario.battle.units.empty() && !palette.sides.empty()) {
        scenario.battle.sides = palette.sides; // a new board: the ruleset's own sides
    }
    if (setUp) {
        // Set up as a game starts (activation dice, a shuffled deck), so that the rules
        // find the state they read. A table a game could not start on is shown as it is.
        auto copy = makeRuleset(scenario.rulesetId, options);
        auto started = Game::start(scenario, std::move(copy).value(), m_nextSeed.value_or(1));
        if (started) {
            scenario.battle = (*started)->battle();
        }
    }
    auto* board = new RulingBoard(std::move(scenario), std::move(ruleset).value(), std::move(palette), this);
    board->show();
    log(tr("Opened a rulings board for %1").arg(QString::fromStdString(board->ruleset().info().name)));
    return board;
}

RulingBoard* MainWindow::newRulingBoard(const NewBattleSettings& settings) {
    NewBattle made = sandtable::newBattle(settings);
    made.scenario.name = "Ruling: " + settings.name;
    nlohmann::json options = nlohmann::json::object();
    for (const auto& [id, choice] : settings.rulesetOptions) {
        options[id] = choice;
    }
    made.scenario.rulesetOptions = options;
    return openBoard(std::move(made.scenario), options, true);
}

RulingBoard* MainWindow::askRulingHere() {
    if (!m_document) {
        return nullptr;
    }
    Scenario scenario = m_document->scenario();
    nlohmann::json options = scenario.rulesetOptions;
    if (m_game) {
        // The battle as it stands in the game, with the game's options: a copy.
        scenario.battle = m_game->game().battle();
        options = nlohmann::json::object();
        for (const auto& [id, choice] : m_game->game().ruleset().options()) {
            options[id] = choice;
        }
        scenario.rulesetOptions = options;
    }
    scenario.name = "Ruling: " + scenario.name;
    return openBoard(std::move(scenario), options, !m_game);
}

} // namespace sandtable::ui
