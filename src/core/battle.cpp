#include "sandtable/battle.h"

#include <algorithm>
#include <array>

namespace sandtable {

namespace {

constexpr std::array<const char*, 6> figureStateNames{"fit",    "lightly-wounded", "heavily-wounded",
                                                      "killed", "captured",        "prone"};
constexpr std::array<const char*, 4> armNames{"foot", "horse", "guns", "leader"};

} // namespace

std::string toString(FigureState state) { return figureStateNames[static_cast<std::size_t>(state)]; }

std::optional<FigureState> figureStateFromString(const std::string& text) {
    for (std::size_t i = 0; i < figureStateNames.size(); ++i) {
        if (text == figureStateNames[i]) {
            return static_cast<FigureState>(i);
        }
    }
    return std::nullopt;
}

std::string toString(Arm arm) { return armNames[static_cast<std::size_t>(arm)]; }

std::optional<Arm> armFromString(const std::string& text) {
    for (std::size_t i = 0; i < armNames.size(); ++i) {
        if (text == armNames[i]) {
            return static_cast<Arm>(i);
        }
    }
    return std::nullopt;
}

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

const Unit* Battle::findUnit(const std::string& id) const {
    const auto found = std::find_if(units.begin(), units.end(), [&](const Unit& u) { return u.id == id; });
    return found == units.end() ? nullptr : &*found;
}

Unit* Battle::findUnit(const std::string& id) {
    const auto found = std::find_if(units.begin(), units.end(), [&](const Unit& u) { return u.id == id; });
    return found == units.end() ? nullptr : &*found;
}

const Side* Battle::findSide(const std::string& id) const {
    const auto found = std::find_if(sides.begin(), sides.end(), [&](const Side& s) { return s.id == id; });
    return found == sides.end() ? nullptr : &*found;
}

} // namespace sandtable
