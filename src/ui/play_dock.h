#pragma once

#include "order_picker.h"
#include "sandtable/action.h"
#include "sandtable/game.h"

#include <QDockWidget>
#include <functional>

class QLabel;
class QListWidget;
class QListWidgetItem;
class QPushButton;
class QTreeWidget;
class QVBoxLayout;
class QGroupBox;

namespace sandtable::ui {

class DiceTray;
class PreviewPane;
class GameController;

/// Hotseat play: the turn and phase tracker with whose activation it is and the score;
/// what the selected unit may do; the preview of a chosen action (every modifier ticked
/// or not with its rule, the exact odds as bar charts) with the button that rolls it;
/// the dice as they fall; and the question the rules put to a player.
class PlayDock : public QDockWidget {
    Q_OBJECT
public:
    PlayDock(GameController& controller, QWidget* parent = nullptr);

    void setSelectedUnit(const QString& unitId);
    /// Previews a move along a dragged route: whether the unit can pay for it and a
    /// line to show ("6.5\" costs 8\" of 10\" left").
    std::pair<bool, QString> previewRoute(const QString& unitId, const QVector<QPointF>& points);
    /// Gives the move along a dragged route. False when the game refused it (too long, say;
    /// the dock shows why): the route is then the player's to drag again.
    bool commitRoute(const QString& unitId, const QVector<QPointF>& points);

    /// Rolls the previewed action (Enter).
    void commit();
    /// Ends the active (or selected) unit's activation (E).
    void endActivation();
    /// The side's own order, marked (N) in the list: turn the next card (or start the next
    /// turn), or pass. While units of the side may still act it asks first.
    void nextCard();
    /// How nextCard() asks (tests answer without a dialog); a question box by default.
    void setConfirm(std::function<bool(const QString& question)> confirm) { m_confirm = std::move(confirm); }
    /// Why the player's orders wait now, if they do (empty when they do not): the window
    /// holds them while the computer is about to give the deciding side's order, so that a
    /// key pressed in the moment before it acts does not give that order for it.
    void setOrdersHeld(std::function<QString()> heldBy) { m_heldBy = std::move(heldBy); }

    // For tests and the status bar.
    QListWidget* offersList() const { return m_offers; }
    QTreeWidget* modifiersTree() const;
    QPushButton* commitButton() const { return m_commit; }
    QString statusText() const;
    QString lastError() const { return m_error; }
    /// The facts of the order previewed now, as the dock shows them ("Range: 3 boxes, Medium").
    QString previewText() const;
    int oddsChartCount() const;
    DiceTray* diceTray() const { return m_dice; }
    /// Chooses the listed offer whose text starts with `label`; false if none does.
    bool chooseOffer(const QString& label);

    /// A click on the table for the order or answer being picked (a point, a box, an
    /// element's place or target); the next click is asked for, or the order previewed
    /// (an answer given) once it is whole.
    void pickAt(const QPointF& at);
    /// Esc on the table: the order being picked is dropped.
    void cancelPicking();
    bool picking() const { return m_picker.has_value(); }

signals:
    /// The player chose a move: the view should take the route.
    void routeRequested(const QString& unitId);
    /// The order or answer needs a click on the table; `instruction` says what for.
    void pickRequested(const QString& instruction);
    void message(const QString& text);

private:
    void refresh();
    void refreshOffers();
    void choose(QListWidgetItem* item);
    void showPreview(const Action& action);
    void clearPreview();
    void perform(const Action& action);
    /// Whether the player's orders wait now (setOrdersHeld); if so, says why.
    bool held();
    void showPrompt();
    void beginPicking(OrderPicker picker);
    /// The route's move, from the order the player chose or else the unit's offered move.
    std::optional<Action> routeAction(const QString& unitId, const QVector<QPointF>& points) const;

    GameController& m_controller;
    QString m_unit;
    std::vector<Action> m_offerActions;
    /// For each listed order: the offer it comes from, with the input still to be given
    /// (None when the row is the whole action).
    std::vector<Offer> m_offerSources;
    std::optional<OrderPicker> m_picker;
    std::optional<Action> m_previewed;
    /// The move order the route is for: its type and the unit's id.
    Action m_route;
    QString m_error;
    std::function<bool(const QString&)> m_confirm;
    std::function<QString()> m_heldBy;

    QLabel* m_status = nullptr;
    QLabel* m_sequence = nullptr;
    QListWidget* m_offers = nullptr;
    PreviewPane* m_preview = nullptr;
    QPushButton* m_commit = nullptr;
    QGroupBox* m_promptBox = nullptr;
    QLabel* m_question = nullptr;
    QVBoxLayout* m_choices = nullptr;
    DiceTray* m_dice = nullptr;
};

} // namespace sandtable::ui
