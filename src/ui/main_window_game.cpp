// The main window's game: starting one from a scenario or a save, saving it, the autosave
// and crash recovery, the replay bar and the battle report.

#include "autosave.h"
#include "computer_opponent.h"
#include "game_controller.h"
#include "main_window.h"
#include "play_dock.h"
#include "printed_exports.h"
#include "refight_dialog.h"
#include "replay_bar.h"
#include "ruleset_options_dialog.h"
#include "sandtable/battle_report.h"
#include "sandtable/replay.h"
#include "sandtable/ruleset_registry.h"
#include "sandtable/save_file.h"
#include "scenario_document.h"
#include "shipped_files.h"
#include "table_scene.h"
#include "table_view.h"
#include "unit_inspector_dock.h"
#include "unit_item.h"

#include <QActionGroup>
#include <QFileDialog>
#include <QFileInfo>
#include <QLabel>
#include <QMenu>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QProgressDialog>
#include <QSaveFile>
#include <QSettings>
#include <QStatusBar>
#include <QTextBlock>
#include <QTextCursor>
#include <QTextDocument>
#include <random>

namespace sandtable::ui {

namespace {

QString writeText(const QString& path, const std::string& text) {
    // QSaveFile writes beside the target and renames: a failed save never breaks a file.
    QSaveFile out(path);
    if (!out.open(QIODevice::WriteOnly) || out.write(text.data(), static_cast<qint64>(text.size())) < 0 || !out.commit()) {
        return QObject::tr("%1 could not be written: %2").arg(path, out.errorString());
    }
    return {};
}

} // namespace

QString MainWindow::openFile(const QString& path) {
    if (path.endsWith(QStringLiteral(".sandtable"), Qt::CaseInsensitive)) {
        return openSave(path);
    }
    // A save the command line wrote under a scenario's name (game.json) is refused as a
    // scenario, with a list of unknown keys: then what it says it is decides. Asked only
    // then, so that a scenario is read once.
    const QString problems = openScenario(path);
    return problems.isEmpty() || !isSaveFile(path.toStdString()) ? problems : openSave(path);
}

QString MainWindow::openSave(const QString& path) {
    const QString name = QFileInfo(path).fileName();
    const auto save = loadSave(path.toStdString());
    if (!save) {
        return QString::fromStdString(toString(save.error()));
    }
    auto replaying = replay(*save, makeRuleset);
    if (!replaying) {
        return name + ": " + QString::fromStdString(replaying.error());
    }
    Replay replayed = std::move(replaying).value();
    std::unique_ptr<Game> game = std::move(replayed.game);
    if (replayed.difference) {
        const QString why = QString::fromStdString(replayed.difference->message);
        const bool open = m_askOpenBefore ? m_askOpenBefore(why)
                                          : QMessageBox::question(this, tr("%1 does not reproduce").arg(name),
                                                                  tr("%1.\n\nOpen the game as it stood just before it "
                                                                     "(%2 actions)?")
                                                                      .arg(why)
                                                                      .arg(game->log().size())) == QMessageBox::Yes;
        if (!open) {
            return name + ": " + why;
        }
    }
    showScenario(save->scenario, path);
    log(replayed.drift ? tr("Opened the saved game %1: %2 actions replayed by this version's rules").arg(name).arg(game->log().size())
                       : tr("Opened the saved game %1: %2 actions replayed, every state checked").arg(name).arg(game->log().size()));
    for (const std::string& note : replayed.notes) {
        log(tr("Note: %1").arg(QString::fromStdString(note)));
    }
    if (replayed.difference) {
        log(tr("Opened as it stood before the difference: %1").arg(QString::fromStdString(replayed.difference->message)));
    }
    if (replayed.drift) {
        // Nothing is lost, but the file no longer says what this version plays: saving
        // writes it anew.
        const QString why = QString::fromStdString(replayed.drift->message);
        log(tr("From an older version: %1").arg(why));
        statusBar()->showMessage(tr("%1 was made with another version of the rules; it plays on by this one's").arg(name), 10000);
    }
    playGame(std::move(game));
    if (!save->computerSides.empty()) {
        // The game goes on as it was being played: the computer takes its sides again, at
        // the level it played them.
        setComputerLevel(save->computerLevel);
        QStringList sides;
        for (const std::string& side : save->computerSides) {
            sides << QString::fromStdString(side);
        }
        setComputerSides(sides);
    }
    if (!replayed.difference) {
        m_savePath = path;
        m_savedHash = replayed.drift ? std::string() : m_game->game().stateHash();
    }
    rememberRecent(path);
    return {};
}

void MainWindow::startGame(const Scenario& scenario) {
    // A scenario its ruleset can play starts a game; any other is laid out by hand.
    auto ruleset = makeRuleset(scenario.rulesetId, scenario.rulesetOptions);
    if (!ruleset) {
        log(tr("Laying out only: %1").arg(QString::fromStdString(ruleset.error())));
        playGame(nullptr);
        return;
    }
    std::uint64_t seed = 0;
    if (m_nextSeed) {
        seed = *m_nextSeed;
    } else {
        // The one place a game's randomness comes from outside its stream: the seed.
        std::random_device device;
        seed = (static_cast<std::uint64_t>(device()) << 32) | device();
    }
    auto started = Game::start(scenario, std::move(ruleset).value(), seed);
    if (!started) {
        log(tr("Laying out only: %1").arg(QString::fromStdString(started.error())));
        playGame(nullptr);
        return;
    }
    log(tr("Game started with %1, seed %2").arg(QString::fromStdString((*started)->ruleset().info().name)).arg(seed));
    for (const std::string& line : toText((*started)->opening().trace)) {
        log(QStringLiteral("  ") + QString::fromStdString(line));
    }
    playGame(std::move(started).value());
}

void MainWindow::playGame(std::unique_ptr<Game> game) {
    m_actionLines.clear();
    for (QAction* action : m_gameActions) {
        action->setEnabled(game != nullptr);
    }
    m_view->setLayoutEditing(game == nullptr);
    if (!game) {
        return;
    }
    m_game = std::make_unique<GameController>(*m_document, std::move(game));
    m_inspector->setUnitState([this](const std::string& unitId) {
        QStringList state;
        if (const std::string said = m_game->game().ruleset().unitState(m_document->battle(), unitId); !said.empty()) {
            state << QString::fromStdString(said);
        }
        // The counters the rules read (an activation die), as the table shows them beside the unit.
        if (const Unit* unit = m_document->battle().findUnit(unitId)) {
            for (const ShownCounter& counter : shownCounters(m_game->game().ruleset(), *unit)) {
                state << QStringLiteral("%1: %2").arg(counter.name).arg(counter.value);
            }
        }
        return state.join("; ");
    });
    m_view->setOverlaySource([this](const std::string& unitId) -> std::optional<OverlaySettings> {
        if (!m_game || m_rulesOverlays == nullptr || !m_rulesOverlays->isChecked()) {
            return std::nullopt;
        }
        return overlaySettingsFrom(m_game->game().ruleset().overlay(m_document->battle(), unitId), m_document->battle().table);
    });
    m_scene->setCounterSource([this](const std::string& unitId) {
        const Unit* unit = m_document->battle().findUnit(unitId);
        return m_game && unit != nullptr ? shownCounters(m_game->game().ruleset(), *unit) : std::vector<ShownCounter>{};
    });
    m_scene->setFigureSource([this](const std::string& unitId) {
        return m_game ? m_game->game().ruleset().unitFigures(m_document->battle(), unitId) : std::vector<UnitFigure>{};
    });
    m_scene->setFormationSource([this](const std::string& unitId) {
        const Unit* unit = m_document->battle().findUnit(unitId);
        return m_game && unit != nullptr ? m_game->game().ruleset().formationShape(*unit) : FormationShape::Line;
    });
    m_savedHash = m_game->game().openingHash();
    m_playDock = new PlayDock(*m_game, this);
    addDockWidget(Qt::RightDockWidgetArea, m_playDock);
    m_replayBar = new ReplayBar(*m_game, this);
    addToolBar(Qt::TopToolBarArea, m_replayBar);
    // Added to a window already on screen, they show only when told to; then the layout
    // the player left is restored for them too.
    m_playDock->show();
    m_replayBar->show();
    restoreLayout();
    connect(m_replayBar, &ReplayBar::stepShown, this, &MainWindow::logReplayStep);
    connect(m_game.get(), &GameController::resolved, this, [this](const LogEntry&, const QStringList& lines) { logAction(lines); });
    connect(m_game.get(), &GameController::redone, this, [this](const LogEntry&, const QStringList& lines) { logAction(lines); });
    connect(m_game.get(), &GameController::undone, this, &MainWindow::unlogAction);
    connect(m_game.get(), &GameController::logChanged, this, &MainWindow::writeAutosave);
    m_computer = std::make_unique<ComputerOpponent>(*m_game);
    m_computer->setDelay(QSettings().value("computer/delayMs", 600).toInt());
    m_computer->setLevel(computerLevelFromString(QSettings().value("computer/level", "standard").toString().toStdString())
                             .value_or(ComputerLevel::Standard));
    connect(m_computer.get(), &ComputerOpponent::acted, this, [this](const QString& line) { log(line); });
    connect(m_computer.get(), &ComputerOpponent::stopped, this, [this](const QString& why) {
        log(why);
        statusBar()->showMessage(why, 8000);
    });
    buildComputerMenu();
    m_playDock->setOrdersHeld([this] {
        const std::optional<std::string> side = m_computer->sideAboutToPlay();
        const Side* found = side ? m_game->game().battle().findSide(*side) : nullptr;
        return found == nullptr
                   ? QString()
                   : tr("The computer plays %1 and is about to give its order: pause it (Ctrl+Space) to give that side's orders yourself")
                         .arg(QString::fromStdString(found->name));
    });
    connect(m_playDock, &PlayDock::message, this, [this](const QString& text) { statusBar()->showMessage(text, 8000); });
    connect(m_scene.get(), &QGraphicsScene::selectionChanged, m_playDock, [this] {
        const QStringList ids = m_scene->selectedUnitIds();
        m_playDock->setSelectedUnit(ids.size() == 1 ? ids.front() : QString());
        // What the overlay shows, in words: the weapon's bands and the move left.
        if (ids.size() == 1 && m_rulesOverlays != nullptr && m_rulesOverlays->isChecked()) {
            const UnitOverlay overlay = m_game->game().ruleset().overlay(m_document->battle(), ids.front().toStdString());
            if (!overlay.about.empty()) {
                statusBar()->showMessage(QString::fromStdString(overlay.about), 8000);
            }
        }
    });
    connect(m_playDock, &PlayDock::routeRequested, m_view, &TableView::beginRoute);
    connect(m_playDock, &PlayDock::pickRequested, m_view, &TableView::beginPick);
    connect(m_view, &TableView::picked, m_playDock, &PlayDock::pickAt);
    connect(m_view, &TableView::pickCancelled, m_playDock, &PlayDock::cancelPicking);
    connect(m_view, &TableView::routeChanged, this, [this](const QString& unit, const QVector<QPointF>& points) {
        const auto [affordable, text] = m_playDock->previewRoute(unit, points);
        m_view->setRouteFeedback(affordable, text);
    });
    connect(m_view, &TableView::routeFinished, this, [this](const QString& unit, const QVector<QPointF>& points) {
        m_view->cancelRoute();
        // A route the rules refuse (longer than the unit's move, say) is the player's to drag
        // again, as the play dock still asks; Esc gives it up.
        if (!m_playDock->commitRoute(unit, points)) {
            m_view->beginRoute(unit);
        }
    });
    writeAutosave();
}

// One checkable entry per side: the computer plays the sides ticked. Hotseat (none ticked)
// is where every game starts.
void MainWindow::buildComputerMenu() {
    m_computerMenu->clear();
    m_computerMenu->setEnabled(true);
    for (const Side& side : m_game->game().battle().sides) {
        QAction* action = m_computerMenu->addAction(QString::fromStdString(side.name));
        action->setData(QString::fromStdString(side.id));
        action->setCheckable(true);
        connect(action, &QAction::toggled, this, [this] {
            std::set<std::string> sides;
            QStringList names;
            for (QAction* entry : m_computerMenu->actions()) {
                if (entry->isChecked()) {
                    sides.insert(entry->data().toString().toStdString());
                    names << entry->text();
                }
            }
            log(names.isEmpty() ? tr("Hotseat: the players give every order") : tr("The computer plays %1").arg(names.join(tr(" and "))));
            m_computer->setSides(std::move(sides));
        });
    }
}

void MainWindow::setComputerLevel(ComputerLevel level) {
    for (QAction* entry : m_computerLevels->actions()) {
        entry->setChecked(entry->data().toString().toStdString() == toString(level));
    }
    if (m_computer) {
        m_computer->setLevel(level);
    }
}

RefightDialog* MainWindow::showRefightStatistics() {
    if (!m_game) {
        return nullptr;
    }
    auto* dialog = new RefightDialog(m_game->game().scenario(), this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &RefightDialog::watchRequested, this, &MainWindow::watchRefight);
    dialog->open();
    return dialog;
}

void MainWindow::watchRefight(quint64 seed, const QString& level) {
    if (!m_game || !maybeKeepGame()) {
        return;
    }
    const Scenario scenario = m_game->game().scenario();
    const QString path = m_document->filePath();
    showScenario(scenario, path);
    const std::optional<std::uint64_t> nextSeed = m_nextSeed;
    m_nextSeed = seed;
    startGame(scenario);
    m_nextSeed = nextSeed;
    // The game as the batch played it: at its level.
    setComputerLevel(computerLevelFromString(level.toStdString()).value_or(ComputerLevel::Standard));
    setComputerSides({QStringLiteral("all")});
    log(tr("Watching a refight: seed %1, the computer on every side (Game > Computer Plays to take a side)").arg(seed));
}

void MainWindow::showRulesetOptions() {
    if (!m_game) {
        return;
    }
    const Game& game = m_game->game();
    const bool editable = game.log().empty() && !m_game->replaying();
    RulesetOptionsDialog dialog(game.ruleset().info(), game.ruleset().options(), editable, this);
    if (dialog.exec() != QDialog::Accepted || !editable || dialog.chosen() == game.ruleset().options()) {
        return;
    }
    const QString refused = restartWithOptions(dialog.chosen());
    if (!refused.isEmpty()) {
        QMessageBox::warning(this, tr("Rules Options"), refused);
    }
}

QString MainWindow::restartWithOptions(const RulesetOptions& options) {
    if (!m_game) {
        return tr("No game is in play");
    }
    const Game& game = m_game->game();
    if (!game.log().empty()) {
        return tr("The options are fixed once an order is given (%1 so far): start the scenario again to change them")
            .arg(game.log().size());
    }
    Scenario scenario = game.scenario();
    scenario.rulesetOptions = nlohmann::json::object();
    for (const auto& [option, choice] : options) {
        scenario.rulesetOptions[option] = choice;
    }
    if (auto checked = makeRuleset(scenario.rulesetId, scenario.rulesetOptions); !checked) {
        return QString::fromStdString(checked.error());
    }
    const std::uint64_t seed = game.seed();
    const QString path = m_document->filePath();
    const std::set<std::string> computerSides = m_computer ? m_computer->sides() : std::set<std::string>{};
    QStringList changed;
    for (const auto& [option, choice] : options) {
        if (game.ruleset().options().at(option) != choice) {
            changed << QStringLiteral("%1 %2").arg(QString::fromStdString(option), QString::fromStdString(choice));
        }
    }
    showScenario(scenario, path);
    const std::optional<std::uint64_t> nextSeed = m_nextSeed;
    m_nextSeed = seed;
    startGame(scenario);
    m_nextSeed = nextSeed;
    QStringList sides;
    for (const std::string& side : computerSides) {
        sides << QString::fromStdString(side);
    }
    setComputerSides(sides);
    log(tr("Rules options changed before the first order (%1): the game starts again, seed %2").arg(changed.join(", ")).arg(seed));
    return {};
}

void MainWindow::setComputerSides(const QStringList& sides) {
    if (!m_computerMenu) {
        return;
    }
    for (QAction* entry : m_computerMenu->actions()) {
        entry->setChecked(sides.contains(QStringLiteral("all")) || sides.contains(entry->data().toString()));
    }
}

void MainWindow::logAction(const QStringList& lines) {
    // Where the action's lines begin, so that an undo can take them out again.
    const int start = m_log->document()->isEmpty() ? 0 : m_log->document()->blockCount();
    m_actionLines[m_game->game().log().size() - 1] = start;
    for (const QString& line : lines) {
        log(line);
    }
}

void MainWindow::unlogAction() {
    // The undone action's lines (and what was logged after them: the computer's note of
    // it) leave the log, so that it never tells of a roll or a rout that no longer happened.
    const auto found = m_actionLines.find(m_game->game().log().size());
    if (found == m_actionLines.end()) {
        log(tr("Undone: an action played before this session"));
        return;
    }
    QTextDocument* document = m_log->document();
    const QTextBlock first = document->findBlockByNumber(found->second);
    const QString heading = first.text();
    QTextCursor cursor(document);
    cursor.setPosition(first.isValid() ? std::max(0, first.position() - 1) : document->characterCount() - 1);
    cursor.movePosition(QTextCursor::End, QTextCursor::KeepAnchor);
    cursor.removeSelectedText();
    m_actionLines.erase(found, m_actionLines.end());
    log(tr("Undone: %1").arg(heading));
}

SaveFile MainWindow::gameSave() const {
    SaveFile save = saveOf(m_game->game());
    if (m_computer) {
        save.computerSides.assign(m_computer->sides().begin(), m_computer->sides().end());
        save.computerLevel = m_computer->level();
    }
    return save;
}

void MainWindow::writeAutosave() {
    if (!m_game) {
        return;
    }
    if (!m_autosave) {
        m_autosave = std::make_unique<Autosave>(m_dataFolder.isEmpty() ? Autosave::defaultFolder() : m_dataFolder);
    }
    if (const QString problem = m_autosave->write(toJsonText(gameSave())); !problem.isEmpty()) {
        log(problem);
        statusBar()->showMessage(problem, 8000);
    }
}

QString MainWindow::saveGame(const QString& path) {
    if (!m_game) {
        return tr("there is no game in play to save");
    }
    if (const QString problem = writeText(path, toJsonText(gameSave())); !problem.isEmpty()) {
        return problem;
    }
    m_savePath = path;
    const Game& game = m_game->game();
    m_savedHash = game.stateHash();
    log(tr("Saved the game (%1 actions) to %2").arg(game.log().size()).arg(path));
    rememberRecent(path);
    return {};
}

QString MainWindow::exportBattleReport(const QString& path, QPageSize::PageSizeId paper) {
    if (!m_game) {
        return tr("there is no game in play to tell");
    }
    if (path.endsWith(".pdf", Qt::CaseInsensitive)) {
        QProgressDialog progress(tr("Drawing the table turn by turn..."), tr("Cancel"), 0, 0, this);
        progress.setWindowModality(Qt::WindowModal);
        progress.setMinimumDuration(400);
        const auto document = battleReportDocument(m_game->game(), [&progress](int done, int total) {
            progress.setMaximum(total);
            progress.setValue(done);
            return !progress.wasCanceled();
        });
        if (!document) {
            log(tr("The battle report was not written: cancelled"));
            return {};
        }
        progress.setLabelText(tr("Laying out the pages..."));
        if (const auto problem = print::writePdf(*document, path, paper)) {
            return *problem;
        }
    } else {
        const BattleReport report = battleReport(m_game->game());
        const bool html = path.endsWith(".html", Qt::CaseInsensitive) || path.endsWith(".htm", Qt::CaseInsensitive);
        if (const QString problem = writeText(path, html ? toHtml(report) : toMarkdown(report)); !problem.isEmpty()) {
            return problem;
        }
    }
    log(tr("Wrote the battle report to %1").arg(path));
    return {};
}

bool MainWindow::hasUnsavedGame() const {
    if (!m_game || m_game->game().log().empty()) {
        return false;
    }
    return m_game->game().stateHash() != m_savedHash;
}

bool MainWindow::maybeKeepGame() {
    if (!hasUnsavedGame()) {
        return true;
    }
    const auto answer = QMessageBox::question(this, tr("Save the game?"),
                                              tr("The game in play has actions that are not saved. Save it before it is closed?"),
                                              QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel, QMessageBox::Save);
    if (answer == QMessageBox::Cancel) {
        return false;
    }
    if (answer == QMessageBox::Save) {
        chooseAndSaveGame();
        return !hasUnsavedGame();
    }
    return true;
}

void MainWindow::chooseAndSaveGame() {
    const QString path = QFileDialog::getSaveFileName(this, tr("Save the game"), m_savePath.isEmpty() ? playerFilesFolder() : m_savePath,
                                                      tr("Saved games (*.sandtable)"));
    if (path.isEmpty()) {
        return;
    }
    const QString target = path.endsWith(".sandtable") ? path : path + ".sandtable";
    if (const QString problem = saveGame(target); !problem.isEmpty()) {
        QMessageBox::warning(this, tr("Cannot save"), problem);
    }
}

void MainWindow::chooseAndExportReport() {
    const QString markdown = tr("Markdown (*.md)");
    const QString html = tr("Web page (*.html)");
    const QString a4 = tr("PDF on A4 paper, the table drawn each turn (*.pdf)");
    const QString letter = tr("PDF on US Letter paper, the table drawn each turn (*.pdf)");
    QString filter = markdown;
    const QString path = QFileDialog::getSaveFileName(this, tr("Export the battle report"), playerFilesFolder(),
                                                      QStringList{markdown, html, a4, letter}.join(";;"), &filter);
    if (path.isEmpty()) {
        return;
    }
    const QString extension = filter == html ? ".html" : filter == markdown ? ".md" : ".pdf";
    const QString target = QFileInfo(path).suffix().isEmpty() ? path + extension : path;
    if (const QString problem = exportBattleReport(target, filter == letter ? QPageSize::Letter : QPageSize::A4); !problem.isEmpty()) {
        QMessageBox::warning(this, tr("Cannot export"), problem);
    }
}

bool MainWindow::offerRecovery() {
    const QString folder = m_dataFolder.isEmpty() ? Autosave::defaultFolder() : m_dataFolder;
    for (const QString& path : Autosave::leftBehind(folder)) {
        const auto answer =
            QMessageBox::question(this, tr("Restore the game?"),
                                  tr("Sandtable did not close cleanly last time, and left a game in play (autosaved %1).\n\n"
                                     "Restore it? Discard deletes it; Ignore keeps it for the next start.")
                                      .arg(QFileInfo(path).lastModified().toString(Qt::TextDate)),
                                  QMessageBox::Yes | QMessageBox::Discard | QMessageBox::Ignore, QMessageBox::Yes);
        if (answer == QMessageBox::Discard) {
            Autosave::forget(path);
        } else if (answer == QMessageBox::Yes) {
            if (const QString problem = restoreAutosave(path); !problem.isEmpty()) {
                QMessageBox::warning(this, tr("Cannot restore"), problem);
                return false;
            }
            return true; // one game at a time: the rest are offered at the next start
        }
    }
    return false;
}

QString MainWindow::restoreAutosave(const QString& path) {
    if (const QString problem = openSave(path); !problem.isEmpty()) {
        return problem;
    }
    // The game lives on in this Sandtable's own autosave; it has no file of the player's yet.
    m_savePath.clear();
    m_savedHash.clear();
    Autosave::forget(path);
    writeAutosave();
    log(tr("Restored the game left behind in %1").arg(QFileInfo(path).fileName()));
    return {};
}

void MainWindow::logReplayStep(std::size_t step) {
    const Game& game = m_game->game();
    if (step == game.log().size()) {
        log(tr("— Play resumed: the table as it stands after %1 actions —").arg(step));
        return;
    }
    log(tr("— Replay: the table after action %1 of %2 —").arg(step).arg(game.log().size()));
    if (step > 0) {
        for (const QString& line : GameController::logLines(game.battleAfter(step - 1), game.log()[step - 1])) {
            log(line);
        }
    }
}

} // namespace sandtable::ui
