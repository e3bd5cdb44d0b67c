#include "computer_objective.h"

#include <algorithm>
#include <boost/geometry/algorithms/centroid.hpp>
#include <boost/geometry/algorithms/distance.hpp>
#include <boost/geometry/algorithms/within.hpp>
#include <optional>

namespace sandtable::computer {

namespace bg = boost::geometry;

namespace {

/// Units of a side detailed to each objective: two won more games against the basic level,
/// over two scenarios' four seats, than one or three (docs/architecture.md has the figures).
constexpr int kHolders = 2;

/// The last turns before an objective is judged, in which a side that the enemy got to it
/// first makes for it all the same (makesForNow): enough turns for a detail a move or two
/// off. Of two, three, four and five, three won the most games against the basic level
/// over the seats it changes (docs/architecture.md has the figures).
constexpr int kLateTurns = 3;

/// Whether units of `arm` count as standing in the objective when it is judged.
bool holdsBy(const Objective& objective, Arm arm) {
    return std::find(objective.heldBy.begin(), objective.heldBy.end(), arm) != objective.heldBy.end();
}

/// The order in which the arms are detailed to an objective: foot first, the arm that
/// takes and keeps a place; then horse and guns, once too few foot are left; leaders last,
/// where they count at all.
int detailOrder(Arm arm) {
    switch (arm) {
    case Arm::Foot:
        return 0;
    case Arm::Horse:
    case Arm::Guns:
        return 1;
    case Arm::Leader:
        return 2;
    }
    return 2;
}

/// The centre of the fighting units (not leaders) of `side`, or of every other side, as
/// the scenario deploys them; none where there are none.
std::optional<Point> deployedCentre(const Scenario& scenario, const std::string& side, bool ours) {
    double x = 0;
    double y = 0;
    int count = 0;
    for (const Unit& unit : scenario.battle.units) {
        if ((unit.side == side) == ours && unit.arm != Arm::Leader && !unit.elements.empty()) {
            x += unit.centre().x();
            y += unit.centre().y();
            ++count;
        }
    }
    return count == 0 ? std::nullopt : std::optional<Point>(Point(x / count, y / count));
}

/// The sides in whose rear `area` lay as they deployed: measured along the line from the
/// side's centre to the enemy's, its centre falls short of the side's.
std::vector<std::string> sidesWithInRear(const Scenario& scenario, const Polygon& area) {
    Point centre(0, 0);
    bg::centroid(area, centre);
    std::vector<std::string> rear;
    for (const Side& side : scenario.battle.sides) {
        const std::optional<Point> ours = deployedCentre(scenario, side.id, true);
        const std::optional<Point> theirs = deployedCentre(scenario, side.id, false);
        if (ours && theirs) {
            const double towardX = theirs->x() - ours->x();
            const double towardY = theirs->y() - ours->y();
            if ((centre.x() - ours->x()) * towardX + (centre.y() - ours->y()) * towardY < 0) {
                rear.push_back(side.id);
            }
        }
    }
    return rear;
}

} // namespace

ObjectivePlan planObjectives(const Game& game) {
    ObjectivePlan plan;
    for (Objective& objective : game.ruleset().objectives(game.battle())) {
        // The units that may hold it as they stood at the start: the foot, then the other
        // arms that count (detailOrder), each nearest the objective first (the scenario's
        // order among equals).
        std::vector<std::pair<double, const Unit*>> byDistance;
        for (const Unit& start : game.scenario().battle.units) {
            if (holdsBy(objective, start.arm) && !start.elements.empty()) {
                byDistance.emplace_back(bg::distance(start.centre(), objective.area), &start);
            }
        }
        std::stable_sort(byDistance.begin(), byDistance.end(), [](const auto& a, const auto& b) {
            const int aOrder = detailOrder(a.second->arm);
            const int bOrder = detailOrder(b.second->arm);
            return aOrder != bOrder ? aOrder < bOrder : a.first < b.first;
        });
        std::vector<std::string> rear = sidesWithInRear(game.scenario(), objective.area);
        ObjectivePlan::Detail detail{std::move(objective), {}, std::move(rear), {}};
        for (const auto& [distance, start] : byDistance) {
            detail.ranked.push_back(start);
            // Of the foot, nearest first: a side first met after another's nearest stood
            // farther off. (Foot rank first: where `start` is foot, so is the front.)
            const auto& [nearestDistance, nearest] = byDistance.front();
            if (start->arm == Arm::Foot && start->side != nearest->side && distance > nearestDistance &&
                std::find(detail.fartherOff.begin(), detail.fartherOff.end(), start->side) == detail.fartherOff.end()) {
                detail.fartherOff.push_back(start->side);
            }
        }
        plan.details.push_back(std::move(detail));
    }
    return plan;
}

const ObjectivePlan::Detail* detailedTo(const ObjectivePlan& plan, const Game& game, const Unit& unit, std::vector<std::string>& related,
                                        const std::function<bool(const Unit&)>& beaten) {
    for (const ObjectivePlan::Detail& detail : plan.details) {
        if (!holdsBy(detail.objective, unit.arm)) {
            continue;
        }
        // Every unit ranked is of an arm that counts: it holds the detail on the table,
        // unless beaten out of the objective.
        const auto holdsDetail = [&](const Unit& now) { return !now.eliminated() && (standsIn(detail.objective, now) || !beaten(now)); };
        int detailed = 0;
        for (const Unit* start : detail.ranked) {
            if (start->side != unit.side) {
                continue;
            }
            if (start->id == unit.id) {
                if (holdsDetail(unit)) {
                    return &detail;
                }
                break; // beaten out of it: none ranked after it matters
            }
            related.push_back(start->id);
            const Unit* now = game.battle().findUnit(start->id);
            if (now != nullptr && holdsDetail(*now) && ++detailed == kHolders) {
                break; // detailed already
            }
        }
    }
    return nullptr;
}

bool inRear(const ObjectivePlan::Detail& detail, const std::string& side) {
    return std::find(detail.rearOf.begin(), detail.rearOf.end(), side) != detail.rearOf.end();
}

namespace {

bool lateFor(const Objective& objective, int turn) { return objective.byTurn > 0 && turn > objective.byTurn - kLateTurns; }

bool isFartherOff(const ObjectivePlan::Detail& detail, const std::string& side) {
    return std::find(detail.fartherOff.begin(), detail.fartherOff.end(), side) != detail.fartherOff.end();
}

/// Whether a unit of a side other than `side`, of an arm that counts, stands in the objective.
bool enemyStandsIn(const Objective& objective, const Battle& battle, const std::string& side) {
    return std::any_of(battle.units.begin(), battle.units.end(),
                       [&](const Unit& unit) { return unit.side != side && holdsBy(objective, unit.arm) && standsIn(objective, unit); });
}

} // namespace

bool turnsOnHolders(const ObjectivePlan::Detail& detail, const std::string& side, int turn) {
    return isFartherOff(detail, side) && !lateFor(detail.objective, turn);
}

bool makesForNow(const ObjectivePlan::Detail& detail, const Battle& battle, const std::string& side, int turn) {
    // An objective the enemy got to first but does not hold now is taken whatever the
    // turn: a detail that waited for the last turns left one standing empty for half a
    // game (docs/architecture.md has the figures).
    return !turnsOnHolders(detail, side, turn) || !enemyStandsIn(detail.objective, battle, side);
}

bool contestsLate(const ObjectivePlan::Detail& detail, const std::string& side, int turn) {
    return isFartherOff(detail, side) && lateFor(detail.objective, turn);
}

bool mustTakeFromEnemy(const ObjectivePlan& plan, const std::string& side) {
    return std::any_of(plan.details.begin(), plan.details.end(),
                       [&](const ObjectivePlan::Detail& detail) { return isFartherOff(detail, side); });
}

bool standsIn(const Objective& objective, const Unit& unit) { return !unit.eliminated() && bg::within(unit.centre(), objective.area); }

Point centreOf(const Objective& objective) {
    Point centre(0, 0);
    bg::centroid(objective.area, centre);
    return centre;
}

} // namespace sandtable::computer
