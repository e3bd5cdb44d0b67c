#include "oibl_units.h"

#include "sandtable/battle_geometry.h"
#include "sandtable/measure.h"
#include "sandtable/unit_index.h"

#include <algorithm>
#include <cmath>

namespace sandtable::oibl {

namespace bg = boost::geometry;

Citation cite(const char* heading) { return Citation{"003_524828208fa59482.txt", heading}; }

const TroopType& typeOf(const Data& data, const Unit& unit) {
    const TroopType* type = data.type(unit.markers.count("dismounted") != 0 ? std::string("dismounted-cavalry") : unit.type);
    if (type == nullptr) {
        throw std::logic_error("unit '" + unit.id + "' has no troop type '" + unit.type + "'");
    }
    return *type;
}

const Formation& formationOf(const Data& data, const Unit& unit) {
    const Formation* formation = data.formation(unit.formation);
    if (formation == nullptr) {
        formation = data.formation(typeOf(data, unit).normalFormation);
    }
    if (formation == nullptr) {
        throw std::logic_error("unit '" + unit.id + "' has no formation '" + unit.formation + "'");
    }
    return *formation;
}

namespace {

bool stat(const Unit& unit, const char* key) { return unit.stats.is_object() && unit.stats.value(key, false); }

std::string statText(const Unit& unit, const char* key) {
    if (!unit.stats.is_object()) {
        return {};
    }
    const auto found = unit.stats.find(key);
    return found != unit.stats.end() && found->is_string() ? found->get<std::string>() : std::string();
}

void addFormation(std::vector<std::string>& formations, const std::string& formation) {
    if (std::find(formations.begin(), formations.end(), formation) == formations.end()) {
        formations.push_back(formation);
    }
}

void dropFormation(std::vector<std::string>& formations, const std::string& formation) {
    formations.erase(std::remove(formations.begin(), formations.end(), formation), formations.end());
}

} // namespace

std::vector<std::string> formationsFor(const Data& data, const Unit& unit) {
    const TroopType& type = typeOf(data, unit);
    std::vector<std::string> formations = type.formations;
    if (type.arm == Arm::Foot && type.id != "indians" && type.id != "dismounted-cavalry") {
        // GERMAN INFANTRY: close order at all times, unless the scenario allows more.
        if (statText(unit, "nation") == "german" && !stat(unit, "openOrder")) {
            dropFormation(formations, "open");
        }
        if (stat(unit, "openOrder")) {
            addFormation(formations, "open");
        }
        // AMERICAN AND LOYALIST MILITIA: never close order "unless authorized by the scenario".
        if (stat(unit, "closeOrder")) {
            addFormation(formations, "close");
        }
        if (stat(unit, "skirmish")) {
            addFormation(formations, "skirmish");
        }
    }
    return formations;
}

std::string weaponOf(const Data& data, const Unit& unit) {
    if (unit.markers.count("dismounted") == 0) {
        if (std::string own = statText(unit, "weapon"); !own.empty()) {
            return own;
        }
    }
    return typeOf(data, unit).weapon;
}

bool hasBayonets(const Data& data, const Unit& unit) {
    if (unit.markers.count("dismounted") == 0 && unit.stats.is_object() && unit.stats.contains("bayonets") &&
        unit.stats["bayonets"].is_boolean()) {
        return unit.stats["bayonets"].get<bool>();
    }
    return typeOf(data, unit).bayonets;
}

bool mounted(const Unit& unit) { return unit.arm == Arm::Horse && unit.markers.count("dismounted") == 0; }
bool skirmishing(const Unit& unit) { return unit.formation == "skirmish"; }
bool routing(const Unit& unit) { return unit.markers.count("routing") != 0; }
bool isIndian(const Unit& unit) { return unit.type == "indians"; }
bool hasPanicMarker(const Unit& unit) { return unit.markers.count("panic") != 0; }
bool isOfficer(const Unit& unit) { return unit.arm == Arm::Leader; }
bool fighting(const Unit& unit) { return !unit.eliminated() && !isOfficer(unit); }

Health officerHealth(const Unit& officer) {
    return officer.elements.empty() || officer.elements.front().figures.empty() ? Health::Fit : officer.elements.front().figures.front();
}

bool skirmishAbility(const Data& data, const Unit& unit) {
    if (skirmishing(unit)) {
        return true;
    }
    const auto formations = formationsFor(data, unit);
    return std::find(formations.begin(), formations.end(), "skirmish") != formations.end();
}

bool closeOrOpenOrder(const Unit& unit) {
    if (routing(unit)) {
        return unit.counters.count("formed-before-rout") != 0; // as it routed
    }
    return unit.formation == "close" || unit.formation == "open" || unit.formation == "line";
}

int standingFigures(const Element& stand) {
    return static_cast<int>(std::count_if(stand.figures.begin(), stand.figures.end(), [](Health health) { return standing(health); }));
}

int figuresLeft(const Unit& unit) {
    int figures = 0;
    for (const Element& stand : unit.elements) {
        figures += standingFigures(stand);
    }
    return figures;
}

int startingFigures(const Unit& unit) {
    const auto found = unit.counters.find("starting-figures");
    return found != unit.counters.end() ? static_cast<int>(found->second) : figuresLeft(unit);
}

const Element& commandStand(const Unit& unit) {
    for (const Element& stand : unit.elements) {
        if (stand.role == "command stand") {
            return stand;
        }
    }
    return unit.elements.front();
}

StandPlace placeOf(const Unit& unit, const Element& stand) {
    const Element& command = commandStand(unit);
    const Point ahead = facingVector(command.facing);
    const Point right = facingVector(command.facing + 90);
    double front = -1e300;
    for (const Element& other : unit.elements) {
        front = std::max(front, (other.centre.x() - command.centre.x()) * ahead.x() + (other.centre.y() - command.centre.y()) * ahead.y());
    }
    const double dx = stand.centre.x() - command.centre.x();
    const double dy = stand.centre.y() - command.centre.y();
    const double along = dx * ahead.x() + dy * ahead.y();
    StandPlace place;
    place.rank = static_cast<int>(std::lround((front - along) / std::max(1.0, stand.depth)));
    place.across = dx * right.x() + dy * right.y();
    return place;
}

std::vector<const Element*> frontRank(const Unit& unit) {
    std::vector<std::pair<double, const Element*>> placed; // across, stand
    for (const Element& stand : unit.elements) {
        if (const StandPlace place = placeOf(unit, stand); place.rank == 0) {
            placed.push_back({place.across, &stand});
        }
    }
    std::stable_sort(placed.begin(), placed.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
    std::vector<const Element*> front;
    for (const auto& [across, stand] : placed) {
        front.push_back(stand);
    }
    return front;
}

namespace {

// Indians test one morale quality higher for charging and melee, and one higher for all
// purposes in woods (INDIANS; RULINGS.md, oibl-quality).
int indianLevels(const Battle& battle, const Unit& unit, bool chargeOrMelee) {
    if (!isIndian(unit)) {
        return 0;
    }
    return (chargeOrMelee ? 1 : 0) + (inWoods(battle, unit) ? 1 : 0);
}

} // namespace

int moraleNumber(const Data& data, const Battle& battle, const Unit& unit, bool chargeOrMelee) {
    const Quality* quality = data.quality(unit.quality);
    const int base = quality != nullptr ? quality->moraleNumber : 0;
    return base + indianLevels(battle, unit, chargeOrMelee);
}

int qualityRank(const Data& data, const Battle& battle, const Unit& unit, bool chargeOrMelee) {
    return data.qualityRank(unit.quality) - indianLevels(battle, unit, chargeOrMelee);
}

std::string qualityName(const Data& data, const Unit& unit) {
    const Quality* quality = data.quality(unit.quality);
    return quality != nullptr ? quality->name : unit.quality;
}

double gapInches(const Battle& battle, const Unit& a, const Unit& b) {
    return battle.table.toUnits(distanceBetween(a, b, DistanceConvention::NearestEdges));
}

std::vector<const Unit*> enemiesWithin(const Battle& battle, const Unit& unit, double reach) {
    std::vector<const Unit*> within;
    for (const Unit* enemy : enemiesNear(battle, unit, battle.table.fromUnits(reach + measure::tolerance))) {
        if (fighting(*enemy) && !measure::exceeds(battle.table.toUnits(gapAtLeast(unit, *enemy)), reach) &&
            measure::atMost(gapInches(battle, unit, *enemy), reach)) {
            within.push_back(enemy);
        }
    }
    return within;
}

const Unit* nearestEnemy(const Battle& battle, const Unit& unit) {
    const Unit* nearest = nullptr;
    double best = 0;
    for (const Unit& other : battle.units) {
        if (other.side == unit.side || !fighting(other) || routing(other)) {
            continue;
        }
        const double gap = distanceBetween(unit, other, DistanceConvention::NearestEdges);
        if (nearest == nullptr || gap < best) {
            nearest = &other;
            best = gap;
        }
    }
    return nearest;
}

bool inWoods(const Battle& battle, const Unit& unit) {
    if (unit.eliminated()) {
        return false;
    }
    const Point centre = unit.centre();
    return std::any_of(battle.areas.begin(), battle.areas.end(),
                       [&](const TerrainArea& area) { return area.type == AreaType::Woods && bg::within(centre, area.outline); });
}

namespace {

bool heavy(const nlohmann::json& rules) { return rules.is_object() && rules.value("cover", std::string()) == "heavy"; }

} // namespace

CoverCheck coverOf(const Battle& battle, const Unit& unit, const Unit* enemy) {
    CoverCheck best;
    if (unit.eliminated()) {
        return best;
    }
    const auto better = [&](Cover cover, std::string reason) {
        if (static_cast<int>(cover) > static_cast<int>(best.cover)) {
            best = {cover, std::move(reason)};
        }
    };
    const Point centre = unit.centre();
    for (const TerrainArea& area : battle.areas) {
        if (!bg::within(centre, area.outline)) {
            continue;
        }
        const std::string name = area.name.empty() ? toString(area.type) : area.name;
        if (heavy(area.rules)) {
            better(Cover::Heavy, "in " + name + " (heavy cover, as the scenario says)");
        } else if (area.type == AreaType::Woods || area.type == AreaType::BuiltUp) {
            better(Cover::Light, "in " + name + " (" + toString(area.type) + ": light cover)");
        }
    }
    if (enemy != nullptr && !enemy->eliminated()) {
        // A hedge, fence or wall within 1" in front, between it and the enemy.
        Path between;
        between.push_back(centre);
        between.push_back(enemy->centre());
        const double oneInch = battle.table.fromUnits(1);
        for (const TerrainLine& line : battle.lines) {
            const bool obstacle = line.type == LineType::Hedge || line.type == LineType::Fence || line.type == LineType::Wall;
            if ((!obstacle && !heavy(line.rules)) || !bg::intersects(between, line.path)) {
                continue;
            }
            double nearest = 1e300;
            for (const Element& stand : unit.elements) {
                nearest = std::min(nearest, static_cast<double>(bg::distance(line.path, stand.footprint())));
            }
            if (!measure::atMost(nearest, oneInch)) {
                continue;
            }
            const std::string name = line.name.empty() ? toString(line.type) : line.name;
            if (heavy(line.rules)) {
                better(Cover::Heavy, "behind " + name + " (heavy cover, as the scenario says)");
            } else {
                better(Cover::Light, "behind " + name + " (" + toString(line.type) + ": light cover against " + enemy->name + ")");
            }
        }
    }
    return best;
}

namespace {

bool withUnit(const Battle& battle, const Unit& officer, const Unit& unit) {
    if (officer.eliminated() || officer.side != unit.side || unit.eliminated()) {
        return false;
    }
    if (officer.attachedTo == unit.id) {
        return true;
    }
    return officer.attachedTo.empty() && measure::atMost(gapInches(battle, officer, unit), 1.0);
}

} // namespace

std::vector<const Unit*> commandingOfficersWith(const Battle& battle, const Unit& unit) {
    std::vector<const Unit*> officers;
    for (const Command* command : chainOfCommand(battle, unit)) {
        const Unit* officer = command->commander.empty() ? nullptr : battle.findUnit(command->commander);
        if (officer != nullptr && officer->id != unit.id && withUnit(battle, *officer, unit) &&
            std::find(officers.begin(), officers.end(), officer) == officers.end()) {
            officers.push_back(officer);
        }
    }
    return officers;
}

std::vector<const Unit*> officersWith(const Battle& battle, const Unit& unit) {
    std::vector<const Unit*> officers;
    for (const Unit& other : battle.units) {
        if (isOfficer(other) && other.id != unit.id && withUnit(battle, other, unit)) {
            officers.push_back(&other);
        }
    }
    return officers;
}

} // namespace sandtable::oibl
