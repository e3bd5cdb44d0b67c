#include "sandtable/battle.h"

#include "named_values.h"

#include <algorithm>
#include <utility>

namespace sandtable {

namespace {

constexpr NameTable<FigureState, 6> figureStateNames{{
    {FigureState::Fit, "fit"},
    {FigureState::LightlyWounded, "lightly-wounded"},
    {FigureState::HeavilyWounded, "heavily-wounded"},
    {FigureState::Killed, "killed"},
    {FigureState::Captured, "captured"},
    {FigureState::Prone, "prone"},
}};

constexpr NameTable<Arm, 4> armNames{{
    {Arm::Foot, "foot"},
    {Arm::Horse, "horse"},
    {Arm::Guns, "guns"},
    {Arm::Leader, "leader"},
}};

} // namespace

std::string toString(FigureState state) { return nameOf(figureStateNames, state); }
std::optional<FigureState> figureStateFromString(const std::string& text) { return valueOf(figureStateNames, text); }
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

void Battle::countStartingBases() {
    for (Unit& unit : units) {
        if (unit.startingBases == 0) {
            unit.startingBases = static_cast<int>(unit.elements.size());
        }
    }
}

const Unit* Battle::findUnit(const std::string& id) const {
    const auto found = std::find_if(units.begin(), units.end(), [&](const Unit& u) { return u.id == id; });
    return found == units.end() ? nullptr : &*found;
}

Unit* Battle::findUnit(const std::string& id) { return const_cast<Unit*>(std::as_const(*this).findUnit(id)); }

const Side* Battle::findSide(const std::string& id) const {
    const auto found = std::find_if(sides.begin(), sides.end(), [&](const Side& s) { return s.id == id; });
    return found == sides.end() ? nullptr : &*found;
}

Side* Battle::findSide(const std::string& id) { return const_cast<Side*>(std::as_const(*this).findSide(id)); }

} // namespace sandtable
