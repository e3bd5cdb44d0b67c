// A side's flag, as the scenario describes it layer by layer: painted true to its layers,
// carried by the units on the table and shown in the order of battle.

#include "flag_painter.h"
#include "order_of_battle_dock.h"
#include "sandtable/scenario.h"
#include "table_scene.h"
#include "ui_test_support.h"
#include "unit_item.h"

#include <QImage>
#include <QPainter>
#include <QTreeWidget>
#include <catch2/catch.hpp>

using namespace sandtable;
using namespace sandtable::ui;

namespace {

/// The flag painted on a 150x100 image, edge included.
QImage painted(const std::vector<FlagLayer>& flag) {
    QImage image(150, 100, QImage::Format_ARGB32);
    image.fill(Qt::transparent);
    QPainter painter(&image);
    paintFlag(painter, QRectF(0, 0, 150, 100), flag, QColor("#808080"));
    return image;
}

} // namespace

TEST_CASE("a flag is painted layer by layer: stripes, crosses, saltires and a canton where they lie", "[ui][flag]") {
    const Side british = [] {
        const auto scenario = loadScenario(uitest::sample("oibl-freemans-farm.json").toStdString());
        REQUIRE(scenario);
        return *scenario->battle.findSide("british");
    }();
    // The Union flag: red at the crossing, white beside the red cross, blue in a corner's field.
    const QImage union1707 = painted(british.flag);
    CHECK(union1707.pixelColor(75, 50) == QColor("#c8102e"));
    CHECK(union1707.pixelColor(89, 20) == QColor("#ffffff"));
    CHECK(union1707.pixelColor(50, 8) == QColor("#012169"));
    // The saltire runs corner to corner through the blue.
    CHECK(union1707.pixelColor(15, 10) == QColor("#ffffff"));

    // A tricolour stands up the flag; thirteen stripes lie across it under a canton.
    const QImage tricolour = painted({{.shape = FlagLayer::Shape::Stripes, .colours = {"#002395", "#ffffff", "#ed2939"}, .across = false}});
    CHECK(tricolour.pixelColor(20, 50) == QColor("#002395"));
    CHECK(tricolour.pixelColor(75, 50) == QColor("#ffffff"));
    CHECK(tricolour.pixelColor(130, 50) == QColor("#ed2939"));
    const QImage stars = painted({{.shape = FlagLayer::Shape::Stripes, .colours = {"#b22234", "#ffffff", "#b22234"}},
                                  {.shape = FlagLayer::Shape::Canton, .colours = {"#3c3b6e"}}});
    CHECK(stars.pixelColor(20, 20) == QColor("#3c3b6e"));
    CHECK(stars.pixelColor(120, 20) == QColor("#b22234"));
    CHECK(stars.pixelColor(120, 50) == QColor("#ffffff"));
    // No layers: the side's colour.
    CHECK(painted({}).pixelColor(75, 50) == QColor("#808080"));
}

TEST_CASE("the units on the table carry their side's flag, and the order of battle shows it", "[ui][flag]") {
    uitest::OpenWindow open("oibl-freemans-farm.json", 1);
    const Battle& battle = open.battle();
    for (const Unit& unit : battle.units) {
        const UnitItem* item = open.view().tableScene()->unitItem(QString::fromStdString(unit.id));
        REQUIRE(item != nullptr);
        CHECK(item->sideFlag() == battle.findSide(unit.side)->flag);
    }
    const auto* tree = open.window.findChild<OrderOfBattleDock*>()->findChild<QTreeWidget*>();
    REQUIRE(tree != nullptr);
    REQUIRE(tree->topLevelItemCount() == static_cast<int>(battle.sides.size()));
    for (int i = 0; i < tree->topLevelItemCount(); ++i) {
        CHECK_FALSE(tree->topLevelItem(i)->icon(0).isNull());
    }
}
