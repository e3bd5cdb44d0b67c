#pragma once

#include "sandtable/ruleset.h"
#include "unit_item.h"

#include <QGraphicsScene>
#include <QHash>
#include <functional>
#include <string>
#include <vector>

namespace sandtable::ui {

class ScenarioDocument;
class UnitItem;

/// The table in scene units of table millimetres: cloth, terrain and one item per unit,
/// built from the document and kept in step with it.
class TableScene : public QGraphicsScene {
    Q_OBJECT
public:
    explicit TableScene(ScenarioDocument& document, QObject* parent = nullptr);

    ScenarioDocument& document() { return m_document; }
    UnitItem* unitItem(const QString& unitId) const { return m_units.value(unitId); }
    QStringList selectedUnitIds() const;
    void selectUnits(const QStringList& unitIds);
    /// Where the figures the rules stand beside each unit come from (a game's ruleset),
    /// or none; every unit is drawn afresh.
    using FigureSource = std::function<std::vector<UnitFigure>(const std::string& unitId)>;
    void setFigureSource(FigureSource source);
    /// Where the counters each unit shows come from (a game's or a board's ruleset), or none.
    using CounterSource = std::function<std::vector<ShownCounter>(const std::string& unitId)>;
    void setCounterSource(CounterSource source);
    /// How each unit stands, from its ruleset (Ruleset::formationShape): in line without one.
    using FormationSource = std::function<FormationShape(const std::string& unitId)>;
    void setFormationSource(FormationSource source);
    /// While it lives, units are painted afresh rather than copied from the view's cached
    /// images: for drawing the table elsewhere (an SVG, an image or a page at another
    /// scale), where a cached pixmap would be a blurred picture rather than the drawing.
    class DrawnAfresh {
    public:
        explicit DrawnAfresh(TableScene& scene);
        ~DrawnAfresh();
        DrawnAfresh(const DrawnAfresh&) = delete;
        DrawnAfresh& operator=(const DrawnAfresh&) = delete;

    private:
        TableScene& m_scene;
    };

    /// The table itself, without the rulers.
    QRectF tableRect() const;
    /// The terrain feature under a point of the table, or empty: the topmost, so that a
    /// hill's crest is found before its foot.
    std::string terrainAt(const QPointF& at) const;

protected:
    /// The static table (cloth, rulers, grid, terrain) is the scene's background: drawn
    /// once into the view's background cache, and into exported images by render().
    void drawBackground(QPainter* painter, const QRectF& rect) override;

    /// Places every unit's name where it overlaps no other name nor any unit: below its
    /// unit, else further below or above it. Run after units change (once per batch).
    void layOutLabels();

private:
    void scheduleLabelLayout();
    void syncUnit(const QString& unitId);
    /// Adds an item for each unit that came into the battle, drops those that left it.
    void syncUnitList();
    /// Rebuilds the cloth and terrain from the document (after the terrain was adjusted).
    void buildStatic();

    // Drawn as the background; still in the scene for tooltips and hit tests.
    QList<QGraphicsItem*> m_staticItems;

    ScenarioDocument& m_document;
    QHash<QString, UnitItem*> m_units;
    FigureSource m_figures;
    CounterSource m_counters;
    FormationSource m_formations;
    bool m_labelLayoutPending = false;
};

} // namespace sandtable::ui
