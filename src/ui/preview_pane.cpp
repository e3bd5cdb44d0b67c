#include "preview_pane.h"

#include "odds_chart.h"

#include <QApplication>
#include <QHeaderView>
#include <QLabel>
#include <QScrollArea>
#include <QSplitter>
#include <QStyledItemDelegate>
#include <QTimer>
#include <QTreeWidget>
#include <QVBoxLayout>
#include <algorithm>
#include <array>

namespace sandtable::ui {

QString citationText(const Citation& citation, const std::string& title) {
    if (citation.empty()) {
        return {};
    }
    // The heading first: it is what tells one rule from another in a column of them.
    const QString source = title.empty() ? QString::fromStdString(citation.file) : QString::fromStdString(title);
    return citation.heading.empty() ? source : "\u201c" + QString::fromStdString(citation.heading) + "\u201d, " + source;
}

namespace {

/// Rows as tall as their words wrapped in their column's width: a tree view sizes its rows
/// without the columns' widths, so its long cells would be cut off on one line.
class WrappingDelegate : public QStyledItemDelegate {
public:
    using QStyledItemDelegate::QStyledItemDelegate;
    QSize sizeHint(const QStyleOptionViewItem& option, const QModelIndex& index) const override {
        QStyleOptionViewItem cell = option;
        initStyleOption(&cell, index);
        if (const auto* view = qobject_cast<const QTreeView*>(option.widget)) {
            cell.rect = QRect(0, 0, std::max(1, view->columnWidth(index.column())), std::max(1, option.rect.height()));
        }
        const QStyle* style = option.widget != nullptr ? option.widget->style() : QApplication::style();
        return style->sizeFromContents(QStyle::CT_ItemViewItem, &cell, QSize(), option.widget);
    }
};

} // namespace

PreviewPane::PreviewPane(QWidget* parent) : QWidget(parent) {
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    m_facts = new QLabel();
    m_facts->setWordWrap(true);
    m_facts->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_facts->setAlignment(Qt::AlignLeft | Qt::AlignTop);
    m_factsScroll = new QScrollArea(this);
    m_factsScroll->setWidget(m_facts);
    m_factsScroll->setWidgetResizable(true);
    m_factsScroll->setFrameShape(QFrame::NoFrame);
    m_factsScroll->setMinimumHeight(24); // a line, the rest scrolled: the dividers are the player's
    m_modifiers = new QTreeWidget(this);
    m_modifiers->setHeaderLabels({tr("Modifier"), tr("Effect"), tr("Why"), tr("Rule")});
    m_modifiers->setRootIsDecorated(false);
    m_modifiers->setWordWrap(true);
    m_modifiers->setMinimumHeight(60);
    // The columns share the pane's width (fitColumns), the long reasons and rules wrapped:
    // a table that scrolls sideways hides the why and the rule of every row.
    m_modifiers->header()->setSectionResizeMode(QHeaderView::Interactive);
    m_modifiers->header()->setStretchLastSection(true);
    m_modifiers->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_modifiers->setTextElideMode(Qt::ElideNone);
    m_modifiers->setItemDelegate(new WrappingDelegate(m_modifiers));
    // A column the player widens or narrows wraps its rows afresh.
    connect(m_modifiers->header(), &QHeaderView::sectionResized, m_modifiers, [this] { m_modifiers->doItemsLayout(); });
    // The facts and rulings, the modifiers and the odds, one over the other, the dividers
    // the player's to drag; each preview first gives the modifiers the height of all
    // their rows (fitModifiers).
    m_split = new QSplitter(Qt::Vertical, this);
    m_split->setChildrenCollapsible(false);
    // Only the player's drags move a divider (setSizes does not signal).
    connect(m_split, &QSplitter::splitterMoved, this, [this] { m_dividersMoved = true; });
    m_split->addWidget(m_factsScroll);
    m_split->addWidget(m_modifiers);

    auto* oddsWidget = new QWidget();
    m_oddsLayout = new QVBoxLayout(oddsWidget);
    m_oddsLayout->setContentsMargins(0, 0, 0, 0);
    auto* oddsScroll = new QScrollArea(this);
    oddsScroll->setWidget(oddsWidget);
    oddsScroll->setWidgetResizable(true);
    oddsScroll->setMinimumHeight(90); // a few bars, the rest scrolled
    m_split->addWidget(oddsScroll);
    layout->addWidget(m_split, 1);
}

void PreviewPane::fitColumns() {
    QHeaderView* header = m_modifiers->header();
    const int width = m_modifiers->viewport()->width();
    // A column's words on one line: the longest of its cells, with the margins and the
    // first column's tick box (the wrapping rows answer their wrapped size instead).
    const auto wanted = [&](int column) {
        int longest = header->sectionSizeHint(column);
        const int margins = 4 * m_modifiers->style()->pixelMetric(QStyle::PM_FocusFrameHMargin) + 8 +
                            (column == 0 ? m_modifiers->style()->pixelMetric(QStyle::PM_IndicatorWidth) + 8 : 0);
        for (int i = 0; i < m_modifiers->topLevelItemCount(); ++i) {
            longest = std::max(longest, m_modifiers->fontMetrics().horizontalAdvance(m_modifiers->topLevelItem(i)->text(column)) + margins);
        }
        return longest;
    };
    // The effect as wide as its words (a number, a sixth at most). Then each column its
    // words up to its part of the rest: the modifier's name two fifths, why it applies
    // a third, the rule (a heading, the text named on hover) the remainder; what a column
    // leaves goes to those still wrapping, in that order.
    const int effect = std::min(wanted(1), width / 6);
    const int rest = std::max(0, width - effect);
    const std::array<int, 3> columns{0, 2, 3};
    std::array<int, 3> sizes{std::min(wanted(0), rest * 2 / 5), std::min(wanted(2), rest / 3), 0};
    sizes[2] = std::min(wanted(3), rest - sizes[0] - sizes[1]);
    int left = rest - sizes[0] - sizes[1] - sizes[2];
    for (std::size_t i = 0; i < columns.size() && left > 0; ++i) {
        const int more = std::min(left, wanted(columns[i]) - sizes[i]);
        sizes[i] += std::max(0, more);
        left -= std::max(0, more);
    }
    header->resizeSection(1, effect);
    for (std::size_t i = 0; i < columns.size(); ++i) {
        header->resizeSection(columns[i], std::max(40, sizes[i]));
    }
}

void PreviewPane::fitModifiers() {
    fitColumns();
    m_modifiers->doItemsLayout();
    if (m_dividersMoved) {
        return;
    }
    int rows = m_modifiers->header()->height() + 2 * m_modifiers->frameWidth();
    for (int i = 0; i < m_modifiers->topLevelItemCount(); ++i) {
        rows += m_modifiers->visualItemRect(m_modifiers->topLevelItem(i)).height();
    }
    // The facts and rulings first, as tall as their words up to a fifth of the room
    // (the refusal and the chance of contact come first in them); then every modifier row
    // where the room allows, the odds' charts keeping their least height; then the facts
    // the rest of their words; the odds what is left. Longer parts scroll.
    const int leastFacts = m_factsScroll->minimumHeight();
    const int leastOdds = m_split->widget(2)->minimumHeight();
    const int room = m_split->height() - 2 * m_split->handleWidth();
    const int factsWanted = std::max(leastFacts, m_facts->heightForWidth(m_factsScroll->viewport()->width()) + 4);
    int facts = std::min(factsWanted, std::max(leastFacts, room / 5));
    const int modifiers = std::clamp(rows + 6, 60, std::max(60, room - facts - leastOdds));
    facts = std::clamp(factsWanted, facts, std::max(facts, room - modifiers - leastOdds));
    const int rest = std::max(0, room - modifiers);
    m_split->setSizes({facts, modifiers, std::max(0, rest - facts)});
}

void PreviewPane::resizeEvent(QResizeEvent* event) {
    QWidget::resizeEvent(event);
    if (m_modifiers->topLevelItemCount() > 0) {
        fitModifiers();
    }
}

QString PreviewPane::factsText() const { return m_facts->text(); }

int PreviewPane::oddsChartCount() const { return m_oddsLayout->count(); }

void PreviewPane::clear() {
    m_facts->clear();
    m_modifiers->clear();
    while (QLayoutItem* item = m_oddsLayout->takeAt(0)) {
        delete item->widget();
        delete item;
    }
}

void PreviewPane::show(const Preview& preview, const std::string& sourceTitle) {
    clear();
    QStringList facts;
    for (const auto& [label, value] : preview.facts) {
        facts << QStringLiteral("<b>%1</b>: %2")
                     .arg(QString::fromStdString(label).toHtmlEscaped(), QString::fromStdString(value).toHtmlEscaped());
    }
    if (!preview.allowed()) {
        facts << QStringLiteral("<span style='color:#b00'>%1</span>").arg(QString::fromStdString(preview.refusal).toHtmlEscaped());
    }
    for (const TraceStep& step : preview.rulings.steps()) {
        if (const auto* ruling = std::get_if<trace::Ruling>(&step.detail)) {
            facts << QStringLiteral("<i>Ruling %1</i>: %2")
                         .arg(QString::fromStdString(ruling->id).toHtmlEscaped(), QString::fromStdString(ruling->text).toHtmlEscaped());
        }
    }
    m_facts->setText(facts.join("<br>"));
    m_modifiers->headerItem()->setToolTip(3, sourceTitle.empty() ? tr("The rule that gives the modifier")
                                                                 : tr("Headings of %1").arg(QString::fromStdString(sourceTitle)));
    for (const ModifierCheck& check : preview.modifiers) {
        auto* item = new QTreeWidgetItem(m_modifiers);
        item->setCheckState(0, check.applies ? Qt::Checked : Qt::Unchecked);
        item->setText(0, QString::fromStdString(check.name));
        item->setText(1, QString::fromStdString(check.effect) + (check.times > 1 ? QStringLiteral(" ×%1").arg(check.times) : QString()));
        item->setText(2, QString::fromStdString(check.reason));
        item->setToolTip(2, QString::fromStdString(check.reason));
        // The heading alone in the cell: every row cites the same text, named in full on
        // hover with its file.
        item->setText(3, check.citation.heading.empty() ? citationText(check.citation, sourceTitle)
                                                        : "\u201c" + QString::fromStdString(check.citation.heading) + "\u201d");
        item->setToolTip(3, citationText(check.citation, sourceTitle) + "\n" + QString::fromStdString(check.citation.toString()));
        // The ticks report the rules; they are not the player's to change.
        item->setFlags(item->flags() & ~Qt::ItemIsUserCheckable);
        if (!check.applies) {
            item->setForeground(0, palette().color(QPalette::Disabled, QPalette::Text));
        }
    }
    for (const Odds& odds : preview.odds) {
        auto* chart = new OddsChart(odds);
        m_oddsLayout->addWidget(chart);
        chart->QWidget::show(); // at once: the pane may already be on screen
    }
    fitModifiers();
    // Again once the dock has laid out the new facts and charts: the room is known then.
    QTimer::singleShot(0, this, &PreviewPane::fitModifiers);
}

QString PreviewPane::plainText(const Preview& preview, const std::string& sourceTitle) {
    QStringList lines;
    lines << (preview.allowed() ? tr("Allowed") : tr("Not allowed: %1").arg(QString::fromStdString(preview.refusal)));
    for (const auto& [label, value] : preview.facts) {
        lines << QString::fromStdString(label) + ": " + QString::fromStdString(value);
    }
    if (!preview.modifiers.empty()) {
        lines << QString() << tr("Modifiers:");
        for (const ModifierCheck& check : preview.modifiers) {
            QString line = QStringLiteral("  [%1] %2 %3")
                               .arg(check.applies ? "x" : " ", QString::fromStdString(check.name), QString::fromStdString(check.effect));
            if (check.times > 1) {
                line += QStringLiteral(" ×%1").arg(check.times);
            }
            if (!check.reason.empty()) {
                line += ": " + QString::fromStdString(check.reason);
            }
            if (!check.citation.empty()) {
                line += " (" + citationText(check.citation, sourceTitle) + ")";
            }
            lines << line;
        }
    }
    for (const Odds& odds : preview.odds) {
        lines << QString()
              << QString::fromStdString(odds.title) + (odds.samples ? tr(" (estimated from %1 samples)").arg(*odds.samples) : QString()) +
                     ":";
        for (const Odds::Line& line : odds.lines) {
            lines << QStringLiteral("  %1  %2 (%3)")
                         .arg(QString::fromStdString(line.label))
                         .arg(toDouble(line.probability) * 100, 0, 'f', 1)
                         .arg(QString::fromStdString(toString(line.probability)));
        }
    }
    for (const TraceStep& step : preview.rulings.steps()) {
        if (const auto* ruling = std::get_if<trace::Ruling>(&step.detail)) {
            lines << QString() << tr("Ruling %1: %2").arg(QString::fromStdString(ruling->id), QString::fromStdString(ruling->text));
        }
    }
    return lines.join("\n");
}

} // namespace sandtable::ui
