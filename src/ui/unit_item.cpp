#include "unit_item.h"

#include "flag_painter.h"
#include "miniature_layout.h"

#include <QFontMetricsF>
#include <QPainter>
#include <QPainterPath>
#include <QStyleOptionGraphicsItem>
#include <algorithm>
#include <cmath>

namespace sandtable::ui {

namespace {

QPolygonF polygonOf(const Element& element) {
    QPolygonF polygon;
    for (const Point& corner : rectangleCorners(element.centre, element.width, element.depth, element.facing)) {
        polygon << QPointF(corner.x(), corner.y());
    }
    return polygon;
}

// A figure beside the bases on its round base, about 12mm across.
constexpr double kFigureRadius = 6;

/// The font of a unit's name, in table millimetres (it grows and shrinks with the zoom).
QFont labelFont() {
    QFont font;
    font.setPointSizeF(8);
    return font;
}

QString tooltipFor(const Unit& unit, const std::vector<UnitFigure>& figures) {
    QString text = QStringLiteral("<b>%1</b> (%2)<br>%3, %4 base%5")
                       .arg(QString::fromStdString(unit.name).toHtmlEscaped(), QString::fromStdString(unit.id).toHtmlEscaped(),
                            QString::fromStdString(toString(unit.arm)))
                       .arg(unit.elements.size())
                       .arg(unit.elements.size() == 1 ? "" : "s");
    for (const auto& [label, value] : {std::pair{"type", unit.type}, std::pair{"quality", unit.quality},
                                       std::pair{"formation", unit.formation}, std::pair{"brigade", unit.brigade}}) {
        if (!value.empty()) {
            text += QStringLiteral("<br>%1: %2").arg(label, QString::fromStdString(value).toHtmlEscaped());
        }
    }
    for (const auto& [key, value] : unit.stats.items()) {
        text += QStringLiteral("<br>%1: %2").arg(QString::fromStdString(key), QString::fromStdString(value.dump()));
    }
    if (!unit.markers.empty()) {
        QStringList markers;
        for (const std::string& marker : unit.markers) {
            markers << QString::fromStdString(marker);
        }
        text += QStringLiteral("<br>markers: %1").arg(markers.join(", "));
    }
    // Elements that are someone (a role, a rank, a weapon of their own, a wound, a posture).
    for (const Element& element : unit.elements) {
        QStringList parts;
        for (const std::string& part : identityOf(element)) {
            parts << QString::fromStdString(part).toHtmlEscaped();
        }
        if (!parts.isEmpty()) {
            text += QStringLiteral("<br>%1: %2").arg(QString::fromStdString(element.id).toHtmlEscaped(), parts.join(", "));
        }
    }
    for (const UnitFigure& figure : figures) {
        text += QStringLiteral("<br>%1: %2")
                    .arg(QString::fromStdString(figure.role).toHtmlEscaped(), QString::fromStdString(figure.shows).toHtmlEscaped());
    }
    return text;
}

} // namespace

double UnitItem::labelLineHeight() { return QFontMetricsF(labelFont()).height(); }

UnitItem::UnitItem(const Unit& unit, QColor sideColour) : m_id(QString::fromStdString(unit.id)), m_colour(sideColour) {
    setFlag(ItemIsSelectable);
    setAcceptHoverEvents(true);
    setZValue(10);
    // Drawn once into an image at the view's scale and copied on each repaint: a full
    // repaint of a crowded table is then a copy per unit, not every base, badge and label
    // painted again. The image is drawn afresh when the unit changes or the zoom does.
    setCacheMode(DeviceCoordinateCache);
    sync(unit);
}

std::vector<ShownCounter> shownCounters(const Ruleset& ruleset, const Unit& unit) {
    std::vector<ShownCounter> shown;
    for (const UnitSetting& setting : ruleset.unitSettings()) {
        if (const auto found = unit.counters.find(setting.id); setting.counter && found != unit.counters.end()) {
            shown.push_back({QString::fromStdString(setting.name), static_cast<int>(std::lround(found->second))});
        }
    }
    return shown;
}

void UnitItem::sync(const Unit& unit, std::vector<UnitFigure> figures, std::vector<ShownCounter> counters, FormationShape formation) {
    prepareGeometryChange();
    m_unit = unit;
    m_colourParty = colourParty(); // once per change, not for every base at every paint
    m_figures = std::move(figures);
    m_counters = std::move(counters);
    m_formation = formation;
    m_shape = QPainterPath();
    m_shape.setFillRule(Qt::WindingFill);
    for (const Element& element : m_unit.elements) {
        m_shape.addPolygon(polygonOf(element));
        m_shape.closeSubpath();
    }
    // Room for the name below, the marker badges above, lost bases and the turning handle.
    const double lostRoom = m_unit.basesLost() > 0 && !m_unit.elements.empty()
                                ? 2.2 * m_unit.elements.back().depth + m_unit.basesLost() * m_unit.elements.back().width
                                : 0;
    m_baseBounds = m_shape.boundingRect().adjusted(-40 - lostRoom, -30 - lostRoom, 40 + lostRoom, 30 + lostRoom);
    m_baseBounds |= QRectF(pivotHandle() - QPointF(8, 8), QSizeF(16, 16));
    m_box = m_shape.boundingRect();
    for (const UnitFigure& figure : m_figures) {
        const QPointF at(figure.at.x(), figure.at.y());
        m_baseBounds |= QRectF(at - QPointF(kFigureRadius + 2, kFigureRadius + 2), QSizeF(2 * kFigureRadius + 4, 2 * kFigureRadius + 4));
        m_box |= QRectF(at.x() - kFigureRadius, at.y() - kFigureRadius, 2 * kFigureRadius, 2 * kFigureRadius);
    }
    // The marker badges along the top, however many, and the counters beside the unit.
    m_baseBounds |= QRectF(m_box.left() - 2, m_box.top() - 18, 15.0 * static_cast<double>(m_unit.markers.size()) + 4, 18);
    for (std::size_t i = 0; i < m_counters.size(); ++i) {
        m_baseBounds |= counterRect(i).adjusted(-1, -1, 1, 1);
    }
    setPos(0, 0);
    setRotation(0);
    // Losses read in the label: "Grenadiers (3/5)". Laid out now in the font it is drawn
    // in, so that its size is known to the bounds and to the scene's label layout.
    m_label = QStaticText(
        m_unit.basesLost() > 0
            ? QStringLiteral("%1 (%2/%3)").arg(QString::fromStdString(m_unit.name)).arg(m_unit.elements.size()).arg(m_unit.startingBases)
            : QString::fromStdString(m_unit.name));
    m_label.setPerformanceHint(QStaticText::AggressiveCaching);
    m_label.prepare(QTransform(), labelFont());
    const QSizeF labelSize = m_label.size();
    m_labelHome = QRectF(QPointF(m_box.center().x() - labelSize.width() / 2, m_box.bottom() + 3), labelSize);
    m_bounds = m_baseBounds | m_labelHome.translated(0, m_labelShift).adjusted(-1, -1, 1, 1);
    QString tip = tooltipFor(m_unit, m_figures);
    for (const ShownCounter& counter : m_counters) {
        tip += QStringLiteral("<br>%1: %2").arg(counter.name.toHtmlEscaped()).arg(counter.value);
    }
    setToolTip(tip);
    // A unit with no bases left is off the table.
    setVisible(!m_unit.elements.empty());
    update();
}

void UnitItem::setLabelShift(double dy) {
    if (dy == m_labelShift) {
        return;
    }
    prepareGeometryChange();
    m_labelShift = dy;
    m_bounds = m_baseBounds | m_labelHome.translated(0, m_labelShift).adjusted(-1, -1, 1, 1);
    update();
}

void UnitItem::setPreviewOffset(QPointF offset) { setPos(offset); }

void UnitItem::setPreviewRotation(double degrees) {
    setTransformOriginPoint(centre());
    setRotation(degrees);
}

QPointF UnitItem::centre() const {
    const Point c = m_unit.centre();
    return QPointF(c.x(), c.y());
}

QPointF UnitItem::pivotHandle() const {
    if (m_unit.elements.empty()) {
        return centre();
    }
    // The front corner furthest to the unit's right, then a little ahead of it.
    const double facing = m_unit.elements.front().facing;
    const Point right = facingVector(facing + 90);
    const Point ahead = facingVector(facing);
    Point best = m_unit.elements.front().frontEdge().second;
    for (const Element& element : m_unit.elements) {
        const Point corner = element.frontEdge().second;
        if (corner.x() * right.x() + corner.y() * right.y() > best.x() * right.x() + best.y() * right.y()) {
            best = corner;
        }
    }
    return QPointF(best.x() + 10 * ahead.x() + 4 * right.x(), best.y() + 10 * ahead.y() + 4 * right.y());
}

const Element* UnitItem::colourParty() const {
    // The command stand where the rules name one, else the middle base of a unit of
    // bases; never a single man's stand (a skirmish figure carries no colours).
    for (const Element& element : m_unit.elements) {
        if (element.role.find("command") != std::string::npos && element.figures.size() > 1) {
            return &element;
        }
    }
    const Element* middle = m_unit.elements.empty() ? nullptr : &m_unit.elements[m_unit.elements.size() / 2];
    return middle != nullptr && middle->role.empty() ? middle : nullptr;
}

void UnitItem::setSideFlag(std::vector<FlagLayer> flag) {
    if (flag != m_flag) {
        m_flag = std::move(flag);
        update();
    }
}

QRectF UnitItem::boundingRect() const { return m_bounds; }
QPainterPath UnitItem::shape() const { return m_shape; }

void UnitItem::paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget*) {
    painter->setRenderHint(QPainter::Antialiasing);
    // Pixels per table millimetre: details too small to read are not drawn.
    const double pixelsPerMillimetre = QStyleOptionGraphicsItem::levelOfDetailFromTransform(painter->worldTransform());
    paintLostBases(painter);
    paintFigures(painter);
    for (const Element& element : m_unit.elements) {
        paintElement(painter, element);
        // The symbol's frame is 0.7 of the base's width: below 12 pixels it is a smudge. From
        // 5 pixels a figure, the base carries its miniatures instead.
        if (0.7 * element.width * pixelsPerMillimetre >= 12) {
            paintSymbol(painter, element, element.width * pixelsPerMillimetre / miniaturesAcross(element) >= 5);
        }
    }
    // The bases and the figures beside them: the selection frame and the name go round both.
    const QRectF box = m_box;
    if (option->state & QStyle::State_Selected) {
        painter->setPen(QPen(QColor(0xff, 0xd7, 0x00), 2.5, Qt::DashLine));
        painter->setBrush(Qt::NoBrush);
        painter->drawRect(box.adjusted(-4, -4, 4, 4));
        // The turning handle.
        painter->setPen(QPen(Qt::black, 1));
        painter->setBrush(QColor(0xff, 0xd7, 0x00));
        painter->drawEllipse(pivotHandle(), 4.5, 4.5);
    }
    if (pixelsPerMillimetre < 0.4) {
        return; // names and badges would be under four pixels high
    }
    painter->setFont(labelFont());
    painter->setPen(QColor(0x10, 0x10, 0x10));
    if (m_labelShift != 0) {
        // Moved off its place to keep clear of a neighbour's: a thin tie back to the unit.
        painter->save();
        painter->setPen(QPen(QColor(0x10, 0x10, 0x10, 110), 0.6));
        const QPointF labelTop = m_labelHome.translated(0, m_labelShift).center();
        painter->drawLine(
            QPointF(box.center().x(), m_labelShift > 0 ? box.bottom() : box.top()),
            QPointF(labelTop.x(), m_labelShift > 0 ? labelTop.y() - m_labelHome.height() / 2 : labelTop.y() + m_labelHome.height() / 2));
        painter->restore();
    }
    painter->drawStaticText(m_labelHome.topLeft() + QPointF(0, m_labelShift), m_label);
    // Markers as small lettered badges along the top.
    double x = box.left();
    for (const std::string& marker : m_unit.markers) {
        const QRectF badge(x, box.top() - 16, 13, 13);
        painter->setPen(QPen(Qt::black, 0.8));
        painter->setBrush(QColor(0xff, 0xf2, 0xa8));
        painter->drawEllipse(badge);
        painter->drawText(badge, Qt::AlignCenter, QString::fromStdString(marker.substr(0, 1)).toUpper());
        x += 15;
    }
    paintCounters(painter);
}

QRectF UnitItem::counterRect(std::size_t index) const {
    return QRectF(m_box.right() + 3, m_box.top() + 13.0 * static_cast<double>(index), 11, 11);
}

void UnitItem::paintCounters(QPainter* painter) const {
    if (m_counters.empty()) {
        return;
    }
    QFont font = painter->font();
    font.setPixelSize(8);
    font.setBold(true);
    painter->setFont(font);
    painter->setPen(QPen(QColor(0x20, 0x20, 0x20), 0.8));
    painter->setBrush(QColor(0xfa, 0xfa, 0xf2));
    for (std::size_t i = 0; i < m_counters.size(); ++i) {
        const QRectF die = counterRect(i);
        painter->drawRoundedRect(die, 2, 2);
        painter->drawText(die, Qt::AlignCenter, QString::number(m_counters[i].value));
    }
}

// Lost bases as empty dashed outlines behind the unit's rear, so a thinned unit shows
// what it has lost at a glance.
void UnitItem::paintLostBases(QPainter* painter) const {
    if (m_unit.basesLost() == 0 || m_unit.elements.empty()) {
        return;
    }
    const Element& last = m_unit.elements.back();
    const Point back = facingVector(last.facing + 180);
    const Point right = facingVector(last.facing + 90);
    painter->setPen(QPen(m_colour.darker(130), 1, Qt::DashLine));
    painter->setBrush(Qt::NoBrush);
    for (int i = 0; i < m_unit.basesLost(); ++i) {
        const double across = (i - (m_unit.basesLost() - 1) / 2.0) * last.width;
        const Point centre(m_unit.centre().x() + back.x() * last.depth * 1.6 + right.x() * across,
                           m_unit.centre().y() + back.y() * last.depth * 1.6 + right.y() * across);
        Element ghost = last;
        ghost.centre = centre;
        painter->drawPolygon(polygonOf(ghost));
    }
}

// Each figure as seen from above on its round base: the side's colour, a dark rim and a
// light head, so it reads as a figure and not as a marker.
void UnitItem::paintFigures(QPainter* painter) const {
    for (const UnitFigure& figure : m_figures) {
        const QPointF at(figure.at.x(), figure.at.y());
        painter->setPen(QPen(m_colour.darker(170), 1));
        painter->setBrush(m_colour.lighter(115));
        painter->drawEllipse(at, kFigureRadius, kFigureRadius);
        painter->setPen(Qt::NoPen);
        painter->setBrush(QColor(0xf5, 0xf5, 0xf5));
        painter->drawEllipse(at, kFigureRadius * 0.4, kFigureRadius * 0.4);
    }
}

void UnitItem::paintElement(QPainter* painter, const Element& element) const {
    const QPolygonF polygon = polygonOf(element);
    painter->setPen(QPen(m_colour.darker(170), 1));
    painter->setBrush(m_colour);
    painter->drawPolygon(polygon);
    // The front edge, thick and light, so facing reads at any zoom.
    painter->setPen(QPen(QColor(0xf5, 0xf5, 0xf5), 2.5, Qt::SolidLine, Qt::FlatCap));
    painter->drawLine(polygon[0], polygon[1]);
}

int UnitItem::miniaturesAcross(const Element& element) const {
    if (!element.role.empty()) {
        return 1; // a single figure with its role: one man (or one gun)
    }
    if (!element.figures.empty()) {
        return static_cast<int>((element.figures.size() + 1) / (element.depth >= 0.8 * element.width ? 2 : 1));
    }
    switch (m_unit.arm) {
    case Arm::Foot:
        return std::clamp(static_cast<int>(std::lround(element.width / 10)), 1, 8);
    case Arm::Horse:
        return std::clamp(static_cast<int>(std::lround(element.width / 16)), 1, 5);
    case Arm::Guns:
    case Arm::Leader:
        return 2;
    }
    return 1;
}

// The base's miniatures seen from above, facing its front edge, in its ranks: foot as a
// shako and shoulders with the musket forward, horse as horse and rider, a gun as its
// barrel and wheels with crew behind, a leader mounted beside his flag. Where the rules
// count figures, one each: the wounded marked red, the fallen as grey crosses.
void UnitItem::paintMiniatures(QPainter* painter, const Element& element) const {
    const QColor coat = m_colour.darker(135);
    const QColor face(0xe8, 0xc3, 0x9e);
    const QColor horse(0x7a, 0x52, 0x30);
    const QColor metal(0x3a, 0x3a, 0x3a);
    const double w = element.width;
    const double d = element.depth;
    const auto footFigure = [&](QPointF at, double size, Health health) {
        if (!standing(health)) {
            painter->setPen(QPen(QColor(0x60, 0x60, 0x60), size / 4));
            painter->drawLine(at + QPointF(-size / 2, -size / 2), at + QPointF(size / 2, size / 2));
            painter->drawLine(at + QPointF(-size / 2, size / 2), at + QPointF(size / 2, -size / 2));
            return;
        }
        painter->setPen(QPen(metal, size / 8));
        painter->drawLine(at + QPointF(size * 0.3, 0), at + QPointF(size * 0.3, -size * 0.75)); // the musket, forward
        painter->setPen(QPen(coat.darker(150), size / 12));
        painter->setBrush(health == Health::Fit ? coat : QColor(0xc0, 0x30, 0x30));
        painter->drawEllipse(at, size * 0.45, size * 0.28); // shoulders
        painter->setBrush(face);
        painter->drawEllipse(at, size * 0.18, size * 0.18); // the head, seen from above
    };
    const auto mounted = [&](QPointF at, double size) {
        painter->setPen(QPen(horse.darker(140), size / 14));
        painter->setBrush(horse);
        painter->drawEllipse(at, size * 0.2, size * 0.5);                             // the horse's body
        painter->drawEllipse(at + QPointF(0, -size * 0.55), size * 0.1, size * 0.16); // its head, forward
        painter->setBrush(coat);
        painter->drawEllipse(at + QPointF(0, size * 0.05), size * 0.24, size * 0.14); // the rider
        painter->setBrush(face);
        painter->drawEllipse(at + QPointF(0, size * 0.05), size * 0.08, size * 0.08);
    };
    painter->save();
    painter->setClipRect(QRectF(-w / 2, -d / 2, w, d));
    switch (m_unit.arm) {
    case Arm::Foot: {
        const int across = miniaturesAcross(element);
        const int ranks = !element.role.empty()     ? 1
                          : element.figures.empty() ? (d >= 15 ? 2 : 1)
                                                    : std::max(1, static_cast<int>((element.figures.size() + across - 1) / across));
        const int count = element.figures.empty() ? across * ranks : static_cast<int>(element.figures.size());
        const MiniatureSpots spots = miniatureSpots(w, d, across, ranks, count, m_formation);
        for (std::size_t i = 0; i < spots.at.size(); ++i) {
            footFigure(spots.at[i], spots.size, element.figures.empty() ? element.health : element.figures[i]);
        }
        if (&element == m_colourParty) {
            const double high = std::min(d * 0.45, w * 0.3);
            painter->setPen(QPen(metal, std::max(0.3, high / 10)));
            painter->drawLine(QPointF(0, d * 0.2), QPointF(0, -high * 0.9));
            paintFlag(*painter, QRectF(0, -high * 0.9, high * 1.5, high), m_flag, m_colour.lighter(130));
        }
        break;
    }
    case Arm::Horse: {
        const int across = miniaturesAcross(element);
        if (m_formation == FormationShape::Line) {
            const double size = std::min(w / across * 1.6, d * 0.85);
            for (int file = 0; file < across; ++file) {
                mounted(QPointF(-w / 2 + w * (file + 0.5) / across, 0), size);
            }
            break;
        }
        const MiniatureSpots spots = miniatureSpots(w, d, across, 1, across, m_formation);
        for (const QPointF& at : spots.at) {
            mounted(at, spots.size * 1.1);
        }
        break;
    }
    case Arm::Guns: {
        if (m_formation == FormationShape::Limbered) {
            // Limbered to move: the limber and its team's pole ahead, the gun trailing.
            painter->setPen(QPen(metal.darker(130), 0.6));
            painter->setBrush(QColor(0x8a, 0x63, 0x3b));
            painter->drawRect(QRectF(-w * 0.2, -d * 0.45, w * 0.4, d * 0.22)); // the limber
            painter->setPen(QPen(metal, 0.8));
            painter->drawLine(QPointF(0, -d * 0.23), QPointF(0, -d * 0.05)); // the trail hooked on
            painter->translate(0, d * 0.1);
            painter->rotate(180); // the gun's barrel to the rear
        }
        painter->setPen(QPen(metal.darker(130), 0.6));
        painter->setBrush(metal);
        painter->drawRoundedRect(QRectF(-w * 0.06, -d * 0.45, w * 0.12, d * 0.55), 1, 1); // the barrel, forward
        painter->setBrush(QColor(0x8a, 0x63, 0x3b));
        painter->drawRect(QRectF(-w * 0.2, -d * 0.02, w * 0.07, d * 0.28)); // the wheels
        painter->drawRect(QRectF(w * 0.13, -d * 0.02, w * 0.07, d * 0.28));
        const double size = std::min(w / 5, d / 3);
        footFigure(QPointF(-w * 0.3, d * 0.33), size, Health::Fit);
        footFigure(QPointF(w * 0.3, d * 0.33), size, Health::Fit);
        break;
    }
    case Arm::Leader: {
        mounted(QPointF(-w * 0.12, d * 0.05), std::min(w * 0.8, d * 0.8));
        painter->setPen(QPen(metal, 0.8));
        painter->drawLine(QPointF(w * 0.25, d * 0.35), QPointF(w * 0.25, -d * 0.4));
        paintFlag(*painter, QRectF(w * 0.25, -d * 0.4, std::min(w * 0.22, d * 0.33), std::min(w * 0.22, d * 0.33) / 1.5), m_flag,
                  m_colour.lighter(130));
        break;
    }
    }
    painter->restore();
}

void UnitItem::paintSymbol(QPainter* painter, const Element& element, bool miniatures) const {
    painter->save();
    painter->translate(element.centre.x(), element.centre.y());
    painter->rotate(element.facing);
    const double w = element.width * 0.7;
    const double d = element.depth * 0.6;
    const QRectF frame(-w / 2, -d / 2, w, d);
    if (miniatures) {
        paintMiniatures(painter, element);
    } else {
        painter->setPen(QPen(QColor(0xf5, 0xf5, 0xf5), 1.2));
        painter->setBrush(Qt::NoBrush);
        switch (m_unit.arm) {
        case Arm::Foot: // the crossed box of infantry
            painter->drawRect(frame);
            painter->drawLine(frame.topLeft(), frame.bottomRight());
            painter->drawLine(frame.topRight(), frame.bottomLeft());
            break;
        case Arm::Horse: // the single diagonal of cavalry
            painter->drawRect(frame);
            painter->drawLine(frame.bottomLeft(), frame.topRight());
            break;
        case Arm::Guns: // a filled dot for artillery
            painter->drawRect(frame);
            painter->setBrush(QColor(0xf5, 0xf5, 0xf5));
            painter->drawEllipse(frame.center(), d / 4, d / 4);
            break;
        case Arm::Leader: // the side's flag
            painter->drawLine(QPointF(-w / 4, d / 2), QPointF(-w / 4, -d / 2));
            paintFlag(*painter, QRectF(-w / 4, -d / 2, std::min(w / 2, d * 0.5), std::min(w / 2, d * 0.5) / 1.5), m_flag,
                      QColor(0xf5, 0xf5, 0xf5));
            break;
        }
    }
    // Figures, where the rules count them: a dot each (red when wounded), a grey cross for
    // the fallen. A single figure's own health is marked the same way at its middle.
    const auto mark = [&](const QPointF& at, Health health, double size) {
        if (!standing(health)) {
            painter->setPen(QPen(QColor(0x60, 0x60, 0x60), size / 2));
            painter->drawLine(at + QPointF(-size, -size), at + QPointF(size, size));
            painter->drawLine(at + QPointF(-size, size), at + QPointF(size, -size));
            return;
        }
        painter->setPen(Qt::NoPen);
        painter->setBrush(health == Health::Fit ? QColor(0xf5, 0xf5, 0xf5) : QColor(0xe0, 0x40, 0x40));
        painter->drawEllipse(at, size * 0.9, size * 0.9);
    };
    const auto count = static_cast<double>(element.figures.size());
    for (std::size_t i = 0; i < element.figures.size() && !miniatures; ++i) {
        mark(QPointF(-element.width / 2 + element.width * (static_cast<double>(i) + 0.5) / count, element.depth * 0.3), element.figures[i],
             2);
    }
    if (element.health != Health::Fit) {
        mark(QPointF(0, 0), element.health, std::min(element.width, element.depth) / 4);
    }
    // The element's own markers (a figure prone, pinned, guarding prisoners), each by its
    // initial in the rear corner, so a figure's state reads on the table.
    if (!element.markers.empty()) {
        QString initials;
        for (const std::string& marker : element.markers) {
            initials += QString::fromStdString(marker.substr(0, 1)).toUpper();
        }
        QFont font = painter->font();
        font.setPixelSize(std::max(1, static_cast<int>(std::min(element.width, element.depth) * 0.45)));
        font.setBold(true);
        painter->setFont(font);
        painter->setPen(QColor(0x10, 0x10, 0x10));
        painter->drawText(QRectF(-element.width / 2, 0, element.width, element.depth / 2), Qt::AlignRight | Qt::AlignBottom, initials);
    }
    painter->restore();
}

} // namespace sandtable::ui
