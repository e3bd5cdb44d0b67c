#include "lshm_turn.h"

#include "lshm_buildings.h"
#include "lshm_cards.h"
#include "lshm_combat.h"
#include "lshm_fire.h"
#include "lshm_morale.h"
#include "lshm_movement.h"
#include "sandtable/kit/ruling_offers.h"

#include <algorithm>
#include <boost/geometry.hpp>
#include <set>

namespace sandtable::lshm {

namespace bg = boost::geometry;

namespace {

const Citation kSequence = cite("Sequence of Play:");

std::string sideName(const Battle& battle, const std::string& id) {
    const Side* side = battle.findSide(id);
    return side != nullptr ? side->name : id;
}

bool hasEligible(const Data& data, const Battle& battle, const std::string& side) {
    return std::any_of(battle.units.begin(), battle.units.end(),
                       [&](const Unit& unit) { return unit.side == side && eligible(data, battle, unit); });
}

void clearTurnState(Step& step) {
    for (const Unit& unit : step.battle.units) {
        for (const char* name : {"rolled", "allowance", "allowance-rough", "used", "rough", "moved", "fired", "fought", "hit"}) {
            clearCounter(step, unit, name);
        }
        setMarker(step, unit, "charged", false);
    }
    step.emit(event::SessionSet{"done", nlohmann::json::array()});
    step.emit(event::SessionSet{"acting", ""});
    step.emit(event::SessionSet{"charges", nlohmann::json::array()});
    step.emit(event::SessionSet{"changedFrom", nlohmann::json::object()});
    step.emit(event::SessionSet{"smoke", nlohmann::json::object()});
}

void nextCard(Step& step);

struct Verdict {
    bool over = false;
    std::string winner;
    std::string result;
};

double lossShare(const Battle& battle, const std::string& side) {
    int start = 0;
    int fit = 0;
    for (const Unit& unit : battle.units) {
        if (unit.side == side) {
            start += startingFigures(unit);
            fit += routed(unit) ? 0 : fitFigures(unit);
        }
    }
    return start == 0 ? 0.0 : 1.0 - static_cast<double>(fit) / start;
}

bool broken(const Battle& battle, const Side& side) {
    if (side.markers.count("commander-lost") == 0) {
        return false;
    }
    int units = 0;
    int gone = 0;
    for (const Unit& unit : battle.units) {
        if (unit.side == side.id && unit.arm != Arm::Leader) {
            ++units;
            gone += unit.eliminated() || routed(unit) || figuresOf(unit).empty() ? 1 : 0;
        }
    }
    return units > 0 && gone * 2 >= units;
}

Verdict verdictAt(const Battle& battle) {
    Verdict verdict;
    // A side with no figure left on the table has lost; with none on either side, a draw
    // (lshm-victory). Without this a table with nobody on it would turn cards for ever.
    std::vector<std::string> standing;
    for (const Side& side : battle.sides) {
        const bool any = std::any_of(battle.units.begin(), battle.units.end(),
                                     [&](const Unit& unit) { return unit.side == side.id && !figuresOf(unit).empty(); });
        if (any) {
            standing.push_back(side.id);
        }
    }
    if (standing.empty() || (standing.size() == 1 && battle.sides.size() > 1)) {
        verdict.over = true;
        verdict.winner = standing.size() == 1 ? standing.front() : std::string();
        verdict.result = standing.size() == 1 ? sideName(battle, standing.front()) + " alone has figures on the table: it wins on turn " +
                                                    std::to_string(battle.turn)
                                              : "No side has a figure on the table on turn " + std::to_string(battle.turn) + ": a draw";
        return verdict;
    }
    const nlohmann::json conditions = battle.session.value("victory", nlohmann::json::array());
    std::vector<std::string> brokenSides;
    for (const Side& side : battle.sides) {
        if (broken(battle, side)) {
            brokenSides.push_back(side.id);
        }
    }
    if (!brokenSides.empty()) {
        verdict.over = true;
        if (brokenSides.size() == 1) {
            for (const Side& side : battle.sides) {
                if (side.id != brokenSides.front()) {
                    verdict.winner = side.id;
                }
            }
            verdict.result = sideName(battle, brokenSides.front()) +
                             " has lost its Commander-in-Chief and half its units: " + sideName(battle, verdict.winner) + " wins on turn " +
                             std::to_string(battle.turn);
        } else {
            verdict.result =
                "Both sides have lost their Commanders-in-Chief and half their units on turn " + std::to_string(battle.turn) + ": a draw";
        }
        return verdict;
    }
    for (const nlohmann::json& condition : conditions) {
        const std::string id = condition.value("id", std::string());
        const nlohmann::json parameters = condition.value("parameters", nlohmann::json::object());
        const int turns = parameters.value("turns", 10);
        if (battle.turn < turns || (id != "hold-objective" && id != "turn-limit")) {
            continue;
        }
        verdict.over = true;
        if (id == "hold-objective") {
            const std::string areaId = parameters.value("area", std::string());
            for (const TerrainArea& area : battle.areas) {
                if (area.id != areaId) {
                    continue;
                }
                std::vector<std::string> holders;
                for (const Side& side : battle.sides) {
                    int inside = 0;
                    for (const Unit& unit : battle.units) {
                        if (unit.side == side.id && !routed(unit)) {
                            for (const Element* figure : figuresOf(unit)) {
                                inside += bg::covered_by(figure->centre, area.outline) ? 1 : 0;
                            }
                        }
                    }
                    if (inside > 0) {
                        holders.push_back(side.id);
                    }
                }
                if (holders.size() == 1) {
                    verdict.winner = holders.front();
                    verdict.result = sideName(battle, verdict.winner) + " holds " + area.name + " at the end of turn " +
                                     std::to_string(battle.turn) + " and wins";
                    return verdict;
                }
            }
        }
        // Otherwise the side that lost the smaller share of its figures.
        if (battle.sides.size() == 2) {
            const double first = lossShare(battle, battle.sides[0].id);
            const double second = lossShare(battle, battle.sides[1].id);
            if (first != second) {
                verdict.winner = first < second ? battle.sides[0].id : battle.sides[1].id;
            }
            verdict.result =
                "After " + std::to_string(battle.turn) + " turns " +
                (verdict.winner.empty() ? std::string("both sides lost alike: a draw")
                                        : sideName(battle, verdict.winner) + " wins, having lost the smaller share of its figures (" +
                                              std::to_string(static_cast<int>(std::lround(100 * std::min(first, second)))) + "% to " +
                                              std::to_string(static_cast<int>(std::lround(100 * std::max(first, second)))) + "%)");
        }
        return verdict;
    }
    return verdict;
}

void startTurn(Step& step, int turn) {
    step.emit(event::TurnSet{turn, "movement"});
    clearTurnState(step);
    moveRouters(step);
    // Pinned units are immobile (C. Pinned Moral): they have had their chance to move.
    for (const Unit& unit : step.battle.units) {
        if (isBasicUnit(unit) && unit.markers.count("pinned") != 0 && !routed(unit)) {
            addToList(step, "done", unit.id);
            step.outcome(unit.name + " is pinned and may not move", cite("C. Pinned Moral"));
        }
    }
    shuffleDeck(step, "Turn " + std::to_string(turn) + ", movement");
    nextCard(step);
}

void beginFire(Step& step) {
    step.emit(event::TurnSet{step.battle.turn, "fire"});
    step.emit(event::SessionSet{"done", nlohmann::json::array()});
    step.emit(event::SessionSet{"acting", ""});
    step.emit(event::SessionSet{"leadersSide", ""});
    shuffleDeck(step, "Turn " + std::to_string(step.battle.turn) + ", fire: the deck reshuffled");
    nextCard(step);
}

void endTurn(Step& step) {
    closeCombatPhase(step);
    moralePhase(step);
    const Verdict verdict = verdictAt(step.battle);
    if (verdict.over) {
        step.ruling("lshm-victory");
        step.emit(event::SessionSet{"over", {{"winner", verdict.winner}, {"result", verdict.result}}});
        step.outcome(verdict.result, cite("4. MORAL PHASE;"));
        return;
    }
    startTurn(step, step.battle.turn + 1);
}

std::string firstSideWithLeaders(const Battle& battle, const std::string& after) {
    bool passed = after.empty();
    for (const Side& side : battle.sides) {
        if (!passed) {
            passed = side.id == after;
            continue;
        }
        for (const Unit& unit : battle.units) {
            if (unit.side == side.id && unit.arm == Arm::Leader && !unit.eliminated() && !listed(battle, "done", unit.id)) {
                return side.id;
            }
        }
    }
    return {};
}

void endPhase(Step& step) {
    const std::string phase = phaseOf(step.battle);
    if (phase == "movement") {
        for (const Unit& unit : step.battle.units) {
            setMarker(step, unit, "immobile", false);
        }
        const std::string first = firstSideWithLeaders(step.battle, "");
        if (!first.empty()) {
            step.ruling("lshm-leaders-move");
            step.emit(event::TurnSet{step.battle.turn, "leaders"});
            step.emit(event::SessionSet{"leadersSide", first});
            step.outcome("Every basic unit has moved: " + sideName(step.battle, first) + " moves its leaders", cite("1. MOVEMENT PHASE;"));
            return;
        }
        beginFire(step);
    } else if (phase == "leaders") {
        beginFire(step);
    } else {
        endTurn(step);
    }
}

void nextCard(Step& step) {
    // Turning cards changes no unit: which sides have a unit left is worked out once.
    std::set<std::string> waiting;
    for (const Side& side : step.battle.sides) {
        if (hasEligible(step.data, step.battle, side.id)) {
            waiting.insert(side.id);
        }
    }
    if (waiting.empty()) {
        endPhase(step);
        return;
    }
    for (int guard = 0; guard < 500; ++guard) {
        const kit::TurnedCall turned = turnOrderCard(step);
        const Card card = cardFromId(turned.card);
        const std::string side = turned.call.side;
        const std::string verb = phaseOf(step.battle) == "fire" ? "fire" : "move";
        if (waiting.count(side) != 0) {
            step.outcome(card.displayName() + ": " + sideName(step.battle, side) +
                             (card.isJoker() ? " names a unit for its joker" : " " + verb + "s a unit"),
                         cite(verb == "fire" ? "2. FIRE PHASE;" : "1. MOVEMENT PHASE;"));
            return;
        }
        step.outcome(card.displayName() + ": " + sideName(step.battle, side) + " has no unit left to " + verb + ": the card passes",
                     cite(verb == "fire" ? "2. FIRE PHASE;" : "1. MOVEMENT PHASE;"));
    }
    endPhase(step);
}

Offer offer(const Unit& unit, const char* type, std::string label, OrderRole role, OrderInput input = OrderInput::None) {
    return Offer{.type = type, .label = std::move(label), .unit = unit.id, .role = role, .input = input};
}

} // namespace

bool battleOver(const Battle& battle) { return battle.session.contains("over"); }

std::string phaseOf(const Battle& battle) { return battle.phase; }

std::string actingUnit(const Battle& battle) { return battle.session.value("acting", std::string()); }

std::string sideToAct(const Battle& battle) {
    if (battleOver(battle)) {
        return {};
    }
    if (phaseOf(battle) == "leaders") {
        return battle.session.value("leadersSide", std::string());
    }
    return calledSide(battle);
}

bool eligible(const Data& data, const Battle& battle, const Unit& unit) {
    if (unit.eliminated() || figuresOf(unit).empty() || routed(unit) || listed(battle, "done", unit.id)) {
        return false;
    }
    const std::string phase = phaseOf(battle);
    if (phase == "leaders") {
        return unit.arm == Arm::Leader;
    }
    if (unit.arm == Arm::Leader) {
        return false;
    }
    if (phase == "fire") {
        return counter(unit, "fired") <= 0 && mayFire(battle, unit) &&
               (hasFireTarget(data, battle, unit) || (unit.arm == Arm::Guns && !breachChoices(battle, unit, false).empty()));
    }
    return phase == "movement";
}

void startBattle(Step& step, const Scenario& scenario) {
    nlohmann::json victory = nlohmann::json::array();
    for (const VictoryCondition& condition : scenario.victory) {
        victory.push_back({{"id", condition.id}, {"parameters", condition.parameters}});
    }
    step.emit(event::SessionSet{"victory", victory});
    for (const Unit& unit : step.battle.units) {
        setCounter(step, unit.id, "start-figures", static_cast<double>(figuresOf(unit).size()));
    }
    step.outcome("The French (or the first side) play the black cards, the Allies the red", kSequence);
    startTurn(step, 1);
}

void finishUnit(Step& step, const std::string& unit) {
    addToList(step, "done", unit);
    step.emit(event::SessionSet{"acting", ""});
    if (phaseOf(step.battle) == "leaders") {
        const std::string side = sideToAct(step.battle);
        const bool more = std::any_of(step.battle.units.begin(), step.battle.units.end(), [&](const Unit& u) {
            return u.side == side && u.arm == Arm::Leader && !u.eliminated() && !listed(step.battle, "done", u.id);
        });
        if (!more) {
            endLeaders(step);
        }
        return;
    }
    nextCard(step);
}

void endLeaders(Step& step) {
    // Ending the side's leaders' moves ends the move of a leader still moving: else the
    // next side's leaders would wait on him, offered nothing (lshm-leaders-move).
    if (const std::string acting = actingUnit(step.battle); !acting.empty()) {
        addToList(step, "done", acting);
        step.emit(event::SessionSet{"acting", ""});
        step.ruling("lshm-leaders-move");
    }
    const std::string next = firstSideWithLeaders(step.battle, sideToAct(step.battle));
    if (next.empty()) {
        beginFire(step);
        return;
    }
    step.emit(event::SessionSet{"leadersSide", next});
    step.outcome(sideName(step.battle, next) + " moves its leaders", cite("1. MOVEMENT PHASE;"));
}

namespace {

/// The unit's offers, those of roles not in `roles` perhaps among them but without their
/// targets worked out (unitOffers leaves them out).
std::vector<Offer> offersAsked(const Data& data, const Battle& battle, const Unit& unit, OrderRoles roles) {
    std::vector<Offer> offers;
    if (battleOver(battle) || unit.side != sideToAct(battle)) {
        return offers;
    }
    const std::string acting = actingUnit(battle);
    const std::string phase = phaseOf(battle);
    if (!acting.empty()) {
        if (acting != unit.id) {
            return offers;
        }
        if (counter(unit, "rolled") <= 0) {
            offers.push_back(offer(unit, "roll-move", "Roll the move", OrderRole::PrepareMove));
            offers.push_back(offer(unit, "move", "Move (the move is rolled first)", OrderRole::Move, OrderInput::Path));
            for (const std::string& formation : typeOf(data, unit).formations) {
                if (formation != unit.formation && data.formation(formation) != nullptr && unit.arm != Arm::Guns) {
                    Offer change = offer(unit, "formation", "Form " + data.formation(formation)->name, OrderRole::Formation);
                    change.choice = formation;
                    offers.push_back(change);
                }
            }
        } else if (const double left = moveLeft(unit); left > 0.05) {
            offers.push_back(offer(unit, "move", "Move (" + inches(left) + " left)", OrderRole::Move, OrderInput::Path));
            Offer place = offer(unit, "place-figures", "Place each figure", OrderRole::Move, OrderInput::Placement);
            for (const Element* figure : figuresOf(unit)) {
                place.elements.push_back(figure->id);
            }
            offers.push_back(place);
        }
        offers.push_back(offer(unit, "end-move", "End the move", OrderRole::EndActivation));
        return offers;
    }
    if (!eligible(data, battle, unit)) {
        return offers;
    }
    const bool joker = !jokerShowing(battle).empty();
    if (phase == "movement" || phase == "leaders") {
        if (joker && gunTooFewToMove(unit)) {
            // A gun with too few figures to move it rolls no chart: it stands (lshm-guns).
            offers.push_back(offer(unit, "hold", "Stay in place (too few figures to move the gun)", OrderRole::EndActivation));
            return offers;
        }
        if (joker) {
            // The joker is this unit's: its chart is rolled first, whatever the unit then does.
            offers.push_back(offer(unit, "roll-move", "Joker: roll on the Joker Movement Chart", OrderRole::PrepareMove));
            offers.push_back(offer(unit, "move", "Joker: roll on the chart, then move", OrderRole::Move, OrderInput::Path));
            offers.push_back(offer(unit, "hold", "Joker: roll on the chart, then stand", OrderRole::EndActivation));
            return offers;
        }
        const bool immobile = unit.markers.count("immobile") != 0;
        if (!immobile) {
            offers.push_back(offer(unit, "roll-move", "Roll the move", OrderRole::PrepareMove));
            offers.push_back(offer(unit, "move", "Move (the move is rolled first)", OrderRole::Move, OrderInput::Path));
            if (unit.arm != Arm::Leader && roles.has(OrderRole::Charge)) {
                Offer charge = offer(unit, "charge", "Charge", OrderRole::Charge, OrderInput::Target);
                charge.targets = chargeTargets(data, battle, unit);
                if (!charge.targets.empty()) {
                    offers.push_back(charge);
                }
                for (const nlohmann::json& c : battle.session.value("charges", nlohmann::json::array())) {
                    if (c.value("target", std::string()) == unit.id && !c.value("counter", false)) {
                        Offer counterCharge = offer(unit, "counter-charge", "Counter charge", OrderRole::Charge, OrderInput::Target);
                        counterCharge.targets.push_back(c.value("charger", std::string()));
                        offers.push_back(counterCharge);
                    }
                }
            }
            if (unit.arm != Arm::Leader && roles.has(OrderRole::Pass)) {
                for (const BreachChoice& choice : breachChoices(battle, unit, false)) {
                    if (unit.arm == Arm::Guns) {
                        break;
                    }
                    Offer work = offer(unit, "breach", choice.label, OrderRole::Pass);
                    work.choice = choice.id;
                    offers.push_back(work);
                }
                for (const BreachChoice& choice : breachChoices(battle, unit, true)) {
                    Offer work = offer(unit, "loophole", choice.label, OrderRole::Pass);
                    work.choice = choice.id;
                    offers.push_back(work);
                }
            }
        }
        if (unit.arm != Arm::Leader) {
            for (const std::string& formation : typeOf(data, unit).formations) {
                if (formation != unit.formation && data.formation(formation) != nullptr) {
                    Offer change = offer(unit, "formation", "Form " + data.formation(formation)->name, OrderRole::Formation);
                    change.choice = formation;
                    offers.push_back(change);
                }
            }
            if (unit.arm == Arm::Foot && !immobile) {
                const bool anyProne = std::any_of(unit.elements.begin(), unit.elements.end(),
                                                  [](const Element& e) { return e.markers.count("prone") && isFit(e); });
                offers.push_back(anyProne ? offer(unit, "stand-up", "Stand up", OrderRole::Formation)
                                          : offer(unit, "go-prone", "Go prone", OrderRole::Formation));
            }
            offers.push_back(offer(unit, "face", "Face", OrderRole::Face, OrderInput::Facing));
        }
        offers.push_back(offer(unit, "hold", immobile ? "Stay in place (immobile)" : "Do not move", OrderRole::EndActivation));
        return offers;
    }
    if (phase == "fire") {
        const bool fireAsked = roles.has(OrderRole::Fire);
        const std::vector<std::string> targets = fireAsked ? fireTargets(data, battle, unit, false) : std::vector<std::string>{};
        if (unit.arm == Arm::Guns && fireAsked) {
            for (const char* shot : {"ball", "grape"}) {
                Offer fire = offer(unit, "fire", std::string(joker ? "Joker: fire " : "Fire ") + shot, OrderRole::Fire, OrderInput::Target);
                fire.choice = shot;
                for (const std::string& id : targets) {
                    if (planFire(data, battle, unit, *battle.findUnit(id), shot, false).refusal.empty()) {
                        fire.targets.push_back(id);
                    }
                }
                if (!fire.targets.empty()) {
                    offers.push_back(fire);
                }
            }
            for (const BreachChoice& choice : breachChoices(battle, unit, false)) {
                Offer batter = offer(unit, "batter", "Fire ball at " + choice.label.substr(std::string("Breach ").size()), OrderRole::Fire);
                batter.choice = choice.id;
                offers.push_back(batter);
            }
        } else if (!targets.empty()) {
            Offer fire = offer(unit, "fire", joker ? "Joker: fire" : "Fire", OrderRole::Fire, OrderInput::Target);
            fire.targets = targets;
            offers.push_back(fire);
            if (unit.formation == "line" || unit.formation == "open") {
                Offer volley = offer(unit, "volley", joker ? "Joker: fire a volley" : "Fire a volley", OrderRole::Fire, OrderInput::Target);
                volley.targets = fireTargets(data, battle, unit, true);
                if (!volley.targets.empty()) {
                    offers.push_back(volley);
                }
            }
        }
        offers.push_back(offer(unit, "hold-fire", joker ? "Joker: do not fire" : "Do not fire", OrderRole::EndActivation));
    }
    return offers;
}

} // namespace

std::vector<Offer> unitOffers(const Data& data, const Battle& battle, const Unit& unit, OrderRoles roles) {
    std::vector<Offer> offers = offersAsked(data, battle, unit, roles);
    std::erase_if(offers, [&](const Offer& given) { return !roles.has(given.role); });
    return offers;
}

std::vector<Offer> rulingUnitOffers(const Data& data, const Battle& battle, const Unit& unit) {
    std::vector<Offer> kinds{offer(unit, "move", "Move", OrderRole::Move, OrderInput::Path)};
    if (unit.arm != Arm::Leader) {
        kinds.push_back(offer(unit, "charge", "Charge", OrderRole::Charge, OrderInput::Target));
        for (const std::string& formation : typeOf(data, unit).formations) {
            if (formation != unit.formation && data.formation(formation) != nullptr) {
                Offer change = offer(unit, "formation", "Form " + data.formation(formation)->name, OrderRole::Formation);
                change.choice = formation;
                kinds.push_back(change);
            }
        }
        kinds.push_back(offer(unit, "face", "Face", OrderRole::Face, OrderInput::Facing));
    }
    if (unit.arm == Arm::Foot) {
        kinds.push_back(offer(unit, "go-prone", "Go prone", OrderRole::Formation));
        kinds.push_back(offer(unit, "stand-up", "Stand up", OrderRole::Formation));
    }
    if (unit.arm == Arm::Guns) {
        for (const char* shot : {"ball", "grape"}) {
            Offer fire = offer(unit, "fire", std::string("Fire ") + shot, OrderRole::Fire, OrderInput::Target);
            fire.choice = shot;
            kinds.push_back(fire);
        }
    } else {
        kinds.push_back(offer(unit, "fire", "Fire", OrderRole::Fire, OrderInput::Target));
        kinds.push_back(offer(unit, "volley", "Fire a volley", OrderRole::Fire, OrderInput::Target));
    }
    return kit::rulingOffersOf(battle, unit, std::move(kinds));
}

std::vector<Offer> sideOffers(const Battle& battle) {
    std::vector<Offer> offers;
    if (!battleOver(battle) && phaseOf(battle) == "leaders") {
        offers.push_back(Offer{.type = "end-leaders", .label = "End the leaders' moves", .role = OrderRole::Pass});
    }
    return offers;
}

GameStatus gameStatus(const Data& data, const Battle& battle, bool listActing) {
    GameStatus status;
    status.turn = battle.turn;
    status.phase = battle.phase;
    if (const auto over = battle.session.find("over"); over != battle.session.end() && over->is_object()) {
        status.over = true;
        status.winner = over->value("winner", std::string());
        status.result = over->value("result", std::string());
        return status;
    }
    status.activeSide = sideToAct(battle);
    status.activeUnit = actingUnit(battle);
    if (listActing) {
        for (const Unit& unit : battle.units) {
            if (unit.side == status.activeSide &&
                (status.activeUnit.empty() ? eligible(data, battle, unit) : unit.id == status.activeUnit)) {
                status.mayActivate.push_back(unit.id);
            }
        }
    }
    const auto found = battle.decks.find(kDeck);
    const std::string showing = found == battle.decks.end() ? std::string() : found->second.showing();
    const std::string who = sideName(battle, status.activeSide);
    if (battle.phase == "leaders") {
        status.situation = who + " moves its leaders (after all units)";
    } else if (!showing.empty()) {
        const Card card = cardFromId(showing);
        status.situation = card.displayName() + ": " + who +
                           (status.activeUnit.empty() ? (battle.phase == "fire" ? " fires a unit" : " moves a unit")
                                                      : " is moving " + battle.findUnit(status.activeUnit)->name);
        if (card.isJoker()) {
            status.situation += " (joker: roll on the Joker " + std::string(battle.phase == "fire" ? "Fire" : "Movement") + " Chart)";
        }
    }
    return status;
}

} // namespace sandtable::lshm
