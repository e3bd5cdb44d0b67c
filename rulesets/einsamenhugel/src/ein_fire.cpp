#include "ein_fire.h"

#include "ein_morale.h"
#include "ein_movement.h"
#include "ein_terrain.h"
#include "sandtable/battle_geometry.h"
#include "sandtable/kit/modifier_check.h"
#include "sandtable/kit/preview.h"
#include "sandtable/measure.h"

#include <boost/rational.hpp>
#include <cmath>
#include <limits>
#include <map>

namespace sandtable::ein {

namespace bg = boost::geometry;

namespace {

bool optionIs(const RulesetOptions& options, const char* id, const char* value) {
    const auto found = options.find(id);
    return found != options.end() && found->second == value;
}

bool chargedFrontallyBy(const Battle& battle, const Unit& unit, const Unit& charger) {
    for (const auto& pair : kit::sessionEntries(battle, "melees")) {
        if (pair[0] == charger.id && pair[1] == unit.id) {
            return attackedFace(unit, charger) == Face::Front;
        }
    }
    return false;
}

/// Units other than the two whose bases lie across the line between their centres.
std::vector<const Unit*> inTheWay(const Battle& battle, const Unit& firer, const Unit& target) {
    std::vector<const Unit*> between;
    const Segment line(firer.centre(), target.centre());
    for (const Unit& other : battle.units) {
        if (other.id == firer.id || other.id == target.id || other.eliminated() || other.arm == Arm::Leader) {
            continue;
        }
        for (const Element& element : other.elements) {
            // A base whose centre is farther from the line than its corners are from its
            // centre cannot touch it: ruled out before the exact test, which builds the
            // base's outline (this runs for every unit, for every target offered).
            if (bg::distance(element.centre, line) > reachOf(element) + 1e-6) {
                continue;
            }
            if (bg::intersects(line, element.footprint())) {
                between.push_back(&other);
                break;
            }
        }
    }
    return between;
}

ModifierCheck checkOf(const ModifierList& list, const std::string& id, bool applies, const std::string& reason) {
    return kit::modifierCheck(list, id, applies ? 1 : 0, reason);
}

/// What the applied checks of a list add up to, by the list's own amounts.
int appliedTotal(const ModifierList& list, const std::vector<ModifierCheck>& checks) {
    std::map<std::string, int> times;
    for (const ModifierCheck& check : checks) {
        times[check.id] = check.times;
    }
    return static_cast<int>(boost::rational_cast<std::int64_t>(list.apply(Fraction(0), times).exact));
}

} // namespace

std::string firingAt(const Battle& battle, const std::string& unitId) {
    // Compared as the strings they hold: a JSON value compared with a string makes a JSON
    // value of it, and the status asks this of every unit after every fire order.
    const auto text = [](const nlohmann::json& order, const char* key) -> const std::string* {
        const auto found = order.find(key);
        return found != order.end() && found->is_string() ? &found->get_ref<const std::string&>() : nullptr;
    };
    for (const auto& order : kit::sessionEntries(battle, "fireOrders")) {
        if (const std::string* unit = text(order, "unit"); unit != nullptr && *unit == unitId) {
            const std::string* target = text(order, "target");
            return target != nullptr ? *target : std::string();
        }
    }
    return {};
}

std::string whyNoFireOrder(const Battle& battle, const Unit& unit) {
    return mayOrderFire(battle, unit) ? std::string() : unit.name + " has already been ordered to fire this turn";
}

bool mayOrderFire(const Battle& battle, const Unit& unit) { return firingAt(battle, unit.id).empty(); }

FirePlan planFire(const Data& data, const RulesetOptions& options, const Battle& battle, const Unit& firer, const Unit& target) {
    FirePlan plan;
    if (!isFighting(firer)) {
        plan.refusal = firer.name + " cannot fire";
        return plan;
    }
    if (target.side == firer.side || !isFighting(target)) {
        plan.refusal = "the target must be an enemy unit on the table (a general alone is not a target)";
        return plan;
    }
    const TroopClass& troops = classOf(data, firer);
    // A target farther than the longest range by a bound from the centres alone is refused
    // before the exact measure (the offers ask this of every enemy, every decision).
    const std::string weapon = troops.gun ? "artillery" : troops.firearm;
    if (!weapon.empty()) {
        const RangeBands& bands = data.ranges(weapon);
        if (const double least = battle.table.toUnits(gapAtLeast(firer, target)); measure::exceeds(least, bands.maximumRange())) {
            plan.kind = troops.gun ? "artillery" : "musketry";
            plan.range = least;
            plan.refusal =
                target.name + " is more than " + cm(least) + " away, beyond " + bands.name + " (" + cm(bands.maximumRange()) + ")";
            return plan;
        }
    }
    plan.range = gapCm(battle, firer, target);
    const double moved = firer.counters.count("moved") != 0 ? firer.counters.at("moved") : 0.0;
    if (troops.gun) {
        plan.kind = "artillery";
        if (firer.formation != "unlimbered") {
            plan.refusal = firer.name + " is limbered: guns take a turn to unlimber before they can fire";
            return plan;
        }
        if (firer.counters.count("acted") != 0) {
            plan.refusal = firer.name + " has moved, limbered or unlimbered this turn and cannot fire";
            return plan;
        }
        const RangeBand* band = data.ranges("artillery").bandFor(plan.range);
        if (band == nullptr) {
            plan.refusal = target.name + " is " + cm(plan.range) + " away, beyond roundshot range (24cm)";
            return plan;
        }
        plan.kind = band->id;
        const bool weakened = quarters(firer) <= 2;
        // The dice thrown come from the chart's cell ("2d6", "1d6, halved"), so that the
        // data, not this code, says how many (ARTILLERY).
        const Chart& diceChart = data.chart("artillery-dice");
        const ArtilleryDice thrown =
            artilleryDice(diceChart.cellAt(weakened ? 0 : 1, plan.kind == "canister" ? 0 : 1).text).value_or(ArtilleryDice{});
        plan.dice = thrown.dice;
        plan.halveScore = thrown.halved;
        plan.halving = optionIs(options, "artillery-halving", "twice") ? Halving::Twice : Halving::Quarter;
        const Chart& scores = data.chart("artillery-hit-scores");
        const int column = target.arm == Arm::Guns ? 2 : 1;
        plan.hitScore = static_cast<int>(scores.cellAt(0, column - 1).number);
        plan.hitScoreLabel = scores.columns.bands[column - 1].label;
        const ModifierList& list = data.modifiers("artillery-throw");
        bool overFriends = false;
        for (const Unit* between : inTheWay(battle, firer, target)) {
            const int gunLevel = groundLevel(battle, firer.centre());
            const bool lower = groundLevel(battle, between->centre()) <= gunLevel - 2;
            const bool nearer = bg::distance(firer.centre(), between->centre()) < bg::distance(firer.centre(), target.centre());
            if (between->side == firer.side && plan.kind == "roundshot" && gunLevel >= 1 && lower && nearer) {
                overFriends = true;
                continue;
            }
            plan.refusal = between->name + " is in the line of fire" +
                           (between->side == firer.side ? std::string(" (guns fire over friends only with roundshot, from a hill, over "
                                                                      "troops at least two contours lower and nearer than the target)")
                                                        : std::string());
            return plan;
        }
        plan.modifiers.push_back(checkOf(list, "over-friends", overFriends,
                                         overFriends ? "roundshot over the heads of friendly troops two contours lower"
                                                     : "no friendly troops in the line of fire"));
        plan.modifier = appliedTotal(list, plan.modifiers);
    } else {
        plan.kind = "musketry";
        if (troops.firearm.empty()) {
            plan.refusal = firer.name + " cannot fire: only foot and light horse, except lancers, fire";
            return plan;
        }
        const RangeBands& bands = data.ranges(troops.firearm);
        if (measure::exceeds(plan.range, bands.maximumRange())) {
            plan.refusal = target.name + " is " + cm(plan.range) + " away, beyond " + bands.name + " (" + cm(bands.maximumRange()) + ")";
            return plan;
        }
        if (const auto between = inTheWay(battle, firer, target); !between.empty()) {
            plan.refusal = between.front()->name + " is in the line of fire";
            return plan;
        }
        const bool singleLine =
            firer.elements.size() <= 1 || firer.formation == "line" || firer.formation == "loose" || firer.formation == "one-rank";
        plan.dice = singleLine ? quarters(firer) : (quarters(firer) + 1) / 2;
        const Chart& scores = data.chart("musketry-scores");
        int column = troops.hitScoreColumn.count(firer.formation) != 0 ? troops.hitScoreColumn.at(firer.formation)
                                                                       : troops.hitScoreColumn.begin()->second;
        plan.hitScore = static_cast<int>(scores.cellAt(0, column - 1).number);
        plan.hitScoreLabel = scores.columns.bands[column - 1].label;
        const bool frontal = firer.arm == Arm::Foot && chargedFrontallyBy(battle, firer, target);
        plan.returnFire = !measure::negligible(moved) && !(lightTroops(troops) && measure::atMost(moved, 0.5)) && !frontal;
        const ModifierList& list = data.modifiers("musketry-throw");
        plan.modifiers.push_back(checkOf(list, "return-fire-after-moving", plan.returnFire,
                                         plan.returnFire               ? firer.name + " has moved: it may only return fire, at -1"
                                         : frontal                     ? "frontally-charged foot may always fire"
                                         : !measure::negligible(moved) ? "light troops may make a half move and fire"
                                                                       : firer.name + " has not moved"));
        const bool british = ofNation(firer, "british") && !optionIs(options, "british-musketry", "off");
        bool britishApplies = false;
        std::string britishReason = "only British foot, with the battle's option on";
        if (british && optionIs(options, "british-musketry", "per-volley")) {
            plan.britishChance = true;
            britishReason = "a 50:50 throw (4-6) for this volley decides it";
        } else if (british) {
            britishApplies = battle.session.value("british-musketry", false);
            britishReason = britishApplies ? "the 50:50 throw for this battle came up" : "the 50:50 throw for this battle did not come up";
        }
        plan.modifiers.push_back(checkOf(list, "british-musketry", britishApplies, britishReason));
        const bool prussian = optionIs(options, "prussian-mollwitz", "on") && ofNation(firer, "prussian") && firer.arm == Arm::Foot;
        plan.modifiers.push_back(
            checkOf(list, "prussian-foot", prussian, prussian ? "Prussian foot" : "not Prussian foot, or the option is off"));
        plan.modifier = appliedTotal(list, plan.modifiers);
        plan.britishBonus = static_cast<int>(boost::rational_cast<std::int64_t>(list.find("british-musketry")->amount));
    }
    if (!inFrontArc(firer, target)) {
        plan.refusal = target.name + " is not in front of " + firer.name;
        return plan;
    }
    if (!hasLineOfSight(battle, firer.centre(), target.centre())) {
        plan.refusal = firer.name + " cannot see " + target.name;
        return plan;
    }
    const Chart& saves = data.chart("saving-throws");
    if (inCover(battle, target)) {
        plan.saveScore = static_cast<int>(saves.cellAt(0, 0).number);
        plan.saveLabel = saves.columns.bands[0].label;
    } else if (cuirassed(target)) {
        plan.saveScore = static_cast<int>(saves.cellAt(0, 1).number);
        plan.saveLabel = saves.columns.bands[1].label;
    }
    return plan;
}

namespace {

int faces(int score) { return std::clamp(7 - score, 0, 6); }

Distribution successes(int count, Weight success, Weight failure) {
    Distribution total = Distribution::certain(0);
    const Distribution one = Distribution::fromWeights(0, {failure, success});
    for (int i = 0; i < count; ++i) {
        total = total.plus(one);
    }
    return total;
}

/// Potential hits from an artillery score (ARTILLERY): halved (quartered at 50 per cent
/// or lower with roundshot), rounding as normal except that a half is diced for
/// (RULINGS.md, ein-artillery-half).
Distribution rounded(std::int64_t score, std::int64_t divisor) {
    const std::int64_t whole = score / divisor;
    const std::int64_t remainder = score % divisor;
    if (remainder * 2 == divisor) {
        return Distribution::fromWeights(whole, {1, 1});
    }
    return Distribution::certain(remainder * 2 > divisor ? whole + 1 : whole);
}

Distribution potentialHits(std::int64_t score, bool halveScore, Halving halving) {
    if (!halveScore) {
        return rounded(score, 2);
    }
    if (halving == Halving::Quarter) {
        return rounded(score, 4);
    }
    return rounded(score, 2).bind([](std::int64_t half) { return rounded(half, 2); });
}

} // namespace

Distribution hitsDistribution(const FirePlan& plan) {
    const int saveFaces = plan.saveScore > 0 ? faces(plan.saveScore) : 0;
    auto perHit = [&](int modifier) {
        // A die scores a hit that stands: it hits, and the hit is not saved.
        const int hitFaces = plan.kind == "musketry" ? faces(plan.hitScore - modifier) : faces(plan.hitScore);
        return std::pair<Weight, Weight>{Weight(hitFaces * (6 - saveFaces)), Weight(36 - hitFaces * (6 - saveFaces))};
    };
    if (plan.kind == "musketry") {
        auto volley = [&](int modifier) {
            const auto [hit, miss] = perHit(modifier);
            return successes(plan.dice, hit, miss);
        };
        if (plan.britishChance) {
            return Distribution::fromWeights(0, {1, 1}).bind(
                [&](std::int64_t lucky) { return volley(plan.modifier + (lucky != 0 ? plan.britishBonus : 0)); });
        }
        return volley(plan.modifier);
    }
    Distribution score = Distribution::certain(0);
    for (int i = 0; i < plan.dice; ++i) {
        score = score.plus(Distribution::uniform(1, 6));
    }
    // Named, not a structured binding: clang 14 (the fuzz build) cannot capture those.
    const std::pair<Weight, Weight> odds = perHit(0);
    const Weight hit = odds.first;
    const Weight miss = odds.second;
    return score.bind([&](std::int64_t thrown) {
        return potentialHits(std::max<std::int64_t>(0, thrown + plan.modifier), plan.halveScore, plan.halving)
            .bind([&](std::int64_t potential) { return successes(static_cast<int>(potential), hit, miss); });
    });
}

void orderFire(Step& step, const std::string& unitId, const std::string& targetId) {
    const Unit& firer = step.unit(unitId);
    const Unit* target = step.battle.findUnit(targetId);
    if (target == nullptr) {
        step.refuse("fire needs a target");
        return;
    }
    const FirePlan plan = planFire(step.data, step.options, step.battle, firer, *target);
    if (!plan.refusal.empty()) {
        step.refuse(plan.refusal);
        return;
    }
    if (const std::string why = whyNoFireOrder(step.battle, firer); !why.empty()) {
        step.refuse(why);
        return;
    }
    step.ruling("ein-measuring");
    step.ruling("ein-fire-arc");
    if (!plan.returnFire && firer.counters.count("moved") != 0 && lightTroops(classOf(step.data, firer))) {
        step.ruling("ein-light-half-move");
    }
    nlohmann::json orders = step.battle.session.value("fireOrders", nlohmann::json::array());
    orders.push_back({{"unit", unitId}, {"target", targetId}});
    step.emit(event::SessionSet{"fireOrders", orders});
    step.outcome(firer.name + " will fire at " + target->name + " (" + plan.kind + ", " + cm(plan.range) + ")" +
                     (plan.returnFire ? ": return fire only, if " + target->name + " fires at it" : ""),
                 cite("TURN SEQUENCE"));
}

namespace {

/// Throws one order's dice; the hits that stand, for the target.
int throwFire(Step& step, const Unit& firer, const Unit& target, const FirePlan& plan) {
    for (const ModifierCheck& check : plan.modifiers) {
        traceCheck(step, check);
    }
    int hits = 0;
    const std::string who = firer.name + " at " + target.name;
    if (plan.kind == "musketry") {
        int modifier = plan.modifier;
        if (plan.britishChance) {
            step.ruling("ein-british-musketry");
            if (step.roll("1d6", "British musketry 50:50 (4-6 adds " + std::to_string(plan.britishBonus) + "): " + firer.name,
                          cite("Adding The Armies")) >= 4) {
                modifier += plan.britishBonus;
                step.outcome("the 50:50 chance comes up: +1 to every musketry throw of this volley", cite("Adding The Armies"));
            }
        }
        step.ruling("ein-single-line");
        hits =
            rollSuccesses(step, plan.dice, plan.hitScore - modifier,
                          "musketry: " + who + " (" + std::to_string(plan.dice) + " dice, " + std::to_string(plan.hitScore) + "-6 hits" +
                              (modifier != 0 ? ", " + std::string(modifier > 0 ? "+" : "") + std::to_string(modifier) + " each" : "") + ")",
                          cite("MUSKETRY"));
        step.out.trace.add(TraceStep{
            trace::Lookup{step.data.chart("musketry-scores").name, "", plan.hitScoreLabel, std::to_string(plan.hitScore) + "-6", {}},
            cite("MUSKETRY")});
    } else {
        const std::int64_t thrown = step.roll(std::to_string(plan.dice) + "d6", plan.kind + ": " + who, cite("ARTILLERY"));
        const std::int64_t score = std::max<std::int64_t>(0, thrown + plan.modifier);
        step.ruling("ein-artillery-half");
        // Rounding as normal, except that a half is diced for (4-6 rounds up).
        auto roundHalf = [&](std::int64_t value, std::int64_t divisor) {
            std::int64_t whole = value / divisor;
            const std::int64_t remainder = value % divisor;
            if (remainder * 2 == divisor) {
                if (step.roll("1d6", "the half is diced for (4-6 rounds up)", cite("ARTILLERY")) >= 4) {
                    ++whole;
                }
            } else if (remainder * 2 > divisor) {
                ++whole;
            }
            return whole;
        };
        std::int64_t potential = 0;
        std::string how = ", halved";
        if (!plan.halveScore) {
            potential = roundHalf(score, 2);
        } else if (plan.halving == Halving::Quarter) {
            potential = roundHalf(score, 4);
            how = ", halved for 50 per cent effectiveness and halved again (one rounding)";
        } else {
            const std::int64_t half = roundHalf(score, 2);
            potential = roundHalf(half, 2);
            how = ", halved for 50 per cent effectiveness to " + std::to_string(half) + ", then halved again";
        }
        step.outcome(std::to_string(score) + how + ": " + std::to_string(potential) + " potential hit" + (potential == 1 ? "" : "s"),
                     cite("ARTILLERY"));
        hits = rollSuccesses(step, static_cast<int>(potential), plan.hitScore,
                             "potential hits: " + who + " (" + std::to_string(plan.hitScore) + "-6 on " + plan.hitScoreLabel + ")",
                             cite("ARTILLERY"));
    }
    if (hits > 0 && plan.saveScore > 0) {
        const int saved =
            rollSuccesses(step, hits, plan.saveScore,
                          "saving throws: " + target.name + " (" + plan.saveLabel + ", " + std::to_string(plan.saveScore) + "-6 cancels)",
                          cite("SAVING THROWS"));
        hits -= saved;
        if (saved > 0) {
            step.outcome(std::to_string(saved) + " hit" + (saved == 1 ? "" : "s") + " cancelled", cite("SAVING THROWS"));
        }
    }
    step.outcome(who + ": " + std::to_string(hits) + " hit" + (hits == 1 ? "" : "s"),
                 cite(plan.kind == "musketry" ? "MUSKETRY" : "ARTILLERY"));
    return hits;
}

} // namespace

void resolveAllFire(Step& step) {
    const nlohmann::json orders = step.battle.session.value("fireOrders", nlohmann::json::array());
    // Every volley reads the battle as the phase found it: fire is simultaneous. Nothing
    // changes it until every volley is thrown (the firers are marked, and the hits taken,
    // after), so it is read as it stands, not copied.
    const Battle& before = step.battle;
    std::vector<std::string> fired;
    std::map<std::string, int> hitsOn;
    std::vector<std::string> order;
    for (const auto& entry : orders) {
        const Unit& firer = *before.findUnit(entry["unit"].get<std::string>());
        const Unit& target = *before.findUnit(entry["target"].get<std::string>());
        const FirePlan plan = planFire(step.data, step.options, before, firer, target);
        if (!plan.refusal.empty()) {
            step.outcome(firer.name + " does not fire: " + plan.refusal, cite("MUSKETRY"));
            continue;
        }
        if (plan.returnFire && firingAt(before, target.id) != firer.id) {
            step.ruling("ein-return-fire");
            step.outcome(firer.name + " has moved and " + target.name + " does not fire at it: no return fire", cite("MOVEMENT"));
            continue;
        }
        const int hits = throwFire(step, firer, target, plan);
        fired.push_back(firer.id);
        if (hits > 0) {
            if (hitsOn.count(target.id) == 0) {
                order.push_back(target.id);
            }
            hitsOn[target.id] += hits;
        }
    }
    for (const std::string& id : fired) {
        step.emit(event::CounterSet{id, "fired", 1.0});
    }
    for (const std::string& id : order) {
        const Unit& unit = step.unit(id);
        const double already = unit.counters.count("fire-hits") != 0 ? unit.counters.at("fire-hits") : 0.0;
        step.emit(event::CounterSet{id, "fire-hits", already + hitsOn[id]});
        applyHits(step, id, hitsOn[id], "fire");
    }
    // Test when a unit loses 25 percent effectiveness or more from firing (MORALE).
    testMorale(step, order, "lost effectiveness from firing");
    step.emit(event::SessionSet{"fireOrders", nlohmann::json::array()});
}

std::vector<std::string> fireableTargets(const Data& data, const RulesetOptions& options, const Battle& battle, const Unit& firer) {
    // An enemy beyond the longest range by the bound from the centres is one planFire
    // refuses first: passed over without the words of its refusal.
    const TroopClass& troops = classOf(data, firer);
    const std::string weapon = troops.gun ? "artillery" : troops.firearm;
    const double longest = weapon.empty() ? std::numeric_limits<double>::max() : data.ranges(weapon).maximumRange();
    std::vector<std::string> targets;
    for (const Unit* target : fightingEnemiesWithin(battle, firer, longest)) {
        if (planFire(data, options, battle, firer, *target).refusal.empty()) {
            targets.push_back(target->id);
        }
    }
    return targets;
}

void previewFire(const Data& data, const RulesetOptions& options, const Battle& battle, const Unit& firer, const Unit* target,
                 PreviewFor reader, Preview& preview) {
    if (target == nullptr) {
        preview.refusal = "fire needs a target";
        return;
    }
    const FirePlan plan = planFire(data, options, battle, firer, *target);
    preview.refusal = plan.refusal;
    if (!plan.refusal.empty() || reader == PreviewFor::Verdict) {
        return;
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
    preview.odds.push_back(kit::oddsOf("Hits on " + target->name + " after saves", hitsDistribution(plan)));
    kit::showRuling(preview, data, plan.kind != "musketry" ? "ein-artillery-half" : "ein-single-line");
    if (plan.returnFire) {
        kit::showRuling(preview, data, "ein-return-fire");
    }
}

double standOffDistance(const Data& data, const Battle& battle, const Unit& unit) {
    if (!isFighting(unit)) {
        return 0;
    }
    // Guns and foot shoot from where they stand; horse, carbines or not, close and charge.
    const TroopClass& troops = classOf(data, unit);
    if (troops.gun) {
        return battle.table.fromUnits(data.ranges("artillery").maximumRange());
    }
    if (unit.arm == Arm::Foot && !troops.firearm.empty()) {
        return battle.table.fromUnits(data.ranges(troops.firearm).maximumRange());
    }
    return 0;
}

} // namespace sandtable::ein
