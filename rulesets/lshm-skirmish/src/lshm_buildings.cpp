#include "lshm_buildings.h"

#include "sandtable/geometry.h"
#include "sandtable/measure.h"

#include <algorithm>
#include <boost/geometry.hpp>
#include <cmath>

namespace sandtable::lshm {

namespace bg = boost::geometry;

namespace {

const nlohmann::json& rulesOf(const TerrainArea& building) { return building.rules; }

std::string marker(const char* what, const std::string& opening) { return std::string(what) + ":" + opening; }

const TerrainArea* findArea(const Battle& battle, const std::string& id) {
    for (const TerrainArea& area : battle.areas) {
        if (area.id == id) {
            return &area;
        }
    }
    return nullptr;
}

std::pair<std::string, std::string> splitChoice(const std::string& choice) {
    const auto slash = choice.find('/');
    return slash == std::string::npos ? std::make_pair(choice, std::string())
                                      : std::make_pair(choice.substr(0, slash), choice.substr(slash + 1));
}

/// The column of the breaching charts an opening is read in: a window, a door (a barn door
/// too), or the building's kind of wall for a breach made through a wall.
std::string breachKind(const TerrainArea& building, const std::string& openingId) {
    if (openingId.rfind("wall-", 0) == 0) {
        return wallsOf(building);
    }
    for (const Opening& opening : openingsOf(building)) {
        if (opening.id == openingId) {
            return opening.kind == "window" ? "window" : "door";
        }
    }
    return "window";
}

bool hasSapper(const Unit& unit) {
    return std::any_of(unit.elements.begin(), unit.elements.end(), [](const Element& e) { return e.role == "sapper" && isFit(e); });
}

} // namespace

std::vector<Opening> openingsOf(const TerrainArea& building) {
    std::vector<Opening> openings;
    const nlohmann::json& rules = rulesOf(building);
    if (!rules.contains("openings") || !rules["openings"].is_array()) {
        return openings;
    }
    for (const nlohmann::json& item : rules["openings"]) {
        if (!item.is_object()) {
            continue;
        }
        Opening opening;
        opening.id = item.value("id", std::string());
        opening.kind = item.value("kind", std::string("window"));
        opening.facing = item.value("facing", 0.0);
        opening.open = item.value("state", std::string("closed")) == "open";
        openings.push_back(opening);
    }
    return openings;
}

std::string wallsOf(const TerrainArea& building) { return rulesOf(building).value("walls", std::string("masonry-wall")); }

int capacityOf(const TerrainArea& building) {
    const nlohmann::json& rules = rulesOf(building);
    return rules.value("capacityPerStorey", 6) * std::max(1, rules.value("storeys", 1));
}

bool isOpen(const TerrainArea& building, const Opening& opening) {
    return opening.open || building.markers.count(marker("open", opening.id)) != 0;
}

bool isBreached(const TerrainArea& building, const std::string& opening) {
    return building.markers.count(marker("breached", opening)) != 0;
}
bool isLoopholed(const TerrainArea& building, const std::string& opening) {
    return building.markers.count(marker("loopholed", opening)) != 0;
}

int figuresInside(const Battle& battle, const TerrainArea& building, const std::string& side) {
    int inside = 0;
    for (const Unit& unit : battle.units) {
        if (!side.empty() && unit.side != side) {
            continue;
        }
        for (const Element& figure : unit.elements) {
            if (present(figure) && bg::covered_by(figure.centre, building.outline)) {
                ++inside;
            }
        }
    }
    return inside;
}

std::string entryRefusal(const Battle& battle, const TerrainArea& building, const std::string& side) {
    for (const Unit& unit : battle.units) {
        if (unit.side == side) {
            continue;
        }
        for (const Element& figure : unit.elements) {
            if (present(figure) && bg::covered_by(figure.centre, building.outline)) {
                return building.name + " is held by the enemy: figures go in only once it is empty (RULINGS.md, lshm-buildings)";
            }
        }
    }
    bool way =
        std::any_of(building.markers.begin(), building.markers.end(), [](const std::string& m) { return m.rfind("breached:", 0) == 0; });
    for (const Opening& opening : openingsOf(building)) {
        way = way || ((opening.kind == "door" || opening.kind == "barn-door") && isOpen(building, opening));
    }
    return way ? std::string() : building.name + " has no open door or breach to go in by (RULINGS.md, lshm-buildings)";
}

int openingsFacing(const TerrainArea& building, const Point& inside, const Point& target) {
    const double toward = bearing(inside, target);
    int count = 0;
    for (const Opening& opening : openingsOf(building)) {
        if (angleBetween(opening.facing, toward) > 90.0) {
            continue;
        }
        const bool door = opening.kind == "door" || opening.kind == "barn-door";
        if (door && !isOpen(building, opening) && !isLoopholed(building, opening.id) && !isBreached(building, opening.id)) {
            continue;
        }
        count += opening.kind == "barn-door" ? 2 : 1;
    }
    for (const std::string& made : building.markers) {
        if (made.rfind("breached:wall-", 0) == 0) {
            const double facing = std::stod(made.substr(std::string("breached:wall-").size()));
            count += angleBetween(facing, toward) <= 90.0 ? 1 : 0;
        }
    }
    return count;
}

std::vector<BreachChoice> breachChoices(const Battle& battle, const Unit& unit, bool fromInside) {
    std::vector<BreachChoice> choices;
    for (const TerrainArea& area : battle.areas) {
        if (area.type != AreaType::BuiltUp) {
            continue;
        }
        bool near = false;
        bool inside = false;
        for (const Element& figure : unit.elements) {
            if (!isFit(figure)) {
                continue;
            }
            inside = inside || bg::covered_by(figure.centre, area.outline);
            near = near || atMost(battle.table.toUnits(bg::distance(figure.centre, area.outline)), 1.0);
        }
        // A breach is made into a building the side may not simply walk into; a loophole
        // from inside one it holds.
        if (fromInside ? !inside : (!near || inside || entryRefusal(battle, area, unit.side).empty())) {
            continue;
        }
        const Point centre = unit.centre();
        Point middle;
        bg::centroid(area.outline, middle);
        for (const Opening& opening : openingsOf(area)) {
            const bool door = opening.kind == "door" || opening.kind == "barn-door";
            if (!fromInside && angleBetween(opening.facing, bearing(middle, centre)) > 90.0) {
                continue; // an opening on the far side of the building
            }
            if (fromInside ? (door && !isLoopholed(area, opening.id) && !isOpen(area, opening))
                           : !isBreached(area, opening.id) && !(door && isOpen(area, opening))) {
                choices.push_back({area.id + "/" + opening.id, (fromInside ? "Loophole " : "Breach ") + area.name + ": " + opening.id,
                                   door ? "door" : "window"});
            }
        }
        if (!fromInside) {
            const double facing = std::round(bearing(middle, centre) / 90.0) * 90.0;
            const std::string wall = "wall-" + std::to_string(static_cast<int>(normaliseDegrees(facing)));
            if (!isBreached(area, wall)) {
                choices.push_back({area.id + "/" + wall, "Breach " + area.name + ": the wall facing us", wallsOf(area)});
            }
        }
    }
    return choices;
}

int breachWorkers(const Unit& unit, const std::string& kind) { return std::min(fitFigures(unit), kind == "window" ? 1 : 2); }

int breachTurns(const Data& data, const Unit& unit, const std::string& kind) {
    const std::string row = hasSapper(unit) ? std::string("sapper") : typeOf(data, unit).breachRow;
    const int listed = row.empty() ? 0 : data.breach.needed(data.breach.work, row, kind);
    const int workers = breachWorkers(unit, kind);
    return listed == 0 || workers == 0 ? 0 : (listed + workers - 1) / workers;
}

void startWork(Step& step, const Unit& unit, const std::string& choice, bool loophole) {
    step.ruling("lshm-breach-workers");
    nlohmann::json work = step.battle.session.value("work", nlohmann::json::object());
    nlohmann::json& mine = work[unit.id];
    if (!mine.is_object()) {
        mine = nlohmann::json::object();
    }
    if (mine.value("choice", std::string()) != choice || mine.value("loophole", false) != loophole) {
        mine = {{"choice", choice}, {"loophole", loophole}, {"done", 0}};
    }
    mine["this-turn"] = step.battle.turn;
    step.emit(event::SessionSet{"work", work});
    step.outcome(unit.name + (loophole ? " cut a loophole at " : " work at a breach of ") + choice,
                 cite("MOUNT: Military Operations in Urban Terrain."));
}

void countWork(Step& step) {
    nlohmann::json work = step.battle.session.value("work", nlohmann::json::object());
    if (work.empty()) {
        return;
    }
    nlohmann::json kept = nlohmann::json::object();
    for (auto& [unitId, mine] : work.items()) {
        const Unit* unit = step.battle.findUnit(unitId);
        if (unit == nullptr || unit->eliminated()) {
            continue;
        }
        const std::string choice = mine.value("choice", std::string());
        const bool loophole = mine.value("loophole", false);
        const bool worked = mine.value("this-turn", 0) == step.battle.turn;
        const bool interrupted = kit::counter(*unit, "fired") > 0 || kit::counter(*unit, "fought") > 0 || kit::counter(*unit, "hit") > 0;
        if (!worked || interrupted) {
            step.outcome(unit->name + (worked ? " fired, fought or was hit: the turn's work does not count, and must begin again"
                                              : " left off its work at " + choice + ": it must begin again"),
                         cite("MOUNT: Military Operations in Urban Terrain."));
            continue;
        }
        const auto [areaId, openingId] = splitChoice(choice);
        const TerrainArea* area = findArea(step.battle, areaId);
        if (area == nullptr) {
            continue;
        }
        const std::string kind = breachKind(*area, openingId);
        const bool sapper = hasSapper(*unit);
        const int needed = loophole ? (sapper ? step.data.breach.loopholeTurnsSapper : step.data.breach.loopholeTurns)
                                    : breachTurns(step.data, *unit, kind);
        const int done = mine.value("done", 0) + 1;
        if (needed > 0 && done >= needed) {
            step.emit(event::TerrainMarkerChanged{areaId, marker(loophole ? "loopholed" : "breached", openingId), true});
            step.outcome(unit->name + (loophole ? " has cut a loophole at " : " has breached ") + area->name + " (" + openingId +
                             ") after " + std::to_string(done) + " uninterrupted turns",
                         cite("MOUNT: Military Operations in Urban Terrain."));
            continue;
        }
        step.outcome(unit->name + ": turn " + std::to_string(done) + " of " + std::to_string(needed) + " uninterrupted turns at " +
                         area->name + " (" + openingId + ")",
                     cite("MOUNT: Military Operations in Urban Terrain."));
        mine["done"] = done;
        kept[unitId] = mine;
    }
    step.emit(event::SessionSet{"work", kept});
}

void batter(Step& step, const Unit& gun, const std::string& choice, const std::string& shot) {
    step.ruling("lshm-breach-workers");
    const auto [areaId, openingId] = splitChoice(choice);
    const TerrainArea* area = findArea(step.battle, areaId);
    if (area == nullptr) {
        step.refuse("there is no building \"" + areaId + "\"");
        return;
    }
    const std::string kind = breachKind(*area, openingId);
    const int needed = step.data.breach.needed(step.data.breach.shots, shot, kind);
    nlohmann::json shots = step.battle.session.value("shots", nlohmann::json::object());
    const double share = (needed > 0 ? 1.0 / needed : 0.0) + shots.value(choice, 0.0);
    step.outcome(gun.name + " fires " + shot + " at " + area->name + " (" + openingId + "): " + std::to_string(needed) +
                     " such shots breach a " + kind,
                 cite("MOUNT: Military Operations in Urban Terrain."));
    if (share >= 1.0 - 1e-9) {
        step.emit(event::TerrainMarkerChanged{areaId, marker("breached", openingId), true});
        step.outcome(area->name + " is breached at " + openingId, cite("MOUNT: Military Operations in Urban Terrain."));
        shots.erase(choice);
    } else {
        shots[choice] = share;
    }
    step.emit(event::SessionSet{"shots", shots});
}

} // namespace sandtable::lshm
