#include "ein_ruleset.h"

#include "ein_fire.h"
#include "ein_melee.h"
#include "ein_morale.h"
#include "ein_movement.h"
#include "ein_officer.h"
#include "ein_overlay.h"
#include "ein_turn.h"
#include "ein_units.h"
#include "sandtable/kit/registration.h"
#include "sandtable/measure.h"
#include "sandtable/scenario.h"

#include <algorithm>

namespace sandtable::ein {

namespace {

const std::vector<std::string> unitActions{"move", "formation", "charge", "attach"};

bool isUnitAction(const std::string& type) { return std::find(unitActions.begin(), unitActions.end(), type) != unitActions.end(); }

/// The pending melee between the two, charger first; empty when there is none.
std::optional<std::pair<std::string, std::string>> pendingBetween(const Battle& battle, const std::string& a, const std::string& b) {
    for (const auto& pair : pendingMelees(battle)) {
        if ((pair.first == a && pair.second == b) || (pair.first == b && pair.second == a)) {
            return pair;
        }
    }
    return std::nullopt;
}

Odds oddsOf(const std::string& title, const Distribution& distribution) {
    Odds odds;
    odds.title = title;
    for (const std::int64_t value : distribution.outcomes()) {
        odds.lines.push_back({std::to_string(value), distribution.probability(value)});
    }
    return odds;
}

void addRuling(const Data& data, Preview& preview, const std::string& id) {
    const RulingText& ruling = data.ruling(id);
    preview.rulings.ruling(ruling.id, ruling.text, ruling.interprets);
}

std::string diceText(double dice) {
    const int whole = static_cast<int>(dice + 1e-9);
    return std::to_string(whole) + (dice - whole > 0.25 ? "½" : "");
}

} // namespace

EinsamenhugelRuleset::EinsamenhugelRuleset(RulesetOptions options) : m_data(builtInData()), m_options(std::move(options)) {}

std::vector<std::string> EinsamenhugelRuleset::checkScenario(const Scenario& scenario) const {
    std::vector<std::string> victoryProblems;
    // The army's break decides the battle (RULINGS.md, ein-army-break): a scenario's
    // victory may only name it.
    for (std::size_t i = 0; i < scenario.victory.size(); ++i) {
        const VictoryCondition& condition = scenario.victory[i];
        if (condition.id != "army-break" && condition.id != "break-the-enemy") {
            victoryProblems.push_back("/victory/" + std::to_string(i) + "/id: \"" + condition.id +
                                      "\" is not a victory these rules play (army-break: an army below its fraction of units loses)");
        } else if (!condition.parameters.empty()) {
            victoryProblems.push_back("/victory/" + std::to_string(i) +
                                      "/parameters: army-break takes none (the fraction is the option army-break)");
        }
    }
    std::vector<std::string> problems;
    const Battle& battle = scenario.battle;
    if (battle.sides.size() != 2) {
        problems.push_back("these rules are for two armies; the scenario has " + std::to_string(battle.sides.size()) + " sides");
    }
    if (battle.table.unit != MeasureUnit::Centimetre) {
        problems.push_back("the table is measured in " + toString(battle.table.unit) +
                           "; these rules measure in centimetres (\"unit\": \"cm\")");
    }
    std::string known;
    for (const TroopClass& troops : m_data.classes) {
        known += (known.empty() ? "" : ", ") + troops.id;
    }
    for (std::size_t index = 0; index < battle.units.size(); ++index) {
        const Unit& unit = battle.units[index];
        const TroopClass* troops = m_data.troopClass(unit.type);
        // Each problem begins with the unit's JSON pointer in the scenario file.
        const std::string where = "/units/" + std::to_string(index) + ": unit \"" + unit.id + "\"";
        if (troops == nullptr) {
            problems.push_back(where + " has type \"" + unit.type + "\", which these rules do not have (" + known + ")");
            continue;
        }
        if (troops->arm != unit.arm) {
            problems.push_back(where + " is " + toString(unit.arm) + " but " + troops->name + " are " + toString(troops->arm));
        }
        for (const char* flag : {"cuirasses", "fightsAsLight"}) {
            if (unit.stats.contains(flag) && !unit.stats[flag].is_boolean()) {
                problems.push_back(where + ": stats." + flag + " should be true or false");
            }
        }
        if (unit.stats.contains("nation") && !unit.stats["nation"].is_string()) {
            problems.push_back(where + ": stats.nation should be a name such as \"british\"");
        }
        const auto formations = formationsFor(m_data, unit);
        if (!unit.formation.empty() && std::find(formations.begin(), formations.end(), unit.formation) == formations.end()) {
            std::string list;
            for (const std::string& formation : formations) {
                list += (list.empty() ? "" : ", ") + formation;
            }
            problems.push_back(where + " is in formation \"" + unit.formation + "\"; " + troops->name + " may form " + list);
        }
        if (!unit.quality.empty() && unit.quality != "elite" && unit.quality != "regular" && unit.quality != "poor" &&
            unit.quality != "militia") {
            problems.push_back(where + " has quality \"" + unit.quality + "\" (expected elite, regular, poor or militia)");
        }
        if (!unit.markers.empty()) {
            problems.push_back(where + " has markers; the Einsamenhügel rules keep none (a unit's state is its effectiveness)");
        }
        if (unit.arm == Arm::Leader && !unit.attachedTo.empty()) {
            const Unit* with = battle.findUnit(unit.attachedTo);
            if (with == nullptr || with->side != unit.side || with->arm == Arm::Leader) {
                problems.push_back(where + " is attached to \"" + unit.attachedTo + "\", which is not a unit of its side");
            }
        }
    }
    problems.insert(problems.end(), victoryProblems.begin(), victoryProblems.end());
    return problems;
}

Resolution EinsamenhugelRuleset::start(const Battle& battle, const Scenario& scenario, DiceStream& dice) const {
    (void)scenario;
    Step step(m_data, m_options, battle, &dice);
    for (const Unit& unit : battle.units) {
        if (unit.formation.empty() && unit.arm != Arm::Leader) {
            step.emit(event::FormationSet{unit.id, formationsFor(m_data, unit).front()});
        }
    }
    startBattle(step);
    return step.finish();
}

std::vector<Offer> EinsamenhugelRuleset::offers(const Battle& battle, const std::string& unitId) const {
    std::vector<Offer> offers;
    const std::string phase = battle.phase;
    if (unitId.empty()) {
        if (phase == "deployment") {
            offers.push_back({.type = "pass", .label = "Pass: done moving units before the battle", .role = OrderRole::Pass});
        } else if (phase == "movement") {
            offers.push_back({.type = "pass", .label = "Pass: move no more units this turn", .role = OrderRole::Pass});
        } else if (phase == "fire") {
            offers.push_back({.type = "pass", .label = "Pass: fire orders given", .role = OrderRole::Pass});
        } else if (phase == "light-moves") {
            offers.push_back({.type = "pass", .label = "Pass: no more light troops move after firing", .role = OrderRole::Pass});
        }
        return offers;
    }
    const Unit* unit = battle.findUnit(unitId);
    if (unit == nullptr || unit->eliminated()) {
        return offers;
    }
    if (phase == "melee") {
        for (const auto& [a, b] : pendingMelees(battle)) {
            if (a == unitId || b == unitId) {
                offers.push_back({.type = "melee",
                                  .label = "Fight the melee",
                                  .unit = unitId,
                                  .role = OrderRole::Melee,
                                  .input = OrderInput::Target,
                                  .targets = {a == unitId ? b : a}});
            }
        }
        return offers;
    }
    if (unit->side != sideToPlay(battle)) {
        return offers;
    }
    if (phase == "light-moves") {
        if (whyNoMoveAfterFire(m_data, battle, *unit).empty()) {
            offers.push_back(
                {.type = "move", .label = "Half move after firing", .unit = unitId, .role = OrderRole::Move, .input = OrderInput::Path});
        }
        return offers;
    }
    if (phase == "deployment") {
        if (unit->counters.count("redeployed") == 0) {
            offers.push_back(
                {.type = "move", .label = "Move before the battle", .unit = unitId, .role = OrderRole::Move, .input = OrderInput::Path});
        }
        return offers;
    }
    if (phase == "movement" && whyNoMove(m_data, battle, *unit).empty()) {
        if (unit->arm == Arm::Leader) {
            offers.push_back({.type = "move", .label = "Move", .unit = unitId, .role = OrderRole::Move, .input = OrderInput::Path});
            std::vector<std::string> friends;
            for (const Unit& other : battle.units) {
                if (other.side == unit->side && isFighting(other) &&
                    measure::atMost(gapCm(battle, *unit, other), allowanceCm(m_data, *unit))) {
                    friends.push_back(other.id);
                }
            }
            if (!friends.empty()) {
                offers.push_back({.type = "attach",
                                  .label = "Join a unit",
                                  .unit = unitId,
                                  .role = OrderRole::Attach,
                                  .input = OrderInput::Target,
                                  .targets = friends});
            }
            return offers;
        }
        if (!(unit->arm == Arm::Guns && unit->formation == "unlimbered")) {
            offers.push_back({.type = "move", .label = "Move", .unit = unitId, .role = OrderRole::Move, .input = OrderInput::Path});
        }
        std::vector<std::string> chargeable;
        for (const Unit& target : battle.units) {
            if (target.side != unit->side && isFighting(target) && planCharge(m_data, m_options, battle, *unit, target).refusal.empty()) {
                chargeable.push_back(target.id);
            }
        }
        if (!chargeable.empty()) {
            offers.push_back({.type = "charge",
                              .label = "Charge",
                              .unit = unitId,
                              .role = OrderRole::Charge,
                              .input = OrderInput::Target,
                              .targets = chargeable});
        }
        for (const std::string& formation : formationsFor(m_data, *unit)) {
            if (formation == unit->formation) {
                continue;
            }
            const bool wholeTurn = formationTakesTurn(m_data, m_options, *unit, formation);
            if (!wholeTurn && unit->counters.count("re-formed") != 0) {
                continue;
            }
            const std::string cost = wholeTurn ? " (the turn)" : " (then move)";
            offers.push_back(
                {.type = "formation",
                 .label = unit->arm == Arm::Guns ? (formation == "limbered" ? "Limber" : "Unlimber") + cost : "Form " + formation + cost,
                 .unit = unitId,
                 .role = OrderRole::Formation,
                 .choice = formation});
        }
    } else if (phase == "fire" && isFighting(*unit)) {
        std::vector<std::string> targets;
        for (const Unit& target : battle.units) {
            if (target.side != unit->side && isFighting(target) && planFire(m_data, m_options, battle, *unit, target).refusal.empty()) {
                targets.push_back(target.id);
            }
        }
        if (!targets.empty()) {
            offers.push_back({.type = "fire",
                              .label = "Fire",
                              .unit = unitId,
                              .role = OrderRole::Fire,
                              .input = OrderInput::Target,
                              .targets = targets});
        }
    }
    return offers;
}

std::string EinsamenhugelRuleset::sequenceRefusal(const Battle& battle, const Action& action) const {
    const std::string phase = battle.phase;
    if (phase == "over") {
        return "the battle is over";
    }
    if (action.type == "pass") {
        return phase == "deployment" || phase == "movement" || phase == "fire" || phase == "light-moves"
                   ? std::string()
                   : "there is nothing to pass in the " + phase + " phase";
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
        return action.type == "move" ? whyNoMoveAfterFire(m_data, battle, *unit)
                                     : "after the fire only light troops that fired may move, a half move";
    }
    if (isUnitAction(action.type)) {
        if (phase != "movement") {
            return "units move in the movement phase (now: " + phase + ")";
        }
        return whyNoMove(m_data, battle, *unit);
    }
    if (action.type == "fire") {
        return phase == "fire" ? std::string() : "fire is ordered in the fire phase (now: " + phase + ")";
    }
    return {};
}

Preview EinsamenhugelRuleset::preview(const Battle& battle, const Action& action) const {
    // What the rules say of the action, wherever the sequence of play stands: whose turn
    // and phase it is are the game's question (Game::preview adds it), so that a ruling can
    // be asked of any unit at any time.
    Preview preview;
    if (action.type == "pass") {
        preview.facts.push_back({"Effect", battle.phase == "movement"
                                               ? "the side moves no more units this turn"
                                               : "the side's fire orders are complete; when both sides have passed, all fire is thrown"});
        return preview;
    }
    const Unit* unit = battle.findUnit(action.unit);
    if (unit == nullptr) {
        preview.refusal = action.unit.empty() ? "the action names no unit" : "there is no unit \"" + action.unit + "\"";
        return preview;
    }
    const Unit* target = action.target.empty() ? nullptr : battle.findUnit(action.target);
    if (!action.target.empty() && target == nullptr) {
        preview.refusal = "there is no unit \"" + action.target + "\"";
        return preview;
    }
    auto refuse = [&](const std::string& why) {
        if (preview.refusal.empty()) {
            preview.refusal = why;
        }
    };
    if (action.type == "move" && battle.phase == "deployment") {
        preview.facts.push_back(
            {"Before the battle", "anywhere in the side's own half, up to " + m_options.at("pre-battle-moves") + " units"});
        addRuling(m_data, preview, "ein-pre-battle");
        return preview;
    }
    if (action.type == "move") {
        const MovePlan plan = planMove(m_data, m_options, battle, *unit, action.path, action.facing);
        refuse(plan.refusal);
        preview.allowance = plan.allowance;
        preview.pathCost = plan.path.cost + plan.wheel.cost;
        preview.modifiers = plan.checks;
        preview.facts.push_back({"Move", cm(plan.allowance)});
        preview.facts.push_back({"Path", cm(plan.path.length) + " long, costs " + cm(plan.path.cost + plan.wheel.cost)});
        if (plan.variation) {
            const Chart& chart = m_data.chart("variation");
            preview.odds.push_back(
                Odds{chart.name, {{"-25%", Probability(1, 6)}, {"no change", Probability(4, 6)}, {"+25%", Probability(1, 6)}}, {}});
            addRuling(m_data, preview, "ein-variation");
        }
        addRuling(m_data, preview, "ein-terrain");
    } else if (action.type == "charge") {
        if (target == nullptr) {
            refuse("a charge needs a target");
            return preview;
        }
        const ChargePlan plan = planCharge(m_data, m_options, battle, *unit, *target);
        refuse(plan.refusal);
        preview.allowance = plan.allowance;
        preview.pathCost = plan.distance;
        preview.facts.push_back({"Contact", toString(plan.face) + " of " + target->name});
        preview.facts.push_back({"Distance", cm(plan.distance) + " of " + cm(plan.allowance)});
        if (plan.refusal.empty() && measure::atLeast(plan.distance, 0.75 * plan.allowance)) {
            const Probability reach = measure::atMost(plan.distance, 0.75 * plan.allowance) ? Probability(1) : Probability(5, 6);
            preview.odds.push_back(Odds{"The charge reaches " + target->name, {{"contact", reach}, {"falls short", 1 - reach}}, {}});
            addRuling(m_data, preview, "ein-variation");
        }
        addRuling(m_data, preview, "ein-charge-contact");
    } else if (action.type == "fire") {
        if (target == nullptr) {
            refuse("fire needs a target");
            return preview;
        }
        const FirePlan plan = planFire(m_data, m_options, battle, *unit, *target);
        refuse(plan.refusal);
        if (!plan.refusal.empty()) {
            return preview;
        }
        preview.modifiers = plan.modifiers;
        preview.facts.push_back({"Fire", plan.kind + " at " + cm(plan.range)});
        preview.facts.push_back(
            {"Dice", std::to_string(plan.dice) +
                         (plan.kind == "musketry" ? ", each hitting on " : " (halved for potential hits, each hitting on ") +
                         std::to_string(plan.hitScore) + "-6" + (plan.kind == "musketry" ? "" : ")")});
        if (plan.saveScore > 0) {
            preview.facts.push_back({"Saving throw", plan.saveLabel + ": " + std::to_string(plan.saveScore) + "-6 cancels a hit"});
        }
        preview.odds.push_back(oddsOf("Hits on " + target->name + " after saves", hitsDistribution(plan)));
        if (plan.kind != "musketry") {
            addRuling(m_data, preview, "ein-artillery-half");
        } else {
            addRuling(m_data, preview, "ein-single-line");
        }
        if (plan.returnFire) {
            addRuling(m_data, preview, "ein-return-fire");
        }
    } else if (action.type == "melee") {
        const auto pair = target != nullptr ? pendingBetween(battle, unit->id, target->id) : std::nullopt;
        if (!pair) {
            refuse(unit->name + " has no melee to fight with " + (target != nullptr ? target->name : "that unit"));
            return preview;
        }
        const Unit& charger = *battle.findUnit(pair->first);
        const Unit& charged = *battle.findUnit(pair->second);
        for (const auto& [who, enemy, defending] : {std::tuple{&charger, &charged, false}, std::tuple{&charged, &charger, true}}) {
            const MeleeDice dice = meleeDice(m_data, m_options, battle, *who, *enemy, defending);
            preview.facts.push_back({who->name, dice.inflictsNothing
                                                    ? "inflicts no casualties"
                                                    : diceText(dice.dice) + " dice (" + dice.cell + " per 25%, " + percent(dice.quarters) +
                                                          "), hits on " + std::to_string(dice.hitScore) + "-6"});
            for (ModifierCheck extra : dice.extras) {
                extra.name = who->name + ": " + extra.name;
                preview.modifiers.push_back(extra);
            }
            preview.odds.push_back(oddsOf(who->name + " inflicts (after saves)", meleeHits(dice)));
        }
    } else if (action.type == "formation") {
        preview.facts.push_back({"Effect", formationTakesTurn(m_data, m_options, *unit, action.choice)
                                               ? "the change takes the unit's whole turn"
                                               : "the change is part of the move: the unit may still move this turn"});
        addRuling(m_data, preview, "ein-formation-turn");
    } else if (action.type == "attach") {
        preview.facts.push_back({"Effect", "the general joins the unit: +1 to its morale throws; he is lost if it is eliminated"});
    } else {
        refuse("these rules have no action \"" + action.type + "\"");
    }
    if (unit->arm != Arm::Leader && isFighting(*unit) && (action.type == "move" || action.type == "charge")) {
        const MoraleCheck morale = moraleCheck(m_data, battle, *unit, {});
        preview.odds.push_back(
            Odds{"Morale test passes (if one is needed)", {{"passes", passChance(morale)}, {"fails", 1 - passChance(morale)}}, {}});
    }
    return preview;
}

Resolution EinsamenhugelRuleset::resolve(const Battle& battle, const Action& action, DiceStream& dice) const {
    Step step(m_data, m_options, battle, &dice);
    if (action.type == "pass") {
        if (battle.phase != "deployment" && battle.phase != "movement" && battle.phase != "fire" && battle.phase != "light-moves") {
            step.refuse("there is nothing to pass in the " + battle.phase + " phase");
            return step.finish();
        }
        pass(step);
        return step.finish();
    }
    const Unit* unit = battle.findUnit(action.unit);
    if (unit == nullptr) {
        step.refuse(action.unit.empty() ? "the action names no unit" : "there is no unit \"" + action.unit + "\"");
        return step.finish();
    }
    if (unit->eliminated()) {
        step.refuse(unit->name + " has been eliminated");
        return step.finish();
    }
    if (action.type == "move" && battle.phase == "deployment") {
        resolveRedeploy(step, action);
        return step.finish();
    }
    if (action.type == "move") {
        resolveMove(step, action);
    } else if (action.type == "formation") {
        resolveFormation(step, action);
    } else if (action.type == "charge") {
        resolveCharge(step, action);
    } else if (action.type == "attach") {
        resolveAttach(step, action);
    } else if (action.type == "fire") {
        orderFire(step, action.unit, action.target);
    } else if (action.type == "melee") {
        const auto pair = pendingBetween(battle, action.unit, action.target);
        if (!pair) {
            step.refuse(unit->name + " has no melee to fight with \"" + action.target + "\" this turn");
            return step.finish();
        }
        fightMelee(step, pair->first, pair->second);
        if (!step.refused()) {
            afterMelee(step);
        }
        return step.finish();
    } else {
        step.refuse("these rules have no action \"" + action.type + "\"");
    }
    // A change of formation that is part of the move leaves the unit still to move: the
    // turn stays with its side.
    const bool stillToMove = action.type == "formation" && !step.refused() && step.battle.findUnit(action.unit) != nullptr &&
                             step.battle.findUnit(action.unit)->counters.count("acted") == 0;
    if (!step.refused() && isUnitAction(action.type) && !stillToMove) {
        afterUnitMove(step);
    }
    return step.finish();
}

Resolution EinsamenhugelRuleset::answer(const Battle& battle, const Prompt& prompt, const Action& answer, DiceStream& dice) const {
    (void)battle;
    (void)dice;
    Resolution refused;
    refused.refusal = "these rules ask no questions mid-action (\"" + prompt.question + "\" / \"" + answer.choice + "\")";
    return refused;
}

GameStatus EinsamenhugelRuleset::status(const Battle& battle) const { return gameStatus(m_data, m_options, battle); }

std::string EinsamenhugelRuleset::unitState(const Battle& battle, const std::string& unitId) const {
    const Unit* unit = battle.findUnit(unitId);
    if (unit == nullptr) {
        return {};
    }
    if (unit->eliminated()) {
        return "eliminated";
    }
    std::vector<std::string> parts;
    if (unit->arm == Arm::Leader) {
        const std::string with = generalsUnit(battle, unitId);
        const Unit* withUnit = with.empty() ? nullptr : battle.findUnit(with);
        parts.push_back(withUnit != nullptr ? "with " + withUnit->name : "not with a unit");
    } else {
        const int left = quarters(*unit);
        parts.push_back(percent(left) + " effective" +
                        (left < 4 ? " (" + std::to_string(4 - left) + " hit" + (left == 3 ? "" : "s") + ")" : ""));
        const TroopClass& troops = classOf(m_data, *unit);
        parts.push_back(troops.name + (inFiringOrder(m_data, *unit) ? ", in firing order" : ", " + unit->formation));
        parts.push_back("moves " + cm(allowanceCm(m_data, *unit)));
        if (const Unit* general = attachedGeneral(battle, unitId)) {
            parts.push_back(general->name + " is with it");
        }
    }
    if (unit->counters.count("acted") != 0) {
        parts.push_back("has had its move this turn");
    }
    for (const auto& [a, b] : pendingMelees(battle)) {
        if (a == unitId || b == unitId) {
            parts.push_back("in melee with " + battle.findUnit(a == unitId ? b : a)->name);
        }
    }
    std::string text;
    for (const std::string& part : parts) {
        text += (text.empty() ? "" : "; ") + part;
    }
    return text;
}

std::vector<UnitFigure> EinsamenhugelRuleset::unitFigures(const Battle& battle, const std::string& unitId) const {
    const Unit* unit = battle.findUnit(unitId);
    if (unit == nullptr) {
        return {};
    }
    if (std::optional<UnitFigure> officer = officerFigure(*unit)) {
        return {*officer};
    }
    return {};
}

UnitOverlay EinsamenhugelRuleset::overlay(const Battle& battle, const std::string& unitId) const {
    const Unit* unit = battle.findUnit(unitId);
    return unit == nullptr || unit->eliminated() ? UnitOverlay{} : overlayOf(m_data, battle, *unit);
}

double EinsamenhugelRuleset::standOffRange(const Battle& battle, const std::string& unitId) const {
    const Unit* unit = battle.findUnit(unitId);
    if (unit == nullptr || !isFighting(*unit)) {
        return 0;
    }
    // Guns and foot shoot from where they stand; horse, carbines or not, close and charge.
    const TroopClass& troops = classOf(m_data, *unit);
    if (troops.gun) {
        return battle.table.fromUnits(m_data.ranges("artillery").maximumRange());
    }
    if (unit->arm == Arm::Foot && !troops.firearm.empty()) {
        return battle.table.fromUnits(m_data.ranges(troops.firearm).maximumRange());
    }
    return 0;
}

} // namespace sandtable::ein

namespace sandtable {

RegisteredRuleset sandtable_register_einsamenhugel() {
    return kit::registration<ein::EinsamenhugelRuleset>("einsamenhugel", ein::builtInData, ein::parseData);
}

} // namespace sandtable
