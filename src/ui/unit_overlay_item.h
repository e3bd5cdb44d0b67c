#pragma once

#include "sandtable/battle.h"
#include "sandtable/ruleset.h"

#include <QGraphicsItem>
#include <QPainterPath>
#include <optional>
#include <vector>

namespace sandtable::ui {

/// What to draw around the selected unit: its fire arc, range bands clipped to that
/// arc, and a movement ring. Distances are millimetres; zero or empty means "not shown".
struct OverlaySettings {
    double arcDegrees = 90;         // front ±45° by default; 360 for skirmishers
    std::vector<double> rangeBands; // outer edge of each band, nearest first
    double movementRadius = 0;
    bool showArc = true;
    /// Boxes of a gridded table to shade, in millimetres: those the unit may move to, and
    /// those in each range band, nearest first.
    std::vector<QRectF> reachBoxes;
    std::vector<std::vector<QRectF>> rangeBoxes;
};

/// The ruleset's overlay (Ruleset::overlay) as the view draws it, its boxes placed on
/// `table`; none when the rules have nothing to draw, so that the player's own settings
/// show instead.
std::optional<OverlaySettings> overlaySettingsFrom(const UnitOverlay& overlay, const Table& table);

/// The overlays of one unit, drawn from the front edge of each of its bases.
class UnitOverlayItem : public QGraphicsItem {
public:
    UnitOverlayItem();
    void show(const Unit& unit, const OverlaySettings& settings);

    /// The ground within the outermost range band and inside the arc (or its boxes).
    const QPainterPath& rangeArea() const { return m_rangeArea; }
    /// The ground within the movement radius of any base (or the boxes it may move to).
    const QPainterPath& movementArea() const { return m_movementArea; }

    QRectF boundingRect() const override;
    void paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget* widget) override;

private:
    QPainterPath sector(const Element& element, double radius) const;

    OverlaySettings m_settings;
    std::vector<QPainterPath> m_bands; // the ground out to each band's edge, nearest first
    QPainterPath m_rangeArea;
    QPainterPath m_movementArea;
    QPainterPath m_arcLines;
    QRectF m_bounds;
};

} // namespace sandtable::ui
