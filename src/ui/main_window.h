#pragma once

#include "sandtable/game.h"
#include "sandtable/new_battle.h"
#include "sandtable/ruleset.h"
#include "sandtable/save_file.h"
#include "sandtable/scenario.h"

#include <QMainWindow>
#include <QPageSize>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>

class QPlainTextEdit;
class QAction;
class QActionGroup;
class QLabel;
class QMenu;

namespace sandtable::print {
struct PrintedDocument;
}

namespace sandtable::ui {

class Autosave;
class ComputerOpponent;
class GameController;
class PlayDock;
class RefightDialog;
class RulingBoard;
class ReplayBar;
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
    /// A new table to lay out (File > New Battle), its terrain rolled if asked; every die
    /// of the generator goes to the log.
    void newBattle(const NewBattleSettings& settings);

    /// File > New Ruling: a rulings board for the settings' ruleset and table (its terrain
    /// rolled if asked), set up as a game starts. Returns it (for tests), or null when the
    /// ruleset cannot be made (a warning says why).
    RulingBoard* newRulingBoard(const NewBattleSettings& settings);
    /// Game > Ask a Ruling Here: a rulings board on a copy of the battle in play (or of the
    /// table laid out); the game itself is untouched. Null without a table.
    RulingBoard* askRulingHere();

    /// Opens a scenario (`.json`) or a saved game (`.sandtable`, or JSON that says it is
    /// one); the same contract.
    QString openFile(const QString& path);
    /// Says in the log and in a warning why `path` was not opened (`problems`, openFile's).
    void reportNotOpened(const QString& path, const QString& problems);
    /// Opens a saved game by replaying it and checking every state hash. A save that does
    /// not reproduce is offered as it stood just before the first action that differs
    /// (askOpenBefore() decides); declined, nothing changes and the reason is returned.
    QString openSave(const QString& path);
    /// Writes the game in play to `path` atomically; an empty string, or what went wrong.
    QString saveGame(const QString& path);
    /// The battle's story as Markdown, HTML for a `.html` or `.htm` path, or for a `.pdf`
    /// path printed on `paper` with the table drawn at the start and end of each turn
    /// (with a progress dialog the player may cancel: then nothing is written).
    QString exportBattleReport(const QString& path, QPageSize::PageSizeId paper = QPageSize::A4);
    /// The quick-reference sheet of the ruleset on the table, with its options, as PDF.
    QString exportReferenceSheet(const QString& path, QPageSize::PageSizeId paper);
    /// Each side's units as they stand (in the game in play, else as laid out), as PDF.
    QString exportRoster(const QString& path, QPageSize::PageSizeId paper);
    /// The table as a PNG image, or as SVG for a `.svg` path.
    QString exportTable(const QString& path);
    /// Game > Rules Options: shows the game's options; before the first order they may
    /// be changed, and the game starts again with them.
    void showRulesetOptions();
    /// Game > Refight Statistics: the game's scenario refought by the computer in bulk, in
    /// a window of its own; returns it (for tests), or null without a game.
    RefightDialog* showRefightStatistics();
    /// Starts the game in play's scenario again with `seed`, the computer on every side:
    /// one of the refights, watched on the table. Asks first to keep a game in progress.
    void watchRefight(quint64 seed, const QString& level);
    /// Starts the game in play again with `options` and the same seed: only before its
    /// first order (nothing is lost). An empty string, or why not.
    QString restartWithOptions(const RulesetOptions& options);

    /// The seed of the next game opened (none: a fresh one, written in the log).
    void setGameSeed(std::optional<std::uint64_t> seed) { m_nextSeed = seed; }
    /// Where autosaves go (the user's data folder unless set); before a game starts.
    void setDataFolder(const QString& folder) { m_dataFolder = folder; }
    /// Offers each game that a Sandtable which did not exit cleanly left behind; true when
    /// the player restored one.
    bool offerRecovery();
    /// Opens a left-behind autosave as the game in play, then forgets the file.
    QString restoreAutosave(const QString& path);
    /// Whether to open a save that does not reproduce as it stood before the difference.
    void setAskOpenBefore(std::function<bool(const QString& why)> ask) { m_askOpenBefore = std::move(ask); }

    Autosave* autosave() const { return m_autosave.get(); }
    ReplayBar* replayBar() const { return m_replayBar; }
    TableView* tableView() const { return m_view; }
    GameController* gameController() const { return m_game.get(); }
    ComputerOpponent* computerOpponent() const { return m_computer.get(); }
    /// The computer plays these sides of the game in play (side ids), as Game > Computer
    /// Plays sets them ("all" for every side); unknown ids are left out.
    /// Sets how well the computer plays, and checks it under Game > Computer Level.
    void setComputerLevel(ComputerLevel level);
    void setComputerSides(const QStringList& sides);
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
    void buildHelpMenu();
    /// File > New Ruling and Game > Ask a Ruling Here.
    void buildRulingActions(QMenu* file, QMenu* game);
    RulingBoard* openBoard(Scenario scenario, const nlohmann::json& options, bool setUp);
    /// File's printed pages: Print Quick Reference, and the sheet and roster as PDF.
    void buildPrintedActions(QMenu* file);
    void printReferenceSheet();
    /// Asks where to write a PDF (the paper chosen by the file type); empty when cancelled.
    QString choosePdf(const QString& caption, QPageSize::PageSizeId& paper);
    /// The ruleset of what is on the table: the game's, else one made for the scenario
    /// (kept in `made`); null with `problem` set when the scenario's ruleset cannot be made.
    const Ruleset* tableRuleset(std::unique_ptr<Ruleset>& made, QString& problem) const;
    /// Writes the pages `pages` makes of the table's ruleset as a PDF; an empty string, or
    /// what went wrong.
    QString writeRulesetPdf(const QString& path, QPageSize::PageSizeId paper,
                            const std::function<print::PrintedDocument(const Ruleset&)>& pages);
    void rememberRecent(const QString& path);
    void refreshRecentMenu();
    void log(const QString& line);
    bool showScenario(const Scenario& scenario, const QString& path);
    void startGame(const Scenario& scenario);
    void playGame(std::unique_ptr<Game> game);
    void writeAutosave();
    /// The dice-log lines of the game's newest action, remembered as its own.
    void logAction(const QStringList& lines);
    /// Takes the undone action's lines out of the log and says what was undone.
    void unlogAction();
    /// The game in play as its save holds it, with the sides the computer plays.
    SaveFile gameSave() const;
    void logReplayStep(std::size_t step);
    bool hasUnsavedGame() const;
    /// Asks to save a game with unsaved actions; false when the player cancels.
    bool maybeKeepGame();
    void chooseAndSaveGame();
    void chooseAndExportReport();
    void buildComputerMenu();
    /// The layout the player left (window/state in the settings); on a first start, or
    /// with none kept, docks sized for a 1920x1080 screen: the table as large as the
    /// docks allow, the log a few lines high, the Play dock room for its preview.
    void restoreLayout();

    std::unique_ptr<ScenarioDocument> m_document;
    std::unique_ptr<TableScene> m_scene;
    TableView* m_view = nullptr;
    UnitInspectorDock* m_inspector = nullptr;
    QPlainTextEdit* m_log = nullptr;
    bool m_logFollows = true; // the log's view keeps to its end (the player has not scrolled back)
    QDockWidget* m_logDock = nullptr;
    QLabel* m_readout = nullptr;
    QMenu* m_recentMenu = nullptr;
    QMenu* m_editMenu = nullptr;
    QList<QDockWidget*> m_sceneDocks;
    std::unique_ptr<GameController> m_game;
    std::unique_ptr<ComputerOpponent> m_computer;
    QMenu* m_computerMenu = nullptr;
    QActionGroup* m_computerLevels = nullptr; // Game > Computer Level, each action's data the level's name
    /// View > Unit Overlays > From the Rules: in play, the selected unit's arc, ranges and
    /// move come from its ruleset rather than from numbers typed in.
    QAction* m_rulesOverlays = nullptr;
    PlayDock* m_playDock = nullptr;
    std::optional<std::uint64_t> m_nextSeed;
    QList<QAction*> m_gameActions;
    ReplayBar* m_replayBar = nullptr;
    QString m_dataFolder;
    std::unique_ptr<Autosave> m_autosave;
    QString m_savePath;      // where the game in play was last saved or opened from
    std::string m_savedHash; // the state hash it had then
    /// For each action of the game logged in this session (its place in the game's log),
    /// the first line of the log that tells it.
    std::map<std::size_t, int> m_actionLines;
    std::function<bool(const QString&)> m_askOpenBefore;
};

} // namespace sandtable::ui
