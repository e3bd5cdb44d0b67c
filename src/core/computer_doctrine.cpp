#include "computer_doctrine.h"

#include "computer_weighing.h"
#include "sandtable/battle_geometry.h"
#include "sandtable/dice_stream.h"
#include "sandtable/event.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <initializer_list>
#include <iterator>
#include <optional>
#include <stdexcept>
#include <utility>
#include <variant>

namespace sandtable::computer {

namespace {

/// Table millimetres: a shorter step is not worth an order, and a unit that closes to
/// charge stops this far short of the enemy it cannot yet reach.
constexpr double kShortestMove = 10;
/// Degrees: the headings a blocked unit tries either side of its straight way, a step at
/// a time up to the widest (at 60 degrees a move still goes half its length the way it
/// wants).
constexpr double kDetourStep = 30;
constexpr double kWidestDetour = 60;
/// A shooter advances until the nearest enemy is this share of its range away, so that
/// a small slip (a die's variation, the enemy's step back) leaves it still in range.
constexpr double kWithinRange = 0.9;
/// Table millimetres a unit falling back keeps from the table's edge.
constexpr double kTableMargin = 30;
/// Targets whose orders are weighed: the nearest few (the farther rarely pay, and each
/// costs its tries).
constexpr std::size_t kMostWeighedTargets = 4;
/// The same for fire the rules only set down, to roll later with the rest of its phase's:
/// weighed at two targets, the standard level won as many games against the basic level
/// as at four, in less time (docs/architecture.md).
constexpr std::size_t kMostSetDownTargets = 2;
/// A unit with less than this share of its worth left is beaten: it charges no more, and
/// falls back from an enemy near it. (Never beaten, the standard level won fewer games
/// against the basic level from two seats of ten, one of them by 14 of 40: architecture.md.)
constexpr double kBeaten = 0.5;
/// Table millimetres (about 10"): an enemy nearer than this, or than its range, may
/// reach a beaten unit next turn; a shock unit waits for a charge's odds only so near.
constexpr double kDangerGap = 250;
/// Two ranges nearer each other than this (millimetres) count as the same: a range
/// converted from inches may differ from its twin in the last digits.
constexpr double kSameRange = 1;
/// The expected gain at or above which a fire order is given however few of its tries
/// gained (Bar::NoHarm): nothing lost by firing where the tries show no harm done either.
constexpr double kLeastFireGain = -0.05;
/// Mixed into the game's seed for the dice a formation change is tried with (formToMove):
/// the computer's own, never the game's.
constexpr std::uint64_t kReformingDice = 0x5eedf0f0u;

bool fighting(const Unit& unit) { return !unit.eliminated() && unit.arm != Arm::Leader; }

/// The enemy nearest `unit` by the nearest edges, and how far (`gap`); the first in the
/// battle's order of those equally near. The enemies come nearest first by the boxes
/// round them (enemiesNearestFirst), so that the exact measure stops at the first box
/// farther than the nearest found: in a large battle, only the enemies about as near as
/// the nearest are measured.
const Unit* nearestEnemy(const Battle& battle, const Unit& unit, double& gap) {
    const Unit* nearest = nullptr;
    gap = std::numeric_limits<double>::max();
    enemiesNearestFirst(battle, unit, [&](const Unit& other, double atLeast) {
        // A hair's slack, so that an enemy exactly as near is still measured, the tie to
        // the first in the battle (the order they are measured in does not matter).
        if (atLeast > gap + 1e-6) {
            return false;
        }
        if (fighting(other)) {
            const double between = distanceBetween(unit, other, DistanceConvention::NearestEdges);
            if (between < gap || (between == gap && &other < nearest)) {
                gap = between;
                nearest = &other;
            }
        }
        return true;
    });
    return nearest;
}

double gapBetween(const Battle& battle, const Unit& unit, const std::string& otherId) {
    const Unit* other = battle.findUnit(otherId);
    return other != nullptr ? distanceBetween(unit, *other, DistanceConvention::NearestEdges) : std::numeric_limits<double>::max();
}

/// How far an offered target is, noted in `thoughts` as what they depend on: the target
/// among the units named, and its gap within the horizon.
double notedTarget(const Game& game, const Unit& unit, const std::string& target, UnitThoughts& thoughts) {
    const double gap = gapBetween(game.battle(), unit, target);
    thoughts.related.push_back(target);
    if (gap < std::numeric_limits<double>::max()) {
        thoughts.horizon = std::max(thoughts.horizon, gap);
    }
    return gap;
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
/// noted in `thoughts` (notedTarget).
std::optional<Candidate> nearestTarget(const Game& game, const Unit& unit, const Offer& offer, Priority priority, const std::string& why,
                                       UnitThoughts& thoughts) {
    std::optional<Candidate> best;
    for (const std::string& target : offer.targets) {
        const double gap = notedTarget(game, unit, target, thoughts);
        if (best && gap >= best->distance) {
            continue;
        }
        Action action = aimedAt(offer, target);
        if (game.verdict(action).allowed()) {
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

/// How a box a move may name ranks: first by how many boxes it is from the goal; then,
/// where `straightest`, by how far its centre is from the goal's (the box straight on
/// before one aside); else the first offered.
enum class BoxTies { FirstOffered, Straightest };
/// Whether a move by box goes toward its goal or away from it (a beaten unit's).
enum class BoxWay { Toward, Away };

/// Of the boxes a move may name, the allowed move into the one nearest `goal` that is
/// nearer than the unit's own box is (`way` Away: the farthest that is farther);
/// `stopShort`: not into the goal's box itself.
std::optional<Action> moveByBox(const Game& game, const Offer& moveOffer, const Unit& unit, const Box& goal, bool stopShort, BoxTies ties,
                                double& horizon, BoxWay way = BoxWay::Toward) {
    const Table& table = game.battle().table;
    const Box here = table.boxAt(unit.centre());
    const Point goalCentre = table.boxCentre(goal);
    auto apart = [&](const Box& box) {
        const Point centre = table.boxCentre(box);
        return ties == BoxTies::Straightest ? std::hypot(centre.x() - goalCentre.x(), centre.y() - goalCentre.y()) : 0.0;
    };
    // Ranked by distance to the goal, the nearest first; going away, the farthest first.
    const int sign = way == BoxWay::Toward ? 1 : -1;
    const int own = sign * boxDistance(here, goal);
    std::optional<std::pair<int, double>> nearest;
    std::optional<Action> best;
    for (const Box& box : moveOffer.boxes) {
        // Whoever enters or leaves a box it may move to changes where it may go.
        horizon = std::max(horizon, (boxDistance(here, box) + 1) * table.boxSize);
        const int distance = boxDistance(box, goal);
        const std::pair<int, double> rank{sign * distance, apart(box)};
        if ((stopShort && distance == 0) || rank.first >= own || (nearest && rank >= *nearest)) {
            continue;
        }
        Action move = actionOf(moveOffer);
        move.box = box;
        if (game.verdict(move).allowed()) {
            nearest = rank;
            best = std::move(move);
        }
    }
    return best;
}

/// The move by box nearest `enemy` (moveByBox), stopping short of the enemy's box.
std::optional<Candidate> advanceByBox(const Game& game, const Offer& moveOffer, const Unit& unit, const Unit& enemy, double gap,
                                      double& horizon) {
    std::optional<Action> move =
        moveByBox(game, moveOffer, unit, game.battle().table.boxAt(enemy.centre()), true, BoxTies::FirstOffered, horizon);
    if (!move) {
        return std::nullopt;
    }
    const std::string why = "advances on " + enemy.name + " to box " + boxName(*move->box);
    return Candidate{Priority::Advance, gap, {std::move(*move), why}, unit.id};
}

/// `to` turned about `from` by `degrees` (clockwise on the table, whose y runs down).
Point turnedAbout(const Point& from, const Point& to, double degrees) {
    const double radians = degrees * std::acos(-1.0) / 180;
    const double dx = to.x() - from.x();
    const double dy = to.y() - from.y();
    return {from.x() + dx * std::cos(radians) - dy * std::sin(radians), from.y() + dx * std::sin(radians) + dy * std::cos(radians)};
}

/// The longest allowed move toward `toward`, up to `wanted` and the unit's allowance (a
/// first step's preview), trying shorter ones in turn; none when it cannot go a
/// worthwhile step. `keepFacing`: the unit keeps its front (it steps back from an enemy).
/// `detours`: where no length the straight way is allowed (a friend in the way, most
/// often), a heading up to kWidestDetour either side of it, the nearer first, each still
/// bringing it nearer `toward`; the reason then says what barred the straight way.
/// `past`: where no length up to `wanted` is allowed, the farthest it may go on the straight
/// way instead, to step past what stood where it would have stopped (a friend it would end
/// on); 0 for none. Tried before any detour.
std::optional<Candidate> longestMove(const Game& game, const Offer& moveOffer, const Unit& unit, const Point& toward, double wanted,
                                     Candidate shape, bool keepFacing, bool detours, double& horizon, double past = 0) {
    const Point from = unit.centre();
    Action move = actionOf(moveOffer);
    if (keepFacing && moveOffer.input == OrderInput::Path) {
        move.facing = unit.elements.front().facing;
    }
    // Verdicts only: whether each length may be taken, and the allowance (the odds a
    // player reads of each, worked out for nothing, were a tenth of a refight's time).
    moveTo(move, moveOffer, stepToward(from, toward, 1));
    // A refused step still tells the allowance (a ruleset's preview gives it with its
    // refusal): a unit whose first millimetre would end on a friend may yet step past it.
    const std::optional<double> allowed = game.verdict(move).allowance;
    if (!allowed) {
        return std::nullopt;
    }
    const double allowance = game.battle().table.fromUnits(*allowed);
    // The units that may stand in its way, whichever heading it takes.
    horizon = std::max(horizon, allowance);
    const double longest = std::min(wanted, allowance);
    // Whether a length toward `point` is allowed, each a share of the way from `shortest`
    // to `farthest` (by default of the longest length); the move then names the first that
    // is, and the first refusal is kept in `refusal`.
    const auto firstAllowed = [&](const Point& point, std::initializer_list<double> shares, std::string& refusal, double shortest = 0,
                                  std::optional<double> farthest = std::nullopt) {
        const double span = farthest.value_or(longest) - shortest;
        for (const double share : shares) {
            const double length = shortest + span * share;
            if (length < kShortestMove) {
                return false;
            }
            moveTo(move, moveOffer, stepToward(from, point, length));
            const Preview verdict = game.verdict(move);
            if (verdict.allowed()) {
                return true;
            }
            refusal = refusal.empty() ? verdict.refusal : refusal;
        }
        return false;
    };
    std::string barred;
    if (firstAllowed(toward, {1.0, 0.75, 0.5, 0.25}, barred)) {
        shape.choice.action = std::move(move);
        return shape;
    }
    // Beyond `wanted` toward `past`, the nearer lengths first: the least step past it.
    const double farthest = std::min(past, allowance);
    std::string pastRefusal;
    if (!barred.empty() && farthest > longest && firstAllowed(toward, {0.25, 0.5, 0.75, 1.0}, pastRefusal, longest, farthest)) {
        shape.choice.action = std::move(move);
        shape.choice.reason += ", stepping past what stood in its way (shorter, " + barred + ")";
        return shape;
    }
    if (!detours || barred.empty()) {
        return std::nullopt;
    }
    for (double degrees = kDetourStep; degrees <= kWidestDetour; degrees += kDetourStep) {
        for (const double heading : {degrees, -degrees}) {
            std::string aside;
            if (firstAllowed(turnedAbout(from, toward, heading), {1.0, 0.75, 0.5}, aside)) {
                shape.choice.action = std::move(move);
                shape.choice.reason += ", going round (straight on, " + barred + ")";
                return shape;
            }
        }
    }
    return std::nullopt;
}

/// The longest allowed move toward `enemy`, `gap` away, stopping at the unit's stand-off
/// range; none when it is already within it, or cannot go a worthwhile step. It does not
/// go round a friend in its way: the units held back so were the standard level's second
/// line, and going round won fewer games against the basic level (docs/architecture.md
/// has the figures). `stepsPast` (the levels that weigh): a shooter whose every step short
/// of its range would end on a friend steps past that friend instead, short of the enemy.
/// Stopped there, a line stood behind its skirmishers out of range for the rest of the
/// battle, and the side that did so won fewer games against the basic level
/// (docs/architecture.md).
std::optional<Candidate> advance(const Game& game, const Offer& moveOffer, const Unit& unit, const Unit& enemy, double gap, double standOff,
                                 bool stepsPast, double& horizon) {
    if (standOff > 0 && gap <= standOff) {
        return std::nullopt; // in range: it stays and shoots
    }
    if (moveOffer.input == OrderInput::Box) {
        return advanceByBox(game, moveOffer, unit, enemy, gap, horizon);
    }
    const double wanted = standOff > 0 ? gap - kWithinRange * standOff : gap - kShortestMove;
    const std::string why =
        standOff > 0 ? "advances on " + enemy.name + ", to come within range" : "advances on " + enemy.name + ", to close and charge";
    return longestMove(game, moveOffer, unit, enemy.centre(), wanted, Candidate{Priority::Advance, gap, {{}, why}, unit.id}, false, false,
                       horizon, stepsPast && standOff > 0 ? gap - kShortestMove : 0);
}

/// Where a move order takes its unit: its path's end or the point it names; none for a
/// box or an order that names neither.
std::optional<Point> destinationOf(const Action& move) {
    if (!move.path.empty()) {
        return move.path.back();
    }
    return move.point;
}

/// The danger a beaten unit whose own range is `standOff` reckons `enemy` to be within:
/// the larger of the enemy's range, the unit's own and kDangerGap (a charge's reach).
double beatenDanger(const Game& game, const Unit& enemy, double standOff) {
    return std::max({standOff, game.ruleset().standOffRange(game.battle(), enemy.id), kDangerGap});
}

/// How deep a unit whose centre stood somewhere would stand within the reach of the
/// enemy that reaches it deepest (reachedFrom).
struct Reached {
    double share = std::numeric_limits<double>::max(); // below 1: within that enemy's reach
    const Unit* deepest = nullptr;                     // that enemy
    double widestReach = 0;                            // of every enemy's reach, the widest
};

/// How deep a unit of `side` whose centre stood at `at` (its own range `standOff`) would
/// stand within the reach of the enemy that reaches it deepest: the least, over the
/// fighting enemies, of the distance between their centres as a share of that enemy's
/// reach (beatenDanger). By the centres, so that a unit that would turn as it steps is
/// measured alike where it stands and there.
Reached reachedFrom(const Game& game, const std::string& side, const Point& at, double standOff) {
    Reached reached;
    for (const Unit& enemy : game.battle().units) {
        if (enemy.side == side || !fighting(enemy)) {
            continue;
        }
        const double reach = beatenDanger(game, enemy, standOff);
        const Point centre = enemy.centre();
        const double share = std::hypot(centre.x() - at.x(), centre.y() - at.y()) / reach;
        reached.widestReach = std::max(reached.widestReach, reach);
        if (share < reached.share) {
            reached.share = share;
            reached.deepest = &enemy;
        }
    }
    return reached;
}

/// A beaten unit's step back from `enemy`, as far as its move allows, facing the enemy
/// still where it may, staying on the table, and going round what bars the straight way
/// back; on a box grid, into the box farthest from the enemy's (moveByBox); none
/// where the rules allow no such move, or where the step would leave the unit no less
/// deep within some enemy's reach than it stands now (reachedFrom): that enemy is then
/// `nearer`. (Between two enemies, a beaten unit that stepped back from the nearer
/// stepped back from the other the next turn, and so on, to and fro for hundreds of
/// turns, and the battle never fell quiet enough to end: docs/architecture.md.)
std::optional<Candidate> fallBack(const Game& game, const Offer& moveOffer, const Unit& unit, const Unit& enemy, double gap, double left,
                                  double standOff, double& horizon, const Unit*& nearer) {
    nearer = nullptr;
    char share[8];
    std::snprintf(share, sizeof share, "%.0f%%", left * 100);
    const std::string why = "falls back from " + enemy.name + ": beaten, " + share + " of its strength left";
    if (moveOffer.input == OrderInput::Box) {
        std::optional<Action> move = moveByBox(game, moveOffer, unit, game.battle().table.boxAt(enemy.centre()), false,
                                               BoxTies::FirstOffered, horizon, BoxWay::Away);
        if (!move) {
            return std::nullopt;
        }
        const std::string to = " (to box " + boxName(*move->box) + ")";
        return Candidate{Priority::FallBack, gap, {std::move(*move), why + to}, unit.id};
    }
    if (moveOffer.input != OrderInput::Path && moveOffer.input != OrderInput::Point) {
        return std::nullopt;
    }
    const Table& table = game.battle().table;
    const Point from = unit.centre();
    const Point away = stepToward(from, enemy.centre(), -std::max(table.width, table.depth));
    const Point inside(std::clamp(away.x(), kTableMargin, table.width - kTableMargin),
                       std::clamp(away.y(), kTableMargin, table.depth - kTableMargin));
    const double wanted = std::hypot(inside.x() - from.x(), inside.y() - from.y());
    const Candidate shape{Priority::FallBack, gap, {{}, why}, unit.id};
    std::optional<Candidate> step = longestMove(game, moveOffer, unit, inside, wanted, shape, true, false, horizon);
    if (!step) {
        step = longestMove(game, moveOffer, unit, inside, wanted, shape, false, true, horizon);
    }
    const std::optional<Point> to = step ? destinationOf(step->choice.action) : std::nullopt;
    if (!to) {
        return step;
    }
    const Reached now = reachedFrom(game, unit.side, from, standOff);
    const Reached there = reachedFrom(game, unit.side, *to, standOff);
    // The enemies that may decide it stand within this of the unit's centre, now or
    // there: a change beyond them leaves the choice as it is.
    horizon = std::max(horizon, now.share * now.widestReach + std::hypot(to->x() - from.x(), to->y() - from.y()));
    if (there.share <= now.share) {
        nearer = there.deepest;
        return std::nullopt;
    }
    return step;
}

/// The nearest enemy with a range longer than `longerThan` that has `unit` within it
/// (Ruleset::standOffRange), if any; every such enemy is noted in `thoughts` as what they
/// depend on.
const Unit* shooterInRange(const Game& game, const Unit& unit, double longerThan, UnitThoughts& thoughts) {
    const Unit* nearest = nullptr;
    double nearestGap = std::numeric_limits<double>::max();
    for (const Unit& enemy : game.battle().units) {
        if (enemy.side == unit.side || !fighting(enemy)) {
            continue;
        }
        const double range = game.ruleset().standOffRange(game.battle(), enemy.id);
        if (range <= std::max(longerThan, 0.0) || gapAtLeast(unit, enemy) > range) {
            continue;
        }
        const double gap = distanceBetween(unit, enemy, DistanceConvention::NearestEdges);
        if (gap <= range) {
            thoughts.related.push_back(enemy.id);
            if (gap < nearestGap) {
                nearestGap = gap;
                nearest = &enemy;
            }
        }
    }
    return nearest;
}

/// What the tries must show for a weighed order to be given.
enum class Bar {
    Any,      // whatever they show: the best target is taken (a melee, a charge rather than stand in fire)
    Favoured, // no loss on average, and more tries gained than lost (a charge by choice)
    // Not a loss both on average (below kLeastFireGain) and in as many tries as gained
    // (fire). The mean alone turns on a rare try in which a melee or the battle is lost:
    // refusing fire whose mean was below the bar, though as many as 8 tries in 10 gained,
    // left the unit idle for the turn. (Four seats, 60 games each over seeds 401-460 and
    // again over 601-660, won 331 of 480 games against the basic level instead of 313;
    // docs/architecture.md.)
    NoHarm,
};

bool passes(const Weighing& weighing, Bar bar) {
    const bool mostlyGains = weighing.favourable > weighing.unfavourable;
    switch (bar) {
    case Bar::Any:
        return true;
    case Bar::Favoured:
        return weighing.gain >= 0 && mostlyGains;
    case Bar::NoHarm:
        return weighing.gain >= kLeastFireGain || mostlyGains;
    }
    return false;
}

/// Of the offered targets (the nearest few), the one whose order the tries favour most,
/// of those whose tries pass `bar`. Every target is noted in `thoughts` as nearestTarget does.
std::optional<Candidate> bestWeighed(const Game& game, const Unit& unit, const Offer& offer, Priority priority, const std::string& verb,
                                     Bar bar, Weigher& weigher, UnitThoughts& thoughts, std::string& bestRefused) {
    std::vector<std::pair<double, std::string>> byGap;
    for (const std::string& target : offer.targets) {
        byGap.emplace_back(notedTarget(game, unit, target, thoughts), target);
    }
    std::stable_sort(byGap.begin(), byGap.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
    // Fire the rules only set down now (Weigher::setDownOnly), to roll later with the rest
    // of its phase's fire, say: asked of the nearest target's, as any target's would tell.
    const bool setDown = bar == Bar::NoHarm && !byGap.empty() && weigher.setDownOnly(aimedAt(offer, byGap.front().second));
    byGap.resize(std::min(byGap.size(), setDown ? kMostSetDownTargets : kMostWeighedTargets));
    std::optional<Candidate> best;
    double bestGain = -std::numeric_limits<double>::max();
    for (const auto& [gap, target] : byGap) {
        Action action = aimedAt(offer, target);
        if (!game.verdict(action).allowed()) {
            continue;
        }
        // With a lone target, two orders are given unweighed, their tries telling nothing
        // (they had no target to choose): a melee, fought whatever they show (Bar::Any);
        // and fire that the rules only set down now, to roll later (with the rest of its
        // phase's fire, say). Without those tries the standard level won as many games
        // against the basic level, in about two thirds of the time. Fire that rolls at
        // once is weighed still: its tries refuse fire that costs more than it gains, and
        // rank the units' fire, the best first (docs/architecture.md has the figures).
        if (byGap.size() == 1) {
            const char* unweighed = priority == Priority::Melee ? ", its only enemy"
                                    : setDown                   ? ", its only target (set down now, rolled later)"
                                                                : nullptr;
            if (unweighed != nullptr) {
                const Unit* aimed = game.battle().findUnit(target);
                return Candidate{
                    priority, gap, {std::move(action), verb + " " + (aimed != nullptr ? aimed->name : target) + unweighed}, unit.id};
            }
        }
        const Weighing weighing = weigher.weigh(action);
        if (!weighing.allowed) {
            continue;
        }
        const Unit* aimed = game.battle().findUnit(target);
        const std::string why = verb + " " + (aimed != nullptr ? aimed->name : target) + ": " + describeWeighing(weighing);
        if (!passes(weighing, bar)) {
            if (weighing.gain > bestGain) {
                bestGain = weighing.gain;
                bestRefused = why;
            }
            continue;
        }
        if (!best || weighing.gain > best->gain) {
            best = Candidate{priority, gap, {std::move(action), why}, unit.id, weighing.gain};
        }
    }
    return best;
}

/// Steps of `unit`'s each way (to each box next to its own on a grid, else 2 cm along the
/// four ways of the table), as the rules' ruling move order takes them: what a formation
/// change is asked to allow. None when the rules have no move order for it.
std::vector<Action> stepsAround(const Game& game, const Unit& unit) {
    const std::vector<Offer> orders = game.ruleset().rulingOffers(game.battle(), unit.id);
    const auto move = std::find_if(orders.begin(), orders.end(), [](const Offer& o) { return o.role == OrderRole::Move; });
    if (move == orders.end() || (move->input != OrderInput::Box && move->input != OrderInput::Point && move->input != OrderInput::Path)) {
        return {};
    }
    const Table& table = game.battle().table;
    const Point from = unit.centre();
    const double stride = table.gridded() ? table.boxSize : 20.0;
    std::vector<Action> steps;
    for (int across = -1; across <= 1; ++across) {
        for (int down = -1; down <= 1; ++down) {
            if ((across == 0 && down == 0) || (!table.gridded() && across != 0 && down != 0)) {
                continue;
            }
            const Point next(from.x() + across * stride, from.y() + down * stride);
            Action step = actionOf(*move);
            if (move->input == OrderInput::Box) {
                step.box = table.boxAt(next);
            } else if (move->input == OrderInput::Point) {
                step.point = next;
            } else {
                step.path = {next};
            }
            steps.push_back(std::move(step));
        }
    }
    return steps;
}

/// `unit` in the formation `change` gives it, and nothing else of what it does: its
/// resolution's formation and moves of the unit, on dice of the computer's own, applied
/// to a copy of the battle (an order's bookkeeping, the order given this step, left out).
/// Nothing when the rules refuse it or put a question.
std::optional<Battle> reformedBy(const Game& game, const Unit& unit, const Action& change) {
    DiceStream dice(game.seed() ^ kReformingDice);
    const Resolution resolution = game.ruleset().resolve(game.battle(), change, dice);
    if (!resolution.refusal.empty() || resolution.prompt) {
        return std::nullopt;
    }
    Battle after = game.battle();
    try {
        for (const Event& event : resolution.events) {
            const auto* formed = std::get_if<event::FormationSet>(&event);
            const auto* moved = std::get_if<event::Moved>(&event);
            if ((formed != nullptr && formed->unit == unit.id) || (moved != nullptr && moved->unit == unit.id)) {
                applyEvent(after, event);
            }
        }
    } catch (const std::logic_error&) {
        return std::nullopt;
    }
    after.index.file(after);
    return after;
}

bool anyAllowed(const Game& game, const Battle& battle, const std::vector<Action>& steps) {
    return std::any_of(steps.begin(), steps.end(), [&](const Action& step) { return game.ruleset().verdict(battle, step).allowed(); });
}

/// A formation change for a unit that shoots and that its formation holds in place (the
/// rules refuse it a step any way, as they refuse a square), with nothing to
/// shoot, charge or fight and no enemy near: of the changes after which the rules allow
/// a step and the unit's range is no shorter, the one the tries favour most, if they
/// show it costs nothing. The unit may then advance from its next move on. Without it a
/// unit that began the battle in square never moved again, and could not follow an enemy
/// out of its range nor go for an objective (a side in squares at the Standard level drew
/// half its seeded games against the Random level, each time with its squares still in
/// the boxes they began in; docs/architecture.md has the figures). The steps asked of the rules
/// keep a unit from changing back and forth (a change that allows no step is never
/// taken), and the range one from trading its fire for a move (a gun limbered).
std::optional<Candidate> formToMove(const Game& game, const Unit& unit, double standOff, const std::vector<Offer>& formations,
                                    const std::vector<Candidate>& candidates, Weigher& weigher, UnitThoughts& thoughts) {
    const bool busy = std::any_of(candidates.begin(), candidates.end(), [](const Candidate& c) {
        return c.priority != Priority::EndActivation && c.priority != Priority::SpendActivation;
    });
    if (busy || standOff <= 0) {
        return std::nullopt;
    }
    double gap = 0;
    const Unit* enemy = nearestEnemy(game.battle(), unit, gap);
    if (enemy == nullptr) {
        return std::nullopt;
    }
    thoughts.nearest = enemy->id;
    thoughts.nearestGap = gap;
    thoughts.nearestPriority = Priority::Advance;
    thoughts.nearestGain = std::numeric_limits<double>::max(); // a weighed change's gain
    const double danger = std::max({standOff, game.ruleset().standOffRange(game.battle(), enemy->id), 2 * kDangerGap});
    thoughts.horizon = std::max(thoughts.horizon, danger);
    if (gap <= danger) {
        return std::nullopt;
    }
    const std::vector<Action> steps = stepsAround(game, unit);
    if (steps.empty() || anyAllowed(game, game.battle(), steps)) {
        return std::nullopt; // not held in place by its formation
    }
    std::optional<Candidate> best;
    for (const Offer& formation : formations) {
        Action change = actionOf(formation);
        if (!game.verdict(change).allowed()) {
            continue;
        }
        const std::optional<Battle> after = reformedBy(game, unit, change);
        if (!after || !anyAllowed(game, *after, steps) || game.ruleset().standOffRange(*after, unit.id) < standOff) {
            continue;
        }
        thoughts.weighed = true;
        const Weighing weighing = weigher.weigh(change);
        if (!weighing.allowed || weighing.gain < 0 || weighing.unfavourable > weighing.favourable) {
            continue;
        }
        if (!best || weighing.gain > best->gain) {
            best = Candidate{Priority::Advance,
                             gap,
                             {std::move(change), formation.label + ", to advance on " + enemy->name + ": no enemy within reach (" +
                                                     describeWeighing(weighing) + ")"},
                             unit.id,
                             weighing.gain};
        }
    }
    return best;
}

/// `unit` as it would stand with its centre at `to`, every element moved alike.
Unit centredAt(const Unit& unit, const Point& to) {
    Unit there = unit;
    const Point from = unit.centre();
    for (Element& element : there.elements) {
        element.centre = Point(element.centre.x() + to.x() - from.x(), element.centre.y() + to.y() - from.y());
    }
    return there;
}

/// The enemy whose fire a shock unit (`unit`, which does not shoot) would step into by
/// `step` and need not: one whose range does not reach the unit where it stands but would
/// reach it at the step's end, and is shorter than the unit's own move, so that the unit
/// can wait outside it and still charge it from there. The first such enemy in the
/// battle's order; none where the step enters no such range. (An enemy whose range is
/// longer than the unit's move can be charged only by crossing its fire, and is: an army
/// of shock foot facing rifles crosses their range to charge at all.) Such an enemy stands
/// within twice the unit's move: none when the nearest enemy is farther (`nearestGap`,
/// which the unit's thoughts depend on already), else `horizon` is widened to it.
const Unit* fireToWaitOutside(const Game& game, const Unit& unit, const Action& step, double nearestGap, double& horizon) {
    const std::optional<Point> to = destinationOf(step);
    const Preview verdict = game.verdict(step);
    if (!to || !verdict.allowance) {
        return nullptr;
    }
    const double reach = game.battle().table.fromUnits(*verdict.allowance);
    if (nearestGap > 2 * reach) {
        return nullptr;
    }
    horizon = std::max(horizon, 2 * reach);
    const Unit there = centredAt(unit, *to);
    for (const Unit& enemy : game.battle().units) {
        if (enemy.side == unit.side || !fighting(enemy)) {
            continue;
        }
        const double range = game.ruleset().standOffRange(game.battle(), enemy.id);
        if (range > 0 && range < reach && gapAtLeast(there, enemy) <= range && gapAtLeast(unit, enemy) > range) {
            return &enemy;
        }
    }
    return nullptr;
}

/// Whether `enemy` has been given an order or moved since the last turn began, or the
/// battle is in its first turn, when no enemy has had a turn to act in: a shooter waits
/// for an enemy that comes on or fights, not for one that stands idle as it does.
/// (Waiting for any enemy, the standard level's two sides stood off until the rule for a
/// battle no one fights ended 27 of 40 refights of a shipped battle, against 13 before
/// they waited; docs/architecture.md names it.)
bool actedSinceLastTurn(const Game& game, const std::string& enemy) {
    const int turn = game.battle().turn;
    if (turn <= 1) {
        return true;
    }
    const std::vector<LogEntry>& log = game.log();
    for (auto entry = log.rbegin(); entry != log.rend(); ++entry) {
        if (entry->action.unit == enemy) {
            return true;
        }
        for (const Event& event : entry->resolution.events) {
            if (const auto* moved = std::get_if<event::Moved>(&event); moved != nullptr && moved->unit == enemy) {
                return true;
            }
            if (const auto* set = std::get_if<event::TurnSet>(&event); set != nullptr && set->turn < turn - 1) {
                return false;
            }
        }
    }
    return false;
}

/// The enemy whose range a shooter (`unit`, whose range is `range`) would step into by
/// `step` and need not: one whose range does not reach the unit where it stands but would
/// reach it at the step's end, and is no longer than the unit's own, so that the enemy
/// must come within the unit's range to shoot at it, and that is not idle (actedSinceLastTurn).
/// The first such enemy in the battle's
/// order; none where the step enters no such range. Waiting outside it, the unit lets the
/// enemy step in and stand a turn in its fire, rather than do so itself: where the rules
/// forbid fire after a move, the unit that steps into range is shot before it may shoot.
/// Such an enemy stands within the step's length and the unit's range: `horizon` is
/// widened to that.
const Unit* rangeToWaitOutside(const Game& game, const Unit& unit, const Action& step, double range, double& horizon) {
    const std::optional<Point> to = destinationOf(step);
    if (!to) {
        return nullptr;
    }
    const Point from = unit.centre();
    horizon = std::max(horizon, std::hypot(to->x() - from.x(), to->y() - from.y()) + range + kSameRange);
    const Unit there = centredAt(unit, *to);
    for (const Unit& enemy : game.battle().units) {
        if (enemy.side == unit.side || !fighting(enemy)) {
            continue;
        }
        const double enemyRange = game.ruleset().standOffRange(game.battle(), enemy.id);
        if (enemyRange > 0 && enemyRange <= range + kSameRange &&
            distanceBetween(there, enemy, DistanceConvention::NearestEdges) <= enemyRange &&
            distanceBetween(unit, enemy, DistanceConvention::NearestEdges) > enemyRange && actedSinceLastTurn(game, enemy.id)) {
            return &enemy;
        }
    }
    return nullptr;
}

/// What holding `objective` wins, for a reason: ", the objective: the side alone in it at
/// the end of turn 10 wins".
std::string objectiveWhy(const Objective& objective) {
    return ", the objective: the side alone in it at the end" +
           (objective.byTurn > 0 ? " of turn " + std::to_string(objective.byTurn) : std::string()) + " wins";
}

/// The longest allowed move toward the objective's centre, going round what bars the
/// straight way (by box, the allowed box nearest the objective's); none where the rules
/// allow no such move.
std::optional<Candidate> makeFor(const Game& game, const Offer& moveOffer, const Unit& unit, const Objective& objective, double& horizon) {
    const Point from = unit.centre();
    const Point centre = centreOf(objective);
    const double wanted = std::hypot(centre.x() - from.x(), centre.y() - from.y());
    Candidate shape{Priority::Advance, wanted, {{}, "makes for " + objective.name + objectiveWhy(objective)}, unit.id};
    if (moveOffer.input == OrderInput::Box) {
        std::optional<Action> move =
            moveByBox(game, moveOffer, unit, game.battle().table.boxAt(centre), false, BoxTies::Straightest, horizon);
        if (!move) {
            return std::nullopt;
        }
        shape.choice.action = std::move(*move);
        return shape;
    }
    if (moveOffer.input != OrderInput::Path && moveOffer.input != OrderInput::Point) {
        return std::nullopt;
    }
    return longestMove(game, moveOffer, unit, centre, wanted, std::move(shape), false, true, horizon);
}

/// The unit's order to prepare (roll) its move first, `toWhat` being what the move is
/// for ("advance"); none where the rules do not allow it now.
std::optional<Candidate> preparedMove(const Game& game, const Offer& prepareMove, const Unit& unit, double distance,
                                      const std::string& toWhat) {
    Action prepare = actionOf(prepareMove);
    if (!game.verdict(prepare).allowed()) {
        return std::nullopt;
    }
    return Candidate{Priority::PrepareMove, distance, {std::move(prepare), "first: " + prepareMove.label + ", to " + toWhat}, unit.id};
}

/// Gives `why` as the reason of the unit's order to do nothing (the end or the spending of
/// its activation), where it is offered one.
void sayWhyIdle(std::vector<Candidate>& candidates, const std::string& why) {
    for (Candidate& candidate : candidates) {
        if (candidate.priority == Priority::EndActivation || candidate.priority == Priority::SpendActivation) {
            candidate.choice.reason = why;
        }
    }
}

} // namespace

UnitThoughts considerUnit(const Game& game, const Unit& unit, bool acting, Weigher* weigher, const ObjectivePlan* plan) {
    UnitThoughts thoughts;
    std::vector<Candidate>& candidates = thoughts.candidates;
    const std::vector<Offer> offers = game.offers(unit.id);
    const bool weighs = weigher != nullptr;
    const double standOff = game.ruleset().standOffRange(game.battle(), unit.id);
    const bool shooter = standOff > 0;
    const double left = weighs ? weigher->strengthLeft(unit) : 1.0;
    const bool beaten = left < kBeaten;
    thoughts.horizon = standOff;
    std::optional<Offer> move;
    std::optional<Offer> prepareMove;
    std::vector<Offer> formations;
    bool chargeOffered = false;
    std::string heldBack;   // why a unit that might charge does not: its best charge's weighing
    std::string notFired;   // the same of its fire and melee orders (not given in a reason)
    std::string notRallied; // the weighing of a rally it does not try
    for (const Offer& offer : offers) {
        const bool aimed = offer.role == OrderRole::Melee || offer.role == OrderRole::Charge || offer.role == OrderRole::Fire;
        thoughts.weighed = thoughts.weighed || (weighs && aimed && !offer.targets.empty());
        std::optional<Candidate> candidate;
        switch (offer.role) {
        case OrderRole::Melee:
            candidate =
                weighs ? bestWeighed(game, unit, offer, Priority::Melee, "fights the melee with", Bar::Any, *weigher, thoughts, notFired)
                       : nearestTarget(game, unit, offer, Priority::Melee, "fights the melee it is in", thoughts);
            break;
        case OrderRole::Rally:
        case OrderRole::Reform: {
            Action action = actionOf(offer);
            if (!game.verdict(action).allowed()) {
                break;
            }
            if (offer.role == OrderRole::Reform) {
                candidate = Candidate{Priority::Reform, 0, {std::move(action), "re-forms"}, unit.id};
            } else if (!weighs) {
                candidate = Candidate{Priority::Rally, 0, {std::move(action), "tries to rally"}, unit.id};
            } else {
                // A rally the rules may punish (a failed one costing a base) is tried only
                // where the tries show it no worse than not trying. (Tried at every
                // activation of a routed unit, down to its last base, it cost one side in
                // one ruleset about a tenth of its games against the basic level:
                // docs/architecture.md.)
                thoughts.weighed = true;
                const Weighing weighing = weigher->weigh(action);
                if (weighing.allowed && weighing.gain >= 0) {
                    candidate = Candidate{
                        Priority::Rally, 0, {std::move(action), "tries to rally: " + describeWeighing(weighing)}, unit.id, weighing.gain};
                } else if (weighing.allowed) {
                    notRallied = describeWeighing(weighing);
                }
            }
            break;
        }
        case OrderRole::Charge:
            chargeOffered = chargeOffered || !offer.targets.empty();
            if (weighs && !beaten && !offer.targets.empty()) {
                // A shock unit within an enemy's fire loses by waiting what the weighing,
                // which ends with the turn, does not count (the next turn's volleys): it
                // takes its best charge however the tries weigh it, rather than stand and
                // be shot. (Shock foot that waited for odds the tries never gave them won
                // almost no games against the Basic level; docs/architecture.md.)
                // A unit that shoots charges only where an enemy outranges it: else its
                // own fire is the better order, and the tries, which play the turn on
                // with nothing else done, leave that fire out. (Riflemen that charged out
                // whenever a charge was favoured lost more games against the Basic level
                // than they won; docs/architecture.md.)
                const Unit* outranging = shooterInRange(game, unit, standOff, thoughts);
                if (shooter && outranging == nullptr) {
                    break; // it keeps to its fire
                }
                const bool underFire = !shooter && outranging != nullptr; // else it charges as the tries favour
                candidate = bestWeighed(game, unit, offer, Priority::Charge, "charges", underFire ? Bar::Any : Bar::Favoured, *weigher,
                                        thoughts, heldBack);
                if (candidate && underFire) {
                    candidate->choice.reason += "; rather than stand in " + outranging->name + "'s fire";
                }
            } else if (!weighs && !shooter) {
                candidate = nearestTarget(game, unit, offer, Priority::Charge, "charges the nearest enemy it may reach", thoughts);
            }
            break;
        case OrderRole::Fire:
            candidate = weighs ? bestWeighed(game, unit, offer, Priority::Fire, "fires at", Bar::NoHarm, *weigher, thoughts, notFired)
                               : nearestTarget(game, unit, offer, Priority::Fire, "fires at the nearest target", thoughts);
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
        case OrderRole::Formation:
            formations.push_back(offer); // a formation is changed only to move (formToMove)
            break;
        default: // facings and joining a unit are left as the scenario set them
            break;
        }
        if (candidate) {
            candidates.push_back(std::move(*candidate));
        }
    }
    const bool charging =
        std::any_of(candidates.begin(), candidates.end(), [](const Candidate& c) { return c.priority == Priority::Charge; });
    // A shock unit that could charge but finds no charge worth it waits where it is for
    // better odds, rather than walk up to the enemy's own charge; but only with an enemy
    // within kDangerGap. Where the rules let a charge be declared at any distance, the
    // charges offered from afar fall short and the tries never favour them: a unit that
    // waited wherever a charge was offered never closed with an enemy that did not come
    // to it (docs/architecture.md, the computer player: games against a player choosing
    // at random drawn 0 all). Such a unit's orders are weighed, so it is thought about
    // afresh at every decision as its enemies come and go.
    // The nearest enemy and the gap to it, looked for once: the wait asks, and the orders
    // drawn from the nearest enemy below.
    std::optional<std::pair<const Unit*, double>> nearestFound;
    const auto nearest = [&] {
        if (!nearestFound) {
            double gap = 0;
            const Unit* enemy = nearestEnemy(game.battle(), unit, gap);
            nearestFound.emplace(enemy, gap);
        }
        return *nearestFound;
    };
    const bool waits = weighs && !shooter && chargeOffered && !charging && nearest().first != nullptr && nearest().second <= kDangerGap;
    std::string idle = beaten             ? "holds, beaten: " + std::to_string(static_cast<int>(left * 100)) + "% of its strength left"
                       : !waits           ? std::string()
                       : heldBack.empty() ? std::string("holds: no charge it may make is allowed now")
                                          : "holds: no charge is worth it (" + heldBack + ")";
    if (!notRallied.empty()) {
        idle += (idle.empty() ? "" : "; ") + std::string("does not try to rally: ") + notRallied;
    }
    if (!idle.empty()) {
        sayWhyIdle(candidates, idle);
    }
    if (!move && !prepareMove && !waits && !beaten && weighs && !formations.empty()) {
        if (std::optional<Candidate> change = formToMove(game, unit, standOff, formations, candidates, *weigher, thoughts)) {
            candidates.push_back(std::move(*change));
        }
    }
    // At the levels that weigh, the unit detailed to an objective goes for it (unless it
    // lay behind the army as it deployed) and, in it, stays: it fires and fights from
    // there, and charges out of it no more.
    const auto isBeaten = [&](const Unit& other) { return weighs && weigher->strengthLeft(other) < kBeaten; };
    if (const ObjectivePlan::Detail* detail = plan != nullptr ? detailedTo(*plan, game, unit, thoughts.related, isBeaten) : nullptr) {
        const Objective& objective = detail->objective;
        if (turnsOnHolders(*detail, unit.side, game.battle().turn)) {
            // Whether it goes turns on who stands in the objective: a unit coming into it or
            // leaving it is then within the unit's horizon, and it thinks again.
            const Point at = unit.centre();
            for (const Point& corner : objective.area.outer()) {
                thoughts.horizon = std::max(thoughts.horizon, std::hypot(corner.x() - at.x(), corner.y() - at.y()));
            }
        }
        if (standsIn(objective, unit)) {
            std::erase_if(candidates, [](const Candidate& c) { return c.priority == Priority::Charge; });
            sayWhyIdle(candidates, "holds " + objective.name + objectiveWhy(objective));
            return thoughts;
        }
        if (move && !beaten && !inRear(*detail, unit.side) && makesForNow(*detail, game.battle(), unit.side, game.battle().turn)) {
            if (std::optional<Candidate> step = makeFor(game, *move, unit, objective, thoughts.horizon)) {
                candidates.push_back(std::move(*step));
                return thoughts;
            }
            // Contesting it in the last turns, a move not known until prepared (rolled) is
            // prepared to make for the objective, an enemy within range or not: the advance
            // below prepares one only out of the enemy's reach, and there is no later turn
            // to wait for. (Earlier, and for the side that got there first, a detail within
            // range fights first.)
            if (prepareMove && contestsLate(*detail, unit.side, game.battle().turn)) {
                if (std::optional<Candidate> prepare =
                        preparedMove(game, *prepareMove, unit, 0, "make for " + objective.name + objectiveWhy(objective))) {
                    candidates.push_back(std::move(*prepare));
                    return thoughts;
                }
            }
        }
    }
    if (!move || waits) {
        return thoughts;
    }
    const auto [enemy, gap] = nearest();
    if (enemy == nullptr) {
        return thoughts;
    }
    thoughts.nearest = enemy->id;
    thoughts.nearestGap = gap;
    thoughts.nearestPriority = beaten ? Priority::FallBack : prepareMove ? Priority::PrepareMove : Priority::Advance;
    if (beaten) {
        // Out of the enemy's reach to rally: beyond its range or the unit's own, and a charge.
        const double danger = beatenDanger(game, *enemy, standOff);
        thoughts.horizon = std::max(thoughts.horizon, danger);
        if (gap < danger) {
            const Unit* nearer = nullptr;
            if (std::optional<Candidate> back = fallBack(game, *move, unit, *enemy, gap, left, standOff, thoughts.horizon, nearer)) {
                candidates.push_back(std::move(*back));
            } else if (nearer != nullptr) {
                thoughts.related.push_back(nearer->id);
                sayWhyIdle(candidates,
                           idle + "; a step back from " + enemy->name + " would take it no farther out of " + nearer->name + "'s reach");
            }
        }
        return thoughts;
    }
    if (std::optional<Candidate> step = advance(game, *move, unit, *enemy, gap, standOff, weighs, thoughts.horizon)) {
        // At the levels that weigh, a shock unit waits outside the range of an enemy it
        // could charge from there, rather than stand a turn in its fire for nothing: it
        // charges when a charge is offered and the tries favour it. (Advancing into
        // musket range, shock units won fewer games against the basic level than waiting
        // outside it; docs/architecture.md has the figures.)
        // So does a shooter, where the enemy must come within its range to shoot at it:
        // unless its side must take an objective the enemy got to first, and so must go
        // to the enemy. (Stepping into such ranges, the standard level won fewer games
        // against the basic level where the armies began just out of range of each
        // other; docs/architecture.md has the figures.)
        if (weighs && shooter && (plan == nullptr || !mustTakeFromEnemy(*plan, unit.side))) {
            if (const Unit* shooterAhead = rangeToWaitOutside(game, unit, step->choice.action, standOff, thoughts.horizon)) {
                sayWhyIdle(candidates, "waits outside " + shooterAhead->name + "'s range, which is no longer than its own, for " +
                                           shooterAhead->name + " to come within it");
                return thoughts;
            }
        }
        if (weighs && !shooter) {
            if (const Unit* shooterAhead = fireToWaitOutside(game, unit, step->choice.action, gap, thoughts.horizon)) {
                sayWhyIdle(candidates, "waits outside " + shooterAhead->name + "'s range, near enough to charge it from there");
                return thoughts;
            }
        }
        candidates.push_back(std::move(*step));
    } else if (prepareMove) {
        // Its move is not known until prepared (rolled): do so when the enemy is out of reach.
        if (gap > standOff) {
            if (std::optional<Candidate> prepare = preparedMove(game, *prepareMove, unit, gap, "advance")) {
                candidates.push_back(std::move(*prepare));
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
