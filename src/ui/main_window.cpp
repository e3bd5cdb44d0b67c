#include "main_window.h"

#include "autosave.h"
#include "computer_opponent.h"
#include "game_controller.h"
#include "new_battle_dialog.h"
#include "order_of_battle_dock.h"
#include "play_dock.h"
#include "replay_bar.h"
#include "scenario_document.h"
#include "shipped_files.h"
#include "table_image.h"
#include "table_scene.h"
#include "table_view.h"
#include "unit_inspector_dock.h"

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QCloseEvent>
#include <QDockWidget>
#include <QFileDialog>
#include <QFileInfo>
#include <QInputDialog>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QSaveFile>
#include <QScreen>
#include <QScrollBar>
#include <QSettings>
#include <QStatusBar>
#include <QToolBar>
#include <algorithm>

namespace sandtable::ui {

namespace {
constexpr int maximumRecent = 8;
}

MainWindow::MainWindow() {
    setWindowTitle(tr("Sandtable"));
    resize(1400, 900);
    m_log = new QPlainTextEdit(this);
    m_log->setReadOnly(true);
    // The log follows the game, unless the player has scrolled back to read. (The text
    // edit's own following looks only when a line is added, before long lines are wrapped:
    // a game's first lines, wrapped later, left the view short of the end for good.)
    QScrollBar* logBar = m_log->verticalScrollBar();
    connect(logBar, &QScrollBar::rangeChanged, this, [this, logBar](int, int maximum) {
        if (m_logFollows) {
            logBar->setValue(maximum);
        }
    });
    connect(logBar, &QScrollBar::valueChanged, this, [this, logBar](int value) { m_logFollows = value >= logBar->maximum(); });
    // The side docks run the window's full height (the Play dock's preview wants it); the
    // log lies under the table alone.
    setCorner(Qt::BottomLeftCorner, Qt::LeftDockWidgetArea);
    setCorner(Qt::BottomRightCorner, Qt::RightDockWidgetArea);
    m_logDock = new QDockWidget(tr("Log"), this);
    m_logDock->setObjectName("log");
    m_logDock->setWidget(m_log);
    addDockWidget(Qt::BottomDockWidgetArea, m_logDock);
    m_readout = new QLabel(this);
    statusBar()->addPermanentWidget(m_readout);
    buildMenus();
    QSettings settings;
    if (!restoreGeometry(settings.value("window/geometry").toByteArray()) && screen() != nullptr) {
        // A first start on a large screen takes most of it: the table wants the room.
        const QSize available = screen()->availableGeometry().size();
        if (available.width() >= 1600) {
            resize(available * 0.92);
        }
    }
    refreshRecentMenu();
}

MainWindow::~MainWindow() { closeScene(); }

void MainWindow::restoreLayout() {
    if (restoreState(QSettings().value("window/state").toByteArray())) {
        return;
    }
    // Shares of the window, so that a smaller one keeps the table as large: on 1920x1080,
    // the order of battle 330 pixels wide (its names whole), the Unit and Play docks 460
    // (the preview's modifiers, odds and cited rules), the log about five lines.
    resizeDocks({m_logDock}, {std::max(90, height() / 9)}, Qt::Vertical);
    QList<QDockWidget*> left;
    QList<QDockWidget*> right;
    for (QDockWidget* dock : findChildren<QDockWidget*>()) {
        if (!dock->isHidden() && !dock->isFloating() && dock != m_logDock) {
            (dockWidgetArea(dock) == Qt::LeftDockWidgetArea ? left : right) << dock;
        }
    }
    if (!left.isEmpty()) {
        resizeDocks({left.front()}, {width() * 17 / 100}, Qt::Horizontal);
    }
    if (!right.isEmpty()) {
        resizeDocks({right.front()}, {width() * 24 / 100}, Qt::Horizontal);
    }
    if (m_inspector != nullptr && m_playDock != nullptr) {
        resizeDocks({m_inspector, m_playDock}, {height() / 6, height()}, Qt::Vertical);
    }
}

void MainWindow::closeScene() {
    // The play dock and the replay bar hold the game; the view and docks hold the scene;
    // they go first.
    delete m_playDock;
    m_playDock = nullptr;
    delete m_replayBar;
    m_replayBar = nullptr;
    m_computer.reset();
    if (m_computerMenu != nullptr) {
        m_computerMenu->clear();
        m_computerMenu->setEnabled(false);
    }
    m_game.reset();
    if (m_autosave) {
        m_autosave->clear();
    }
    m_savePath.clear();
    for (QDockWidget* dock : m_sceneDocks) {
        delete dock;
    }
    m_sceneDocks.clear();
    delete m_view;
    m_view = nullptr;
    m_inspector = nullptr;
    m_scene.reset();
}

QString MainWindow::logText() const { return m_log->toPlainText(); }

void MainWindow::log(const QString& line) { m_log->appendPlainText(line); }

QString MainWindow::openScenario(const QString& path) {
    const auto loaded = loadScenario(path.toStdString());
    if (!loaded) {
        return QString::fromStdString(toString(loaded.error()));
    }
    showScenario(*loaded, path);
    startGame(*loaded);
    log(tr("Opened %1 (%2, measured in %3)")
            .arg(QFileInfo(path).fileName(), QString::fromStdString(loaded->rulesetId),
                 QString::fromStdString(pluralName(loaded->battle.table.unit))));
    rememberRecent(path);
    return {};
}

bool MainWindow::showScenario(const Scenario& scenario, const QString& path) {
    closeScene();
    m_document = std::make_unique<ScenarioDocument>(scenario, path);
    m_scene = std::make_unique<TableScene>(*m_document);
    m_view = new TableView(m_scene.get(), this);
    setCentralWidget(m_view);
    m_view->show(); // at once, not when the event loop gets to it: the window may be on screen
    connect(m_view, &TableView::readout, m_readout, &QLabel::setText);
    connect(m_document->undoStack(), &QUndoStack::indexChanged, this, [this] {
        const QUndoStack* stack = m_document->undoStack();
        if (stack->index() > 0) {
            m_readout->setText(stack->text(stack->index() - 1));
        }
    });

    auto* orderOfBattle = new OrderOfBattleDock(*m_scene, this);
    m_inspector = new UnitInspectorDock(*m_scene, this);
    addDockWidget(Qt::LeftDockWidgetArea, orderOfBattle);
    addDockWidget(Qt::RightDockWidgetArea, m_inspector);
    m_sceneDocks = {orderOfBattle, m_inspector};
    // Added to a window already on screen, they show only when told to; then the layout
    // the player left (which may hide them) is restored.
    orderOfBattle->show();
    m_inspector->show();
    restoreLayout();

    // Undo and redo follow the open document's stack.
    m_editMenu->clear();
    QAction* undo = m_document->undoStack()->createUndoAction(this, tr("&Undo"));
    undo->setShortcuts(QKeySequence::Undo);
    QAction* redo = m_document->undoStack()->createRedoAction(this, tr("&Redo"));
    redo->setShortcuts({QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Z), QKeySequence::Redo});
    m_editMenu->addAction(undo);
    m_editMenu->addAction(redo);
    m_editMenu->addSeparator();
    QAction* adjust = m_editMenu->addAction(tr("Adjust &Terrain"));
    adjust->setShortcut(QKeySequence(Qt::Key_T));
    adjust->setCheckable(true);
    connect(adjust, &QAction::toggled, m_view, &TableView::setTerrainAdjusting);
    setWindowTitle(tr("%1 - Sandtable").arg(QString::fromStdString(scenario.name)));
    m_view->fitReadable();
    return true;
}

void MainWindow::newBattle(const NewBattleSettings& settings) {
    const NewBattle battle = sandtable::newBattle(settings);
    if (!showScenario(battle.scenario, QString())) {
        return;
    }
    log(tr("New battle: %1 by %2, for %3")
            .arg(QString::fromStdString(battle.scenario.battle.table.formatLength(settings.table.width)),
                 QString::fromStdString(battle.scenario.battle.table.formatLength(settings.table.depth)),
                 QString::fromStdString(settings.rulesetId)));
    for (const std::string& line : battle.log) {
        log(QString::fromStdString(line));
    }
    if (settings.randomTerrain) {
        log(tr("Adjust the pieces with Edit > Adjust Terrain (T): drag to move, right-click to enlarge, shrink or remove."));
    }
}

void MainWindow::buildMenus() {
    QMenu* file = menuBar()->addMenu(tr("&File"));
    file->addAction(tr("&New Battle..."), QKeySequence::New, this, [this] {
        NewBattleDialog dialog(this);
        if (dialog.exec() == QDialog::Accepted) {
            newBattle(dialog.settings());
        }
    });
    file->addAction(tr("&Open..."), QKeySequence::Open, this, &MainWindow::chooseAndOpen);
    m_recentMenu = file->addMenu(tr("Open &Recent"));
    m_gameActions << file->addAction(tr("&Save Game"), QKeySequence::Save, this, [this] {
        if (m_savePath.isEmpty()) {
            chooseAndSaveGame();
        } else if (const QString problem = saveGame(m_savePath); !problem.isEmpty()) {
            QMessageBox::warning(this, tr("Cannot save"), problem);
        }
    });
    m_gameActions << file->addAction(tr("Save Game &As..."), this, &MainWindow::chooseAndSaveGame);
    file->addAction(tr("Save a &Copy of the Table As..."), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_S), this, &MainWindow::saveCopy);
    file->addAction(tr("&Export Table as Image..."), QKeySequence(Qt::CTRL | Qt::Key_E), this, &MainWindow::exportImage);
    m_gameActions << file->addAction(tr("Export &Battle Report..."), QKeySequence(Qt::CTRL | Qt::Key_B), this,
                                     &MainWindow::chooseAndExportReport);
    file->addSeparator();
    buildPrintedActions(file);
    QMenu* game = menuBar()->addMenu(tr("&Game"));
    buildRulingActions(file, game);
    file->addSeparator();
    file->addAction(tr("&Quit"), QKeySequence::Quit, this, &QWidget::close);
    m_editMenu = new QMenu(tr("&Edit"), this);
    menuBar()->insertMenu(game->menuAction(), m_editMenu);
    m_gameActions << game->addAction(tr("&Roll the Previewed Order"), QKeySequence(Qt::Key_Return), this, [this] {
        if (m_playDock)
            m_playDock->commit();
    });
    m_gameActions << game->addAction(tr("&End Activation"), QKeySequence(Qt::Key_E), this, [this] {
        if (m_playDock)
            m_playDock->endActivation();
    });
    m_gameActions << game->addAction(tr("&Next Card or Pass"), QKeySequence(Qt::Key_N), this, [this] {
        if (m_playDock)
            m_playDock->nextCard();
    });
    game->addSeparator();
    // Filled with the sides of each game as it starts.
    m_gameActions << game->addAction(tr("Rules &Options..."), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_O), this,
                                     &MainWindow::showRulesetOptions);
    m_gameActions << game->addAction(tr("Refight &Statistics..."), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_R), this,
                                     &MainWindow::showRefightStatistics);
    m_computerMenu = game->addMenu(tr("&Computer Plays"));
    m_computerMenu->setEnabled(false);
    m_gameActions << game->addAction(tr("Let the Computer Play &On"), QKeySequence(Qt::Key_C), this, [this] {
        if (m_computer) {
            m_computer->playOn();
        }
    });
    m_gameActions << game->addAction(tr("&Pause the Computer"), QKeySequence(Qt::CTRL | Qt::Key_Space), this, [this] {
        if (m_computer) {
            m_computer->pause();
        }
    });
    m_gameActions << game->addAction(tr("Computer Plays One Or&der"), QKeySequence(Qt::CTRL | Qt::Key_Period), this, [this] {
        if (m_computer) {
            m_computer->stepOnce();
        }
    });
    QMenu* speed = game->addMenu(tr("Computer &Speed"));
    auto* speeds = new QActionGroup(speed);
    const int delay = QSettings().value("computer/delayMs", 600).toInt();
    for (const auto& [name, milliseconds] : {std::pair{tr("&Slow (1.5 s an order)"), 1500}, std::pair{tr("&Normal (0.6 s)"), 600},
                                             std::pair{tr("&Fast (0.15 s)"), 150}, std::pair{tr("&At once"), 0}}) {
        QAction* choice = speed->addAction(name);
        choice->setCheckable(true);
        choice->setChecked(milliseconds == delay);
        speeds->addAction(choice);
        connect(choice, &QAction::triggered, this, [this, ms = milliseconds] {
            QSettings().setValue("computer/delayMs", ms);
            if (m_computer) {
                m_computer->setDelay(ms);
            }
        });
    }
    QMenu* levelMenu = game->addMenu(tr("Computer &Level"));
    m_computerLevels = new QActionGroup(levelMenu);
    const QString level = QSettings().value("computer/level", "standard").toString();
    for (const auto& [name, choice] :
         {std::pair{tr("&Basic: the nearest target, every charge it may make"), ComputerLevel::Basic},
          std::pair{tr("&Standard: weighs each order's outcomes through the rules"), ComputerLevel::Standard},
          std::pair{tr("S&trong: also plays its best orders out to see what comes of them (slower)"), ComputerLevel::Strong}}) {
        QAction* entry = levelMenu->addAction(name);
        entry->setCheckable(true);
        entry->setData(QString::fromStdString(toString(choice)));
        entry->setChecked(entry->data().toString() == level);
        m_computerLevels->addAction(entry);
        connect(entry, &QAction::triggered, this, [this, chosen = choice] {
            QSettings().setValue("computer/level", QString::fromStdString(toString(chosen)));
            setComputerLevel(chosen);
        });
    }
    for (QAction* action : m_gameActions) {
        action->setEnabled(false);
    }

    QMenu* view = menuBar()->addMenu(tr("&View"));
    view->addAction(tr("Zoom &In"), QKeySequence::ZoomIn, this, [this] {
        if (m_view)
            m_view->zoomBy(1.25);
    });
    view->addAction(tr("Zoom &Out"), QKeySequence::ZoomOut, this, [this] {
        if (m_view)
            m_view->zoomBy(1 / 1.25);
    });
    view->addAction(tr("&Fit Table"), QKeySequence(Qt::CTRL | Qt::Key_0), this, [this] {
        if (m_view)
            m_view->fitTable();
    });
    view->addAction(tr("&Readable Zoom"), QKeySequence(Qt::CTRL | Qt::Key_1), this, [this] {
        if (m_view)
            m_view->fitReadable();
    });
    QAction* measure = view->addAction(tr("&Measuring Tape"));
    measure->setShortcut(QKeySequence(Qt::Key_M));
    measure->setCheckable(true);
    connect(measure, &QAction::toggled, this, [this](bool on) {
        if (m_view)
            m_view->setMeasuring(on);
    });
    buildOverlayMenu(view);
    // Every panel and bar, listed as they are when the menu opens (a game adds its own).
    QMenu* panels = view->addMenu(tr("&Panels"));
    connect(panels, &QMenu::aboutToShow, this, [this, panels] {
        panels->clear();
        for (QDockWidget* dock : findChildren<QDockWidget*>(Qt::FindDirectChildrenOnly)) {
            panels->addAction(dock->toggleViewAction());
        }
        for (QToolBar* bar : findChildren<QToolBar*>(Qt::FindDirectChildrenOnly)) {
            panels->addAction(bar->toggleViewAction());
        }
    });
    buildHelpMenu();
}

void MainWindow::buildOverlayMenu(QMenu* view) {
    // In play the ruleset says what to draw (From the Rules); laying out, or to see other
    // distances, the player sets them in the ruleset's unit, which turns the rules' off.
    QMenu* overlays = view->addMenu(tr("Unit &Overlays"));
    m_rulesOverlays = overlays->addAction(tr("From the &Rules"));
    m_rulesOverlays->setShortcut(QKeySequence(Qt::Key_O));
    m_rulesOverlays->setCheckable(true);
    m_rulesOverlays->setChecked(true);
    connect(m_rulesOverlays, &QAction::toggled, this, [this] {
        if (m_view) {
            m_view->setOverlaySettings(m_view->overlaySettings()); // redraw from the chosen source
        }
    });
    overlays->addSeparator();
    QMenu* arcs = overlays->addMenu(tr("Fire &Arc"));
    for (const int degrees : {30, 60, 90, 180, 360}) {
        arcs->addAction(tr("%1°").arg(degrees), this, [this, degrees] {
            if (!m_view) {
                return;
            }
            OverlaySettings settings = m_view->overlaySettings();
            settings.arcDegrees = degrees;
            settings.showArc = true;
            m_rulesOverlays->setChecked(false);
            m_view->setOverlaySettings(settings);
        });
    }
    const auto unitName = [this] { return QString::fromStdString(toString(m_document->battle().table.unit)); };
    overlays->addAction(tr("&Range Bands..."), QKeySequence(Qt::Key_R), this, [this, unitName] {
        if (!m_view) {
            return;
        }
        bool ok = false;
        const QString text = QInputDialog::getText(this, tr("Range bands"),
                                                   tr("Outer edge of each band, nearest first, in %1 (e.g. 7, 14):").arg(unitName()),
                                                   QLineEdit::Normal, QString(), &ok);
        if (!ok) {
            return;
        }
        OverlaySettings settings = m_view->overlaySettings();
        settings.rangeBands.clear();
        for (const QString& part : text.split(',', Qt::SkipEmptyParts)) {
            bool number = false;
            const double value = part.trimmed().toDouble(&number);
            if (!number || value <= 0) {
                QMessageBox::warning(this, tr("Range bands"), tr("'%1' is not a distance.").arg(part.trimmed()));
                return;
            }
            settings.rangeBands.push_back(m_document->battle().table.fromUnits(value));
        }
        std::sort(settings.rangeBands.begin(), settings.rangeBands.end());
        m_rulesOverlays->setChecked(false);
        m_view->setOverlaySettings(settings);
    });
    overlays->addAction(tr("&Movement Ring..."), QKeySequence(Qt::Key_G), this, [this, unitName] {
        if (!m_view) {
            return;
        }
        bool ok = false;
        const double radius = QInputDialog::getDouble(this, tr("Movement ring"), tr("Radius in %1:").arg(unitName()), 6, 0, 1000, 1, &ok);
        if (ok) {
            OverlaySettings settings = m_view->overlaySettings();
            settings.movementRadius = m_document->battle().table.fromUnits(radius);
            m_rulesOverlays->setChecked(false);
            m_view->setOverlaySettings(settings);
        }
    });
    overlays->addAction(tr("&Clear Overlays"), this, [this] {
        if (m_view) {
            m_rulesOverlays->setChecked(false);
            m_view->setOverlaySettings(OverlaySettings{90, {}, 0, false});
        }
    });
}

void MainWindow::chooseAndOpen() {
    const QString path = QFileDialog::getOpenFileName(this, tr("Open a scenario or a saved game"), openDialogFolder(),
                                                      tr("Scenarios and saved games (*.json *.sandtable);;Scenarios (*.json);;"
                                                         "Saved games (*.sandtable)"));
    if (path.isEmpty() || !maybeKeepGame()) {
        return;
    }
    if (const QString problems = openFile(path); !problems.isEmpty()) {
        reportNotOpened(path, problems);
    }
}

void MainWindow::reportNotOpened(const QString& path, const QString& problems) {
    log(problems.trimmed());
    QMessageBox::warning(this, tr("Cannot open %1").arg(QFileInfo(path).fileName()),
                         tr("The file was not opened; the table is as it was.\n\n%1").arg(problems));
}

void MainWindow::saveCopy() {
    if (!m_document) {
        return;
    }
    const QString path =
        QFileDialog::getSaveFileName(this, tr("Save a copy of the scenario"), playerFilesFolder(), tr("Scenarios (*.json)"));
    if (path.isEmpty()) {
        return;
    }
    // QSaveFile writes beside the target and renames: a failed save never breaks a file.
    QSaveFile out(path);
    const std::string text = toJsonText(m_document->scenario());
    if (!out.open(QIODevice::WriteOnly) || out.write(text.data(), static_cast<qint64>(text.size())) < 0 || !out.commit()) {
        QMessageBox::warning(this, tr("Cannot save"), tr("%1 could not be written: %2").arg(path, out.errorString()));
        return;
    }
    log(tr("Saved a copy as %1").arg(path));
}

void MainWindow::rememberRecent(const QString& path) {
    QSettings settings;
    QStringList recent = settings.value("recentFiles").toStringList();
    const QString absolute = QFileInfo(path).absoluteFilePath();
    recent.removeAll(absolute);
    recent.prepend(absolute);
    while (recent.size() > maximumRecent) {
        recent.removeLast();
    }
    settings.setValue("recentFiles", recent);
    refreshRecentMenu();
}

void MainWindow::refreshRecentMenu() {
    m_recentMenu->clear();
    const QStringList recent = QSettings().value("recentFiles").toStringList();
    for (const QString& path : recent) {
        m_recentMenu->addAction(QFileInfo(path).fileName(), this, [this, path] {
            if (!maybeKeepGame()) {
                return;
            }
            if (const QString problems = openFile(path); !problems.isEmpty()) {
                reportNotOpened(path, problems);
            }
        });
    }
    m_recentMenu->setEnabled(!recent.isEmpty());
}

void MainWindow::closeEvent(QCloseEvent* event) {
    if (!maybeKeepGame()) {
        event->ignore();
        return;
    }
    QSettings settings;
    settings.setValue("window/geometry", saveGeometry());
    settings.setValue("window/state", saveState());
    event->accept();
}

} // namespace sandtable::ui
