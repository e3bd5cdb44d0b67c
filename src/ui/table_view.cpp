#include "table_view.h"

#include "measure_item.h"
#include "move_units_command.h"
#include "sandtable/terrain_edit.h"
#include "scenario_document.h"
#include "table_scene.h"
#include "terrain_command.h"
#include "terrain_items.h"
#include "unit_item.h"

#include <QContextMenuEvent>
#include <QGraphicsPathItem>
#include <QKeyEvent>
#include <QLineF>
#include <QMenu>
#include <QPen>
#include <QPixmapCache>
#include <QScopedValueRollback>
#include <QScrollBar>
#include <QWheelEvent>
#include <cmath>
#include <limits>

namespace sandtable::ui {

namespace {

std::vector<std::string> toStd(const QStringList& ids) {
    std::vector<std::string> result;
    for (const QString& id : ids) {
        result.push_back(id.toStdString());
    }
    return result;
}

QPointF nearestOnSegment(QPointF a, QPointF b, QPointF p) {
    const QPointF ab = b - a;
    const double lengthSquared = QPointF::dotProduct(ab, ab);
    if (lengthSquared == 0) {
        return a;
    }
    const double t = std::clamp(QPointF::dotProduct(p - a, ab) / lengthSquared, 0.0, 1.0);
    return a + t * ab;
}

} // namespace

TableView::TableView(TableScene* scene, QWidget* parent) : QGraphicsView(scene, parent), m_scene(scene) {
    setRenderHints(QPainter::Antialiasing | QPainter::TextAntialiasing);
    // The scene draws the static table as its background; cached, a repaint while units
    // move is one blit of it plus the units.
    setCacheMode(CacheBackground);
    // Each unit is drawn once into a pixmap and copied on repaint (UnitItem): a crowded
    // table's pixmaps at 1920x1080 outgrow Qt's default 10 MB cache, which then throws
    // them away as fast as it makes them (a 2,000-base repaint: 10 ms, against 2 ms).
    constexpr int pixmapCacheKilobytes = 64 * 1024;
    if (QPixmapCache::cacheLimit() < pixmapCacheKilobytes) {
        QPixmapCache::setCacheLimit(pixmapCacheKilobytes);
    }
    setTransformationAnchor(AnchorUnderMouse);
    setResizeAnchor(AnchorViewCenter);
    setViewportUpdateMode(SmartViewportUpdate);
    setFocusPolicy(Qt::StrongFocus);
    setMouseTracking(true);
    m_tape = new MeasureItem(scene->document().battle().table);
    m_tape->setVisible(false);
    scene->addItem(m_tape);
    m_overlay = new UnitOverlayItem();
    scene->addItem(m_overlay);
    connect(scene, &QGraphicsScene::selectionChanged, this, &TableView::refreshOverlay);
    // The player panning the readable zoom keeps his view: it is not recentred on the
    // armies as the window settles. The view's own fitting moves the bars too.
    for (QScrollBar* bar : {horizontalScrollBar(), verticalScrollBar()}) {
        connect(bar, &QScrollBar::valueChanged, this, [this] {
            if (!m_fitting && m_fit == Fit::Readable) {
                m_fit = Fit::None;
            }
        });
    }
    connect(&scene->document(), &ScenarioDocument::unitChanged, this, &TableView::refreshOverlay);
}

void TableView::setOverlaySettings(const OverlaySettings& settings) {
    m_overlaySettings = settings;
    refreshOverlay();
}

void TableView::setOverlaySource(std::function<std::optional<OverlaySettings>(const std::string& unitId)> source) {
    m_overlaySource = std::move(source);
    refreshOverlay();
}

void TableView::refreshOverlay() {
    const QStringList ids = m_scene->selectedUnitIds();
    const Unit* unit = ids.size() == 1 ? m_scene->document().battle().findUnit(ids.front().toStdString()) : nullptr;
    if (unit == nullptr) {
        m_overlay->setVisible(false);
        return;
    }
    const std::optional<OverlaySettings> fromRules = m_overlaySource ? m_overlaySource(unit->id) : std::nullopt;
    m_overlay->show(*unit, fromRules.value_or(m_overlaySettings));
}

TableView::~TableView() = default;

void TableView::zoomBy(double factor) {
    m_fit = Fit::None;
    const double current = transform().m11();
    const double next = std::clamp(current * factor, 0.05, 40.0);
    scale(next / current, next / current);
}

void TableView::fitTable() {
    m_fit = Fit::Table;
    fitInView(m_scene->tableRect().adjusted(-35, -35, 10, 10), Qt::KeepAspectRatio);
}

void TableView::fitReadable() {
    const QScopedValueRollback fitting(m_fitting, true);
    fitTable();
    m_fit = Fit::Readable;
    const double readable = kReadablePixels / UnitItem::labelLineHeight();
    const std::vector<Unit>& units = m_scene->document().battle().units;
    if (transform().m11() >= readable || units.empty()) {
        return;
    }
    QRectF armies;
    for (const Unit& unit : units) {
        for (const Element& element : unit.elements) {
            const double reach = std::max(element.width, element.depth);
            armies |= QRectF(element.centre.x() - reach, element.centre.y() - reach, 2 * reach, 2 * reach);
        }
    }
    setTransform(QTransform::fromScale(readable, readable));
    centerOn(armies.center());
}

void TableView::resizeEvent(QResizeEvent* event) {
    const QScopedValueRollback fitting(m_fitting, true);
    QGraphicsView::resizeEvent(event);
    // A fitted table stays fitted as the window and its docks settle, until the player zooms.
    if (m_fit == Fit::Table) {
        fitTable();
    } else if (m_fit == Fit::Readable) {
        fitReadable();
    }
}

void TableView::setMeasuring(bool on) {
    if (m_measuring == on) {
        return;
    }
    m_measuring = on;
    viewport()->setCursor(on ? Qt::CrossCursor : Qt::ArrowCursor);
    if (!on) {
        m_tape->setVisible(false);
    }
    emit measuringChanged(on);
}

double TableView::measuredLength() const { return m_tape->isVisible() ? m_tape->length() : 0.0; }

QPointF TableView::snapped(QPointF at) const {
    // Within 8 screen pixels, whatever the zoom.
    const double radius = 8.0 / std::max(transform().m11(), 1e-6);
    QPointF best = at;
    double bestDistance = std::numeric_limits<double>::max();
    bool corner = false;
    for (const Unit& unit : m_scene->document().battle().units) {
        for (const Element& element : unit.elements) {
            const auto corners = rectangleCorners(element.centre, element.width, element.depth, element.facing);
            for (std::size_t i = 0; i < corners.size(); ++i) {
                const QPointF a(corners[i].x(), corners[i].y());
                const QPointF b(corners[(i + 1) % 4].x(), corners[(i + 1) % 4].y());
                // Corners win over edges: a player measuring "from the corner" means it.
                const double toCorner = QLineF(a, at).length();
                if (toCorner <= radius && (!corner || toCorner < bestDistance)) {
                    best = a;
                    bestDistance = toCorner;
                    corner = true;
                }
                if (!corner) {
                    const QPointF onEdge = nearestOnSegment(a, b, at);
                    const double toEdge = QLineF(onEdge, at).length();
                    if (toEdge <= radius && toEdge < bestDistance) {
                        best = onEdge;
                        bestDistance = toEdge;
                    }
                }
            }
        }
    }
    return best;
}

void TableView::pivotSelected(double degrees) {
    const QStringList ids = m_scene->selectedUnitIds();
    if (ids.isEmpty()) {
        return;
    }
    ScenarioDocument& document = m_scene->document();
    const auto units = toStd(ids);
    document.undoStack()->push(new MoveUnitsCommand(document, MoveUnitsCommand::Kind::Pivot,
                                                    MoveUnitsCommand::current(document.battle(), units),
                                                    MoveUnitsCommand::pivoted(document.battle(), units, degrees)));
    emit readout(tr("turned %1°").arg(degrees, 0, 'f', 0));
}

void TableView::wheelEvent(QWheelEvent* event) {
    zoomBy(event->angleDelta().y() > 0 ? 1.15 : 1 / 1.15);
    event->accept();
}

void TableView::keyPressEvent(QKeyEvent* event) {
    const int step = 60;
    switch (event->key()) {
    case Qt::Key_Plus:
    case Qt::Key_Equal:
        zoomBy(1.25);
        return;
    case Qt::Key_Minus:
        zoomBy(1 / 1.25);
        return;
    case Qt::Key_0:
        fitTable();
        return;
    case Qt::Key_Left:
        horizontalScrollBar()->setValue(horizontalScrollBar()->value() - step);
        return;
    case Qt::Key_Right:
        horizontalScrollBar()->setValue(horizontalScrollBar()->value() + step);
        return;
    case Qt::Key_Up:
        verticalScrollBar()->setValue(verticalScrollBar()->value() - step);
        return;
    case Qt::Key_Down:
        verticalScrollBar()->setValue(verticalScrollBar()->value() + step);
        return;
    case Qt::Key_BracketLeft:
        if (!m_layoutEditing) {
            return;
        }
        pivotSelected(event->modifiers() & Qt::ShiftModifier ? -15 : -5);
        return;
    case Qt::Key_BracketRight:
        if (!m_layoutEditing) {
            return;
        }
        pivotSelected(event->modifiers() & Qt::ShiftModifier ? 15 : 5);
        return;
    case Qt::Key_M:
        setMeasuring(!m_measuring);
        return;
    case Qt::Key_Escape:
        if (routing()) {
            cancelRoute();
            return;
        }
        if (picking()) {
            cancelPick();
            return;
        }
        setMeasuring(false);
        m_scene->clearSelection();
        return;
    default:
        QGraphicsView::keyPressEvent(event);
    }
}

void TableView::mousePressEvent(QMouseEvent* event) {
    const QPointF at = mapToScene(event->position().toPoint());
    if (event->button() == Qt::LeftButton && m_measuring) {
        m_drag = Drag::Measure;
        m_dragStart = snapped(at);
        m_tape->setEnds(m_dragStart, m_dragStart);
        m_tape->setVisible(true);
        return;
    }
    if (event->button() == Qt::LeftButton && picking()) {
        m_picking = false;
        viewport()->unsetCursor();
        emit picked(at);
        return;
    }
    if (event->button() == Qt::LeftButton && routing()) {
        m_drag = Drag::Route;
        m_dragStart = event->position();
        m_route.clear();
        extendRoute(at);
        return;
    }
    // The turning handle of the one selected unit, within a few pixels.
    const QStringList selected = m_scene->selectedUnitIds();
    if (event->button() == Qt::LeftButton && selected.size() == 1 && m_layoutEditing) {
        UnitItem* unit = m_scene->unitItem(selected.front());
        const QPointF handle = mapFromScene(unit->pivotHandle());
        if (QLineF(handle, event->position()).length() <= 8) {
            m_drag = Drag::Pivot;
            m_dragUnits = selected;
            m_pivotCentre = unit->centre();
            m_dragStart = at;
            return;
        }
    }
    if (event->button() == Qt::LeftButton && terrainAdjusting()) {
        m_dragTerrain = m_scene->terrainAt(at);
        if (!m_dragTerrain.empty()) {
            m_drag = Drag::Terrain;
            m_dragStart = at;
            QPainterPath outline;
            for (const std::string& id : featureGroup(m_scene->document().battle(), m_dragTerrain)) {
                outline.addPath(terrainPath(m_scene->document().battle(), id));
            }
            m_terrainGhost = new QGraphicsPathItem(outline);
            m_terrainGhost->setPen(QPen(Qt::white, 0, Qt::DashLine));
            m_terrainGhost->setZValue(60);
            m_scene->addItem(m_terrainGhost);
            return;
        }
    }
    QGraphicsItem* hit = nullptr;
    for (QGraphicsItem* item : items(event->position().toPoint())) {
        if (item->type() == UnitItem::Type) {
            hit = item;
            break;
        }
    }
    if (event->button() == Qt::LeftButton && hit != nullptr) {
        if (event->modifiers() & Qt::ControlModifier) {
            hit->setSelected(!hit->isSelected());
        } else if (!hit->isSelected()) {
            m_scene->clearSelection();
            hit->setSelected(true);
        }
        if (m_layoutEditing) {
            m_drag = Drag::Units;
            m_dragStart = at;
            m_dragUnits = m_scene->selectedUnitIds();
        }
        return;
    }
    // Empty table: Shift draws a selection band, otherwise the drag pans.
    m_drag = Drag::Other;
    setDragMode(event->modifiers() & Qt::ShiftModifier ? RubberBandDrag : ScrollHandDrag);
    if (!(event->modifiers() & (Qt::ShiftModifier | Qt::ControlModifier))) {
        m_scene->clearSelection();
    }
    QGraphicsView::mousePressEvent(event);
}

// Degrees turned clockwise since the drag began, about the unit's centre, in (-180, 180].
double TableView::pivotAngle(QPointF at, bool snap) const {
    const double from = bearing(Point(m_pivotCentre.x(), m_pivotCentre.y()), Point(m_dragStart.x(), m_dragStart.y()));
    const double to = bearing(Point(m_pivotCentre.x(), m_pivotCentre.y()), Point(at.x(), at.y()));
    double angle = normaliseDegrees(to - from);
    if (angle > 180) {
        angle -= 360;
    }
    return snap ? std::round(angle / 15) * 15 : std::round(angle);
}

void TableView::mouseMoveEvent(QMouseEvent* event) {
    const QPointF at = mapToScene(event->position().toPoint());
    const Table& table = m_scene->document().battle().table;
    if (m_drag == Drag::Route) {
        extendRoute(at);
        return;
    }
    if (m_drag == Drag::Measure) {
        m_tape->setEnds(m_dragStart, snapped(at));
        emit readout(tr("measured %1").arg(m_tape->label()));
        return;
    }
    if (m_drag == Drag::Pivot) {
        const double angle = pivotAngle(at, event->modifiers() & Qt::ShiftModifier);
        m_scene->unitItem(m_dragUnits.front())->setPreviewRotation(angle);
        emit readout(tr("turned %1°").arg(angle, 0, 'f', 0));
        return;
    }
    if (m_drag == Drag::Terrain) {
        const QPointF offset = at - m_dragStart;
        m_terrainGhost->setPos(offset);
        emit readout(
            tr("moved %1")
                .arg(QString::fromStdString(table.formatDistance(Point(m_dragStart.x(), m_dragStart.y()), Point(at.x(), at.y())))));
        return;
    }
    if (m_drag == Drag::Units) {
        const QPointF offset = at - m_dragStart;
        for (const QString& id : m_dragUnits) {
            m_scene->unitItem(id)->setPreviewOffset(offset);
        }
        emit readout(
            tr("moved %1")
                .arg(QString::fromStdString(table.formatDistance(Point(m_dragStart.x(), m_dragStart.y()), Point(at.x(), at.y())))));
        return;
    }
    QGraphicsView::mouseMoveEvent(event);
}

void TableView::mouseReleaseEvent(QMouseEvent* event) {
    const QPointF at = mapToScene(event->position().toPoint());
    if (m_drag == Drag::Route) {
        m_drag = Drag::None;
        // A click (a few pixels of jitter at most) is not a route: the player may press
        // again and drag. On a grid a click names the box to go to.
        if (QLineF(m_dragStart, event->position()).length() < 4 && !m_scene->document().battle().table.gridded()) {
            m_route.clear();
            drawRoute();
            return;
        }
        extendRoute(at, true);
        const QString unit = m_routeUnit;
        const QVector<QPointF> route = m_route;
        emit routeFinished(unit, route);
        return;
    }
    if (m_drag == Drag::Pivot) {
        const double angle = pivotAngle(at, event->modifiers() & Qt::ShiftModifier);
        m_scene->unitItem(m_dragUnits.front())->setPreviewRotation(0);
        m_drag = Drag::None;
        if (angle != 0) {
            pivotSelected(angle);
        }
        return;
    }
    if (m_drag == Drag::Units) {
        const QPointF offset = at - m_dragStart;
        for (const QString& id : m_dragUnits) {
            m_scene->unitItem(id)->setPreviewOffset(QPointF());
        }
        if (QLineF(QPointF(), offset).length() > 0.01) {
            ScenarioDocument& document = m_scene->document();
            const auto units = toStd(m_dragUnits);
            document.undoStack()->push(new MoveUnitsCommand(document, MoveUnitsCommand::Kind::Move,
                                                            MoveUnitsCommand::current(document.battle(), units),
                                                            MoveUnitsCommand::moved(document.battle(), units, offset.x(), offset.y())));
        }
        m_drag = Drag::None;
        return;
    }
    if (m_drag == Drag::Measure) {
        m_drag = Drag::None;
        return;
    }
    if (m_drag == Drag::Terrain) {
        m_drag = Drag::None;
        delete m_terrainGhost;
        m_terrainGhost = nullptr;
        const QPointF offset = at - m_dragStart;
        if (QLineF(QPointF(), offset).length() > 0.01) {
            moveTerrain(m_dragTerrain, offset.x(), offset.y());
        }
        return;
    }
    QGraphicsView::mouseReleaseEvent(event);
    setDragMode(NoDrag);
    m_drag = Drag::None;
}

void TableView::beginRoute(const QString& unitId) {
    m_routeUnit = unitId;
    m_route.clear();
    if (m_routeItem == nullptr) {
        m_routeItem = new QGraphicsPathItem();
        m_routeItem->setZValue(50);
        m_scene->addItem(m_routeItem);
    }
    m_routeItem->setPath(QPainterPath());
    m_routeItem->setVisible(true);
    viewport()->setCursor(Qt::CrossCursor);
    emit readout(tr("drag the route from the unit; Esc cancels"));
}

void TableView::beginPick(const QString& instruction) {
    cancelRoute();
    m_picking = true;
    viewport()->setCursor(Qt::CrossCursor);
    emit readout(instruction + tr("; Esc cancels"));
}

void TableView::cancelPick() {
    if (!m_picking) {
        return;
    }
    m_picking = false;
    viewport()->unsetCursor();
    emit pickCancelled();
}

void TableView::cancelRoute() {
    const bool was = routing();
    m_routeUnit.clear();
    m_route.clear();
    m_drag = Drag::None;
    if (m_routeItem != nullptr) {
        m_routeItem->setVisible(false);
    }
    viewport()->unsetCursor();
    if (was) {
        emit routeCancelled();
    }
}

void TableView::setRouteFeedback(bool affordable, const QString& text) {
    m_routeAffordable = affordable;
    drawRoute();
    emit readout(text);
}

// The route's legs start at the unit's centre. The last point follows the cursor; a bend
// of more than 20° once the leg is an inch long fixes it and starts a new leg, so a
// dragged curve becomes a few straight legs.
void TableView::extendRoute(QPointF at, bool final) {
    const UnitItem* unit = m_scene->unitItem(m_routeUnit);
    const Table& table = m_scene->document().battle().table;
    if (table.gridded()) {
        // On a grid a move goes box to box: the route snaps to the centre of the box under
        // the cursor, and its last box is where the unit goes.
        const Point centre = table.boxCentre(table.boxAt(Point(at.x(), at.y())));
        at = QPointF(centre.x(), centre.y());
        m_route = {at};
        drawRoute();
        emit routeChanged(m_routeUnit, m_route);
        return;
    }
    if (m_route.isEmpty() || unit == nullptr) {
        m_route = {at};
    } else {
        // A bend is judged where the route has got to: the way the cursor goes from the
        // route's tip against the way the leg runs. Judged against the leg's start, as the
        // tip follows the cursor, each mouse event turns the leg a little and it only
        // swings round, never bending. The cursor must go a quarter inch (and 8 pixels) from
        // the tip before its way is read (a pixel's step says nothing); a release ends there.
        const double inch = m_scene->document().battle().table.fromUnits(1);
        const QPointF legStart = m_route.size() >= 2 ? m_route[m_route.size() - 2] : unit->centre();
        const QLineF leg(legStart, m_route.back());
        const QLineF step(m_route.back(), at);
        // Far enough that a hand's wobble of a pixel or two does not read as a turn.
        const double judged = std::max(inch / 4, 8 / std::max(transform().m11(), 1e-9));
        const double bend = std::abs(leg.angleTo(step));
        if (leg.length() > inch && step.length() >= judged && std::min(bend, 360 - bend) > 20) {
            m_route.push_back(at);
        } else if (leg.length() <= inch || step.length() >= judged || final) {
            m_route.back() = at;
        } else {
            return; // too short a step to tell its way: the tip waits for the cursor
        }
    }
    drawRoute();
    emit routeChanged(m_routeUnit, m_route);
}

void TableView::drawRoute() {
    if (m_routeItem == nullptr) {
        return;
    }
    QPainterPath path;
    if (UnitItem* unit = m_scene->unitItem(m_routeUnit); unit != nullptr && !m_route.isEmpty()) {
        path.moveTo(unit->centre());
        for (const QPointF& point : m_route) {
            path.lineTo(point);
        }
    }
    QPen pen(m_routeAffordable ? QColor(30, 140, 60) : QColor(200, 40, 40), 0);
    pen.setWidthF(3);
    pen.setCosmetic(true);
    pen.setStyle(m_routeAffordable ? Qt::SolidLine : Qt::DashLine);
    m_routeItem->setPen(pen);
    m_routeItem->setPath(path);
}

void TableView::setTerrainAdjusting(bool on) {
    m_terrainAdjusting = on;
    emit readout(on ? tr("adjusting terrain: drag a feature to move it; right-click to enlarge, shrink or remove it") : QString());
}

namespace {

QString featureName(const Battle& battle, const std::string& id) {
    for (const TerrainArea& area : battle.areas) {
        if (area.id == id) {
            return QString::fromStdString(area.name.empty() ? area.id : area.name);
        }
    }
    for (const TerrainLine& line : battle.lines) {
        if (line.id == id) {
            return QString::fromStdString(line.name.empty() ? line.id : line.name);
        }
    }
    return QString::fromStdString(id);
}

} // namespace

void TableView::moveTerrain(const std::string& featureId, double dx, double dy) {
    ScenarioDocument& document = m_scene->document();
    Battle after = document.battle();
    if (const std::string refused = moveFeature(after, featureId, dx, dy); !refused.empty()) {
        emit readout(QString::fromStdString(refused));
        return;
    }
    document.undoStack()->push(new TerrainCommand(document, tr("Move %1").arg(featureName(document.battle(), featureId)),
                                                  TerrainCommand::of(document.battle()), TerrainCommand::of(after)));
}

void TableView::scaleTerrain(const std::string& featureId, double factor) {
    ScenarioDocument& document = m_scene->document();
    Battle after = document.battle();
    if (const std::string refused = scaleFeature(after, featureId, factor); !refused.empty()) {
        emit readout(QString::fromStdString(refused));
        return;
    }
    document.undoStack()->push(
        new TerrainCommand(document, (factor > 1 ? tr("Enlarge %1") : tr("Shrink %1")).arg(featureName(document.battle(), featureId)),
                           TerrainCommand::of(document.battle()), TerrainCommand::of(after)));
}

void TableView::removeTerrain(const std::string& featureId) {
    ScenarioDocument& document = m_scene->document();
    Battle after = document.battle();
    removeFeature(after, featureId);
    document.undoStack()->push(new TerrainCommand(document, tr("Remove %1").arg(featureName(document.battle(), featureId)),
                                                  TerrainCommand::of(document.battle()), TerrainCommand::of(after)));
}

void TableView::contextMenuEvent(QContextMenuEvent* event) {
    if (!terrainAdjusting()) {
        QGraphicsView::contextMenuEvent(event);
        return;
    }
    const std::string featureId = m_scene->terrainAt(mapToScene(event->pos()));
    if (featureId.empty()) {
        return;
    }
    QMenu menu(this);
    const QString name = featureName(m_scene->document().battle(), featureId);
    menu.addSection(name);
    menu.addAction(tr("Enlarge by a tenth"), this, [this, featureId] { scaleTerrain(featureId, 1.1); });
    menu.addAction(tr("Shrink by a tenth"), this, [this, featureId] { scaleTerrain(featureId, 1 / 1.1); });
    menu.addAction(tr("Remove"), this, [this, featureId] { removeTerrain(featureId); });
    menu.exec(event->globalPos());
}

} // namespace sandtable::ui
