#include "ozz_activation.h"

#include "ozz_geometry.h"
#include "sandtable/deck.h"
#include "sandtable/kit/card_flow.h"
#include "sandtable/kit/preview.h"

#include <algorithm>

namespace sandtable::ozz {

namespace {

constexpr double commandRadiusInches = 12;

const std::string& mode(const Battle& battle) {
    static const std::string doubleRandom = "double-random";
    const auto found = battle.session.find("mode");
    return found != battle.session.end() && found->is_string() ? found->get_ref<const std::string&>() : doubleRandom;
}

std::vector<std::string> stringList(const Battle& battle, const char* key) {
    const auto found = battle.session.find(key);
    return found != battle.session.end() && found->is_array() ? found->get<std::vector<std::string>>() : std::vector<std::string>{};
}

std::string sessionText(const Battle& battle, const char* key) {
    const auto found = battle.session.find(key);
    return found != battle.session.end() && found->is_string() ? found->get<std::string>() : std::string();
}

// The activation deck (RULINGS.md, ozz-activation): the black (spades) and red (hearts)
// ace to six and the two jokers, kept in the battle as the core deck "activation".
const std::string kDeck = "activation";

struct ActivationCard {
    bool joker = false;
    bool red = false;
    int number = 0;
};

ActivationCard activationCard(const Card& card) {
    return ActivationCard{card.isJoker(), card.colour() == CardColour::Red, card.rank().value_or(0)};
}

ActivationCard readCard(const std::string& id) { return activationCard(cardFromId(id)); }

std::string cardName(const std::string& id) {
    if (id.empty()) {
        return "no card";
    }
    const ActivationCard card = readCard(id);
    if (card.joker) {
        return card.red ? "red joker" : "black joker";
    }
    return std::string(card.red ? "Red " : "Black ") + std::to_string(card.number);
}

const DeckState* activationDeck(const Battle& battle) {
    const auto found = battle.decks.find(kDeck);
    return found == battle.decks.end() ? nullptr : &found->second;
}

// The card that decides who acts: the last turned this turn, or none.
std::string cardShowing(const Battle& battle) {
    const DeckState* deck = activationDeck(battle);
    return deck == nullptr ? std::string() : deck->showing();
}

// The side whose units may act: in alternate units, the side whose turn it is; under the
// double random system, the side the card turned last calls (none after a joker).
std::string sideToAct(const Battle& battle) {
    return mode(battle) == "alternate-units" ? sessionText(battle, "side") : kit::currentCall(battle, kDeck).side;
}

// Black cards are the first side's, red the second's (RULINGS.md, ozz-activation).
std::string sideOfCard(const Battle& battle, const ActivationCard& card) {
    if (battle.sides.empty()) {
        return {};
    }
    const std::size_t index = card.red && battle.sides.size() > 1 ? 1 : 0;
    return battle.sides[index].id;
}

int die(const Unit& unit) {
    const auto found = unit.counters.find("activation-die");
    return found == unit.counters.end() ? 0 : static_cast<int>(found->second);
}

const Unit* brigadeCommander(const Battle& battle, const Unit& unit) {
    for (const Unit& leader : battle.units) {
        if (leader.type == "brigade-commander" && leader.side == unit.side && !leader.eliminated() &&
            (leader.brigade.empty() || unit.brigade.empty() || leader.brigade == unit.brigade)) {
            return &leader;
        }
    }
    return nullptr;
}

bool canStillAct(const Battle& battle, const Unit& unit) { return !unit.eliminated() && !hasActivated(battle, unit.id); }

std::vector<std::string> alternateEligible(const Battle& battle, const std::string& side) {
    std::vector<std::string> units;
    for (const Unit& unit : battle.units) {
        if (unit.side == side && canStillAct(battle, unit)) {
            units.push_back(unit.id);
        }
    }
    return units;
}

void clearActivationCounters(Step& step, const Unit& unit) {
    for (const char* counter : {"movement-left", "fired", "formation-changed", "unlimbered-now", "moved", "charged"}) {
        if (unit.counters.count(counter) != 0) {
            step.emit(event::CounterSet{unit.id, counter, std::nullopt});
        }
    }
}

} // namespace

bool inCommand(const Battle& battle, const Unit& unit) {
    const Unit* commander = brigadeCommander(battle, unit);
    if (commander == nullptr) {
        return false;
    }
    return commander->id == unit.id || gapInches(battle, *commander, unit) <= commandRadiusInches;
}

std::string activeUnit(const Battle& battle) { return sessionText(battle, "active"); }

bool hasActivated(const Battle& battle, const std::string& unit) {
    const auto done = stringList(battle, "activated");
    return std::find(done.begin(), done.end(), unit) != done.end();
}

void startTurn(Step& step, int turn) {
    step.ruling("ozz-activation");
    step.emit(event::TurnSet{turn, "activation"});
    step.emit(event::SessionSet{"activated", nlohmann::json::array()});
    step.emit(event::SessionSet{"active", ""});
    for (const Unit& unit : step.battle.units) {
        clearActivationCounters(step, unit);
    }
    if (mode(step.battle) == "alternate-units") {
        const std::string first = step.battle.sides.empty() ? "" : step.battle.sides.front().id;
        step.emit(event::SessionSet{"side", first});
        step.outcome("Turn " + std::to_string(turn) + ": the sides alternate one unit at a time, " +
                     (step.battle.sides.empty() ? std::string() : step.battle.sides.front().name) + " first");
        return;
    }
    // Double random: every unit's die, the commanders' pools, then the deck.
    nlohmann::json pools = nlohmann::json::object();
    for (const Side& side : step.battle.sides) {
        pools[side.id] = nlohmann::json::array();
    }
    const auto unitIds = [&] {
        std::vector<std::string> ids;
        for (const Unit& unit : step.battle.units) {
            if (!unit.eliminated()) {
                ids.push_back(unit.id);
            }
        }
        return ids;
    }();
    for (const std::string& id : unitIds) {
        const Unit& unit = step.unit(id);
        const bool commanded = inCommand(step.battle, unit);
        const auto rolled = step.roll("1d6", unit.name + ": activation die" + (commanded ? " (in command: to the pool)" : ""),
                                      step.data.ruling("ozz-activation").interprets);
        step.emit(event::CounterSet{id, "activation-die", static_cast<double>(rolled)});
        step.emit(event::CounterSet{id, "in-command", commanded ? 1.0 : 0.0});
        if (commanded) {
            pools[unit.side].push_back(rolled);
        }
    }
    step.emit(event::SessionSet{"pool", pools});
    std::vector<std::string> cards;
    for (int number = 1; number <= 6; ++number) {
        cards.push_back(Card::standard(Suit::Spades, number).id());
        cards.push_back(Card::standard(Suit::Hearts, number).id());
    }
    cards.push_back(Card::joker(CardColour::Black).id());
    cards.push_back(Card::joker(CardColour::Red).id());
    // Shuffled: which card comes next is drawn from the stream when it is turned.
    // A deck formed anew calls no one until its first card is turned.
    step.emit(event::DeckFormed{kDeck, cards});
    step.outcome("Turn " + std::to_string(turn) + ": activation dice rolled, deck of 14 shuffled");
}

namespace {

int jokersTurned(const DeckState& deck) {
    return static_cast<int>(
        std::count_if(deck.discards.begin(), deck.discards.end(), [](const std::string& id) { return readCard(id).joker; }));
}

} // namespace

bool activationDeckSpent(const Battle& battle, const RulesetOptions& options) {
    const DeckState* deck = activationDeck(battle);
    return deck == nullptr || deck->drawPile.empty() || (options.at("jokers") == "second-ends-turn" && jokersTurned(*deck) >= 2);
}

void previewNextCard(const Data& data, const Battle& battle, const RulesetOptions& options, Preview& preview) {
    kit::showRuling(preview, data, "ozz-activation");
    if (activationDeckSpent(battle, options)) {
        preview.facts.push_back({"Effect", "the deck is spent: turn " + std::to_string(battle.turn + 1) +
                                               " begins, with new activation dice and the deck shuffled"});
        return;
    }
    const DeckState& deck = *activationDeck(battle);
    const auto count = [&](auto test) {
        return std::count_if(deck.drawPile.begin(), deck.drawPile.end(), [&](const std::string& id) { return test(readCard(id)); });
    };
    const auto black = [](const ActivationCard& card) { return !card.joker && !card.red; };
    const auto red = [](const ActivationCard& card) { return !card.joker && card.red; };
    const auto joker = [](const ActivationCard& card) { return card.joker; };
    preview.facts.push_back({"Cards left", std::to_string(deck.drawPile.size()) + ": " + std::to_string(count(black)) + " black, " +
                                               std::to_string(count(red)) + " red, " + std::to_string(count(joker)) + " joker(s)"});
    preview.facts.push_back({"Jokers turned", std::to_string(jokersTurned(deck))});
    const auto sideName = [&](std::size_t index, const char* colour) {
        return (index < battle.sides.size() ? battle.sides[index].name : std::string("a side")) + " (a " + colour + " card)";
    };
    const auto chance = [&](auto test) { return nextCardChance(deck, [&](const Card& card) { return test(activationCard(card)); }); };
    Odds odds;
    odds.title = "The next card";
    odds.lines.push_back({sideName(0, "black"), chance(black)});
    odds.lines.push_back({sideName(1, "red"), chance(red)});
    odds.lines.push_back(
        {options.at("jokers") == "second-ends-turn" && jokersTurned(deck) == 1 ? "A joker: the turn ends" : "A joker: no unit acts",
         chance(joker)});
    preview.odds.push_back(std::move(odds));
}

void turnNextCard(Step& step) {
    if (activationDeckSpent(step.battle, step.options)) {
        startTurn(step, step.battle.turn + 1);
        return;
    }
    const DeckState& deck = *activationDeck(step.battle);
    const int jokers = jokersTurned(deck);
    const bool jokersEnd = step.options.at("jokers") == "second-ends-turn";
    // A black card calls the first side, a red the second; a joker calls no one. Which of
    // the side's units act (those showing the number, or on a pool die) is mayActivate's.
    const kit::TurnedCall turned = kit::turnCardAndCall(step, kDeck, "turn the activation card", [&](const Card& drawn) {
        const ActivationCard card = activationCard(drawn);
        return card.joker ? CardCall{} : CardCall{sideOfCard(step.battle, card), "", {}};
    });
    const std::string& code = turned.card;
    const ActivationCard card = readCard(code);
    const Citation source = step.data.ruling("ozz-activation").interprets;
    if (card.joker) {
        step.ruling("ozz-jokers");
        if (jokersEnd && jokers + 1 >= 2) {
            step.outcome("The " + cardName(code) + " is the second joker: the turn ends", source);
            startTurn(step, step.battle.turn + 1);
        } else {
            step.outcome("The " + cardName(code) + ": no units act", source);
        }
        return;
    }
    const std::string& side = turned.call.side;
    step.outcome(cardName(code) + ": " + (step.battle.findSide(side) ? step.battle.findSide(side)->name : side) + "'s units showing " +
                     std::to_string(card.number) + " act, and its commander may spend pool dice of " + std::to_string(card.number),
                 source);
}

namespace {

/// How many of the units that may act on the card will act: each showing the number, and
/// as many of those in command as the side's pool has dice of it ("1 unit (1 of the 4 in
/// command, on the pool's one 3)"), so the tracker never promises four where one may go.
std::string activationCountText(const Battle& battle, const std::vector<std::string>& eligible) {
    const ActivationCard card = readCard(cardShowing(battle));
    const auto pool = battle.session.value("pool", nlohmann::json::object()).value(sideToAct(battle), nlohmann::json::array());
    const auto poolDice = static_cast<std::size_t>(std::count(pool.begin(), pool.end(), card.number));
    std::size_t commanded = 0;
    for (const std::string& id : eligible) {
        const Unit* unit = battle.findUnit(id);
        commanded += unit != nullptr && unit->counters.count("in-command") != 0 && unit->counters.at("in-command") > 0 ? 1 : 0;
    }
    const std::size_t acting = eligible.size() - commanded + std::min(commanded, poolDice);
    std::string text = std::to_string(acting) + (acting == 1 ? " unit" : " units");
    if (commanded > poolDice) {
        text += " (" + std::to_string(poolDice) + " of the " + std::to_string(commanded) + " in command, on the pool's " +
                (poolDice == 1 ? "one " : std::to_string(poolDice) + " ") + std::to_string(card.number) + (poolDice == 1 ? "" : "s") + ")";
    }
    return text;
}

} // namespace

std::vector<std::string> mayActivate(const Data&, const Battle& battle) {
    if (!activeUnit(battle).empty()) {
        return {};
    }
    const std::string side = sideToAct(battle);
    if (mode(battle) == "alternate-units") {
        return alternateEligible(battle, side);
    }
    const std::string code = cardShowing(battle);
    if (code.empty() || side.empty()) {
        return {};
    }
    const ActivationCard card = readCard(code);
    const auto pool = battle.session.value("pool", nlohmann::json::object()).value(side, nlohmann::json::array());
    const bool poolHasDie = std::find(pool.begin(), pool.end(), card.number) != pool.end();
    std::vector<std::string> units;
    for (const Unit& unit : battle.units) {
        if (unit.side != side || !canStillAct(battle, unit)) {
            continue;
        }
        const bool commanded = unit.counters.count("in-command") != 0 && unit.counters.at("in-command") > 0;
        if ((commanded && poolHasDie) || (!commanded && die(unit) == card.number)) {
            units.push_back(unit.id);
        }
    }
    return units;
}

void beginActivation(Step& step, const std::string& unitId) {
    if (activeUnit(step.battle) == unitId) {
        return;
    }
    const Unit& unit = step.unit(unitId);
    step.emit(event::SessionSet{"active", unitId});
    if (mode(step.battle) == "alternate-units") {
        step.outcome(unit.name + " activates");
        return;
    }
    const bool commanded = unit.counters.count("in-command") != 0 && unit.counters.at("in-command") > 0;
    if (commanded) {
        const ActivationCard card = readCard(cardShowing(step.battle));
        nlohmann::json pools = step.battle.session.value("pool", nlohmann::json::object());
        auto& pool = pools[unit.side];
        const auto die = std::find(pool.begin(), pool.end(), card.number);
        if (die != pool.end()) {
            pool.erase(die);
        }
        step.emit(event::SessionSet{"pool", pools});
        step.outcome(unit.name + " activates: its commander spends a pool die of " + std::to_string(card.number),
                     step.data.ruling("ozz-activation").interprets);
    } else {
        step.outcome(unit.name + " activates on its own die", step.data.ruling("ozz-activation").interprets);
    }
}

void endActivationIfLost(Step& step) {
    const std::string active = activeUnit(step.battle);
    const Unit* unit = active.empty() ? nullptr : step.battle.findUnit(active);
    if (unit == nullptr || !unit->eliminated()) {
        return;
    }
    step.ruling("ozz-lost-in-activation");
    endActivation(step);
}

void endActivation(Step& step) {
    const std::string active = activeUnit(step.battle);
    if (active.empty()) {
        return;
    }
    std::vector<std::string> done = stringList(step.battle, "activated");
    done.push_back(active);
    step.emit(event::SessionSet{"activated", done});
    step.emit(event::SessionSet{"active", ""});
    clearActivationCounters(step, step.unit(active));
    step.outcome(step.unit(active).name + " ends its activation");
    if (mode(step.battle) != "alternate-units") {
        return;
    }
    // Alternate: the other side next, if it has a unit left to act; a new turn when
    // neither has.
    const std::string side = sessionText(step.battle, "side");
    std::string next;
    for (const Side& candidate : step.battle.sides) {
        if (candidate.id != side && !alternateEligible(step.battle, candidate.id).empty()) {
            next = candidate.id;
            break;
        }
    }
    if (next.empty() && !alternateEligible(step.battle, side).empty()) {
        next = side;
    }
    if (next.empty()) {
        startTurn(step, step.battle.turn + 1);
    } else {
        step.emit(event::SessionSet{"side", next});
    }
}

GameStatus gameStatus(const Data& data, const Battle& battle, bool listActing) {
    GameStatus status;
    status.turn = battle.turn;
    status.phase = battle.phase;
    status.activeSide = sideToAct(battle);
    status.activeUnit = activeUnit(battle);
    if (listActing) {
        status.mayActivate = mayActivate(data, battle);
    }
    std::map<std::string, int> lost, started;
    for (const Side& side : battle.sides) {
        status.scores.push_back({side.id, 0});
    }
    for (const Unit& unit : battle.units) {
        lost[unit.side] += unit.basesLost();
        started[unit.side] += std::max(unit.startingBases, static_cast<int>(unit.elements.size()));
        for (SideScore& score : status.scores) {
            if (score.side != unit.side) {
                score.points += unit.basesLost();
            }
        }
    }
    const int turns = battle.session.value("turns", 8);
    std::vector<std::string> brokenSides;
    for (const Side& side : battle.sides) {
        if (started[side.id] > 0 && 2 * lost[side.id] >= started[side.id]) {
            brokenSides.push_back(side.name);
        }
    }
    std::string broken;
    if (brokenSides.size() == 1) {
        broken = brokenSides.front() + " has lost half its bases";
    } else if (!brokenSides.empty()) {
        for (std::size_t i = 0; i < brokenSides.size(); ++i) {
            broken += (i == 0 ? "" : (i + 1 == brokenSides.size() ? " and " : ", ")) + brokenSides[i];
        }
        broken += " have each lost half their bases";
    }
    status.over = battle.turn > turns || !broken.empty();
    if (status.over) {
        std::sort(status.scores.begin(), status.scores.end(), [](const SideScore& a, const SideScore& b) { return a.points > b.points; });
        const auto sideName = [&](const std::string& id) {
            const Side* side = battle.findSide(id);
            return side != nullptr ? side->name : id;
        };
        const std::string why = broken.empty() ? "after " + std::to_string(turns) + " turns" : broken;
        if (status.scores.size() >= 2 && status.scores[0].points > status.scores[1].points) {
            status.winner = status.scores[0].side;
            status.result = sideName(status.winner) + " wins " + std::to_string(status.scores[0].points) + " to " +
                            std::to_string(status.scores[1].points) + ": " + why;
        } else {
            status.result = "A draw, " + std::to_string(status.scores.empty() ? 0 : status.scores[0].points) + " all: " + why;
        }
        status.situation = "The game is over. " + status.result;
        status.mayActivate.clear();
        return status;
    }
    const auto sideName = [&](const std::string& id) {
        const Side* side = battle.findSide(id);
        return side != nullptr ? side->name : id;
    };
    if (!status.activeUnit.empty()) {
        const Unit* unit = battle.findUnit(status.activeUnit);
        status.situation = (unit != nullptr ? unit->name : status.activeUnit) + " is activating";
    } else if (mode(battle) == "alternate-units") {
        status.situation = "Turn " + std::to_string(battle.turn) + ": " + sideName(status.activeSide) + " to activate a unit";
    } else {
        const std::string code = cardShowing(battle);
        const DeckState* deck = activationDeck(battle);
        if (code.empty()) {
            status.situation = "Turn " + std::to_string(battle.turn) + ": turn the first card";
        } else if (!listActing) {
            status.situation = "Turn " + std::to_string(battle.turn) + ", " + cardName(code) + " (" +
                               std::to_string(deck != nullptr ? deck->drawPile.size() : 0) + " cards left)";
        } else {
            status.situation = "Turn " + std::to_string(battle.turn) + ", " + cardName(code) +
                               (status.mayActivate.empty() ? ": no unit may act, turn the next card"
                                                           : ": " + sideName(status.activeSide) + " may activate " +
                                                                 activationCountText(battle, status.mayActivate)) +
                               " (" + std::to_string(deck != nullptr ? deck->drawPile.size() : 0) + " cards left)";
        }
    }
    return status;
}

void startBattle(Step& step, const Scenario& scenario) {
    step.emit(event::SessionSet{"mode", step.options.at("activation")});
    step.emit(event::SessionSet{"artilleryDashes", step.options.at("artillery-dashes")});
    int turns = 8;
    for (const VictoryCondition& condition : scenario.victory) {
        if (condition.parameters.contains("turns") && condition.parameters["turns"].is_number_integer()) {
            turns = condition.parameters["turns"].get<int>();
        }
    }
    step.emit(event::SessionSet{"turns", turns});
    step.emit(event::SessionSet{"contacts", nlohmann::json::array()});
    step.ruling("ozz-victory");
    startTurn(step, 1);
}

} // namespace sandtable::ozz
