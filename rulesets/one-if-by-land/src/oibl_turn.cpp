#include "oibl_turn.h"

#include "oibl_charge.h"
#include "oibl_fire.h"
#include "oibl_formations.h"
#include "oibl_melee.h"
#include "oibl_morale.h"
#include "oibl_movement.h"
#include "sandtable/deck.h"
#include "sandtable/kit/card_flow.h"
#include "sandtable/kit/preview.h"

#include <algorithm>
#include <cmath>

namespace sandtable::oibl {

namespace bg = boost::geometry;

namespace {

// The brigade cards (SEQUENCE OF PLAY), kept in the battle as the core deck "brigades".
const std::string kDeck = "brigades";
const std::string kHeadquarters = "headquarters-";

const char* stepName(int step) {
    switch (step) {
    case 1:
        return "panic tests";
    case 2:
        return "charge declarations";
    case 3:
        return "charging units move into contact";
    case 4:
        return "all other units' movement";
    case 5:
        return "firing";
    case 6:
        return "melee and compulsory routs";
    default:
        return "turn the next card";
    }
}

void setStep(Step& step, int number) {
    step.emit(event::TurnSet{step.battle.turn, number == 0 ? std::string("cards") : "step-" + std::to_string(number)});
}

/// Whether a command's card is in the deck under the options (OPTIONAL TURN SEQUENCE
/// RULE ONE and TWO): brigades always, divisions and wings and the army when chosen.
bool hasCard(const RulesetOptions& options, const Command& command) {
    if (command.level == "division" || command.level == "wing") {
        return option(options, "division-cards", "on");
    }
    if (command.level == "army") {
        return option(options, "army-cards", "on");
    }
    return true;
}

std::vector<std::string> deckCards(const Battle& battle, const RulesetOptions& options) {
    std::vector<std::string> cards;
    std::vector<const Command*> carded;
    for (const Command& command : battle.commands) {
        if (hasCard(options, command) && !unitsUnder(battle, command.id).empty()) {
            cards.push_back(command.id);
            carded.push_back(&command);
        }
    }
    // A side's units no card of its own calls act on its headquarters card (RULINGS.md, oibl-cards).
    for (const Side& side : battle.sides) {
        const bool uncalled = std::any_of(battle.units.begin(), battle.units.end(), [&](const Unit& unit) {
            return unit.side == side.id && !unit.eliminated() && std::none_of(carded.begin(), carded.end(), [&](const Command* command) {
                       return servesUnder(battle, unit, command->id);
                   });
        });
        if (uncalled) {
            cards.push_back(kHeadquarters + side.id);
        }
    }
    return cards;
}

/// The units the headquarters card of a side calls: those no other card in the deck calls.
std::vector<std::string> headquartersUnits(const Battle& battle, const RulesetOptions& options, const std::string& side) {
    std::vector<std::string> units;
    for (const Unit& unit : battle.units) {
        if (unit.side != side || unit.eliminated()) {
            continue;
        }
        const bool carded = std::any_of(battle.commands.begin(), battle.commands.end(), [&](const Command& command) {
            return hasCard(options, command) && servesUnder(battle, unit, command.id);
        });
        if (!carded) {
            units.push_back(unit.id);
        }
    }
    return units;
}

void newTurn(Step& step, int turn) {
    step.ruling("oibl-cards");
    step.emit(event::TurnSet{turn, "cards"});
    step.emit(event::SessionSet{"acted", nlohmann::json::array()});
    step.emit(event::SessionSet{"acting", nlohmann::json::array()});
    step.emit(event::SessionSet{"actingSide", ""});
    // What a unit did "in the turn" (fired, moved: the skirmishers' evasion asks) is cleared
    // for every unit, whether or not its card comes again.
    for (const Unit& unit : step.battle.units) {
        for (const char* name : {"fired-on", "charge-failed", "fired", "moved", "moved-length", "used", "allowance", "formation-changed",
                                 "prolonged", "mounting", "charging"}) {
            clearCounter(step, unit, name);
        }
    }
    const std::vector<std::string> cards = deckCards(step.battle, step.options);
    step.emit(event::DeckFormed{kDeck, cards});
    step.outcome("Turn " + std::to_string(turn) + ": " + std::to_string(cards.size()) + " brigade cards shuffled into the deck",
                 cite("SEQUENCE OF PLAY"));
}

void clearActivation(Step& step, const std::string& id) {
    const Unit& unit = step.unit(id);
    for (const char* name : {"allowance", "used", "moved", "moved-length", "fired", "formation-changed", "prolonged", "mounting",
                             "charging", "in-melee", "rout-again"}) {
        clearCounter(step, step.unit(id), name);
    }
    // "Spend one turn reforming in place": done when its card next turns.
    if (unit.markers.count("reforming") != 0 && counter(step.unit(id), "reforming-through") < step.battle.turn) {
        step.emit(event::MarkerChanged{id, "reforming", false});
        clearCounter(step, step.unit(id), "reforming-through");
        clearCounter(step, step.unit(id), "rallied");
        step.outcome(step.unit(id).name + " has reformed", cite("MORALE RESULTS"));
    }
}

/// Victory at a turn's end (RULINGS.md, oibl-victory).
struct Verdict {
    bool over = false;
    std::string winner;
    std::string result;
};

int figuresLost(const Battle& battle, const std::string& side) {
    int lost = 0;
    for (const Unit& unit : battle.units) {
        if (unit.side == side && !isOfficer(unit)) {
            lost += startingFigures(unit) - figuresLeft(unit);
        }
    }
    return lost;
}

std::string sideName(const Battle& battle, const std::string& id) {
    const Side* side = battle.findSide(id);
    return side != nullptr ? side->name : id;
}

/// Fighting units a side has lost: destroyed, left the table, or routing.
int unitsBroken(const Battle& battle, const std::string& side) {
    int broken = 0;
    for (const Unit& unit : battle.units) {
        if (unit.side == side && !isOfficer(unit) && (unit.eliminated() || routing(unit))) {
            ++broken;
        }
    }
    return broken;
}

bool holds(const Battle& battle, const std::string& side, const std::string& areaId) {
    for (const TerrainArea& area : battle.areas) {
        if (area.id != areaId) {
            continue;
        }
        bool own = false;
        for (const Unit& unit : battle.units) {
            if (!fighting(unit) || routing(unit) || !bg::within(unit.centre(), area.outline)) {
                continue;
            }
            if (unit.side != side) {
                return false;
            }
            own = true;
        }
        return own;
    }
    return false;
}

Verdict verdictAt(const Battle& battle, bool turnOver) {
    Verdict verdict;
    const nlohmann::json conditions = battle.session.value("victory", nlohmann::json::array());
    const nlohmann::json start = battle.session.value("armyStart", nlohmann::json::object());
    std::vector<std::string> brokenSides;
    for (const auto& condition : conditions) {
        if (condition.value("id", std::string()) != "army-morale") {
            continue;
        }
        const double share = condition.value("parameters", nlohmann::json::object()).value("share", 0.5);
        for (const Side& side : battle.sides) {
            const int units = start.value(side.id, 0);
            const int needed = std::max(1, static_cast<int>(std::ceil(share * units - 1e-9)));
            if (units > 0 && unitsBroken(battle, side.id) >= needed) {
                brokenSides.push_back(side.id);
            }
        }
    }
    if (!brokenSides.empty() && battle.sides.size() == 2) {
        verdict.over = true;
        if (brokenSides.size() == 2) {
            verdict.result = "Both armies are broken after " + std::to_string(battle.turn) + " turns: a draw";
        } else {
            const std::string& loser = brokenSides.front();
            verdict.winner = battle.sides[0].id == loser ? battle.sides[1].id : battle.sides[0].id;
            verdict.result = sideName(battle, verdict.winner) + " win: " + possessive(sideName(battle, loser)) + " army is broken (" +
                             std::to_string(unitsBroken(battle, loser)) + " units routed or destroyed) after " +
                             std::to_string(battle.turn) + " turns";
        }
        return verdict;
    }
    for (const auto& condition : conditions) {
        if (condition.value("id", std::string()) != "turn-limit" || !turnOver) {
            continue;
        }
        const nlohmann::json parameters = condition.value("parameters", nlohmann::json::object());
        if (battle.turn < parameters.value("turns", 1000)) {
            continue;
        }
        verdict.over = true;
        const std::string objective = parameters.value("objective", std::string());
        for (const Side& side : battle.sides) {
            if (!objective.empty() && holds(battle, side.id, objective)) {
                verdict.winner = side.id;
                verdict.result =
                    sideName(battle, side.id) + " win: they hold the objective at the end of turn " + std::to_string(battle.turn);
                return verdict;
            }
        }
        if (battle.sides.size() == 2) {
            const int first = figuresLost(battle, battle.sides[0].id);
            const int second = figuresLost(battle, battle.sides[1].id);
            if (first != second) {
                verdict.winner = first < second ? battle.sides[0].id : battle.sides[1].id;
                verdict.result = sideName(battle, verdict.winner) + " win on losses, " + std::to_string(std::min(first, second)) +
                                 " figures to " + std::to_string(std::max(first, second)) + ", after " + std::to_string(battle.turn) +
                                 " turns";
                return verdict;
            }
        }
        verdict.result = "A draw after " + std::to_string(battle.turn) + " turns";
        return verdict;
    }
    return verdict;
}

void endTurn(Step& step) {
    const Verdict verdict = verdictAt(step.battle, true);
    if (verdict.over) {
        step.ruling("oibl-victory");
        step.emit(event::SessionSet{"over", {{"winner", verdict.winner}, {"result", verdict.result}}});
        step.outcome(verdict.result, step.data.ruling("oibl-victory").interprets);
        return;
    }
    newTurn(step, step.battle.turn + 1);
}

void endActivation(Step& step) {
    // The card's call is over with its activation: no command acts as one until the next.
    if (step.battle.decks.count(kDeck) != 0) {
        step.emit(event::CardCalled{kDeck, CardCall{}});
    }
    step.emit(event::SessionSet{"acting", nlohmann::json::array()});
    step.emit(event::SessionSet{"actingSide", ""});
    step.emit(event::SessionSet{"melees", nlohmann::json::array()});
    setStep(step, 0);
    const auto deck = step.battle.decks.find(kDeck);
    if (deck == step.battle.decks.end() || deck->second.drawPile.empty()) {
        endTurn(step);
    }
}

bool anyOffer(const Step& step, int number) {
    for (const std::string& id : actingUnits(step.battle)) {
        const Unit* unit = step.battle.findUnit(id);
        if (unit != nullptr && !unit->eliminated() && hasOrdersAtStep(step.data, step.options, step.battle, *unit, number)) {
            return true;
        }
    }
    return false;
}

} // namespace

std::vector<Offer> offersAtStep(const Data& data, const RulesetOptions& options, const Battle& battle, const Unit& unit, int step) {
    std::vector<Offer> offers;
    if (step == 2) {
        offerCharge(data, options, battle, unit, offers);
    } else if (step == 4) {
        offerMovement(data, options, battle, unit, offers);
        offerFormations(data, battle, unit, offers);
    } else if (step == 5) {
        offerFire(data, options, battle, unit, offers);
    }
    return offers;
}

bool hasOrdersAtStep(const Data& data, const RulesetOptions& options, const Battle& battle, const Unit& unit, int step) {
    if (step == 2) {
        return mayDeclareCharge(data, options, battle, unit);
    }
    if (step == 5) {
        return mayFire(data, options, battle, unit);
    }
    return !offersAtStep(data, options, battle, unit, step).empty();
}

int stepOf(const Battle& battle) {
    if (battle.phase.rfind("step-", 0) == 0) {
        return std::atoi(battle.phase.c_str() + 5);
    }
    return 0;
}

std::vector<std::string> actingUnits(const Battle& battle) { return sessionList(battle, "acting"); }

bool acting(const Battle& battle, const std::string& unit) { return listed(battle, "acting", unit); }

std::string actingSide(const Battle& battle) { return battle.session.value("actingSide", std::string()); }

std::string cardName(const Battle& battle, const std::string& card) {
    if (card.rfind(kHeadquarters, 0) == 0) {
        return sideName(battle, card.substr(kHeadquarters.size())) + " headquarters";
    }
    const Command* command = battle.findCommand(card);
    return command != nullptr ? command->name : card;
}

void startBattle(Step& step, const Scenario& scenario) {
    const TroopType& crew = *step.data.type("artillery-crew");
    nlohmann::json armyStart = nlohmann::json::object();
    for (const Unit& unit : step.battle.units) {
        const TroopType& type = typeOf(step.data, unit);
        for (const Element& stand : unit.elements) {
            const int figures = stand.role == "gun" ? 0 : stand.role == "crew" ? crew.figuresPerStand : type.figuresPerStand;
            if (stand.figures.empty() && figures > 0) {
                step.emit(event::ElementFiguresSet{unit.id, stand.id, std::vector<Health>(static_cast<std::size_t>(figures), Health::Fit)});
            }
        }
        if (unit.formation.empty() && !isOfficer(unit) && step.data.formation(type.normalFormation) != nullptr) {
            step.emit(event::FormationSet{unit.id, type.normalFormation});
        }
        if (!isOfficer(unit)) {
            armyStart[unit.side] = armyStart.value(unit.side, 0) + 1;
        }
    }
    for (const Unit& unit : step.battle.units) {
        int figures = 0;
        for (const Element& stand : unit.elements) {
            figures += static_cast<int>(stand.figures.size());
        }
        setCounter(step, unit.id, "starting-figures", figures);
    }
    nlohmann::json victory = nlohmann::json::array();
    for (const VictoryCondition& condition : scenario.victory) {
        victory.push_back({{"id", condition.id}, {"parameters", condition.parameters}});
    }
    step.emit(event::SessionSet{"victory", victory});
    step.emit(event::SessionSet{"armyStart", armyStart});
    step.emit(event::SessionSet{"melees", nlohmann::json::array()});
    step.emit(event::SessionSet{"charges", nlohmann::json::array()});
    newTurn(step, 1);
}

void turnNextCard(Step& step) {
    const auto deck = step.battle.decks.find(kDeck);
    if (deck == step.battle.decks.end() || deck->second.drawPile.empty()) {
        endTurn(step);
        return;
    }
    const kit::TurnedCall turned = kit::turnCardAndCall(step, kDeck, "turn a brigade card", [&](const Card& card) -> CardCall {
        const std::string id = card.id();
        if (id.rfind(kHeadquarters, 0) == 0) {
            const std::string side = id.substr(kHeadquarters.size());
            return CardCall{side, "", headquartersUnits(step.battle, step.options, side)};
        }
        const Command* command = step.battle.findCommand(id);
        return CardCall{command != nullptr ? command->side : std::string(), id, {}};
    });
    const std::string name = cardName(step.battle, turned.card);
    std::vector<std::string> units;
    for (const std::string& id : unitsCalled(step.battle, turned.call)) {
        if (!listed(step.battle, "acted", id)) {
            units.push_back(id);
        }
    }
    if (units.empty()) {
        step.ruling("oibl-once-a-turn");
        step.outcome("Card turned: " + name + ", none of whose units may still act this turn", cite("OPTIONAL TURN SEQUENCE RULE ONE"));
        if (step.battle.decks.at(kDeck).drawPile.empty()) {
            endTurn(step); // the deck exists: the card was just turned from it
        }
        return;
    }
    step.outcome("Card turned: " + name + " (" + sideName(step.battle, turned.call.side) + "), " + std::to_string(units.size()) +
                     (units.size() == 1 ? " unit goes" : " units go") + " through the sequence of play",
                 cite("SEQUENCE OF PLAY"));
    auto acted = sessionList(step.battle, "acted");
    acted.insert(acted.end(), units.begin(), units.end());
    step.emit(event::SessionSet{"acted", acted});
    step.emit(event::SessionSet{"acting", units});
    step.emit(event::SessionSet{"actingSide", turned.call.side});
    step.ruling("oibl-steps");
    for (const std::string& id : units) {
        clearActivation(step, id);
    }
    setStep(step, 1);
    panicTests(step, units);
    advanceSteps(step, 1);
}

void advanceSteps(Step& step, int from) {
    for (int next = from + 1; next <= 6; ++next) {
        switch (next) {
        case 2:
        case 4:
        case 5:
            if (anyOffer(step, next)) {
                setStep(step, next);
                return;
            }
            break;
        case 3:
            if (!declaredCharges(step.battle).empty()) {
                setStep(step, 3);
                if (!chargeMoves(step, 0)) {
                    return; // waits for a player's choice
                }
            }
            break;
        case 6:
            setStep(step, 6);
            fightPendingMelees(step);
            compulsoryRouts(step, actingUnits(step.battle));
            endActivation(step);
            return;
        default:
            break;
        }
    }
}

void endStep(Step& step) {
    const int now = stepOf(step.battle);
    if (now == 0) {
        step.refuse("no brigade is acting: turn the next card");
        return;
    }
    step.outcome("Step " + std::to_string(now) + " (" + stepName(now) + ") ends", cite("SEQUENCE OF PLAY"));
    advanceSteps(step, now);
}

std::string sideOrderLabel(const Battle& battle) {
    const int now = stepOf(battle);
    switch (now) {
    case 0:
        return "Turn the next brigade card";
    case 2:
        return "End charge declarations (step 2): charges move in";
    case 4:
        return "End movement (step 4)";
    case 5:
        return "End firing (step 5): melees and routs";
    default:
        return "Go on";
    }
}

void previewSideOrder(const Data& data, const Battle& battle, const Action& action, Preview& preview) {
    const int now = stepOf(battle);
    if (action.type == "next-card") {
        if (now != 0) {
            preview.refusal = "a brigade is still acting: end its steps first";
            return;
        }
        const auto found = battle.decks.find(kDeck);
        if (found == battle.decks.end()) {
            preview.refusal = "there is no deck";
            return;
        }
        const DeckState& deck = found->second;
        preview.facts.push_back({"Cards left", std::to_string(deck.drawPile.size()) + " of " + std::to_string(deck.cards.size())});
        Odds next{"The next card (the order is not known until it turns)", {}, {}};
        for (const std::string& card : deck.drawPile) {
            next.lines.push_back({cardName(battle, card), nextCardChance(deck, [&](const Card& turned) { return turned.id() == card; })});
        }
        if (!next.lines.empty()) {
            preview.odds.push_back(next);
        }
        kit::showRuling(preview, data, "oibl-cards");
        return;
    }
    if (now == 0) {
        preview.refusal = "no brigade is acting: turn the next card";
        return;
    }
    preview.facts.push_back({"Ends", std::string("step ") + std::to_string(now) + ": " + stepName(now)});
    if (now == 5 || now == 4 || now == 2) {
        const auto charges = declaredCharges(battle);
        if (now == 2 && !charges.empty()) {
            preview.facts.push_back({"Next", std::to_string(charges.size()) + " charge(s) move into contact"});
        }
        const nlohmann::json melees = battle.session.value("melees", nlohmann::json::array());
        if (now == 5 && !melees.empty()) {
            preview.facts.push_back({"Next", std::to_string(melees.size()) + " melee(s) to fight"});
        }
    }
    kit::showRuling(preview, data, "oibl-steps");
}

GameStatus gameStatus(const Data& data, const RulesetOptions& options, const Battle& battle, bool listActing) {
    GameStatus status;
    status.turn = battle.turn;
    status.phase = battle.phase;
    for (const Side& side : battle.sides) {
        int points = 0;
        for (const Side& other : battle.sides) {
            if (other.id != side.id) {
                points += figuresLost(battle, other.id);
            }
        }
        status.scores.push_back({side.id, points});
    }
    if (const auto over = battle.session.find("over"); over != battle.session.end() && over->is_object()) {
        status.over = true;
        status.winner = over->value("winner", std::string());
        status.result = over->value("result", std::string());
        status.situation = "The battle is over. " + status.result;
        return status;
    }
    const int now = stepOf(battle);
    const auto found = battle.decks.find(kDeck);
    const std::size_t left = found != battle.decks.end() ? found->second.drawPile.size() : 0;
    if (now == 0) {
        status.situation = "Turn " + std::to_string(battle.turn) + ": turn the next brigade card (" + std::to_string(left) + " left)";
        return status;
    }
    status.activeSide = actingSide(battle);
    status.activeCommand = kit::currentCall(battle, kDeck).command;
    const std::string showing = found != battle.decks.end() ? found->second.showing() : std::string();
    status.situation = "Turn " + std::to_string(battle.turn) + ", card " + cardName(battle, showing) + " (" +
                       sideName(battle, status.activeSide) + "): step " + std::to_string(now) + " of 6, " + stepName(now);
    if (!listActing) {
        return status;
    }
    for (const std::string& id : actingUnits(battle)) {
        const Unit* unit = battle.findUnit(id);
        if (unit != nullptr && !unit->eliminated() && hasOrdersAtStep(data, options, battle, *unit, now)) {
            status.mayActivate.push_back(id);
        }
    }
    status.situation += "; " + std::to_string(status.mayActivate.size()) + (status.mayActivate.size() == 1 ? " unit" : " units") +
                        " may act, then end the step";
    return status;
}

} // namespace sandtable::oibl
