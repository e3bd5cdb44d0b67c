#pragma once

#include "sandtable/battle.h"
#include "sandtable/ruleset.h"

#include <QColor>
#include <QGraphicsItem>
#include <QStaticText>
#include <QString>

namespace sandtable::ui {

/// A running number of a unit's that its rules read and the table shows beside it, as a
/// die or a counter would stand beside the unit on a real table ("Activation die", 4).
struct ShownCounter {
    QString name;
    int value = 0;
};

/// The counters of `unit` that `ruleset` declares among its unit settings, where the unit
/// carries them.
std::vector<ShownCounter> shownCounters(const Ruleset& ruleset, const Unit& unit);

/// One unit on the table: its bases in the side's colour with the front edge marked, a
/// symbol for its arm, its name, its markers as badges, its losses and the figures its
/// ruleset stands beside it (an officer showing effectiveness). It shows the
/// model and holds nothing but the unit's id and a copy to draw; sync() refreshes it.
class UnitItem : public QGraphicsItem {
public:
    UnitItem(const Unit& unit, QColor sideColour);

    /// The height of a line of a unit's name, in table millimetres: the view zooms so that
    /// it reads (TableView::fitReadable).
    static double labelLineHeight();

    const QString& unitId() const { return m_id; }
    /// `formation`: how its ruleset says it stands (Ruleset::formationShape), for its
    /// miniatures to stand so.
    void sync(const Unit& unit, std::vector<UnitFigure> figures = {}, std::vector<ShownCounter> counters = {},
              FormationShape formation = FormationShape::Line);
    FormationShape formation() const { return m_formation; }
    /// The side's flag, carried by its leaders and by the colour party in the middle of
    /// each foot unit (drawn once the base carries its miniatures).
    void setSideFlag(std::vector<FlagLayer> flag);
    const std::vector<FlagLayer>& sideFlag() const { return m_flag; }
    const std::vector<ShownCounter>& counters() const { return m_counters; }
    const std::vector<UnitFigure>& figures() const { return m_figures; }
    /// Draws the unit displaced while it is being dragged, before the move is made.
    void setPreviewOffset(QPointF offset);
    /// Draws the unit turned about its centre while its handle is dragged.
    void setPreviewRotation(double degrees);
    /// Where the turning handle stands: just ahead of the unit's right front corner.
    QPointF pivotHandle() const;
    QPointF centre() const;

    /// The bases and the figures beside them, which the selection frame goes round.
    QRectF unitBox() const { return m_box; }
    /// Where the name stands unshifted: centred below the unit.
    QRectF labelHome() const { return m_labelHome; }
    /// The name moved down (or up, negative) by `dy` table millimetres, so that names of
    /// units side by side never overlap (TableScene lays them out).
    void setLabelShift(double dy);
    double labelShift() const { return m_labelShift; }

    QRectF boundingRect() const override;
    QPainterPath shape() const override;
    void paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget* widget) override;

    enum { Type = UserType + 1 };
    int type() const override { return Type; }

private:
    void paintElement(QPainter* painter, const Element& element) const;
    void paintLostBases(QPainter* painter) const;
    /// The arm's symbol, or with `miniatures` the base's figures; then its health and markers.
    void paintSymbol(QPainter* painter, const Element& element, bool miniatures) const;
    void paintMiniatures(QPainter* painter, const Element& element) const;
    /// The base that carries a foot unit's colours, or none.
    const Element* colourParty() const;
    /// How many miniatures stand side by side on the base.
    int miniaturesAcross(const Element& element) const;
    void paintFigures(QPainter* painter) const;
    /// The shown counters as small dice beside the unit's right front corner.
    void paintCounters(QPainter* painter) const;
    QRectF counterRect(std::size_t index) const;

    QString m_id;
    Unit m_unit;
    std::vector<UnitFigure> m_figures;
    std::vector<ShownCounter> m_counters;
    FormationShape m_formation = FormationShape::Line;
    QColor m_colour;
    std::vector<FlagLayer> m_flag;
    const Element* m_colourParty = nullptr; // into m_unit.elements, set by sync
    QPainterPath m_shape;
    QRectF m_bounds;
    QStaticText m_label; // laid out once per sync, not on every paint
    QRectF m_box;
    QRectF m_labelHome;
    double m_labelShift = 0;
    QRectF m_baseBounds; // everything but the name
};

} // namespace sandtable::ui
