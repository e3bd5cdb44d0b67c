#include "computer_doctrine.h"

#include "sandtable/battle_geometry.h"

#include <algorithm>
#include <cmath>

namespace sandtable::computer {

namespace {

/// Table millimetres: a shorter step is not worth an order, and a unit that closes to
/// charge stops this far short of the enemy it cannot yet reach.
constexpr double kShortestMove = 10;
/// A shooter advances until the nearest enemy is this share of its range away, so that
/// a small slip (a die's variation, the enemy's step back) leaves it still in range.
constexpr double kWithinRange = 0.9;

bool fighting(const Unit& unit) { return !unit.eliminated() && unit.arm != Arm::Leader; }

/// The enemy nearest `unit` by the nearest edges, and how far (`gap`); the first in the
/// battle's order of those equally near. Searched outward from the unit, so that in a
/// large battle only the enemies about as near as the nearest are measured.
const Unit* nearestEnemy(const Battle& battle, const Unit& unit, double& gap) {
    const Unit* nearest = nullptr;
    gap = std::numeric_limits<double>::max();
    enemiesOutward(
        battle, unit,
        [&](const Unit& other) {
            // The exact measure only for an enemy that might be as near as the nearest so far.
            if (!fighting(other) || gapAtLeast(unit, other) > gap) {
                return;
            }
            const double between = distanceBetween(unit, other, DistanceConvention::NearestEdges);
            if (between < gap || (between == gap && &other < nearest)) {
                gap = between;
                nearest = &other;
            }
        },
        [&](double within) { return !(nearest != nullptr && gap < within); });
    return nearest;
}

double gapBetween(const Battle& battle, const Unit& unit, const std::string& otherId) {
    const Unit* other = battle.findUnit(otherId);
    return other != nullptr ? distanceBetween(unit, *other, DistanceConvention::NearestEdges) : std::numeric_limits<double>::max();
}

/// The action aimed at `target`: the whole unit's, or each of the offer's elements' when
/// the offer lets them pick their own (the computer keeps them together).
Action aimedAt(const Offer& offer, const std::string& target) {
    Action action = actionOf(offer);
    if (offer.input == OrderInput::ElementTargets) {
        for (const std::string& element : offer.elements) {
            action.elements.push_back(ElementOrder{element, target, {}, {}});
        }
    } else {
        action.target = target;
    }
    return action;
}

/// The offered target nearest the unit that the game would take now. Every target is
/// noted in `thoughts` (related, and its gap within the horizon).
std::optional<Candidate> nearestTarget(const Game& game, const Unit& unit, const Offer& offer, Priority priority, const std::string& why,
                                       UnitThoughts& thoughts) {
    std::optional<Candidate> best;
    for (const std::string& target : offer.targets) {
        const double gap = gapBetween(game.battle(), unit, target);
        thoughts.related.push_back(target);
        if (gap < std::numeric_limits<double>::max()) {
            thoughts.horizon = std::max(thoughts.horizon, gap);
        }
        if (best && gap >= best->distance) {
            continue;
        }
        Action action = aimedAt(offer, target);
        if (game.preview(action).allowed()) {
            best = Candidate{priority, gap, {std::move(action), why}, unit.id};
        }
    }
    return best;
}

Point stepToward(const Point& from, const Point& to, double length) {
    const double dx = to.x() - from.x();
    const double dy = to.y() - from.y();
    const double full = std::hypot(dx, dy);
    return full < 1e-9 ? from : Point(from.x() + dx / full * length, from.y() + dy / full * length);
}

/// A move to `to`: along a path there for a move dragged as a route, to the point for one
/// that names where it goes.
void moveTo(Action& move, const Offer& offer, const Point& to) {
    if (offer.input == OrderInput::Point) {
        move.point = to;
    } else {
        move.path = {to};
    }
}

/// Of the boxes a move may name, the allowed one nearest `enemy` that is nearer than the
/// unit's own box is, stopping short of the enemy's box.
std::optional<Candidate> advanceByBox(const Game& game, const Offer& moveOffer, const Unit& unit, const Unit& enemy, double gap,
                                      double& horizon) {
    const Table& table = game.battle().table;
    const Box enemyBox = table.boxAt(enemy.centre());
    const Box here = table.boxAt(unit.centre());
    int nearest = boxDistance(here, enemyBox);
    std::optional<Candidate> best;
    for (const Box& box : moveOffer.boxes) {
        // Whoever enters or leaves a box it may move to changes where it may go.
        horizon = std::max(horizon, (boxDistance(here, box) + 1) * table.boxSize);
        const int distance = boxDistance(box, enemyBox);
        if (distance == 0 || distance >= nearest) {
            continue;
        }
        Action move = actionOf(moveOffer);
        move.box = box;
        if (game.preview(move).allowed()) {
            nearest = distance;
            best = Candidate{Priority::Advance, gap, {std::move(move), "advances on " + enemy.name + " to box " + boxName(box)}, unit.id};
        }
    }
    return best;
}

/// The longest allowed move toward `enemy`, `gap` away, stopping at the unit's stand-off
/// range; none when it is already within it, or cannot go a worthwhile step.
std::optional<Candidate> advance(const Game& game, const Offer& moveOffer, const Unit& unit, const Unit& enemy, double gap, double standOff,
                                 double& horizon) {
    const Battle& battle = game.battle();
    if (standOff > 0 && gap <= standOff) {
        return std::nullopt; // in range: it stays and shoots
    }
    if (moveOffer.input == OrderInput::Box) {
        return advanceByBox(game, moveOffer, unit, enemy, gap, horizon);
    }
    const double wanted = standOff > 0 ? gap - kWithinRange * standOff : gap - kShortestMove;
    const Point from = unit.centre();
    // The move's allowance, from a first step's preview.
    Action move = actionOf(moveOffer);
    moveTo(move, moveOffer, stepToward(from, enemy.centre(), 1));
    const Preview probe = game.preview(move);
    if (!probe.allowance) {
        return std::nullopt;
    }
    const double allowance = battle.table.fromUnits(*probe.allowance);
    horizon = std::max(horizon, allowance); // the units that may stand in its way
    const double longest = std::min(wanted, allowance);
    const std::string why =
        standOff > 0 ? "advances on " + enemy.name + ", to come within range" : "advances on " + enemy.name + ", to close and charge";
    for (const double share : {1.0, 0.75, 0.5, 0.25}) {
        const double length = longest * share;
        if (length < kShortestMove) {
            break;
        }
        moveTo(move, moveOffer, stepToward(from, enemy.centre(), length));
        if (game.preview(move).allowed()) {
            return Candidate{Priority::Advance, gap, {std::move(move), why}, unit.id};
        }
    }
    return std::nullopt;
}

} // namespace

UnitThoughts considerUnit(const Game& game, const Unit& unit, bool acting) {
    UnitThoughts thoughts;
    std::vector<Candidate>& candidates = thoughts.candidates;
    const std::vector<Offer> offers = game.offers(unit.id);
    const double standOff = game.ruleset().standOffRange(game.battle(), unit.id);
    const bool shooter = standOff > 0;
    thoughts.horizon = standOff;
    std::optional<Offer> move;
    std::optional<Offer> prepareMove;
    for (const Offer& offer : offers) {
        std::optional<Candidate> candidate;
        switch (offer.role) {
        case OrderRole::Melee:
            candidate = nearestTarget(game, unit, offer, Priority::Melee, "fights the melee it is in", thoughts);
            break;
        case OrderRole::Rally:
        case OrderRole::Reform: {
            Action action = actionOf(offer);
            if (game.preview(action).allowed()) {
                const bool rally = offer.role == OrderRole::Rally;
                candidate = Candidate{
                    rally ? Priority::Rally : Priority::Reform, 0, {std::move(action), rally ? "tries to rally" : "re-forms"}, unit.id};
            }
            break;
        }
        case OrderRole::Charge:
            if (!shooter) {
                candidate = nearestTarget(game, unit, offer, Priority::Charge, "charges the nearest enemy it may reach", thoughts);
            }
            break;
        case OrderRole::Fire:
            candidate = nearestTarget(game, unit, offer, Priority::Fire, "fires at the nearest target", thoughts);
            break;
        case OrderRole::Move:
            if ((offer.input == OrderInput::Path || offer.input == OrderInput::Point || offer.input == OrderInput::Box) &&
                unit.arm != Arm::Leader && !move) {
                move = offer;
            }
            break;
        case OrderRole::PrepareMove:
            prepareMove = offer;
            break;
        case OrderRole::EndActivation:
            candidate = Candidate{acting ? Priority::EndActivation : Priority::SpendActivation,
                                  0,
                                  {actionOf(offer), acting ? "has nothing more to do" : "has nothing to do this turn"},
                                  unit.id};
            break;
        default: // formations, facings and joining a unit are left as the scenario set them
            break;
        }
        if (candidate) {
            candidates.push_back(std::move(*candidate));
        }
    }
    if (!move) {
        return thoughts;
    }
    double gap = 0;
    const Unit* enemy = nearestEnemy(game.battle(), unit, gap);
    if (enemy == nullptr) {
        return thoughts;
    }
    thoughts.related.push_back(enemy->id);
    thoughts.nearestGap = gap;
    if (std::optional<Candidate> step = advance(game, *move, unit, *enemy, gap, standOff, thoughts.horizon)) {
        candidates.push_back(std::move(*step));
    } else if (prepareMove) {
        // Its move is not known until prepared (rolled): do so when the enemy is out of reach.
        if (gap > standOff) {
            Action prepare = actionOf(*prepareMove);
            if (game.preview(prepare).allowed()) {
                candidates.push_back(
                    {Priority::PrepareMove, gap, {std::move(prepare), "first: " + prepareMove->label + ", to advance"}, unit.id});
            }
        }
    }
    return thoughts;
}

/// The plainest answer a prompt allows: its first choice, its first target (for every
/// element it asks about), its first box or the unit's own, the unit where it stands, each
/// element left where it stands.
Action plainAnswer(const Battle& battle, const Prompt& prompt) {
    Action answer = answerChoosing(prompt.choices.empty() ? std::string() : prompt.choices.front().id);
    const Unit* unit = battle.findUnit(prompt.unit);
    const Point here = unit != nullptr && !unit->eliminated() ? unit->centre() : Point(0, 0);
    const std::string target = prompt.targets.empty() ? std::string() : prompt.targets.front();
    switch (prompt.input) {
    case OrderInput::Target:
        answer.target = target;
        break;
    case OrderInput::Box:
        answer.box = prompt.boxes.empty() ? battle.table.boxAt(here) : prompt.boxes.front();
        break;
    case OrderInput::Point:
        answer.point = here;
        break;
    case OrderInput::Path:
        answer.path = {here};
        break;
    case OrderInput::Facing:
        answer.facing = unit != nullptr && !unit->elements.empty() ? unit->elements.front().facing : 0.0;
        break;
    case OrderInput::Placement:
    case OrderInput::ElementTargets:
        for (const std::string& id : prompt.elements) {
            ElementOrder order{id, {}, {}, {}};
            if (prompt.input == OrderInput::ElementTargets) {
                order.target = target;
            } else {
                const Element* element = nullptr;
                for (const Unit& owner : battle.units) {
                    element = element != nullptr ? element : owner.findElement(id);
                }
                order.at = element != nullptr ? element->centre : here;
            }
            answer.elements.push_back(std::move(order));
        }
        break;
    case OrderInput::Choice:
    case OrderInput::None:
        break;
    }
    return answer;
}

} // namespace sandtable::computer
