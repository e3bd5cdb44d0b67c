// The computer playing sides through the window: it acts when its side is to decide,
// through the same controller, log and undo as a player; it waits after an undo.

#include "computer_opponent.h"
#include "game_controller.h"
#include "ui_test_support.h"

#include <QFile>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QUndoStack>
#include <catch2/catch.hpp>

using namespace sandtable;
using namespace sandtable::ui;
using uitest::OpenWindow;

namespace {

/// Lets the event loop run until `done` or `milliseconds` pass.
template <typename Done> bool waitFor(Done done, int milliseconds = 20000) {
    QElapsedTimer clock;
    clock.start();
    while (!done() && clock.elapsed() < milliseconds) {
        QTest::qWait(5);
    }
    return done();
}

QMenu* computerMenu(MainWindow& window, const QString& title = QObject::tr("&Computer Plays")) {
    for (QAction* top : window.menuBar()->actions()) {
        if (top->menu() != nullptr) {
            for (QAction* entry : top->menu()->actions()) {
                if (entry->menu() != nullptr && entry->text() == title) {
                    return entry->menu();
                }
            }
        }
    }
    return nullptr;
}

} // namespace

TEST_CASE("the computer plays the Franco-Bavarians against a player, and waits after an undo", "[ui][computer]") {
    OpenWindow open("einsamenhugel-battle.json", 2016);
    ComputerOpponent& computer = *open.window.computerOpponent();
    computer.setDelay(0);
    const Game& game = open.window.gameController()->game();
    // Game > Computer Plays lists the sides; hotseat until one is ticked.
    QMenu* menu = computerMenu(open.window);
    REQUIRE(menu != nullptr);
    REQUIRE(menu->actions().size() == 2);
    CHECK(menu->actions()[0]->text() == "Pragmatic Army");
    CHECK(computer.sides().empty());
    menu->actions()[1]->setChecked(true); // Franco-Bavarians
    CHECK(computer.sides() == std::set<std::string>{"franco-bavarian"});
    CHECK(open.window.logText().contains("The computer plays Franco-Bavarians"));
    // The Pragmatic Army is first to make its pre-battle moves: the computer waits for it.
    QTest::qWait(50);
    CHECK(game.log().empty());
    QTest::keyClick(&open.window, Qt::Key_N); // the player passes the pre-battle moves
    // The computer passes its own, and moves whenever the dice or the alternation give it
    // the move, until the player is to decide.
    REQUIRE(waitFor([&] { return game.status().activeSide == "pragmatic" && game.battle().phase == "movement"; }));
    QTest::qWait(50);
    CHECK(game.status().activeSide == "pragmatic");
    CHECK(open.window.logText().contains("Computer, Franco-Bavarians: pass"));
    const std::size_t actions = game.log().size();
    REQUIRE(actions >= 2);
    // Undo takes back the computer's last action, and it does not simply do it again.
    open.window.document()->undoStack()->undo();
    QTest::qWait(50);
    CHECK(game.log().size() == actions - 1);
    CHECK(computer.paused());
    CHECK(game.status().activeSide == "franco-bavarian");
    // C: it plays on, and the same dice give the same action back.
    QTest::keyClick(&open.window, Qt::Key_C);
    REQUIRE(waitFor([&] { return game.log().size() == actions && game.status().activeSide == "pragmatic"; }));
    CHECK_FALSE(computer.paused());
}

TEST_CASE("the computer plays both sides of the refight through the window to the end", "[ui][computer]") {
    OpenWindow open("einsamenhugel-battle.json", 3);
    open.window.computerOpponent()->setDelay(0);
    open.window.setComputerSides({"all"});
    const Game& game = open.window.gameController()->game();
    REQUIRE(waitFor([&] { return game.status().over; }, 60000));
    CHECK(open.window.logText().contains("Computer, Pragmatic Army: "));
    CHECK(open.window.logText().contains("Computer, Franco-Bavarians: "));
    // Every action is on the undo stack as the player's would be.
    CHECK(open.window.document()->undoStack()->count() == static_cast<int>(game.log().size()));
    if (const QByteArray shots = qgetenv("SANDTABLE_UI_SHOTS"); !shots.isEmpty()) {
        open.window.grab().save(QString::fromLocal8Bit(shots) + "/computer-both-sides.png");
    }
}

TEST_CASE("the computer waits while a dialog is open, pauses, plays one order at a time", "[ui][computer]") {
    OpenWindow open("einsamenhugel-battle.json", 7);
    ComputerOpponent& computer = *open.window.computerOpponent();
    computer.setDelay(0);
    const Game& game = open.window.gameController()->game();
    // A question on the screen: the computer, given both sides, does nothing behind it.
    QMessageBox question(QMessageBox::Question, "Save the game?", "Save the game?", QMessageBox::Yes | QMessageBox::No, &open.window);
    question.setWindowModality(Qt::ApplicationModal);
    question.show();
    REQUIRE(QTest::qWaitForWindowExposed(&question));
    open.window.setComputerSides({"all"});
    QTest::qWait(400);
    CHECK(game.log().empty());
    question.close();
    REQUIRE(waitFor([&] { return game.log().size() >= 3; }));

    // Paused, it stops; one order at a time, then on again.
    computer.pause();
    QTest::qWait(50);
    const std::size_t paused = game.log().size();
    QTest::qWait(200);
    CHECK(game.log().size() == paused);
    CHECK(computer.paused());
    computer.stepOnce();
    REQUIRE(waitFor([&] { return game.log().size() == paused + 1; }));
    QTest::qWait(200);
    CHECK(game.log().size() == paused + 1);
    computer.playOn();
    REQUIRE(waitFor([&] { return game.log().size() > paused + 3; }));
}

TEST_CASE("a saved game remembers the sides the computer plays and its level, and reopened it plays them again", "[ui][computer][saves]") {
    QTemporaryDir folder;
    const QString path = folder.filePath("with-computer.sandtable");
    {
        OpenWindow open("einsamenhugel-battle.json", 9);
        open.window.computerOpponent()->setDelay(0);
        open.window.computerOpponent()->pause(); // nothing to pause yet: it has no sides
        open.window.setComputerSides({"franco-bavarian"});
        open.window.computerOpponent()->pause();
        // Game > Computer Level: the strong level, kept in the save.
        QMenu* levels = computerMenu(open.window, QObject::tr("Computer &Level"));
        REQUIRE(levels != nullptr);
        REQUIRE(levels->actions().size() == 3);
        CHECK(levels->actions()[1]->isChecked()); // standard, the default
        levels->actions()[2]->trigger();
        CHECK(open.window.computerOpponent()->level() == ComputerLevel::Strong);
        REQUIRE(open.window.saveGame(path).isEmpty());
        levels->actions()[1]->trigger(); // the setting back to the default for the next tests
        CHECK(open.window.computerOpponent()->level() == ComputerLevel::Standard);
    }
    QFile file(path);
    REQUIRE(file.open(QIODevice::ReadOnly));
    const QByteArray saved = file.readAll();
    CHECK(saved.contains("\"computer\": [\"franco-bavarian\"]"));
    CHECK(saved.contains("\"computerLevel\": \"strong\""));
    OpenWindow reopened;
    REQUIRE(reopened.window.openFile(path).isEmpty());
    REQUIRE(reopened.window.computerOpponent() != nullptr);
    CHECK(reopened.window.computerOpponent()->sides() == std::set<std::string>{"franco-bavarian"});
    QMenu* menu = computerMenu(reopened.window);
    REQUIRE(menu != nullptr);
    CHECK_FALSE(menu->actions()[0]->isChecked());
    CHECK(menu->actions()[1]->isChecked());
    // At the level it was played at.
    CHECK(reopened.window.computerOpponent()->level() == ComputerLevel::Strong);
    QMenu* levels = computerMenu(reopened.window, QObject::tr("Computer &Level"));
    REQUIRE(levels != nullptr);
    CHECK(levels->actions()[2]->isChecked());
    levels->actions()[1]->trigger();
}

TEST_CASE("the player's keys do not give the order of a side the computer is about to play, unless it is paused", "[ui][computer]") {
    // Seed 404 turns the British card first.
    OpenWindow open("oibl-training-charge.json", 404);
    ComputerOpponent& computer = *open.window.computerOpponent();
    computer.setDelay(60000); // it is always about to act, and never does within the test
    PlayDock& dock = *open.window.playDock();
    int asked = 0;
    dock.setConfirm([&](const QString&) {
        ++asked;
        return true;
    });
    const Game& game = open.window.gameController()->game();
    open.window.setComputerSides({"british"});
    // Turning a card waits on nobody: the player may do it.
    QTest::keyClick(&open.window, Qt::Key_N);
    REQUIRE(game.log().size() == 1);
    REQUIRE(game.status().activeSide == "british");
    CHECK(computer.sideAboutToPlay() == std::optional<std::string>("british"));
    // A second N, pressed before the computer acts, neither asks to give up the British
    // charges nor gives the British order: the window says whose order it is.
    QTest::keyClick(&open.window, Qt::Key_N);
    CHECK(asked == 0);
    CHECK(game.log().size() == 1);
    CHECK(dock.lastError() == "The computer plays British and is about to give its order: pause it (Ctrl+Space) to give that side's orders "
                              "yourself");
    CHECK(open.window.statusBar()->currentMessage() == dock.lastError());
    CHECK(dock.statusText().contains("The computer plays British and is about to give its order"));
    // The computer's own order is the game moving on: the dock no longer says the
    // player's was held. (One order, then paused.)
    computer.setDelay(0);
    computer.pause();
    computer.stepOnce();
    REQUIRE(waitFor([&] { return game.log().size() == 2; }));
    CHECK(dock.lastError().isEmpty());
    CHECK_FALSE(dock.statusText().contains("The computer plays British"));
    // Paused, the computer leaves the British order to the player.
    REQUIRE(computer.paused());
    REQUIRE(game.status().activeSide == "british");
    CHECK_FALSE(computer.sideAboutToPlay());
    QTest::keyClick(&open.window, Qt::Key_N);
    CHECK(asked == 1);
    CHECK(game.log().size() == 3);
}
