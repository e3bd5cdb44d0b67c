#pragma once

#include "sandtable/ruleset.h"
#include "sandtable/ruling_board.h"
#include "sandtable/scenario.h"

#include <QMainWindow>
#include <memory>

namespace sandtable::ui {

class BoardPiecesDock;
class RulingDock;
class ScenarioDocument;
class TableScene;
class TableView;

/// The rulings board: a table of its own for checking a ruling mid-game at a real table.
/// The player puts down the units and terrain that stand on the real table (from the
/// ruleset's pieces), moves and turns them freely, sets their state, selects a unit (and
/// with Ctrl+click a target) and reads every order it could be given with its modifiers,
/// exact odds and cited rules. The sequence of play is set aside and nothing is rolled.
/// A board saves as a scenario, and its ruling exports as text or as an image.
class RulingBoard : public QMainWindow {
    Q_OBJECT
public:
    RulingBoard(Scenario scenario, std::unique_ptr<Ruleset> ruleset, BoardPalette palette, QWidget* parent = nullptr);
    ~RulingBoard() override;

    ScenarioDocument* document() const { return m_document.get(); }
    TableView* view() const { return m_view; }
    RulingDock* ruling() const { return m_ruling; }
    BoardPiecesDock* pieces() const { return m_pieces; }
    const Ruleset& ruleset() const { return *m_ruleset; }

    /// Writes the board as a scenario (`.json`): an empty string, or what went wrong.
    QString saveBoard(const QString& path);
    /// Writes the ruling: as text (Markdown for `.md`), or the board's window as an image
    /// for `.png`. An empty string, or what went wrong.
    QString exportRuling(const QString& path);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void buildMenus();
    void followSelection();
    void chooseAndSave();
    void chooseAndExport();

    std::unique_ptr<Ruleset> m_ruleset;
    std::unique_ptr<ScenarioDocument> m_document;
    std::unique_ptr<TableScene> m_scene;
    TableView* m_view = nullptr;
    RulingDock* m_ruling = nullptr;
    BoardPiecesDock* m_pieces = nullptr;
};

/// The pieces of `rulesetId` in the shipped scenarios (and the player's own folder).
BoardPalette shippedPalette(const std::string& rulesetId);

} // namespace sandtable::ui
