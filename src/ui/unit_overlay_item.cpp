#include "unit_overlay_item.h"

#include <QPainter>
#include <QPainterPathStroker>
#include <cmath>

namespace sandtable::ui {

namespace {

QPointF qt(const Point& p) { return QPointF(p.x(), p.y()); }

// The boxes as one area: a box shares its edges with its neighbours, so the union is exact.
QPainterPath boxesArea(const std::vector<QRectF>& boxes) {
    QPainterPath area;
    for (const QRectF& box : boxes) {
        area.addRect(box);
    }
    return area.simplified();
}

QPolygonF footprintOf(const Element& element) {
    QPolygonF polygon;
    for (const Point& corner : rectangleCorners(element.centre, element.width, element.depth, element.facing)) {
        polygon << qt(corner);
    }
    polygon << polygon.front();
    return polygon;
}

} // namespace

UnitOverlayItem::UnitOverlayItem() {
    setZValue(5); // over the terrain, under the units
    setVisible(false);
}

// The ground within `radius` of the front edge and inside the arc: the arc's wedge from
// the middle of the front edge, widened by the edge itself so the whole front can fire.
QPainterPath UnitOverlayItem::sector(const Element& element, double radius) const {
    const Segment edge = element.frontEdge();
    const QPointF left = qt(edge.first);
    const QPointF right = qt(edge.second);
    QPainterPath path;
    if (m_settings.arcDegrees >= 360) {
        path.addEllipse(qt(element.centre), radius + element.depth / 2, radius + element.depth / 2);
        return path;
    }
    const double half = m_settings.arcDegrees / 2;
    // Qt's arc angles run anticlockwise from 3 o'clock; a facing runs clockwise from 12.
    const double start = 90 - element.facing - half;
    const auto arcFrom = [&](QPointF centre, double from, double sweep) {
        path.arcTo(QRectF(centre.x() - radius, centre.y() - radius, 2 * radius, 2 * radius), from, sweep);
    };
    path.moveTo(right);
    arcFrom(right, start, half);
    arcFrom(left, start + half, half);
    path.lineTo(left);
    path.closeSubpath();
    return path;
}

void UnitOverlayItem::show(const Unit& unit, const OverlaySettings& settings) {
    prepareGeometryChange();
    m_settings = settings;
    m_bands.clear();
    m_rangeArea = QPainterPath();
    m_movementArea = QPainterPath();
    m_arcLines = QPainterPath();
    // Each band is its whole sector from the front edge out; painted outermost first,
    // the nearer bands build up stronger. (Subtracting one from the next would need path
    // booleans on shapes sharing the front edge, which Qt does not do reliably.)
    for (const double radius : settings.rangeBands) {
        QPainterPath area;
        for (const Element& element : unit.elements) {
            area = area.united(sector(element, radius));
        }
        m_bands.push_back(area);
    }
    // Range in boxes: each band's boxes with the nearer bands', as the sectors build up.
    QPainterPath nearer;
    for (const std::vector<QRectF>& band : settings.rangeBoxes) {
        nearer = nearer.united(boxesArea(band));
        m_bands.push_back(nearer);
    }
    m_rangeArea = m_bands.empty() ? QPainterPath() : m_bands.back();
    if (settings.showArc && settings.arcDegrees < 360 && !unit.elements.empty()) {
        // The arc's edges from the unit's two outer front corners.
        const double facing = unit.elements.front().facing;
        const Point right = facingVector(facing + 90);
        const auto across = [&](const Point& p) { return p.x() * right.x() + p.y() * right.y(); };
        Point leftmost = unit.elements.front().frontEdge().first;
        Point rightmost = unit.elements.front().frontEdge().second;
        for (const Element& element : unit.elements) {
            const Segment edge = element.frontEdge();
            for (const Point& corner : {edge.first, edge.second}) {
                if (across(corner) < across(leftmost)) {
                    leftmost = corner;
                }
                if (across(corner) > across(rightmost)) {
                    rightmost = corner;
                }
            }
        }
        const double reach = settings.rangeBands.empty() ? 300 : settings.rangeBands.back();
        const Point leftRay = facingVector(facing - settings.arcDegrees / 2);
        const Point rightRay = facingVector(facing + settings.arcDegrees / 2);
        m_arcLines.moveTo(qt(leftmost));
        m_arcLines.lineTo(qt(leftmost) + reach * QPointF(leftRay.x(), leftRay.y()));
        m_arcLines.moveTo(qt(rightmost));
        m_arcLines.lineTo(qt(rightmost) + reach * QPointF(rightRay.x(), rightRay.y()));
    }
    if (settings.movementRadius > 0) {
        // Everything within the radius of a base: each footprint widened by the radius.
        QPainterPathStroker stroker;
        stroker.setWidth(2 * settings.movementRadius);
        stroker.setJoinStyle(Qt::RoundJoin);
        stroker.setCapStyle(Qt::RoundCap);
        for (const Element& element : unit.elements) {
            QPainterPath base;
            base.addPolygon(footprintOf(element));
            m_movementArea = m_movementArea.united(stroker.createStroke(base).united(base));
        }
    }
    if (!settings.reachBoxes.empty()) {
        m_movementArea = m_movementArea.united(boxesArea(settings.reachBoxes));
    }
    m_bounds = m_rangeArea.boundingRect().united(m_movementArea.boundingRect()).united(m_arcLines.boundingRect()).adjusted(-4, -4, 4, 4);
    setVisible(!m_bands.empty() || !m_movementArea.isEmpty() || !m_arcLines.isEmpty());
    update();
}

QRectF UnitOverlayItem::boundingRect() const { return m_bounds; }

void UnitOverlayItem::paint(QPainter* painter, const QStyleOptionGraphicsItem*, QWidget*) {
    painter->setRenderHint(QPainter::Antialiasing);
    for (auto band = m_bands.rbegin(); band != m_bands.rend(); ++band) {
        painter->setPen(QPen(QColor(0xff, 0x8c, 0x00, 220), 1.2, Qt::DashLine));
        painter->setBrush(QColor(0xff, 0xa5, 0x00, 55));
        painter->drawPath(*band);
    }
    if (!m_arcLines.isEmpty()) {
        painter->setPen(QPen(QColor(0xff, 0xff, 0xff, 200), 1.2, Qt::DashDotLine));
        painter->setBrush(Qt::NoBrush);
        painter->drawPath(m_arcLines);
    }
    if (!m_movementArea.isEmpty()) {
        painter->setPen(QPen(QColor(0x40, 0xc0, 0xff), 2));
        painter->setBrush(QColor(0x40, 0xc0, 0xff, 40));
        painter->drawPath(m_movementArea);
    }
}

std::optional<OverlaySettings> overlaySettingsFrom(const UnitOverlay& overlay, const Table& table) {
    if (!overlay.arcDegrees && overlay.bands.empty() && !overlay.move && overlay.boxSets.empty()) {
        return std::nullopt;
    }
    OverlaySettings settings;
    settings.showArc = overlay.arcDegrees.has_value();
    settings.arcDegrees = overlay.arcDegrees.value_or(90);
    for (const UnitOverlay::Band& band : overlay.bands) {
        settings.rangeBands.push_back(band.outerEdge);
    }
    settings.movementRadius = overlay.move.value_or(0);
    for (const UnitOverlay::BoxSet& set : overlay.boxSets) {
        std::vector<QRectF> boxes;
        for (const Box& box : set.boxes) {
            const Point centre = table.boxCentre(box);
            boxes.emplace_back(centre.x() - table.boxSize / 2, centre.y() - table.boxSize / 2, table.boxSize, table.boxSize);
        }
        if (set.kind == UnitOverlay::BoxSetKind::Reach) {
            settings.reachBoxes.insert(settings.reachBoxes.end(), boxes.begin(), boxes.end());
        } else {
            settings.rangeBoxes.push_back(std::move(boxes));
        }
    }
    return settings;
}

} // namespace sandtable::ui
