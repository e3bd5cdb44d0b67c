#include "new_battle_dialog.h"

#include "ruleset_options_form.h"
#include "sandtable/ruleset_registry.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QRegularExpressionValidator>
#include <QTableWidget>
#include <QVBoxLayout>
#include <random>

namespace sandtable::ui {

namespace {

/// The table a ruleset's players most often use, in its own unit: 6' x 4', 180 x 120cm,
/// or 24 x 16 boxes.
std::pair<double, double> usualTable(MeasureUnit unit) {
    switch (unit) {
    case MeasureUnit::Inch:
        return {72, 48};
    case MeasureUnit::Centimetre:
        return {182.9, 121.9};
    case MeasureUnit::Box:
        return {24, 16};
    }
    return {72, 48};
}

const std::vector<std::pair<FeatureKind, const char*>> choosable{
    {FeatureKind::Hill, "hill"}, {FeatureKind::Water, "water"}, {FeatureKind::Wood, "wood"}, {FeatureKind::BuiltUp, "built-up area"}};

} // namespace

NewBattleDialog::NewBattleDialog(QWidget* parent) : QDialog(parent) {
    setWindowTitle(tr("New Battle"));
    m_name = new QLineEdit(tr("New battle"));
    m_ruleset = new QComboBox;
    for (const RegisteredRuleset& registered : registeredRulesets()) {
        auto made = registered.create(nlohmann::json::object());
        const QString name = made ? QString::fromStdString((*made)->info().name) : QString::fromStdString(registered.id);
        m_ruleset->addItem(name, QString::fromStdString(registered.id));
    }
    m_unit = new QComboBox;
    m_unit->addItem(tr("centimetres"), "cm");
    m_unit->addItem(tr("inches"), "inch");
    m_unit->addItem(tr("boxes (50mm)"), "box");
    m_width = new QDoubleSpinBox;
    m_depth = new QDoubleSpinBox;
    for (QDoubleSpinBox* size : {m_width, m_depth}) {
        size->setRange(1, 10000);
        size->setDecimals(1);
    }
    m_random = new QCheckBox(tr("Random terrain (the generator of %1: a die for each of twelve sectors)")
                                 .arg(QString::fromStdString(terrainGeneratorSource().toString())));
    m_seed = new QLineEdit;
    m_seed->setValidator(new QRegularExpressionValidator(QRegularExpression("[0-9]{1,19}"), m_seed));
    auto* newSeed = new QPushButton(tr("New &Seed"));
    m_sectors = new QTableWidget(12, 3);
    m_sectors->setHorizontalHeaderLabels({tr("Sector"), tr("Dice"), tr("Feature")});
    m_sectors->horizontalHeader()->setSectionResizeMode(1, QHeaderView::Stretch);
    m_sectors->verticalHeader()->hide();
    m_sectors->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_options = new RulesetOptionsForm;
    auto* optionsBox = new QGroupBox(tr("Rules &options"));
    auto* optionsLayout = new QVBoxLayout(optionsBox);
    optionsLayout->addWidget(m_options);

    auto* form = new QFormLayout;
    form->addRow(tr("&Name:"), m_name);
    form->addRow(tr("&Ruleset:"), m_ruleset);
    form->addRow(tr("&Measured in:"), m_unit);
    auto* size = new QHBoxLayout;
    size->addWidget(m_width);
    size->addWidget(new QLabel(tr("wide by")));
    size->addWidget(m_depth);
    size->addWidget(new QLabel(tr("deep")));
    form->addRow(tr("&Table:"), size);
    auto* seedRow = new QHBoxLayout;
    seedRow->addWidget(m_seed);
    seedRow->addWidget(newSeed);
    form->addRow(m_random);
    form->addRow(tr("&Seed:"), seedRow);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(optionsBox);
    layout->addWidget(m_sectors);
    layout->addWidget(buttons);

    connect(m_ruleset, &QComboBox::currentIndexChanged, this, &NewBattleDialog::rulesetChanged);
    connect(m_unit, &QComboBox::currentIndexChanged, this, &NewBattleDialog::unitChanged);
    connect(m_random, &QCheckBox::toggled, this, &NewBattleDialog::reroll);
    connect(m_seed, &QLineEdit::editingFinished, this, &NewBattleDialog::reroll);
    connect(newSeed, &QPushButton::clicked, this, [this] {
        // The one place randomness comes from outside a stream: choosing a new seed.
        std::random_device device;
        setSeed(((static_cast<std::uint64_t>(device()) << 32) | device()) % 10000000000ULL);
    });
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    m_seed->setText("2016");
    rulesetChanged();
    reroll();
    resize(720, 860);
}

void NewBattleDialog::rulesetChanged() {
    auto made = makeRuleset(m_ruleset->currentData().toString().toStdString(), nlohmann::json::object());
    if (made) {
        m_unit->setCurrentIndex(m_unit->findData(QString::fromStdString(toString((*made)->info().unit))));
        m_options->setOptions((*made)->info().options, (*made)->options());
    } else {
        m_options->setOptions({}, {});
    }
    unitChanged();
}

void NewBattleDialog::unitChanged() {
    const auto unit = measureUnitFromString(m_unit->currentData().toString().toStdString()).value_or(MeasureUnit::Inch);
    const auto [width, depth] = usualTable(unit);
    m_width->setValue(width);
    m_depth->setValue(depth);
    const QString suffix = unit == MeasureUnit::Inch ? "\"" : unit == MeasureUnit::Centimetre ? "cm" : tr(" boxes");
    m_width->setSuffix(suffix);
    m_depth->setSuffix(suffix);
}

void NewBattleDialog::setName(const QString& name) { m_name->setText(name); }

void NewBattleDialog::setRandomTerrain(bool on) { m_random->setChecked(on); }

void NewBattleDialog::setSeed(std::uint64_t seed) {
    m_seed->setText(QString::number(seed));
    reroll();
}

void NewBattleDialog::choose(int sector, FeatureKind kind) {
    auto* combo = qobject_cast<QComboBox*>(m_sectors->cellWidget(sector - 1, 2));
    if (combo != nullptr) {
        combo->setCurrentIndex(combo->findData(static_cast<int>(kind)));
    }
}

void NewBattleDialog::reroll() {
    const bool on = m_random->isChecked();
    m_seed->setEnabled(on);
    m_sectors->setEnabled(on);
    NewBattleSettings rolled = settings();
    rolled.choices.clear();
    const NewBattle battle = newBattle(rolled);
    for (int row = 0; row < 12; ++row) {
        m_sectors->removeCellWidget(row, 2);
        const SectorRoll* roll = row < static_cast<int>(battle.rolls.size()) ? &battle.rolls[row] : nullptr;
        m_sectors->setItem(row, 0, new QTableWidgetItem(QString::number(row + 1)));
        m_sectors->setItem(row, 1, new QTableWidgetItem(roll != nullptr ? QString::fromStdString(describe(*roll)) : QString()));
        m_sectors->setItem(row, 2, new QTableWidgetItem(roll != nullptr ? QString::fromStdString(toString(roll->kind)) : QString()));
        if (roll != nullptr && (roll->kind == FeatureKind::PlayerAChoice || roll->kind == FeatureKind::PlayerBChoice)) {
            auto* combo = new QComboBox;
            combo->addItem(tr("%1: leave open").arg(roll->kind == FeatureKind::PlayerAChoice ? tr("Player A") : tr("Player B")),
                           static_cast<int>(FeatureKind::None));
            for (const auto& [kind, name] : choosable) {
                combo->addItem(tr(name), static_cast<int>(kind));
            }
            m_sectors->setCellWidget(row, 2, combo);
        }
    }
    m_sectors->resizeColumnToContents(0);
}

NewBattleSettings NewBattleDialog::settings() const {
    NewBattleSettings settings;
    settings.name = m_name->text().toStdString();
    settings.rulesetId = m_ruleset->currentData().toString().toStdString();
    settings.table.unit = measureUnitFromString(m_unit->currentData().toString().toStdString()).value_or(MeasureUnit::Inch);
    if (settings.table.unit == MeasureUnit::Box) {
        settings.table.boxSize = 50;
    }
    settings.table.width = settings.table.fromUnits(m_width->value());
    settings.table.depth = settings.table.fromUnits(m_depth->value());
    settings.randomTerrain = m_random->isChecked();
    settings.rulesetOptions = m_options->chosen();
    settings.seed = m_seed->text().toULongLong();
    for (int row = 0; row < m_sectors->rowCount(); ++row) {
        if (const auto* combo = qobject_cast<const QComboBox*>(m_sectors->cellWidget(row, 2))) {
            const auto kind = static_cast<FeatureKind>(combo->currentData().toInt());
            if (kind != FeatureKind::None) {
                settings.choices[row + 1] = kind;
            }
        }
    }
    return settings;
}

} // namespace sandtable::ui
