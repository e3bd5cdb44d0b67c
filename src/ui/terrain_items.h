#pragma once

#include "sandtable/battle.h"
#include "sandtable/terrain.h"

#include <QGraphicsPathItem>
#include <QPainterPath>
#include <vector>

namespace sandtable::ui {

/// An area of terrain drawn as on a model table, so its type reads at a glance: woods
/// with tree crowns over their shadows and an edge of undergrowth, rough with stipple,
/// built-up with blocks, water within its bank, marsh with reeds, a hill contour as a
/// step lit from the top left.
class TerrainAreaItem : public QGraphicsPathItem {
public:
    explicit TerrainAreaItem(const TerrainArea& area);
    QRectF boundingRect() const override;
    void paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget* widget) override;
    const std::string& terrainId() const { return m_area.id; }

private:
    /// Table millimetres a wood's crowns and a water's bank stand over its outline.
    static constexpr double kOverhang = 8;
    void paintTreeCrowns(QPainter* painter, const QColor& colour, const QRectF& box) const;
    void paintWoodEdge(QPainter* painter, const QColor& colour) const;

    TerrainArea m_area;
};

/// A river or stream between its banks, a road between its verges, a bridge, hedge,
/// wall or fence.
class TerrainLineItem : public QGraphicsPathItem {
public:
    explicit TerrainLineItem(const TerrainLine& line);
    void paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget* widget) override;
    const std::string& terrainId() const { return m_line.id; }

private:
    /// What is drawn, bottom first: a river's banks and water, a road's verges and road.
    struct Layer {
        QColor colour;
        QPainterPath outline;
    };
    TerrainLine m_line;
    std::vector<Layer> m_layers; // none: the pen's plain stroke (hedges, walls, fences)
};

/// The outline of the battle's area or line with this id (empty if there is none).
QPainterPath terrainPath(const Battle& battle, const std::string& featureId);

} // namespace sandtable::ui
