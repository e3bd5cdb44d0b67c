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

ObjectivePlan planObjectives(const Game& game) {
    ObjectivePlan plan;
    for (Objective& objective : game.ruleset().objectives(game.battle())) {
        // The foot as they stood at the start, nearest the objective first (the
        // scenario's order among equals).
        std::vector<std::pair<double, const Unit*>> byDistance;
        for (const Unit& start : game.scenario().battle.units) {
            if (start.arm == Arm::Foot && !start.elements.empty()) {
                byDistance.emplace_back(bg::distance(start.centre(), objective.area), &start);
            }
        }
        std::stable_sort(byDistance.begin(), byDistance.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
        ObjectivePlan::Detail detail{std::move(objective), {}};
        for (const auto& [distance, start] : byDistance) {
            detail.ranked.push_back(start);
        }
        plan.details.push_back(std::move(detail));
    }
    return plan;
}

const Objective* detailedTo(const ObjectivePlan& plan, const Game& game, const Unit& unit, std::vector<std::string>& related) {
    if (unit.arm != Arm::Foot) {
        return nullptr;
    }
    for (const ObjectivePlan::Detail& detail : plan.details) {
        int detailed = 0;
        for (const Unit* start : detail.ranked) {
            if (start->side != unit.side) {
                continue;
            }
            if (start->id == unit.id) {
                return &detail.objective;
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
