// Hotseat play through the window: the tracker, a unit's orders, the preview with its
// modifiers and odds, rolling, a dragged route, ending an activation, undo.

#include "dice_tray.h"
#include "game_controller.h"
#include "play_dock.h"
#include "scenario_document.h"
#include "shortcuts_dialog.h"
#include "table_scene.h"
#include "ui_test_support.h"
#include "unit_item.h"
#include "unit_overlay_item.h"

#include <QApplication>
#include <QDockWidget>
#include <QHeaderView>
#include <QImage>
#include <QListWidget>
#include <QMenu>
#include <QMenuBar>
#include <QPainter>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QRegularExpression>
#include <QScrollBar>
#include <QSplitter>
#include <QStatusBar>
#include <QTreeWidget>
#include <QTreeWidgetItemIterator>
#include <QUndoStack>
#include <catch2/catch.hpp>

using namespace sandtable;
using namespace sandtable::ui;
using uitest::OpenWindow;

namespace {

QStringList offerTexts(const PlayDock& dock) {
    QStringList texts;
    for (int row = 0; row < dock.offersList()->count(); ++row) {
        texts << dock.offersList()->item(row)->text();
    }
    return texts;
}

/// Turns cards (N) until a foot unit may activate, and returns it.
std::string turnCardsUntilFootMayAct(OpenWindow& open) {
    const Game& game = open.window.gameController()->game();
    for (int cards = 0; cards < 40; ++cards) {
        for (const std::string& id : game.status().mayActivate) {
            if (game.battle().findUnit(id)->arm == Arm::Foot) {
                return id;
            }
        }
        QTest::keyClick(&open.window, Qt::Key_N);
    }
    FAIL("no foot unit came up in 40 cards");
    return {};
}

/// With SANDTABLE_UI_SHOTS=DIR, 20cm of table around `centre` as DIR/name to look at.
void saveCloseUp(QGraphicsScene& scene, const Point& centre, const QString& name) {
    const QByteArray shots = qgetenv("SANDTABLE_UI_SHOTS");
    if (shots.isEmpty()) {
        return;
    }
    QImage closeUp(800, 800, QImage::Format_ARGB32);
    closeUp.fill(Qt::white);
    QPainter painter(&closeUp);
    scene.render(&painter, QRectF(), QRectF(centre.x() - 100, centre.y() - 100, 200, 200));
    painter.end();
    closeUp.save(QString::fromLocal8Bit(shots) + "/" + name);
}

} // namespace

TEST_CASE("a scenario of a registered ruleset opens as a game with the play dock", "[ui][play]") {
    OpenWindow open("ozz-winkie-border.json", 11);
    REQUIRE(open.window.gameController() != nullptr);
    REQUIRE(open.window.playDock() != nullptr);
    CHECK(open.window.playDock()->statusText().contains("Turn 1"));
    CHECK(open.window.playDock()->statusText().contains("Score: "));
    CHECK(open.window.logText().contains("seed 11"));
    CHECK_FALSE(open.view().layoutEditing());
    // Each unit's activation die stands beside it on the table, in its tooltip and in the Unit dock.
    const Game& game = open.window.gameController()->game();
    for (const Unit& unit : game.battle().units) {
        INFO(unit.id);
        const UnitItem* item = open.window.tableView()->tableScene()->unitItem(QString::fromStdString(unit.id));
        REQUIRE(item != nullptr);
        const auto die = std::find_if(item->counters().begin(), item->counters().end(),
                                      [](const ShownCounter& c) { return c.name == "Activation die"; });
        REQUIRE(die != item->counters().end());
        CHECK(die->value == static_cast<int>(unit.counters.at("activation-die")));
        CHECK(item->toolTip().contains(QStringLiteral("Activation die: %1").arg(die->value)));
        CHECK(item->boundingRect().contains(item->unitBox().topRight() + QPointF(8, 5)));
    }
    // A layout-only table (its ruleset is not in this build) keeps hand editing.
    OpenWindow layout;
    CHECK(layout.window.gameController() == nullptr);
    CHECK(layout.view().layoutEditing());
}

TEST_CASE("one activation played through the window", "[ui][play]") {
    OpenWindow open("ozz-winkie-border.json", 11);
    PlayDock& dock = *open.window.playDock();
    const Game& game = open.window.gameController()->game();
    const std::string unitId = turnCardsUntilFootMayAct(open);
    const std::string card = game.battle().decks.at("activation").showing();
    CHECK(dock.statusText().contains("May activate"));

    // Selecting the unit lists its orders.
    QTest::mouseClick(open.view().viewport(), Qt::LeftButton, {}, open.onUnit(unitId));
    REQUIRE(open.view().tableScene()->selectedUnitIds() == QStringList{QString::fromStdString(unitId)});
    const QStringList offers = offerTexts(dock);
    INFO(offers.join(" | ").toStdString());
    CHECK(offers.filter("Roll movement").size() == 1);
    CHECK(offers.filter("End activation").size() == 1);

    // The preview ticks the modifiers with their rules and charts the exact odds; it rolls nothing.
    const auto rollsBefore = game.dice().rollCount();
    REQUIRE(dock.chooseOffer("Roll movement"));
    CHECK(dock.modifiersTree()->topLevelItemCount() > 0);
    // The rule is cited by its heading, the text's title and its file on hover.
    const QTreeWidgetItem* first = dock.modifiersTree()->topLevelItem(0);
    CHECK(first->text(3).startsWith(u'\u201c'));
    CHECK(first->toolTip(3).contains(QString::fromStdString(game.ruleset().info().sourceTitle)));
    CHECK(first->toolTip(3).contains("000_9109171396d1b03f.txt"));
    CHECK(dock.oddsChartCount() > 0);
    CHECK(dock.commitButton()->isEnabled());
    CHECK(game.dice().rollCount() == rollsBefore);
    // On the player's 1920x1080 screen the modifier table shows every row without
    // scrolling down (on a smaller one its rows scroll).
    open.window.resize(1920, 1040);
    open.window.resizeDocks({&dock}, {460}, Qt::Horizontal); // as the first start lays it out there
    QApplication::processEvents();
    REQUIRE(dock.chooseOffer("Roll movement"));
    QApplication::processEvents();
    const QTreeWidget& modifiers = *dock.modifiersTree();
    for (int i = 0; i < modifiers.topLevelItemCount(); ++i) {
        const QRect row = modifiers.visualItemRect(modifiers.topLevelItem(i));
        INFO("modifier " << i << ": " << modifiers.topLevelItem(i)->text(0).toStdString() << ", rows " << row.top() << " to "
                         << row.bottom() << " of " << modifiers.viewport()->height());
        CHECK(row.top() >= 0);
        CHECK(row.bottom() < modifiers.viewport()->height());
    }
    // Nor sideways: every column is in the dock's width, the long words wrapped.
    CHECK(modifiers.header()->length() <= modifiers.viewport()->width());
    for (int column = 0; column < 4; ++column) {
        INFO("column " << column << " is " << modifiers.columnWidth(column) << " wide");
        CHECK(modifiers.columnWidth(column) >= 40);
    }
    if (const QByteArray shots = qgetenv("SANDTABLE_UI_SHOTS"); !shots.isEmpty()) {
        open.window.grab().save(QString::fromLocal8Bit(shots) + "/preview-window.png");
    }

    // Enter rolls it: the dice tumble and the trace goes to the dice log.
    QTest::keyClick(&open.window, Qt::Key_Return);
    CHECK(game.dice().rollCount() > rollsBefore);
    CHECK(dock.diceTray()->animating());
    CHECK((open.window.logText().contains("Roll movement") || open.window.logText().contains("roll-movement")));
    const Unit& rolled = *game.battle().findUnit(unitId);
    REQUIRE(rolled.counters.count("movement-left") == 1);
    const double allowance = rolled.counters.at("movement-left");
    CHECK(allowance >= 1);
    CHECK(game.status().activeUnit == unitId);

    // Move: the route is dragged on the table and paid for from the allowance.
    REQUIRE(dock.chooseOffer("Move"));
    REQUIRE(open.view().routing());
    const Point centre = rolled.centre();
    const Point ahead = facingVector(rolled.elements.front().facing);
    const Point end(centre.x() + ahead.x() * 25.4, centre.y() + ahead.y() * 25.4); // an inch ahead
    const QPoint from = open.onScreen(centre);
    const QPoint to = open.onScreen(end);
    // A click is not a route: nothing moves and the route can still be dragged.
    const auto logged = game.log().size();
    QTest::mouseClick(open.view().viewport(), Qt::LeftButton, {}, from);
    CHECK(open.view().routing());
    CHECK(game.log().size() == logged);
    // A route the rules refuse (longer than the allowance) moves nothing, and the route is
    // the player's to drag again, as the dock still asks.
    const double tooLong = 25.4 * (allowance + 2);
    const QPoint tooFar = open.onScreen(Point(centre.x() + ahead.x() * tooLong, centre.y() + ahead.y() * tooLong));
    QTest::mousePress(open.view().viewport(), Qt::LeftButton, {}, from);
    QTest::mouseMove(open.view().viewport(), (from + tooFar) / 2);
    QTest::mouseMove(open.view().viewport(), tooFar);
    QTest::mouseRelease(open.view().viewport(), Qt::LeftButton, {}, tooFar);
    CHECK(game.log().size() == logged);
    CHECK_FALSE(dock.lastError().isEmpty());
    CHECK(open.view().routing());
    QTest::mousePress(open.view().viewport(), Qt::LeftButton, {}, from);
    QTest::mouseMove(open.view().viewport(), (from + to) / 2);
    QTest::mouseMove(open.view().viewport(), to);
    QTest::mouseRelease(open.view().viewport(), Qt::LeftButton, {}, to);
    CHECK_FALSE(open.view().routing());
    INFO(dock.lastError().toStdString());
    const Unit& moved = *game.battle().findUnit(unitId);
    const QPointF reached = open.view().mapToScene(to);
    CHECK(moved.centre().x() == Approx(reached.x()).margin(1));
    CHECK(moved.centre().y() == Approx(reached.y()).margin(1));
    CHECK(moved.counters.at("movement-left") == Approx(allowance - 1).margin(0.05));
    // Straight ahead from the unit's centre: no leg counts as sideways or backward.
    CHECK(toText(game.log().back().resolution.trace).size() > 0);
    for (const std::string& line : toText(game.log().back().resolution.trace)) {
        CHECK(line.find("Sideways") == std::string::npos);
    }
    // The table shows the game's battle.
    CHECK(open.window.document()->battle().findUnit(unitId)->centre().y() == Approx(moved.centre().y()));

    const Point movedTo = moved.centre(); // each action replaces the battle: keep the value

    // E ends the activation; the unit has no orders left this turn.
    QTest::keyClick(&open.window, Qt::Key_E);
    CHECK(game.status().activeUnit.empty());
    CHECK(game.offers(unitId).empty());
    CHECK((open.window.logText().contains("End activation") || open.window.logText().contains("end-activation")));

    if (const QByteArray shots = qgetenv("SANDTABLE_UI_SHOTS"); !shots.isEmpty()) {
        open.window.grab().save(QString::fromLocal8Bit(shots) + "/play-window.png");
    }

    // Undo takes back the end of the activation, then the move, rolling nothing new.
    QUndoStack* stack = open.window.document()->undoStack();
    const auto played = game.log().size();
    const QString endLines = open.window.logText();
    stack->undo();
    CHECK(game.log().size() == played - 1);
    CHECK(game.status().activeUnit == unitId);
    // The log no longer tells of what was undone, and says it was.
    const QString afterUndo = open.window.logText();
    CHECK_FALSE(afterUndo.endsWith(endLines.section('\n', -1)));
    CHECK(afterUndo.section('\n', -1).startsWith("Undone: "));
    const int moveLines = afterUndo.count('\n');
    stack->undo();
    CHECK(game.battle().findUnit(unitId)->centre().y() == Approx(centre.y()));
    CHECK(open.window.logText().count('\n') < moveLines);
    CHECK(open.window.logText().section('\n', -1).startsWith("Undone: "));
    stack->redo();
    CHECK(game.battle().findUnit(unitId)->centre().y() == Approx(movedTo.y()).margin(0.01));
    // Redone, the move is told again.
    CHECK(open.window.logText().count('\n') > moveLines - 1);
    CHECK_FALSE(open.window.logText().section('\n', -1).startsWith("Undone: "));
    CHECK(game.battle().decks.at("activation").showing() == card);
}

TEST_CASE("a unit formed in column stands in column on the table", "[ui][play]") {
    OpenWindow open("ozz-winkie-border.json", 11);
    PlayDock& dock = *open.window.playDock();
    const Game& game = open.window.gameController()->game();
    const std::string unitId = turnCardsUntilFootMayAct(open);
    const UnitItem& item = *open.view().tableScene()->unitItem(QString::fromStdString(unitId));
    CHECK(item.formation() == FormationShape::Line);
    QTest::mouseClick(open.view().viewport(), Qt::LeftButton, {}, open.onUnit(unitId));
    REQUIRE(dock.chooseOffer("Form column"));
    QTest::keyClick(&open.window, Qt::Key_Return);
    INFO(dock.lastError().toStdString());
    REQUIRE(game.battle().findUnit(unitId)->formation == "column");
    CHECK(item.formation() == FormationShape::Column);
    saveCloseUp(*open.view().tableScene(), game.battle().findUnit(unitId)->centre(), "column.png");
}

TEST_CASE("a route the unit cannot pay for is refused and nothing moves", "[ui][play]") {
    OpenWindow open("ozz-winkie-border.json", 11);
    PlayDock& dock = *open.window.playDock();
    const Game& game = open.window.gameController()->game();
    const std::string unitId = turnCardsUntilFootMayAct(open);
    QTest::mouseClick(open.view().viewport(), Qt::LeftButton, {}, open.onUnit(unitId));
    REQUIRE(dock.chooseOffer("Move")); // rolls the allowance first
    const Unit& unit = *game.battle().findUnit(unitId);
    REQUIRE(unit.counters.count("movement-left") == 1);
    const double allowance = unit.counters.at("movement-left");
    const Point centre = unit.centre();
    const Point ahead = facingVector(unit.elements.front().facing);
    const double far = (allowance + 3) * 25.4;
    const auto [affordable, text] =
        dock.previewRoute(QString::fromStdString(unitId), {QPointF(centre.x() + ahead.x() * far, centre.y() + ahead.y() * far)});
    CHECK_FALSE(affordable);
    CHECK(text.contains("left"));
    const auto [near, nearText] =
        dock.previewRoute(QString::fromStdString(unitId), {QPointF(centre.x() + ahead.x() * 10, centre.y() + ahead.y() * 10)});
    CHECK(near);
    CHECK(nearText.contains("route costs"));
}

TEST_CASE("the Battle of Einsamenhügel played through the window: pre-battle passes, a move dragged, the phases passed to turn 2",
          "[ui][play]") {
    OpenWindow open("einsamenhugel-battle.json", 2016);
    PlayDock& dock = *open.window.playDock();
    const Game& game = open.window.gameController()->game();
    CHECK(game.battle().phase == "deployment");
    QTest::keyClick(&open.window, Qt::Key_N); // Pragmatic Army: no pre-battle moves
    QTest::keyClick(&open.window, Qt::Key_N); // Franco-Bavarians: Maurice stood pat
    REQUIRE(game.battle().phase == "movement");
    const std::string side = game.status().activeSide;
    std::string unitId;
    for (const std::string& id : game.status().mayActivate) {
        if (game.battle().findUnit(id)->arm == Arm::Foot) {
            unitId = id;
            break;
        }
    }
    REQUIRE_FALSE(unitId.empty());
    QTest::mouseClick(open.view().viewport(), Qt::LeftButton, {}, open.onUnit(unitId));
    const QStringList offers = offerTexts(dock);
    INFO(offers.join(" | ").toStdString());
    CHECK(offers.filter("Form column").size() == 1);
    REQUIRE(dock.chooseOffer("Move"));
    REQUIRE(open.view().routing());
    const Unit& unit = *game.battle().findUnit(unitId);
    const Point centre = unit.centre();
    const Point ahead = facingVector(unit.elements.front().facing);
    const QPoint from = open.onScreen(centre);
    const QPoint to = open.onScreen(Point(centre.x() + ahead.x() * 30, centre.y() + ahead.y() * 30)); // 3cm
    QTest::mousePress(open.view().viewport(), Qt::LeftButton, {}, from);
    QTest::mouseMove(open.view().viewport(), (from + to) / 2);
    QTest::mouseMove(open.view().viewport(), to);
    QTest::mouseRelease(open.view().viewport(), Qt::LeftButton, {}, to);
    INFO(dock.lastError().toStdString());
    const Unit& moved = *game.battle().findUnit(unitId);
    CHECK(moved.centre().y() == Approx(open.view().mapToScene(to).y()).margin(1));
    // 3cm, as near as a pixel of the view measures: the log says how far it went.
    const QRegularExpressionMatch told = QRegularExpression("moves ([0-9.]+)cm of its 6cm").match(open.window.logText());
    INFO(open.window.logText().toStdString());
    REQUIRE(told.hasMatch());
    const double pixel = 1 / open.view().transform().m11(); // table millimetres
    CHECK(told.captured(1).toDouble() * 10 == Approx(30).margin(std::max(1.0, 2 * pixel)));
    CHECK(game.status().activeSide != side); // the other side moves next
    // Its officer stands centrally behind it at full effectiveness, and went with it.
    const UnitItem& item = *open.view().tableScene()->unitItem(QString::fromStdString(unitId));
    REQUIRE(item.figures().size() == 1);
    CHECK(item.figures()[0].role == "officer");
    const Point officer = item.figures()[0].at;
    const double officerAhead = (officer.x() - moved.centre().x()) * ahead.x() + (officer.y() - moved.centre().y()) * ahead.y();
    const double officerRight = (officer.y() - moved.centre().y()) * ahead.x() - (officer.x() - moved.centre().x()) * ahead.y();
    CHECK(officerAhead < -moved.elements.front().depth / 2); // behind the bases
    CHECK(officerRight == Approx(0).margin(1e-6));
    CHECK(item.toolTip().contains("officer: 100% effective"));
    // Both sides pass movement and fire: no melee, so turn 2 begins with the dice for first move.
    for (int pass = 0; pass < 4; ++pass) {
        QTest::keyClick(&open.window, Qt::Key_N);
    }
    CHECK(game.battle().turn == 2);
    CHECK(dock.statusText().contains("Turn 2"));
    CHECK(open.window.logText().contains("Turn 2:"));
}

TEST_CASE("the table shows each battalion's officer where the Einsamenhügel rules stand him as it takes hits", "[ui][play]") {
    OpenWindow open("einsamenhugel-battle.json", 7);
    TableScene& scene = *open.view().tableScene();
    const Battle& battle = open.window.gameController()->game().battle();
    std::string footId;
    std::string gunId;
    for (const Unit& unit : battle.units) {
        if (unit.arm == Arm::Foot && footId.empty()) {
            footId = unit.id;
        }
        if (unit.arm == Arm::Guns && gunId.empty()) {
            gunId = unit.id;
        }
    }
    REQUIRE_FALSE(footId.empty());
    REQUIRE_FALSE(gunId.empty());
    const UnitItem& foot = *scene.unitItem(QString::fromStdString(footId));
    REQUIRE(foot.figures().size() == 1);
    CHECK(scene.unitItem(QString::fromStdString(gunId))->figures().empty()); // a gun and its crew
    const Point full = foot.figures()[0].at;
    // The table draws what the document holds: a hit there moves the officer to the right.
    Battle hit = scene.document().battle();
    hit.findUnit(footId)->counters["quarters"] = 3;
    scene.document().setBattle(hit);
    REQUIRE(foot.figures().size() == 1);
    const Point right = facingVector(battle.findUnit(footId)->elements.front().facing + 90);
    CHECK((foot.figures()[0].at.x() - full.x()) * right.x() + (foot.figures()[0].at.y() - full.y()) * right.y() == Approx(20));
    CHECK(foot.toolTip().contains("officer: 75% effective: the officer moved to the right"));
    saveCloseUp(scene, full, "officer-75.png");
    // The second hit takes a base; the officer stands behind the one left.
    hit.findUnit(footId)->counters["quarters"] = 2;
    hit.findUnit(footId)->elements.pop_back();
    scene.document().setBattle(hit);
    REQUIRE(foot.figures().size() == 1);
    CHECK(foot.toolTip().contains("officer: 50% effective"));
    saveCloseUp(scene, full, "officer-50.png");
    hit.findUnit(footId)->counters["quarters"] = 1;
    scene.document().setBattle(hit);
    CHECK(foot.figures().empty()); // the third hit removes him
}

TEST_CASE("in play the selected unit's arc, range bands and move come from the rules, the player's own settings when turned off",
          "[ui][play][overlay]") {
    OpenWindow open("ozz-winkie-border.json", 11);
    QTest::mouseClick(open.view().viewport(), Qt::LeftButton, {}, open.onUnit("w-musket-1"));
    REQUIRE(open.view().tableScene()->selectedUnitIds() == QStringList{"w-musket-1"});
    const UnitOverlayItem& overlay = *open.view().overlay();
    REQUIRE(overlay.isVisible());
    // The Winkie Guard's musket: long range to 14" in the front arc (the card's "Weapon").
    const Unit& unit = *open.battle().findUnit("w-musket-1");
    const Element& middle = unit.elements[unit.elements.size() / 2];
    const Point ahead = facingVector(middle.facing);
    const QPointF front(middle.centre.x() + ahead.x() * middle.depth / 2, middle.centre.y() + ahead.y() * middle.depth / 2);
    const auto out = [&](double inches) { return front + QPointF(ahead.x(), ahead.y()) * inches * 25.4; };
    CHECK(overlay.rangeArea().contains(out(13)));
    CHECK_FALSE(overlay.rangeArea().contains(out(15)));
    CHECK(overlay.movementArea().isEmpty()); // movement not rolled yet
    CHECK(open.window.statusBar()->currentMessage().startsWith("Musket, front 90°: Short to 7.0\", Long to 14.0\""));
    // View > Unit Overlays > From the Rules (O) off: the player's own settings, none here.
    QAction* fromRules = nullptr;
    for (QAction* action : open.window.findChildren<QAction*>()) {
        if (action->text() == QObject::tr("From the &Rules")) {
            fromRules = action;
        }
    }
    REQUIRE(fromRules != nullptr);
    CHECK(fromRules->isChecked());
    fromRules->setChecked(false);
    CHECK_FALSE(overlay.rangeArea().contains(out(13)));
    fromRules->setChecked(true);
    CHECK(overlay.rangeArea().contains(out(13)));
}

TEST_CASE("Abu Klea played through the window: a volley previewed in boxes, a move dragged box to box that snaps, a click names a box",
          "[ui][play][boxes]") {
    OpenWindow open("vcc-abu-klea.json", 1885);
    PlayDock& dock = *open.window.playDock();
    const Game& game = open.window.gameController()->game();
    REQUIRE(game.battle().phase == "british-heavy-fire");
    // The Gardner gun's fire at the Kenana spearmen, three boxes off: its preview counts boxes.
    QTest::mouseClick(open.view().viewport(), Qt::LeftButton, {}, open.onUnit("naval-brigade"));
    REQUIRE(dock.chooseOffer("Fire at Kenana spearmen"));
    CHECK(dock.previewText().contains("3 boxes, Medium"));
    CHECK(dock.previewText().contains("2½ dice (2d6+1d3)"));
    QTest::keyClick(&open.window, Qt::Key_Return);
    CHECK(open.window.logText().contains("fire: 2d6+1d3"));
    // Pass to the Natives' movement: a spearman unit dragged a little past the next box's
    // edge goes to that box, its bases laid out in it.
    QTest::keyClick(&open.window, Qt::Key_N);
    REQUIRE(game.battle().phase == "native-movement");
    const Table& table = game.battle().table;
    const Box start = table.boxAt(game.battle().findUnit("degheim")->centre());
    QTest::mouseClick(open.view().viewport(), Qt::LeftButton, {}, open.onUnit("degheim"));
    REQUIRE(dock.chooseOffer("Move"));
    REQUIRE(open.view().routing());
    const QPoint from = open.onScreen(game.battle().findUnit("degheim")->centre());
    const Point below = table.boxCentre(Box{start.column, start.row + 1});
    const QPoint to = open.onScreen(Point(below.x() + 30, below.y() - 40)); // off the box's centre
    QTest::mousePress(open.view().viewport(), Qt::LeftButton, {}, from);
    QTest::mouseMove(open.view().viewport(), (from + to) / 2);
    QTest::mouseMove(open.view().viewport(), to);
    QTest::mouseRelease(open.view().viewport(), Qt::LeftButton, {}, to);
    INFO(dock.lastError().toStdString());
    CHECK(table.boxAt(game.battle().findUnit("degheim")->centre()) == Box{start.column, start.row + 1});
    CHECK(open.window.logText().contains("moves from C3 to C4"));
    CHECK(dock.commitButton()->text() == "Roll it (Enter)"); // no longer asking for the box
    // Another unit: a click on a box is the move's box.
    const Box kenana = table.boxAt(game.battle().findUnit("kenana")->centre());
    QTest::mouseClick(open.view().viewport(), Qt::LeftButton, {}, open.onUnit("kenana"));
    REQUIRE(dock.chooseOffer("Move"));
    const Point target = table.boxCentre(Box{kenana.column + 1, kenana.row + 1});
    QTest::mouseClick(open.view().viewport(), Qt::LeftButton, {}, open.onScreen(target));
    CHECK(table.boxAt(game.battle().findUnit("kenana")->centre()) == Box{kenana.column + 1, kenana.row + 1});
    if (const QByteArray shots = qgetenv("SANDTABLE_UI_SHOTS"); !shots.isEmpty()) {
        open.window.grab().save(QString::fromLocal8Bit(shots) + "/abu-klea-moves.png");
    }
}

TEST_CASE("The farm at Casa Blanca played through the window: a card calls a side, a unit's move rolled and dragged, the fire previewed "
          "and rolled",
          "[ui][play][lshm]") {
    OpenWindow open("lshm-casa-blanca.json", 5);
    PlayDock& dock = *open.window.playDock();
    const Game& game = open.window.gameController()->game();
    REQUIRE(game.battle().phase == "movement");
    const GameStatus status = game.status();
    REQUIRE(!status.mayActivate.empty());
    CHECK(QString::fromStdString(status.situation).contains("moves a unit"));
    // The rules keep no score: the status says nothing of one.
    REQUIRE(status.scores.empty());
    CHECK_FALSE(dock.statusText().contains("Score"));
    // The side the card calls rolls a unit's move and drags it a little forward.
    const std::string mover = status.mayActivate.front();
    QTest::mouseClick(open.view().viewport(), Qt::LeftButton, {}, open.onUnit(mover));
    REQUIRE(dock.chooseOffer("Roll the move"));
    CHECK(dock.previewText().contains("Movement chart"));
    QTest::keyClick(&open.window, Qt::Key_Return);
    REQUIRE(game.status().activeUnit == mover);
    REQUIRE(dock.chooseOffer("Move ("));
    REQUIRE(open.view().routing());
    const Unit& unit = *game.battle().findUnit(mover);
    const Point centre = unit.centre();
    const Point ahead = facingVector(unit.elements.front().facing);
    // The route is the unit's centre's: dragged from there (between the figures of a company
    // in open order) a little ahead.
    const QPoint from = open.onScreen(centre);
    const QPoint to = open.onScreen(Point(centre.x() + ahead.x() * 20, centre.y() + ahead.y() * 20));
    QTest::mousePress(open.view().viewport(), Qt::LeftButton, {}, from);
    QTest::mouseMove(open.view().viewport(), (from + to) / 2);
    QTest::mouseMove(open.view().viewport(), to);
    QTest::mouseRelease(open.view().viewport(), Qt::LeftButton, {}, to);
    INFO(dock.lastError().toStdString());
    CHECK(open.window.logText().contains(QString::fromStdString(unit.name) + " moves"));
    // E ends its move and the next card turns.
    const std::size_t turned = game.battle().decks.at("cards").discards.size();
    QTest::keyClick(&open.window, Qt::Key_E);
    CHECK(game.battle().decks.at("cards").discards.size() > turned);
    // Every other unit holds, card by card, until the fire phase.
    for (int guard = 0; guard < 40 && game.battle().phase != "fire"; ++guard) {
        const GameStatus now = game.status();
        if (now.mayActivate.empty()) {
            REQUIRE(dock.chooseOffer("End the leaders"));
        } else {
            QTest::mouseClick(open.view().viewport(), Qt::LeftButton, {}, open.onUnit(now.mayActivate.front()));
            REQUIRE((dock.chooseOffer("Do not move") || dock.chooseOffer("Joker: roll on the chart, then stand") ||
                     dock.chooseOffer("Stay in place")));
        }
        QTest::keyClick(&open.window, Qt::Key_Return);
    }
    REQUIRE(game.battle().phase == "fire");
    // A unit of the side called fires: the preview gives the class, the target area and the
    // figure the next number card strikes.
    bool fired = false;
    for (const std::string& id : game.status().mayActivate) {
        QTest::mouseClick(open.view().viewport(), Qt::LeftButton, {}, open.onUnit(id));
        if (!dock.chooseOffer("Fire at")) {
            continue;
        }
        CHECK(dock.previewText().contains("Target class"));
        CHECK(dock.previewText().contains("Target area"));
        CHECK(dock.previewText().contains("Next struck by a 2-10"));
        QTest::keyClick(&open.window, Qt::Key_Return);
        CHECK(open.window.logText().contains("fire at"));
        fired = true;
        break;
    }
    CHECK(fired);
    if (const QByteArray shots = qgetenv("SANDTABLE_UI_SHOTS"); !shots.isEmpty()) {
        open.window.grab().save(QString::fromLocal8Bit(shots) + "/casa-blanca-fire.png");
    }
}

TEST_CASE("N asks before it gives away a card the side could still use", "[ui][play]") {
    OpenWindow open("ozz-winkie-border.json", 11);
    PlayDock& dock = *open.window.playDock();
    const Game& game = open.window.gameController()->game();
    QStringList asked;
    bool answer = true;
    dock.setConfirm([&](const QString& question) {
        asked << question;
        return answer;
    });
    // Turn cards until one lets units act: none of those turns asked.
    for (int cards = 0; cards < 14 && game.status().mayActivate.empty(); ++cards) {
        QTest::keyClick(&open.window, Qt::Key_N);
    }
    REQUIRE_FALSE(game.status().mayActivate.empty());
    CHECK(asked.isEmpty());
    const std::size_t played = game.log().size();
    answer = false; // the player meant to keep it
    QTest::keyClick(&open.window, Qt::Key_N);
    REQUIRE(asked.size() == 1);
    CHECK(asked.front().contains(QString::fromStdString(game.battle().findUnit(game.status().mayActivate.front())->name)));
    CHECK(asked.front().contains("may still act now"));
    CHECK(game.log().size() == played);
    answer = true;
    QTest::keyClick(&open.window, Qt::Key_N);
    CHECK(game.log().size() == played + 1);
}

TEST_CASE("Help lists every key from the menus themselves, and View lists every panel", "[ui][help]") {
    OpenWindow open("ozz-winkie-border.json", 11);
    std::unique_ptr<QTreeWidget> tree(shortcutsTree(*open.window.menuBar()));
    QStringList lines;
    for (QTreeWidgetItemIterator it(tree.get()); *it != nullptr; ++it) {
        lines << (*it)->text(0) + " = " + (*it)->text(1);
    }
    INFO(lines.join("\n").toStdString());
    CHECK(lines.contains("New Ruling... = " + QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_N).toString(QKeySequence::NativeText)));
    CHECK(lines.contains("End Activation = E"));
    CHECK(lines.contains("Next Card or Pass = N"));
    CHECK(std::any_of(lines.begin(), lines.end(), [](const QString& l) { return l.startsWith("Pause the Computer = "); }));
    QMenu* panels = nullptr;
    for (QAction* top : open.window.menuBar()->actions()) {
        for (QAction* entry : top->menu() != nullptr ? top->menu()->actions() : QList<QAction*>{}) {
            if (entry->menu() != nullptr && entry->text() == "&Panels") {
                panels = entry->menu();
            }
        }
    }
    REQUIRE(panels != nullptr);
    emit panels->aboutToShow();
    QStringList names;
    for (QAction* action : panels->actions()) {
        names << action->text();
    }
    INFO(names.join(", ").toStdString());
    CHECK(names.contains("Play"));
    CHECK(names.size() >= 4);
}

TEST_CASE("a divider the player drags in the preview stays where it is put", "[ui][play][preview]") {
    OpenWindow open("ozz-winkie-border.json", 11);
    PlayDock& dock = *open.window.playDock();
    const std::string unitId = turnCardsUntilFootMayAct(open);
    QTest::mouseClick(open.view().viewport(), Qt::LeftButton, {}, open.onUnit(unitId));
    REQUIRE(dock.chooseOffer("Roll movement"));
    QApplication::processEvents();
    auto* split = dock.findChild<QSplitter*>();
    REQUIRE(split != nullptr);
    // The player drags the divider under the facts down by 40 pixels.
    QSplitterHandle* handle = split->handle(1);
    const QList<int> fitted = split->sizes();
    QTest::mousePress(handle, Qt::LeftButton, {}, handle->rect().center());
    QTest::mouseMove(handle, handle->rect().center() + QPoint(0, 40));
    QTest::mouseRelease(handle, Qt::LeftButton, {}, handle->rect().center() + QPoint(0, 40));
    QApplication::processEvents();
    const QList<int> dragged = split->sizes();
    INFO("fitted " << fitted[0] << "/" << fitted[1] << ", dragged " << dragged[0] << "/" << dragged[1]);
    REQUIRE(dragged[0] > fitted[0]);
    // Another order previewed: the heights are the player's.
    REQUIRE(dock.chooseOffer("Form column"));
    QApplication::processEvents();
    CHECK(split->sizes()[0] == dragged[0]);
    // The window resized: the splitter shares the change out, the player's proportions kept.
    open.window.resize(1420, 920);
    QApplication::processEvents();
    CHECK(split->sizes()[0] > fitted[0]);
}

TEST_CASE("the log follows the game as it is played, unless the player has scrolled back to read", "[ui][play]") {
    // As the app opens a file: the window shown first, then the scenario opened into it.
    // Freeman's Farm's first lines (the card ruling) wrap to more than the log's view holds.
    MainWindow window;
    window.setGameSeed(7);
    window.resize(1766, 994); // the app's first start on a 1920x1080 screen (92% of it)
    window.show();
    REQUIRE(QTest::qWaitForWindowExposed(&window));
    REQUIRE(window.openScenario(uitest::sample("oibl-freemans-farm.json")).isEmpty());
    window.playDock()->setConfirm([](const QString&) { return true; });
    auto* log = qobject_cast<QPlainTextEdit*>(window.findChild<QDockWidget*>("log")->widget());
    REQUIRE(log != nullptr);
    QScrollBar* bar = log->verticalScrollBar();
    QApplication::processEvents();
    for (int card = 0; card < 3; ++card) {
        INFO("card " << card << ": the log's view at " << bar->value() << " of " << bar->maximum());
        REQUIRE(bar->maximum() > 0);
        CHECK(bar->value() == bar->maximum());
        QTest::keyClick(&window, Qt::Key_N);
        QApplication::processEvents();
    }
    // Scrolled back, the player reads on undisturbed by what comes after.
    bar->setValue(0);
    QTest::keyClick(&window, Qt::Key_N);
    QApplication::processEvents();
    CHECK(bar->value() == 0);
    // Back at the end, the log follows again.
    bar->setValue(bar->maximum());
    QTest::keyClick(&window, Qt::Key_N);
    QApplication::processEvents();
    CHECK(bar->value() == bar->maximum());
}
