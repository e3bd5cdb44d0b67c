#include "sandtable/computer_player.h"

#include "computer_doctrine.h"
#include "computer_memory.h"
#include "computer_random.h"
#include "computer_ranking.h"
#include "computer_search.h"
#include "sandtable/battle_geometry.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <optional>
#include <type_traits>
#include <unordered_map>

namespace sandtable {

using computer::Candidate;
using computer::Footprint;
using computer::footprintOf;
using computer::Priority;
using computer::Remembered;
using computer::RememberedThoughts;
using computer::UnitRanking;
using computer::UnitThoughts;

namespace {

/// Tries an order is weighed by, at the levels that weigh (computer_weighing.h). With 6,
/// the standard level plays about 0.7 of the time and wins fewer games against the basic
/// level (517 of 720, twelve seats from one seed, against 552 with 10; six for fire alone,
/// 0.82 of the time, 1,069 of 1,440 against 1,090): docs/architecture.md has the seats.
constexpr int kTries = 10;

/// The units an event changes, in `units`; `everything` when it changes what every unit
/// may do (a new turn, a card, a side's or the terrain's state, a command, a new unit).
/// A key of the ruleset's session alone changes no unit: the rulesets set them beside the
/// unit events of the same action (a melee's contact beside the charge's move), and the
/// turn, phase and acting unit are read from the status.
void changedBy(const Event& event, std::vector<std::string>& units, bool& everything) {
    std::visit(
        [&](const auto& e) {
            using E = std::decay_t<decltype(e)>;
            if constexpr (std::is_same_v<E, event::Attached>) {
                units.push_back(e.leader);
                units.push_back(e.to);
            } else if constexpr (std::is_same_v<E, event::ElementsTransferred>) {
                units.push_back(e.from);
                units.push_back(e.to);
            } else if constexpr (std::is_same_v<E, event::SessionSet>) {
                // read through the status, or beside a unit's event
            } else if constexpr (std::is_same_v<E, event::TurnSet> || std::is_same_v<E, event::SideMarkerChanged> ||
                                 std::is_same_v<E, event::TerrainMarkerChanged> || std::is_same_v<E, event::DeckFormed> ||
                                 std::is_same_v<E, event::CardTurned> || std::is_same_v<E, event::CardCalled> ||
                                 std::is_same_v<E, event::DeckGathered> || std::is_same_v<E, event::CommandTaken> ||
                                 std::is_same_v<E, event::UnitCreated>) {
                everything = true;
            } else {
                units.push_back(e.unit);
            }
        },
        event);
}

} // namespace

struct ComputerPlayer::Memory {
    ComputerLevel level = ComputerLevel::Standard;
    bool remembering = true;
    bool keepingWeighings = true; // off: weighed thoughts hold for one decision only
    std::size_t considered = 0;
    std::size_t triesPlayed = 0; // by the weighers of decisions past
    // The game and the point in its log the thoughts below are of.
    const Game* game = nullptr;
    const Ruleset* ruleset = nullptr;
    std::size_t actions = 0;
    std::uint64_t history = 0; // Game::historyId: an undo since forgets everything
    int turn = 0;
    std::string phase;
    std::string activeUnit;
    RememberedThoughts thoughts;
    std::map<std::string, UnitRanking> rankings;           // a side's units that may act, by side
    std::unordered_map<std::string, Footprint> footprints; // every unit's, where it stood when last seen
    std::optional<computer::Weigher> weigher;              // the decision's, at the levels that weigh
    // The game's objectives and who is detailed to them, ranked by where the units stood
    // at the start: made once a game, at the levels that weigh.
    std::optional<computer::ObjectivePlan> plan;

    void forgetAll(const Game& of) {
        thoughts.clear();
        footprints.clear();
        for (const Unit& unit : of.battle().units) {
            footprints[unit.id] = footprintOf(unit);
        }
    }

    /// Forgets the thoughts that `changed`'s change may have overtaken; of those it may
    /// alter only by the nearest enemy (a new one, or the nearest moved or changed beyond
    /// the unit's horizon), notes how near that enemy may now be instead (nearerEnemyAt).
    void forgetAround(const Battle& battle, const std::string& changed) {
        const Unit* now = battle.findUnit(changed);
        const Footprint after = now != nullptr ? footprintOf(*now) : Footprint{};
        const auto known = footprints.find(changed);
        const Footprint before = known != footprints.end() ? known->second : Footprint{};
        // Only the thinkers whose heed the change meets, or that name it: then exactly.
        for (RememberedThoughts::Entry* reached : thoughts.reachedBy(changed, before, after)) {
            const std::string& id = reached->first;
            Remembered& remembered = reached->second;
            const UnitThoughts& unit = remembered.thoughts;
            const Footprint& here = remembered.at;
            bool stale = id == changed || std::find(unit.related.begin(), unit.related.end(), changed) != unit.related.end();
            std::optional<double> nearestAtLeast; // the least gap its nearest enemy may now be at
            if (!stale) {
                const double reach = reachOf(unit);
                stale = before.onTable && !surelyApart(here, before, reach) && gapAtLeast(here, before) <= reach;
                const double heeded = after.side != here.side ? std::max(reach, unit.nearestGap) : reach;
                if (!stale && after.onTable && !surelyApart(here, after, heeded)) {
                    // Where it stood is known by its footprint only; where it stands now,
                    // exactly. The footprints rule out most thinkers, far from the change,
                    // before the thinker is looked up and measured.
                    const double roughly = gapAtLeast(here, after);
                    const bool near = roughly <= reach;
                    const bool nearerEnemy = after.side != here.side && roughly < unit.nearestGap;
                    if (near || nearerEnemy) {
                        if (const Unit* thinker = battle.findUnit(id)) {
                            const double gapNow = distanceBetween(*thinker, *now, DistanceConvention::NearestEdges);
                            stale = near && gapNow <= reach;
                            if (nearerEnemy && gapNow < unit.nearestGap) {
                                nearestAtLeast = gapNow;
                            }
                        }
                    }
                }
                if (changed == unit.nearest) {
                    // Gone farther or changed: the nearest now is it, or another no nearer
                    // than it was.
                    const double atLeast = after.onTable ? std::min(unit.nearestGap, gapAtLeast(here, after)) : unit.nearestGap;
                    nearestAtLeast = std::min(nearestAtLeast.value_or(atLeast), atLeast);
                }
            }
            if (!stale && nearestAtLeast) {
                // A weighing may turn on any change: weighed thoughts are forgotten.
                std::optional<double>& at = remembered.nearerEnemyAt;
                at = std::min(at.value_or(*nearestAtLeast), *nearestAtLeast);
                thoughts.noteChanged(remembered);
                stale = unit.weighed;
            }
            if (stale) {
                thoughts.erase(std::string(id)); // a copy: the id is the entry's own
            }
        }
        footprints[changed] = after;
    }

    /// Brings the memory up to the game as it stands.
    void catchUp(const Game& now, const GameStatus& status) {
        const std::size_t logged = now.log().size();
        if (!remembering || game != &now || ruleset != &now.ruleset() || logged < actions || now.historyId() != history) {
            game = &now;
            ruleset = &now.ruleset();
            plan.reset();
            forgetAll(now);
        } else {
            std::vector<std::string> changed;
            bool everything = false;
            for (std::size_t i = actions; i < logged && !everything; ++i) {
                for (const Event& event : now.log()[i].resolution.events) {
                    changedBy(event, changed, everything);
                }
            }
            std::sort(changed.begin(), changed.end());
            changed.erase(std::unique(changed.begin(), changed.end()), changed.end());
            if (everything) {
                forgetAll(now);
            } else {
                for (const std::string& unit : changed) {
                    if (!unit.empty()) {
                        forgetAround(now.battle(), unit);
                    }
                }
            }
        }
        actions = logged;
        history = now.historyId();
        if (status.turn != turn || status.phase != phase || status.activeUnit != activeUnit) {
            thoughts.clear();
            turn = status.turn;
            phase = status.phase;
            activeUnit = status.activeUnit;
        }
    }

    /// The unit's thoughts now, thought afresh.
    Remembered& think(const Game& now, const Unit& unit) {
        ++considered;
        return thoughts.put(unit.id, Remembered{computer::considerUnit(now, unit, activeUnit == unit.id, weigher ? &*weigher : nullptr,
                                                                       plan ? &*plan : nullptr),
                                                footprintOf(unit)});
    }

    /// Thinks about a unit afresh, as a ranking asks: none when it is not on the table.
    computer::Think thinking(const Game& now) {
        return [this, &now](const std::string& id) -> Remembered* {
            const Unit* unit = now.battle().findUnit(id);
            return unit == nullptr || unit->eliminated() ? nullptr : &think(now, *unit);
        };
    }

    /// Readies the active side's ranking of the units that may act for a decision
    /// (`puttingOff`: as UnitRanking::refresh), and puts the side's own orders, ranked
    /// after its units', into `sideOrders`.
    UnitRanking& prepare(const Game& now, const GameStatus& status, std::vector<Candidate>& sideOrders, bool puttingOff) {
        catchUp(now, status);
        // A weighing compares an order with the turn played on without it: what the order
        // adds, which a change beyond the unit's horizon (a unit elsewhere moving or
        // firing) leaves as it was but for the tries' dice. So a weighed unit's thoughts
        // are kept through the phase as any unit's are, and forgotten by a change within
        // its horizon, to a unit it names or to its nearest enemy (forgetAround). Weighing
        // every such unit afresh at each decision, the standard level won as many games
        // against the basic level at 1.7 times the cost (docs/architecture.md).
        if (weigher) {
            triesPlayed += weigher->triesPlayed();
        }
        weigher.reset();
        if (level >= ComputerLevel::Standard) {
            if (!keepingWeighings) {
                thoughts.eraseWeighed();
            }
            weigher.emplace(now, status.activeSide, kTries);
            if (!plan) {
                plan = computer::planObjectives(now);
            }
        }
        // Read where the status keeps it, not copied: the list is the whole army's.
        std::vector<std::string> activeOnly;
        if (!status.activeUnit.empty()) {
            activeOnly.push_back(status.activeUnit);
        }
        const std::vector<std::string>& units = status.activeUnit.empty() ? status.mayActivate : activeOnly;
        auto ranking = rankings.find(status.activeSide);
        if (ranking == rankings.end()) {
            ranking = rankings.emplace(status.activeSide, UnitRanking(thoughts.addReader())).first;
        }
        ranking->second.refresh(thoughts, units, puttingOff, thinking(now));
        if (status.activeUnit.empty()) {
            for (const Offer& offer : now.offers("")) {
                sideOrders.push_back({Priority::SideOrder, 0, {actionOf(offer), offer.label}, ""});
            }
        }
        return ranking->second;
    }
};

namespace {

/// A question's choices, each weighed (Weigher), the best first: the one whose tries
/// gained most often against how often they lost, then the greater expected gain; the
/// rules' order where the tries weigh them alike. The expected gain alone turns on the rare
/// try in which the battle is lost: skirmishers it sent on a full retreat off the table's
/// edge rather than fire and evade, which had gained in 7 tries of 10. None where the rules
/// allow none.
std::vector<ComputerChoice> weighedAnswers(const Game& game, const Prompt& prompt, const std::string& side, std::size_t& tries) {
    computer::Weigher weigher(game, side, kTries);
    struct Weighed {
        computer::Weighing weighing;
        ComputerChoice choice;
    };
    std::vector<Weighed> weighed;
    for (const Prompt::Choice& choice : prompt.choices) {
        Action answer = answerChoosing(choice.id);
        if (!game.verdict(answer).allowed()) {
            continue;
        }
        const computer::Weighing weighing = weigher.weigh(answer);
        if (weighing.allowed) {
            std::string why = "answers \"" + prompt.question + "\" with " + choice.label + ": " + computer::describeWeighing(weighing);
            weighed.push_back({weighing, {std::move(answer), std::move(why)}});
        }
    }
    tries += weigher.triesPlayed();
    std::stable_sort(weighed.begin(), weighed.end(), [](const Weighed& a, const Weighed& b) {
        const double edgeA = a.weighing.favourable - a.weighing.unfavourable;
        const double edgeB = b.weighing.favourable - b.weighing.unfavourable;
        if (std::abs(edgeA - edgeB) > 1e-9) {
            return edgeA > edgeB;
        }
        return a.weighing.gain > b.weighing.gain + 1e-9;
    });
    std::vector<ComputerChoice> answers;
    for (Weighed& one : weighed) {
        answers.push_back(std::move(one.choice));
    }
    return answers;
}

/// The computer's answer to the question the game waits on, if it is `side`'s: at the
/// levels that weigh, a choice of two or more is weighed (weighedAnswers); else the
/// plainest answer.
std::vector<ComputerChoice> answerChoices(const Game& game, const Prompt& prompt, const std::string& side, ComputerLevel level,
                                          std::size_t& tries) {
    if (prompt.side != side) {
        return {};
    }
    if (level >= ComputerLevel::Standard && prompt.input == OrderInput::Choice && prompt.choices.size() > 1) {
        if (std::vector<ComputerChoice> answers = weighedAnswers(game, prompt, side, tries); !answers.empty()) {
            return answers;
        }
    }
    Action answer = computer::plainAnswer(game.battle(), prompt);
    if (!game.verdict(answer).allowed()) {
        return {};
    }
    const bool choosing = prompt.input == OrderInput::Choice || prompt.input == OrderInput::None;
    std::string why = choosing ? "answers \"" + prompt.question + "\" with its first choice, " + prompt.choices.front().label
                               : "answers \"" + prompt.question + "\" the plainest way: " + describe(game.battle(), answer);
    return {{std::move(answer), std::move(why)}};
}

/// The scenario's pre-battle moves for `side` still to make while the rules give them
/// (GameStatus::beforeBattle): each as its unit's move offer to the recorded place and
/// facing, previewed as allowed. A unit already there, or offered no move (the rules'
/// count of moves spent), has none. What the report's commander did before the battle.
std::vector<ComputerChoice> preBattleChoices(const Game& game, const GameStatus& status, const std::string& side) {
    std::vector<ComputerChoice> choices;
    if (!status.beforeBattle) {
        return choices;
    }
    for (const PreBattleMove& planned : game.scenario().preBattleMoves) {
        const Unit* unit = game.battle().findUnit(planned.unit);
        if (unit == nullptr || unit->side != side || unit->eliminated()) {
            continue;
        }
        const Point at = unit->centre();
        const double turn = planned.facing ? angleBetween(*planned.facing, unit->elements.front().facing) : 0.0;
        if (std::hypot(at.x() - planned.to.x(), at.y() - planned.to.y()) < 1 && turn < 0.5) {
            continue;
        }
        for (const Offer& offer : game.offers(unit->id)) {
            if (offer.role == OrderRole::Move && offer.input == OrderInput::Path) {
                Action move = actionOf(offer);
                move.path = {planned.to};
                move.facing = planned.facing;
                if (game.verdict(move).allowed()) {
                    choices.push_back({std::move(move), "moves before the battle as the report's commander did" +
                                                            (planned.note.empty() ? std::string() : ": " + planned.note)});
                }
                break;
            }
        }
    }
    return choices;
}

std::string nothingToDo(const Game& game, const std::string& side, const std::string& refusals) {
    const Side* found = game.battle().findSide(side);
    const std::string who = found != nullptr ? found->name : side.empty() ? std::string("the game's own orders") : side;
    return "the computer has nothing it can do for " + who +
           (refusals.empty() ? std::string(" (nothing is offered)") : " (refused" + refusals + ")");
}

} // namespace

std::string toString(ComputerLevel level) {
    switch (level) {
    case ComputerLevel::Random:
        return "random";
    case ComputerLevel::Basic:
        return "basic";
    case ComputerLevel::Standard:
        return "standard";
    case ComputerLevel::Strong:
        return "strong";
    }
    return "standard";
}

std::optional<ComputerLevel> computerLevelFromString(const std::string& text) {
    for (const ComputerLevel level : {ComputerLevel::Random, ComputerLevel::Basic, ComputerLevel::Standard, ComputerLevel::Strong}) {
        if (text == toString(level)) {
            return level;
        }
    }
    return std::nullopt;
}

ComputerPlayer::ComputerPlayer(ComputerLevel level) : m_memory(std::make_unique<Memory>()) { m_memory->level = level; }
ComputerPlayer::~ComputerPlayer() = default;
ComputerPlayer::ComputerPlayer(ComputerPlayer&&) noexcept = default;
ComputerPlayer& ComputerPlayer::operator=(ComputerPlayer&&) noexcept = default;

ComputerLevel ComputerPlayer::level() const { return m_memory->level; }

void ComputerPlayer::setRemembering(bool remembering) { m_memory->remembering = remembering; }

void ComputerPlayer::setKeepingWeighings(bool keeping) { m_memory->keepingWeighings = keeping; }

std::size_t ComputerPlayer::unitsConsidered() const { return m_memory->considered; }

std::size_t ComputerPlayer::triesPlayed() const {
    return m_memory->triesPlayed + (m_memory->weigher ? m_memory->weigher->triesPlayed() : 0);
}

std::vector<ComputerChoice> ComputerPlayer::choices(const Game& game, const std::string& side) {
    if (const std::optional<Prompt>& prompt = game.prompt()) {
        return answerChoices(game, *prompt, side, m_memory->level, m_memory->triesPlayed);
    }
    const GameStatus& status = game.status();
    if (status.over || status.activeSide != side) {
        return {};
    }
    std::vector<ComputerChoice> choices = preBattleChoices(game, status, side);
    if (m_memory->level == ComputerLevel::Random) {
        for (ComputerChoice& choice : computer::randomChoices(game, status, side)) {
            choices.push_back(std::move(choice));
        }
        return choices;
    }
    std::vector<Candidate> sideOrders;
    std::vector<const Candidate*> ranked = m_memory->prepare(game, status, sideOrders, false).all();
    for (const Candidate& order : sideOrders) {
        ranked.push_back(&order);
    }
    std::stable_sort(ranked.begin(), ranked.end(), [](const Candidate* a, const Candidate* b) { return computer::better(*a, *b); });
    for (const Candidate* candidate : ranked) {
        // A remembered choice may have been overtaken by a change beyond its horizon.
        if (!m_memory->remembering || candidate->unit.empty() || game.verdict(candidate->choice.action).allowed()) {
            choices.push_back(candidate->choice);
        }
    }
    return choices;
}

Expected<ComputerChoice, std::string> ComputerPlayer::play(const Game& game, const std::string& side,
                                                           const std::function<std::string(const Action&)>& perform) {
    return play(game, side, [&perform](const Action& action, const std::string&) { return perform(action); });
}

Expected<ComputerChoice, std::string> ComputerPlayer::play(const Game& game, const std::string& side,
                                                           const std::function<std::string(const Action&, const std::string&)>& perform) {
    std::string refusals;
    // Performs a choice; on a refusal, notes it and why.
    const auto taken = [&](const ComputerChoice& choice) {
        const std::string described = describe(game.battle(), choice.action);
        const std::string refusal = perform(choice.action, choice.reason);
        if (!refusal.empty()) {
            refusals += "; " + described + ": " + refusal;
        }
        return refusal.empty();
    };
    if (const std::optional<Prompt>& prompt = game.prompt()) {
        for (const ComputerChoice& choice : answerChoices(game, *prompt, side, m_memory->level, m_memory->triesPlayed)) {
            if (taken(choice)) {
                return choice;
            }
        }
        return nothingToDo(game, side, refusals);
    }
    // Read where the game keeps it, not copied (its lists are the whole army's): a
    // refused order may still have it worked out again, so it is asked for afresh after
    // each, and read only before the next.
    if (const GameStatus& status = game.status(); status.over || status.activeSide != side) {
        return nothingToDo(game, side, refusals);
    }
    for (const ComputerChoice& choice : preBattleChoices(game, game.status(), side)) {
        if (taken(choice)) {
            return choice;
        }
    }
    if (m_memory->level == ComputerLevel::Random) {
        for (const ComputerChoice& choice : computer::randomChoices(game, game.status(), side)) {
            if (taken(choice)) {
                return choice;
            }
        }
        return nothingToDo(game, side, refusals);
    }
    std::vector<Candidate> sideOrders;
    UnitRanking& ranking = m_memory->prepare(game, game.status(), sideOrders, true);
    const computer::Think thinkAgain = m_memory->thinking(game);
    // The next best order the game may take, in the doctrine's order (the units' first,
    // then the side's own; the first of equals); none when none is left.
    const auto nextBest = [&]() -> std::optional<ComputerChoice> {
        while (true) {
            const UnitRanking::Ranked best = ranking.best();
            auto sideOrder = sideOrders.end();
            for (auto order = sideOrders.begin(); order != sideOrders.end(); ++order) {
                const Candidate* bestSoFar = sideOrder != sideOrders.end() ? &*sideOrder : best.candidate;
                if (bestSoFar == nullptr || computer::better(*order, *bestSoFar)) {
                    sideOrder = order;
                }
            }
            if (sideOrder != sideOrders.end()) {
                ComputerChoice choice = std::move(sideOrder->choice);
                sideOrders.erase(sideOrder);
                return choice;
            }
            if (best.candidate == nullptr) {
                return std::nullopt;
            }
            if (ranking.standsIn(best)) {
                // Its fresh candidates take its place: among equals the first is taken.
                ranking.thinkAgain(best, thinkAgain);
                continue;
            }
            ranking.take(best);
            // A remembered choice may have been overtaken by a change beyond its horizon: it
            // is previewed again, and passed over (as computerChoices would never have listed it).
            if (m_memory->remembering && !game.verdict(best.candidate->choice.action).allowed()) {
                continue;
            }
            return best.candidate->choice; // a copy: the memory may change as it is performed
        }
    };
    if (m_memory->level == ComputerLevel::Strong) {
        // The best few orders, played out (computer_search.h): the one to give first.
        std::vector<ComputerChoice> searched;
        while (searched.size() < computer::kOrdersSearched) {
            std::optional<ComputerChoice> next = nextBest();
            if (!next) {
                break;
            }
            searched.push_back(std::move(*next));
        }
        computer::putSearchedFirst(game, side, searched);
        for (const ComputerChoice& choice : searched) {
            if (taken(choice)) {
                return choice;
            }
        }
    }
    while (const std::optional<ComputerChoice> choice = nextBest()) {
        if (taken(*choice)) {
            return *choice;
        }
    }
    return nothingToDo(game, side, refusals);
}

std::string sideToDecide(const Game& game) {
    if (const std::optional<Prompt>& prompt = game.prompt()) {
        return prompt->side;
    }
    const GameStatus& status = game.status();
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

std::vector<ComputerChoice> computerChoices(const Game& game, const std::string& side, ComputerLevel level) {
    ComputerPlayer fresh(level);
    fresh.setRemembering(false);
    return fresh.choices(game, side);
}

Expected<ComputerChoice, std::string> playComputerAction(const Game& game, const std::string& side,
                                                         const std::function<std::string(const Action&)>& perform, ComputerLevel level) {
    ComputerPlayer fresh(level);
    fresh.setRemembering(false);
    return fresh.play(game, side, perform);
}

} // namespace sandtable
