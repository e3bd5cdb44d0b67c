#pragma once

#include "sandtable/trace.h"

#include <QTimer>
#include <QWidget>

namespace sandtable::ui {

/// The dice of the last roll, tumbling briefly before they settle on the faces the
/// game's stream rolled. The tumble is a fixed cycle through the faces: only the
/// stream decides what is rolled.
class DiceTray : public QWidget {
    Q_OBJECT
public:
    explicit DiceTray(QWidget* parent = nullptr);

    /// Shows the last roll of a trace, animated; nothing when it rolled no dice.
    void showRolls(const Trace& trace);
    bool animating() const { return m_timer.isActive(); }
    QSize sizeHint() const override { return QSize(320, 54); }

protected:
    void paintEvent(QPaintEvent* event) override;

private:
    struct Shown {
        int sides = 6;
        int face = 1;
        bool counts = true;
    };
    std::vector<Shown> m_dice;
    QString m_caption;
    QTimer m_timer;
    int m_frame = 0;
};

} // namespace sandtable::ui
