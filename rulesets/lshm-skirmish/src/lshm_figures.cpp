#include "lshm_figures.h"

#include "sandtable/battle_geometry.h"
#include "sandtable/measure.h"

#include <algorithm>
#include <boost/geometry.hpp>
#include <limits>
#include <stdexcept>

namespace sandtable::lshm {

namespace bg = boost::geometry;

Citation cite(const char* heading) { return Citation{"004_96dc734b0b204b1c.txt", heading}; }

bool isLeader(const Element& figure) { return leaderRank(figure) > 0; }

int leaderRank(const Element& figure) {
    if (figure.role == "commander-in-chief") {
        return 3;
    }
    if (figure.role == "officer") {
        return 2;
    }
    return figure.role == "nco" ? 1 : 0;
}

bool isKeyFigure(const Element& figure) {
    return figure.role == "gunner" || figure.role == "sapper" || figure.role == "standard" || figure.role == "musician" ||
           figure.role == "cavalryman";
}

bool isGun(const Element& element) { return element.role == "gun"; }
bool isCommanderInChief(const Element& figure) { return figure.role == "commander-in-chief"; }
bool present(const Element& figure) { return !isGun(figure) && standing(figure.health); }
bool isFit(const Element& figure) { return !isGun(figure) && figure.health == Health::Fit; }
bool isWounded(const Element& figure) { return figure.health == Health::LightlyWounded || figure.health == Health::HeavilyWounded; }

const TroopType& typeOf(const Data& data, const Unit& unit) {
    const TroopType* type = data.type(unit.type);
    if (type == nullptr) {
        throw std::logic_error("unit '" + unit.id + "' has no troop type '" + unit.type + "'");
    }
    return *type;
}

const Formation& formationOf(const Data& data, const Unit& unit) {
    const Formation* formation = data.formation(unit.formation);
    return formation != nullptr ? *formation : *data.formation(typeOf(data, unit).normalFormation);
}

bool isBasicUnit(const Unit& unit) { return unit.arm != Arm::Leader && !unit.eliminated(); }
bool routed(const Unit& unit) { return unit.markers.count("routed") != 0; }
bool shaken(const Unit& unit) { return unit.markers.count("shaken") != 0; }

std::vector<const Element*> figuresOf(const Unit& unit) {
    std::vector<const Element*> figures;
    for (const Element& element : unit.elements) {
        if (present(element)) {
            figures.push_back(&element);
        }
    }
    return figures;
}

int fitFigures(const Unit& unit) {
    return static_cast<int>(std::count_if(unit.elements.begin(), unit.elements.end(), [](const Element& e) { return isFit(e); }));
}

int startingFigures(const Unit& unit) {
    const double counted = kit::counter(unit, "start-figures");
    return counted > 0 ? static_cast<int>(counted) : static_cast<int>(figuresOf(unit).size());
}

std::string weaponOf(const Unit& unit, const Element& figure) {
    if (!figure.weapon.empty()) {
        return figure.weapon;
    }
    // Officers carry pistols (special rule 4); NCOs the unit's arm.
    if (figure.role == "officer" || figure.role == "commander-in-chief" || unit.arm == Arm::Leader) {
        return "pistol";
    }
    if (unit.stats.contains("weapon") && unit.stats["weapon"].is_string()) {
        return unit.stats["weapon"].get<std::string>();
    }
    return unit.arm == Arm::Horse ? "carbine" : "musket";
}

bool hasLeader(const Battle& battle, const Unit& unit) {
    for (const Element& figure : unit.elements) {
        if (isLeader(figure) && isFit(figure)) {
            return true;
        }
    }
    for (const Unit& other : battle.units) {
        if (other.side != unit.side || other.arm != Arm::Leader || other.eliminated()) {
            continue;
        }
        for (const Element& leader : other.elements) {
            if (isFit(leader) && std::any_of(unit.elements.begin(), unit.elements.end(), [&](const Element& figure) {
                    return present(figure) && atMost(inchesBetween(battle, leader.centre, figure.centre), 6.0);
                })) {
                return true;
            }
        }
    }
    return false;
}

bool hasBayonets(const Data& data, const Unit& unit) {
    if (unit.stats.contains("bayonets") && unit.stats["bayonets"].is_boolean()) {
        return unit.stats["bayonets"].get<bool>();
    }
    return typeOf(data, unit).bayonets;
}

double inchesBetween(const Battle& battle, const Point& a, const Point& b) { return battle.table.toUnits(bg::distance(a, b)); }

double unitGap(const Battle& battle, const Unit& a, const Unit& b) {
    double best = std::numeric_limits<double>::max();
    for (const Element& mine : a.elements) {
        if (!present(mine) && !isGun(mine)) {
            continue;
        }
        for (const Element& theirs : b.elements) {
            if (present(theirs) || isGun(theirs)) {
                best = std::min(best, bg::distance(mine.centre, theirs.centre));
            }
        }
    }
    return best == std::numeric_limits<double>::max() ? best : battle.table.toUnits(best);
}

namespace {

const Unit* nearestOf(const Battle& battle, const Unit& unit, bool enemies) {
    const Unit* best = nullptr;
    double bestGap = std::numeric_limits<double>::max();
    for (const Unit& other : battle.units) {
        if (&other == &unit || (other.side != unit.side) != enemies || !isBasicUnit(other) || routed(other) || figuresOf(other).empty()) {
            continue;
        }
        const double gap = unitGap(battle, unit, other);
        if (gap < bestGap) {
            bestGap = gap;
            best = &other;
        }
    }
    return best;
}

bool isRough(const TerrainArea& area) {
    return area.type == AreaType::Woods || area.type == AreaType::Rough || area.type == AreaType::Hill || area.type == AreaType::Marsh;
}

} // namespace

const Unit* nearestEnemy(const Battle& battle, const Unit& unit) { return nearestOf(battle, unit, true); }
const Unit* nearestFriend(const Battle& battle, const Unit& unit) { return nearestOf(battle, unit, false); }

const Element* nearestFigure(const Unit& of, const Point& to) {
    const Element* best = nullptr;
    double bestDistance = std::numeric_limits<double>::max();
    for (const Element& figure : of.elements) {
        if (!present(figure)) {
            continue;
        }
        const double distance = bg::distance(figure.centre, to);
        if (distance < bestDistance) {
            bestDistance = distance;
            best = &figure;
        }
    }
    return best;
}

bool roughAt(const Battle& battle, const Point& at) {
    return std::any_of(battle.areas.begin(), battle.areas.end(),
                       [&](const TerrainArea& area) { return isRough(area) && bg::covered_by(at, area.outline); });
}

bool roughBetween(const Battle& battle, const Point& from, const Point& to) {
    Path leg;
    leg.push_back(from);
    leg.push_back(to);
    return std::any_of(battle.areas.begin(), battle.areas.end(),
                       [&](const TerrainArea& area) { return isRough(area) && bg::intersects(leg, area.outline); });
}

const TerrainArea* buildingAt(const Battle& battle, const Point& at) {
    for (const TerrainArea& area : battle.areas) {
        if (area.type == AreaType::BuiltUp && bg::covered_by(at, area.outline)) {
            return &area;
        }
    }
    return nullptr;
}

const TerrainLine* linearCoverAgainst(const Battle& battle, const Point& figure, const Point& enemy) {
    Path line;
    line.push_back(figure);
    line.push_back(enemy);
    for (const TerrainLine& obstacle : battle.lines) {
        if (obstacle.type != LineType::Wall && obstacle.type != LineType::Hedge && obstacle.type != LineType::Fence) {
            continue;
        }
        if (atMost(battle.table.toUnits(bg::distance(figure, obstacle.path)), 1.0) && bg::intersects(line, obstacle.path)) {
            return &obstacle;
        }
    }
    return nullptr;
}

bool onRoad(const Battle& battle, const Point& at) {
    return std::any_of(battle.lines.begin(), battle.lines.end(), [&](const TerrainLine& line) {
        return (line.type == LineType::Road || line.type == LineType::Bridge) &&
               atMost(battle.table.toUnits(bg::distance(at, line.path)), 0.5);
    });
}

void setElementMarker(Step& step, const Unit& unit, const Element& figure, const char* marker, bool present) {
    if ((figure.markers.count(marker) != 0) != present) {
        step.emit(event::ElementMarkerChanged{unit.id, figure.id, marker, present});
    }
}

} // namespace sandtable::lshm
