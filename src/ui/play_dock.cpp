#include "play_dock.h"

#include "dice_tray.h"
#include "game_controller.h"
#include "order_rows.h"
#include "preview_pane.h"
#include "scenario_document.h"

#include <QGroupBox>
#include <QLabel>
#include <QListWidget>
#include <QMessageBox>
#include <QPushButton>
#include <QToolButton>
#include <QVBoxLayout>
#include <cmath>

namespace sandtable::ui {

namespace {

QString sideName(const Battle& battle, const std::string& id) {
    const Side* side = battle.findSide(id);
    return side != nullptr ? QString::fromStdString(side->name) : QString::fromStdString(id);
}

// A length in the ruleset's unit, as its rules write it.
QString lengthIn(const Battle& battle, double units) { return QString::fromStdString(lengthText(units, battle.table.unit)); }

} // namespace

PlayDock::PlayDock(GameController& controller, QWidget* parent) : QDockWidget(tr("Play"), parent), m_controller(controller) {
    setObjectName("play");
    auto* body = new QWidget(this);
    auto* layout = new QVBoxLayout(body);

    m_status = new QLabel(body);
    m_status->setWordWrap(true);
    m_status->setTextFormat(Qt::RichText);
    layout->addWidget(m_status);
    // The sequence of play is there when wanted, folded away so the preview has the room.
    auto* sequenceToggle = new QToolButton(body);
    sequenceToggle->setText(tr("Sequence of play"));
    sequenceToggle->setCheckable(true);
    sequenceToggle->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    sequenceToggle->setArrowType(Qt::RightArrow);
    sequenceToggle->setAutoRaise(true);
    layout->addWidget(sequenceToggle);
    m_sequence = new QLabel(body);
    m_sequence->setWordWrap(true);
    QFont small = m_sequence->font();
    small.setPointSizeF(small.pointSizeF() * 0.85);
    m_sequence->setFont(small);
    m_sequence->setVisible(false);
    layout->addWidget(m_sequence);
    connect(sequenceToggle, &QToolButton::toggled, this, [this, sequenceToggle](bool on) {
        m_sequence->setVisible(on);
        sequenceToggle->setArrowType(on ? Qt::DownArrow : Qt::RightArrow);
    });

    m_promptBox = new QGroupBox(tr("A choice for you"), body);
    auto* promptLayout = new QVBoxLayout(m_promptBox);
    m_question = new QLabel(m_promptBox);
    m_question->setWordWrap(true);
    promptLayout->addWidget(m_question);
    m_choices = new QVBoxLayout();
    promptLayout->addLayout(m_choices);
    layout->addWidget(m_promptBox);

    layout->addWidget(new QLabel(tr("<b>Orders</b> (double-click, or Enter, to preview)"), body));
    m_offers = new QListWidget(body);
    m_offers->setMaximumHeight(150);
    connect(m_offers, &QListWidget::itemActivated, this, &PlayDock::choose);
    layout->addWidget(m_offers);

    m_preview = new PreviewPane(body);
    layout->addWidget(m_preview, 3);

    m_commit = new QPushButton(tr("Roll it (Enter)"), body);
    m_commit->setEnabled(false);
    connect(m_commit, &QPushButton::clicked, this, &PlayDock::commit);
    layout->addWidget(m_commit);
    m_dice = new DiceTray(body);
    layout->addWidget(m_dice);
    setWidget(body);

    connect(&m_controller, &GameController::changed, this, &PlayDock::refresh);
    connect(&m_controller, &GameController::resolved, this,
            [this](const LogEntry& entry, const QStringList&) { m_dice->showRolls(entry.resolution.trace); });
    // An order refused or held is told until the game moves on (the computer's next
    // action, an undo): then it no longer speaks of the game as it stands.
    connect(&m_controller, &GameController::logChanged, this, [this] {
        if (!m_error.isEmpty()) {
            m_error.clear();
            refresh();
        }
    });
    refresh();
}

QString PlayDock::statusText() const { return m_status->text(); }

QTreeWidget* PlayDock::modifiersTree() const { return m_preview->modifiersTree(); }

int PlayDock::oddsChartCount() const { return m_preview->oddsChartCount(); }

void PlayDock::setSelectedUnit(const QString& unitId) {
    m_unit = unitId;
    clearPreview();
    refreshOffers();
}

void PlayDock::refresh() {
    const Game& game = m_controller.game();
    const Battle& battle = game.battle();
    const GameStatus status = game.status();
    QString scores;
    for (const SideScore& score : status.scores) {
        scores += (scores.isEmpty() ? "" : " · ") + sideName(battle, score.side) + " " + QString::number(score.points);
    }
    QString text = tr("<b>Turn %1</b> · %2").arg(status.turn).arg(QString::fromStdString(status.phase));
    if (!status.activeSide.empty()) {
        const Side* side = battle.findSide(status.activeSide);
        const QString colour = side != nullptr ? QString::fromStdString(side->colour) : "#000";
        text += tr(" · <span style='color:%1'><b>%2</b></span> to play").arg(colour, sideName(battle, status.activeSide));
    }
    text += "<br>" + QString::fromStdString(status.situation).toHtmlEscaped();
    if (const Command* command = battle.findCommand(status.activeCommand)) {
        text += "<br>" + tr("Acting as one: <b>%1</b>").arg(QString::fromStdString(command->name).toHtmlEscaped());
    }
    if (!status.mayActivate.empty()) {
        QStringList names;
        for (const std::string& id : status.mayActivate) {
            names << unitName(battle, id);
        }
        text += "<br>" + tr("May activate: %1").arg(names.join(", ").toHtmlEscaped());
    }
    if (!scores.isEmpty()) { // some rules keep no score
        text += "<br>" + tr("Score: %1").arg(scores.toHtmlEscaped());
    }
    if (status.over) {
        text += "<br><b>" + QString::fromStdString(status.result).toHtmlEscaped() + "</b>";
    }
    if (!m_error.isEmpty()) {
        text += "<br><span style='color:#b00'>" + m_error.toHtmlEscaped() + "</span>";
    }
    if (m_controller.replaying()) {
        // The tracker speaks of the game as it stands; the replay shows an earlier moment.
        text = tr("<b>Replay</b>: the table after action %1 of %2 (turn %3). Resume play to give orders.")
                   .arg(m_controller.step())
                   .arg(game.log().size())
                   .arg(m_controller.document().battle().turn);
    }
    m_status->setText(text);
    QStringList steps;
    for (const std::string& step : game.ruleset().info().sequenceOfPlay) {
        steps << "• " + QString::fromStdString(step);
    }
    m_sequence->setText(steps.join("\n"));
    showPrompt();
    refreshOffers();
}

void PlayDock::refreshOffers() {
    m_offers->clear();
    m_offerActions.clear();
    m_offerSources.clear();
    if (m_controller.replaying()) {
        return;
    }
    const Game& game = m_controller.game();
    const Battle& battle = game.battle();
    auto add = [&](const QString& label, Action action, const Offer& offer, OrderInput input) {
        m_offers->addItem(label);
        m_offerActions.push_back(std::move(action));
        m_offerSources.push_back(offer);
        m_offerSources.back().input = input;
    };
    for (const Offer& offer : game.offers("")) {
        add(QString::fromStdString(offer.label) + tr("  (N)"), actionOf(offer), offer, OrderInput::None);
    }
    if (m_unit.isEmpty()) {
        return;
    }
    for (OrderRow& row : orderRows(battle, game.offers(m_unit.toStdString()))) {
        add(row.label, std::move(row.action), row.source, row.pending);
    }
}

bool PlayDock::chooseOffer(const QString& label) {
    QListWidgetItem* item = chooseRowStartingWith(*m_offers, label);
    if (item != nullptr) {
        choose(item);
    }
    return item != nullptr;
}

void PlayDock::choose(QListWidgetItem* item) {
    const int row = m_offers->row(item);
    if (row < 0 || static_cast<std::size_t>(row) >= m_offerActions.size()) {
        return;
    }
    const Action action = m_offerActions[static_cast<std::size_t>(row)];
    const Offer& source = m_offerSources[static_cast<std::size_t>(row)];
    // A move to a box is dragged like a route, snapping from box to box; other boxes (a
    // rocket's target) are picked with a click.
    const bool boxMove = source.input == OrderInput::Box && source.role == OrderRole::Move;
    if (source.input == OrderInput::Point || (source.input == OrderInput::Box && !boxMove) || source.input == OrderInput::Placement ||
        source.input == OrderInput::ElementTargets) {
        beginPicking(OrderPicker(action, source.input, source.elements, source.targets, false));
        return;
    }
    if (source.input == OrderInput::Path || boxMove) {
        // What the move needs first (rolling its allowance, say) comes first, so that the
        // route can be paid for as it is dragged.
        for (const Offer& offer : m_controller.game().offers(action.unit)) {
            if (offer.role == OrderRole::PrepareMove) {
                perform(actionOf(offer));
                break;
            }
        }
        m_route = action;
        showPreview(action);
        m_commit->setEnabled(false);
        m_commit->setText(boxMove ? tr("Drag or click the box to move to") : tr("Drag the route on the table"));
        emit routeRequested(QString::fromStdString(action.unit));
        return;
    }
    showPreview(action);
}

void PlayDock::clearPreview() {
    m_previewed.reset();
    m_preview->clear();
    m_commit->setEnabled(false);
}

void PlayDock::showPreview(const Action& action) {
    clearPreview();
    const Preview preview = m_controller.preview(action);
    m_previewed = action;
    m_preview->show(preview, m_controller.game().ruleset().info().sourceTitle);
    m_commit->setEnabled(preview.allowed());
    m_commit->setText(tr("Roll it (Enter)"));
}

QString PlayDock::previewText() const { return m_preview->factsText(); }

std::optional<Action> PlayDock::routeAction(const QString& unitId, const QVector<QPointF>& points) const {
    // The unit's move: by a path, or on a gridded table to the box the drag ends in.
    std::optional<Action> move;
    OrderInput input = OrderInput::Path;
    for (const Offer& offer : m_controller.game().offers(unitId.toStdString())) {
        const bool byBox = offer.input == OrderInput::Box && offer.role == OrderRole::Move;
        if ((offer.input == OrderInput::Path || byBox) && (m_route.unit != unitId.toStdString() || offer.type == m_route.type)) {
            move = m_route.unit == unitId.toStdString() ? m_route : actionOf(offer);
            input = offer.input;
            break;
        }
    }
    if (!move) {
        return std::nullopt;
    }
    move->path.clear();
    move->box.reset();
    const Table& table = m_controller.game().battle().table;
    if (input == OrderInput::Box) {
        if (!points.isEmpty() && table.gridded()) {
            move->box = table.boxAt(Point(points.back().x(), points.back().y()));
        }
        return move;
    }
    for (const QPointF& point : points) {
        move->path.push_back(Point(point.x(), point.y()));
    }
    return move;
}

std::pair<bool, QString> PlayDock::previewRoute(const QString& unitId, const QVector<QPointF>& points) {
    const std::optional<Action> move = routeAction(unitId, points);
    if (!move) {
        return {false, tr("%1 has no move to make now").arg(unitName(m_controller.game().battle(), unitId.toStdString()))};
    }
    const Preview preview = m_controller.preview(*move);
    QString text;
    if (preview.pathCost) {
        text = tr("route costs %1").arg(lengthIn(m_controller.game().battle(), *preview.pathCost));
        if (preview.allowance) {
            text += tr(" of %1 left").arg(lengthIn(m_controller.game().battle(), *preview.allowance));
        }
    }
    if (!preview.allowed()) {
        text += (text.isEmpty() ? "" : ": ") + QString::fromStdString(preview.refusal);
    }
    return {preview.allowed(), text};
}

bool PlayDock::commitRoute(const QString& unitId, const QVector<QPointF>& points) {
    if (const std::optional<Action> move = routeAction(unitId, points)) {
        perform(*move);
        return m_error.isEmpty();
    }
    emit message(tr("%1 has no move to make now").arg(unitName(m_controller.game().battle(), unitId.toStdString())));
    return true; // nothing to drag again
}

void PlayDock::commit() {
    // Enter previews the highlighted order first, then rolls it.
    if (!m_previewed && m_offers->currentItem() != nullptr) {
        choose(m_offers->currentItem());
        return;
    }
    if (m_previewed && m_commit->isEnabled()) {
        const Action action = *m_previewed;
        perform(action);
    }
}

bool PlayDock::held() {
    const QString why = m_heldBy ? m_heldBy() : QString();
    if (why.isEmpty()) {
        return false;
    }
    m_error = why;
    emit message(why);
    refresh();
    return true;
}

void PlayDock::perform(const Action& action) {
    if (held()) {
        return;
    }
    m_error = m_controller.perform(action);
    if (!m_error.isEmpty()) {
        emit message(m_error);
        refresh();
        return;
    }
    // A route or a box move given is done with: the button rolls again.
    m_route = Action{};
    clearPreview();
    m_commit->setText(tr("Roll it (Enter)"));
    refresh();
}

void PlayDock::endActivation() {
    const GameStatus status = m_controller.game().status();
    const std::string unit = !status.activeUnit.empty() ? status.activeUnit : m_unit.toStdString();
    if (unit.empty()) {
        return;
    }
    for (const Offer& offer : m_controller.game().offers(unit)) {
        if (offer.role == OrderRole::EndActivation) {
            perform(actionOf(offer));
            return;
        }
    }
    emit message(tr("%1 has no activation to end now").arg(unitName(m_controller.game().battle(), unit)));
}

void PlayDock::nextCard() {
    // The side's own order, which the list marks (N): turn the next card, or pass.
    const auto offers = m_controller.game().offers("");
    if (!offers.empty()) {
        if (held()) {
            return; // not even asked: the side deciding is the computer's
        }
        // A card the side could still use is not given away by a stray key press.
        const GameStatus& status = m_controller.game().status();
        if ((offers.front().role == OrderRole::Draw || offers.front().role == OrderRole::Pass) && !status.mayActivate.empty() &&
            status.activeUnit.empty()) {
            QStringList names;
            for (const std::string& id : status.mayActivate) {
                names << unitName(m_controller.game().battle(), id);
            }
            const QString question =
                tr("%1 may still act now. %2 and give that up?").arg(names.join(", "), QString::fromStdString(offers.front().label));
            if (m_confirm ? !m_confirm(question) : QMessageBox::question(this, tr("Units may still act"), question) != QMessageBox::Yes) {
                return;
            }
        }
        perform(actionOf(offers.front()));
        return;
    }
    emit message(tr("Nothing for the side to do now: %1").arg(QString::fromStdString(m_controller.game().status().situation)));
}

void PlayDock::beginPicking(OrderPicker picker) {
    clearPreview();
    m_picker = std::move(picker);
    const QString instruction = m_picker->instruction(m_controller.game().battle());
    m_commit->setText(instruction);
    emit pickRequested(instruction);
}

void PlayDock::pickAt(const QPointF& at) {
    if (!m_picker) {
        return;
    }
    if (const QString problem = m_picker->take(m_controller.game().battle(), at); !problem.isEmpty()) {
        emit message(problem);
    }
    if (!m_picker->done()) {
        beginPicking(std::move(*m_picker));
        return;
    }
    const Action action = m_picker->action();
    const bool answering = m_picker->answering();
    m_picker.reset();
    if (answering) {
        perform(action);
    } else {
        showPreview(action);
    }
}

void PlayDock::cancelPicking() {
    if (m_picker) {
        m_picker.reset();
        clearPreview();
        m_commit->setText(tr("Roll it (Enter)"));
    }
}

void PlayDock::showPrompt() {
    while (QLayoutItem* item = m_choices->takeAt(0)) {
        delete item->widget();
        delete item;
    }
    const auto& prompt = m_controller.game().prompt();
    m_promptBox->setVisible(prompt.has_value() && !m_controller.replaying());
    if (!prompt) {
        return;
    }
    const Battle& battle = m_controller.game().battle();
    m_question->setText(
        tr("<b>%1</b>, answer: %2").arg(sideName(battle, prompt->side), QString::fromStdString(prompt->question).toHtmlEscaped()));
    const auto addButton = [&](const QString& label, auto onClick) {
        auto* button = new QPushButton(label, m_promptBox);
        connect(button, &QPushButton::clicked, this, onClick);
        m_choices->addWidget(button);
    };
    switch (prompt->input) {
    case OrderInput::Choice:
    case OrderInput::None:
        for (const Prompt::Choice& choice : prompt->choices) {
            addButton(QString::fromStdString(choice.label), [this, id = choice.id] { perform(answerChoosing(id)); });
        }
        break;
    case OrderInput::Target:
        for (const std::string& target : prompt->targets) {
            Action answer = answerChoosing({});
            answer.target = target;
            addButton(unitName(battle, target), [this, answer] { perform(answer); });
        }
        break;
    case OrderInput::Facing: {
        const Unit* unit = battle.findUnit(prompt->unit);
        for (const auto& [label, facing] : turnsFrom(unit != nullptr && !unit->elements.empty() ? unit->elements.front().facing : 0.0)) {
            Action answer = answerChoosing({});
            answer.facing = facing;
            addButton(label, [this, answer] { perform(answer); });
        }
        break;
    }
    case OrderInput::Point:
    case OrderInput::Box:
    case OrderInput::Path:
    case OrderInput::Placement:
    case OrderInput::ElementTargets: {
        const OrderPicker picker(answerChoosing({}), prompt->input, prompt->elements, prompt->targets, true);
        addButton(tr("Pick on the table"), [this, picker] { beginPicking(picker); });
        break;
    }
    }
}

} // namespace sandtable::ui
