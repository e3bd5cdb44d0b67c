#include "ozz_melee.h"

#include "ozz_fire.h"
#include "ozz_geometry.h"
#include "ozz_reactions.h"
#include "ozz_tests.h"
#include "sandtable/battle_geometry.h"
#include "sandtable/kit/modifier_check.h"
#include "sandtable/kit/preview.h"

#include <algorithm>

namespace sandtable::ozz {

namespace {

constexpr int maximumRounds = 3;

std::vector<std::pair<std::string, std::string>> contacts(const Battle& battle) {
    std::vector<std::pair<std::string, std::string>> pairs;
    const auto found = battle.session.find("contacts");
    if (found != battle.session.end() && found->is_array()) {
        for (const auto& pair : *found) {
            pairs.emplace_back(pair.at(0).get<std::string>(), pair.at(1).get<std::string>());
        }
    }
    return pairs;
}

void setContacts(Step& step, const std::vector<std::pair<std::string, std::string>>& pairs) {
    nlohmann::json json = nlohmann::json::array();
    for (const auto& [a, b] : pairs) {
        json.push_back({a, b});
    }
    step.emit(event::SessionSet{"contacts", json});
}

void addContact(Step& step, const std::string& a, const std::string& b) {
    auto pairs = contacts(step.battle);
    for (const auto& [x, y] : pairs) {
        if ((x == a && y == b) || (x == b && y == a)) {
            return;
        }
    }
    pairs.emplace_back(a, b);
    setContacts(step, pairs);
}

bool stillEngaged(const Battle& battle, const std::string& a, const std::string& b) {
    const Unit* first = battle.findUnit(a);
    const Unit* second = battle.findUnit(b);
    return first != nullptr && second != nullptr && first->markers.count("routed") == 0 && second->markers.count("routed") == 0 &&
           inContact(*first, *second);
}

ModifierCheck describe(const ModifierList& list, const std::string& id, int times, std::string reason) {
    return kit::modifierCheck(list, id, times, std::move(reason));
}

} // namespace

std::vector<std::string> meleeOpponents(const Battle& battle, const std::string& unit) {
    std::vector<std::string> opponents;
    for (const auto& [a, b] : contacts(battle)) {
        if (a == unit) {
            opponents.push_back(b);
        } else if (b == unit) {
            opponents.push_back(a);
        }
    }
    return opponents;
}

void removeFromMelee(Step& step, const std::string& unit) {
    auto pairs = contacts(step.battle);
    const auto before = pairs.size();
    std::erase_if(pairs, [&](const auto& pair) { return pair.first == unit || pair.second == unit; });
    if (pairs.size() != before) {
        setContacts(step, pairs);
    }
}

MeleePlan planMelee(const Data& data, const Battle& battle, const Unit& unit, const Unit& enemy, bool attacking, bool impetus,
                    const std::map<std::string, int>& extras) {
    const ModifierList& list = data.modifiers("melee");
    MeleePlan plan;
    auto consider = [&](const std::string& id, int times, const std::string& reason) {
        plan.times[id] = times;
        plan.checks.push_back(describe(list, id, times, reason));
    };
    const bool obstacle = attacking && obstacleBetween(battle, unit, enemy);
    consider("defending-obstacle", obstacle ? 1 : 0,
             obstacle ? enemy.name + " defends a linear obstacle" : "no obstacle defended against it");
    const bool uphill = groundLevel(battle, unit.centre()) < groundLevel(battle, enemy.centre());
    consider("uphill", uphill ? 1 : 0, uphill ? "fighting uphill" : "not fighting uphill");
    const bool disordered = unit.markers.count("disordered") != 0;
    consider("disordered", disordered ? 1 : 0, disordered ? "Disordered" : "in good order");
    const bool footOnHorse = impetusForbidden(unit, enemy);
    const bool withImpetus = attacking && impetus && !footOnHorse;
    consider("impetus", withImpetus ? 1 : 0,
             withImpetus                           ? "charging with impetus"
             : attacking && impetus && footOnHorse ? "§ infantry meeting cavalry does not apply the impetus bonus"
                                                   : "no impetus");
    const Face face = attackedFace(enemy, unit);
    consider("flank", attacking && (face == Face::LeftFlank || face == Face::RightFlank) ? 1 : 0,
             "attacking the enemy's " + toString(face));
    consider("rear", attacking && face == Face::Rear ? 1 : 0, "attacking the enemy's " + toString(face));
    for (const char* id : {"reaction-plus-one", "reaction-minus-one", "close-plus-one", "close-minus-two"}) {
        const auto found = extras.find(id);
        const int times = found == extras.end() ? 0 : found->second;
        consider(id, times, times > 0 ? "by the reaction result" : "no such reaction result");
    }
    const auto melee = unit.stats.find("melee");
    const int base = melee != unit.stats.end() && melee->is_number_integer() ? melee->get<int>() : 0;
    plan.applied = list.apply(Fraction(base), plan.times);
    plan.number = std::clamp(static_cast<int>(boost::rational_cast<std::int64_t>(plan.applied.exact)), 0, 10);
    plan.doubles = attacking && impetus && unit.arm == Arm::Horse && (enemy.arm == Arm::Foot || enemy.arm == Arm::Guns);
    plan.hits = parseOrThrow(std::to_string(std::max<std::size_t>(unit.elements.size(), 1)) + "d10<=" + std::to_string(plan.number));
    return plan;
}

void fightMelee(Step& step, const std::string& attacker, const std::string& defender, const MeleeStart& start) {
    addContact(step, attacker, defender);
    for (int round = 1; round <= maximumRounds; ++round) {
        const Unit& a = step.unit(attacker);
        const Unit& b = step.unit(defender);
        step.outcome("Melee, round " + std::to_string(round) + ": " + a.name + " against " + b.name, step.data.modifiers("melee").source);
        const MeleePlan attack = planMelee(step.data, step.battle, a, b, true, start.impetus && round == 1,
                                           round == 1 ? start.attacker : std::map<std::string, int>{});
        const MeleePlan defence =
            planMelee(step.data, step.battle, b, a, false, false, round == 1 ? start.defender : std::map<std::string, int>{});
        step.ruling("ozz-hits");
        step.out.trace.modifiers(step.data.modifiers("melee"), attack.applied);
        int attackHits = static_cast<int>(
            step.roll(attack.hits, a.name + " fights (Melee " + std::to_string(attack.number) + ")", step.data.modifiers("melee").source));
        if (attack.doubles) {
            attackHits *= 2;
            step.outcome(a.name + " is cavalry with impetus: double casualties, " + std::to_string(attackHits) + " hits",
                         Citation{step.data.info.sourceFile, "In melee, **cavalry with impetus** inflicts double casualties"});
        }
        step.out.trace.modifiers(step.data.modifiers("melee"), defence.applied);
        const int defenceHits = static_cast<int>(step.roll(defence.hits, b.name + " fights (Melee " + std::to_string(defence.number) + ")",
                                                           step.data.modifiers("melee").source));
        takeHits(step, defender, attackHits);
        takeHits(step, attacker, defenceHits);
        const Citation disorder{step.data.info.sourceFile, "‡ After charging or participating in Melee, a unit is Disordered."};
        for (const std::string& id : {attacker, defender}) {
            if (!step.unit(id).eliminated()) {
                step.emit(event::MarkerChanged{id, "disordered", true});
            }
        }
        step.outcome("Both sides are Disordered after the melee", disorder);
        // Both survivors test; the losers' moves come first, so that a winner sees whether
        // its enemy is still there.
        std::map<std::string, TestOutcome> results;
        std::map<std::string, Point> formerCentre;
        for (const auto& [self, other] : {std::pair{attacker, defender}, std::pair{defender, attacker}}) {
            if (step.unit(self).eliminated() || step.unit(self).markers.count("routed") != 0) {
                continue;
            }
            formerCentre[self] = step.unit(self).centre();
            TestSituation situation;
            situation.chart = "tests-of-elan";
            situation.row = 2;
            situation.cause = other;
            situation.flankOrRear = !step.unit(other).eliminated() && attackedFace(step.unit(self), step.unit(other)) != Face::Front;
            results[self] = runTest(step, self, situation);
        }
        for (const auto& [id, result] : results) {
            if (result.procedure == "back-disordered") {
                moveBackward(step, id, 4);
                removeFromMelee(step, id);
            } else if (result.procedure == "rout") {
                rout(step, id);
            }
        }
        bool again = false;
        for (const auto& [id, result] : results) {
            const std::string other = id == attacker ? defender : attacker;
            if (result.procedure != "occupy-or-fight-again" && result.procedure != "charge-ahead") {
                continue;
            }
            if (stillEngaged(step.battle, id, other)) {
                again = true;
                continue;
            }
            if (result.procedure == "occupy-or-fight-again" && formerCentre.count(other) != 0) {
                const Unit& self = step.unit(id);
                const Point from = self.centre();
                const Point to = formerCentre[other];
                step.emit(event::Moved{id, shifted(placementsOf(self), to.x() - from.x(), to.y() - from.y())});
                step.outcome(self.name + " occupies the enemy's position");
            } else if (result.procedure == "charge-ahead" && start.followUps) {
                step.ruling("ozz-toward-enemy");
                const Unit* enemy = nearestEnemy(step.battle, step.unit(id));
                if (enemy == nullptr) {
                    continue;
                }
                const std::string enemyId = enemy->id;
                if (const std::string why = infantryContactRefusal(step.unit(id), *enemy); !why.empty()) {
                    step.outcome(step.unit(id).name + " may not charge ahead into " + enemy->name + ": " + why,
                                 Citation{step.data.info.sourceFile, "§ Infantry may only move into contact"});
                    continue;
                }
                const double allowance = rollAllowance(step, id, MoveKind::Charge);
                const Approach approach = moveToward(step, id, enemyId, allowance, 0, true);
                if (approach.contact) {
                    addContact(step, id, enemyId);
                    step.outcome(step.unit(id).name + " charges ahead into " + step.unit(enemyId).name +
                                 ": they fight when either next activates");
                }
            }
        }
        step.ruling("ozz-melee-rounds");
        if (!stillEngaged(step.battle, attacker, defender)) {
            // Only this pair parts: a unit that charged ahead into a new enemy keeps that contact.
            auto pairs = contacts(step.battle);
            std::erase_if(pairs, [&](const auto& pair) {
                return (pair.first == attacker && pair.second == defender) || (pair.first == defender && pair.second == attacker);
            });
            setContacts(step, pairs);
            return;
        }
        if (!again) {
            step.outcome("The melee is not decided: the units stay locked");
            return;
        }
    }
    step.outcome("Three rounds fought: the units stay locked until either is next activated");
}

std::string whyNoMelee(const Battle& battle, const Unit& unit, const Unit* target) {
    const auto opponents = meleeOpponents(battle, unit.id);
    if (target == nullptr || std::find(opponents.begin(), opponents.end(), target->id) == opponents.end()) {
        return unit.name + " is not locked in melee with " + (target != nullptr ? target->name : "anyone named");
    }
    return {};
}

void previewMelee(const Data& data, const Battle& battle, const Unit& unit, const Unit* target, Preview& preview) {
    if (target == nullptr) {
        preview.refusal = "choose the enemy to fight";
        return;
    }
    // Not in contact, the melee is refused as resolve refuses it; the odds stay, for the
    // player asking what a melee between the two would be.
    preview.refusal = whyNoMelee(battle, unit, target);
    const MeleePlan mine = planMelee(data, battle, unit, *target, true, false, {});
    const MeleePlan theirs = planMelee(data, battle, *target, unit, false, false, {});
    preview.modifiers = mine.checks;
    for (const auto& [plan, who] : {std::pair{&mine, &unit}, std::pair{&theirs, target}}) {
        preview.odds.push_back(kit::oddsOf(who->name + " hits (" + plan->hits.text() + ")", plan->hits.distribution()));
    }
}

} // namespace sandtable::ozz
