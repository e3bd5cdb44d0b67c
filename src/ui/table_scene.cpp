#include "table_scene.h"

#include "scenario_document.h"
#include "table_cloth_item.h"
#include "terrain_items.h"
#include "unit_item.h"

#include <QPainter>
#include <QStyleOptionGraphicsItem>
#include <QTimer>
#include <algorithm>

namespace sandtable::ui {

TableScene::TableScene(ScenarioDocument& document, QObject* parent) : QGraphicsScene(parent), m_document(document) {
    buildStatic();
    syncUnitList();
    setSceneRect(m_staticItems.front()->boundingRect());
    // A static table: the index only slows the moving units down.
    setItemIndexMethod(QGraphicsScene::NoIndex);
    layOutLabels(); // at once: a screenshot may be drawn before the event loop runs
    connect(&document, &ScenarioDocument::unitChanged, this, &TableScene::syncUnit);
    connect(&document, &ScenarioDocument::unitsAddedOrRemoved, this, &TableScene::syncUnitList);
    connect(&document, &ScenarioDocument::terrainChanged, this, [this] {
        buildStatic();
        // The background is cached by the views: draw it afresh.
        invalidate(sceneRect(), QGraphicsScene::BackgroundLayer);
    });
}

void TableScene::buildStatic() {
    qDeleteAll(m_staticItems);
    m_staticItems.clear();
    const Battle& battle = m_document.battle();
    m_staticItems << new TableClothItem(battle.table);
    for (const TerrainArea& area : battle.areas) {
        m_staticItems << new TerrainAreaItem(area);
    }
    for (const TerrainLine& line : battle.lines) {
        m_staticItems << new TerrainLineItem(line);
    }
    // The cloth first, then terrain by height: stable, so the file's order breaks ties.
    std::stable_sort(m_staticItems.begin() + 1, m_staticItems.end(),
                     [](QGraphicsItem* a, QGraphicsItem* b) { return a->zValue() < b->zValue(); });
    for (QGraphicsItem* item : m_staticItems) {
        item->setFlag(QGraphicsItem::ItemHasNoContents); // painted by drawBackground
        addItem(item);
    }
}

std::string TableScene::terrainAt(const QPointF& at) const {
    for (auto it = m_staticItems.rbegin(); it != m_staticItems.rend(); ++it) {
        if (!(*it)->shape().contains((*it)->mapFromScene(at))) {
            continue;
        }
        if (const auto* area = dynamic_cast<const TerrainAreaItem*>(*it)) {
            return area->terrainId();
        }
        if (const auto* line = dynamic_cast<const TerrainLineItem*>(*it)) {
            return line->terrainId();
        }
    }
    return {};
}

void TableScene::drawBackground(QPainter* painter, const QRectF& rect) {
    painter->fillRect(rect, QColor(0x3b, 0x3f, 0x45));
    QStyleOptionGraphicsItem option;
    for (QGraphicsItem* item : m_staticItems) {
        const QRectF bounds = item->sceneBoundingRect();
        if (!bounds.intersects(rect)) {
            continue;
        }
        option.exposedRect = item->boundingRect();
        painter->save();
        painter->setTransform(item->sceneTransform(), true);
        item->paint(painter, &option, nullptr);
        painter->restore();
    }
}

QRectF TableScene::tableRect() const {
    const Table& table = m_document.battle().table;
    return QRectF(0, 0, table.width, table.depth);
}

void TableScene::setFigureSource(FigureSource source) {
    m_figures = std::move(source);
    for (const QString& unitId : m_units.keys()) {
        syncUnit(unitId);
    }
}

void TableScene::setCounterSource(CounterSource source) {
    m_counters = std::move(source);
    for (const QString& unitId : m_units.keys()) {
        syncUnit(unitId);
    }
}

void TableScene::setFormationSource(FormationSource source) {
    m_formations = std::move(source);
    for (const QString& unitId : m_units.keys()) {
        syncUnit(unitId);
    }
}

void TableScene::syncUnit(const QString& unitId) {
    const std::string id = unitId.toStdString();
    const Unit* unit = m_document.battle().findUnit(id);
    if (UnitItem* item = m_units.value(unitId); item != nullptr && unit != nullptr) {
        item->sync(*unit, m_figures ? m_figures(id) : std::vector<UnitFigure>{}, m_counters ? m_counters(id) : std::vector<ShownCounter>{},
                   m_formations ? m_formations(id) : FormationShape::Line);
        scheduleLabelLayout();
    }
}

void TableScene::scheduleLabelLayout() {
    if (m_labelLayoutPending) {
        return;
    }
    m_labelLayoutPending = true;
    QTimer::singleShot(0, this, [this] {
        m_labelLayoutPending = false;
        layOutLabels();
    });
}

void TableScene::layOutLabels() {
    // Greedy, top of the table first: each name takes the first of its places that is clear
    // of the names already placed and of every unit but its own; where none is, the one
    // that overlaps least.
    std::vector<UnitItem*> items;
    for (UnitItem* item : m_units) {
        if (item->isVisible()) {
            items.push_back(item);
        }
    }
    std::sort(items.begin(), items.end(), [](const UnitItem* a, const UnitItem* b) {
        return a->labelHome().top() != b->labelHome().top() ? a->labelHome().top() < b->labelHome().top() : a->unitId() < b->unitId();
    });
    std::vector<QRectF> boxes;
    for (const UnitItem* item : items) {
        boxes.push_back(item->unitBox());
    }
    std::vector<QRectF> placed;
    const auto overlap = [](const QRectF& a, const QRectF& b) {
        const QRectF both = a.intersected(b);
        return both.isEmpty() ? 0.0 : both.width() * both.height();
    };
    for (std::size_t i = 0; i < items.size(); ++i) {
        UnitItem* item = items[i];
        const QRectF home = item->labelHome();
        const double step = home.height() + 1;
        const double above = item->unitBox().top() - 18 - home.height() - home.top(); // over the marker badges
        double best = 0;
        double bestOverlap = -1;
        for (const double shift : {0.0, step, above, 2 * step, above - step}) {
            const QRectF at = home.translated(0, shift);
            double covered = 0;
            for (const QRectF& other : placed) {
                covered += overlap(at, other);
            }
            for (std::size_t j = 0; j < boxes.size(); ++j) {
                covered += j == i ? 0 : overlap(at, boxes[j]);
            }
            if (bestOverlap < 0 || covered < bestOverlap) {
                best = shift;
                bestOverlap = covered;
            }
            if (covered == 0) {
                break;
            }
        }
        item->setLabelShift(best);
        placed.push_back(home.translated(0, best));
    }
}

void TableScene::syncUnitList() {
    const Battle& battle = m_document.battle();
    for (const QString& id : m_units.keys()) {
        if (battle.findUnit(id.toStdString()) == nullptr) {
            delete m_units.take(id);
        }
    }
    for (const Unit& unit : battle.units) {
        if (m_units.contains(QString::fromStdString(unit.id))) {
            continue;
        }
        const Side* side = battle.findSide(unit.side);
        auto* item = new UnitItem(unit, QColor(QString::fromStdString(side != nullptr ? side->colour : "#808080")));
        if (side != nullptr) {
            item->setSideFlag(side->flag);
        }
        addItem(item);
        m_units.insert(item->unitId(), item);
    }
    scheduleLabelLayout();
}

QStringList TableScene::selectedUnitIds() const {
    QStringList ids;
    for (QGraphicsItem* item : selectedItems()) {
        if (item->type() == UnitItem::Type) {
            ids << static_cast<UnitItem*>(item)->unitId();
        }
    }
    ids.sort();
    return ids;
}

void TableScene::selectUnits(const QStringList& unitIds) {
    clearSelection();
    for (const QString& id : unitIds) {
        if (UnitItem* item = m_units.value(id)) {
            item->setSelected(true);
        }
    }
}

TableScene::DrawnAfresh::DrawnAfresh(TableScene& scene) : m_scene(scene) {
    m_scene.layOutLabels(); // drawn now, perhaps before the event loop has laid them out
    for (UnitItem* item : m_scene.m_units) {
        item->setCacheMode(QGraphicsItem::NoCache);
    }
}

TableScene::DrawnAfresh::~DrawnAfresh() {
    for (UnitItem* item : m_scene.m_units) {
        item->setCacheMode(QGraphicsItem::DeviceCoordinateCache);
    }
}

} // namespace sandtable::ui
