#include "lshm_fire.h"

#include "lshm_buildings.h"
#include "lshm_cards.h"
#include "sandtable/battle_geometry.h"
#include "sandtable/deck.h"
#include "sandtable/kit/preview.h"
#include "sandtable/measure.h"

#include <algorithm>
#include <boost/geometry.hpp>
#include <cmath>
#include <map>

namespace sandtable::lshm {

namespace bg = boost::geometry;

namespace {

const Citation kHow = cite("2. How to fire:");
const Citation kHits = cite("C. Determining Hits");
const Citation kSpecial = cite("B. SPECIAL RULES FOR FIRING:");

/// How far a unit's smoke lets it see and be seen (the smoke joker), or no limit. Read in
/// place: asked for every pair of figures when a card turns, a copy of the session's smoke
/// was a sixth of a Casa Blanca refight's time.
double smokeLimit(const Battle& battle, const std::string& unit) {
    const auto smoke = battle.session.find("smoke");
    if (smoke == battle.session.end()) {
        return 1e9;
    }
    const auto limit = smoke->find(unit);
    return limit == smoke->end() ? 1e9 : limit->get<double>();
}

bool seesThrough(const Battle& battle, const Point& from, const Point& to) {
    for (const TerrainArea* blocker : sightBlockers(battle, from, to)) {
        if (!bg::covered_by(from, blocker->outline) && !bg::covered_by(to, blocker->outline)) {
            return false;
        }
    }
    return true;
}

/// Whether a figure of the firing unit may fire in this phase (special rules 5 and 6).
bool figureMayFire(const Battle& battle, const Element& figure) {
    if (!isFit(figure) || figure.markers.count("guard") != 0 || figure.role == "horse-holder" || figure.markers.count("shaken") != 0) {
        return false;
    }
    const auto fired = figure.counters.find("fired-prone");
    return !(figure.markers.count("prone") != 0 && fired != figure.counters.end() && fired->second >= battle.turn - 1);
}

bool inCone(const Element& from, const Point& to, double cone) {
    return angleBetween(from.facing, bearing(from.centre, to)) <= cone / 2 + 1e-9;
}

int classOf(const Battle& battle, const Element& figure, const Unit& unit, const Point& firer) {
    if (buildingAt(battle, figure.centre) != nullptr) {
        return 4;
    }
    const TerrainLine* wall = linearCoverAgainst(battle, figure.centre, firer);
    if (wall != nullptr && wall->type == LineType::Wall) {
        return 4;
    }
    if (figure.markers.count("prone") != 0 || isWounded(figure) || roughAt(battle, figure.centre)) {
        return 3;
    }
    return unit.formation == "open" ? 2 : 1;
}

std::pair<int, std::string> targetClass(const Battle& battle, const Unit& target, const Point& firer) {
    std::map<int, int> counts;
    for (const Element* figure : figuresOf(target)) {
        ++counts[classOf(battle, *figure, target, firer)];
    }
    int best = 1;
    int most = -1;
    for (const auto& [kind, count] : counts) {
        if (count >= most) { // a tie goes to the better protected class
            most = count;
            best = kind;
        }
    }
    static const char* const kWhy[] = {"", "close order in clear terrain", "open order in clear terrain", "prone or in rough terrain",
                                       "inside a building or behind a wall"};
    return {best, std::to_string(most) + " of " + std::to_string(figuresOf(target).size()) + " figures " + kWhy[best]};
}

std::string figureName(const Unit& unit, const Element& figure) {
    std::string role = figure.role.empty() ? "private" : figure.role;
    std::replace(role.begin(), role.end(), '-', ' ');
    return possessive(unit.name) + " " + role + " (" + figure.id + ")";
}

/// The figure a hit card strikes in the area (RULINGS.md, lshm-which-figure), or empty.
std::string victimOf(const Battle& battle, const std::vector<std::string>& area, const std::string& targetUnit, const Card& card,
                     bool atArtillery) {
    const Unit* unit = battle.findUnit(targetUnit);
    if (unit == nullptr) {
        return {};
    }
    std::vector<const Element*> candidates;
    for (const std::string& id : area) {
        for (const Element& e : unit->elements) {
            if (e.id == id && present(e)) {
                candidates.push_back(&e);
            }
        }
    }
    // Fit figures before wounded ones, keeping the area's nearest-first order.
    std::stable_sort(candidates.begin(), candidates.end(), [](const Element* a, const Element* b) { return isFit(*a) && !isFit(*b); });
    const auto first = [&](auto test) -> std::string {
        for (const Element* e : candidates) {
            if (test(*e)) {
                return e->id;
            }
        }
        return {};
    };
    if (atArtillery) {
        if (card.isAce()) {
            std::string leader = first([](const Element& e) { return isLeader(e); });
            return leader.empty() ? first([](const Element& e) { return !isLeader(e); }) : leader;
        }
        return first([](const Element& e) { return !isLeader(e); });
    }
    if (card.isAce()) {
        int best = 0;
        std::string chosen;
        for (const Element* e : candidates) {
            if (leaderRank(*e) > best) {
                best = leaderRank(*e);
                chosen = e->id;
            }
        }
        if (!chosen.empty()) {
            return chosen;
        }
        chosen = first([](const Element& e) { return isKeyFigure(e); });
        return chosen.empty() ? first([](const Element&) { return true; }) : chosen;
    }
    if (card.isFace()) {
        std::string key = first([](const Element& e) { return isKeyFigure(e); });
        return key.empty() ? first([](const Element& e) { return !isLeader(e); }) : key;
    }
    return first([](const Element& e) { return !isLeader(e); });
}

std::string cardWords(const Card& card) { return card.displayName(); }

/// Turns the cards of `hits` hits and strikes the figures they name (C. Determining Hits (2)).
void allocateHits(Step& step, const Unit& firer, const std::string& targetId, const FirePlan& plan, int hits) {
    step.ruling("lshm-which-figure");
    for (int i = 0; i < hits; ++i) {
        const Unit* target = step.battle.findUnit(targetId);
        if (target == nullptr || figuresOf(*target).empty()) {
            step.outcome("No figure is left to strike: the remaining hits are lost", kHits);
            return;
        }
        Card card = turnHitCard(step, "hit card");
        for (int redraw = 0; card.isJoker() && option(step.options, "joker-hit", "redraw") && redraw < 3; ++redraw) {
            step.ruling("lshm-joker-hit");
            step.outcome("Hit " + std::to_string(i + 1) + ": a joker, turned again (option joker-hit)", kHits);
            card = turnHitCard(step, "hit card");
        }
        const std::string label = "Hit " + std::to_string(i + 1) + ": " + cardWords(card);
        if (card.isJoker()) {
            if (plan.atArtillery && firer.arm == Arm::Guns) {
                step.ruling("lshm-artillery-target");
                std::vector<std::string> gun;
                for (const Element& e : target->elements) {
                    if (isGun(e)) {
                        gun.push_back(e.id);
                    }
                }
                if (!gun.empty()) {
                    step.emit(event::ElementsRemoved{targetId, gun});
                }
                step.outcome(label + ": artillery firing on artillery turns a joker: " + possessive(target->name) + " gun is destroyed",
                             kSpecial);
                continue;
            }
            step.ruling("lshm-joker-hit");
            step.outcome(label + ": a joker strikes no one, and the hit is lost", kHits);
            continue;
        }
        if (plan.atArtillery && !(card.colour() == CardColour::Red && (card.isAce() || card.isFace()))) {
            step.ruling("lshm-artillery-target");
            step.outcome(label + ": at a gun's crew only a red Ace, King, Queen or Jack strikes", kSpecial);
            continue;
        }
        const std::string victim = victimOf(step.battle, plan.area, targetId, card, plan.atArtillery);
        if (victim.empty()) {
            step.outcome(label + ": no figure in the target area that this card may strike (a leader only by an Ace): the hit is lost",
                         kHits);
            continue;
        }
        const bool killed = card.suit() == Suit::Hearts;
        strike(step, targetId, victim, killed, label + (killed ? " (a Heart kills)" : " (not a Heart: wounded)"), kHits);
    }
}

int rollFireDie(Step& step, const std::string& purpose, int bonus) {
    const int die = static_cast<int>(step.roll("1d6", purpose, kHits));
    if (bonus != 0) {
        step.outcome("Modified die " + std::to_string(die) + " + " + std::to_string(bonus) + " = " + std::to_string(die + bonus) +
                         (die + bonus > 6 ? ", which counts as 6" : ""),
                     kSpecial);
        if (die + bonus > 6) {
            step.ruling("lshm-die-above-six");
        }
    }
    return std::min(6, die + bonus);
}

/// The hits one group scores from one die (C. Determining Hits (1)), with the joker's and
/// grapeshot's changes.
int groupHits(const Data& data, const RulesetOptions& options, const FireGroup& group, int targetClass, int die, const std::string& joker,
              std::vector<std::string>* why) {
    const Weapon& weapon = *data.weapon(group.weapon);
    int figures = group.figures;
    if (joker == "half-figures") {
        figures /= 2;
    } else if (joker == "two-shots" && option(options, "two-shots", "double-figures")) {
        figures *= 2;
    }
    const bool grapeFigures = weapon.hitsMultiplier > 1 && option(options, "grape-double", "figures");
    if (grapeFigures) {
        figures *= weapon.hitsMultiplier;
    }
    const Chart& chart = data.chart(weapon.chart);
    const auto lookup = chart.lookup(targetClass, die);
    const Fraction fraction = lookup->cell.fraction;
    int hits = static_cast<int>(fractionHits(fraction, figures, chart.remainder).lowest());
    if (why != nullptr) {
        why->push_back(chart.name + ", " + lookup->rowLabel + ", die " + lookup->columnLabel + ": " + lookup->cell.toString() + " of " +
                       std::to_string(figures) + " figures = " + std::to_string(hits) + (hits == 1 ? " hit" : " hits") +
                       " (remainder dropped)");
    }
    if (weapon.hitsMultiplier > 1 && !grapeFigures) {
        hits *= weapon.hitsMultiplier;
        if (why != nullptr) {
            why->push_back("Grapeshot: the hits doubled, " + std::to_string(hits));
        }
    }
    if (joker == "double-hits") {
        hits *= 2;
    } else if (joker == "half-casualties") {
        hits = (hits + 1) / 2;
    }
    return hits;
}

int classFor(const Unit& firer, const FireGroup& group, int targetClass) {
    // British guns firing ball at Class II read Class I (special rule 8).
    const bool british = firer.stats.value("nation", std::string()) == "british";
    return british && group.weapon == "ball" && targetClass == 2 ? 1 : targetClass;
}

} // namespace

bool mayFire(const Battle& battle, const Unit& unit) {
    if (!isBasicUnit(unit) || routed(unit) || shaken(unit) || unit.markers.count("charged") != 0) {
        return false;
    }
    return std::any_of(unit.elements.begin(), unit.elements.end(), [&](const Element& e) { return figureMayFire(battle, e); });
}

FirePlan planFire(const Data& data, const Battle& battle, const Unit& unit, const Unit& target, const std::string& shot, bool volley) {
    FirePlan plan;
    if (!mayFire(battle, unit)) {
        plan.refusal = unit.name +
                       (routed(unit)                         ? " is routed"
                        : shaken(unit)                       ? " is shaken"
                        : unit.markers.count("charged") != 0 ? " charged this turn"
                                                             : " has no figure that may fire") +
                       " (special rule 5)";
        return plan;
    }
    if (target.side == unit.side || figuresOf(target).empty()) {
        plan.refusal = "the target must be an enemy unit with figures on the table";
        return plan;
    }
    plan.atArtillery = target.arm == Arm::Guns;
    const double ownSmoke = smokeLimit(battle, unit.id);
    const double theirSmoke = smokeLimit(battle, target.id);
    std::map<std::string, FireGroup> groups;
    std::map<std::string, double> nearest; // target figure id -> nearest firer, for the area's order
    const auto reach = [&](const Element& from, const std::string& weaponId, double cone, std::vector<const Element*>& hit) {
        const Weapon* weapon = data.weapon(weaponId);
        if (weapon == nullptr) {
            return false;
        }
        const double limit = std::min({weapon->maxRange * (volley ? 0.5 : 1.0), ownSmoke, theirSmoke});
        bool any = false;
        for (const Element* figure : figuresOf(target)) {
            const double distance = inchesBetween(battle, from.centre, figure->centre);
            if (!atMost(distance, limit) || !inCone(from, figure->centre, cone) || !seesThrough(battle, from.centre, figure->centre)) {
                continue;
            }
            hit.push_back(figure);
            any = true;
        }
        return any;
    };
    std::vector<const Element*> areaFigures;
    if (unit.arm == Arm::Guns) {
        const std::string weapon = shot.empty() ? std::string("ball") : shot;
        const auto gun = std::find_if(unit.elements.begin(), unit.elements.end(), [](const Element& e) { return isGun(e); });
        int crew = 0;
        bool gunner = false;
        for (const Element& e : unit.elements) {
            if (figureMayFire(battle, e) &&
                atMost(inchesBetween(battle, e.centre, gun == unit.elements.end() ? e.centre : gun->centre), 2.0)) {
                ++crew;
                gunner = gunner || e.role == "gunner";
            }
        }
        if (gun == unit.elements.end() || crew < 2 || !gunner) {
            plan.refusal = "a gun needs two figures with it, one a gunner, to fire (special rule 3)";
            return plan;
        }
        if (unit.formation == "limbered") {
            plan.refusal = "a limbered gun may not fire (RULINGS.md, lshm-guns)";
            return plan;
        }
        std::vector<const Element*> hit;
        if (!reach(*gun, weapon, data.weapon(weapon)->cone, hit)) {
            plan.refusal = target.name + " has no figure in the gun's 60-degree cone within " + inches(data.weapon(weapon)->maxRange);
            return plan;
        }
        FireGroup group{weapon, {gun->id}, 0, false};
        for (const GunCrew& line : data.gunCrews) {
            if (crew >= line.crew) {
                group.figures = line.figures;
                break;
            }
        }
        int near = 0;
        for (const Element* figure : hit) {
            near += atMost(inchesBetween(battle, gun->centre, figure->centre), data.weapon(weapon)->maxRange / 2) ? 1 : 0;
        }
        group.halfRange = near * 2 > static_cast<int>(hit.size());
        plan.notes.push_back("A crew of " + std::to_string(crew) + " fires as " + std::to_string(group.figures) +
                             " figures (special rule 3)");
        groups[weapon] = group;
        areaFigures = hit;
    } else {
        std::map<std::string, int> nearCount;
        std::map<std::string, int> allCount;
        for (const Element& figure : unit.elements) {
            if (!figureMayFire(battle, figure) || (figure.role == "officer" || figure.role == "commander-in-chief")) {
                continue; // officers fire their pistols apart (RULINGS.md, lshm-pistols)
            }
            const std::string weapon = weaponOf(unit, figure);
            const Weapon* known = data.weapon(weapon);
            if (known == nullptr || weapon == "ball" || weapon == "grape") {
                continue;
            }
            std::vector<const Element*> hit;
            if (!reach(figure, weapon, known->cone, hit)) {
                continue;
            }
            if (volley) {
                // Straight ahead: within the unit's frontage, ahead of the firer.
                hit.erase(
                    std::remove_if(hit.begin(), hit.end(),
                                   [&](const Element* t) { return angleBetween(figure.facing, bearing(figure.centre, t->centre)) > 45.0; }),
                    hit.end());
                if (hit.empty()) {
                    continue;
                }
            }
            FireGroup& group = groups[weapon];
            group.weapon = weapon;
            group.firers.push_back(figure.id);
            ++group.figures;
            double closest = 1e9;
            for (const Element* t : hit) {
                closest = std::min(closest, inchesBetween(battle, figure.centre, t->centre));
                areaFigures.push_back(t);
            }
            ++allCount[weapon];
            nearCount[weapon] += atMost(closest, known->maxRange / 2) ? 1 : 0;
        }
        for (auto& [weapon, group] : groups) {
            group.halfRange = nearCount[weapon] * 2 > allCount[weapon];
        }
        // From a building, one figure fires through each opening facing the target (MOUNT).
        std::map<const TerrainArea*, int> inside;
        for (auto& [weapon, group] : groups) {
            std::vector<std::string> kept;
            for (const std::string& id : group.firers) {
                const Element* figure = unit.findElement(id);
                const TerrainArea* building = figure == nullptr ? nullptr : buildingAt(battle, figure->centre);
                if (building != nullptr && ++inside[building] > openingsFacing(*building, figure->centre, target.centre())) {
                    continue;
                }
                kept.push_back(id);
            }
            if (kept.size() < group.firers.size()) {
                plan.notes.push_back(std::to_string(group.firers.size() - kept.size()) +
                                     " figures inside have no window or door facing the target (RULINGS.md, lshm-buildings)");
            }
            group.firers = kept;
            group.figures = static_cast<int>(kept.size());
        }
        std::erase_if(groups, [](const auto& entry) { return entry.second.figures == 0; });
    }
    if (groups.empty()) {
        plan.refusal = "no figure of " + unit.name + " has a figure of " + target.name + " in its cone and range" +
                       (volley ? " straight ahead within half range" : "");
        return plan;
    }
    for (auto& [weapon, group] : groups) {
        plan.groups.push_back(group);
    }
    const auto [kind, why] = targetClass(battle, target, unit.centre());
    plan.targetClass = plan.atArtillery ? 2 : kind;
    plan.classWhy = plan.atArtillery ? "a gun's crew is a Class II target (special rule 7)" : why;
    // The area, nearest the firing unit first, each figure once.
    std::sort(areaFigures.begin(), areaFigures.end());
    areaFigures.erase(std::unique(areaFigures.begin(), areaFigures.end()), areaFigures.end());
    const Point from = unit.centre();
    std::sort(areaFigures.begin(), areaFigures.end(), [&](const Element* a, const Element* b) {
        const double da = bg::distance(a->centre, from);
        const double db = bg::distance(b->centre, from);
        return da != db ? da < db : a->id < b->id;
    });
    // Small arms strike inside a building only the figures at its openings (special rule 10).
    std::map<const TerrainArea*, int> openings;
    for (const Element* figure : areaFigures) {
        const TerrainArea* building = buildingAt(battle, figure->centre);
        if (building != nullptr && unit.arm != Arm::Guns) {
            if (!openings.count(building)) {
                openings[building] = openingsFacing(*building, figure->centre, from);
            }
            if (openings[building]-- <= 0) {
                continue;
            }
        }
        plan.area.push_back(figure->id);
    }
    if (plan.area.empty()) {
        plan.refusal =
            "small arms may strike only figures shooting or observing through a door or window (special rule 10), and none faces " +
            unit.name;
    }
    return plan;
}

namespace {

/// The enemy units the unit could fire at, the first only when `firstOnly`.
std::vector<std::string> targetsOf(const Data& data, const Battle& battle, const Unit& unit, bool volley, bool firstOnly) {
    std::vector<std::string> targets;
    if (!mayFire(battle, unit)) {
        return targets;
    }
    // Beyond every weapon's range nothing is in reach: the longest, a gun's ball.
    const double reach = unit.arm == Arm::Guns ? data.weapon("ball")->maxRange : data.weapon("rifle")->maxRange;
    for (const Unit& other : battle.units) {
        // Any enemy figures may be fired at, a command group's as well as a basic unit's.
        if (other.side == unit.side || other.eliminated() || figuresOf(other).empty() || unitGap(battle, unit, other) > reach + 0.5) {
            continue;
        }
        if (planFire(data, battle, unit, other, unit.arm == Arm::Guns ? "ball" : "", volley).refusal.empty()) {
            targets.push_back(other.id);
            if (firstOnly) {
                break;
            }
        }
    }
    return targets;
}

} // namespace

std::vector<std::string> fireTargets(const Data& data, const Battle& battle, const Unit& unit, bool volley) {
    return targetsOf(data, battle, unit, volley, false);
}

bool hasFireTarget(const Data& data, const Battle& battle, const Unit& unit) {
    // Asked for every unit whenever a card turns: the first figure with an enemy figure in
    // its range and cone, in sight, answers it, without the whole plan of the fire.
    if (!mayFire(battle, unit)) {
        return false;
    }
    const auto gun = std::find_if(unit.elements.begin(), unit.elements.end(), [](const Element& e) { return isGun(e); });
    const double ownSmoke = smokeLimit(battle, unit.id);
    for (const Element& firer : unit.elements) {
        const bool firesGun = gun != unit.elements.end();
        if (firesGun ? &firer != &*gun : !figureMayFire(battle, firer)) {
            continue;
        }
        const Weapon* weapon = data.weapon(firesGun ? std::string("ball") : weaponOf(unit, firer));
        if (weapon == nullptr) {
            continue;
        }
        const double limit = std::min(weapon->maxRange, ownSmoke);
        for (const Unit& other : battle.units) {
            if (other.side == unit.side || other.eliminated()) {
                continue;
            }
            const double reach = std::min(limit, smokeLimit(battle, other.id));
            for (const Element& figure : other.elements) {
                if (present(figure) && atMost(inchesBetween(battle, firer.centre, figure.centre), reach) &&
                    inCone(firer, figure.centre, weapon->cone) && seesThrough(battle, firer.centre, figure.centre)) {
                    return true;
                }
            }
        }
    }
    return false;
}

Health woundSeverity(Step& step, const std::string& figureName) {
    step.ruling("lshm-wounds");
    if (option(step.options, "wounds", "all-heavy")) {
        return Health::HeavilyWounded;
    }
    if (option(step.options, "wounds", "all-light")) {
        return Health::LightlyWounded;
    }
    const auto die = step.roll("1d6", "Wound of " + figureName + " (1-3 light, 4-6 heavy)", kHits);
    return die <= 3 ? Health::LightlyWounded : Health::HeavilyWounded;
}

void strike(Step& step, const std::string& unitId, const std::string& figureId, bool killed, const std::string& how,
            const Citation& citation) {
    const Unit& unit = step.unit(unitId);
    const Element* figure = unit.findElement(figureId);
    if (figure == nullptr) {
        return;
    }
    const std::string name = figureName(unit, *figure);
    const bool wasShaken = shaken(unit) || figure->markers.count("shaken") != 0;
    const bool chief = isCommanderInChief(*figure);
    const Health before = figure->health;
    Health health = Health::Killed;
    if (killed) {
        step.outcome(how + ": " + name + " is killed", citation);
    } else {
        step.outcome(how + ": " + name + " is struck", citation);
        health = before == Health::Fit              ? woundSeverity(step, name)
                 : before == Health::LightlyWounded ? Health::HeavilyWounded
                                                    : Health::Killed;
        step.outcome(name + (health == Health::Killed ? ", wounded already, is killed"
                             : health == Health::HeavilyWounded
                                 ? (before == Health::Fit ? " is heavily wounded" : ", lightly wounded already, is heavily wounded")
                                 : " is lightly wounded"),
                     citation);
    }
    step.emit(event::ElementHealthSet{unitId, figureId, health});
    if (health == Health::Killed) {
        step.emit(event::ElementsRemoved{unitId, {figureId}});
    } else {
        setElementMarker(step, step.unit(unitId), *step.unit(unitId).findElement(figureId), "prone", true);
    }
    setCounter(step, unitId, "hit", 1);
    if (wasShaken && !step.unit(unitId).markers.count("critical")) {
        step.ruling("lshm-shaken");
        setMarker(step, step.unit(unitId), "critical", true);
        step.outcome(possessive(unit.name) + " shaken figures are hit: it is in critical morale", cite("B. Critical Moral"));
    }
    if (chief && health == Health::Killed) {
        step.emit(event::SideMarkerChanged{unit.side, "commander-lost", true});
        step.outcome("The Commander-in-Chief has fallen: his side checks major morale from this turn on", cite("A. Major Moral"));
    }
}

void resolveFire(Step& step, const Action& action) {
    const Unit& unit = step.unit(action.unit);
    const Unit* target = step.battle.findUnit(action.target);
    const bool volley = action.type == "volley";
    if (target == nullptr) {
        step.refuse("fire needs a target unit");
        return;
    }
    if (counter(unit, "fired") > 0) {
        step.refuse(unit.name + " has fired this phase (2. FIRE PHASE (1))");
        return;
    }
    const std::string shot = unit.arm == Arm::Guns ? (action.choice == "grape" ? "grape" : "ball") : std::string();
    if (volley && unit.formation != "line" && unit.formation != "open") {
        step.refuse("a volley is fired by a unit one or two ranks deep: a line or open order (special rule 1)");
        return;
    }
    // The joker first (Joker Fire Chart).
    std::string joker;
    if (!jokerShowing(step.battle).empty()) {
        const Chart& chart = step.data.chart("joker-fire");
        const auto die = step.roll("1d6", "Joker Fire Chart for " + unit.name, chart.source);
        joker = chart.lookup(std::nullopt, die)->cell.text;
        step.outcome("Joker fire " + std::to_string(die) + ": " + joker, chart.source);
        if (joker == "half-figures") {
            step.ruling("lshm-half-figures");
        } else if (joker == "two-shots") {
            step.ruling("lshm-two-shots");
        } else if (joker == "smoke") {
            step.ruling("lshm-smoke");
            const auto range = step.roll("2d6", "Smoke: how far " + unit.name + " sees", chart.source);
            nlohmann::json smoke = step.battle.session.value("smoke", nlohmann::json::object());
            smoke[unit.id] = range;
            step.emit(event::SessionSet{"smoke", smoke});
        }
    }
    step.ruling("lshm-fire-targets");
    step.ruling("lshm-target-class");
    const FirePlan plan = planFire(step.data, step.battle, unit, *target, shot, volley);
    if (!plan.refusal.empty()) {
        if (joker.empty()) {
            step.refuse(plan.refusal);
            return;
        }
        step.ruling("lshm-joker-fire-spent");
        step.outcome(plan.refusal + ": the joker is spent", kHow);
        setCounter(step, unit.id, "fired", 1);
        step.unitFinished = true;
        return;
    }
    for (const std::string& note : plan.notes) {
        step.outcome(note, kSpecial);
    }
    step.outcome(target->name + " is a Class " + std::to_string(plan.targetClass) + " target: " + plan.classWhy,
                 cite("B. Target Category"));
    if (plan.atArtillery) {
        step.ruling("lshm-artillery-target");
    }
    if (volley) {
        step.ruling("lshm-volley-cards");
        const VolleyLine& line = step.data.volleyFor(plan.targetClass);
        int firers = 0;
        for (const FireGroup& group : plan.groups) {
            firers += group.figures;
        }
        const int cards = option(step.options, "volley-cards", "per-target") ? static_cast<int>(plan.area.size()) : firers;
        step.outcome(unit.name + " fires a volley: " + std::to_string(cards) + " cards at " + std::to_string(plan.area.size()) +
                         " figures within half range ahead",
                     kSpecial);
        for (int i = 0; i < cards; ++i) {
            const Unit* now = step.battle.findUnit(target->id);
            if (now == nullptr || figuresOf(*now).empty()) {
                break;
            }
            const Card card = turnHitCard(step, "volley card");
            const std::string label = "Volley card " + std::to_string(i + 1) + ": " + cardWords(card);
            if (card.isJoker()) {
                step.ruling("lshm-joker-hit");
                step.outcome(label + ": no hit", kSpecial);
                continue;
            }
            const Suit suit = *card.suit();
            const std::string result = suit == Suit::Hearts     ? line.hearts
                                       : suit == Suit::Diamonds ? line.diamonds
                                       : suit == Suit::Clubs    ? line.clubs
                                                                : line.spades;
            if (result == "none") {
                step.outcome(label + ": no hit on a Class " + std::to_string(plan.targetClass) + " target", kSpecial);
                continue;
            }
            bool killed = result == "killed";
            std::string how = label;
            if (result == "hit") {
                const Card second = turnHitCard(step, "volley second card");
                killed = second.isAce() || second.isFace();
                how += ", a hit; second card " + cardWords(second) + (killed ? ": Ace to Jack kill" : ": 10 to 2 wound");
            }
            const std::string victim = victimOf(step.battle, plan.area, target->id, card, false);
            if (victim.empty()) {
                step.outcome(how + ": no figure this card may strike (a leader only by an Ace)", kSpecial);
                continue;
            }
            strike(step, target->id, victim, killed, how, kSpecial);
        }
    } else {
        for (const FireGroup& group : plan.groups) {
            const Weapon& weapon = *step.data.weapon(group.weapon);
            int bonus = 0;
            if (group.halfRange && weapon.halfRangeBonus) {
                step.ruling("lshm-half-range");
                bonus += 1;
            }
            if (joker == "plus-one") {
                bonus += 1;
            }
            if (group.weapon == "grape") {
                step.ruling("lshm-gun-ranges");
                step.ruling("lshm-grape-double");
            }
            const int rolls = joker == "two-shots" && option(step.options, "two-shots", "two-rolls") ? 2 : 1;
            for (int r = 0; r < rolls; ++r) {
                step.ruling("lshm-fire-die");
                const int die = rollFireDie(
                    step, unit.name + ": " + std::to_string(group.figures) + " " + weapon.name + " fire at " + target->name, bonus);
                std::vector<std::string> why;
                const int kind = classFor(unit, group, plan.targetClass);
                if (kind != plan.targetClass) {
                    why.push_back("British guns firing ball at a Class II target read Class I (special rule 8)");
                }
                const int hits = groupHits(step.data, step.options, group, kind, die, joker, &why);
                for (const std::string& line : why) {
                    step.outcome(line, cite("FIRING CHART"));
                }
                if (joker == "double-hits" || joker == "half-casualties") {
                    step.outcome("Joker: " + std::string(joker == "double-hits" ? "the hits doubled" : "half the casualties, rounded up") +
                                     ", " + std::to_string(hits),
                                 cite("Joker Fire Chart: Roll one D-6."));
                }
                allocateHits(step, unit, target->id, plan, hits);
            }
        }
    }
    // Officers' aimed pistol shots (special rule 4).
    for (const Element& officer : step.unit(unit.id).elements) {
        if ((officer.role != "officer" && officer.role != "commander-in-chief") || !figureMayFire(step.battle, officer) ||
            weaponOf(unit, officer) != "pistol") {
            continue;
        }
        const Unit* now = step.battle.findUnit(target->id);
        if (now == nullptr) {
            break;
        }
        const Element* aim = nullptr;
        double best = 1e9;
        for (const Element* figure : figuresOf(*now)) {
            const double d = inchesBetween(step.battle, officer.centre, figure->centre);
            if (atMost(d, 3.0) && inCone(officer, figure->centre, 30) && d < best) {
                best = d;
                aim = figure;
            }
        }
        if (aim == nullptr) {
            continue;
        }
        step.ruling("lshm-pistols");
        const auto die = step.roll("1d6", possessive(officer.id) + " pistol at " + aim->id + " (5 wounds, 6 kills)", kSpecial);
        if (die >= 5) {
            strike(step, now->id, aim->id, die == 6, "Pistol " + std::to_string(die), kSpecial);
        } else {
            step.outcome("Pistol " + std::to_string(die) + ": a miss", kSpecial);
        }
    }
    // Prone figures that fired may not fire in the next phase (special rule 6).
    for (const Element& figure : step.unit(unit.id).elements) {
        if (figure.markers.count("prone") != 0 && isFit(figure)) {
            step.emit(event::ElementCounterSet{unit.id, figure.id, "fired-prone", static_cast<double>(step.battle.turn)});
        }
    }
    setCounter(step, unit.id, "fired", 1);
    step.unitFinished = true;
}

void previewFire(const Data& data, const RulesetOptions& options, const Battle& battle, const Unit& unit, const Action& action,
                 Preview& preview) {
    const bool volley = action.type == "volley";
    for (const std::string& id : fireTargets(data, battle, unit, volley)) {
        const Unit* other = battle.findUnit(id);
        TargetCheck check;
        check.unit = id;
        check.distance = unitGap(battle, unit, *other);
        check.inArc = check.inSight = check.eligible = true;
        preview.targets.push_back(check);
    }
    const Unit* target = battle.findUnit(action.target);
    if (target == nullptr) {
        if (!action.target.empty()) {
            preview.refusal = "there is no unit \"" + action.target + "\"";
        }
        return;
    }
    const std::string shot = unit.arm == Arm::Guns ? (action.choice == "grape" ? "grape" : "ball") : std::string();
    const FirePlan plan = planFire(data, battle, unit, *target, shot, volley);
    kit::showRuling(preview, data, "lshm-fire-targets");
    kit::showRuling(preview, data, "lshm-target-class");
    kit::showRuling(preview, data, "lshm-which-figure");
    kit::showRuling(preview, data, "lshm-one-deck");
    if (!plan.refusal.empty()) {
        if (!jokerShowing(battle).empty()) {
            // Under a joker the unit rolls on the Joker Fire Chart first, and an order it
            // then cannot fire spends the joker and its fire (resolveFire): taken, and said so.
            kit::showRuling(preview, data, "lshm-joker-fire-spent");
            preview.facts.push_back(
                {"Joker", "the unit rolls on the Joker Fire Chart (1d6); then " + plan.refusal + ", and the joker and its fire are spent"});
            return;
        }
        preview.refusal = plan.refusal;
        return;
    }
    for (const std::string& note : plan.notes) {
        preview.facts.push_back({"Note", note});
    }
    preview.facts.push_back({"Target class", "Class " + std::to_string(plan.targetClass) + ": " + plan.classWhy});
    preview.facts.push_back({"Target area", std::to_string(plan.area.size()) + " figures"});
    if (!jokerShowing(battle).empty()) {
        preview.facts.push_back(
            {"Joker", "a joker shows: the unit first rolls on the Joker Fire Chart (1d6), which may change these odds"});
    }
    if (volley) {
        kit::showRuling(preview, data, "lshm-volley-cards");
        int firers = 0;
        for (const FireGroup& group : plan.groups) {
            firers += group.figures;
        }
        preview.facts.push_back({"Volley", std::to_string(firers) + " figures fire: one card each"});
    } else {
        for (const FireGroup& group : plan.groups) {
            const Weapon& weapon = *data.weapon(group.weapon);
            const bool bonus = group.halfRange && weapon.halfRangeBonus;
            preview.facts.push_back(
                {weapon.name, std::to_string(group.figures) + " figures" + (group.halfRange ? ", most at half range or less" : "")});
            preview.modifiers.push_back(
                ModifierCheck{"half-range", "At 1/2 range or less, not a volley", "+1", bonus, bonus ? 1 : 0,
                              group.halfRange ? (weapon.halfRangeBonus ? "most firers are at half range or less" : "grapeshot takes no +1")
                                              : "most firers are beyond half range",
                              cite("B. SPECIAL RULES FOR FIRING:")});
            const int kind = classFor(unit, group, plan.targetClass);
            const Distribution hits = Distribution::uniform(1, 6).map([&](std::int64_t die) {
                return static_cast<std::int64_t>(
                    groupHits(data, options, group, kind, std::min(6, static_cast<int>(die) + (bonus ? 1 : 0)), "", nullptr));
            });
            preview.odds.push_back(kit::oddsOf("Hits by " + weapon.name, hits));
        }
    }
    const DeckState* deck = hitDeck(battle, options);
    if (deck != nullptr) {
        const auto chance = [&](const CardTest& test) { return nextCardChance(*deck, test); };
        Odds next{"The next hit card (from the cards left; their order is hidden)", {}, {}};
        next.lines.push_back({"an Ace: the highest leader in the area", chance([](const Card& c) { return c.isAce(); })});
        next.lines.push_back({"a face card: a key figure", chance([](const Card& c) { return c.isFace(); })});
        next.lines.push_back(
            {"2 to 10: any figure but a leader", chance([](const Card& c) { return !c.isJoker() && !c.isAce() && !c.isFace(); })});
        next.lines.push_back({"a Heart: killed", chance([](const Card& c) { return c.suit() == Suit::Hearts; })});
        next.lines.push_back({"a joker: no one", chance([](const Card& c) { return c.isJoker(); })});
        preview.odds.push_back(next);
        if (!plan.area.empty()) {
            const Element* nearest = target->findElement(plan.area.front());
            const bool leaderFirst = nearest != nullptr && isLeader(*nearest);
            preview.facts.push_back({"Next struck by a 2-10", leaderFirst ? std::string("the nearest figure not a leader")
                                                                          : "figure " + plan.area.front() + ", the nearest"});
        }
    }
}

} // namespace sandtable::lshm
