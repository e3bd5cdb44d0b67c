// Saved games in the window: save and open, a save that does not reproduce, the replay
// bar, the autosave after every action, a killed Sandtable's game restored, the battle
// report exported.

#include "autosave.h"
#include "game_controller.h"
#include "play_dock.h"
#include "replay_bar.h"
#include "sandtable/battle_state.h"
#include "sandtable/save_file.h"
#include "ui_test_support.h"

#include <QComboBox>
#include <QDir>
#include <QFile>
#include <QListWidget>
#include <QProcess>
#include <QTemporaryDir>
#include <catch2/catch.hpp>

using namespace sandtable;
using namespace sandtable::ui;
using uitest::OpenWindow;

namespace {

const QString corpus = QString(SANDTABLE_TEST_DATA_DIR) + "/saves/";

/// Plays cards, and a unit's movement roll and activation end whenever one may act.
void playSome(GameController& controller, std::size_t actions) {
    while (controller.game().log().size() < actions) {
        const GameStatus status = controller.game().status();
        if (status.mayActivate.empty() && status.activeUnit.empty()) {
            REQUIRE(controller.perform(Action{"next-card", "", "", {}, {}, {}}).isEmpty());
            continue;
        }
        const std::string unit = status.activeUnit.empty() ? status.mayActivate.front() : status.activeUnit;
        const bool rolled = controller.game().battle().findUnit(unit)->counters.count("movement-left") != 0;
        REQUIRE(controller.perform(Action{rolled ? "end-activation" : "roll-movement", unit, "", {}, {}, {}}).isEmpty());
    }
}

std::string lastHash(const Game& game) { return game.stateHash(); }

} // namespace

TEST_CASE("a game saved and opened again is the same game, every state checked", "[ui][save]") {
    QTemporaryDir folder;
    OpenWindow open("ozz-winkie-border.json", 31);
    open.window.setDataFolder(folder.path());
    GameController& controller = *open.window.gameController();
    playSome(controller, 12);
    const QString path = folder.filePath("evening.sandtable");
    REQUIRE(open.window.saveGame(path).isEmpty());
    CHECK(open.window.logText().contains("Saved the game (12 actions)"));

    OpenWindow other;
    REQUIRE(other.window.openFile(path).isEmpty());
    REQUIRE(other.window.gameController() != nullptr);
    const Game& reopened = other.window.gameController()->game();
    CHECK(reopened.log().size() == 12);
    CHECK(lastHash(reopened) == lastHash(controller.game()));
    CHECK(reopened.seed() == 31);
    CHECK(other.window.logText().contains("12 actions replayed, every state checked"));
    // Saved again, the same bytes.
    const QString again = folder.filePath("again.sandtable");
    REQUIRE(other.window.saveGame(again).isEmpty());
    QFile a(path), b(again);
    REQUIRE(a.open(QIODevice::ReadOnly));
    REQUIRE(b.open(QIODevice::ReadOnly));
    CHECK(a.readAll() == b.readAll());
}

TEST_CASE("a save written under a scenario's name opens as the save it says it is", "[ui][save]") {
    // The command line writes a save wherever it is told (`play --save game.json`); read as
    // a scenario, it was refused with a list of unknown keys.
    QTemporaryDir folder;
    OpenWindow open("ozz-winkie-border.json", 31);
    open.window.setDataFolder(folder.path());
    playSome(*open.window.gameController(), 5);
    const QString saved = folder.filePath("evening.sandtable");
    REQUIRE(open.window.saveGame(saved).isEmpty());
    const QString named = folder.filePath("evening.json");
    REQUIRE(QFile::copy(saved, named));

    OpenWindow other;
    REQUIRE(other.window.openFile(named).isEmpty());
    REQUIRE(other.window.gameController() != nullptr);
    CHECK(other.window.gameController()->game().log().size() == 5);
    CHECK(other.window.logText().contains("5 actions replayed, every state checked"));
    // A scenario is still read as one.
    OpenWindow third;
    REQUIRE(third.window.openFile(uitest::sample("ozz-winkie-border.json")).isEmpty());
    CHECK(third.window.gameController()->game().log().empty());
}

TEST_CASE("a save that does not reproduce is refused, or opened as it stood before the difference", "[ui][save]") {
    OpenWindow open("ozz-winkie-border.json", 3);
    QString asked;
    open.window.setAskOpenBefore([&](const QString& why) {
        asked = why;
        return false;
    });
    const QString refused = open.window.openFile(corpus + "wrong-hash.sandtable");
    CHECK(refused.contains("action 13 of 30"));
    CHECK(asked.contains("does not reproduce"));
    CHECK(open.window.document()->scenario().name == "Skirmish on the Winkie Border");
    CHECK(open.window.gameController()->game().seed() == 3); // the game in play is untouched

    open.window.setAskOpenBefore([](const QString&) { return true; });
    REQUIRE(open.window.openFile(corpus + "wrong-hash.sandtable").isEmpty());
    CHECK(open.window.gameController()->game().log().size() == 12);
    CHECK(open.window.gameController()->game().seed() == 2024);
    // A file that is no save at all: every problem, and nothing changes.
    const QString garbage = open.window.openFile(corpus + "not-a-save.sandtable");
    CHECK(garbage.contains("not-a-save.sandtable: (the whole file): missing 'kind'"));
    CHECK(open.window.gameController()->game().log().size() == 12);
}

TEST_CASE("a save from another version whose states differ opens whole, played on by this version's rules", "[ui][save]") {
    QTemporaryDir folder;
    QFile wrong(corpus + "wrong-hash.sandtable");
    REQUIRE(wrong.open(QIODevice::ReadOnly));
    QByteArray text = wrong.readAll();
    // Whatever version made it, make it 0.9's.
    const qsizetype version = text.indexOf("\"version\":\"", text.indexOf("\"ruleset\""));
    REQUIRE(version >= 0);
    text.replace(version, text.indexOf('"', version + 11) + 1 - version, "\"version\":\"0.9\"");
    const QString older = folder.filePath("older.sandtable");
    QFile out(older);
    REQUIRE(out.open(QIODevice::WriteOnly));
    out.write(text);
    out.close();
    OpenWindow open("ozz-winkie-border.json", 3);
    bool asked = false;
    open.window.setAskOpenBefore([&](const QString&) { return asked = true; });
    REQUIRE(open.window.openFile(older).isEmpty());
    CHECK_FALSE(asked); // nothing to decide: nothing is cut off
    CHECK(open.window.gameController()->game().log().size() == 30);
    CHECK(open.window.logText().contains("Opened the saved game older.sandtable: 30 actions replayed by this version's rules"));
    CHECK(open.window.logText().contains("From an older version: action 13 of 30"));
}

TEST_CASE("the replay bar steps through the log with the table and the dice log following", "[ui][replay]") {
    OpenWindow open;
    REQUIRE(open.window.openFile(corpus + "good.sandtable").isEmpty());
    GameController& controller = *open.window.gameController();
    ReplayBar& bar = *open.window.replayBar();
    const Game& game = controller.game();
    REQUIRE(game.log().size() == 30);
    // The turn picker shows the turn on the table: the game's, then the one replayed.
    const QComboBox* turns = bar.findChild<QComboBox*>();
    REQUIRE(turns != nullptr);
    REQUIRE(game.battle().turn == 2);
    CHECK(turns->count() == 2);
    CHECK(turns->currentText() == "Turn 2");
    bar.stepBack();
    CHECK(controller.replaying());
    CHECK(controller.step() == 29);
    CHECK(stateHash(open.window.document()->battle()) == game.stateHashAfter(29));
    CHECK(open.window.logText().contains("— Replay: the table after action 29 of 30 —"));
    CHECK(open.window.playDock()->statusText().contains("Replay"));
    CHECK(open.window.playDock()->offersList()->count() == 0);
    CHECK_FALSE(controller.perform(Action{"next-card", "", "", {}, {}, {}}).isEmpty());
    CHECK(bar.isVisible());
    // The keys: Alt+Home to the start, Alt+Right one forward, Alt+End back to play.
    QTest::keyClick(&open.window, Qt::Key_Home, Qt::AltModifier);
    CHECK(controller.step() == 0);
    CHECK(stateHash(open.window.document()->battle()) == game.openingHash());
    CHECK(turns->currentText() == "Turn 1");
    CHECK(turns->count() == 2); // every turn played may still be jumped to
    QTest::keyClick(&open.window, Qt::Key_Right, Qt::AltModifier);
    CHECK(controller.step() == 1);
    CHECK(stateHash(open.window.document()->battle()) == game.stateHashAfter(1));
    if (const QByteArray shots = qgetenv("SANDTABLE_UI_SHOTS"); !shots.isEmpty()) {
        bar.stepForward();
        open.window.grab().save(QString::fromLocal8Bit(shots) + "/replay-window.png");
    }
    bar.toTurn(1);
    CHECK(controller.step() == 0);
    QTest::keyClick(&open.window, Qt::Key_End, Qt::AltModifier);
    CHECK_FALSE(controller.replaying());
    CHECK(stateHash(open.window.document()->battle()) == game.stateHash());
    CHECK(turns->currentText() == "Turn 2");
    CHECK(game.log().size() == 30); // stepping changed nothing
}

TEST_CASE("every action is autosaved, the battle report is exported", "[ui][autosave]") {
    QTemporaryDir folder;
    OpenWindow open;
    open.window.setDataFolder(folder.path());
    REQUIRE(open.window.openFile(uitest::sample("ozz-winkie-border.json")).isEmpty());
    REQUIRE(open.window.autosave() != nullptr);
    GameController& controller = *open.window.gameController();
    for (std::size_t actions = 1; actions <= 4; ++actions) {
        playSome(controller, actions);
        const auto saved = loadSave(open.window.autosave()->path().toStdString());
        REQUIRE(saved.hasValue());
        CHECK(saved->actions.size() == actions);
        CHECK(saved->actions.back().stateHash == lastHash(controller.game()));
    }
    // Undo is autosaved too.
    open.window.document()->undoStack()->undo();
    CHECK(loadSave(open.window.autosave()->path().toStdString())->actions.size() == 3);
    // This Sandtable is running: its autosave is not one left behind.
    CHECK(Autosave::leftBehind(folder.path()).isEmpty());

    const QString markdown = folder.filePath("report.md");
    REQUIRE(open.window.exportBattleReport(markdown).isEmpty());
    QFile md(markdown);
    REQUIRE(md.open(QIODevice::ReadOnly));
    const QString text = QString::fromUtf8(md.readAll());
    CHECK(text.startsWith("# Skirmish on the Winkie Border"));
    CHECK(text.contains("## Turn 1"));
    const QString html = folder.filePath("report.html");
    REQUIRE(open.window.exportBattleReport(html).isEmpty());
    QFile page(html);
    REQUIRE(page.open(QIODevice::ReadOnly));
    CHECK(page.readAll().startsWith("<!DOCTYPE html>"));
}

TEST_CASE("a Sandtable killed mid-game leaves its game, and the next one restores it", "[ui][autosave][recovery]") {
    QTemporaryDir folder;
    // The real program, off-screen, opens a game in progress (30 actions) and autosaves it.
    QProcess sandtable;
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.insert("QT_QPA_PLATFORM", "offscreen");
    sandtable.setProcessEnvironment(environment);
    sandtable.start(SANDTABLE_APP, {"--data-dir", folder.path(), corpus + "good.sandtable"});
    REQUIRE(sandtable.waitForStarted(10000));
    const QString autosave = folder.filePath(QStringLiteral("autosave-%1.sandtable").arg(sandtable.processId()));
    bool written = false;
    for (int tries = 0; tries < 200 && !written; ++tries) {
        QTest::qWait(50);
        const auto saved = loadSave(autosave.toStdString());
        written = saved.hasValue() && saved->actions.size() == 30;
    }
    REQUIRE(written);
    // While it runs, its game is not left behind.
    CHECK(Autosave::leftBehind(folder.path()).isEmpty());
    sandtable.kill(); // SIGKILL: no destructor runs, nothing is cleaned up
    REQUIRE(sandtable.waitForFinished(10000));

    const QStringList left = Autosave::leftBehind(folder.path());
    REQUIRE(left == QStringList{autosave});
    OpenWindow next;
    next.window.setDataFolder(folder.path());
    REQUIRE(next.window.restoreAutosave(left.front()).isEmpty());
    const Game& restored = next.window.gameController()->game();
    CHECK(restored.log().size() == 30);
    const auto original = loadSave((corpus + "good.sandtable").toStdString());
    REQUIRE(original.hasValue());
    CHECK(lastHash(restored) == original->actions.back().stateHash);
    CHECK_FALSE(QFile::exists(autosave));                 // forgotten once restored...
    CHECK(QFile::exists(next.window.autosave()->path())); // ...and autosaved by this Sandtable
    CHECK(Autosave::leftBehind(folder.path()).isEmpty());
}
