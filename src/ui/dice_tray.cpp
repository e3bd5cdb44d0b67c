#include "dice_tray.h"

#include <QPainter>

namespace sandtable::ui {

namespace {
constexpr int tumbleFrames = 10; // 10 x 50 ms: half a second
constexpr int dieSize = 30;
} // namespace

DiceTray::DiceTray(QWidget* parent) : QWidget(parent) {
    m_timer.setInterval(50);
    connect(&m_timer, &QTimer::timeout, this, [this] {
        if (++m_frame >= tumbleFrames) {
            m_timer.stop();
        }
        update();
    });
    setMinimumHeight(sizeHint().height());
}

void DiceTray::showRolls(const Trace& trace) {
    const trace::Roll* last = nullptr;
    for (const TraceStep& step : trace.steps()) {
        if (const auto* roll = std::get_if<trace::Roll>(&step.detail)) {
            last = roll;
        }
    }
    if (last == nullptr) {
        return;
    }
    m_dice.clear();
    for (const RolledDie& die : last->dice) {
        m_dice.push_back({die.die.sides, die.face, die.kept});
    }
    m_caption = QString::fromStdString(last->purpose) + QStringLiteral(" = %1").arg(last->total);
    m_frame = 0;
    m_timer.start();
    update();
}

void DiceTray::paintEvent(QPaintEvent*) {
    QPainter painter(this);
    painter.setRenderHint(QPainter::Antialiasing);
    int x = 4;
    const bool settled = !m_timer.isActive();
    for (std::size_t i = 0; i < m_dice.size() && x + dieSize < width(); ++i) {
        const Shown& die = m_dice[i];
        // While tumbling, each die steps through its faces; then it shows the rolled one.
        const int face = settled ? die.face : 1 + (die.face + m_frame * 3 + static_cast<int>(i)) % std::max(die.sides, 1);
        const QRectF box(x, 4, dieSize, dieSize);
        painter.setPen(QPen(Qt::black, 1.2));
        painter.setBrush(die.counts || !settled ? QColor(250, 248, 240) : QColor(200, 200, 200));
        painter.drawRoundedRect(box, 5, 5);
        QFont font = painter.font();
        font.setBold(true);
        painter.setFont(font);
        painter.drawText(box, Qt::AlignCenter, QString::number(face));
        x += dieSize + 6;
    }
    painter.setPen(palette().color(QPalette::WindowText));
    painter.setFont(font());
    painter.drawText(QRect(4, 4 + dieSize + 2, width() - 8, height() - dieSize - 6), Qt::AlignLeft | Qt::AlignVCenter,
                     painter.fontMetrics().elidedText(settled ? m_caption : tr("rolling..."), Qt::ElideRight, width() - 8));
}

} // namespace sandtable::ui
