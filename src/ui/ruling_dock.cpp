#include "ruling_dock.h"

#include "preview_pane.h"
#include "sandtable/guarded_preview.h"
#include "sandtable/what_if.h"
#include "scenario_document.h"
#include "unit_item.h"

#include <QComboBox>
#include <QFormLayout>
#include <QLabel>
#include <QListWidget>
#include <QTabWidget>
#include <QTimer>
#include <QTreeWidget>
#include <QVBoxLayout>
#include <algorithm>

namespace sandtable::ui {

namespace {

/// "Guard (Blue): infantry, veteran, line; disordered; hits 1. 75% effective"
QString unitLine(const Battle& battle, const Ruleset& ruleset, const Unit& unit) {
    const Side* side = battle.findSide(unit.side);
    QString line = QString::fromStdString(unit.name) + " (" + QString::fromStdString(side != nullptr ? side->name : unit.side) +
                   "): " + QString::fromStdString(unit.type);
    for (const std::string* word : {&unit.quality, &unit.formation}) {
        if (!word->empty()) {
            line += ", " + QString::fromStdString(*word);
        }
    }
    line += QObject::tr("; %n element(s)", nullptr, static_cast<int>(unit.elements.size()));
    for (const std::string& marker : unit.markers) {
        line += "; " + QString::fromStdString(marker);
    }
    for (const ShownCounter& counter : shownCounters(ruleset, unit)) {
        line += "; " + counter.name + " " + QString::number(counter.value);
    }
    if (const std::string state = ruleset.unitState(battle, unit.id); !state.empty()) {
        line += ". " + QString::fromStdString(state);
    }
    return line;
}

} // namespace

RulingDock::RulingDock(ScenarioDocument& document, const Ruleset& ruleset, QWidget* parent)
    : QDockWidget(tr("Ruling"), parent), m_document(document), m_ruleset(ruleset) {
    setObjectName("ruling");
    auto* body = new QWidget(this);
    auto* layout = new QVBoxLayout(body);
    m_heading = new QLabel(tr("Select a unit on the table to ask what it may do."), body);
    m_heading->setWordWrap(true);
    m_heading->setTextFormat(Qt::RichText);
    layout->addWidget(m_heading);
    auto* form = new QFormLayout();
    m_targets = new QComboBox(body);
    m_targets->setToolTip(tr("Only the orders at this unit (Ctrl+click it on the table)"));
    form->addRow(tr("&Target:"), m_targets);
    m_phases = new QComboBox(body);
    m_phases->setToolTip(tr("The step of play the ruling is asked at: these rules answer some orders differently in each"));
    form->addRow(tr("&Phase:"), m_phases);
    layout->addLayout(form);
    layout->addWidget(new QLabel(tr("<b>Orders</b>, whatever the sequence of play (click one to read its ruling)"), body));
    m_orders = new QListWidget(body);
    m_orders->setMinimumHeight(120);
    layout->addWidget(m_orders, 1);
    auto* tabs = new QTabWidget(body);
    m_pane = new PreviewPane(tabs);
    tabs->addTab(m_pane, tr("&Ruling"));
    m_whatIfs = new QTreeWidget(tabs);
    m_whatIfs->setHeaderLabels({tr("If"), tr("The odds"), tr("Modifiers")});
    m_whatIfs->setRootIsDecorated(false);
    m_whatIfs->setWordWrap(true);
    m_whatIfs->setToolTip(tr("The same order with one thing changed on the table: what would help, and what would hurt"));
    tabs->addTab(m_whatIfs, tr("What changes the &odds"));
    layout->addWidget(tabs, 4);
    setWidget(body);

    connect(m_orders, &QListWidget::currentItemChanged, this, [this](QListWidgetItem* item) {
        if (item != nullptr) {
            choose(item);
        }
    });
    connect(m_targets, &QComboBox::currentIndexChanged, this, [this] { refreshOrders(); });
    connect(m_phases, &QComboBox::currentIndexChanged, this,
            [this] { m_document.setPhase(m_phases->currentData().toString().toStdString()); });
    // The answer follows the table: a unit moved, turned, put down or its state set.
    // One edit may change many units: the orders are worked out again once, after it.
    connect(&m_document, &ScenarioDocument::unitChanged, this, &RulingDock::scheduleRefresh);
    connect(&m_document, &ScenarioDocument::terrainChanged, this, &RulingDock::scheduleRefresh);
    connect(&m_document, &ScenarioDocument::unitsAddedOrRemoved, this, &RulingDock::scheduleRefresh);
    connect(&m_document, &ScenarioDocument::phaseChanged, this, &RulingDock::scheduleRefresh);
    refreshPhases();
    form->setRowVisible(m_phases, m_phases->count() > 1);
}

void RulingDock::refreshPhases() {
    const QSignalBlocker blocker(m_phases);
    m_phases->clear();
    const std::string now = m_document.battle().phase;
    bool listed = false;
    for (const RulingPhase& phase : m_ruleset.rulingPhases()) {
        m_phases->addItem(QString::fromStdString(phase.label), QString::fromStdString(phase.id));
        listed = listed || phase.id == now;
    }
    if (!listed && m_phases->count() > 0) {
        // A board opened from a game at another step (the fire) asks at that step first.
        m_phases->insertItem(0, tr("As the game stands (%1)").arg(QString::fromStdString(now)), QString::fromStdString(now));
    }
    m_phases->setCurrentIndex(std::max(0, m_phases->findData(QString::fromStdString(now))));
}

void RulingDock::setPhase(const QString& phase) {
    const int index = m_phases->findData(phase);
    if (index >= 0) {
        m_phases->setCurrentIndex(index);
    }
}

void RulingDock::scheduleRefresh() {
    if (m_refreshPending) {
        return;
    }
    m_refreshPending = true;
    QTimer::singleShot(0, this, [this] {
        m_refreshPending = false;
        if (m_document.battle().findUnit(m_subject.toStdString()) == nullptr) {
            m_subject.clear();
        }
        refreshTargets();
        refreshOrders();
    });
}

void RulingDock::setSubject(const QString& unitId) {
    if (unitId == m_subject) {
        return;
    }
    m_subject = unitId;
    m_chosen.reset();
    refreshTargets();
    refreshOrders();
}

QString RulingDock::target() const { return m_targets->currentData().toString(); }

void RulingDock::setTarget(const QString& unitId) {
    const int index = m_targets->findData(unitId);
    m_targets->setCurrentIndex(index < 0 ? 0 : index);
}

void RulingDock::refreshTargets() {
    const QString kept = target();
    const QSignalBlocker blocker(m_targets);
    m_targets->clear();
    m_targets->addItem(tr("Every target"), QString());
    const Battle& battle = m_document.battle();
    const Unit* subject = battle.findUnit(m_subject.toStdString());
    for (const Unit& unit : battle.units) {
        if (subject != nullptr && unit.id != subject->id && !unit.eliminated()) {
            m_targets->addItem(QString::fromStdString(unit.name), QString::fromStdString(unit.id));
        }
    }
    const int index = m_targets->findData(kept);
    m_targets->setCurrentIndex(index < 0 ? 0 : index);
}

void RulingDock::refreshOrders() {
    const QSignalBlocker blocker(m_orders);
    m_orders->clear();
    m_rows.clear();
    const Battle& battle = m_document.battle();
    const Unit* subject = battle.findUnit(m_subject.toStdString());
    if (subject == nullptr) {
        m_heading->setText(tr("Select a unit on the table to ask what it may do."));
        m_pane->clear();
        m_whatIfs->clear();
        m_chosen.reset();
        return;
    }
    m_heading->setText("<b>" + unitLine(battle, m_ruleset, *subject).toHtmlEscaped() + "</b>");
    const std::string onlyAt = target().toStdString();
    int current = -1;
    for (OrderRow& row : orderRows(battle, m_ruleset.rulingOffers(battle, subject->id))) {
        // With a target chosen, orders at other units go; those that name none (a move, a
        // rally, a change of formation) stay.
        const bool atAnother = (!row.action.target.empty() && row.action.target != onlyAt) ||
                               std::any_of(row.action.elements.begin(), row.action.elements.end(),
                                           [&](const ElementOrder& e) { return !e.target.empty() && e.target != onlyAt; });
        if (!onlyAt.empty() && atAnother) {
            continue;
        }
        // An order still to be placed on the table says how, in place of the list's own
        // "(on the table)" or "pick each target on the table".
        QString label = row.label;
        const QString offered = QString::fromStdString(row.source.label);
        if (row.pending == OrderInput::Path || (row.pending == OrderInput::Box && row.source.role == OrderRole::Move)) {
            label = offered + tr("  (drag the route on the table)");
        } else if (row.pending == OrderInput::ElementTargets) {
            label = offered + tr("  (click a target for each stand)");
        } else if (row.pending == OrderInput::Placement) {
            label = offered + tr("  (click a place for each figure)");
        } else if (row.pending != OrderInput::None) {
            label = offered + tr("  (click on the table)");
        }
        auto* item = new QListWidgetItem(label, m_orders);
        if (row.pending == OrderInput::None) {
            // Refused orders stay listed, greyed: why not is itself the ruling asked for.
            if (const Preview preview = guardedPreview(m_ruleset, battle, row.action); !preview.allowed()) {
                item->setForeground(palette().color(QPalette::Disabled, QPalette::Text));
                item->setToolTip(QString::fromStdString(preview.refusal));
            }
        }
        if (m_chosen && row.action.type == m_chosen->type && row.action.target == m_chosen->target &&
            row.action.choice == m_chosen->choice && row.action.facing == m_chosen->facing) {
            current = m_orders->count() - 1;
        }
        m_rows.push_back(std::move(row));
    }
    if (current >= 0) {
        m_orders->setCurrentRow(current);
    } else if (!(m_chosen && m_chosen->unit == m_subject.toStdString() && !m_chosen->path.empty())) {
        m_chosen.reset();
    }
    showChosen();
}

bool RulingDock::chooseOrder(const QString& label) {
    // Making a row current chooses it (currentItemChanged); only a row current already
    // needs choosing again, so the preview and its what-ifs are worked out once.
    const QListWidgetItem* before = m_orders->currentItem();
    QListWidgetItem* item = chooseRowStartingWith(*m_orders, label);
    if (item != nullptr && item == before) {
        choose(item);
    }
    return item != nullptr;
}

void RulingDock::choose(QListWidgetItem* item) {
    const int row = m_orders->row(item);
    if (row < 0 || static_cast<std::size_t>(row) >= m_rows.size()) {
        return;
    }
    const OrderRow& chosen = m_rows[static_cast<std::size_t>(row)];
    if (m_picker) {
        // Another order chosen halfway through clicking one: the table stops waiting.
        m_picker.reset();
        emit pickAbandoned();
    }
    const bool routed = chosen.pending == OrderInput::Path || (chosen.pending == OrderInput::Box && chosen.source.role == OrderRole::Move);
    if (!routed && chosen.pending != OrderInput::None) {
        // A box, a point, a place or a target for each element: clicked on the table, then
        // previewed. Nothing is shown until the order is whole.
        m_chosen.reset();
        showChosen();
        m_picker.emplace(chosen.action, chosen.pending, chosen.source.elements, chosen.source.targets, false);
        emit pickRequested(m_picker->instruction(m_document.battle()));
        return;
    }
    m_chosen = chosen.action;
    showChosen();
    if (routed) {
        m_route = chosen.action;
        emit routeRequested(QString::fromStdString(chosen.action.unit));
    }
}

void RulingDock::pickAt(const QPointF& at) {
    if (!m_picker) {
        return;
    }
    if (const QString problem = m_picker->take(m_document.battle(), at); !problem.isEmpty()) {
        emit message(problem);
    }
    if (!m_picker->done()) {
        emit pickRequested(m_picker->instruction(m_document.battle()));
        return;
    }
    m_chosen = m_picker->action();
    m_picker.reset();
    showChosen();
}

void RulingDock::cancelPicking() { m_picker.reset(); }

void RulingDock::showChosen() {
    const Battle& battle = m_document.battle();
    if (const Unit* subject = battle.findUnit(m_subject.toStdString())) {
        m_heading->setText("<b>" + unitLine(battle, m_ruleset, *subject).toHtmlEscaped() + "</b>");
    }
    if (!m_chosen || battle.findUnit(m_chosen->unit) == nullptr ||
        (!m_chosen->target.empty() && battle.findUnit(m_chosen->target) == nullptr)) {
        m_chosen.reset();
        m_preview = Preview{};
        m_pane->clear();
        m_whatIfs->clear();
        return;
    }
    m_preview = guardedPreview(m_ruleset, battle, *m_chosen);
    m_pane->show(m_preview, m_ruleset.info().sourceTitle);
    showWhatIfs();
}

void RulingDock::showWhatIfs() {
    m_whatIfs->clear();
    if (!m_chosen) {
        return;
    }
    const auto percent = [](const Probability& p) { return QString::number(toDouble(p) * 100, 'f', 1) + "%"; };
    for (const WhatIf& whatIf : whatIfs(m_ruleset, m_document.battle(), *m_chosen)) {
        QStringList odds;
        if (whatIf.allowedChanged) {
            odds << (whatIf.preview.allowed() ? tr("allowed") : tr("not allowed: %1").arg(QString::fromStdString(whatIf.preview.refusal)));
        }
        // The first chart of odds, outcome by outcome (matched by their labels), where it moved.
        if (!whatIf.preview.odds.empty() && !m_preview.odds.empty()) {
            const Odds& before = m_preview.odds.front();
            const Odds& after = whatIf.preview.odds.front();
            const auto chance = [](const Odds& odds, const std::string& label) {
                for (const Odds::Line& line : odds.lines) {
                    if (line.label == label) {
                        return line.probability;
                    }
                }
                return Probability(0);
            };
            std::vector<std::string> labels;
            for (const Odds* odds : {&before, &after}) {
                for (const Odds::Line& line : odds->lines) {
                    if (std::find(labels.begin(), labels.end(), line.label) == labels.end()) {
                        labels.push_back(line.label);
                    }
                }
            }
            for (const std::string& label : labels) {
                const Probability was = chance(before, label);
                const Probability would = chance(after, label);
                if (!(was == would)) {
                    odds << QString::fromStdString(label) + ": " + percent(was) + " → " + percent(would);
                }
            }
        }
        QStringList modifiers;
        for (const std::string& name : whatIf.ticked) {
            modifiers << "✔ " + QString::fromStdString(name);
        }
        for (const std::string& name : whatIf.unticked) {
            modifiers << "✘ " + QString::fromStdString(name);
        }
        auto* item = new QTreeWidgetItem(m_whatIfs, {QString::fromStdString(whatIf.change), odds.join("\n"), modifiers.join("\n")});
        item->setToolTip(1, odds.join("\n"));
        for (int column = 0; column < 3; ++column) {
            item->setTextAlignment(column, Qt::AlignLeft | Qt::AlignTop);
        }
        item->setToolTip(2, modifiers.join("\n"));
    }
    if (m_whatIfs->topLevelItemCount() == 0) {
        new QTreeWidgetItem(m_whatIfs, {tr("No change to the units' state, facing or formation alters this ruling.")});
    }
    for (int column = 0; column < 3; ++column) {
        m_whatIfs->resizeColumnToContents(column);
    }
}

std::optional<Action> RulingDock::routeAction(const QString& unitId, const QVector<QPointF>& points) const {
    if (!m_route || m_route->unit != unitId.toStdString()) {
        return std::nullopt;
    }
    Action move = *m_route;
    move.path.clear();
    move.box.reset();
    const Table& table = m_document.battle().table;
    if (table.gridded()) {
        if (!points.isEmpty()) {
            move.box = table.boxAt(Point(points.back().x(), points.back().y()));
        }
        return move;
    }
    for (const QPointF& point : points) {
        move.path.push_back(Point(point.x(), point.y()));
    }
    return move;
}

std::pair<bool, QString> RulingDock::previewRoute(const QString& unitId, const QVector<QPointF>& points) {
    const std::optional<Action> move = routeAction(unitId, points);
    if (!move) {
        return {false, tr("choose a move among the orders first")};
    }
    m_chosen = move;
    showChosen();
    QString text;
    const Battle& battle = m_document.battle();
    if (m_preview.pathCost) {
        text = tr("route costs %1").arg(QString::fromStdString(lengthText(*m_preview.pathCost, battle.table.unit)));
        if (m_preview.allowance) {
            text += tr(" of %1").arg(QString::fromStdString(lengthText(*m_preview.allowance, battle.table.unit)));
        }
    }
    if (!m_preview.allowed()) {
        text += (text.isEmpty() ? "" : ": ") + QString::fromStdString(m_preview.refusal);
    }
    return {m_preview.allowed(), text};
}

QString RulingDock::rulingText() const {
    const Battle& battle = m_document.battle();
    QStringList lines;
    lines << tr("A ruling by %1 (%2)")
                 .arg(QString::fromStdString(m_ruleset.info().name), QString::fromStdString(m_ruleset.info().sourceTitle));
    if (!m_chosen) {
        lines << tr("No order chosen.");
        return lines.join("\n");
    }
    lines << QString();
    for (const std::string& id : {m_chosen->unit, m_chosen->target}) {
        if (const Unit* unit = battle.findUnit(id)) {
            lines << "- " + unitLine(battle, m_ruleset, *unit);
        }
    }
    lines << QString() << tr("Order: %1").arg(QString::fromStdString(describe(battle, *m_chosen)));
    if (m_phases->count() > 1) {
        lines << tr("Asked at: %1").arg(m_phases->currentText());
    }
    lines << QString();
    lines << PreviewPane::plainText(m_preview, m_ruleset.info().sourceTitle);
    lines << QString() << tr("Asked on a rulings board of Sandtable; nothing was rolled.");
    return lines.join("\n");
}

} // namespace sandtable::ui
