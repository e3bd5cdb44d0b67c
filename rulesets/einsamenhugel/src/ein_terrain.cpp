#include "ein_terrain.h"

#include "sandtable/battle_geometry.h"
#include "sandtable/fraction.h"
#include "sandtable/measure.h"
#include "sandtable/path_walk.h"
#include "sandtable/unit_index.h"

#include <array>
#include <cmath>
#include <limits>

namespace sandtable::ein {

namespace bg = boost::geometry;

namespace {

/// A speed the players agreed ("1/2", "impassable"), as a cost; empty if it is not one.
std::optional<GroundCost> agreedSpeed(const std::string& speed, GroundCost cost) {
    if (speed == "impassable") {
        cost.impassable = true;
        cost.why = "RULINGS.md, ein-terrain: the scenario says so";
        return cost;
    }
    const auto fraction = parseFraction(speed);
    if (!fraction || *fraction <= 0) {
        return std::nullopt;
    }
    cost.impassable = false;
    cost.perLength = 1.0 / boost::rational_cast<double>(*fraction);
    return cost;
}

/// The terms a scenario states on a feature (RULINGS.md, ein-terrain) replace its type's:
/// an area's speed and downhill, a line's share of a move for each arm.
void readScenarioTerms(PathPrices& prices) {
    prices.areaTerms = [areas = prices.areas](const TerrainArea& area) -> std::optional<GroundCost> {
        if (!area.rules.contains("speed") && !area.rules.contains("downhill")) {
            return std::nullopt;
        }
        const auto typical = areas.find(area.type);
        GroundCost cost = typical == areas.end() ? GroundCost{} : typical->second;
        cost.tally = toString(area.type);
        if (area.rules.contains("speed") && area.rules["speed"].is_string()) {
            cost = agreedSpeed(area.rules["speed"].get<std::string>(), cost).value_or(cost);
        }
        if (area.rules.contains("downhill") && area.rules["downhill"].is_string()) {
            cost.fullSpeedDownhill = area.rules["downhill"].get<std::string>() == "full-speed";
        }
        return cost;
    };
    prices.lineTerms = [arm = prices.arm](const TerrainLine& line) -> std::optional<CrossingCost> {
        const nlohmann::json* crossing = line.rules.contains("crossing") ? &line.rules["crossing"] : nullptr;
        if (crossing == nullptr || !crossing->is_object() || !crossing->contains(arm) || !(*crossing)[arm].is_string()) {
            return std::nullopt;
        }
        const std::string share = (*crossing)[arm].get<std::string>();
        CrossingCost cost;
        cost.tally = toString(line.type);
        if (share == "impassable") {
            cost.impassable = true;
            cost.why = "RULINGS.md, ein-terrain: the scenario says so";
            return cost;
        }
        const auto fraction = parseFraction(share);
        cost.shareOfMove = fraction ? boost::rational_cast<double>(*fraction) : 0.0;
        return cost;
    };
}

std::string speedWords(double perLength) {
    const double speed = 1 / perLength;
    return speed < 0.6 ? "half speed" : speed < 0.7 ? "two-thirds speed" : "reduced speed";
}

std::string shareWords(double share) { return share >= 1 ? "a whole move" : share > 0 ? "half a move" : "nothing"; }

} // namespace

PathCost pathCost(const Data& data, const Battle& battle, const Unit& unit, const Path& path, double allowance) {
    PathPrices prices = data.pathCosts().pricesFor(toString(unit.arm), nullptr, allowance, std::nullopt);
    readScenarioTerms(prices);
    const PathPrice price = pricePath(battle, unit, path, prices);
    PathCost result;
    result.length = price.length;
    result.cost = price.cost;
    result.refusal = price.refusal;
    if (!result.refusal.empty()) {
        return result;
    }
    for (const PathPrice::Slowed& slowed : price.slowed) {
        const std::string note = "through " + featureName(*slowed.area) + " at " + speedWords(slowed.cost.perLength);
        if (std::find(result.notes.begin(), result.notes.end(), note) == result.notes.end()) {
            result.notes.push_back(note);
        }
    }
    for (const PathPrice::Crossed& crossed : price.crossed) {
        const TerrainLine& line = *crossed.line;
        if (crossed.byBridge) {
            result.notes.push_back("over " + featureName(line) + " by the bridge");
            continue;
        }
        const bool listed = data.pathCosts().lines.count(line.type) != 0 || line.rules.contains("crossing");
        if (listed) {
            result.notes.push_back("crossing " + featureName(line) + " costs " + shareWords(crossed.cost.shareOfMove));
        }
        // Foot crossing a stream (or a line the scenario says so of) lose firing order.
        result.losesFiringOrder =
            result.losesFiringOrder || (unit.arm == Arm::Foot && line.rules.value("losesFiringOrder", line.type == LineType::Stream));
    }
    return result;
}

namespace {
bool standsIn(const Battle& battle, const Unit& unit, std::initializer_list<AreaType> types) {
    const Point centre = unit.centre();
    for (const TerrainArea& area : battle.areas) {
        if (std::find(types.begin(), types.end(), area.type) != types.end() && bg::within(centre, area.outline)) {
            return true;
        }
    }
    return false;
}
} // namespace

bool inCover(const Battle& battle, const Unit& unit) { return standsIn(battle, unit, {AreaType::Woods, AreaType::BuiltUp}); }
bool inBuiltUpOrWood(const Battle& battle, const Unit& unit) { return inCover(battle, unit); }
bool inBuiltUp(const Battle& battle, const Unit& unit) { return standsIn(battle, unit, {AreaType::BuiltUp}); }

} // namespace sandtable::ein
