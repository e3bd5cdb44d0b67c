#pragma once

// The main window opened on a shipped scenario, shown off-screen, with helpers to find
// a unit on the screen. Shared by the UI tests.

#include "main_window.h"
#include "play_dock.h"
#include "sandtable/battle.h"
#include "scenario_document.h"
#include "table_view.h"

#include <QFile>
#include <QTest>
#include <catch2/catch.hpp>
#include <cstdint>
#include <optional>

namespace uitest {

/// A shipped scenario, or else one kept with the tests (the layout-only tables).
inline QString sample(const char* name) {
    const QString shipped = QString(SANDTABLE_SCENARIOS_DIR) + "/" + name;
    return QFile::exists(shipped) ? shipped : QString(SANDTABLE_TEST_DATA_DIR) + "/scenarios/" + name;
}

struct OpenWindow {
    sandtable::ui::MainWindow window;
    /// By default a table with units of no type, which opens for layout (bases dragged by hand).
    explicit OpenWindow(const char* scenario = "layout-inches.json", std::optional<std::uint64_t> seed = std::nullopt) {
        window.setGameSeed(seed);
        REQUIRE(window.openScenario(sample(scenario)).isEmpty());
        window.resize(1400, 900);
        window.show();
        REQUIRE(QTest::qWaitForWindowExposed(&window));
        window.tableView()->fitTable();
        answerYesToNextCard();
    }
    /// N gives a card away without asking (its question is tested on its own).
    void answerYesToNextCard() {
        if (window.playDock() != nullptr) {
            window.playDock()->setConfirm([](const QString&) { return true; });
        }
    }
    sandtable::ui::TableView& view() { return *window.tableView(); }
    const sandtable::Battle& battle() { return window.document()->battle(); }
    QPoint onScreen(const sandtable::Point& p) { return view().mapFromScene(QPointF(p.x(), p.y())); }
    /// The middle of a base's rear half: on the unit, clear of the front edge.
    QPoint onUnit(const std::string& id) {
        const sandtable::Element& e = battle().findUnit(id)->elements.front();
        const sandtable::Point back = sandtable::facingVector(e.facing + 180);
        return onScreen(sandtable::Point(e.centre.x() + back.x() * e.depth / 4, e.centre.y() + back.y() * e.depth / 4));
    }
};

} // namespace uitest
