#pragma once

#include "unit_overlay_item.h"

#include <QGraphicsView>
#include <QStringList>
#include <functional>
#include <memory>
#include <optional>
#include <string>

class QGraphicsPathItem;

namespace sandtable::ui {

class MeasureItem;
class TableScene;

/// The table seen from above. Wheel or +/- zooms, 0 fits the table; dragging empty
/// table pans (Shift+drag draws a selection band), arrow keys pan; click selects; a
/// selected unit is dragged to move it and turned with [ and ] (Shift: 15° a press) or
/// by dragging its round handle (Shift snaps to 15°);
/// M toggles the measuring tape, which snaps to the corners and edges of bases. In
/// terrain adjusting (T, laying out only) a terrain feature is dragged to move it, and
/// its context menu enlarges, shrinks or removes it; each is one undo step.
class TableView : public QGraphicsView {
    Q_OBJECT
public:
    explicit TableView(TableScene* scene, QWidget* parent = nullptr);
    ~TableView() override;

    TableScene* tableScene() const { return m_scene; }
    void zoomBy(double factor);
    void fitTable();
    /// The zoom a battle opens at: the whole table, where the units' names then read (a
    /// line at least kReadablePixels high); on a table too large for that, the zoom at
    /// which they read, centred on the armies. Kept as the window settles, until the
    /// player zooms.
    void fitReadable();
    /// A name's line height, in screen pixels, at which a player reads it without zooming.
    static constexpr double kReadablePixels = 12.0;
    void setMeasuring(bool on);
    bool measuring() const { return m_measuring; }
    /// The tape's length in millimetres (0 when nothing is measured).
    double measuredLength() const;
    /// Turns the selected units clockwise about their own centres.
    void pivotSelected(double degrees);

    /// Arcs, range bands and a movement ring around the one selected unit.
    void setOverlaySettings(const OverlaySettings& settings);
    /// Where a selected unit's overlays come from in play: the ruleset's own arc, ranges
    /// and move. Where the source gives none (or none is set), the settings above are drawn.
    void setOverlaySource(std::function<std::optional<OverlaySettings>(const std::string& unitId)> source);
    const OverlaySettings& overlaySettings() const { return m_overlaySettings; }
    const UnitOverlayItem* overlay() const { return m_overlay; }

    /// The nearest base corner, or point on a base's edge, within a few pixels of `at`.
    QPointF snapped(QPointF at) const;

    /// In play the rules move units: dragging and turning them by hand is for laying out.
    void setLayoutEditing(bool on) { m_layoutEditing = on; }
    bool layoutEditing() const { return m_layoutEditing; }

    /// Terrain adjusting: drags and the context menu move, scale and remove terrain.
    void setTerrainAdjusting(bool on);
    bool terrainAdjusting() const { return m_terrainAdjusting && m_layoutEditing; }
    /// Moves, scales (factor 1.1: a tenth larger) or removes a feature, as one undo step.
    void moveTerrain(const std::string& featureId, double dx, double dy);
    void scaleTerrain(const std::string& featureId, double factor);
    void removeTerrain(const std::string& featureId);

    /// Route mode: the player drags the path a unit's centre will take (a bend of more
    /// than 20° after an inch starts a new leg); the route is drawn in green while
    /// setRouteFeedback() says the unit can pay for it, red while it cannot. Esc cancels.
    void beginRoute(const QString& unitId);
    void cancelRoute();
    bool routing() const { return !m_routeUnit.isEmpty(); }
    void setRouteFeedback(bool affordable, const QString& text);

    /// Pick mode: the next left click on the table is a point an order or an answer asks
    /// for (where to go, a box, where a figure stands); `instruction` goes to the status
    /// bar. Esc cancels.
    void beginPick(const QString& instruction);
    void cancelPick();
    bool picking() const { return m_picking; }

signals:
    /// What a drag or a turn is doing, for the status bar: "moved 3.2\"", "turned 15°".
    void readout(const QString& text);
    void measuringChanged(bool on);
    /// The route so far (points after the unit's centre, in table millimetres).
    void routeChanged(const QString& unitId, const QVector<QPointF>& points);
    /// The player let go: move along this route.
    void routeFinished(const QString& unitId, const QVector<QPointF>& points);
    void routeCancelled();
    /// The point clicked in pick mode, in table millimetres; pick mode has ended.
    void picked(const QPointF& at);
    void pickCancelled();

protected:
    void wheelEvent(QWheelEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;
    void contextMenuEvent(QContextMenuEvent* event) override;

private:
    enum class Drag { None, Units, Pivot, Measure, Route, Terrain, Other };
    /// The route follows the cursor to `at`, bending into a new leg where it turns more
    /// than 20°; `final`: the mouse was let go there.
    void extendRoute(QPointF at, bool final = false);
    void drawRoute();
    double pivotAngle(QPointF at, bool snap) const;

    TableScene* m_scene;
    bool m_layoutEditing = true;
    bool m_terrainAdjusting = false;
    std::string m_dragTerrain;
    QGraphicsPathItem* m_terrainGhost = nullptr; // the feature's outline following a drag
    enum class Fit { None, Table, Readable };
    Fit m_fit = Fit::None;  // kept as the view resizes, until the player zooms (or pans a readable view)
    bool m_fitting = false; // the view is fitting itself: its scroll bars move on their own
    QString m_routeUnit;
    QVector<QPointF> m_route;
    QGraphicsPathItem* m_routeItem = nullptr;
    bool m_routeAffordable = true;
    bool m_picking = false;
    Drag m_drag = Drag::None;
    QPointF m_dragStart;
    QStringList m_dragUnits;
    QPointF m_pivotCentre;
    bool m_measuring = false;
    MeasureItem* m_tape = nullptr;
    OverlaySettings m_overlaySettings;
    std::function<std::optional<OverlaySettings>(const std::string& unitId)> m_overlaySource;
    UnitOverlayItem* m_overlay = nullptr;

    void refreshOverlay();
};

} // namespace sandtable::ui
