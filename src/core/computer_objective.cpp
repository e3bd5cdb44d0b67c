#include "computer_objective.h"

#include <algorithm>
#include <boost/geometry/algorithms/centroid.hpp>
#include <boost/geometry/algorithms/distance.hpp>
#include <boost/geometry/algorithms/within.hpp>

namespace sandtable::computer {

namespace bg = boost::geometry;

namespace {

/// Units of a side detailed to each objective. Of 20 games a seat against the basic
/// level, the standard level won: with one, Freeman's Farm 17 (British) and 8 (Americans),
/// Casa Blanca 10 (French) and 15 (British); with two, 19, 10, 12 and 16; with three, 19,
/// 11, 10 and 15.
constexpr int kHolders = 2;

/// Foot that can be detailed to hold a place: not a leader, a gun or horse.
bool mayHold(const Unit& unit) { return unit.arm == Arm::Foot && !unit.eliminated(); }

} // namespace

const Objective* detailedTo(const Game& game, const std::vector<Objective>& objectives, const Unit& unit,
                            std::vector<std::string>& related) {
    if (unit.arm != Arm::Foot) {
        return nullptr;
    }
    for (const Objective& objective : objectives) {
        // The side's foot as they stood at the start, nearest the objective first (the
        // scenario's order among equals).
        std::vector<std::pair<double, const Unit*>> ranked;
        for (const Unit& start : game.scenario().battle.units) {
            if (start.side == unit.side && start.arm == Arm::Foot && !start.elements.empty()) {
                ranked.emplace_back(bg::distance(start.centre(), objective.area), &start);
            }
        }
        std::stable_sort(ranked.begin(), ranked.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
        int detailed = 0;
        for (const auto& [distance, start] : ranked) {
            if (start->id == unit.id) {
                return &objective;
            }
            related.push_back(start->id);
            const Unit* now = game.battle().findUnit(start->id);
            if (now != nullptr && mayHold(*now) && ++detailed == kHolders) {
                break; // detailed already
            }
        }
    }
    return nullptr;
}

bool standsIn(const Objective& objective, const Unit& unit) { return !unit.eliminated() && bg::within(unit.centre(), objective.area); }

Point centreOf(const Objective& objective) {
    Point centre(0, 0);
    bg::centroid(objective.area, centre);
    return centre;
}

} // namespace sandtable::computer
