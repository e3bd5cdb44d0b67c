#pragma once

#include "sandtable/battle.h"
#include "sandtable/offer.h"

#include <QCoreApplication>
#include <QListWidget>
#include <QString>
#include <utility>
#include <vector>

namespace sandtable::ui {

/// One line of an orders list: what the player reads, the action it makes, the offer it
/// comes from, and the input still to be given on the table (None: the row is the whole
/// action; Path: a route to drag; a point, box or placement to pick).
struct OrderRow {
    QString label;
    Action action;
    Offer source;
    OrderInput pending = OrderInput::None;
};

/// A unit's offers as the rows a player chooses from: an order with targets once per
/// target ("Fire at 2nd Foot"), one aimed by element also picked element by element,
/// a turn as the three usual turns, the rest as they are.
std::vector<OrderRow> orderRows(const Battle& battle, const std::vector<Offer>& offers);

/// The first row of `list` whose text starts with `label`, made current; null if none does.
QListWidgetItem* chooseRowStartingWith(QListWidget& list, const QString& label);

/// A unit's name, or its id where the battle has no such unit.
QString unitName(const Battle& battle, const std::string& id);

/// The turns offered for an order or an answer that needs a new facing: each label with
/// the facing it gives a unit now facing `facing`.
std::vector<std::pair<QString, double>> turnsFrom(double facing);

} // namespace sandtable::ui
