#pragma once

#include "sandtable/ruleset.h"

#include <QWidget>

class QLabel;
class QScrollArea;
class QSplitter;
class QTreeWidget;
class QVBoxLayout;

namespace sandtable::ui {

/// A preview as a player reads it: the facts and the refusal, every modifier ticked or
/// not with its reason and the rule it comes from (the rule text's title and heading, the
/// file on hover), each ruling with its text, and the exact odds as bar charts. Shared by
/// the Play dock and the rulings board.
class PreviewPane : public QWidget {
    Q_OBJECT
public:
    explicit PreviewPane(QWidget* parent = nullptr);

    /// Shows `preview`; `sourceTitle` names the rule text its citations come from.
    void show(const Preview& preview, const std::string& sourceTitle);
    void clear();

    /// The facts and refusal as shown (rich text).
    QString factsText() const;
    QTreeWidget* modifiersTree() const { return m_modifiers; }
    int oddsChartCount() const;

    /// The preview as plain text, for a ruling exported to share.
    static QString plainText(const Preview& preview, const std::string& sourceTitle);

protected:
    void resizeEvent(QResizeEvent* event) override;

private:
    /// Gives the modifier table the height of all its rows, as far as the pane allows,
    /// until the player drags a divider: from then on the heights are the player's.
    void fitModifiers();
    void fitColumns();

    QLabel* m_facts = nullptr;
    QScrollArea* m_factsScroll = nullptr;
    QSplitter* m_split = nullptr;
    bool m_dividersMoved = false; // by the player: the pane no longer fits the heights
    QTreeWidget* m_modifiers = nullptr;
    QVBoxLayout* m_oddsLayout = nullptr;
};

/// A citation as a player reads it: its heading, then the rule text's `title` (the file
/// name where there is no title): "“FIRING MODIFIERS”, Some Rules, 2nd edition".
QString citationText(const Citation& citation, const std::string& title);

} // namespace sandtable::ui
