#include "vcc_turn.h"

#include "sandtable/fraction.h"
#include "sandtable/geometry.h"
#include "vcc_fire.h"
#include "vcc_grid.h"
#include "vcc_melee.h"
#include "vcc_morale.h"
#include "vcc_movement.h"
#include "vcc_rockets.h"

#include <algorithm>
#include <array>
#include <optional>

namespace sandtable::vcc {

namespace {

const std::array<StepOfPlay, 7> steps{{
    {"british-heavy-fire", 1, &british, StepKind::HeavyFire, "British artillery, machine-gun and rocket fire"},
    {"native-heavy-fire", 2, &native, StepKind::HeavyFire, "Native artillery, machine-gun and rocket fire"},
    {"native-movement", 3, &native, StepKind::Movement, "Native rally and movement"},
    {"british-movement", 4, &british, StepKind::Movement, "British rally and movement"},
    {"british-small-arms", 5, &british, StepKind::SmallArms, "British small arms fire"},
    {"native-small-arms", 6, &native, StepKind::SmallArms, "Native small arms fire"},
    {"melee", 7, &british, StepKind::Melee, "Melee"},
}};

std::size_t indexOf(const StepOfPlay* at) { return static_cast<std::size_t>(at - steps.data()); }

/// Whether the unit may fire at this fire step: it has a weapon of the step's kind
/// (heavy or small arms) and nothing forbids its fire.
bool firesThisStep(const Data& data, const Battle& battle, const Unit& unit, bool heavy) {
    return !weaponOf(data, unit).empty() && heavyWeapon(data, unit) == heavy && whyNoFire(data, battle, unit).empty();
}

/// The enemy `unit` fights in the melee of `a` and `b`, if it is one of them; else empty.
std::string meleeEnemy(const std::string& a, const std::string& b, const Unit& unit) { return a == unit.id ? b : b == unit.id ? a : ""; }

void fireOffers(const Data& data, const RulesetOptions& options, const Battle& battle, const Unit& unit, bool heavy,
                std::vector<Offer>& offers) {
    if (!firesThisStep(data, battle, unit, heavy)) {
        return;
    }
    if (weaponOf(data, unit) == "rockets") {
        if (auto boxes = rocketBoxes(battle, unit); !boxes.empty()) {
            offers.push_back({.type = "rocket",
                              .label = "Fire rockets at a box",
                              .unit = unit.id,
                              .role = OrderRole::Fire,
                              .input = OrderInput::Box,
                              .boxes = std::move(boxes)});
        }
        return;
    }
    if (auto targets = eligibleTargets(data, options, battle, unit); !targets.empty()) {
        offers.push_back({.type = "fire",
                          .label = "Fire",
                          .unit = unit.id,
                          .role = OrderRole::Fire,
                          .input = OrderInput::Target,
                          .targets = std::move(targets)});
    }
}

bool sideHasOrders(const Data& data, const RulesetOptions& options, const Battle& battle) {
    const std::string side = sideToPlay(battle);
    for (const Unit& unit : battle.units) {
        if (unit.side == side && !unit.eliminated() && unitHasOrders(data, options, battle, unit)) {
            return true;
        }
    }
    return false;
}

void clearCounters(Step& step, const std::string& side, std::initializer_list<const char*> names) {
    for (const Unit& unit : step.battle.units) {
        if (unit.side == side) {
            for (const char* name : names) {
                setCounter(step, unit.id, name, std::nullopt);
            }
        }
    }
}

void beginStep(Step& step, int turn, std::size_t index) {
    const StepOfPlay& at = steps[index];
    step.emit(event::TurnSet{turn, at.phase});
    step.emit(event::SessionSet{"toPlay", *at.side});
    switch (at.kind) {
    case StepKind::HeavyFire:
    case StepKind::SmallArms:
        clearCounters(step, *at.side, {"fired"});
        break;
    case StepKind::Movement:
        // "Moved" is the latest movement step's: kept for the next turn's heavy weapons.
        clearCounters(step, *at.side, {"acted", "moved", "rallied"});
        break;
    case StepKind::Melee:
        step.emit(event::SessionSet{"fought", nlohmann::json::array()});
        break;
    }
}

void finishStep(Step& step) {
    takeOwedChecks(step);
    dropLostContacts(step);
}

struct SideCount {
    int units = 0;
    int destroyed = 0;
    int broken = 0;
};

SideCount countOf(const Data& data, const Battle& battle, const std::string& side) {
    SideCount count;
    for (const Unit& unit : battle.units) {
        if (unit.side != side || typeOf(data, unit).commander) {
            continue;
        }
        ++count.units;
        if (unit.eliminated()) {
            ++count.destroyed;
        } else if (broken(unit)) {
            ++count.broken;
        }
    }
    return count;
}

/// An army has lost when its share of units destroyed reaches the scenario's (a half
/// unless it says), or when every unit it has left is broken (vcc-victory).
bool armyBroken(const Battle& battle, const SideCount& count) {
    if (count.units == 0) {
        return false;
    }
    const nlohmann::json share = battle.session.value("armyBreak", nlohmann::json::array({1, 2}));
    const int numerator = share.at(0).get<int>();
    const int denominator = share.at(1).get<int>();
    return count.destroyed * denominator >= count.units * numerator || count.destroyed + count.broken == count.units;
}

/// The scenario's objective as startBattle keeps it in the session (read in place: the
/// status asks after every action); null where it gives none.
const nlohmann::json* objectiveOf(const Battle& battle) {
    const auto found = battle.session.find("objective");
    return found != battle.session.end() && found->is_object() ? &*found : nullptr;
}

/// The box of the scenario's objective; none where it gives none.
std::optional<Box> objectiveBox(const Battle& battle) {
    const nlohmann::json* objective = objectiveOf(battle);
    if (objective == nullptr) {
        return std::nullopt;
    }
    return Box{objective->at("box").at(0).get<int>(), objective->at("box").at(1).get<int>()};
}

/// Who holds the scenario's objective: the one side with an unbroken unit in its box.
std::string objectiveHolder(const Data& data, const Battle& battle) {
    const std::optional<Box> box = objectiveBox(battle);
    if (!box) {
        return {};
    }
    std::string holder;
    for (const Unit* unit : unitsIn(battle, *box)) {
        if (!fights(data, *unit) || broken(*unit)) {
            continue;
        }
        if (!holder.empty() && holder != unit->side) {
            return {};
        }
        holder = unit->side;
    }
    return holder;
}

void endBattle(Step& step, const std::string& winner, const std::string& result) {
    step.emit(event::SessionSet{"winner", winner});
    step.emit(event::SessionSet{"result", result});
    step.emit(event::SessionSet{"toPlay", ""});
    step.emit(event::TurnSet{step.battle.turn, "over"});
    step.outcome(result, cite("Sequence of Play"));
}

/// The end of a turn: the battle is over when an army is broken or the turns are up.
bool endTurn(Step& step) {
    const Battle& battle = step.battle;
    const SideCount ours = countOf(step.data, battle, british);
    const SideCount theirs = countOf(step.data, battle, native);
    const bool britishBroken = armyBroken(battle, ours);
    const bool nativeBroken = armyBroken(battle, theirs);
    const std::string turn = " (turn " + std::to_string(battle.turn) + ")";
    if (britishBroken || nativeBroken) {
        step.ruling("vcc-victory");
        if (britishBroken && nativeBroken) {
            endBattle(step, "", "A draw: both armies are broken" + turn);
        } else {
            const std::string loser = britishBroken ? british : native;
            const SideCount& lost = britishBroken ? ours : theirs;
            const std::string name = sideName(battle, loser);
            const std::string whose = name + (!name.empty() && name.back() == 's' ? "'" : "'s");
            endBattle(step, enemyOf(loser),
                      sideName(battle, enemyOf(loser)) + " win: " + std::to_string(lost.destroyed) + " of " + whose + " " +
                          std::to_string(lost.units) + " units destroyed and " + std::to_string(lost.broken) + " broken" + turn);
        }
        return true;
    }
    if (battle.turn >= battle.session.value("turnLimit", 12)) {
        step.ruling("vcc-victory");
        const std::string holder = objectiveHolder(step.data, battle);
        const std::string objective = battle.session.value("objective", nlohmann::json::object()).value("name", "");
        if (!holder.empty()) {
            endBattle(step, holder, sideName(battle, holder) + " win: they hold " + objective + " when the turns are up" + turn);
        } else {
            endBattle(step, "", "A draw: the turns are up" + (objective.empty() ? std::string() : " and no one holds " + objective) + turn);
        }
        return true;
    }
    return false;
}

/// Begins the step at `index`, and passes by every step in which its side has nothing to
/// do (vcc-steps), across turns, until a side has orders or the battle is over.
void enterStep(Step& step, std::size_t index) {
    int turn = step.battle.turn;
    while (true) {
        if (index >= steps.size()) {
            if (endTurn(step)) {
                return;
            }
            index = 0;
            ++turn;
        }
        beginStep(step, turn, index);
        const bool meleesLeft = steps[index].kind == StepKind::Melee && !meleesToFight(step.battle).empty();
        if (meleesLeft || (steps[index].kind != StepKind::Melee && sideHasOrders(step.data, step.options, step.battle))) {
            return;
        }
        step.ruling("vcc-steps");
        step.outcome("Step " + std::to_string(steps[index].number) + ", " + steps[index].name + ": nothing for " +
                         sideName(step.battle, *steps[index].side) + " to do",
                     cite("Sequence of Play"));
        finishStep(step);
        ++index;
    }
}

} // namespace

const StepOfPlay* currentStep(const Battle& battle) {
    for (const StepOfPlay& at : steps) {
        if (battle.phase == at.phase) {
            return &at;
        }
    }
    return nullptr;
}

std::string sideToPlay(const Battle& battle) { return battle.session.value("toPlay", ""); }

std::vector<Offer> unitOffers(const Data& data, const RulesetOptions& options, const Battle& battle, const Unit& unit) {
    std::vector<Offer> offers;
    const StepOfPlay* at = currentStep(battle);
    if (at == nullptr || unit.eliminated()) {
        return offers;
    }
    if (at->kind == StepKind::Melee) {
        // The British player fights each melee (vcc-steps): offered on the British unit.
        for (const auto& [a, b] : meleesToFight(battle)) {
            const std::string enemy = meleeEnemy(a, b, unit);
            if (!enemy.empty() && unit.side == british) {
                offers.push_back({.type = "melee",
                                  .label = "Fight the melee",
                                  .unit = unit.id,
                                  .role = OrderRole::Melee,
                                  .input = OrderInput::Target,
                                  .targets = {enemy}});
            }
        }
        return offers;
    }
    if (unit.side != sideToPlay(battle)) {
        return offers;
    }
    if (at->kind == StepKind::Movement) {
        offerMovement(data, options, battle, unit, offers);
    } else {
        fireOffers(data, options, battle, unit, at->kind == StepKind::HeavyFire, offers);
    }
    return offers;
}

bool unitHasOrders(const Data& data, const RulesetOptions& options, const Battle& battle, const Unit& unit) {
    const StepOfPlay* at = currentStep(battle);
    if (at == nullptr || unit.eliminated()) {
        return false;
    }
    if (at->kind == StepKind::Melee) {
        if (unit.side != british) {
            return false; // the British player fights each melee (vcc-steps)
        }
        const auto melees = meleesToFight(battle);
        return std::any_of(melees.begin(), melees.end(),
                           [&](const auto& melee) { return !meleeEnemy(melee.first, melee.second, unit).empty(); });
    }
    if (unit.side != sideToPlay(battle)) {
        return false;
    }
    if (at->kind == StepKind::Movement) {
        return anyMovement(data, options, battle, unit);
    }
    if (!firesThisStep(data, battle, unit, at->kind == StepKind::HeavyFire)) {
        return false;
    }
    return weaponOf(data, unit) == "rockets" ? !rocketBoxes(battle, unit).empty() : anyEligibleTarget(data, options, battle, unit);
}

void startBattle(Step& step, const std::vector<VictoryCondition>& victory) {
    int limit = 12;
    for (const VictoryCondition& condition : victory) {
        if (condition.id == "turns") {
            limit = condition.parameters.value("turns", 12);
        } else if (condition.id == "army-break") {
            const auto share = parseFraction(condition.parameters.value("share", "1/2"));
            step.emit(event::SessionSet{"armyBreak", {share->numerator(), share->denominator()}});
        } else if (condition.id == "objective") {
            step.emit(event::SessionSet{
                "objective", {{"box", condition.parameters.at("box")}, {"name", condition.parameters.value("name", "the objective")}}});
        }
    }
    step.emit(event::SessionSet{"turnLimit", limit});
    step.emit(event::SessionSet{"contacts", nlohmann::json::array()});
    step.emit(event::SessionSet{"owed", nlohmann::json::array()});
    enterStep(step, 0);
}

void pass(Step& step) {
    const StepOfPlay* at = currentStep(step.battle);
    if (at == nullptr) {
        step.refuse("the battle is over");
        return;
    }
    if (at->kind == StepKind::Melee && !meleesToFight(step.battle).empty()) {
        step.refuse("every melee must be fought before the step ends");
        return;
    }
    step.outcome(sideName(step.battle, *at->side) + " ends step " + std::to_string(at->number) + ", " + at->name, cite("Sequence of Play"));
    finishStep(step);
    enterStep(step, indexOf(at) + 1);
}

void afterMelee(Step& step) {
    if (meleesToFight(step.battle).empty()) {
        step.outcome("Step 8: melee morale checks", cite("Sequence of Play"));
        finishStep(step);
        enterStep(step, steps.size());
    }
}

std::vector<Objective> battleObjectives(const Battle& battle) {
    const std::optional<Box> box = objectiveBox(battle);
    if (!box || !battle.table.gridded()) {
        return {};
    }
    const double size = battle.table.boxSize;
    return {{objectiveOf(battle)->value("name", "the objective"), rectangle(battle.table.boxCentre(*box), size, size, 0),
             battle.session.value("turnLimit", 12)}};
}

GameStatus gameStatus(const Data& data, const RulesetOptions& options, const Battle& battle, bool listActing) {
    GameStatus status;
    status.turn = battle.turn;
    status.phase = battle.phase;
    status.activeSide = sideToPlay(battle);
    for (const std::string* side : {&british, &native}) {
        const SideCount enemy = countOf(data, battle, enemyOf(*side));
        status.scores.push_back({*side, enemy.destroyed});
    }
    const StepOfPlay* at = currentStep(battle);
    if (at == nullptr) {
        status.over = battle.phase == "over";
        status.winner = battle.session.value("winner", "");
        status.result = battle.session.value("result", "");
        status.situation = status.result;
        return status;
    }
    if (listActing) {
        for (const Unit& unit : battle.units) {
            if (!unit.eliminated() && (unit.side == status.activeSide || at->kind == StepKind::Melee) &&
                unitHasOrders(data, options, battle, unit)) {
                status.mayActivate.push_back(unit.id);
            }
        }
    }
    const std::string who = sideName(battle, *at->side);
    status.situation = "Step " + std::to_string(at->number) + " of 8, " + at->name + ": ";
    switch (at->kind) {
    case StepKind::HeavyFire:
    case StepKind::SmallArms:
        status.situation += who + " fires, then passes; " + sideName(battle, enemyOf(*at->side)) + "'s morale checks follow";
        break;
    case StepKind::Movement:
        status.situation += who + " rallies and moves its units, then passes";
        break;
    case StepKind::Melee:
        status.situation += who + " fights each melee (both sides roll at once); step 8's morale checks follow";
        break;
    }
    return status;
}

} // namespace sandtable::vcc
