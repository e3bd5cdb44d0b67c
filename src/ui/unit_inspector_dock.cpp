#include "unit_inspector_dock.h"

#include "scenario_document.h"
#include "table_scene.h"

#include <QTextBrowser>

namespace sandtable::ui {

UnitInspectorDock::UnitInspectorDock(TableScene& scene, QWidget* parent)
    : QDockWidget(tr("Unit"), parent), m_scene(scene), m_view(new QTextBrowser(this)) {
    setObjectName("unitInspector");
    setWidget(m_view);
    connect(&scene, &QGraphicsScene::selectionChanged, this, &UnitInspectorDock::refresh);
    connect(&scene.document(), &ScenarioDocument::unitChanged, this, &UnitInspectorDock::refresh);
    refresh();
}

QString UnitInspectorDock::text() const { return m_view->toPlainText(); }

void UnitInspectorDock::setUnitState(std::function<QString(const std::string&)> state) {
    m_unitState = std::move(state);
    refresh();
}

void UnitInspectorDock::refresh() {
    const QStringList ids = m_scene.selectedUnitIds();
    if (ids.size() != 1) {
        m_view->setHtml(ids.isEmpty() ? tr("<i>Select a unit to see it here.</i>") : tr("<i>%1 units selected.</i>").arg(ids.size()));
        return;
    }
    const Battle& battle = m_scene.document().battle();
    const Unit* found = battle.findUnit(ids.front().toStdString());
    if (found == nullptr) { // gone from the battle (merged into another unit)
        m_view->setHtml(tr("<i>%1 is no longer on the table.</i>").arg(ids.front().toHtmlEscaped()));
        return;
    }
    const Unit& unit = *found;
    const Side* side = battle.findSide(unit.side);
    const auto esc = [](const std::string& text) { return QString::fromStdString(text).toHtmlEscaped(); };
    QString html = QStringLiteral("<h3>%1</h3><table>").arg(esc(unit.name));
    const auto row = [&](const QString& label, const QString& value) {
        if (!value.isEmpty()) {
            html += QStringLiteral("<tr><td><b>%1</b>&nbsp;</td><td>%2</td></tr>").arg(label, value);
        }
    };
    if (m_unitState) {
        row(tr("now"), m_unitState(unit.id).toHtmlEscaped());
    }
    row(tr("id"), esc(unit.id));
    row(tr("side"), side != nullptr ? esc(side->name) : esc(unit.side));
    row(tr("arm"), esc(toString(unit.arm)));
    row(tr("type"), esc(unit.type));
    row(tr("quality"), esc(unit.quality));
    row(tr("formation"), esc(unit.formation));
    QStringList chain; // brigade, division, army: who the unit answers to
    for (const Command* command : chainOfCommand(battle, unit)) {
        const Unit* commander = battle.findUnit(command->commander);
        chain << QString::fromStdString(command->name) + (commander != nullptr ? " (" + QString::fromStdString(commander->name) + ")" : "");
    }
    row(tr("brigade"), chain.isEmpty() ? esc(unit.brigade) : chain.join(" · ").toHtmlEscaped());
    for (const auto& [key, value] : unit.stats.items()) {
        row(esc(key), esc(value.dump()));
    }
    QStringList markers;
    for (const std::string& marker : unit.markers) {
        markers << esc(marker);
    }
    row(tr("markers"), markers.join(", "));
    if (unit.basesLost() > 0) {
        row(tr("bases"), tr("%1 of %2 (%3 lost)").arg(unit.elements.size()).arg(unit.startingBases).arg(unit.basesLost()));
    }
    html += "</table><p><b>" + tr("Bases") + "</b></p><ol>";
    for (const Element& element : unit.elements) {
        // Who it is, where the rules tell elements apart: role, rank, weapon, health, posture.
        QStringList who;
        for (const std::string& part : identityOf(element)) {
            who << esc(part);
        }
        for (const auto& [counter, value] : element.counters) {
            who << esc(counter) + QStringLiteral(" %1").arg(value);
        }
        html += QStringLiteral("<li>%1 at %2, %3 facing %4°%5</li>")
                    .arg(esc(element.id), esc(battle.table.formatLength(element.centre.x())),
                         esc(battle.table.formatLength(element.centre.y())))
                    .arg(element.facing, 0, 'f', 0)
                    .arg(who.isEmpty() ? QString() : ": " + who.join(", "));
    }
    html += "</ol>";
    m_view->setHtml(html);
}

} // namespace sandtable::ui
