#pragma once

#include <QGraphicsScene>
#include <QHash>

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
    /// The table itself, without the rulers.
    QRectF tableRect() const;

private:
    void syncUnit(const QString& unitId);

    ScenarioDocument& m_document;
    QHash<QString, UnitItem*> m_units;
};

} // namespace sandtable::ui
