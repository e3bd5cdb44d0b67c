// Table view benchmark: prints figures, asserts nothing (`make bench`). Targets (issue 3):
// a full repaint of a stress table (2,000 bases, 60 terrain features) at 1920x1080 in at
// most 10 ms a frame and at most 1.5x a bare QPainter loop drawing the same shapes; the
// default scenario's first painted frame under 500 ms from start. And (issue 18) a
// skirmish table of 200 single figures with two buildings, as the LSHM rules play.

#include "main_window.h"
#include "scenario_document.h"
#include "table_scene.h"
#include "table_view.h"
#include "unit_item.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QGraphicsItem>
#include <QLinearGradient>
#include <QPainter>
#include <QPainterPath>
#include <cmath>
#include <cstdio>

using namespace sandtable;

namespace {

Polygon ring(double cx, double cy, double radius, int corners) {
    Polygon polygon;
    for (int i = 0; i <= corners; ++i) {
        const double a = 2 * 3.14159265358979 * (i % corners) / corners;
        boost::geometry::append(polygon.outer(), Point(cx + radius * std::cos(a), cy + radius * 0.7 * std::sin(a)));
    }
    boost::geometry::correct(polygon);
    return polygon;
}

// 400 units of 5 bases (2,000 bases) and 60 terrain features on a 6 by 4 foot table.
Scenario stressScenario() {
    Scenario scenario;
    scenario.name = "Stress table";
    Battle& battle = scenario.battle;
    battle.table = Table{1828.8, 1219.2, MeasureUnit::Inch, 0};
    battle.sides = {{"a", "A", "#1f4e9c", ""}, {"b", "B", "#b22222", ""}};
    const AreaType types[] = {AreaType::Woods, AreaType::Rough, AreaType::BuiltUp, AreaType::Water, AreaType::Marsh, AreaType::Hill};
    for (int i = 0; i < 40; ++i) {
        TerrainArea area;
        area.id = "area-" + std::to_string(i);
        area.type = types[i % 6];
        area.level = area.type == AreaType::Hill ? 1 : 0;
        area.outline = ring(100 + (i % 8) * 220, 120 + (i / 8) * 230, 70, 9);
        battle.areas.push_back(area);
    }
    const LineType lineTypes[] = {LineType::River, LineType::Stream, LineType::Road, LineType::Hedge, LineType::Wall, LineType::Fence};
    for (int i = 0; i < 20; ++i) {
        TerrainLine line;
        line.id = "line-" + std::to_string(i);
        line.type = lineTypes[i % 6];
        for (int k = 0; k < 6; ++k) {
            line.path.push_back(Point(k * 360.0, 50 + i * 58 + (k % 2) * 25));
        }
        battle.lines.push_back(line);
    }
    for (int u = 0; u < 400; ++u) {
        Unit unit;
        unit.id = "u" + std::to_string(u);
        unit.name = "Unit " + std::to_string(u);
        unit.side = u % 2 == 0 ? "a" : "b";
        unit.arm = static_cast<Arm>(u % 3);
        const double x = 120 + (u % 20) * 85.0;
        const double y = 60 + (u / 20) * 57.0;
        for (int b = 0; b < 5; ++b) {
            unit.elements.push_back(Element{Point(x - 32 + b * 16, y), u % 2 == 0 ? 0.0 : 180.0, 16, 10, {}});
        }
        battle.units.push_back(unit);
    }
    return scenario;
}

// A skirmish table (issue 18): 200 single figures in companies of 12 and troops of 6 or 8,
// each figure with its role, on a 4 by 3 foot table with two buildings, a wood and walls.
Scenario skirmishScenario() {
    Scenario scenario;
    scenario.name = "Skirmish table";
    Battle& battle = scenario.battle;
    battle.table = Table{1219.2, 914.4, MeasureUnit::Inch, 0};
    battle.sides = {{"french", "French", "#1f3f9c", ""}, {"british", "British", "#b22222", ""}};
    for (int b = 0; b < 2; ++b) {
        TerrainArea building;
        building.id = "building-" + std::to_string(b);
        building.name = "Building " + std::to_string(b);
        building.type = AreaType::BuiltUp;
        building.rules = {{"storeys", 2}, {"capacityPerStorey", 6}};
        const double x = 500 + b * 160;
        boost::geometry::append(building.outline.outer(), Point(x, 400));
        boost::geometry::append(building.outline.outer(), Point(x, 480));
        boost::geometry::append(building.outline.outer(), Point(x + 100, 480));
        boost::geometry::append(building.outline.outer(), Point(x + 100, 400));
        boost::geometry::append(building.outline.outer(), Point(x, 400));
        boost::geometry::correct(building.outline);
        battle.areas.push_back(building);
    }
    TerrainArea wood;
    wood.id = "wood";
    wood.type = AreaType::Woods;
    wood.outline = ring(200, 450, 120, 12);
    battle.areas.push_back(wood);
    for (int w = 0; w < 2; ++w) {
        TerrainLine wall;
        wall.id = "wall-" + std::to_string(w);
        wall.type = LineType::Wall;
        wall.path = {Point(460, 370 + w * 140), Point(880, 370 + w * 140)};
        battle.lines.push_back(wall);
    }
    int figures = 0;
    for (int u = 0; figures < 200; ++u) {
        Unit unit;
        unit.id = "u" + std::to_string(u);
        unit.name = "Company " + std::to_string(u);
        unit.side = u % 2 == 0 ? "french" : "british";
        unit.arm = u % 8 == 7 ? Arm::Horse : Arm::Foot;
        const int size = std::min(unit.arm == Arm::Horse ? 6 : 12, 200 - figures);
        const double x = 120 + (u / 2 % 8) * 130.0;
        const double y = u % 2 == 0 ? 150 + (u / 16) * 60.0 : 760 - (u / 16) * 60.0;
        for (int f = 0; f < size; ++f) {
            Element figure{Point(x + (f % 6) * 22.0, y + (f / 6) * 22.0),
                           u % 2 == 0 ? 180.0 : 0.0,
                           unit.arm == Arm::Horse ? 25.0 : 20.0,
                           unit.arm == Arm::Horse ? 50.0 : 20.0,
                           {}};
            figure.role = f == 0 ? "officer" : f == 1 ? "nco" : "private";
            figure.health = f == 5 ? Health::LightlyWounded : Health::Fit;
            unit.elements.push_back(figure);
        }
        unit.nameElements();
        figures += size;
        battle.units.push_back(unit);
    }
    return scenario;
}

double millisecondsPerFrame(int frames, const std::function<void()>& frame) {
    frame(); // warm caches and fonts
    QElapsedTimer timer;
    timer.start();
    for (int i = 0; i < frames; ++i) {
        frame();
    }
    return static_cast<double>(timer.nsecsElapsed()) / 1e6 / frames;
}

// Start to first painted frame of the default scenario, in this process: the window is
// built, the scenario read and the view's first paint event delivered.
class FirstPaint : public QObject {
public:
    bool painted = false;
    bool eventFilter(QObject*, QEvent* event) override {
        if (event->type() == QEvent::Paint) {
            painted = true;
        }
        return false;
    }
};

} // namespace

int main(int argc, char** argv) {
    QElapsedTimer sinceStart;
    sinceStart.start();
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM")) {
        qputenv("QT_QPA_PLATFORM", "offscreen");
    }
    QApplication app(argc, argv);
    {
        ui::MainWindow window;
        window.openScenario(SANDTABLE_DEFAULT_SCENARIO);
        FirstPaint first;
        window.tableView()->viewport()->installEventFilter(&first);
        window.resize(1600, 900);
        window.show();
        while (!first.painted && sinceStart.elapsed() < 10'000) {
            QApplication::processEvents(QEventLoop::AllEvents, 5);
        }
        std::printf("start to first painted frame of the default scenario: %6.1f ms (target < 500 ms)%s\n",
                    static_cast<double>(sinceStart.nsecsElapsed()) / 1e6, first.painted ? "" : "  (never painted!)");
    }

    ui::ScenarioDocument document(stressScenario());
    ui::TableScene scene(document);
    QImage image(1920, 1080, QImage::Format_ARGB32_Premultiplied);
    const QRectF source = scene.sceneRect();
    const double scale = std::min(1920 / source.width(), 1080 / source.height());
    const QRectF target(0, 0, source.width() * scale, source.height() * scale);
    const int frames = 30;

    const double viaScene = millisecondsPerFrame(frames, [&] {
        const ui::TableScene::DrawnAfresh drawn(scene); // as an export draws it
        image.fill(Qt::black);
        QPainter painter(&image);
        painter.setRenderHints(QPainter::Antialiasing | QPainter::TextAntialiasing);
        scene.render(&painter, target, source, Qt::IgnoreAspectRatio);
    });

    // A truly bare loop: the same shapes drawn straight from the battle with QPainter, no
    // item, no scene: each terrain outline filled (a wood with its trees, a hill with its
    // shaded band), each line stroked (a river over its banks), each base filled in its
    // side's colour with its front edge, each unit's name. What the table's own
    // drawing costs beyond the shapes themselves is the difference.
    const Battle& stress = document.battle();
    QFont labelFont;
    labelFont.setPointSizeF(3);
    const double bare = millisecondsPerFrame(frames, [&] {
        image.fill(Qt::black);
        QPainter painter(&image);
        painter.setRenderHints(QPainter::Antialiasing | QPainter::TextAntialiasing);
        painter.scale(scale, scale);
        painter.translate(-source.topLeft());
        painter.fillRect(QRectF(0, 0, stress.table.width, stress.table.depth), QColor(0x9c, 0xb8, 0x6e));
        for (const TerrainArea& area : stress.areas) {
            QPolygonF outline;
            for (const Point& p : area.outline.outer()) {
                outline << QPointF(p.x(), p.y());
            }
            painter.setPen(QPen(Qt::darkGreen, area.type == AreaType::Water ? 6 : 1));
            painter.setBrush(QColor(0x4a, 0x7a, 0x3a));
            painter.drawPolygon(outline);
            // The model table's shapes: a wood's trees, each over its shadow, within it and
            // along its edge; a hill's lit and shaded band inside its edge.
            const QRectF box = outline.boundingRect();
            QPainterPath edge;
            edge.addPolygon(outline);
            if (area.type == AreaType::Woods) {
                painter.save();
                painter.setClipPath(edge);
                painter.setPen(Qt::NoPen);
                for (double y = box.top() + 10; y < box.bottom() + 10; y += 32) {
                    for (double x = box.left() + 10; x < box.right() + 10; x += 32) {
                        painter.setBrush(QColor(0, 0, 0, 55));
                        painter.drawEllipse(QPointF(x + 2, y + 2.5), 10, 10);
                        painter.setBrush(QColor(0x2f, 0x6b, 0x2f));
                        painter.drawEllipse(QPointF(x, y), 10, 10);
                    }
                }
                painter.restore();
                painter.setPen(QPen(Qt::darkGreen, 0.8));
                for (int i = 0; i < std::max(6, static_cast<int>(edge.length() / 26)); ++i) {
                    painter.drawEllipse(edge.pointAtPercent(i / std::max(6.0, std::floor(edge.length() / 26))), 5, 5);
                }
            } else if (area.type == AreaType::Hill) {
                painter.save();
                painter.setClipPath(edge);
                QLinearGradient light(box.topLeft(), box.bottomRight());
                light.setColorAt(0, QColor(255, 250, 235, 150));
                light.setColorAt(1, QColor(60, 45, 20, 140));
                painter.setPen(QPen(QBrush(light), 28));
                painter.setBrush(Qt::NoBrush);
                painter.drawPolygon(outline);
                painter.restore();
            }
        }
        for (const TerrainLine& line : stress.lines) {
            QPolygonF path;
            for (const Point& p : line.path) {
                path << QPointF(p.x(), p.y());
            }
            // A river's banks under its water, a road's verges under it.
            if (line.type == LineType::River || line.type == LineType::Stream || line.type == LineType::Road) {
                painter.setPen(QPen(QColor(0x8c, 0x7a, 0x4e), line.type == LineType::River ? 22 : 9));
                painter.drawPolyline(path);
            }
            painter.setPen(QPen(Qt::blue, line.type == LineType::River ? 14 : 3));
            painter.drawPolyline(path);
        }
        painter.setFont(labelFont);
        for (const Unit& unit : stress.units) {
            const QColor colour(QString::fromStdString(stress.findSide(unit.side)->colour));
            for (const Element& element : unit.elements) {
                const auto corners = rectangleCorners(element.centre, element.width, element.depth, element.facing);
                QPolygonF base;
                for (const Point& corner : corners) {
                    base << QPointF(corner.x(), corner.y());
                }
                painter.setPen(QPen(Qt::black, 0.5));
                painter.setBrush(colour);
                painter.drawPolygon(base);
                painter.setPen(QPen(Qt::white, 1));
                painter.drawLine(base[0], base[1]);
            }
            const Point centre = unit.centre();
            painter.setPen(Qt::black);
            painter.drawText(QPointF(centre.x() - 20, centre.y() + 12), QString::fromStdString(unit.name));
        }
    });
    // The repaint a player sees: the whole viewport of a 1920x1080 view of the table.
    ui::TableView view(&scene);
    view.setFrameShape(QFrame::NoFrame);
    view.setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    view.setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    view.resize(1920, 1080);
    view.show();
    view.fitTable();
    QApplication::processEvents();
    const double viaView = millisecondsPerFrame(frames, [&] { view.viewport()->render(&image); });
    // The same with each unit painted afresh every frame rather than copied from its cache.
    for (QGraphicsItem* item : scene.items()) {
        item->setCacheMode(item->type() == ui::UnitItem::Type ? QGraphicsItem::NoCache : item->cacheMode());
    }
    const double uncached = millisecondsPerFrame(frames, [&] { view.viewport()->render(&image); });
    for (QGraphicsItem* item : scene.items()) {
        item->setCacheMode(item->type() == ui::UnitItem::Type ? QGraphicsItem::DeviceCoordinateCache : item->cacheMode());
    }
    // After a zoom or a new table the background cache is drawn again.
    const double afterZoom = millisecondsPerFrame(frames, [&] {
        view.resetCachedContent();
        view.viewport()->render(&image);
    });

    // The skirmish table: 200 single figures and two buildings.
    ui::ScenarioDocument skirmishDocument(skirmishScenario());
    ui::TableScene skirmishScene(skirmishDocument);
    ui::TableView skirmishView(&skirmishScene);
    skirmishView.setFrameShape(QFrame::NoFrame);
    skirmishView.setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    skirmishView.setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    skirmishView.resize(1920, 1080);
    skirmishView.show();
    skirmishView.fitTable();
    QApplication::processEvents();
    const double skirmish = millisecondsPerFrame(frames, [&] { skirmishView.viewport()->render(&image); });

    std::printf("skirmish table (200 single figures, 2 buildings) at 1920x1080:\n");
    std::printf("  full repaint of a 1920x1080 view:  %7.2f ms/frame (target <= 10 ms)\n", skirmish);
    std::printf("stress table (2,000 bases, 60 terrain features) at 1920x1080:\n");
    std::printf("  full repaint of a 1920x1080 view:  %7.2f ms/frame (target <= 10 ms)\n", viaView);
    std::printf("  the same, after a zoom (background redrawn): %7.2f ms/frame\n", afterZoom);
    std::printf("  the same, each unit painted afresh (no unit cache): %7.2f ms/frame\n", uncached);
    std::printf("  the scene rendered to an image:    %7.2f ms/frame (no item cache: export and --screenshot)\n", viaScene);
    std::printf("  bare QPainter loop, same shapes:   %7.2f ms/frame (no items: the bases, terrain and names drawn directly)\n", bare);
    std::printf("  ratio, view to bare loop: %.2fx; scene render to bare loop: %.2fx (target <= 1.5x)\n", viaView / bare, viaScene / bare);
    return 0;
}
