#include "oibl_melee.h"

#include "oibl_casualties.h"
#include "oibl_fire.h"
#include "oibl_morale.h"
#include "oibl_movement.h"
#include "sandtable/battle_geometry.h"
#include "sandtable/kit/modifier_check.h"
#include "sandtable/kit/preview.h"

#include <algorithm>
#include <array>
#include <cmath>

namespace sandtable::oibl {

namespace {

/// Base to base: front to front, or a front against a flank, not corner to corner. Each
/// stand is taken a millimetre narrower and a millimetre and a half deeper each way, so
/// facing edges overlap and neighbours that only share a corner do not.
bool standsTouch(const Element& a, const Element& b) {
    const auto first = rectangleCorners(a.centre, a.width - 2, a.depth + 3, a.facing);
    const auto second = rectangleCorners(b.centre, b.width - 2, b.depth + 3, b.facing);
    return convexOutlinesMeet(first, second);
}

bool touchesAny(const Element& stand, const Battle& battle, const std::vector<std::string>& enemies) {
    for (const std::string& id : enemies) {
        const Unit* enemy = battle.findUnit(id);
        if (enemy == nullptr) {
            continue;
        }
        for (const Element& theirs : enemy->elements) {
            if (standsTouch(stand, theirs)) {
                return true;
            }
        }
    }
    return false;
}

/// The figures a unit fights with in a round (MELEE COMBAT 6 and 8; RULINGS.md, oibl-melee).
int fightingFigures(const Data& data, const Battle& battle, const Unit& unit, const std::vector<std::string>& enemies, int round,
                    std::string& note) {
    const bool indian = isIndian(unit);
    const bool skirmish = skirmishing(unit) && !indian;
    if (round == 2 && !skirmish) {
        note =
            unit.name + ": every surviving figure, " + std::to_string(figuresLeft(unit)) + (indian ? " (Indians: the whole warband)" : "");
        return figuresLeft(unit);
    }
    // Stands touching an enemy, and the stands beside them in the same rank.
    std::vector<const Element*> touching;
    for (const Element& stand : unit.elements) {
        if (touchesAny(stand, battle, enemies)) {
            touching.push_back(&stand);
        }
    }
    int figures = 0;
    for (const Element* stand : touching) {
        figures += standingFigures(*stand);
    }
    if (touching.empty()) {
        note = unit.name + ": no stand in contact";
        return 0;
    }
    const int rank = placeOf(unit, *touching.front()).rank;
    std::vector<const Element*> row;
    for (const Element& stand : unit.elements) {
        if (placeOf(unit, stand).rank == rank) {
            row.push_back(&stand);
        }
    }
    std::sort(row.begin(), row.end(),
              [&](const Element* a, const Element* b) { return placeOf(unit, *a).across < placeOf(unit, *b).across; });
    std::size_t lowest = row.size();
    std::size_t highest = 0;
    for (std::size_t i = 0; i < row.size(); ++i) {
        if (std::find(touching.begin(), touching.end(), row[i]) != touching.end()) {
            lowest = std::min(lowest, i);
            highest = std::max(highest, i);
        }
    }
    const bool poor = data.qualityRank(unit.quality) > data.qualityRank("regular");
    int overlap = 0;
    std::string why;
    if (round == 1 && poor) {
        why = "Poor and Wretched units get no overlap in the 1st round";
    } else if (round == 1 && skirmish) {
        why = "skirmishers get no overlap in the 1st round";
    } else if (indian && round == 1) {
        // "Indians count an additional Two (2) figures overlap on each flank."
        for (int side : {-1, 1}) {
            int left = 2;
            for (std::ptrdiff_t i = side < 0 ? static_cast<std::ptrdiff_t>(lowest) - 1 : static_cast<std::ptrdiff_t>(highest) + 1;
                 left > 0 && i >= 0 && i < static_cast<std::ptrdiff_t>(row.size()); i += side) {
                const int add = std::min(left, standingFigures(*row[static_cast<std::size_t>(i)]));
                overlap += add;
                left -= add;
            }
        }
        why = "Indians: two figures of overlap on each flank";
    } else {
        if (lowest > 0 && lowest < row.size()) {
            overlap += standingFigures(*row[lowest - 1]);
        }
        if (highest + 1 < row.size()) {
            overlap += standingFigures(*row[highest + 1]);
        }
        why = "one stand of overlap on each flank";
    }
    note = unit.name + ": " + std::to_string(figures) + " figures on " + std::to_string(touching.size()) + " stand(s) in contact, " +
           std::to_string(overlap) + " overlapping (" + why + ")";
    return figures + overlap;
}

/// The enemy unit a roll's casualties fall on: the first of them a unit touches.
std::string firstTouched(const Battle& battle, const Unit& unit, const std::vector<std::string>& enemies) {
    for (const std::string& id : enemies) {
        const Unit* enemy = battle.findUnit(id);
        if (enemy != nullptr && !enemy->eliminated() && inContact(unit, *enemy)) {
            return id;
        }
    }
    for (const std::string& id : enemies) {
        const Unit* enemy = battle.findUnit(id);
        if (enemy != nullptr && !enemy->eliminated()) {
            return id;
        }
    }
    return {};
}

void add(MeleeRoll& roll, const ModifierList& list, const std::string& id, int times, std::string reason) {
    roll.checks.push_back(kit::modifierCheck(list, id, times, std::move(reason)));
    if (times > 0) {
        roll.times[id] = times;
    }
}

void weigh(const Data& data, const Battle& battle, MeleeRoll& roll, const Unit& lead, const Unit& opponent, bool attacking) {
    const ModifierList& list = data.modifiers("melee");
    const int levels = qualityRank(data, battle, opponent, true) - qualityRank(data, battle, lead, true);
    add(roll, list, "higher-quality", std::max(0, levels),
        levels > 0 ? std::to_string(levels) + " quality step(s) above " + opponent.name : "no higher quality than " + opponent.name);
    add(roll, list, "opponent-panic", hasPanicMarker(opponent) ? 1 : 0,
        hasPanicMarker(opponent) ? opponent.name + " has a Panic Marker" : opponent.name + " has none");
    const Face theirFace = attackedFace(opponent, lead);
    const bool onTheirFlank = attacking && theirFace != Face::Front && !skirmishing(opponent);
    add(roll, list, "attacking-flank-or-rear", onTheirFlank ? 1 : 0,
        onTheirFlank ? "at " + possessive(opponent.name) + " " + toString(theirFace) : "not at a flank or rear");
    const bool bayonets = hasBayonets(data, lead) && !hasBayonets(data, opponent);
    add(roll, list, "bayonets", bayonets ? 1 : 0,
        bayonets ? (isIndian(lead) ? "hatchets" : "bayonets") + std::string(" against none") : "no edge in steel");
    const CoverCheck cover = attacking ? CoverCheck{} : coverOf(battle, lead, &opponent);
    add(roll, list, "defending-light-cover", cover.cover == Cover::Light ? 1 : 0,
        cover.cover == Cover::Light ? cover.reason : "not defending light cover");
    add(roll, list, "defending-heavy-cover", cover.cover == Cover::Heavy ? 1 : 0,
        cover.cover == Cover::Heavy ? cover.reason : "not defending heavy cover");
    const bool cavalry = mounted(lead) && !mounted(opponent);
    add(roll, list, "cavalry", cavalry ? 1 : 0, cavalry ? "cavalry against " + opponent.name : "not cavalry against non-cavalry");
    const Face ownFace = attackedFace(lead, opponent);
    const bool attackedOnFlank = !attacking && ownFace != Face::Front && !skirmishing(lead);
    add(roll, list, "attacked-in-flank-or-rear", attackedOnFlank ? 1 : 0,
        attackedOnFlank     ? "attacked in its " + toString(ownFace)
        : skirmishing(lead) ? "skirmishers have no flanks or rear"
                            : "attacked in front");
    add(roll, list, "routing", routing(lead) ? 1 : 0, routing(lead) ? lead.name + " is routing" : "not routing");
    const ModifierApplication applied = list.apply(Fraction(0), roll.times);
    roll.modifier = static_cast<int>(boost::rational_cast<std::int64_t>(applied.exact));
}

std::vector<std::string> standingUnits(const Battle& battle, const std::vector<std::string>& ids) {
    std::vector<std::string> left;
    for (const std::string& id : ids) {
        const Unit* unit = battle.findUnit(id);
        if (unit != nullptr && !unit->eliminated()) {
            left.push_back(id);
        }
    }
    return left;
}

Distribution rollDistribution(const Data& data, const RulesetOptions& options, const MeleeRoll& roll) {
    ShotPlan asShot;
    asShot.figures = roll.figures;
    asShot.modifier = roll.modifier;
    return casualtiesOf(data, options, asShot);
}

} // namespace

std::vector<MeleeRoll> meleeRolls(const Data& data, const Battle& battle, const std::vector<std::string>& side,
                                  const std::vector<std::string>& enemies, bool attacking, int round) {
    std::vector<MeleeRoll> rolls;
    std::vector<std::string> qualities;
    for (const std::string& id : side) {
        const Unit* unit = battle.findUnit(id);
        if (unit != nullptr && !unit->eliminated() && std::find(qualities.begin(), qualities.end(), unit->quality) == qualities.end()) {
            qualities.push_back(unit->quality);
        }
    }
    for (const std::string& quality : qualities) {
        MeleeRoll roll;
        for (const std::string& id : side) {
            const Unit* unit = battle.findUnit(id);
            if (unit == nullptr || unit->eliminated() || unit->quality != quality) {
                continue;
            }
            std::string note;
            roll.figures += fightingFigures(data, battle, *unit, enemies, round, note);
            roll.figureNotes.push_back(note);
            roll.units.push_back(id);
        }
        const Unit& lead = *battle.findUnit(roll.units.front());
        roll.opponent = firstTouched(battle, lead, enemies);
        const Unit* opponent = battle.findUnit(roll.opponent);
        if (opponent == nullptr) {
            continue;
        }
        weigh(data, battle, roll, lead, *opponent, attacking);
        rolls.push_back(roll);
    }
    return rolls;
}

bool cavalryAgainstInfantry(const Battle& battle, const std::vector<std::string>& attackers, const std::vector<std::string>& defenders) {
    const auto all = [&](const std::vector<std::string>& ids, auto test) {
        return std::all_of(ids.begin(), ids.end(), [&](const std::string& id) {
            const Unit* unit = battle.findUnit(id);
            return unit != nullptr && test(*unit);
        });
    };
    const auto horse = [](const Unit& unit) { return mounted(unit); };
    const auto foot = [](const Unit& unit) { return unit.arm == Arm::Foot; };
    return (all(attackers, horse) && all(defenders, foot)) || (all(attackers, foot) && all(defenders, horse));
}

namespace {

/// Rolls a side's rolls for the round; returns the casualties each enemy unit is to take.
std::map<std::string, int> rollRound(Step& step, const std::vector<MeleeRoll>& rolls, int round) {
    std::map<std::string, int> inflicted;
    for (const MeleeRoll& roll : rolls) {
        std::string names;
        for (const std::string& id : roll.units) {
            names += (names.empty() ? "" : " and ") + step.unit(id).name;
        }
        for (const std::string& note : roll.figureNotes) {
            step.outcome(note, cite(round == 1 ? "1ST MELEE ROUND" : "2ND MELEE ROUND"));
        }
        for (const ModifierCheck& check : roll.checks) {
            kit::traceCheck(step.out.trace, check);
        }
        inflicted[roll.opponent] += rollCombatTable(step, roll.figures, roll.modifier, names + ": melee, round " + std::to_string(round));
    }
    return inflicted;
}

int applyRound(Step& step, const std::map<std::string, int>& inflicted, std::map<std::string, int>& taken) {
    int total = 0;
    for (const auto& [id, casualties] : inflicted) {
        const Unit* unit = step.battle.findUnit(id);
        if (unit == nullptr || unit->eliminated() || casualties <= 0) {
            continue;
        }
        const int lost = takeCasualties(step, id, casualties, "melee");
        taken[id] += lost;
        total += lost;
        const Unit& after = step.unit(id);
        if (lost > 0 && !after.eliminated() && !hasPanicMarker(after)) {
            // The marker of casualties; its test is the melee's own (RULINGS.md, oibl-melee-winner).
            step.emit(event::MarkerChanged{id, "panic", true});
        }
    }
    return total;
}

void testAfterMelee(Step& step, const std::string& id) {
    const Unit* unit = step.battle.findUnit(id);
    if (unit == nullptr || unit->eliminated() || routing(*unit)) {
        return;
    }
    applyMoraleResult(step, id, testMorale(step, id, MoraleSituation{true, {}}, "after the melee"));
}

std::string namesOf(const Step& step, const std::vector<std::string>& ids) {
    std::string names;
    for (const std::string& id : ids) {
        const Unit* unit = step.battle.findUnit(id);
        names += (names.empty() ? "" : ", ") + (unit != nullptr ? unit->name : id);
    }
    return names;
}

} // namespace

void fightMelee(Step& step, std::vector<std::string> attackers, std::vector<std::string> defenders) {
    attackers = standingUnits(step.battle, attackers);
    defenders = standingUnits(step.battle, defenders);
    if (attackers.empty() || defenders.empty()) {
        return;
    }
    step.ruling("oibl-melee");
    step.outcome("Melee: " + namesOf(step, attackers) + " against " + namesOf(step, defenders), cite("MELEE COMBAT"));
    const bool oneRound = cavalryAgainstInfantry(step.battle, attackers, defenders);
    std::map<std::string, int> taken;
    int attackersLost = 0;
    int defendersLost = 0;
    for (int round = 1; round <= (oneRound ? 1 : 2); ++round) {
        attackers = standingUnits(step.battle, attackers);
        defenders = standingUnits(step.battle, defenders);
        if (attackers.empty() || defenders.empty()) {
            break;
        }
        // Both sides roll before either takes its casualties.
        const auto attacking = meleeRolls(step.data, step.battle, attackers, defenders, true, round);
        const auto defending = meleeRolls(step.data, step.battle, defenders, attackers, false, round);
        const auto onDefenders = rollRound(step, attacking, round);
        const auto onAttackers = rollRound(step, defending, round);
        defendersLost += applyRound(step, onDefenders, taken);
        attackersLost += applyRound(step, onAttackers, taken);
        if (round == 1 && oneRound) {
            step.outcome("Cavalry against infantry: the melee ends after the 1st round", cite("1ST MELEE ROUND"));
        }
    }
    step.ruling("oibl-melee-winner");
    step.outcome("Casualties: attackers " + std::to_string(attackersLost) + ", defenders " + std::to_string(defendersLost),
                 cite("DETERMINATION OF WINNER OF MELEE"));
    const auto survivors = [&](const std::vector<std::string>& ids) { return standingUnits(step.battle, ids); };
    if (attackersLost > defendersLost) {
        for (const std::string& id : survivors(attackers)) {
            rout(step, id);
        }
        for (const std::string& id : survivors(defenders)) {
            if (taken[id] > 0) {
                testAfterMelee(step, id);
            }
        }
    } else if (defendersLost > attackersLost) {
        for (const std::string& id : survivors(defenders)) {
            rout(step, id);
        }
        for (const std::string& id : survivors(attackers)) {
            if (taken[id] > 0) {
                testAfterMelee(step, id);
            }
        }
    } else {
        for (const std::string& id : survivors(attackers)) {
            testAfterMelee(step, id);
        }
        for (const std::string& id : survivors(defenders)) {
            testAfterMelee(step, id);
        }
    }
    const auto stillStanding = [&](const std::vector<std::string>& ids) {
        std::vector<std::string> left;
        for (const std::string& id : survivors(ids)) {
            if (!routing(step.unit(id))) {
                left.push_back(id);
            }
        }
        return left;
    };
    const auto defendersStanding = stillStanding(defenders);
    for (const std::string& id : survivors(attackers)) {
        clearCounter(step, step.unit(id), "in-melee");
    }
    if (defendersStanding.empty()) {
        step.outcome("The attackers win: every defender has routed or fallen", cite("DETERMINATION OF WINNER OF MELEE"));
        return;
    }
    // "The Attacker must Retreat a full Column Move ... facing the Defenders" and reform.
    for (const std::string& id : stillStanding(attackers)) {
        const Unit& attacker = step.unit(id);
        // Straight back, keeping its facing toward the defenders it charged.
        const double facing = commandStand(attacker).facing;
        step.ruling("oibl-retreat-move");
        const std::string name = attacker.name;
        const double distance = rollRate(step, name, mounted(attacker) ? "cavalry-retreat" : "column", "retreat, a full column move");
        const double went = moveStraight(step, id, normaliseDegrees(facing + 180), distance, facing);
        if (step.unit(id).eliminated()) {
            continue;
        }
        step.emit(event::MarkerChanged{id, "reforming", true});
        setCounter(step, id, "reforming-through", step.battle.turn + 1);
        step.outcome(name + " has not routed every defender: it retreats " + inches(went) + ", facing them, and must reform",
                     cite("DETERMINATION OF WINNER OF MELEE"));
    }
}

void fightPendingMelees(Step& step) {
    const nlohmann::json melees = step.battle.session.value("melees", nlohmann::json::array());
    step.emit(event::SessionSet{"melees", nlohmann::json::array()});
    for (const auto& melee : melees) {
        fightMelee(step, melee.at("attackers").get<std::vector<std::string>>(), melee.at("defenders").get<std::vector<std::string>>());
    }
}

void previewMelee(const Data& data, const RulesetOptions& options, const Battle& battle, const Unit& attacker, const Unit* defender,
                  Preview& preview) {
    if (defender == nullptr) {
        preview.refusal = "choose the unit it fights";
        return;
    }
    if (defender->side == attacker.side || !fighting(*defender) || !fighting(attacker)) {
        preview.refusal = "a melee is between fighting units of two sides";
        return;
    }
    kit::showRuling(preview, data, "oibl-melee");
    kit::showRuling(preview, data, "oibl-melee-winner");
    const std::vector<std::string> attackers{attacker.id};
    const std::vector<std::string> defenders{defender->id};
    if (!inContact(attacker, *defender)) {
        preview.facts.push_back({"Contact", attacker.name + " and " + defender->name + " are not in contact: only stands touching fight"});
    }
    const bool oneRound = cavalryAgainstInfantry(battle, attackers, defenders);
    preview.facts.push_back({"Rounds", oneRound ? "one: cavalry against infantry" : "two"});
    for (const auto& [side, enemies, attacking] :
         std::array{std::tuple{attackers, defenders, true}, std::tuple{defenders, attackers, false}}) {
        for (const MeleeRoll& roll : meleeRolls(data, battle, side, enemies, attacking, 1)) {
            const Unit* lead = battle.findUnit(roll.units.front());
            for (const std::string& note : roll.figureNotes) {
                preview.facts.push_back({"Round 1", note});
            }
            for (ModifierCheck check : roll.checks) {
                check.name = lead->name + ": " + check.name;
                preview.modifiers.push_back(check);
            }
            if (roll.figures > 30) {
                kit::showRuling(preview, data, "oibl-excess-figures");
            }
            preview.odds.push_back(kit::oddsOf("Round 1: casualties " + lead->name + " inflicts (" + std::to_string(roll.figures) +
                                                   " figures, d10 " + (roll.modifier >= 0 ? "+" : "") + std::to_string(roll.modifier) + ")",
                                               rollDistribution(data, options, roll)));
        }
    }
}

} // namespace sandtable::oibl
