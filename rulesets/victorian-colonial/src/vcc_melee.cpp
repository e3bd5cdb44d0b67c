#include "vcc_melee.h"

#include "sandtable/kit/preview.h"
#include "vcc_grid.h"
#include "vcc_hits.h"
#include "vcc_morale.h"
#include "vcc_movement.h"
#include "vcc_weighing.h"

#include <algorithm>
#include <cmath>
#include <tuple>

namespace sandtable::vcc {

namespace {

using Pairs = std::vector<std::pair<std::string, std::string>>;

Pairs pairsAt(const Battle& battle, const char* key) {
    Pairs pairs;
    for (const nlohmann::json& pair : battle.session.value(key, nlohmann::json::array())) {
        pairs.emplace_back(pair.at(0).get<std::string>(), pair.at(1).get<std::string>());
    }
    return pairs;
}

void setPairs(Step& step, const char* key, const Pairs& pairs) {
    nlohmann::json array = nlohmann::json::array();
    for (const auto& [a, b] : pairs) {
        array.push_back({a, b});
    }
    step.emit(event::SessionSet{key, array});
}

bool samePair(const std::pair<std::string, std::string>& pair, const std::string& a, const std::string& b) {
    return (pair.first == a && pair.second == b) || (pair.first == b && pair.second == a);
}

} // namespace

Pairs contacts(const Battle& battle) { return pairsAt(battle, "contacts"); }

std::vector<std::string> contactsOf(const Battle& battle, const std::string& unitId) {
    std::vector<std::string> enemies;
    for (const auto& [a, b] : contacts(battle)) {
        if (a == unitId) {
            enemies.push_back(b);
        } else if (b == unitId) {
            enemies.push_back(a);
        }
    }
    return enemies;
}

bool inContact(const Battle& battle, const std::string& unitId) { return !contactsOf(battle, unitId).empty(); }

Pairs meleesToFight(const Battle& battle) {
    const Pairs fought = pairsAt(battle, "fought");
    Pairs left;
    for (const auto& pair : contacts(battle)) {
        // A unit destroyed in an earlier melee of the step has no more to fight.
        const Unit* a = battle.findUnit(pair.first);
        const Unit* b = battle.findUnit(pair.second);
        if (a == nullptr || b == nullptr || a->eliminated() || b->eliminated()) {
            continue;
        }
        if (std::none_of(fought.begin(), fought.end(), [&](const auto& done) { return samePair(done, pair.first, pair.second); })) {
            left.push_back(pair);
        }
    }
    return left;
}

void makeContact(Step& step, const std::string& a, const std::string& b) {
    Pairs pairs = contacts(step.battle);
    if (std::none_of(pairs.begin(), pairs.end(), [&](const auto& pair) { return samePair(pair, a, b); })) {
        pairs.emplace_back(a, b);
        setPairs(step, "contacts", pairs);
    }
}

void breakContacts(Step& step, const std::string& unitId) {
    Pairs pairs = contacts(step.battle);
    const auto kept = std::erase_if(pairs, [&](const auto& pair) { return pair.first == unitId || pair.second == unitId; });
    if (kept > 0) {
        setPairs(step, "contacts", pairs);
    }
}

void dropLostContacts(Step& step) {
    Pairs pairs = contacts(step.battle);
    const auto dropped = std::erase_if(pairs, [&](const auto& pair) {
        const Unit* a = step.battle.findUnit(pair.first);
        const Unit* b = step.battle.findUnit(pair.second);
        return a == nullptr || b == nullptr || a->eliminated() || b->eliminated() ||
               boxDistance(boxOf(step.battle, *a), boxOf(step.battle, *b)) != 1;
    });
    if (dropped > 0) {
        setPairs(step, "contacts", pairs);
    }
}

std::string whyNoCharge(const Data& data, const Battle& battle, const Unit& unit) {
    const TroopType& type = typeOf(data, unit);
    if (type.arm == Arm::Guns || type.commander || type.move == 0) {
        return type.name + " do not charge (vcc-wagons, vcc-melee-contact)";
    }
    if (std::string why = whyNoMove(battle, unit); !why.empty()) {
        return why;
    }
    if (inSquare(unit)) {
        return unit.name + " is in square and cannot move";
    }
    return {};
}

namespace {

/// The charge's box among the boxes the charger can reach (`reached`, its own box not
/// among them): the flank first, then the fewest boxes, then the straightest way there.
std::optional<Box> bestChargeBox(const RulesetOptions& options, const Battle& battle, const Box& start, const std::vector<Box>& reached,
                                 const Unit& target) {
    const Box goal = boxOf(battle, target);
    std::optional<Box> best;
    std::tuple<bool, int, double> bestKey{false, 0, 0};
    const auto weigh = [&](const Box& box) {
        if (boxesBetween(options, box, goal) != 1) {
            return;
        }
        const bool flank = !inSquare(target) && onFlank(battle.table, goal, facingOf(target), box);
        const double straight = std::hypot(box.column - start.column, box.row - start.row);
        const std::tuple<bool, int, double> key{flank, -boxesBetween(options, start, box), -straight};
        if (!best || key > bestKey) {
            best = box;
            bestKey = key;
        }
    };
    weigh(start);
    for (const Box& box : reached) {
        weigh(box);
    }
    return best;
}

} // namespace

std::optional<Box> chargeBox(const Data& data, const RulesetOptions& options, const Battle& battle, const Unit& unit, const Unit& target) {
    return bestChargeBox(options, battle, boxOf(battle, unit), reach(data, options, battle, unit), target);
}

std::vector<std::string> chargeTargets(const Data& data, const RulesetOptions& options, const Battle& battle, const Unit& unit) {
    if (!whyNoCharge(data, battle, unit).empty()) {
        return {};
    }
    // The boxes it can reach, walked once for every enemy weighed.
    const Box start = boxOf(battle, unit);
    const std::vector<Box> reached = reach(data, options, battle, unit);
    return unitIdsWhere(battle, [&](const Unit& enemy) {
        // A unit already in contact is fought by one enemy; others join as its supporters.
        return enemy.side != unit.side && fights(data, enemy) && !inContact(battle, enemy.id) &&
               bestChargeBox(options, battle, start, reached, enemy).has_value();
    });
}

namespace {

/// A side's dice in one melee: the unit fighting and each supporter, each weighed.
struct MeleeRoll {
    struct Part {
        std::string unit;
        bool supporting = false;
        int base = 0;
        Weighing weighing;
        ModifierApplication applied;
        DicePool pool;
    };
    std::vector<Part> parts;

    Distribution hits() const {
        Distribution total = Distribution::certain(0);
        for (const Part& part : parts) {
            total = total.plus(part.pool.hits());
        }
        return total;
    }
};

MeleeRoll::Part weighPart(const Data& data, const RulesetOptions& options, const Battle& battle, const Unit& unit, const Unit& enemy,
                          const Box& fightingFrom, bool supporting) {
    MeleeRoll::Part part{unit.id, supporting, meleeDice(unit), Weighing(data.modifiers("melee")), {}, {}};
    Weighing& w = part.weighing;
    const Box enemyBox = boxOf(battle, enemy);
    const bool charging = counter(unit, "charged") == battle.turn;
    w.weigh("charging", charging, charging ? "it charged this turn" : "it did not charge this turn");
    w.weigh("elite", elite(unit), elite(unit) ? "an elite unit" : "not elite");
    w.weigh("raw", raw(unit), raw(unit) ? "a raw unit" : "not raw");
    const bool flank = !inSquare(enemy) && onFlank(battle.table, enemyBox, facingOf(enemy), fightingFrom);
    w.weigh("vs-flank", flank,
            inSquare(enemy) ? "a square has no flank"
            : flank         ? "on the enemy's flank or rear"
                            : "in front of the enemy");
    const bool lancing = lancers(unit) && broken(enemy);
    w.weigh("lancers-vs-broken", lancing,
            lancers(unit) ? (broken(enemy) ? "lancers against a broken unit" : "the enemy is not broken") : "not lancers");
    w.weigh("supporting", supporting, supporting ? "supporting a unit of its box (vcc-support)" : "fighting, not supporting");
    const bool halved = mounted(data, unit) && dervish(enemy) && !flank;
    w.weigh("mounted-vs-dervish", halved,
            mounted(data, unit) ? (dervish(enemy) ? (flank ? "Dervish foot, but from the flank" : "Dervish foot, from the front")
                                                  : "not against Dervish foot")
                                : "not mounted");
    w.weigh("broken", broken(unit), broken(unit) ? "a broken unit" : "not broken");
    const bool uphill = levelOf(battle, enemyBox) > levelOf(battle, fightingFrom);
    w.weigh("vs-uphill", uphill, uphill ? "the enemy is uphill" : "the enemy is not uphill");
    const auto [cover, area] = coverIn(battle, enemyBox);
    const std::string where = area != nullptr ? " (" + area->name + ")" : "";
    w.weigh("vs-soft-cover", cover == BoxCover::Soft, cover == BoxCover::Soft ? "the enemy is in soft cover" + where : "not in soft cover");
    w.weigh("vs-hard-cover", cover == BoxCover::Hard, cover == BoxCover::Hard ? "the enemy is in hard cover" + where : "not in hard cover");
    part.applied = w.apply(Fraction(part.base));
    part.pool = poolOf(part.applied, options);
    return part;
}

MeleeRoll meleeRoll(const Data& data, const RulesetOptions& options, const Battle& battle, const Unit& unit, const Unit& enemy) {
    MeleeRoll roll;
    const Box here = boxOf(battle, unit);
    roll.parts.push_back(weighPart(data, options, battle, unit, enemy, here, false));
    for (const Unit* friendUnit : unitsIn(battle, here)) {
        if (friendUnit->id != unit.id && friendUnit->side == unit.side && fights(data, *friendUnit) && !inContact(battle, friendUnit->id)) {
            roll.parts.push_back(weighPart(data, options, battle, *friendUnit, enemy, here, true));
        }
    }
    return roll;
}

std::string rollWords(const Battle& battle, const MeleeRoll& roll) {
    std::string words;
    for (const MeleeRoll::Part& part : roll.parts) {
        words += (words.empty() ? "" : " + ") + battle.findUnit(part.unit)->name + " " + part.pool.words();
        if (part.supporting) {
            words += " (supporting)";
        }
    }
    return words;
}

} // namespace

void previewCharge(const Data& data, const RulesetOptions& options, const Battle& battle, const Unit& unit, const Unit* target,
                   Preview& preview) {
    kit::showRuling(preview, data, "vcc-melee-contact");
    if (target == nullptr) {
        preview.refusal = "a charge needs a target";
        return;
    }
    if (std::string why = whyNoCharge(data, battle, unit); !why.empty()) {
        preview.refusal = why;
        return;
    }
    if (inContact(battle, target->id)) {
        preview.refusal = target->name + " is already in contact: join the fight by moving into its enemy's box to support";
        return;
    }
    const auto box = chargeBox(data, options, battle, unit, *target);
    if (!box) {
        preview.refusal = unit.name + " cannot reach a box next to " + target->name + " this move";
        return;
    }
    const bool flank = !inSquare(*target) && onFlank(battle.table, boxOf(battle, *target), facingOf(*target), *box);
    preview.facts.push_back({"Charges to", boxName(*box) + (flank ? ", on the target's flank or rear" : ", in front of the target")});
    preview.allowance = typeOf(data, unit).move;
    preview.pathCost = boxesBetween(options, boxOf(battle, unit), *box);
    // The melee it brings on, fought in step 7 with the charge's +1d6.
    Battle after = battle;
    Unit* moved = after.findUnit(unit.id);
    const auto placements = placedInBox(battle, unit, *box, facingToward(battle.table, *box, boxOf(battle, *target), options));
    for (std::size_t i = 0; i < placements.size() && i < moved->elements.size(); ++i) {
        moved->elements[i].centre = placements[i].centre;
        moved->elements[i].facing = placements[i].facing;
    }
    moved->counters["charged"] = battle.turn;
    nlohmann::json pairs = after.session.value("contacts", nlohmann::json::array());
    pairs.push_back({unit.id, target->id});
    after.session["contacts"] = pairs;
    previewMelee(data, options, after, *moved, after.findUnit(target->id), preview);
}

void resolveCharge(Step& step, const Action& action) {
    const Unit& unit = step.unit(action.unit);
    const Unit* target = step.battle.findUnit(action.target);
    if (target == nullptr || target->eliminated() || target->side == unit.side || !fights(step.data, *target)) {
        step.refuse(unit.name + " has no enemy \"" + action.target + "\" to charge");
        return;
    }
    if (inContact(step.battle, target->id)) {
        step.refuse(target->name + " is already in contact: join the fight by moving into its enemy's box to support");
        return;
    }
    if (std::string why = whyNoCharge(step.data, step.battle, unit); !why.empty()) {
        step.refuse(why);
        return;
    }
    const auto box = chargeBox(step.data, step.options, step.battle, unit, *target);
    if (!box) {
        step.refuse(unit.name + " cannot reach a box next to " + target->name + " this move");
        return;
    }
    step.ruling("vcc-melee-contact");
    const double facing = facingToward(step.battle.table, *box, boxOf(step.battle, *target), step.options);
    step.emit(event::Moved{unit.id, placedInBox(step.battle, unit, *box, facing)});
    setCounter(step, action.unit, "acted", 1.0);
    setCounter(step, action.unit, "moved", 2.0);
    setCounter(step, action.unit, "charged", static_cast<double>(step.battle.turn));
    makeContact(step, action.unit, action.target);
    step.outcome(step.unit(action.unit).name + " charges " + target->name + " from " + boxName(*box), cite("Melee modifiers:"));
}

void previewMelee(const Data& data, const RulesetOptions& options, const Battle& battle, const Unit& unit, const Unit* target,
                  Preview& preview) {
    if (target == nullptr) {
        preview.refusal = "a melee needs the enemy it is fought with";
        return;
    }
    const auto enemies = contactsOf(battle, unit.id);
    if (std::find(enemies.begin(), enemies.end(), target->id) == enemies.end()) {
        preview.refusal = unit.name + " is not in contact with " + target->name;
        return;
    }
    kit::showRuling(preview, data, "vcc-melee-contact");
    const MeleeRoll ours = meleeRoll(data, options, battle, unit, *target);
    const MeleeRoll theirs = meleeRoll(data, options, battle, *target, unit);
    if (ours.parts.size() > 1 || theirs.parts.size() > 1) {
        kit::showRuling(preview, data, "vcc-support");
    }
    kit::showRuling(preview, data, "vcc-half-dice");
    preview.modifiers = ours.parts.front().weighing.checks;
    preview.facts.push_back({"Dice", rollWords(battle, ours)});
    preview.facts.push_back({"Enemy dice", rollWords(battle, theirs)});
    preview.odds.push_back(kit::oddsOf("Hits on " + target->name, ours.hits()));
    preview.odds.push_back(kit::oddsOf("Hits on " + unit.name, theirs.hits()));
    // Returns a Probability, not the expression "1 - none", which would outlive its local.
    const auto leaderChance = [&](const MeleeRoll& roll) -> Probability {
        Probability none = 1;
        for (const MeleeRoll::Part& part : roll.parts) {
            none *= 1 - leaderHitChance(data, options, part.pool, 3);
        }
        return 1 - none;
    };
    preview.odds.push_back(Odds{
        "Leader hits", {{target->name + "'s leader hit", leaderChance(ours)}, {unit.name + "'s leader hit", leaderChance(theirs)}}, {}});
}

void fightMelee(Step& step, const std::string& unitId, const std::string& enemyId) {
    const Unit& unit = step.unit(unitId);
    const Unit& enemy = step.unit(enemyId);
    step.ruling("vcc-melee-contact");
    step.ruling("vcc-half-dice");
    const MeleeRoll ours = meleeRoll(step.data, step.options, step.battle, unit, enemy);
    const MeleeRoll theirs = meleeRoll(step.data, step.options, step.battle, enemy, unit);
    if (ours.parts.size() > 1 || theirs.parts.size() > 1) {
        step.ruling("vcc-support");
    }
    // Both sides roll before either takes its hits: "both sides roll at once".
    const auto rollSide = [&](const MeleeRoll& roll, int& checks) {
        int hits = 0;
        for (const MeleeRoll::Part& part : roll.parts) {
            step.out.trace.modifiers(part.weighing.list(), part.applied);
            const RollResult result = step.rollDetailed(kit::parseOrThrow(part.pool.expression()),
                                                        "melee: " + step.battle.findUnit(part.unit)->name, cite("Melee"));
            hits += static_cast<int>(result.total);
            checks += leaderChecksCalled(result, step.options);
        }
        if (step.option("leader-checks") != "per-six") {
            checks = std::min(checks, 1);
        }
        return hits;
    };
    int ourChecks = 0;
    int theirChecks = 0;
    const int ourHits = rollSide(ours, ourChecks);
    const int theirHits = rollSide(theirs, theirChecks);
    const Box ourBox = boxOf(step.battle, unit);
    const Box theirBox = boxOf(step.battle, enemy);
    takeHits(step, enemyId, ourHits);
    takeHits(step, unitId, theirHits);
    leaderHitChecks(step, enemyId, ourChecks, 3);
    leaderHitChecks(step, unitId, theirChecks, 3);
    Pairs fought = pairsAt(step.battle, "fought");
    fought.emplace_back(unitId, enemyId);
    setPairs(step, "fought", fought);
    for (const auto& [who, from] : {std::pair{unitId, theirBox}, std::pair{enemyId, ourBox}}) {
        if (!step.unit(who).eliminated()) {
            oweMorale(step, who, from, false);
        }
    }
}

} // namespace sandtable::vcc
