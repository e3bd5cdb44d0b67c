#include "lshm_combat.h"

#include "lshm_fire.h"
#include "lshm_movement.h"
#include "sandtable/battle_geometry.h"
#include "sandtable/kit/modifier_check.h"
#include "sandtable/kit/preview.h"
#include "sandtable/measure.h"

#include <algorithm>
#include <boost/geometry.hpp>
#include <cmath>

namespace sandtable::lshm {

namespace bg = boost::geometry;

namespace {

int addOf(const Modifier& modifier) { return static_cast<int>(modifier.amount.numerator() / modifier.amount.denominator()); }

const Citation kCompletion = cite("A. Completion of Charge Moves:");
const Citation kResolution = cite("B. Close Combat Resolution:");
const Citation kChart = cite("CLOSE INTO CLOSE COMBAT CHART (Roll one D10)");

int closeInNumber(const Data& data, const Battle& battle, const Unit& unit, bool closing, const Unit* against, std::string* why) {
    const CloseInRow& row = data.closeIn(typeOf(data, unit).closeInRow);
    const bool leader = hasLeader(battle, unit);
    int number =
        closing ? (leader ? row.closeInWithLeader : row.closeInWithoutLeader) : (leader ? row.standWithLeader : row.standWithoutLeader);
    std::string words = row.printed + (closing ? ", Close into Combat/Counter charge" : ", Stand and Fight") +
                        (leader ? ", with leader" : ", without leader") + ": 1-" + std::to_string(number);
    if (closing && unit.arm == Arm::Horse && against != nullptr && against->formation == "square") {
        number -= data.squarePenalty;
        words += ", -" + std::to_string(data.squarePenalty) + " attacking a square: 1-" + std::to_string(std::max(0, number));
    }
    if (why != nullptr) {
        *why = words;
    }
    return number;
}

void carryTo(Step& step, const Unit& unit, const Point& to) {
    const Point centre = unit.centre();
    std::vector<event::Placement> placements;
    for (const Element& e : unit.elements) {
        placements.push_back({Point(e.centre.x() + to.x() - centre.x(), e.centre.y() + to.y() - centre.y()), e.facing});
    }
    step.emit(event::Moved{unit.id, placements});
}

/// The shaken move 4d6" to the rear, directly away from `from` (B. 4).
void shakenBack(Step& step, const Unit& unit, const Point& from, const std::string& why) {
    step.ruling("lshm-shaken");
    setMarker(step, unit, "shaken", true);
    const double back = static_cast<double>(step.roll("4d6", possessive(unit.name) + " shaken move to the rear", kResolution));
    const bool left =
        moveStraight(step, unit, from, back, why + ": " + unit.name + " is shaken and falls back " + inches(back), kResolution);
    if (left) {
        step.outcome(unit.name + " is driven to the table's edge", kResolution);
    }
}

struct Duelist {
    std::string unit;
    std::string figure;
    bool charging = false;
    bool defending = false;
    bool fromRear = false;
    bool out = false; // ran, wounded, killed or captured in this combat
};

std::string figureWords(const Battle& battle, const Duelist& d) {
    const Unit* unit = battle.findUnit(d.unit);
    const Element* figure = unit == nullptr ? nullptr : unit->findElement(d.figure);
    std::string role = figure == nullptr || figure->role.empty() ? "private" : figure->role;
    return (unit == nullptr ? d.unit : unit->name) + " " + role + " " + d.figure;
}

/// One fight between two figures: d10 each with modifiers, ties rolled again; the loser's own
/// die decides its fate (B. 3). Returns whether `a` won.
bool duel(Step& step, Duelist& a, Duelist& b, int aExtra, int& prisonersForA, int& prisonersForB) {
    const Unit& ua = step.unit(a.unit);
    const Unit& ub = step.unit(b.unit);
    const Element* fa = ua.findElement(a.figure);
    const Element* fb = ub.findElement(b.figure);
    const auto mods = [&](const Duelist& d, const Unit& u, const Element& f, const Element& o, int extra) {
        const auto checks =
            fightModifiers(step.data, step.options, step.battle, Fighter{&u, &f, d.charging, d.defending, d.fromRear}, o, extra);
        return std::make_pair(totalOf(checks, step.data, u, step.options), checks);
    };
    const auto [ma, checksA] = mods(a, ua, *fa, *fb, aExtra);
    const auto [mb, checksB] = mods(b, ub, *fb, *fa, 0);
    const auto named = [](const std::vector<ModifierCheck>& checks) {
        std::string words;
        for (const ModifierCheck& c : checks) {
            if (c.applies && c.effect != "+0") {
                words += " " + c.effect + " " + c.name;
            }
        }
        return words;
    };
    int rollA = 0;
    int rollB = 0;
    for (int tries = 0; tries < 50; ++tries) {
        rollA = static_cast<int>(step.roll("1d10", figureWords(step.battle, a), cite("CLOSE COMBAT CHART")));
        rollB = static_cast<int>(step.roll("1d10", figureWords(step.battle, b), cite("CLOSE COMBAT CHART")));
        if (rollA + ma != rollB + mb) {
            break;
        }
        step.outcome("A tie at " + std::to_string(rollA + ma) + ": rolled again", cite("CLOSE COMBAT CHART"));
    }
    const bool aWins = rollA + ma > rollB + mb;
    Duelist& loser = aWins ? b : a;
    const int loserDie = aWins ? rollB : rollA;
    step.outcome(figureWords(step.battle, a) + " " + std::to_string(rollA) + named(checksA) + " = " + std::to_string(rollA + ma) +
                     " against " + figureWords(step.battle, b) + " " + std::to_string(rollB) + named(checksB) + " = " +
                     std::to_string(rollB + mb),
                 cite("CLOSE COMBAT CHART"));
    std::string fate;
    if (loserDie == 1) {
        strike(step, loser.unit, loser.figure, true, "The loser rolled 1", kResolution);
        loser.out = true;
    } else if (loserDie == 2) {
        strike(step, loser.unit, loser.figure, false, "The loser rolled 2", kResolution);
        loser.out = true;
    } else if (loserDie <= 5 || option(step.options, "loser-high-die", "runs")) {
        if (loserDie > 6) {
            step.ruling("lshm-loser-high-die");
        }
        step.ruling("lshm-who-fights");
        step.outcome("The loser rolled " + std::to_string(loserDie) + ": " + figureWords(step.battle, loser) +
                         " runs to the rear of the combat",
                     kResolution);
        loser.out = true;
    } else if (loserDie == 6) {
        step.ruling("lshm-prisoners");
        step.emit(event::ElementHealthSet{loser.unit, loser.figure, Health::Captured});
        step.emit(event::ElementsRemoved{loser.unit, {loser.figure}});
        step.outcome("The loser rolled 6: " + figureWords(step.battle, loser) + " is captured", kResolution);
        (aWins ? prisonersForA : prisonersForB) += 1;
        loser.out = true;
    } else {
        step.ruling("lshm-loser-high-die");
        step.outcome("The loser rolled " + std::to_string(loserDie) + ": no result, it fights on next round", kResolution);
    }
    return aWins;
}

/// Places the chargers base to base with the figures they fight (A. 4).
void closeUp(Step& step, const Unit& charger, const std::vector<std::pair<std::string, std::string>>& pairs) {
    std::vector<event::Placement> placements;
    std::map<std::string, int> onOne;
    for (const Element& e : charger.elements) {
        placements.push_back({e.centre, e.facing});
    }
    for (const auto& [mine, theirs] : pairs) {
        const Element* figure = charger.findElement(mine);
        const Element* enemy = nullptr;
        for (const Unit& unit : step.battle.units) {
            if (unit.side != charger.side) {
                if (const Element* found = unit.findElement(theirs)) {
                    enemy = found;
                }
            }
        }
        if (figure == nullptr || enemy == nullptr) {
            continue;
        }
        const double length = std::max(1e-6, bg::distance(enemy->centre, figure->centre));
        const double ux = (figure->centre.x() - enemy->centre.x()) / length;
        const double uy = (figure->centre.y() - enemy->centre.y()) / length;
        const double reach = (enemy->depth + figure->depth) / 2;
        const int k = onOne[theirs]++;
        const double side = (k % 2 == 0 ? 1 : -1) * ((k + 1) / 2) * figure->width;
        const std::size_t index = static_cast<std::size_t>(figure - charger.elements.data());
        placements[index] = {Point(enemy->centre.x() + ux * reach - uy * side, enemy->centre.y() + uy * reach + ux * side),
                             bearing(figure->centre, enemy->centre)};
    }
    step.emit(event::Moved{charger.id, placements});
}

std::vector<Duelist> fightersOf(const Unit& unit, bool charging, bool defending, bool fromRear) {
    std::vector<Duelist> fighters;
    for (const Element& figure : unit.elements) {
        if (isFit(figure)) {
            fighters.push_back({unit.id, figure.id, charging, defending, fromRear, false});
        }
    }
    return fighters;
}

void guardPrisoners(Step& step, const std::string& unitId, int taken) {
    if (taken == 0) {
        return;
    }
    const Unit& unit = step.unit(unitId);
    const int prisoners = static_cast<int>(counter(unit, "prisoners")) + taken;
    setCounter(step, unitId, "prisoners", prisoners);
    int guards = (prisoners + 9) / 10;
    for (const Element& figure : unit.elements) {
        guards -= figure.markers.count("guard") != 0 ? 1 : 0;
    }
    for (const Element& figure : step.unit(unitId).elements) {
        if (guards <= 0) {
            break;
        }
        if (isFit(figure) && !isLeader(figure) && figure.markers.count("guard") == 0) {
            setElementMarker(step, step.unit(unitId), figure, "guard", true);
            --guards;
        }
    }
    step.outcome(unit.name + " holds " + std::to_string(prisoners) + (prisoners == 1 ? " prisoner" : " prisoners") +
                     ", one guard for each ten escorting them to the rear",
                 cite("C. Special rules for close combat:"));
}

void fight(Step& step, const std::string& chargerId, const std::string& targetId, bool counterCharge, bool unseen, const Point& where) {
    step.ruling("lshm-pairing");
    if (unseen) {
        step.outcome(step.unit(chargerId).name + " charged from out of sight: its foes are attacked from the rear",
                     cite("C. Special rules for close combat:"));
    }
    std::vector<Duelist> attackers = fightersOf(step.unit(chargerId), true, false, false);
    std::vector<Duelist> defenders = fightersOf(step.unit(targetId), counterCharge, true, unseen);
    int takenByAttackers = 0;
    int takenByDefenders = 0;
    bool closed = false;
    int round = 0;
    for (; round < 20; ++round) {
        std::vector<Duelist*> a;
        std::vector<Duelist*> d;
        for (Duelist& x : attackers) {
            if (!x.out && step.unit(x.unit).findElement(x.figure) != nullptr) {
                a.push_back(&x);
            }
        }
        for (Duelist& x : defenders) {
            if (!x.out && step.unit(x.unit).findElement(x.figure) != nullptr) {
                d.push_back(&x);
            }
        }
        if (a.empty() || d.empty()) {
            break;
        }
        step.outcome("Round " + std::to_string(round + 1) + ": " + std::to_string(a.size()) + " against " + std::to_string(d.size()),
                     kResolution);
        const bool attackersFewer = a.size() <= d.size();
        std::vector<Duelist*>& fewer = attackersFewer ? a : d;
        std::vector<Duelist*>& more = attackersFewer ? d : a;
        // Every figure of the smaller side gets an opponent before any gets a second.
        std::vector<std::vector<Duelist*>> opponents(fewer.size());
        for (std::size_t i = 0; i < more.size(); ++i) {
            opponents[i % fewer.size()].push_back(more[i]);
        }
        if (!closed) {
            std::vector<std::pair<std::string, std::string>> pairs;
            for (std::size_t i = 0; i < fewer.size(); ++i) {
                for (Duelist* o : opponents[i]) {
                    pairs.emplace_back(attackersFewer ? fewer[i]->figure : o->figure, attackersFewer ? o->figure : fewer[i]->figure);
                }
            }
            closeUp(step, step.unit(chargerId), pairs);
            closed = true;
        }
        for (std::size_t i = 0; i < fewer.size(); ++i) {
            for (std::size_t k = 0; k < opponents[i].size() && !fewer[i]->out; ++k) {
                Duelist* other = opponents[i][k];
                if (other->out) {
                    continue;
                }
                int& forFewer = attackersFewer ? takenByAttackers : takenByDefenders;
                int& forMore = attackersFewer ? takenByDefenders : takenByAttackers;
                const bool won = duel(step, *fewer[i], *other, static_cast<int>(k), forFewer, forMore);
                if (!won) {
                    break;
                }
            }
        }
    }
    setCounter(step, chargerId, "fought", 1);
    setCounter(step, targetId, "fought", 1);
    guardPrisoners(step, chargerId, takenByAttackers);
    guardPrisoners(step, targetId, takenByDefenders);
    const Unit& charger = step.unit(chargerId);
    const Unit& target = step.unit(targetId);
    const bool attackersLeft =
        std::any_of(attackers.begin(), attackers.end(), [&](const Duelist& x) { return !x.out && charger.findElement(x.figure); });
    const bool defendersLeft =
        std::any_of(defenders.begin(), defenders.end(), [&](const Duelist& x) { return !x.out && target.findElement(x.figure); });
    if (attackersLeft && defendersLeft) {
        step.ruling("lshm-rounds");
        step.outcome("Twenty rounds without a decision: " + charger.name + " draws off", kResolution);
        moveStraight(step, charger, target.centre(), 6.0, charger.name + " falls back 6\"", kResolution);
        return;
    }
    const Unit& loser = attackersLeft ? target : charger;
    const Unit& winner = attackersLeft ? charger : target;
    step.outcome(winner.name + " wins the close combat", kResolution);
    if (!figuresOf(loser).empty()) {
        shakenBack(step, loser, winner.centre(), "The losers");
    }
    if (attackersLeft) {
        step.ruling("lshm-occupy");
        carryTo(step, step.unit(chargerId), where);
        step.outcome(charger.name + " occupies the ground " + target.name + " held", kResolution);
    }
}

} // namespace

std::string combatColumn(const Data& data, const RulesetOptions& options, const Unit& unit) {
    const TroopType& type = typeOf(data, unit);
    if (type.id == "guerillas" && option(options, "guerilla-column", "light")) {
        return "light";
    }
    return type.combatColumn;
}

std::vector<ModifierCheck> fightModifiers(const Data& data, const RulesetOptions& options, const Battle& battle, const Fighter& fighter,
                                          const Element& opponent, int additionalOpponents) {
    const ModifierList& list = data.modifiers("close-combat-" + combatColumn(data, options, *fighter.unit));
    std::vector<ModifierCheck> checks;
    checks.push_back(kit::modifierCheck(list, "charging", fighter.charging ? 1 : 0,
                                        fighter.charging ? "it charged or counter charged" : "it did not charge"));
    if (fighter.defending) {
        const bool open = fighter.unit->formation == "open";
        const bool square = fighter.unit->formation == "square";
        const TerrainLine* line = linearCoverAgainst(battle, fighter.figure->centre, opponent.centre);
        const TerrainArea* building = buildingAt(battle, fighter.figure->centre);
        std::vector<ModifierCheck> defence{
            kit::modifierCheck(list,
                               open     ? "defending-open"
                               : square ? "defending-square"
                                        : "defending-close",
                               1, "its unit is in " + fighter.unit->formation),
            kit::modifierCheck(list, "defending-linear", line ? 1 : 0, line ? "behind " + line->name : "no linear object before it"),
            kit::modifierCheck(list, "defending-building", building ? 1 : 0, building ? "inside " + building->name : "not in a building")};
        if (option(options, "defence-modifiers", "best")) {
            const ModifierCheck* best = nullptr;
            for (const ModifierCheck& c : defence) {
                const Modifier* m = list.find(c.id);
                if (c.applies && m != nullptr && (best == nullptr || addOf(*m) > addOf(*list.find(best->id)))) {
                    best = &c;
                }
            }
            for (ModifierCheck& c : defence) {
                if (c.applies && &c != best) {
                    c.applies = false;
                    c.times = 0;
                    c.reason += " (only the best defending modifier counts: RULINGS.md, lshm-defence-modifiers)";
                }
            }
        }
        checks.insert(checks.end(), defence.begin(), defence.end());
    }
    const int mine = groundLevel(battle, fighter.figure->centre);
    const int theirs = groundLevel(battle, opponent.centre);
    checks.push_back(kit::modifierCheck(list, "uphill", mine > theirs ? 1 : 0,
                                        mine > theirs ? "it stands higher than its opponent" : "not above its opponent"));
    checks.push_back(kit::modifierCheck(list, "attacked-from-rear", fighter.fromRear ? 1 : 0,
                                        fighter.fromRear ? "its charger started out of its sight" : "not attacked from the rear"));
    checks.push_back(kit::modifierCheck(list, "leader", isLeader(*fighter.figure) ? 1 : 0,
                                        isLeader(*fighter.figure) ? "the figure is a leader" : "not a leader"));
    const std::string weapon =
        fighter.figure->weapon.empty() ? fighter.unit->stats.value("meleeWeapon", std::string()) : fighter.figure->weapon;
    const bool polearm = std::find(data.meleeWeapons.begin(), data.meleeWeapons.end(), weapon) != data.meleeWeapons.end();
    checks.push_back(
        kit::modifierCheck(list, "lance", polearm ? 1 : 0, polearm ? "armed with a " + weapon : "no lance, pike, halberd or ax"));
    checks.push_back(kit::modifierCheck(
        list, "additional-opponent", additionalOpponents,
        additionalOpponents > 0 ? "its opponent number " + std::to_string(additionalOpponents + 1) + " this round" : "its first opponent"));
    const bool noBayonet = !isLeader(*fighter.figure) && !hasBayonets(data, *fighter.unit);
    checks.push_back(kit::modifierCheck(list, "no-bayonet", noBayonet ? 1 : 0,
                                        noBayonet ? "its figures carry no bayonet" : "bayonets, or a leader's sword"));
    return checks;
}

int totalOf(const std::vector<ModifierCheck>& checks, const Data& data, const Unit& unit, const RulesetOptions& options) {
    const ModifierList& list = data.modifiers("close-combat-" + combatColumn(data, options, unit));
    int total = 0;
    for (const ModifierCheck& check : checks) {
        if (const Modifier* m = list.find(check.id); m != nullptr && check.applies) {
            total += addOf(*m) * check.times;
        }
    }
    return total;
}

void closeCombatPhase(Step& step) {
    step.emit(event::TurnSet{step.battle.turn, "close-combat"});
    const nlohmann::json charges = step.battle.session.value("charges", nlohmann::json::array());
    if (charges.empty()) {
        step.outcome("Close combat: no charges to complete", cite("3. CLOSE COMBAT (HAND-TO-HAND) PHASE;"));
    }
    for (const nlohmann::json& charge : charges) {
        const std::string chargerId = charge.value("charger", std::string());
        const std::string targetId = charge.value("target", std::string());
        const Unit* charger = step.battle.findUnit(chargerId);
        const Unit* target = step.battle.findUnit(targetId);
        if (charger == nullptr || fitFigures(*charger) == 0 || routed(*charger)) {
            continue;
        }
        const auto where = charge.value("where", std::vector<double>{0, 0});
        const Point place(where.at(0), where.at(1));
        if (target == nullptr || figuresOf(*target).empty() || unitGap(step.battle, *charger, *target) > 3.0) {
            step.outcome("The figures " + charger->name + " charged have gone: it occupies their position", kCompletion);
            carryTo(step, *charger, place);
            continue;
        }
        step.ruling("lshm-d10");
        std::string why;
        const int closeIn = closeInNumber(step.data, step.battle, *charger, true, target, &why);
        if (charger->arm == Arm::Horse && target->formation == "square") {
            step.ruling("lshm-square-penalty");
        }
        const auto die = step.roll("1d10", charger->name + " closes into combat (" + why + ")", kChart);
        if (die > closeIn) {
            step.outcome(charger->name + " fails to close: it falls back 6\" and is pinned", kCompletion);
            moveStraight(step, *charger, target->centre(), 6.0, charger->name + " falls back 6\"", kCompletion);
            setMarker(step, step.unit(chargerId), "pinned", true);
            continue;
        }
        const bool counterCharge = charge.value("counter", false);
        std::string standWhy;
        const int stand = closeInNumber(step.data, step.battle, *target, counterCharge, nullptr, &standWhy);
        const auto standDie =
            step.roll("1d10", target->name + (counterCharge ? " counter charges (" : " stands (") + standWhy + ")", kChart);
        if (standDie > stand) {
            shakenBack(step, *target, charger->centre(), target->name + " does not stand");
            step.ruling("lshm-occupy");
            carryTo(step, step.unit(chargerId), place);
            step.outcome(charger->name + " takes the position " + step.unit(targetId).name + " held", kCompletion);
            continue;
        }
        fight(step, chargerId, targetId, counterCharge, charge.value("unseen", false), place);
    }
    step.emit(event::SessionSet{"charges", nlohmann::json::array()});
}

void previewCloseIn(const Data& data, const Battle& battle, const Unit& charger, const Unit& target, Preview& preview) {
    std::string closeWhy;
    std::string standWhy;
    const int closeIn = std::clamp(closeInNumber(data, battle, charger, true, &target, &closeWhy), 0, 10);
    const int stand = std::clamp(closeInNumber(data, battle, target, false, nullptr, &standWhy), 0, 10);
    preview.facts.push_back({"Close into combat", closeWhy});
    preview.facts.push_back({"Stand and fight", standWhy});
    Odds odds{"Once within 2\" (d10 each)", {}, {}};
    odds.lines.push_back({"the charger closes in", Probability(closeIn, 10)});
    odds.lines.push_back({"the charged unit stands and fights", Probability(stand, 10)});
    odds.lines.push_back({"both: figure against figure", Probability(closeIn * stand, 100)});
    preview.odds.push_back(odds);
    kit::showRuling(preview, data, "lshm-d10");
}

} // namespace sandtable::lshm
