// Game > Refight Statistics: the window's batch of refights gives what sandtable-cli
// refight gives for the same seed, stops when asked, and may be closed while it plays.

#include "computer_opponent.h"
#include "game_controller.h"
#include "refight_dialog.h"
#include "sandtable/refight_summary.h"
#include "sandtable/ruleset_registry.h"
#include "ui_test_support.h"

#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QSignalSpy>
#include <QSpinBox>
#include <catch2/catch.hpp>

using namespace sandtable;
using namespace sandtable::ui;
using uitest::OpenWindow;

namespace {

QPushButton* button(QWidget& dialog, const QString& text) {
    for (QPushButton* found : dialog.findChildren<QPushButton*>()) {
        if (found->text() == text) {
            return found;
        }
    }
    FAIL("no button " << text.toStdString());
    return nullptr;
}

} // namespace

TEST_CASE("Refight Statistics plays the game's scenario in bulk and shows what the CLI shows", "[ui][refight]") {
    OpenWindow open("einsamenhugel-battle.json", 5);
    RefightDialog* dialog = open.window.showRefightStatistics();
    REQUIRE(dialog != nullptr);
    REQUIRE(QTest::qWaitForWindowExposed(dialog));
    dialog->runsBox()->setValue(10);
    dialog->seedBox()->setValue(3);
    QSignalSpy ended(dialog, &RefightDialog::refightsEnded);
    QTest::mouseClick(button(*dialog, "&Start"), Qt::LeftButton);
    CHECK(dialog->running());
    REQUIRE(ended.wait(120000));
    CHECK_FALSE(dialog->running());
    REQUIRE(dialog->games().size() == 10);
    CHECK(dialog->statusText().startsWith("10 games played in"));

    // The same plan through the core, as sandtable-cli refight plays it.
    const Scenario& scenario = open.window.gameController()->game().scenario();
    RefightPlan plan;
    plan.runs = 10;
    plan.firstSeed = 3;
    auto games = refight(scenario, makeRuleset, plan);
    REQUIRE(games);
    CHECK(dialog->summaryText().toStdString() == toText(summarizeRefights(scenario, plan, *games)));
    CHECK(dialog->summaryText().contains("The report: Maurice conceded"));
    const QLabel* chart = nullptr;
    for (const QLabel* label : dialog->findChildren<QLabel*>()) {
        if (!label->pixmap().isNull()) {
            chart = label;
        }
    }
    REQUIRE(chart != nullptr);
    CHECK(chart->pixmap().width() >= 960);
    CHECK(button(*dialog, "Save &Results...")->isEnabled());
    if (const QByteArray shots = qgetenv("SANDTABLE_UI_SHOTS"); !shots.isEmpty()) {
        dialog->grab().save(QString::fromLocal8Bit(shots) + "/refight-statistics.png");
    }
    dialog->close();

    // Opened again, it offers the last batch's settings.
    RefightDialog* again = open.window.showRefightStatistics();
    REQUIRE(again != nullptr);
    CHECK(again->runsBox()->value() == 10);
    CHECK(again->seedBox()->value() == 3);
    again->close();
}

TEST_CASE("Refight Statistics stops when asked, and closes while it plays", "[ui][refight]") {
    OpenWindow open("einsamenhugel-battle.json", 5);
    RefightDialog* dialog = open.window.showRefightStatistics();
    REQUIRE(dialog != nullptr);
    dialog->runsBox()->setValue(5000);
    QSignalSpy ended(dialog, &RefightDialog::refightsEnded);
    dialog->start();
    auto* progress = dialog->findChild<QProgressBar*>();
    REQUIRE(progress != nullptr);
    // Some games played, then Stop.
    REQUIRE(QTest::qWaitFor([&] { return progress->value() >= 2; }, 60000));
    QTest::mouseClick(button(*dialog, "S&top"), Qt::LeftButton);
    REQUIRE(ended.wait(60000));
    CHECK(dialog->games().size() >= 2);
    CHECK(dialog->games().size() < 5000);
    CHECK(dialog->statusText().startsWith(QStringLiteral("Stopped: %1 of 5000 games played").arg(dialog->games().size())));
    CHECK(dialog->summary()->runs == dialog->games().size());

    // Started again and closed at once: the games under way finish, nothing is left running.
    dialog->start();
    REQUIRE(dialog->running());
    delete dialog;
    CHECK(open.window.isVisible());
}

TEST_CASE("Watch a Game plays one of the refights again on the table, move for move", "[ui][refight]") {
    OpenWindow open("einsamenhugel-battle.json", 5);
    RefightDialog* dialog = open.window.showRefightStatistics();
    REQUIRE(dialog != nullptr);
    dialog->runsBox()->setValue(3);
    dialog->seedBox()->setValue(20);
    QSignalSpy ended(dialog, &RefightDialog::refightsEnded);
    dialog->start();
    REQUIRE(ended.wait(120000));
    REQUIRE(dialog->games().size() == 3);
    const RefightGame game = dialog->games()[1]; // game 2: seed 21
    CHECK(game.seed == 21);
    dialog->watch(1);

    // The window now plays seed 21 with the computer on every side, as the refight did.
    GameController* controller = open.window.gameController();
    REQUIRE(controller != nullptr);
    CHECK(controller->game().seed() == 21);
    REQUIRE(open.window.computerOpponent() != nullptr);
    open.window.computerOpponent()->setDelay(0);
    REQUIRE(QTest::qWaitFor([&] { return open.window.gameController()->game().status().over; }, 120000));
    const Game& watched = open.window.gameController()->game();
    CHECK(watched.log().size() == game.actions);
    CHECK(watched.status().winner == game.winner);
    CHECK(watched.status().result == game.result);
}
