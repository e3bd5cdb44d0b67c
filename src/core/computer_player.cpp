#include "sandtable/computer_player.h"

#include "sandtable/battle_geometry.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace sandtable {

namespace {

/// Table millimetres: a shorter step is not worth an order, and a unit that closes to
/// charge stops this far short of the enemy it cannot yet reach.
constexpr double kShortestMove = 10;
/// A shooter advances until the nearest enemy is this share of its range away, so that
/// a small slip (a die's variation, the enemy's step back) leaves it still in range.
constexpr double kWithinRange = 0.9;

// What the computer does first, and what only when nothing better is on offer.
// A unit that may act but has nothing better to do spends its activation last of all, so
// that a side whose only units left are idle (a general in an alternate-units turn) still
// hands the turn on.
enum class Priority { Melee, Rally, Reform, Charge, Fire, PrepareMove, Advance, EndActivation, SideOrder, SpendActivation };

struct Candidate {
    Priority priority;
    double distance; // to the enemy concerned: nearer first within a priority
    ComputerChoice choice;
};

bool fighting(const Unit& unit) { return !unit.eliminated() && unit.arm != Arm::Leader; }

const Unit* nearestEnemy(const Battle& battle, const Unit& unit, double& gap) {
    const Unit* nearest = nullptr;
    gap = std::numeric_limits<double>::max();
    for (const Unit& other : battle.units) {
        // The exact measure only for an enemy that might be nearer than the nearest so far.
        if (other.side != unit.side && fighting(other) && gapAtLeast(unit, other) < gap) {
            const double between = distanceBetween(unit, other, DistanceConvention::NearestEdges);
            if (between < gap) {
                gap = between;
                nearest = &other;
            }
        }
    }
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

/// The offered target nearest the unit that the game would take now.
std::optional<Candidate> nearestTarget(const Game& game, const Unit& unit, const Offer& offer, Priority priority, const std::string& why) {
    std::optional<Candidate> best;
    for (const std::string& target : offer.targets) {
        const double gap = gapBetween(game.battle(), unit, target);
        if (best && gap >= best->distance) {
            continue;
        }
        Action action = aimedAt(offer, target);
        if (game.preview(action).allowed()) {
            best = Candidate{priority, gap, {std::move(action), why}};
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
std::optional<Candidate> advanceByBox(const Game& game, const Offer& moveOffer, const Unit& unit, const Unit& enemy, double gap) {
    const Table& table = game.battle().table;
    const Box enemyBox = table.boxAt(enemy.centre());
    int nearest = boxDistance(table.boxAt(unit.centre()), enemyBox);
    std::optional<Candidate> best;
    for (const Box& box : moveOffer.boxes) {
        const int distance = boxDistance(box, enemyBox);
        if (distance == 0 || distance >= nearest) {
            continue;
        }
        Action move = actionOf(moveOffer);
        move.box = box;
        if (game.preview(move).allowed()) {
            nearest = distance;
            best = Candidate{Priority::Advance, gap, {std::move(move), "advances on " + enemy.name + " to box " + boxName(box)}};
        }
    }
    return best;
}

/// The longest allowed move toward `enemy`, `gap` away, stopping at the unit's stand-off
/// range; none when it is already within it, or cannot go a worthwhile step.
std::optional<Candidate> advance(const Game& game, const Offer& moveOffer, const Unit& unit, const Unit& enemy, double gap,
                                 double standOff) {
    const Battle& battle = game.battle();
    if (standOff > 0 && gap <= standOff) {
        return std::nullopt; // in range: it stays and shoots
    }
    if (moveOffer.input == OrderInput::Box) {
        return advanceByBox(game, moveOffer, unit, enemy, gap);
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
            return Candidate{Priority::Advance, gap, {std::move(move), why}};
        }
    }
    return std::nullopt;
}

void considerUnit(const Game& game, const Unit& unit, std::vector<Candidate>& candidates) {
    const std::vector<Offer> offers = game.offers(unit.id);
    const double standOff = game.ruleset().standOffRange(game.battle(), unit.id);
    const bool shooter = standOff > 0;
    const bool acting = game.status().activeUnit == unit.id;
    std::optional<Offer> move;
    std::optional<Offer> prepareMove;
    for (const Offer& offer : offers) {
        std::optional<Candidate> candidate;
        switch (offer.role) {
        case OrderRole::Melee:
            candidate = nearestTarget(game, unit, offer, Priority::Melee, "fights the melee it is in");
            break;
        case OrderRole::Rally:
        case OrderRole::Reform: {
            Action action = actionOf(offer);
            if (game.preview(action).allowed()) {
                const bool rally = offer.role == OrderRole::Rally;
                candidate =
                    Candidate{rally ? Priority::Rally : Priority::Reform, 0, {std::move(action), rally ? "tries to rally" : "re-forms"}};
            }
            break;
        }
        case OrderRole::Charge:
            if (!shooter) {
                candidate = nearestTarget(game, unit, offer, Priority::Charge, "charges the nearest enemy it may reach");
            }
            break;
        case OrderRole::Fire:
            candidate = nearestTarget(game, unit, offer, Priority::Fire, "fires at the nearest target");
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
                                  {actionOf(offer), acting ? "has nothing more to do" : "has nothing to do this turn"}};
            break;
        default: // formations, facings and joining a unit are left as the scenario set them
            break;
        }
        if (candidate) {
            candidates.push_back(std::move(*candidate));
        }
    }
    if (!move) {
        return;
    }
    double gap = 0;
    const Unit* enemy = nearestEnemy(game.battle(), unit, gap);
    if (enemy == nullptr) {
        return;
    }
    if (std::optional<Candidate> step = advance(game, *move, unit, *enemy, gap, standOff)) {
        candidates.push_back(std::move(*step));
    } else if (prepareMove) {
        // Its move is not known until prepared (rolled): do so when the enemy is out of reach.
        if (gap > standOff) {
            Action prepare = actionOf(*prepareMove);
            if (game.preview(prepare).allowed()) {
                candidates.push_back({Priority::PrepareMove, gap, {std::move(prepare), "first: " + prepareMove->label + ", to advance"}});
            }
        }
    }
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

} // namespace

std::string sideToDecide(const Game& game) {
    if (const std::optional<Prompt>& prompt = game.prompt()) {
        return prompt->side;
    }
    const GameStatus status = game.status();
    return status.over ? std::string() : status.activeSide;
}

std::optional<std::string> computerToDecide(const Game& game, const std::set<std::string>& computerSides) {
    if (computerSides.empty() || game.status().over) {
        return std::nullopt;
    }
    const std::string side = sideToDecide(game);
    if (side.empty() || computerSides.count(side) != 0) {
        return side;
    }
    return std::nullopt;
}

std::vector<ComputerChoice> computerChoices(const Game& game, const std::string& side) {
    if (const std::optional<Prompt>& prompt = game.prompt()) {
        if (prompt->side != side) {
            return {};
        }
        Action answer = plainAnswer(game.battle(), *prompt);
        if (!game.preview(answer).allowed()) {
            return {};
        }
        const bool choosing = prompt->input == OrderInput::Choice || prompt->input == OrderInput::None;
        std::string why = choosing ? "answers \"" + prompt->question + "\" with its first choice, " + prompt->choices.front().label
                                   : "answers \"" + prompt->question + "\" the plainest way: " + describe(game.battle(), answer);
        return {{std::move(answer), std::move(why)}};
    }
    const GameStatus status = game.status();
    if (status.over || status.activeSide != side) {
        return {};
    }
    std::vector<Candidate> candidates;
    const std::vector<std::string> units = status.activeUnit.empty() ? status.mayActivate : std::vector<std::string>{status.activeUnit};
    for (const std::string& id : units) {
        if (const Unit* unit = game.battle().findUnit(id); unit != nullptr && !unit->eliminated()) {
            considerUnit(game, *unit, candidates);
        }
    }
    if (status.activeUnit.empty()) {
        for (const Offer& offer : game.offers("")) {
            candidates.push_back({Priority::SideOrder, 0, {actionOf(offer), offer.label}});
        }
    }
    std::stable_sort(candidates.begin(), candidates.end(), [](const Candidate& a, const Candidate& b) {
        return a.priority != b.priority ? a.priority < b.priority : a.distance < b.distance;
    });
    std::vector<ComputerChoice> choices;
    for (Candidate& candidate : candidates) {
        choices.push_back(std::move(candidate.choice));
    }
    return choices;
}

Expected<ComputerChoice, std::string> playComputerAction(const Game& game, const std::string& side,
                                                         const std::function<std::string(const Action&)>& perform) {
    std::string refusals;
    for (const ComputerChoice& choice : computerChoices(game, side)) {
        const std::string described = describe(game.battle(), choice.action);
        const std::string refusal = perform(choice.action);
        if (refusal.empty()) {
            return choice;
        }
        refusals += "; " + described + ": " + refusal;
    }
    const Side* found = game.battle().findSide(side);
    const std::string who = found != nullptr ? found->name : side.empty() ? std::string("the game's own orders") : side;
    return "the computer has nothing it can do for " + who +
           (refusals.empty() ? std::string(" (nothing is offered)") : " (refused" + refusals + ")");
}

} // namespace sandtable
