#include "ruling_board.h"

#include "board_pieces_dock.h"
#include "ruling_dock.h"
#include "scenario_document.h"
#include "shipped_files.h"
#include "table_scene.h"
#include "table_view.h"
#include "unit_item.h"

#include <QApplication>
#include <QDir>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFileDialog>
#include <QListWidget>
#include <QMenuBar>
#include <QMessageBox>
#include <QStatusBar>
#include <QUndoStack>

namespace sandtable::ui {

BoardPalette shippedPalette(const std::string& rulesetId) {
    std::vector<Scenario> scenarios;
    for (const QString& folder : {shippedFiles().scenarios, playerFilesFolder()}) {
        const QDir dir(folder);
        for (const QString& name : dir.entryList({"*.json"}, QDir::Files, QDir::Name)) {
            // A file that does not read is simply not a source of pieces.
            LoadResult<Scenario> loaded = loadScenario(dir.filePath(name).toStdString());
            if (loaded && loaded->rulesetId == rulesetId) {
                scenarios.push_back(std::move(*loaded));
            }
        }
    }
    return paletteFrom(scenarios, rulesetId);
}

RulingBoard::RulingBoard(Scenario scenario, std::unique_ptr<Ruleset> ruleset, BoardPalette palette, QWidget* parent)
    : QMainWindow(parent, Qt::Window), m_ruleset(std::move(ruleset)) {
    setAttribute(Qt::WA_DeleteOnClose);
    setObjectName("rulingBoard");
    setWindowTitle(tr("Rulings board: %1 - Sandtable").arg(QString::fromStdString(m_ruleset->info().name)));
    m_document = std::make_unique<ScenarioDocument>(std::move(scenario));
    m_scene = std::make_unique<TableScene>(*m_document);
    m_scene->setFigureSource([this](const std::string& unitId) { return m_ruleset->unitFigures(m_document->battle(), unitId); });
    m_scene->setCounterSource([this](const std::string& unitId) {
        const Unit* unit = m_document->battle().findUnit(unitId);
        return unit != nullptr ? shownCounters(*m_ruleset, *unit) : std::vector<ShownCounter>{};
    });
    m_scene->setFormationSource([this](const std::string& unitId) {
        const Unit* unit = m_document->battle().findUnit(unitId);
        return unit != nullptr ? m_ruleset->formationShape(*unit) : FormationShape::Line;
    });
    m_view = new TableView(m_scene.get(), this);
    setCentralWidget(m_view);
    m_view->viewport()->setAcceptDrops(true);
    m_view->viewport()->installEventFilter(this);

    m_pieces = new BoardPiecesDock(*m_document, *m_ruleset, std::move(palette), this);
    m_pieces->setPlacePoint([this] { return m_view->mapToScene(m_view->viewport()->rect().center()); });
    addDockWidget(Qt::LeftDockWidgetArea, m_pieces);
    m_ruling = new RulingDock(*m_document, *m_ruleset, this);
    addDockWidget(Qt::RightDockWidgetArea, m_ruling);
    resizeDocks({m_pieces, m_ruling}, {360, 640}, Qt::Horizontal);

    connect(m_scene.get(), &QGraphicsScene::selectionChanged, this, &RulingBoard::followSelection);
    connect(m_ruling, &RulingDock::routeRequested, m_view, &TableView::beginRoute);
    connect(m_ruling, &RulingDock::pickRequested, m_view, &TableView::beginPick);
    connect(m_ruling, &RulingDock::pickAbandoned, m_view, &TableView::cancelPick);
    connect(m_ruling, &RulingDock::pickRequested, statusBar(), [this](const QString& text) { statusBar()->showMessage(text); });
    connect(m_ruling, &RulingDock::message, statusBar(), [this](const QString& text) { statusBar()->showMessage(text, 6000); });
    // The instruction goes once the click is taken (the next one, if any, follows it).
    connect(m_view, &TableView::picked, statusBar(), &QStatusBar::clearMessage);
    connect(m_view, &TableView::picked, m_ruling, &RulingDock::pickAt);
    connect(m_view, &TableView::pickCancelled, m_ruling, &RulingDock::cancelPicking);
    connect(m_view, &TableView::routeChanged, this, [this](const QString& unit, const QVector<QPointF>& points) {
        const auto [affordable, text] = m_ruling->previewRoute(unit, points);
        m_view->setRouteFeedback(affordable, text);
    });
    connect(m_view, &TableView::routeFinished, this, [this](const QString& unit, const QVector<QPointF>& points) {
        const auto [affordable, text] = m_ruling->previewRoute(unit, points);
        statusBar()->showMessage(text);
    });
    connect(m_view, &TableView::readout, statusBar(), [this](const QString& text) { statusBar()->showMessage(text); });
    buildMenus();
    statusBar()->showMessage(tr("Put units down from Pieces, select one (Ctrl+click a target) and read its ruling."));
    resize(1600, 960);
    m_view->fitReadable();
}

RulingBoard::~RulingBoard() {
    // The view and docks read the scene and document: they go first.
    delete m_view;
    m_view = nullptr;
}

void RulingBoard::buildMenus() {
    QMenu* file = menuBar()->addMenu(tr("&File"));
    file->addAction(tr("&Save Board as Scenario..."), QKeySequence::Save, this, &RulingBoard::chooseAndSave);
    file->addAction(tr("&Export Ruling..."), QKeySequence(Qt::CTRL | Qt::Key_E), this, &RulingBoard::chooseAndExport);
    file->addSeparator();
    file->addAction(tr("&Close Board"), QKeySequence::Close, this, &QWidget::close);

    QMenu* edit = menuBar()->addMenu(tr("&Edit"));
    QAction* undo = m_document->undoStack()->createUndoAction(this, tr("&Undo"));
    undo->setShortcuts(QKeySequence::Undo);
    QAction* redo = m_document->undoStack()->createRedoAction(this, tr("&Redo"));
    redo->setShortcuts({QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Z), QKeySequence::Redo});
    edit->addAction(undo);
    edit->addAction(redo);
    edit->addSeparator();
    edit->addAction(tr("&Remove Selected Units"), QKeySequence::Delete, this,
                    [this] { m_pieces->removeUnits(m_scene->selectedUnitIds()); });
    QAction* adjust = edit->addAction(tr("Adjust &Terrain"));
    adjust->setShortcut(QKeySequence(Qt::Key_T));
    adjust->setCheckable(true);
    connect(adjust, &QAction::toggled, m_view, &TableView::setTerrainAdjusting);

    QMenu* view = menuBar()->addMenu(tr("&View"));
    view->addAction(tr("&Fit Table"), QKeySequence(Qt::CTRL | Qt::Key_0), this, [this] { m_view->fitTable(); });
    view->addAction(tr("&Readable Zoom"), QKeySequence(Qt::CTRL | Qt::Key_1), this, [this] { m_view->fitReadable(); });
    QAction* measure = view->addAction(tr("&Measuring Tape"));
    measure->setShortcut(QKeySequence(Qt::Key_M));
    measure->setCheckable(true);
    connect(measure, &QAction::toggled, m_view, &TableView::setMeasuring);
    connect(m_view, &TableView::measuringChanged, measure, &QAction::setChecked);
    view->addSeparator();
    view->addAction(m_pieces->toggleViewAction());
    view->addAction(m_ruling->toggleViewAction());
}

void RulingBoard::followSelection() {
    const QStringList ids = m_scene->selectedUnitIds();
    m_pieces->setSelectedUnit(ids.size() == 1 ? ids.front() : QString());
    if (ids.size() == 1) {
        if (ids.front() != m_ruling->subject()) {
            m_ruling->setSubject(ids.front());
        }
        return;
    }
    // Two selected, one of them the unit asked about: the other is its target.
    if (ids.size() == 2 && ids.contains(m_ruling->subject())) {
        m_ruling->setTarget(ids.front() == m_ruling->subject() ? ids.back() : ids.front());
    }
}

bool RulingBoard::eventFilter(QObject* watched, QEvent* event) {
    if (watched != m_view->viewport()) {
        return QMainWindow::eventFilter(watched, event);
    }
    // A piece dragged from the Pieces lists goes down where it is dropped.
    if (event->type() == QEvent::DragEnter || event->type() == QEvent::DragMove) {
        auto* drag = static_cast<QDropEvent*>(event);
        if (drag->source() == m_pieces->unitPieces() || drag->source() == m_pieces->terrainPieces()) {
            drag->acceptProposedAction();
            return true;
        }
    } else if (event->type() == QEvent::Drop) {
        auto* drop = static_cast<QDropEvent*>(event);
        const QPointF at = m_view->mapToScene(drop->position().toPoint());
        if (drop->source() == m_pieces->unitPieces()) {
            m_pieces->addUnit(m_pieces->unitPieces()->currentRow(), m_pieces->sideToPlace(), at);
        } else if (drop->source() == m_pieces->terrainPieces()) {
            m_pieces->addTerrain(m_pieces->terrainPieces()->currentRow(), at);
        } else {
            return false;
        }
        drop->acceptProposedAction();
        return true;
    }
    return QMainWindow::eventFilter(watched, event);
}

QString RulingBoard::saveBoard(const QString& path) {
    // Session state (a shuffled deck, pools) is not part of a scenario: the writer leaves it out.
    const std::string problem = writeFileAtomically(path.toStdString(), toJsonText(m_document->scenario()));
    return QString::fromStdString(problem);
}

QString RulingBoard::exportRuling(const QString& path) {
    if (path.endsWith(".png", Qt::CaseInsensitive)) {
        return grab().save(path, "PNG") ? QString() : tr("%1 could not be written.").arg(path);
    }
    QString text = m_ruling->rulingText();
    if (path.endsWith(".md", Qt::CaseInsensitive)) {
        // Markdown keeps the lines as written inside a fence, with the title as a heading.
        const qsizetype firstBreak = text.indexOf('\n');
        text = "# " + text.left(firstBreak) + "\n\n```\n" + text.mid(firstBreak + 1) + "\n```";
    }
    return QString::fromStdString(writeFileAtomically(path.toStdString(), text.toStdString() + "\n"));
}

void RulingBoard::chooseAndSave() {
    QString path = QFileDialog::getSaveFileName(this, tr("Save the board as a scenario"), playerFilesFolder(), tr("Scenario (*.json)"));
    if (path.isEmpty()) {
        return;
    }
    if (!path.endsWith(".json", Qt::CaseInsensitive)) {
        path += ".json";
    }
    if (const QString problem = saveBoard(path); !problem.isEmpty()) {
        QMessageBox::warning(this, tr("Cannot save the board"), problem);
    } else {
        statusBar()->showMessage(tr("Saved the board to %1").arg(path));
    }
}

void RulingBoard::chooseAndExport() {
    QString filter;
    QString path = QFileDialog::getSaveFileName(this, tr("Export the ruling"), playerFilesFolder(),
                                                tr("Text (*.txt);;Markdown (*.md);;PNG image of the board (*.png)"), &filter);
    if (path.isEmpty()) {
        return;
    }
    const QString extension = filter.contains("png") ? ".png" : filter.contains(".md") ? ".md" : ".txt";
    if (!path.endsWith(extension, Qt::CaseInsensitive)) {
        path += extension;
    }
    if (const QString problem = exportRuling(path); !problem.isEmpty()) {
        QMessageBox::warning(this, tr("Cannot export the ruling"), problem);
    } else {
        statusBar()->showMessage(tr("Exported the ruling to %1").arg(path));
    }
}

} // namespace sandtable::ui
