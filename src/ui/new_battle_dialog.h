#pragma once

#include "sandtable/new_battle.h"

#include <QDialog>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLineEdit;
class QTableWidget;
class QGroupBox;

namespace sandtable::ui {

class RulesetOptionsForm;

/// File > New Battle: a table for any ruleset, its options and size, laid out empty or with terrain
/// from the random terrain generator (terrainGeneratorSource). The dice are rolled as soon as the
/// generator is on (and again for a new seed), each sector's dice shown; the sectors that
/// are a player's choice get a list to choose from before the table is made.
class NewBattleDialog : public QDialog {
    Q_OBJECT
public:
    explicit NewBattleDialog(QWidget* parent = nullptr);

    NewBattleSettings settings() const;

    /// The name the new table is given unless the player types another.
    void setName(const QString& name);
    void setRandomTerrain(bool on);
    void setSeed(std::uint64_t seed);
    /// The choice for a player's-choice sector (hill, water, wood, built-up).
    void choose(int sector, FeatureKind kind);
    /// The sector table: one row per sector, for tests and for the player.
    QTableWidget* sectorTable() const { return m_sectors; }
    /// The chosen ruleset's options, built from what it declares.
    RulesetOptionsForm* optionsForm() const { return m_options; }

private:
    void rulesetChanged();
    void unitChanged();
    void reroll();

    QLineEdit* m_name;
    QComboBox* m_ruleset;
    QComboBox* m_unit;
    QDoubleSpinBox* m_width;
    QDoubleSpinBox* m_depth;
    QCheckBox* m_random;
    QLineEdit* m_seed;
    QTableWidget* m_sectors;
    RulesetOptionsForm* m_options;
};

} // namespace sandtable::ui
