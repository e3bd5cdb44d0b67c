#include "sandtable/battle_geometry.h"
#include "scenario_document.h"
#include "scene_palette.h"
#include "table_image.h"
#include "table_scene.h"

#include <boost/geometry.hpp>
#include <catch2/catch.hpp>

using namespace sandtable;
using namespace sandtable::ui;

namespace {

bool near(QColor a, QColor b, int tolerance = 12) {
    return std::abs(a.red() - b.red()) <= tolerance && std::abs(a.green() - b.green()) <= tolerance &&
           std::abs(a.blue() - b.blue()) <= tolerance;
}

} // namespace

TEST_CASE("the screenshot shows each side's colour where its units stand and each terrain's "
          "colour where it lies",
          "[ui][screenshot]") {
    for (const std::filesystem::path& path : {std::filesystem::path(SANDTABLE_SCENARIOS_DIR) / "sample-inches.json",
                                              std::filesystem::path(SANDTABLE_SCENARIOS_DIR) / "sample-centimetres.json",
                                              std::filesystem::path(SANDTABLE_TEST_DATA_DIR) / "scenarios" / "sample-boxes.json"}) {
        INFO(path.string());
        const auto loaded = loadScenario(path);
        REQUIRE(loaded);
        ScenarioDocument document(*loaded);
        TableScene scene(document);
        const QSize size(1600, 900);
        const QImage image = renderTableImage(scene, size);
        const QTransform toImage = tableToImage(scene, size);
        // Each base reads in its side's colour: its pixels, miniatures and all, are nearer its
        // own side's colour than any other side's.
        const auto distance = [](const QColor& a, const QColor& b) {
            return std::abs(a.red() - b.red()) + std::abs(a.green() - b.green()) + std::abs(a.blue() - b.blue());
        };
        for (const Unit& unit : loaded->battle.units) {
            INFO(unit.id);
            const QColor side(QString::fromStdString(loaded->battle.findSide(unit.side)->colour));
            const Element& base = unit.elements.front();
            const QPoint centre = toImage.map(QPointF(base.centre.x(), base.centre.y())).toPoint();
            const int reach = std::max(1, static_cast<int>(toImage.m11() * std::min(base.width, base.depth) / 4));
            int red = 0, green = 0, blue = 0, count = 0;
            for (int dy = -reach; dy <= reach; ++dy) {
                for (int dx = -reach; dx <= reach; ++dx) {
                    const QColor c = image.pixelColor(centre + QPoint(dx, dy));
                    red += c.red();
                    green += c.green();
                    blue += c.blue();
                    ++count;
                }
            }
            const QColor mean(red / count, green / count, blue / count);
            for (const Side& other : loaded->battle.sides) {
                if (other.id != unit.side) {
                    CHECK(distance(mean, side) < distance(mean, QColor(QString::fromStdString(other.colour))));
                }
            }
        }
        // Each area, sampled partway from its centre toward its first corner (the road runs
        // through the village's centre), shows its terrain colour.
        for (const char* id : {"oak-wood", "village", "fen", "mill-pond", "broken-ground", "long-hill-crest"}) {
            INFO(id);
            const auto area =
                std::find_if(loaded->battle.areas.begin(), loaded->battle.areas.end(), [&](const TerrainArea& a) { return a.id == id; });
            REQUIRE(area != loaded->battle.areas.end());
            Point middle(0, 0);
            boost::geometry::centroid(area->outline, middle);
            const Point corner = area->outline.outer().front();
            const Point centre(middle.x() + 0.4 * (corner.x() - middle.x()), middle.y() + 0.4 * (corner.y() - middle.y()));
            const QColor base = ScenePalette::area(area->type, area->level);
            // The mean of a patch of pixels: the fill with its texture (tree crowns, roofs,
            // ripples) averaged in, which stays close to the terrain's own colour. A 9x9
            // patch, or for a wood one as wide as its trees stand apart (its floor between
            // them is its colour).
            const QPoint at = toImage.map(QPointF(centre.x(), centre.y())).toPoint();
            const int half = area->type == AreaType::Woods ? std::max(4, static_cast<int>(toImage.m11() * 16)) : 4;
            int red = 0, green = 0, blue = 0;
            for (int dy = -half; dy <= half; ++dy) {
                for (int dx = -half; dx <= half; ++dx) {
                    const QColor c = image.pixelColor(at + QPoint(dx, dy));
                    red += c.red();
                    green += c.green();
                    blue += c.blue();
                }
            }
            const int count = (2 * half + 1) * (2 * half + 1);
            const QColor seen(red / count, green / count, blue / count);
            INFO("seen " << seen.name().toStdString() << " expected about " << base.name().toStdString());
            CHECK(near(seen, base, 40));
            CHECK_FALSE(near(seen, ScenePalette::cloth(), 8));
        }
    }
}
