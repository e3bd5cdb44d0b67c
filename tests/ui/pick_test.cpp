// Orders and answers that need a click on the table: a point, a box, each element's place
// or target. The view's pick mode, and the Play dock filling in a ruleset's offers and
// prompts from clicks without knowing the ruleset (one made for the test).

#include "../support/payload_ruleset.h"
#include "game_controller.h"
#include "play_dock.h"
#include "scenario_document.h"
#include "table_scene.h"
#include "ui_test_support.h"

#include <QGroupBox>
#include <QListWidget>
#include <QPushButton>
#include <QSignalSpy>
#include <catch2/catch.hpp>

using namespace sandtable;
using namespace sandtable::ui;
using uitest::OpenWindow;

TEST_CASE("pick mode: the next click on the table is a point, and Esc cancels", "[ui][view][pick]") {
    OpenWindow open;
    QSignalSpy picked(&open.view(), &TableView::picked);
    QSignalSpy cancelled(&open.view(), &TableView::pickCancelled);
    open.view().beginPick("Click the box");
    CHECK(open.view().picking());
    const QPoint click = open.onUnit("blue-1");
    QTest::mouseClick(open.view().viewport(), Qt::LeftButton, {}, click);
    REQUIRE(picked.count() == 1);
    CHECK_FALSE(open.view().picking());
    // The click picks a point; it neither selects nor drags the unit under it.
    CHECK(open.view().tableScene()->selectedUnitIds().isEmpty());
    const QPointF at = picked.front().front().toPointF();
    CHECK(QLineF(at, open.view().mapToScene(click)).length() < 1e-6);
    open.view().beginPick("Click the box");
    QTest::keyClick(open.view().viewport(), Qt::Key_Escape);
    CHECK(cancelled.count() == 1);
    CHECK_FALSE(open.view().picking());
}

TEST_CASE("the Play dock fills a box, each base's target and a placement from clicks, and answers a box prompt", "[ui][play][pick]") {
    ScenarioDocument document(testsupport::grid());
    auto started = Game::start(testsupport::grid(), std::make_unique<testsupport::PayloadRuleset>(), 1);
    REQUIRE(started.hasValue());
    GameController controller(document, std::move(started).value());
    PlayDock dock(controller);
    dock.setSelectedUnit("a");
    QSignalSpy requests(&dock, &PlayDock::pickRequested);

    // A move to a box is dragged (or clicked) on the table like a route: the box it ends in.
    QSignalSpy routes(&dock, &PlayDock::routeRequested);
    REQUIRE(dock.chooseOffer("Advance (on the table)"));
    REQUIRE(routes.count() == 1);
    CHECK(requests.isEmpty());
    CHECK(dock.commitButton()->text() == "Drag or click the box to move to");
    dock.commitRoute("a", {QPointF(90, 60), QPointF(120, 70)}); // ends in box C2
    REQUIRE(controller.game().log().size() == 1);
    CHECK(controller.game().log().back().action.box == Box{2, 1});
    CHECK(controller.game().log().back().action.path.empty());

    // Each base's target, clicked in turn; a click on empty table is not a target.
    REQUIRE(dock.chooseOffer("Volley: pick each target on the table"));
    CHECK(requests.back().front().toString() == "Click the target of a.1 (1 of 2)");
    dock.pickAt(QPointF(250, 250));
    CHECK(dock.picking());
    CHECK(requests.back().front().toString() == "Click the target of a.1 (1 of 2)");
    dock.pickAt(QPointF(402, 101));
    CHECK(requests.back().front().toString() == "Click the target of a.2 (2 of 2)");
    dock.pickAt(QPointF(418, 95));
    REQUIRE(dock.commitButton()->isEnabled());
    dock.commit();
    REQUIRE(controller.game().log().size() == 2);
    CHECK(controller.game().log().back().action.elements == std::vector<ElementOrder>{{"a.1", "b", {}, {}}, {"a.2", "b", {}, {}}});
    CHECK(controller.game().log().back().action.with == std::vector<std::string>{"c"});

    // A placement, then the other side is asked for a box: a button starts the pick.
    REQUIRE(dock.chooseOffer("Deploy (on the table)"));
    dock.pickAt(QPointF(30, 30));
    dock.pickAt(QPointF(60, 30));
    dock.commit();
    REQUIRE(controller.game().prompt().has_value());
    QPushButton* pick = nullptr;
    for (QPushButton* button : dock.findChildren<QPushButton*>()) {
        pick = button->text() == "Pick on the table" ? button : pick;
    }
    REQUIRE(pick != nullptr);
    pick->click();
    CHECK(requests.back().front().toString() == "Click the box for the answer");
    dock.pickAt(QPointF(20, 280)); // A6: not one the question allows
    CHECK(controller.game().prompt().has_value());
    CHECK(dock.lastError().contains("box A6 is not one the question allows"));
    dock.findChildren<QPushButton*>(); // the buttons are rebuilt after a refusal
    for (QPushButton* button : dock.findChildren<QPushButton*>()) {
        if (button->text() == "Pick on the table") {
            button->click();
        }
    }
    dock.pickAt(QPointF(175, 125)); // D3
    CHECK_FALSE(controller.game().prompt().has_value());
    CHECK(controller.game().battle().findUnit("b")->counters.at("reserve-column") == 3);
}
