#pragma once

#include "sandtable/scenario.h"

#include <QMainWindow>

#include <cstdint>
#include <memory>
#include <optional>

class QPlainTextEdit;
class QAction;
class QLabel;
class QMenu;

namespace sandtable::ui {

class GameController;
class PlayDock;
class ScenarioDocument;
class TableScene;
class TableView;
class UnitInspectorDock;

/// The table in the centre; the order of battle, the unit inspector and the log in
/// docks; File, Edit and View menus with their shortcuts. Window layout and recent
/// files are remembered between runs.
class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    MainWindow();
    ~MainWindow() override;

    /// Opens a scenario. A file that cannot be read leaves the open one as it was and
    /// returns every problem found; an empty string when it opened.
    QString openScenario(const QString& path);

    /// The seed of the next game opened (none: a fresh one, written in the log).
    void setGameSeed(std::optional<std::uint64_t> seed) { m_nextSeed = seed; }

    TableView* tableView() const { return m_view; }
    GameController* gameController() const { return m_game.get(); }
    PlayDock* playDock() const { return m_playDock; }
    ScenarioDocument* document() const { return m_document.get(); }
    UnitInspectorDock* inspector() const { return m_inspector; }
    QString logText() const;

protected:
    void closeEvent(QCloseEvent* event) override;

private:
    void closeScene();
    void buildMenus();
    void buildOverlayMenu(QMenu* view);
    void chooseAndOpen();
    void saveCopy();
    void exportImage();
    void rememberRecent(const QString& path);
    void refreshRecentMenu();
    void log(const QString& line);
    void startGame(const Scenario& scenario);

    std::unique_ptr<ScenarioDocument> m_document;
    std::unique_ptr<TableScene> m_scene;
    TableView* m_view = nullptr;
    UnitInspectorDock* m_inspector = nullptr;
    QPlainTextEdit* m_log = nullptr;
    QLabel* m_readout = nullptr;
    QMenu* m_recentMenu = nullptr;
    QMenu* m_editMenu = nullptr;
    QList<QDockWidget*> m_sceneDocks;
    std::unique_ptr<GameController> m_game;
    PlayDock* m_playDock = nullptr;
    std::optional<std::uint64_t> m_nextSeed;
    QList<QAction*> m_gameActions;
};

} // namespace sandtable::ui
