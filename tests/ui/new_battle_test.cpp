// File > New Battle with the random terrain generator, and adjusting the terrain it made.

#include "new_battle_dialog.h"
#include "table_scene.h"
#include "ui_test_support.h"
#include "unit_inspector_dock.h"

#include <QComboBox>
#include <QTableWidget>

using namespace sandtable;

namespace {

NewBattleSettings einsamenhugelTable() {
    NewBattleSettings settings;
    settings.name = "Random table";
    settings.rulesetId = "einsamenhugel";
    settings.table.unit = MeasureUnit::Centimetre;
    settings.table.width = 1828.8;
    settings.table.depth = 762;
    settings.randomTerrain = true;
    settings.seed = 2016;
    settings.choices = {{6, FeatureKind::Hill}, {9, FeatureKind::Wood}, {11, FeatureKind::BuiltUp}};
    return settings;
}

const TerrainArea* findArea(const Battle& battle, const std::string& id) {
    for (const TerrainArea& area : battle.areas) {
        if (area.id == id) {
            return &area;
        }
    }
    return nullptr;
}

} // namespace

TEST_CASE("the New Battle dialog rolls the twelve sectors and asks for the players' choices", "[ui][new-battle]") {
    ui::NewBattleDialog dialog;
    dialog.setRandomTerrain(true);
    dialog.setSeed(2016);
    QTableWidget* sectors = dialog.sectorTable();
    REQUIRE(sectors->rowCount() == 12);
    CHECK(sectors->item(0, 1)->text().contains("Sector 1 (far row, 1st from the left): 4, a terrain piece; 3, a wood"));
    CHECK(sectors->item(1, 1)->text().contains("no terrain"));
    // Sector 6 is player A's choice: a list to choose from.
    auto* choice = qobject_cast<QComboBox*>(sectors->cellWidget(5, 2));
    REQUIRE(choice != nullptr);
    CHECK(choice->currentText().contains("Player A"));
    dialog.choose(6, FeatureKind::Hill);
    dialog.choose(11, FeatureKind::BuiltUp);
    const NewBattleSettings settings = dialog.settings();
    CHECK(settings.randomTerrain);
    CHECK(settings.seed == 2016);
    CHECK(settings.choices.at(6) == FeatureKind::Hill);
    CHECK(settings.choices.at(11) == FeatureKind::BuiltUp);
    CHECK(settings.choices.count(9) == 0); // left open
    // A new seed rolls again.
    dialog.setSeed(7);
    CHECK_FALSE(sectors->item(0, 1)->text() ==
                QString("Sector 1 (far row, 1st from the left): 4, a terrain piece; 3, a wood (shape dice 1 5 4 4)"));
}

TEST_CASE(
    "a new battle opens on the generated terrain with every die in the log, and its pieces can be moved, scaled and removed with undo",
    "[ui][new-battle]") {
    ui::MainWindow window;
    window.resize(1400, 900);
    window.show();
    REQUIRE(QTest::qWaitForWindowExposed(&window));
    window.newBattle(einsamenhugelTable());
    REQUIRE(window.document() != nullptr);
    const Battle& battle = window.document()->battle();
    CHECK(battle.units.empty());
    CHECK(battle.table.width == Approx(1828.8));
    const QString log = window.logText();
    for (int sector = 1; sector <= 12; ++sector) {
        CHECK(log.contains(QString("Sector %1 (").arg(sector)));
    }
    CHECK(log.contains("chose a hill"));
    const TerrainArea* wood = findArea(battle, "sector-1-wood");
    REQUIRE(wood != nullptr);
    Point centre(0, 0);
    boost::geometry::centroid(wood->outline, centre);
    const std::string pointsBefore = toJsonText(window.document()->scenario());

    ui::TableView& view = *window.tableView();
    view.fitTable();
    // Not adjusting: a drag on the wood pans, and moves nothing.
    const QPoint from = view.mapFromScene(QPointF(centre.x(), centre.y()));
    const QPoint to = from + QPoint(40, 25);
    auto drag = [&] {
        QTest::mousePress(view.viewport(), Qt::LeftButton, {}, from);
        QTest::mouseMove(view.viewport(), (from + to) / 2);
        QTest::mouseMove(view.viewport(), to);
        QTest::mouseRelease(view.viewport(), Qt::LeftButton, {}, to);
    };
    drag();
    CHECK(toJsonText(window.document()->scenario()) == pointsBefore);
    // Adjusting: the wood follows the mouse.
    view.setTerrainAdjusting(true);
    drag();
    const TerrainArea* moved = findArea(window.document()->battle(), "sector-1-wood");
    REQUIRE(moved != nullptr);
    Point movedCentre(0, 0);
    boost::geometry::centroid(moved->outline, movedCentre);
    const QPointF expected = view.mapToScene(to) - view.mapToScene(from);
    CHECK(movedCentre.x() - centre.x() == Approx(expected.x()).margin(0.01));
    CHECK(movedCentre.y() - centre.y() == Approx(expected.y()).margin(0.01));
    CHECK(view.tableScene()->terrainAt(QPointF(movedCentre.x(), movedCentre.y())) == "sector-1-wood");
    // Enlarged by a tenth, then removed; each undoes in one step.
    const double area = boost::geometry::area(moved->outline);
    view.scaleTerrain("sector-1-wood", 1.1);
    CHECK(boost::geometry::area(findArea(window.document()->battle(), "sector-1-wood")->outline) == Approx(area * 1.21));
    view.removeTerrain("sector-1-wood");
    CHECK(findArea(window.document()->battle(), "sector-1-wood") == nullptr);
    QUndoStack* stack = window.document()->undoStack();
    CHECK(stack->undoText() == "Remove Wood (sector 1)");
    stack->undo();
    stack->undo();
    stack->undo();
    CHECK(toJsonText(window.document()->scenario()) == pointsBefore);
    if (const char* folder = std::getenv("SANDTABLE_UI_SHOTS")) {
        window.grab().save(QString(folder) + "/new-battle.png");
    }
}

TEST_CASE("the Battle of Einsamenhügel opens in the window, ready for the pre-battle moves", "[ui][new-battle]") {
    uitest::OpenWindow open("einsamenhugel-battle.json", 2016);
    CHECK(open.battle().units.size() == 28);
    CHECK(open.window.logText().contains("Before the battle each side may move up to 3 units"));
    // The Unit dock says what the rules make of the selected unit.
    open.view().tableScene()->selectUnits({"royal-foot"});
    CHECK(open.window.inspector()->text().contains("100% effective; Regular foot, in firing order; moves 6cm; King George II is with it"));
    if (const char* folder = std::getenv("SANDTABLE_UI_SHOTS")) {
        open.window.grab().save(QString(folder) + "/einsamenhugel.png");
    }
}
