#pragma once

#include "sandtable/ruleset.h"

#include <QWidget>

namespace sandtable::ui {

/// The exact odds of one question as a small horizontal bar chart: a bar per outcome,
/// its percentage and its label. Estimates say how many samples they used.
class OddsChart : public QWidget {
    Q_OBJECT
public:
    explicit OddsChart(const Odds& odds, QWidget* parent = nullptr);
    QSize sizeHint() const override;
    QSize minimumSizeHint() const override { return sizeHint(); }

protected:
    void paintEvent(QPaintEvent* event) override;

private:
    Odds m_odds;
};

} // namespace sandtable::ui
