#include "board_pieces_dock.h"

#include "board_edit_command.h"
#include "scenario_document.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QSpinBox>
#include <QTimer>
#include <QVBoxLayout>

namespace sandtable::ui {

BoardPiecesDock::BoardPiecesDock(ScenarioDocument& document, const Ruleset& ruleset, BoardPalette palette, QWidget* parent)
    : QDockWidget(tr("Pieces"), parent), m_document(document), m_ruleset(ruleset), m_palette(std::move(palette)) {
    setObjectName("pieces");
    auto* body = new QWidget(this);
    auto* layout = new QVBoxLayout(body);

    auto* sideRow = new QHBoxLayout();
    m_placeSide = new QComboBox(body);
    for (const Side& side : m_document.battle().sides) {
        m_placeSide->addItem(QString::fromStdString(side.name), QString::fromStdString(side.id));
    }
    auto* sideLabel = new QLabel(tr("&Units for:"), body);
    sideLabel->setBuddy(m_placeSide);
    sideRow->addWidget(sideLabel);
    sideRow->addWidget(m_placeSide, 1);
    layout->addLayout(sideRow);

    m_units = new QListWidget(body);
    m_units->setDragEnabled(true);
    m_units->setToolTip(tr("Double-click to put a unit in the middle of the table, or drag it to its place"));
    for (const UnitPiece& piece : m_palette.units) {
        m_units->addItem(QString::fromStdString(piece.label));
    }
    if (m_palette.units.empty()) {
        m_units->addItem(tr("(no scenario of this ruleset has units to copy)"));
        m_units->setEnabled(false);
    }
    layout->addWidget(m_units, 3);
    auto* addUnitButton = new QPushButton(tr("Put the &unit on the table"), body);
    layout->addWidget(addUnitButton);

    layout->addWidget(new QLabel(tr("Terrain:"), body));
    m_terrain = new QListWidget(body);
    m_terrain->setDragEnabled(true);
    m_terrain->setToolTip(tr("Double-click to put it in the middle of the table, or drag it to its place; "
                             "Edit > Adjust Terrain moves, enlarges and removes it"));
    for (const TerrainPiece& piece : m_palette.terrain) {
        m_terrain->addItem(QString::fromStdString(piece.label));
    }
    layout->addWidget(m_terrain, 1);
    auto* addTerrainButton = new QPushButton(tr("Put the &terrain on the table"), body);
    layout->addWidget(addTerrainButton);

    m_stateBox = new QGroupBox(tr("Selected unit"), body);
    m_stateForm = new QFormLayout(m_stateBox);
    layout->addWidget(m_stateBox);
    setWidget(body);

    const auto place = [this] { return m_placePoint ? m_placePoint() : QPointF(); };
    connect(addUnitButton, &QPushButton::clicked, this, [this, place] { addUnit(m_units->currentRow(), sideToPlace(), place()); });
    connect(m_units, &QListWidget::itemActivated, this, [this, place] { addUnit(m_units->currentRow(), sideToPlace(), place()); });
    connect(addTerrainButton, &QPushButton::clicked, this, [this, place] { addTerrain(m_terrain->currentRow(), place()); });
    connect(m_terrain, &QListWidget::itemActivated, this, [this, place] { addTerrain(m_terrain->currentRow(), place()); });
    // The widgets are kept while their unit is shown (one may be emitting): only their values follow.
    connect(&m_document, &ScenarioDocument::unitChanged, this, [this](const QString& id) {
        if (id == m_selected) {
            showValues();
        }
    });
    connect(&m_document, &ScenarioDocument::unitsAddedOrRemoved, this, [this] {
        if (m_document.battle().findUnit(m_selected.toStdString()) == nullptr) {
            QTimer::singleShot(0, this, [this] { setSelectedUnit({}); });
        }
    });
    refreshState();
}

QString BoardPiecesDock::sideToPlace() const { return m_placeSide->currentData().toString(); }

QString BoardPiecesDock::addUnit(int piece, const QString& side, QPointF at) {
    if (piece < 0 || static_cast<std::size_t>(piece) >= m_palette.units.size() ||
        m_document.battle().findSide(side.toStdString()) == nullptr) {
        return {};
    }
    Battle after = m_document.battle();
    const Unit unit = placedUnit(after, m_palette.units[static_cast<std::size_t>(piece)].unit, side.toStdString(), Point(at.x(), at.y()));
    after.units.push_back(unit);
    m_document.undoStack()->push(
        new BoardEditCommand(m_document, std::move(after), tr("Put down %1").arg(QString::fromStdString(unit.name))));
    return QString::fromStdString(unit.id);
}

QString BoardPiecesDock::addTerrain(int piece, QPointF at) {
    if (piece < 0 || static_cast<std::size_t>(piece) >= m_palette.terrain.size()) {
        return {};
    }
    Battle after = m_document.battle();
    const TerrainArea area = placedTerrain(after, m_palette.terrain[static_cast<std::size_t>(piece)].area, Point(at.x(), at.y()));
    after.areas.push_back(area);
    m_document.undoStack()->push(new BoardEditCommand(
        m_document, std::move(after), tr("Put down %1").arg(QString::fromStdString(area.name.empty() ? area.id : area.name))));
    return QString::fromStdString(area.id);
}

void BoardPiecesDock::removeUnits(const QStringList& unitIds) {
    Battle after = m_document.battle();
    const auto removed = std::erase_if(after.units, [&](const Unit& unit) { return unitIds.contains(QString::fromStdString(unit.id)); });
    if (removed == 0) {
        return;
    }
    for (Unit& unit : after.units) {
        if (unitIds.contains(QString::fromStdString(unit.attachedTo))) {
            unit.attachedTo.clear();
        }
    }
    m_document.undoStack()->push(
        new BoardEditCommand(m_document, std::move(after), tr("Take %n unit(s) off the table", nullptr, static_cast<int>(removed))));
}

void BoardPiecesDock::setSide(const QString& unitId, const QString& side) {
    Battle after = m_document.battle();
    Unit* unit = after.findUnit(unitId.toStdString());
    if (unit == nullptr || after.findSide(side.toStdString()) == nullptr || unit->side == side.toStdString()) {
        return;
    }
    unit->side = side.toStdString();
    unit->attachedTo.clear();
    const QString name = QString::fromStdString(unit->name);
    m_document.undoStack()->push(new BoardEditCommand(m_document, std::move(after), tr("%1 changes sides").arg(name)));
}

void BoardPiecesDock::setSetting(const QString& unitId, const std::string& settingId, int value) {
    Battle after = m_document.battle();
    Unit* unit = after.findUnit(unitId.toStdString());
    const std::vector<UnitSetting> settings = m_ruleset.unitSettings();
    const auto setting = std::find_if(settings.begin(), settings.end(), [&](const UnitSetting& s) { return s.id == settingId; });
    if (unit == nullptr || setting == settings.end()) {
        return;
    }
    if (setting->counter) {
        const double was = unit->counters.count(settingId) != 0 ? unit->counters.at(settingId) : setting->unset;
        if (was == value) {
            return;
        }
        unit->counters[settingId] = std::clamp(value, 0, setting->maximum);
    } else {
        if ((unit->markers.count(settingId) != 0) == (value != 0)) {
            return;
        }
        value != 0 ? (void)unit->markers.insert(settingId) : (void)unit->markers.erase(settingId);
    }
    const QString text = tr("%1: %2 set to %3").arg(QString::fromStdString(unit->name), QString::fromStdString(setting->name)).arg(value);
    m_document.undoStack()->push(new BoardEditCommand(m_document, std::move(after), text));
}

void BoardPiecesDock::setFigures(const QString& unitId, Health health, int count) {
    Battle after = m_document.battle();
    Unit* unit = after.findUnit(unitId.toStdString());
    if (unit == nullptr || figuresIn(*unit, health) == count) {
        return;
    }
    setFiguresIn(*unit, health, count);
    const QString text = tr("%1: %2 figure(s) %3")
                             .arg(QString::fromStdString(unit->name))
                             .arg(figuresIn(*unit, health))
                             .arg(QString::fromStdString(toString(health)).replace('-', ' '));
    m_document.undoStack()->push(new BoardEditCommand(m_document, std::move(after), text));
}

void BoardPiecesDock::setSelectedUnit(const QString& unitId) {
    if (unitId == m_selected && !m_settingWidgets.empty()) {
        return;
    }
    m_selected = unitId;
    refreshState();
}

void BoardPiecesDock::showValues() {
    const Unit* unit = m_document.battle().findUnit(m_selected.toStdString());
    if (unit == nullptr || m_sideBox == nullptr) {
        return;
    }
    const QSignalBlocker blockSide(m_sideBox);
    m_sideBox->setCurrentIndex(m_sideBox->findData(QString::fromStdString(unit->side)));
    const std::vector<UnitSetting> settings = m_ruleset.unitSettings();
    for (std::size_t i = 0; i < settings.size() && i < m_settingWidgets.size(); ++i) {
        const UnitSetting& setting = settings[i];
        const QSignalBlocker block(m_settingWidgets[i]);
        if (auto* box = qobject_cast<QSpinBox*>(m_settingWidgets[i])) {
            box->setValue(unit->counters.count(setting.id) != 0 ? static_cast<int>(unit->counters.at(setting.id)) : setting.unset);
        } else if (auto* check = qobject_cast<QCheckBox*>(m_settingWidgets[i])) {
            check->setChecked(unit->markers.count(setting.id) != 0);
        }
    }
    const std::vector<Health> states = m_ruleset.figureStates();
    for (std::size_t i = 0; i < states.size() && i < m_figureBoxes.size(); ++i) {
        const QSignalBlocker block(m_figureBoxes[i]);
        m_figureBoxes[i]->setValue(figuresIn(*unit, states[i]));
    }
}

void BoardPiecesDock::refreshState() {
    while (m_stateForm->rowCount() > 0) {
        m_stateForm->removeRow(0);
    }
    m_sideBox = nullptr;
    m_settingWidgets.clear();
    m_figureBoxes.clear();
    const Unit* unit = m_document.battle().findUnit(m_selected.toStdString());
    if (unit == nullptr) {
        m_stateBox->setTitle(tr("Selected unit"));
        m_stateForm->addRow(new QLabel(tr("Select a unit to set its side and state.")));
        return;
    }
    m_stateBox->setTitle(tr("Selected unit: %1").arg(QString::fromStdString(unit->name)));
    const QString id = m_selected;
    auto* side = new QComboBox();
    for (const Side& s : m_document.battle().sides) {
        side->addItem(QString::fromStdString(s.name), QString::fromStdString(s.id));
    }
    side->setCurrentIndex(side->findData(QString::fromStdString(unit->side)));
    connect(side, &QComboBox::currentIndexChanged, this, [this, id, side] { setSide(id, side->currentData().toString()); });
    m_stateForm->addRow(tr("Side:"), side);
    m_sideBox = side;
    for (const UnitSetting& setting : m_ruleset.unitSettings()) {
        const QString name = QString::fromStdString(setting.name);
        const std::string settingId = setting.id;
        if (setting.counter) {
            auto* box = new QSpinBox();
            box->setRange(0, setting.maximum);
            box->setValue(unit->counters.count(setting.id) != 0 ? static_cast<int>(unit->counters.at(setting.id)) : setting.unset);
            connect(box, &QSpinBox::valueChanged, this, [this, id, settingId](int value) { setSetting(id, settingId, value); });
            m_stateForm->addRow(name + ":", box);
            m_settingWidgets.push_back(box);
        } else {
            auto* box = new QCheckBox(name);
            box->setChecked(unit->markers.count(setting.id) != 0);
            connect(box, &QCheckBox::toggled, this, [this, id, settingId](bool on) { setSetting(id, settingId, on ? 1 : 0); });
            m_stateForm->addRow(box);
            m_settingWidgets.push_back(box);
        }
    }
    // The figures the rules count one by one: how many are wounded, or have fallen.
    for (const Health health : m_ruleset.figureStates()) {
        const QString word = QString::fromStdString(toString(health)).replace('-', ' '); // "lightly wounded"
        auto* box = new QSpinBox();
        box->setRange(0, figureCount(*unit));
        box->setValue(figuresIn(*unit, health));
        box->setToolTip(tr("How many of the unit's %n figure(s) are %1 (the rearmost first)", nullptr, figureCount(*unit)).arg(word));
        connect(box, &QSpinBox::valueChanged, this, [this, id, health](int value) { setFigures(id, health, value); });
        m_stateForm->addRow(tr("Figures %1:").arg(word), box);
        m_figureBoxes.push_back(box);
    }
}

} // namespace sandtable::ui
