#include "table_scene.h"
#include "ui_test_support.h"
#include "unit_inspector_dock.h"
#include "unit_item.h"
#include "unit_overlay_item.h"

#include <QApplication>
#include <QUndoStack>
#include <catch2/catch.hpp>
#include <cmath>

using namespace sandtable;
using namespace sandtable::ui;

using uitest::OpenWindow;

TEST_CASE("click selects a unit and the inspector shows it", "[ui][view]") {
    OpenWindow open;
    QTest::mouseClick(open.view().viewport(), Qt::LeftButton, {}, open.onUnit("blue-1"));
    CHECK(open.view().tableScene()->selectedUnitIds() == QStringList{"blue-1"});
    CHECK(open.window.inspector()->text().contains("1st Foot"));
    // A click on empty table clears it.
    QTest::mouseClick(open.view().viewport(), Qt::LeftButton, {}, open.onScreen(Point(900, 700)));
    CHECK(open.view().tableScene()->selectedUnitIds().isEmpty());
}

TEST_CASE("drag moves a unit, undo and redo put it back and again", "[ui][view][undo]") {
    OpenWindow open;
    const Point before = open.battle().findUnit("blue-1")->elements.front().centre;
    const QPoint start = open.onUnit("blue-1");
    const QPoint end = start + QPoint(120, -60);
    QTest::mousePress(open.view().viewport(), Qt::LeftButton, {}, start);
    QTest::mouseMove(open.view().viewport(), start + QPoint(60, -30));
    QTest::mouseMove(open.view().viewport(), end);
    QTest::mouseRelease(open.view().viewport(), Qt::LeftButton, {}, end);
    const QPointF expected = open.view().mapToScene(end) - open.view().mapToScene(start);
    const Point after = open.battle().findUnit("blue-1")->elements.front().centre;
    CHECK(after.x() - before.x() == Approx(expected.x()).margin(0.01));
    CHECK(after.y() - before.y() == Approx(expected.y()).margin(0.01));
    QUndoStack* stack = open.window.document()->undoStack();
    REQUIRE(stack->count() == 1);
    CHECK(stack->text(0) == "Move blue-1");
    stack->undo();
    CHECK(open.battle().findUnit("blue-1")->elements.front().centre.x() == Approx(before.x()));
    stack->redo();
    CHECK(open.battle().findUnit("blue-1")->elements.front().centre.x() == Approx(after.x()));
}

TEST_CASE("the keys [ and ] turn the selected unit about its centre, one undo step per run", "[ui][view][undo]") {
    OpenWindow open;
    QTest::mouseClick(open.view().viewport(), Qt::LeftButton, {}, open.onUnit("red-1"));
    const Point centre = open.battle().findUnit("red-1")->centre();
    QTest::keyClick(&open.view(), Qt::Key_BracketRight);
    QTest::keyClick(&open.view(), Qt::Key_BracketRight, Qt::ShiftModifier);
    const Unit& turned = *open.battle().findUnit("red-1");
    CHECK(turned.elements.front().facing == Approx(200)); // 180 + 5 + 15
    CHECK(turned.centre().x() == Approx(centre.x()));
    CHECK(turned.centre().y() == Approx(centre.y()));
    QUndoStack* stack = open.window.document()->undoStack();
    CHECK(stack->count() == 1); // the two turns merged
    stack->undo();
    CHECK(open.battle().findUnit("red-1")->elements.front().facing == Approx(180));
}

TEST_CASE("the measuring tape snaps to a base's corner and reads in inches", "[ui][view][measure]") {
    OpenWindow open;
    QTest::keyClick(&open.view(), Qt::Key_M);
    REQUIRE(open.view().measuring());
    const Element& e = open.battle().findUnit("blue-1")->elements.front();
    const auto corners = rectangleCorners(e.centre, e.width, e.depth, e.facing);
    const QPoint nearCorner = open.onScreen(corners[0]) + QPoint(3, 2); // a few pixels off
    const Point target(e.centre.x(), e.centre.y() - 254);               // 10 inches up the table
    QTest::mousePress(open.view().viewport(), Qt::LeftButton, {}, nearCorner);
    QTest::mouseMove(open.view().viewport(), open.onScreen(target));
    QTest::mouseRelease(open.view().viewport(), Qt::LeftButton, {}, open.onScreen(target));
    const QPointF end = open.view().mapToScene(open.onScreen(target));
    const double expected = QLineF(QPointF(corners[0].x(), corners[0].y()), end).length();
    CHECK(open.view().measuredLength() == Approx(expected).margin(0.5));
    CHECK(open.view().measuredLength() == Approx(std::hypot(20.0, 244.0)).margin(3));
    // Nothing on the table moved.
    CHECK(open.window.document()->undoStack()->count() == 0);
}

TEST_CASE("a scenario that cannot be read leaves the open one as it was", "[ui][errors]") {
    OpenWindow open;
    const QString path = QString(SANDTABLE_TEST_DATA_DIR) + "/tables/broken.json";
    const QString problems = open.window.openScenario(path);
    CHECK(problems.contains("broken.json: (the whole file): missing 'name'"));
    CHECK(problems.contains("broken.json: /tables: unknown key 'tables'"));
    CHECK_FALSE(problems.isEmpty());
    CHECK(open.window.document()->scenario().name == "Layout table in inches");
    CHECK(open.battle().findUnit("blue-1") != nullptr);
}

TEST_CASE("overlays: range bands clipped to the fire arc, and a movement ring", "[ui][view][overlay]") {
    OpenWindow open;
    // Blue's 1st Foot faces up the table; bands at 7" and 14", the front ±45° arc.
    OverlaySettings settings;
    settings.arcDegrees = 90;
    settings.rangeBands = {7 * 25.4, 14 * 25.4};
    settings.movementRadius = 6 * 25.4;
    open.view().setOverlaySettings(settings);
    QTest::mouseClick(open.view().viewport(), Qt::LeftButton, {}, open.onUnit("blue-1"));
    const UnitOverlayItem& overlay = *open.view().overlay();
    REQUIRE(overlay.isVisible());
    const Unit& unit = *open.battle().findUnit("blue-1");
    const Element& middle = unit.elements[1];
    const QPointF front(middle.centre.x(), middle.centre.y() - middle.depth / 2);
    CHECK(overlay.rangeArea().contains(front + QPointF(0, -10 * 25.4)));       // 10" straight ahead
    CHECK_FALSE(overlay.rangeArea().contains(front + QPointF(0, -15 * 25.4))); // past 14"
    CHECK_FALSE(overlay.rangeArea().contains(front + QPointF(0, 5 * 25.4)));   // behind
    // 12" out at 60° off the facing from the unit's left end: outside a ±45° arc.
    const Element& leftEnd = unit.elements.front();
    const QPointF leftCorner(leftEnd.centre.x() - leftEnd.width / 2, leftEnd.centre.y() - leftEnd.depth / 2);
    CHECK_FALSE(overlay.rangeArea().contains(leftCorner + 12 * 25.4 * QPointF(-std::sin(1.047), -std::cos(1.047))));
    CHECK(overlay.rangeArea().contains(leftCorner + 12 * 25.4 * QPointF(-std::sin(0.6), -std::cos(0.6))));
    // The movement ring: 5" behind is in reach, 7" is not.
    CHECK(overlay.movementArea().contains(QPointF(middle.centre.x(), middle.centre.y() + middle.depth / 2 + 5 * 25.4)));
    CHECK_FALSE(overlay.movementArea().contains(QPointF(middle.centre.x(), middle.centre.y() + middle.depth / 2 + 7 * 25.4)));
    // It follows the unit when it moves.
    const QPoint start = open.onUnit("blue-1");
    QTest::mousePress(open.view().viewport(), Qt::LeftButton, {}, start);
    QTest::mouseMove(open.view().viewport(), start + QPoint(0, -100));
    QTest::mouseRelease(open.view().viewport(), Qt::LeftButton, {}, start + QPoint(0, -100));
    CHECK(overlay.rangeArea().contains(front + QPointF(0, -15 * 25.4)));
    // Nothing selected: no overlay.
    open.view().tableScene()->clearSelection();
    CHECK_FALSE(overlay.isVisible());
}

TEST_CASE("the ruleset's box sets shade whole boxes: the reach and each range band", "[ui][view][overlay][grid]") {
    const Table grid{500, 300, MeasureUnit::Box, 50};
    UnitOverlay rules;
    rules.boxSets = {{UnitOverlay::BoxSetKind::Reach, "may move to", boxesWithin(grid, Box{2, 2}, 1)},
                     {UnitOverlay::BoxSetKind::Range, "short range", {Box{2, 0}, Box{3, 0}}},
                     {UnitOverlay::BoxSetKind::Range, "long range", {Box{5, 0}}}};
    const auto settings = overlaySettingsFrom(rules, grid);
    REQUIRE(settings.has_value());
    CHECK(settings->reachBoxes.size() == 9);
    REQUIRE(settings->rangeBoxes.size() == 2);
    CHECK(settings->rangeBoxes[0].front() == QRectF(100, 0, 50, 50));

    Unit unit;
    unit.elements.push_back(Element{grid.boxCentre(Box{2, 2}), 0, 30, 20, {}});
    UnitOverlayItem item;
    item.show(unit, *settings);
    CHECK(item.isVisible());
    // Reach: the boxes next to C3 and C3 itself, not two boxes off.
    CHECK(item.movementArea().contains(QPointF(75, 75)));   // B2
    CHECK(item.movementArea().contains(QPointF(175, 175))); // D4
    CHECK_FALSE(item.movementArea().contains(QPointF(225, 125)));
    // Range: the nearer band's boxes and the farther's.
    CHECK(item.rangeArea().contains(QPointF(120, 20)));
    CHECK(item.rangeArea().contains(QPointF(270, 20)));
    CHECK_FALSE(item.rangeArea().contains(QPointF(220, 20)));
    // Nothing from the rules: the player's own settings show.
    CHECK_FALSE(overlaySettingsFrom(UnitOverlay{}, grid).has_value());
}

TEST_CASE("dragging the turning handle turns the unit about its centre", "[ui][view][undo]") {
    OpenWindow open;
    QTest::mouseClick(open.view().viewport(), Qt::LeftButton, {}, open.onUnit("blue-1"));
    UnitItem* item = open.view().tableScene()->unitItem("blue-1");
    const QPointF centre = item->centre();
    const QPointF handle = item->pivotHandle();
    // Swing the handle a quarter turn clockwise about the centre.
    const QPointF arm = handle - centre;
    const QPointF swung = centre + QPointF(-arm.y(), arm.x());
    const QPoint from = open.view().mapFromScene(handle);
    const QPoint to = open.view().mapFromScene(swung);
    QTest::mousePress(open.view().viewport(), Qt::LeftButton, {}, from);
    QTest::mouseMove(open.view().viewport(), to);
    QTest::mouseRelease(open.view().viewport(), Qt::LeftButton, {}, to);
    const Unit& unit = *open.battle().findUnit("blue-1");
    CHECK(unit.elements.front().facing == Approx(90).margin(1));
    CHECK(unit.centre().x() == Approx(centre.x()).margin(0.01));
    CHECK(open.window.document()->undoStack()->count() == 1);
    CHECK(item->rotation() == 0); // the preview is gone; the model moved
}

TEST_CASE("an L-shaped drag gives a route of two legs, however finely the mouse reports", "[ui][view][route]") {
    OpenWindow open;
    TableView& view = open.view();
    const Point centre = open.battle().findUnit("blue-1")->centre();
    QVector<QPointF> finished;
    QObject::connect(&view, &TableView::routeFinished, [&](const QString&, const QVector<QPointF>& route) { finished = route; });
    view.beginRoute("blue-1");
    // Six inches up the table, then six to the right, the mouse reporting every pixel.
    const QPoint start = open.onScreen(centre);
    const QPoint corner = open.onScreen(Point(centre.x(), centre.y() - 152.4));
    const QPoint end = open.onScreen(Point(centre.x() + 152.4, centre.y() - 152.4));
    QTest::mousePress(view.viewport(), Qt::LeftButton, {}, start);
    for (int y = start.y(); y >= corner.y(); --y) {
        QTest::mouseMove(view.viewport(), QPoint(start.x(), y));
    }
    for (int x = corner.x(); x <= end.x(); ++x) {
        QTest::mouseMove(view.viewport(), QPoint(x, corner.y()));
    }
    QTest::mouseRelease(view.viewport(), Qt::LeftButton, {}, end);
    REQUIRE(finished.size() == 2);
    const QPointF expectedCorner = view.mapToScene(corner);
    CHECK(QLineF(finished[0], expectedCorner).length() < 6); // within a few millimetres of the corner
    CHECK(QLineF(finished[1], view.mapToScene(end)).length() < 1e-6);

    // A straight drag with a wobble of a pixel or two stays one leg.
    view.beginRoute("blue-1");
    QTest::mousePress(view.viewport(), Qt::LeftButton, {}, start);
    for (int y = start.y(), i = 0; y >= corner.y(); --y, ++i) {
        QTest::mouseMove(view.viewport(), QPoint(start.x() + (i % 3 == 0 ? 1 : 0), y));
    }
    QTest::mouseRelease(view.viewport(), Qt::LeftButton, {}, corner);
    CHECK(finished.size() == 1);
}

TEST_CASE("the names of units side by side never overlap each other or a unit", "[ui][view][labels]") {
    Scenario scenario;
    scenario.battle.table = Table{600, 400, MeasureUnit::Inch, 0};
    scenario.battle.sides = {{"a", "A", "#1f4e9c", ""}};
    // Five units in a row, 45 mm apart, with names far wider than the gap between them.
    for (int i = 0; i < 5; ++i) {
        Unit unit;
        unit.id = "u" + std::to_string(i);
        unit.name = "The " + std::to_string(i + 1) + "st Regiment of Foot, Grenadier Company";
        unit.side = "a";
        unit.elements.push_back(Element{Point(100 + 45 * i, 200), 0, 40, 20, {}});
        scenario.battle.units.push_back(unit);
    }
    ScenarioDocument document(scenario);
    TableScene scene(document);
    std::vector<QRectF> labels;
    std::vector<QRectF> units;
    for (const Unit& unit : scenario.battle.units) {
        const UnitItem* item = scene.unitItem(QString::fromStdString(unit.id));
        labels.push_back(item->labelHome().translated(0, item->labelShift()));
        units.push_back(item->unitBox());
        // The name is inside what the item repaints: no fragments left behind when it moves.
        CHECK(item->boundingRect().contains(labels.back()));
    }
    for (std::size_t i = 0; i < labels.size(); ++i) {
        for (std::size_t j = 0; j < labels.size(); ++j) {
            INFO(i << " and " << j);
            if (i != j) {
                CHECK_FALSE(labels[i].intersects(labels[j]));
                CHECK_FALSE(labels[i].intersects(units[j]));
            }
        }
    }
    // A unit alone keeps its name just below it.
    scenario.battle.units.resize(1);
    ScenarioDocument alone(scenario);
    TableScene aloneScene(alone);
    CHECK(aloneScene.unitItem("u0")->labelShift() == 0);
}

TEST_CASE("Adjust Terrain keeps a hill's crest inside its hill", "[ui][view][terrain]") {
    OpenWindow open("ozz-winkie-border.json", 1);
    TableView& view = open.view();
    QUndoStack& undo = *open.window.document()->undoStack();
    QString said;
    QObject::connect(&view, &TableView::readout, [&](const QString& text) { said = text; });
    const auto crest = [&] {
        for (const TerrainArea& area : open.battle().areas) {
            if (area.id == "poppy-hill-top") {
                return area;
            }
        }
        FAIL("no crest");
        return TerrainArea{};
    };
    const std::string before = toJsonText(open.window.document()->scenario());
    view.moveTerrain("poppy-hill-top", 400, 0); // far off its hill
    CHECK(toJsonText(open.window.document()->scenario()) == before);
    CHECK(undo.count() == 0);
    CHECK(said.contains("stays inside"));
    view.scaleTerrain("poppy-hill-top", 3.0); // larger than its hill
    CHECK(toJsonText(open.window.document()->scenario()) == before);
    // A small move within the hill is made, and the whole hill moves with its foot.
    const Point top = crest().outline.outer().front();
    view.moveTerrain("poppy-hill-top", 2, 0);
    CHECK(crest().outline.outer().front().x() == Approx(top.x() + 2));
    CHECK(undo.count() == 1);
    view.moveTerrain("poppy-hill", 300, 0);
    CHECK(crest().outline.outer().front().x() == Approx(top.x() + 302));
}

TEST_CASE("a battle opens at a zoom where the units' names read, and Ctrl+0 still shows the whole table", "[ui][view][zoom]") {
    MainWindow window;
    window.resize(1920, 1040);
    window.show();
    REQUIRE(QTest::qWaitForWindowExposed(&window));
    REQUIRE(window.openScenario(uitest::sample("einsamenhugel-battle.json")).isEmpty());
    QApplication::processEvents();
    TableView& view = *window.tableView();
    const double lineOnScreen = view.transform().m11() * UnitItem::labelLineHeight();
    INFO("a name's line is " << lineOnScreen << " pixels high");
    CHECK(lineOnScreen >= TableView::kReadablePixels - 0.01);
    // The armies are in view: the middle of their units' bases.
    QRectF armies;
    for (const Unit& unit : window.document()->battle().units) {
        const Point centre = unit.centre();
        armies |= QRectF(centre.x(), centre.y(), 1, 1);
    }
    CHECK(view.viewport()->rect().contains(view.mapFromScene(armies.center())));
    // The window settling keeps the zoom readable until the player zooms.
    window.resize(1700, 1000);
    QApplication::processEvents();
    CHECK(view.transform().m11() * UnitItem::labelLineHeight() >= TableView::kReadablePixels - 0.01);

    // Panned by the player, the view stays where he put it as the window settles.
    for (int press = 0; press < 8; ++press) {
        QTest::keyClick(&view, Qt::Key_Right);
    }
    QApplication::processEvents();
    const double pannedTo = view.mapToScene(view.viewport()->rect().center()).x();
    REQUIRE(pannedTo > armies.center().x() + 100);
    window.resize(1720, 1000);
    QApplication::processEvents();
    const double middle = view.mapToScene(view.viewport()->rect().center()).x();
    CHECK(std::abs(middle - pannedTo) < std::abs(middle - armies.center().x()));

    // Ctrl+0: the whole table.
    QTest::keyClick(&window, Qt::Key_0, Qt::ControlModifier);
    QApplication::processEvents();
    const QRect table = view.mapFromScene(view.tableScene()->tableRect()).boundingRect();
    CHECK(view.viewport()->rect().adjusted(-1, -1, 1, 1).contains(table));
    // Ctrl+1 comes back to the readable zoom.
    QTest::keyClick(&window, Qt::Key_1, Qt::ControlModifier);
    QApplication::processEvents();
    CHECK(view.transform().m11() * UnitItem::labelLineHeight() >= TableView::kReadablePixels - 0.01);
}
