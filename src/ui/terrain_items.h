#pragma once

#include "sandtable/battle.h"
#include "sandtable/terrain.h"

#include <QGraphicsPathItem>

namespace sandtable::ui {

/// An area of terrain drawn so its type reads at a glance: woods with tree crowns,
/// rough with stipple, built-up with blocks, water and marsh with their textures, a
/// hill contour as a filled, outlined step.
class TerrainAreaItem : public QGraphicsPathItem {
public:
    explicit TerrainAreaItem(const TerrainArea& area);
    void paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget* widget) override;
    const std::string& terrainId() const { return m_area.id; }

private:
    TerrainArea m_area;
};

/// A river, stream, road, bridge, hedge, wall or fence.
class TerrainLineItem : public QGraphicsPathItem {
public:
    explicit TerrainLineItem(const TerrainLine& line);
    const std::string& terrainId() const { return m_line.id; }

private:
    TerrainLine m_line;
};

/// The outline of the battle's area or line with this id (empty if there is none).
QPainterPath terrainPath(const Battle& battle, const std::string& featureId);

} // namespace sandtable::ui
