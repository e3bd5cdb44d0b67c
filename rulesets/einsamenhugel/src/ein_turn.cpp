#include "ein_turn.h"

#include "ein_fire.h"
#include "ein_melee.h"
#include "ein_movement.h"

#include <algorithm>
#include <array>
#include <optional>
#include <set>

namespace sandtable::ein {

std::string phaseOf(const Battle& battle) { return battle.phase; }
std::string sideToPlay(const Battle& battle) { return battle.session.value("toPlay", ""); }

std::string otherSide(const Battle& battle, const std::string& side) {
    for (const Side& candidate : battle.sides) {
        if (candidate.id != side) {
            return candidate.id;
        }
    }
    return side;
}

namespace {

// A side that passes moves (or orders fire, or moves light troops) no more this phase:
// typed side state, "passed" (Side::markers).
const char* const kPassed = "passed";

bool hasPassed(const Battle& battle, const std::string& sideId) {
    const Side* side = battle.findSide(sideId);
    return side != nullptr && side->markers.count(kPassed) != 0;
}

int sidesPassed(const Battle& battle) {
    return static_cast<int>(
        std::count_if(battle.sides.begin(), battle.sides.end(), [](const Side& side) { return side.markers.count(kPassed) != 0; }));
}

void setPassed(Step& step, const std::string& sideId) {
    if (!hasPassed(step.battle, sideId)) {
        step.emit(event::SideMarkerChanged{sideId, kPassed, true});
    }
}

void clearPassed(Step& step) {
    for (const Side& side : step.battle.sides) {
        if (side.markers.count(kPassed) != 0) {
            step.emit(event::SideMarkerChanged{side.id, kPassed, false});
        }
    }
}

std::string sideName(const Battle& battle, const std::string& id) {
    const Side* side = battle.findSide(id);
    return side != nullptr ? side->name : id;
}

bool over(const Step& step) {
    for (const ArmyCount& army : armyCounts(step.battle, step.options)) {
        if (army.lost) {
            return true;
        }
    }
    return false;
}

/// The counters a turn's start clears, made once: looked up by a string literal, the
/// map made a string of it for each unit at each turn's start, in every try of the
/// computer's weighing (a thirtieth of a standard refight's time).
const std::array<std::string, 6> kTurnCounters{"acted", "moved", "about-turned", "fire-hits", "re-formed", "fired"};

void startTurn(Step& step, int turn) {
    for (const Unit& unit : step.battle.units) {
        if (unit.counters.empty()) {
            continue;
        }
        for (const std::string& counter : kTurnCounters) {
            if (unit.counters.count(counter) != 0) {
                step.emit(event::CounterSet{unit.id, counter, std::nullopt});
            }
        }
    }
    step.emit(event::SessionSet{"meleesFought", nlohmann::json::array()});
    step.emit(event::SessionSet{"fireOrders", nlohmann::json::array()});
    clearPassed(step);
    step.emit(event::TurnSet{turn, "movement"});
    // 1. Dice for the right to move first; a tie is thrown again.
    const std::string first = step.battle.sides.front().id;
    const std::string second = otherSide(step.battle, first);
    std::string winner;
    while (winner.empty()) {
        const std::int64_t a = step.roll("1d6", "first move: " + sideName(step.battle, first), cite("TURN SEQUENCE"));
        const std::int64_t b = step.roll("1d6", "first move: " + sideName(step.battle, second), cite("TURN SEQUENCE"));
        if (a != b) {
            winner = a > b ? first : second;
        } else {
            step.outcome("a tie: thrown again", cite("TURN SEQUENCE"));
        }
    }
    step.emit(event::SessionSet{"firstMove", winner});
    step.emit(event::SessionSet{"toPlay", winner});
    step.outcome("Turn " + std::to_string(turn) + ": " + sideName(step.battle, winner) + " moves first", cite("TURN SEQUENCE"));
}

// A turn in which no unit moved, changed formation, charged, joined, fired or fought.
bool quietTurn(const Battle& battle) {
    if (!battle.session.value("meleesFought", nlohmann::json::array()).empty()) {
        return false;
    }
    return std::none_of(battle.units.begin(), battle.units.end(),
                        [](const Unit& unit) { return unit.counters.count("acted") != 0 || unit.counters.count("fired") != 0; });
}

// The side that has eliminated more enemy units wins; as many: a draw.
nlohmann::json decidedByLosses(const Battle& battle, const RulesetOptions& options, const std::string& why) {
    const auto counts = armyCounts(battle, options);
    const ArmyCount& first = counts.front();
    const ArmyCount& second = counts.back();
    const int firstLost = first.starting - first.left;
    const int secondLost = second.starting - second.left;
    const std::string winner = firstLost == secondLost ? "" : firstLost < secondLost ? first.side : second.side;
    const std::string tally = sideName(battle, first.side) + " lost " + std::to_string(firstLost) + " units, " +
                              sideName(battle, second.side) + " " + std::to_string(secondLost);
    return {{"winner", winner},
            {"result", why + ": " + (winner.empty() ? "a draw" : sideName(battle, winner) + " wins") + " (" + tally + ")"}};
}

// How the battle ends at this turn's end though no army broke (RULINGS.md,
// ein-end-of-battle): a side that has lost the scenario's "concession" number of units
// concedes, as Maurice did; the scenario's turn limit is reached; or neither army has
// acted for the option's number of turns. Nothing when it goes on. Records a quiet turn.
std::optional<nlohmann::json> endingAtTurnEnd(Step& step) {
    const Battle& battle = step.battle;
    const std::string turn = std::to_string(battle.turn);
    if (const int concedeAt = battle.session.value("concedeAt", 0); concedeAt > 0) {
        // The army that has lost the most, of those at the concession's number, concedes.
        std::vector<ArmyCount> conceding;
        for (const ArmyCount& count : armyCounts(battle, step.options)) {
            const int lost = count.starting - count.left;
            if (lost < concedeAt) {
                continue;
            }
            if (!conceding.empty() && lost > conceding.front().starting - conceding.front().left) {
                conceding.clear();
            }
            if (conceding.empty() || lost == conceding.front().starting - conceding.front().left) {
                conceding.push_back(count);
            }
        }
        if (conceding.size() > 1) {
            return decidedByLosses(battle, step.options, "Both armies reach the concession together at the end of turn " + turn);
        }
        if (conceding.size() == 1) {
            const ArmyCount& army = conceding.front();
            const std::string winner = otherSide(battle, army.side);
            return nlohmann::json{{"winner", winner},
                                  {"result", sideName(battle, army.side) + " concedes at the end of turn " + turn + ", with " +
                                                 std::to_string(army.starting - army.left) + " of its " + std::to_string(army.starting) +
                                                 " units lost: " + sideName(battle, winner) + " wins"}};
        }
    }
    if (const int limit = battle.session.value("turnLimit", 0); limit > 0 && battle.turn >= limit) {
        return decidedByLosses(battle, step.options, "The turn limit is reached at the end of turn " + turn);
    }
    const std::string quietTurns = step.options.at("quiet-turns");
    const int quiet = quietTurn(battle) ? battle.session.value("quietTurns", 0) + 1 : 0;
    if (quiet != battle.session.value("quietTurns", 0)) {
        step.emit(event::SessionSet{"quietTurns", quiet});
    }
    if (quietTurns != "never" && quiet >= std::stoi(quietTurns)) {
        return decidedByLosses(battle, step.options,
                               "Neither army moved, fired or fought for " + quietTurns + " turns, to the end of turn " + turn);
    }
    return std::nullopt;
}

void endTurn(Step& step) {
    if (over(step)) {
        step.emit(event::TurnSet{step.battle.turn, "over"});
        step.emit(event::SessionSet{"toPlay", ""});
        step.outcome("the battle is over", cite("ORGANISATION"));
        return;
    }
    if (const auto ending = endingAtTurnEnd(step)) {
        step.ruling("ein-end-of-battle");
        step.emit(event::SessionSet{"ending", *ending});
        step.emit(event::TurnSet{step.battle.turn, "over"});
        step.emit(event::SessionSet{"toPlay", ""});
        step.outcome((*ending)["result"].get<std::string>(), cite("TURN FIVE"));
        return;
    }
    startTurn(step, step.battle.turn + 1);
}

void startMeleePhase(Step& step) {
    step.emit(event::TurnSet{step.battle.turn, "melee"});
    step.emit(event::SessionSet{"toPlay", step.battle.session.value("firstMove", "")});
    if (pendingMelees(step.battle).empty()) {
        step.outcome("no melees to fight", cite("TURN SEQUENCE"));
        endTurn(step);
    }
}

/// "Light troops may ... fire and make a half move" (MOVEMENT): once the fire is thrown,
/// the sides take turns moving the light troops that fired and had not moved, before the
/// melees (RULINGS.md, ein-light-half-move). False when there are none, or the option is off.
bool startLightMoves(Step& step) {
    const auto option = step.options.find("light-fire-then-move");
    if (option != step.options.end() && option->second == "off") {
        return false;
    }
    std::set<std::string> sides;
    for (const Unit& unit : step.battle.units) {
        if (mayMoveAfterFire(step.data, step.battle, unit)) {
            sides.insert(unit.side);
        }
    }
    if (sides.empty()) {
        return false;
    }
    step.ruling("ein-light-half-move");
    step.emit(event::TurnSet{step.battle.turn, "light-moves"});
    const std::string first = step.battle.session.value("firstMove", "");
    const std::string second = otherSide(step.battle, first);
    clearPassed(step);
    if (sides.count(first) == 0) {
        setPassed(step, first);
    }
    if (sides.count(second) == 0) {
        setPassed(step, second);
    }
    step.emit(event::SessionSet{"toPlay", sides.count(first) != 0 ? first : second});
    step.outcome("Light troops that fired may now make a half move", cite("MOVEMENT"));
    return true;
}

} // namespace

void startBattle(Step& step, const Scenario& scenario) {
    // The scenario's end rules (RULINGS.md, ein-end-of-battle), kept only when it has them.
    for (const VictoryCondition& condition : scenario.victory) {
        if (condition.id == "concession") {
            step.emit(event::SessionSet{"concedeAt", condition.parameters.value("unitsLost", 0)});
        } else if (condition.id == "turn-limit") {
            step.emit(event::SessionSet{"turnLimit", condition.parameters.value("turns", 0)});
        }
    }
    // A general's attachment is his own state (Unit::attachedTo), as the scenario set it.
    nlohmann::json starting = nlohmann::json::object();
    for (const Unit& unit : step.battle.units) {
        if (!unit.eliminated()) {
            starting[unit.side] = starting.value(unit.side, 0) + 1;
        }
    }
    step.emit(event::SessionSet{"startingUnits", starting});
    step.emit(event::SessionSet{"melees", nlohmann::json::array()});
    step.ruling("ein-alternate-moves");
    step.ruling("ein-army-break");
    if (step.options.at("british-musketry") == "per-battle") {
        step.ruling("ein-british-musketry");
        const bool lucky =
            step.roll("1d6", "British musketry for this battle (4-6: +1 to every musketry throw)", cite("Adding The Armies")) >= 4;
        step.emit(event::SessionSet{"british-musketry", lucky});
        step.outcome(std::string("British foot ") + (lucky ? "add" : "do not add") + " 1 to their musketry throws this battle",
                     cite("Adding The Armies"));
    }
    if (step.options.at("pre-battle-moves") != "0") {
        step.emit(event::TurnSet{1, "deployment"});
        clearPassed(step);
        step.emit(event::SessionSet{"toPlay", step.battle.sides.front().id});
        step.outcome("Before the battle each side may move up to " + step.options.at("pre-battle-moves") + " units",
                     cite("Final Adjustments"));
        return;
    }
    startTurn(step, 1);
}

void afterUnitMove(Step& step) {
    const std::string side = sideToPlay(step.battle);
    if (step.battle.phase == "light-moves") {
        // A side with no light troops left to move passes by itself; when both have, the melees.
        for (const Side& each : step.battle.sides) {
            bool more = false;
            for (const Unit& unit : step.battle.units) {
                more = more || (unit.side == each.id && mayMoveAfterFire(step.data, step.battle, unit));
            }
            if (!more) {
                setPassed(step, each.id);
            }
        }
        if (sidesPassed(step.battle) >= static_cast<int>(step.battle.sides.size())) {
            clearPassed(step);
            startMeleePhase(step);
            return;
        }
        const std::string other = otherSide(step.battle, side);
        if (!hasPassed(step.battle, other)) {
            step.emit(event::SessionSet{"toPlay", other});
        }
        return;
    }
    const std::string other = otherSide(step.battle, side);
    if (!hasPassed(step.battle, other)) {
        step.emit(event::SessionSet{"toPlay", other});
    }
}

void pass(Step& step) {
    const std::string side = sideToPlay(step.battle);
    const std::string other = otherSide(step.battle, side);
    setPassed(step, side);
    const bool both = hasPassed(step.battle, other);
    const std::string phase = step.battle.phase;
    step.outcome(sideName(step.battle, side) + (phase == "movement"      ? " moves no more units this turn"
                                                : phase == "deployment"  ? " has made its moves before the battle"
                                                : phase == "light-moves" ? " moves no more light troops after firing"
                                                                         : " has given its fire orders"),
                 cite("TURN SEQUENCE"));
    if (!both) {
        step.emit(event::SessionSet{"toPlay", other});
        return;
    }
    clearPassed(step);
    if (phase == "deployment") {
        for (const Unit& unit : step.battle.units) {
            if (unit.counters.count("redeployed") != 0) {
                step.emit(event::CounterSet{unit.id, "redeployed", std::nullopt});
            }
        }
        startTurn(step, 1);
        return;
    }
    if (phase == "light-moves") {
        startMeleePhase(step);
        return;
    }
    if (phase == "movement") {
        step.emit(event::TurnSet{step.battle.turn, "fire"});
        step.emit(event::SessionSet{"toPlay", step.battle.session.value("firstMove", "")});
        return;
    }
    step.ruling("ein-simultaneous-fire");
    resolveAllFire(step);
    if (over(step)) {
        endTurn(step);
        return;
    }
    if (startLightMoves(step)) {
        return;
    }
    startMeleePhase(step);
}

void afterMelee(Step& step) {
    if (pendingMelees(step.battle).empty() || over(step)) {
        endTurn(step);
    }
}

namespace {

const nlohmann::json kNoStartingUnits = nlohmann::json::object();
/// The option's name made once, not at every count (the status counts after every step).
const std::string kArmyBreak = "army-break";

} // namespace

std::vector<ArmyCount> armyCounts(const Battle& battle, const RulesetOptions& options) {
    std::vector<ArmyCount> counts;
    // Read where the session keeps it, not copied: the status counts after every action.
    const auto found = battle.session.find("startingUnits");
    const nlohmann::json& starting = found != battle.session.end() && found->is_object() ? *found : kNoStartingUnits;
    const auto armyBreak = options.find(kArmyBreak);
    const bool third = armyBreak != options.end() && armyBreak->second == "third";
    for (const Side& side : battle.sides) {
        ArmyCount count;
        count.side = side.id;
        count.starting = starting.value(side.id, 0);
        counts.push_back(count);
    }
    // One pass over the units (the status counts them after every action), each side's
    // stand together: the count the last unit was of is tried first.
    auto of = counts.begin();
    for (const Unit& unit : battle.units) {
        if (unit.eliminated()) {
            continue;
        }
        if (of == counts.end() || of->side != unit.side) {
            of = std::find_if(counts.begin(), counts.end(), [&](const ArmyCount& count) { return count.side == unit.side; });
        }
        if (of != counts.end()) {
            ++of->left;
        }
    }
    for (ArmyCount& count : counts) {
        count.lost = count.starting > 0 && (third ? count.left * 3 < count.starting : count.left * 2 < count.starting);
    }
    return counts;
}

namespace {

/// The units of `side` that may act in the phase (GameStatus::mayActivate).
std::vector<std::string> unitsThatMayAct(const Data& data, const Battle& battle, const std::string& side) {
    std::vector<std::string> units;
    if (battle.phase == "deployment") {
        for (const Unit& unit : battle.units) {
            if (unit.side == side && !unit.eliminated() && unit.counters.count("redeployed") == 0) {
                units.push_back(unit.id);
            }
        }
    } else if (battle.phase == "movement") {
        units = unitsThatMayMove(battle, side);
    } else if (battle.phase == "fire") {
        for (const Unit& unit : battle.units) {
            if (unit.side == side && isFighting(unit) && (!classOf(data, unit).firearm.empty() || classOf(data, unit).gun) &&
                mayOrderFire(battle, unit)) {
                units.push_back(unit.id);
            }
        }
    } else if (battle.phase == "light-moves") {
        for (const Unit& unit : battle.units) {
            if (unit.side == side && mayMoveAfterFire(data, battle, unit)) {
                units.push_back(unit.id);
            }
        }
    } else if (battle.phase == "melee") {
        // Either side may fight a melee: the side to play is shown its own unit in each.
        for (const auto& [a, b] : pendingMelees(battle)) {
            const Unit* first = battle.findUnit(a);
            units.push_back(first != nullptr && first->side != side && !b.empty() ? b : a);
        }
    }
    return units;
}

} // namespace

GameStatus gameStatus(const Data& data, const RulesetOptions& options, const Battle& battle, bool listActing) {
    GameStatus status;
    status.turn = battle.turn;
    status.phase = battle.phase;
    status.activeSide = sideToPlay(battle);
    const auto counts = armyCounts(battle, options);
    for (const ArmyCount& count : counts) {
        // A side scores the enemy units it has eliminated.
        for (const ArmyCount& enemy : counts) {
            if (enemy.side != count.side) {
                status.scores.push_back({count.side, enemy.starting - enemy.left});
            }
        }
    }
    std::vector<std::string> losers;
    for (const ArmyCount& count : counts) {
        if (count.lost) {
            losers.push_back(count.side);
        }
    }
    status.over = battle.phase == "over";
    if (status.over && losers.empty() && battle.session.contains("ending")) {
        const nlohmann::json& ending = battle.session["ending"];
        status.winner = ending.value("winner", "");
        status.result = ending.value("result", "");
        status.situation = status.result;
        return status;
    }
    if (status.over) {
        const std::string fraction = options.at("army-break") == "third" ? "a third" : "half";
        if (losers.size() == 1) {
            status.winner = otherSide(battle, losers.front());
            const ArmyCount& lost =
                *std::find_if(counts.begin(), counts.end(), [&](const ArmyCount& c) { return c.side == losers.front(); });
            status.result = sideName(battle, status.winner) + " wins in turn " + std::to_string(battle.turn) + ": " +
                            sideName(battle, lost.side) + " has " + std::to_string(lost.left) + " of its " + std::to_string(lost.starting) +
                            " units left, below " + fraction;
        } else {
            status.result = "a draw in turn " + std::to_string(battle.turn) + ": both armies fell below " + fraction + " together";
        }
        status.situation = status.result;
        return status;
    }
    const std::string who = sideName(battle, status.activeSide);
    if (battle.phase == "deployment") {
        status.beforeBattle = true;
        status.situation = "Before the battle: " + who + " may move up to " + options.at("pre-battle-moves") +
                           " units anywhere in its own half, then passes";
    } else if (battle.phase == "movement") {
        status.situation = "Movement: " + who + " moves a unit or passes";
    } else if (battle.phase == "fire") {
        status.situation = "Fire: " + who + " gives its fire orders, then passes; all fire is thrown together";
    } else if (battle.phase == "light-moves") {
        status.situation = "After the fire: " + who + " may make a half move with light troops that fired, or passes";
    } else if (battle.phase == "melee") {
        status.situation = "Melee: " + who + " fights each melee (select its unit in it, or the enemy's)";
    }
    if (listActing) {
        status.mayActivate = unitsThatMayAct(data, battle, status.activeSide);
    }
    return status;
}

namespace {

const std::vector<std::string> unitOrders{"move", "formation", "charge", "attach"};

} // namespace

bool isUnitOrder(const std::string& type) { return std::find(unitOrders.begin(), unitOrders.end(), type) != unitOrders.end(); }

std::string passLabel(const std::string& phase) {
    if (phase == "deployment") {
        return "Pass: done moving units before the battle";
    }
    if (phase == "movement") {
        return "Pass: move no more units this turn";
    }
    if (phase == "fire") {
        return "Pass: fire orders given";
    }
    if (phase == "light-moves") {
        return "Pass: no more light troops move after firing";
    }
    return {};
}

std::string turnSequenceRefusal(const Data& data, const Battle& battle, const Action& action) {
    const std::string phase = battle.phase;
    if (phase == "over") {
        return "the battle is over";
    }
    if (action.type == "pass") {
        return passLabel(phase).empty() ? "there is nothing to pass in the " + phase + " phase" : std::string();
    }
    const Unit* unit = battle.findUnit(action.unit);
    if (unit == nullptr) {
        return {}; // resolve names the missing unit
    }
    if (action.type == "melee") {
        return phase == "melee" ? std::string() : "melees are fought in the melee phase (now: " + phase + ")";
    }
    const std::string side = sideToPlay(battle);
    if (unit->side != side) {
        const Side* toPlay = battle.findSide(side);
        return "it is " + (toPlay != nullptr ? toPlay->name : side) + "'s " + phase + ", not " + unit->name + "'s side";
    }
    if (phase == "deployment") {
        return action.type == "move" ? std::string() : "before the battle units may only be moved";
    }
    if (phase == "light-moves") {
        return action.type == "move" ? whyNoMoveAfterFire(data, battle, *unit)
                                     : "after the fire only light troops that fired may move, a half move";
    }
    if (isUnitOrder(action.type)) {
        if (phase != "movement") {
            return "units move in the movement phase (now: " + phase + ")";
        }
        return whyNoMove(data, battle, *unit);
    }
    if (action.type == "fire") {
        return phase == "fire" ? whyNoFireOrder(battle, *unit) : "fire is ordered in the fire phase (now: " + phase + ")";
    }
    return {};
}

} // namespace sandtable::ein
