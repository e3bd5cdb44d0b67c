#include "sandtable/ruling_board.h"

#include <algorithm>
#include <cctype>
#include <set>
#include <tuple>

namespace sandtable {

namespace {

std::string unitLabel(const Unit& unit) {
    std::string label = unit.name + " (" + unit.type;
    for (const std::string* word : {&unit.quality, &unit.formation}) {
        if (!word->empty()) {
            label += ", " + *word;
        }
    }
    const std::size_t count = unit.elements.size();
    return label + "; " + std::to_string(count) + (count == 1 ? " element)" : " elements)");
}

std::string areaTypeWord(AreaType type) {
    std::string word = toString(type);
    if (!word.empty()) {
        word[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(word[0])));
    }
    return word;
}

std::string slug(const std::string& text) {
    std::string out;
    for (const char c : text) {
        if (std::isalnum(static_cast<unsigned char>(c)) != 0) {
            out += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        } else if (!out.empty() && out.back() != '-') {
            out += '-';
        }
    }
    while (!out.empty() && out.back() == '-') {
        out.pop_back();
    }
    return out.empty() ? std::string("piece") : out;
}

bool idTaken(const Battle& battle, const std::string& id) {
    return battle.findUnit(id) != nullptr ||
           std::any_of(battle.areas.begin(), battle.areas.end(), [&](const TerrainArea& a) { return a.id == id; }) ||
           std::any_of(battle.lines.begin(), battle.lines.end(), [&](const TerrainLine& l) { return l.id == id; });
}

} // namespace

BoardPalette paletteFrom(const std::vector<Scenario>& scenarios, const std::string& rulesetId) {
    BoardPalette palette;
    std::set<std::tuple<std::string, std::string, std::string, int, std::size_t>> units;
    std::set<std::pair<AreaType, int>> terrain;
    for (const Scenario& scenario : scenarios) {
        if (scenario.rulesetId != rulesetId) {
            continue;
        }
        if (palette.sides.empty()) {
            palette.sides = scenario.battle.sides;
        }
        for (const Unit& unit : scenario.battle.units) {
            if (unit.eliminated() ||
                !units.insert({unit.type, unit.quality, unit.formation, static_cast<int>(unit.arm), unit.elements.size()}).second) {
                continue;
            }
            palette.units.push_back({unitLabel(unit), unit});
        }
        for (const TerrainArea& area : scenario.battle.areas) {
            // A crest stands on its hill: the palette offers whole hills' feet only.
            if (area.level > 1 || !terrain.insert({area.type, area.level}).second) {
                continue;
            }
            const std::string name = area.name.empty() ? area.id : area.name;
            palette.terrain.push_back({areaTypeWord(area.type) + ": " + name, area});
        }
    }
    return palette;
}

std::string freshId(const Battle& battle, const std::string& base) {
    const std::string stem = slug(base);
    if (!idTaken(battle, stem)) {
        return stem;
    }
    for (int n = 2;; ++n) {
        const std::string id = stem + "-" + std::to_string(n);
        if (!idTaken(battle, id)) {
            return id;
        }
    }
}

namespace {

/// Visits each figure's health in the unit, in order: a stand's listed figures, or a base
/// that is a single figure (it lists none).
template <class UnitType, class Visit> void forEachFigure(UnitType& unit, Visit visit) {
    for (auto& element : unit.elements) {
        if (element.figures.empty()) {
            visit(element.health);
        }
        for (auto& figure : element.figures) {
            visit(figure);
        }
    }
}

} // namespace

int figuresIn(const Unit& unit, Health health) {
    int count = 0;
    forEachFigure(unit, [&](Health figure) { count += figure == health ? 1 : 0; });
    return count;
}

int figureCount(const Unit& unit) {
    int count = 0;
    forEachFigure(unit, [&](Health) { ++count; });
    return count;
}

void setFiguresIn(Unit& unit, Health health, int count) {
    std::vector<Health*> healths;
    forEachFigure(unit, [&](Health& figure) { healths.push_back(&figure); });
    int now = figuresIn(unit, health);
    // The rear ranks take the losses, from the last figure back, and the foremost of them
    // give them back first: those so marked stay together at the rear.
    for (auto it = healths.rbegin(); it != healths.rend() && now < count && health != Health::Fit; ++it) {
        if (**it == Health::Fit) {
            **it = health;
            ++now;
        }
    }
    for (auto it = healths.begin(); it != healths.end() && now > count; ++it) {
        if (**it == health) {
            **it = Health::Fit;
            --now;
        }
    }
}

Unit placedUnit(const Battle& battle, const Unit& piece, const std::string& side, Point at) {
    Unit unit = piece;
    unit.id = freshId(battle, piece.id);
    unit.side = side;
    int copies = 1;
    for (const Unit& other : battle.units) {
        copies += other.name == piece.name || other.name.rfind(piece.name + " (", 0) == 0 ? 1 : 0;
    }
    unit.name = copies == 1 ? piece.name : piece.name + " (" + std::to_string(copies) + ")";
    unit.attachedTo.clear();
    unit.markers.clear();
    unit.counters.clear();
    unit.startingBases = 0;
    if (!unit.brigade.empty() && battle.findCommand(unit.brigade) == nullptr) {
        unit.brigade.clear();
    }
    const Point middle = piece.centre();
    for (std::size_t i = 0; i < unit.elements.size(); ++i) {
        Element& element = unit.elements[i];
        element.centre = Point(element.centre.x() - middle.x() + at.x(), element.centre.y() - middle.y() + at.y());
        element.id =
            isDefaultElementId(element.id, piece.id, i) || element.id.empty() ? defaultElementId(unit.id, i) : unit.id + "." + element.id;
        element.markers.clear();
        element.counters.clear();
    }
    return unit;
}

TerrainArea placedTerrain(const Battle& battle, const TerrainArea& piece, Point at) {
    TerrainArea area = piece;
    area.id = freshId(battle, piece.id);
    area.markers.clear();
    const auto box = boost::geometry::return_envelope<boost::geometry::model::box<Point>>(piece.outline);
    const Point middle((box.min_corner().x() + box.max_corner().x()) / 2, (box.min_corner().y() + box.max_corner().y()) / 2);
    for (Point& p : area.outline.outer()) {
        p = Point(p.x() - middle.x() + at.x(), p.y() - middle.y() + at.y());
    }
    for (auto& ring : area.outline.inners()) {
        for (Point& p : ring) {
            p = Point(p.x() - middle.x() + at.x(), p.y() - middle.y() + at.y());
        }
    }
    return area;
}

} // namespace sandtable
