#include "odds_chart.h"

#include "sandtable/monte_carlo.h"

#include <QPainter>

namespace sandtable::ui {

namespace {
constexpr int rowHeight = 18;
constexpr int titleHeight = 20;
} // namespace

OddsChart::OddsChart(const Odds& odds, QWidget* parent) : QWidget(parent), m_odds(odds) {
    QStringList tip;
    for (const Odds::Line& line : m_odds.lines) {
        // An estimate says how far it may be off: one standard error either way.
        const QString error = m_odds.samples ? QStringLiteral(" ± %1%").arg(standardError(m_odds, line) * 100, 0, 'f', 2) : QString();
        tip << QStringLiteral("%1: %2 (%3%4)")
                   .arg(QString::fromStdString(line.label), QString::fromStdString(toString(line.probability)))
                   .arg(toDouble(line.probability) * 100, 0, 'f', 2)
                   .arg(error);
    }
    setToolTip(tip.join("\n"));
}

QSize OddsChart::sizeHint() const { return QSize(320, titleHeight + rowHeight * static_cast<int>(m_odds.lines.size()) + 4); }

void OddsChart::paintEvent(QPaintEvent*) {
    QPainter painter(this);
    painter.setRenderHint(QPainter::Antialiasing);
    QFont bold = font();
    bold.setBold(true);
    painter.setFont(bold);
    const QString title =
        QString::fromStdString(m_odds.title) + (m_odds.samples ? tr(" (estimate, %1 samples)").arg(*m_odds.samples) : QString());
    painter.drawText(QRect(0, 0, width(), titleHeight), Qt::AlignLeft | Qt::AlignVCenter,
                     painter.fontMetrics().elidedText(title, Qt::ElideRight, width()));
    painter.setFont(font());
    double largest = 0;
    for (const Odds::Line& line : m_odds.lines) {
        largest = std::max(largest, toDouble(line.probability));
    }
    const int barLeft = 52;
    const int barWidth = std::max(40, width() / 3);
    const int labelLeft = barLeft + barWidth + 6;
    int y = titleHeight;
    for (const Odds::Line& line : m_odds.lines) {
        const double p = toDouble(line.probability);
        painter.drawText(QRect(0, y, barLeft - 6, rowHeight), Qt::AlignRight | Qt::AlignVCenter,
                         QStringLiteral("%1%").arg(p * 100, 0, 'f', p < 0.1 ? 1 : 0));
        const int length = largest > 0 ? static_cast<int>(barWidth * p / largest) : 0;
        painter.fillRect(QRect(barLeft, y + 3, barWidth, rowHeight - 6), palette().color(QPalette::AlternateBase));
        painter.fillRect(QRect(barLeft, y + 3, length, rowHeight - 6), QColor(60, 110, 170));
        painter.drawText(QRect(labelLeft, y, width() - labelLeft, rowHeight), Qt::AlignLeft | Qt::AlignVCenter,
                         painter.fontMetrics().elidedText(QString::fromStdString(line.label), Qt::ElideRight, width() - labelLeft));
        y += rowHeight;
    }
}

} // namespace sandtable::ui
