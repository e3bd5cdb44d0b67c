#include "sandtable/battle.h"

#include "named_values.h"

#include <algorithm>
#include <charconv>
#include <utility>

namespace sandtable {

namespace {

constexpr NameTable<Health, 6> healthNames{{
    {Health::Fit, "fit"},
    {Health::LightlyWounded, "lightly-wounded"},
    {Health::HeavilyWounded, "heavily-wounded"},
    {Health::Killed, "killed"},
    {Health::Captured, "captured"},
    {Health::Ran, "ran"},
}};

constexpr NameTable<Arm, 4> armNames{{
    {Arm::Foot, "foot"},
    {Arm::Horse, "horse"},
    {Arm::Guns, "guns"},
    {Arm::Leader, "leader"},
}};

} // namespace

WorkingCopySlot::WorkingCopySlot() = default;
WorkingCopySlot::WorkingCopySlot(const WorkingCopySlot&) {}
WorkingCopySlot::~WorkingCopySlot() = default;

WorkingCopySlot& WorkingCopySlot::operator=(const WorkingCopySlot&) {
    // The battle holding the slot is replaced: a copy lent it matches it no more.
    m_copy.reset();
    m_applied = 0;
    m_taken = false;
    return *this;
}

void WorkingCopySlot::lend(std::unique_ptr<Battle> copy) {
    m_copy = std::move(copy);
    m_applied = 0;
    m_taken = false;
}

std::unique_ptr<Battle> WorkingCopySlot::take() const {
    if (m_copy) {
        m_taken = true;
    }
    return std::move(m_copy);
}

void WorkingCopySlot::giveBack(std::unique_ptr<Battle> copy, std::size_t eventsApplied) const {
    m_copy = std::move(copy);
    m_applied = eventsApplied;
}

WorkingCopySlot::Returned WorkingCopySlot::takeBack() {
    Returned returned{std::move(m_copy), m_applied, m_taken};
    m_applied = 0;
    m_taken = false;
    return returned;
}

std::string toString(Health health) { return nameOf(healthNames, health); }
std::optional<Health> healthFromString(const std::string& text) { return valueOf(healthNames, text); }

std::string defaultElementId(const std::string& unitId, std::size_t index) { return unitId + "." + std::to_string(index + 1); }

std::vector<std::string> identityOf(const Element& element) {
    std::vector<std::string> parts;
    for (const std::string* part : {&element.role, &element.rank, &element.weapon}) {
        if (!part->empty()) {
            parts.push_back(*part);
        }
    }
    if (element.health != Health::Fit) {
        parts.push_back(toString(element.health));
    }
    parts.insert(parts.end(), element.markers.begin(), element.markers.end());
    return parts;
}

bool isDefaultElementId(const std::string& id, const std::string& unitId, std::size_t index) {
    char digits[24];
    const auto written = std::to_chars(digits, digits + sizeof digits, index + 1);
    const std::string_view number(digits, static_cast<std::size_t>(written.ptr - digits));
    return id.size() == unitId.size() + 1 + number.size() && id.compare(0, unitId.size(), unitId) == 0 && id[unitId.size()] == '.' &&
           id.compare(unitId.size() + 1, number.size(), number) == 0;
}
std::string toString(Arm arm) { return nameOf(armNames, arm); }
std::optional<Arm> armFromString(const std::string& text) { return valueOf(armNames, text); }

Segment Element::frontEdge() const {
    const auto corners = rectangleCorners(centre, width, depth, facing);
    return Segment(corners[0], corners[1]);
}

Point Unit::centre() const {
    if (elements.empty()) {
        return Point(0, 0);
    }
    double x = 0;
    double y = 0;
    for (const Element& element : elements) {
        x += element.centre.x();
        y += element.centre.y();
    }
    return Point(x / static_cast<double>(elements.size()), y / static_cast<double>(elements.size()));
}

Element* Unit::findElement(const std::string& elementId) {
    const auto found = std::find_if(elements.begin(), elements.end(), [&](const Element& element) { return element.id == elementId; });
    return found == elements.end() ? nullptr : &*found;
}

const Element* Unit::findElement(const std::string& elementId) const { return const_cast<Unit*>(this)->findElement(elementId); }

void Unit::nameElements() {
    for (std::size_t i = 0; i < elements.size(); ++i) {
        if (elements[i].id.empty()) {
            elements[i].id = defaultElementId(id, i);
        }
    }
}

void Battle::countStartingBases() {
    for (Unit& unit : units) {
        if (unit.startingBases == 0) {
            unit.startingBases = static_cast<int>(unit.elements.size());
        }
    }
}

namespace {

/// The item of a battle's list with this id, or none: units, sides and commands alike.
template <typename Items> auto byId(Items& items, const std::string& id) -> decltype(&items.front()) {
    const auto found = std::find_if(items.begin(), items.end(), [&](const auto& item) { return item.id == id; });
    return found == items.end() ? nullptr : &*found;
}

} // namespace

const Unit* Battle::findUnit(const std::string& id) const {
    // By the index where there is one: its ids hold while units only move.
    if (const UnitIndex* filed = index.ids()) {
        const std::ptrdiff_t position = filed->positionOf(id);
        if (position < 0) {
            return nullptr;
        }
        const auto at = static_cast<std::size_t>(position);
        if (at < units.size() && units[at].id == id) {
            return &units[at];
        }
    }
    return byId(units, id);
}
Unit* Battle::findUnit(const std::string& id) { return const_cast<Unit*>(std::as_const(*this).findUnit(id)); }
const Side* Battle::findSide(const std::string& id) const { return byId(sides, id); }
Side* Battle::findSide(const std::string& id) { return byId(sides, id); }
const Command* Battle::findCommand(const std::string& id) const { return byId(commands, id); }
Command* Battle::findCommand(const std::string& id) { return byId(commands, id); }

std::vector<const Command*> chainOfCommand(const Battle& battle, const Unit& unit) {
    std::vector<const Command*> chain;
    // The chain stops where a parent is missing, or (in a battle built in code and never
    // checked) where it would come round to a command already in it.
    for (const Command* command = battle.findCommand(unit.brigade);
         command != nullptr && std::find(chain.begin(), chain.end(), command) == chain.end();
         command = battle.findCommand(command->parent)) {
        chain.push_back(command);
    }
    return chain;
}

bool servesUnder(const Battle& battle, const Unit& unit, const std::string& commandId) {
    if (unit.brigade == commandId) {
        return true;
    }
    const std::vector<const Command*> chain = chainOfCommand(battle, unit);
    return std::any_of(chain.begin(), chain.end(), [&](const Command* command) { return command->id == commandId; });
}

std::vector<std::string> unitsCalled(const Battle& battle, const CardCall& call) {
    if (call.empty()) {
        return {};
    }
    return unitIdsWhere(battle, [&](const Unit& unit) {
        const bool called = !call.command.empty() ? servesUnder(battle, unit, call.command)
                            : !call.units.empty() ? std::find(call.units.begin(), call.units.end(), unit.id) != call.units.end()
                                                  : true;
        return called && unit.side == call.side && !unit.eliminated();
    });
}

std::string callText(const Battle& battle, const CardCall& call) {
    if (call.empty()) {
        return "no one";
    }
    const Side* side = battle.findSide(call.side);
    std::string text = side != nullptr ? side->name : call.side;
    if (!call.command.empty()) {
        const Command* command = battle.findCommand(call.command);
        return text + ": " + (command != nullptr ? command->name : call.command) + " acts as one";
    }
    for (std::size_t i = 0; i < call.units.size(); ++i) {
        const Unit* unit = battle.findUnit(call.units[i]);
        text += (i == 0 ? ": " : ", ") + (unit != nullptr ? unit->name : call.units[i]);
    }
    return text;
}

std::vector<std::string> unitsUnder(const Battle& battle, const std::string& commandId) {
    return unitIdsWhere(battle, [&](const Unit& unit) { return servesUnder(battle, unit, commandId); });
}

} // namespace sandtable
