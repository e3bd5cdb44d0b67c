#include "oibl_fire.h"

#include "oibl_casualties.h"
#include "oibl_morale.h"
#include "oibl_movement.h"
#include "oibl_turn.h"
#include "sandtable/battle_geometry.h"
#include "sandtable/kit/modifier_check.h"
#include "sandtable/kit/preview.h"
#include "sandtable/measure.h"
#include "sandtable/unit_index.h"

#include <algorithm>
#include <array>
#include <cmath>

namespace sandtable::oibl {

namespace bg = boost::geometry;

namespace {

constexpr int kEdgeSamples = 11;

Point midpointOf(const Point& a, const Point& b) { return Point((a.x() + b.x()) / 2, (a.y() + b.y()) / 2); }

/// The stands of a unit that fire in its formation (FIRE COMBAT): two ranks of a close
/// order line, the one rank of an open line, a column's front rank, every skirmish stand,
/// a gun with crew left.
std::vector<const Element*> firingStands(const Data& data, const Unit& unit) {
    std::vector<const Element*> stands;
    const Firing fires = routing(unit) ? Firing::None : formationOf(data, unit).fires;
    const bool crewed = std::any_of(unit.elements.begin(), unit.elements.end(), [](const Element& stand) { return stand.role == "crew"; });
    for (const Element& stand : unit.elements) {
        const int rank = placeOf(unit, stand).rank;
        switch (fires) {
        case Firing::TwoRanks:
            if (rank <= 1) {
                stands.push_back(&stand);
            }
            break;
        case Firing::OneRank:
        case Firing::FrontRank:
            if (rank == 0) {
                stands.push_back(&stand);
            }
            break;
        case Firing::EachStand:
            stands.push_back(&stand);
            break;
        case Firing::Guns:
            if (stand.role == "gun" && crewed) {
                stands.push_back(&stand);
            }
            break;
        case Firing::None:
            break;
        }
    }
    return stands;
}

double arcOf(const Unit& unit) { return skirmishing(unit) ? 360.0 : 90.0; }

/// Where a stand's fire starts: the middle of its front edge (skirmishers: its centre).
Point fireOrigin(const Unit& unit, const Element& stand) {
    if (skirmishing(unit)) {
        return stand.centre;
    }
    const Segment front = stand.frontEdge();
    return midpointOf(front.first, front.second);
}

/// The target stand's edge that must lie in the arc: the one facing the firer, or its back
/// edge as printed (option stand-edge).
std::array<Point, 2> edgeOf(const Element& stand, const Point& firer, bool backEdge) {
    const auto corners = rectangleCorners(stand.centre, stand.width, stand.depth, stand.facing);
    if (backEdge) {
        return {corners[2], corners[3]};
    }
    std::array<Point, 2> best{corners[0], corners[1]};
    double nearest = 1e300;
    for (int i = 0; i < 4; ++i) {
        const Point& a = corners[static_cast<std::size_t>(i)];
        const Point& b = corners[static_cast<std::size_t>((i + 1) % 4)];
        const double distance = bg::distance(midpointOf(a, b), firer);
        if (distance < nearest) {
            nearest = distance;
            best = {a, b};
        }
    }
    return best;
}

struct Blockers {
    std::vector<std::array<Point, 4>> stands;          // other units' stands
    std::vector<std::pair<Point, Point>> skirmishGaps; // between neighbouring friendly skirmish stands
};

/// What may stand across the line of fire between a firer and a target: every other
/// unit's stands, and for skirmishers the gaps between friendly skirmish stands
/// ("provided they do not fire through another friendly skirmish stand or the space between two").
Blockers blockersBetween(const Battle& battle, const Unit& firer, const Unit& target) {
    Blockers blockers;
    bg::model::box<Point> box(firer.elements.front().centre, firer.elements.front().centre);
    for (const Unit* unit : {&firer, &target}) {
        for (const Element& stand : unit->elements) {
            for (const Point& corner : rectangleCorners(stand.centre, stand.width, stand.depth, stand.facing)) {
                bg::expand(box, corner);
            }
        }
    }
    for (const Unit* near : unitsNear(battle, box.min_corner(), box.max_corner(), 1)) {
        if (near->id == target.id || near->eliminated() || isOfficer(*near)) {
            continue;
        }
        if (near->id != firer.id) {
            for (const Element& stand : near->elements) {
                blockers.stands.push_back(rectangleCorners(stand.centre, stand.width, stand.depth, stand.facing));
            }
        }
        if (skirmishing(firer) && near->side == firer.side && skirmishing(*near)) {
            const auto rank = frontRank(*near);
            for (std::size_t i = 1; i < rank.size(); ++i) {
                const double gap = bg::distance(rank[i - 1]->centre, rank[i]->centre);
                if (gap <= 3 * rank[i]->width) {
                    blockers.skirmishGaps.push_back({rank[i - 1]->centre, rank[i]->centre});
                }
            }
        }
    }
    return blockers;
}

/// A margin in millimetres beyond rounding: a bound by centres decides only past it.
constexpr double kSureMm = 1e-6;

/// Whether `point` is within `range` (mm) of `stand`, whose outline is `outline`: by its
/// centre where that decides, else measured.
bool withinOf(const std::array<Point, 4>& outline, const Element& stand, const Point& point, double range) {
    const double fromCentre = bg::distance(stand.centre, point);
    if (fromCentre + kSureMm <= range) {
        return true; // the centre is within, and the stand nearer still
    }
    if (fromCentre - reachOf(stand) > range + kSureMm) {
        return false;
    }
    const std::array<Point, 1> at{point};
    return convexDistance(outline, at) <= range;
}

bool lineClear(const Battle& battle, const Blockers& blockers, const Point& from, const Point& to, const Element& firing) {
    if (!sightBlockers(battle, from, to).empty()) {
        return false;
    }
    const std::array<Point, 2> line{from, to};
    for (const auto& corners : blockers.stands) {
        if (convexOutlinesMeet(line, corners)) {
            return false;
        }
    }
    const Segment fire(from, to);
    for (const auto& [a, b] : blockers.skirmishGaps) {
        if (bg::distance(a, firing.centre) < 0.5 || bg::distance(b, firing.centre) < 0.5) {
            continue; // its own place in the line
        }
        if (bg::intersects(fire, Segment(a, b))) {
            return false;
        }
    }
    return true;
}

double maximumRange(const Data& data, const Unit& unit) {
    const RangeBands* bands = data.tables.findRangeBands(weaponOf(data, unit));
    return bands != nullptr ? bands->maximumRange() : 0.0;
}

} // namespace

TargetView viewOf(const Data& data, const RulesetOptions& options, const Battle& battle, const Unit& firer,
                  const std::vector<const Element*>& stands, const Unit& target) {
    TargetView view;
    if (stands.empty() || target.eliminated()) {
        view.reason = "nothing to fire with";
        return view;
    }
    const double range = maximumRange(data, firer);
    // Each firing stand's outline and the point its fire starts from, worked out once.
    std::vector<std::array<Point, 4>> outlines;
    std::vector<Point> origins;
    for (const Element* mine : stands) {
        outlines.push_back(rectangleCorners(mine->centre, mine->width, mine->depth, mine->facing));
        origins.push_back(fireOrigin(firer, *mine));
    }
    std::vector<std::array<Point, 4>> targetOutlines;
    for (const Element& theirs : target.elements) {
        targetOutlines.push_back(rectangleCorners(theirs.centre, theirs.width, theirs.depth, theirs.facing));
    }
    // The nearest stands, measured exactly only where their centres, less each stand's
    // reach, do not already put them farther than the nearest found (every stand of a
    // unit to every stand of the other was a third of a computer's refight).
    double nearestMm = 1e300;
    for (std::size_t k = 0; k < stands.size(); ++k) {
        for (std::size_t t = 0; t < target.elements.size(); ++t) {
            const Element& theirs = target.elements[t];
            if (bg::distance(stands[k]->centre, theirs.centre) - reachOf(*stands[k]) - reachOf(theirs) > nearestMm + kSureMm) {
                continue;
            }
            nearestMm = std::min(nearestMm, convexDistance(outlines[k], targetOutlines[t]));
        }
    }
    const double nearest = battle.table.toUnits(nearestMm);
    view.range = nearest;
    view.inRange = measure::atMost(nearest, range);
    if (!view.inRange) {
        view.reason = target.name + " is " + inches(nearest) + " away, beyond " + inches(range);
        return view;
    }
    const bool backEdge = option(options, "stand-edge", "back-edge");
    const Blockers blockers = blockersBetween(battle, firer, target);
    const double arc = arcOf(firer);
    const double rangeMm = battle.table.fromUnits(range) + measure::tolerance;
    bool anyInArc = false;
    for (const Element& theirs : target.elements) {
        const auto edge = edgeOf(theirs, firer.centre(), backEdge);
        int hit = 0;
        int arced = 0;
        for (int i = 0; i < kEdgeSamples; ++i) {
            if (2 * (hit + kEdgeSamples - i) <= kEdgeSamples) {
                break; // more than half can no longer be reached
            }
            if (2 * hit > kEdgeSamples) {
                break;
            }
            const double t = static_cast<double>(i) / (kEdgeSamples - 1);
            const Point at(edge[0].x() + (edge[1].x() - edge[0].x()) * t, edge[0].y() + (edge[1].y() - edge[0].y()) * t);
            bool arcedHere = false;
            for (std::size_t k = 0; k < stands.size(); ++k) {
                const Element* mine = stands[k];
                if (!inArc(*mine, at, arc) || !withinOf(outlines[k], *mine, at, rangeMm)) {
                    continue;
                }
                arcedHere = true;
                if (lineClear(battle, blockers, origins[k], at, *mine)) {
                    ++hit;
                    break;
                }
            }
            arced += arcedHere ? 1 : 0;
        }
        anyInArc = anyInArc || 2 * arced > kEdgeSamples;
        if (2 * hit > kEdgeSamples) {
            view.inArc = true;
            view.inSight = true;
            return view;
        }
    }
    view.inArc = anyInArc;
    view.reason = anyInArc
                      ? "the line of fire to " + target.name + " is blocked (RULINGS.md, oibl-sight)"
                      : "no more than half of any stand of " + possessive(target.name) + " " + (backEdge ? "back edge" : "edge facing it") +
                            " is in " + possessive(firer.name) + " arc (RULINGS.md, oibl-stand-edge)";
    return view;
}

std::string whyNoFire(const Data& data, const RulesetOptions& options, const Unit& unit) {
    if (unit.eliminated() || isOfficer(unit)) {
        return unit.name + " does not fire";
    }
    if (routing(unit)) {
        return unit.name + " is routing";
    }
    if (firingStands(data, unit).empty()) {
        return unit.name + (unit.formation == "limbered" ? " is limbered" : " has nothing to fire with");
    }
    if (weaponOf(data, unit).empty()) {
        return unit.name + " has no firearms";
    }
    if (counter(unit, "fired") != 0) {
        return unit.name + " has already fired this turn";
    }
    if (counter(unit, "charge-failed") != 0) {
        return unit.name + " failed its charge test: it fires only if charged";
    }
    if (counter(unit, "charging") != 0) {
        return unit.name + " is charging";
    }
    if (counter(unit, "prolonged") != 0) {
        return unit.name + " prolonged: \"The artillery may not fire at the end of prolong movement\"";
    }
    if (unit.markers.count("wavering") != 0 && data.qualityRank(unit.quality) > data.qualityRank("regular")) {
        return unit.name + " is wavering and " + qualityName(data, unit) + ": it may not fire (MORALE RESULTS)";
    }
    const bool moved = counter(unit, "moved") != 0 || counter(unit, "formation-changed") != 0 || counter(unit, "mounting") != 0;
    if (moved && !option(options, "move-and-fire", "any")) {
        const double allowance = counter(unit, "allowance") > 0 ? counter(unit, "allowance") : 0;
        const bool light = skirmishAbility(data, unit) && counter(unit, "formation-changed") == 0 && counter(unit, "mounting") == 0 &&
                           measure::atMost(counter(unit, "moved-length"), allowance / 2);
        if (!light) {
            return unit.name + " moved this turn: only troops with skirmish ability that moved at most half their move may fire "
                               "(RULINGS.md, oibl-move-or-fire)";
        }
    }
    return {};
}

namespace {

std::string statGun(const Unit& unit) {
    return unit.stats.is_object() && unit.stats.contains("gun") && unit.stats["gun"].is_string() ? unit.stats["gun"].get<std::string>()
                                                                                                 : std::string("medium");
}

int halve(int figures, bool up) { return up ? (figures + 1) / 2 : figures / 2; }

void add(ShotPlan& plan, const ModifierList& list, const std::string& id, int times, std::string reason) {
    plan.checks.push_back(kit::modifierCheck(list, id, times, std::move(reason)));
    if (times > 0) {
        plan.times[id] = times;
    }
}

void addRuling(ShotPlan& plan, const std::string& id) {
    if (std::find(plan.rulings.begin(), plan.rulings.end(), id) == plan.rulings.end()) {
        plan.rulings.push_back(id);
    }
}

} // namespace

ShotPlan planShot(const Data& data, const RulesetOptions& options, const Battle& battle, const std::vector<std::string>& firerIds,
                  const std::vector<std::string>& standIds, const std::string& targetId, const FireCircumstances& circumstances) {
    ShotPlan plan;
    plan.firers = firerIds;
    plan.stands = standIds;
    plan.target = targetId;
    const Unit* target = battle.findUnit(targetId);
    if (target == nullptr || target->eliminated()) {
        plan.refusal = targetId.empty() ? "choose a target" : "there is no unit \"" + targetId + "\" on the table";
        return plan;
    }
    if (isOfficer(*target)) {
        plan.refusal = "generals are not fired at: they are hurt only with the units they are with (RULINGS.md, oibl-risk-to-generals)";
        return plan;
    }
    std::vector<const Unit*> firers;
    for (const std::string& id : firerIds) {
        const Unit* firer = battle.findUnit(id);
        if (firer == nullptr) {
            plan.refusal = "there is no unit \"" + id + "\"";
            return plan;
        }
        if (firer->side == target->side) {
            plan.refusal = target->name + " is on " + possessive(firer->name) + " side";
            return plan;
        }
        firers.push_back(firer);
    }
    if (firers.empty()) {
        plan.refusal = "no unit fires";
        return plan;
    }
    plan.cannon = firers.front()->arm == Arm::Guns;
    if (firers.size() > 1) {
        addRuling(plan, "oibl-combined-fire");
        if (std::any_of(firers.begin(), firers.end(), [](const Unit* unit) { return unit->arm == Arm::Guns; })) {
            plan.refusal = "each cannon fires alone: no grand battery (ARTILLERY FIREPOWER)";
            return plan;
        }
    }
    double nearest = 1e300;
    for (const Unit* firer : firers) {
        if (!circumstances.defensive) {
            if (std::string why = whyNoFire(data, options, *firer); !why.empty()) {
                plan.refusal = why;
                return plan;
            }
        } else if (routing(*firer) || firingStands(data, *firer).empty()) {
            plan.refusal = firer->name + " cannot fire";
            return plan;
        }
        std::vector<const Element*> stands = firingStands(data, *firer);
        if (!standIds.empty() && firers.size() == 1) {
            std::vector<const Element*> chosen;
            for (const Element* stand : stands) {
                if (std::find(standIds.begin(), standIds.end(), stand->id) != standIds.end()) {
                    chosen.push_back(stand);
                }
            }
            if (chosen.size() != standIds.size()) {
                plan.refusal = "only " + possessive(firer->name) + " own firing stands may be given targets";
                return plan;
            }
            stands = chosen;
        }
        const TargetView view = viewOf(data, options, battle, *firer, stands, *target);
        addRuling(plan, "oibl-stand-edge");
        if (!view.eligible()) {
            plan.refusal = firer->name + ": " + view.reason;
            if (!view.inSight && view.inArc) {
                addRuling(plan, "oibl-sight");
            }
            return plan;
        }
        nearest = std::min(nearest, view.range);
        int figures = 0;
        if (firer->arm == Arm::Guns) {
            const Gun* gun = data.gun(statGun(*firer));
            figures = gun != nullptr ? gun->figures * static_cast<int>(stands.size()) : 0;
            plan.figureNotes.push_back(firer->name + ": " + (gun != nullptr ? gun->name : std::string("a cannon")) + " fires as " +
                                       std::to_string(figures) + " figures");
            addRuling(plan, "oibl-artillery-crews");
        } else {
            for (const Element* stand : stands) {
                figures += standingFigures(*stand);
            }
            plan.figureNotes.push_back(firer->name + ": " + std::to_string(figures) + " figures on " + std::to_string(stands.size()) +
                                       " firing stand" + (stands.size() == 1 ? "" : "s") + " (" + formationOf(data, *firer).name + ")");
        }
        // Halvings, each as its rule says to round.
        const auto halved = [&](bool up, const std::string& why, const char* ruling) {
            figures = halve(figures, up);
            plan.figureNotes.push_back(firer->name + ": half, rounded " + (up ? "up" : "down") + " (" + why +
                                       "): " + std::to_string(figures));
            if (ruling != nullptr) {
                addRuling(plan, ruling);
            }
        };
        if (circumstances.halfRoundedDown) {
            halved(false, "failed its test by 1 defending a charge", "oibl-defender-fire");
        } else if (circumstances.halfRoundedUp) {
            halved(true, "skirmishers firing as they evade", "oibl-evade");
        } else if (!circumstances.defensive && firer->markers.count("wavering") != 0) {
            halved(true, "wavering", "oibl-wavering");
        }
        if (counter(*firer, "rallied") != 0 && firer->markers.count("reforming") != 0) {
            halved(false, "reforming after a rally", "oibl-reforming");
        }
        const bool moved = counter(*firer, "moved") != 0;
        if (!circumstances.defensive && moved && !option(options, "move-and-fire", "any")) {
            halved(true, "Light Infantry Move/Fire: moved up to half its move", "oibl-move-or-fire");
        }
        plan.figures += figures;
    }
    plan.range = nearest;
    const ModifierList& list = data.modifiers("firing");
    const Unit& first = *firers.front();
    if (plan.cannon) {
        const RangeBands* bands = data.tables.findRangeBands("artillery");
        const RangeBand* band = bands != nullptr ? bands->bandFor(nearest) : nullptr;
        plan.band = band != nullptr ? band->name : "";
        addRuling(plan, "oibl-cannon-bands");
        add(plan, list, "point-blank", 0, "small arms only");
        add(plan, list, "cannon-12-25", band != nullptr && band->id == "12-25" ? 1 : 0, inches(nearest));
        add(plan, list, "cannon-over-25", band != nullptr && band->id == "over-25" ? 1 : 0, inches(nearest));
    } else {
        const bool pointBlank = circumstances.defensive || measure::atMost(nearest, 2);
        plan.band = pointBlank ? "point blank" : "within range";
        if (circumstances.defensive) {
            addRuling(plan, "oibl-defender-fire");
        }
        add(plan, list, "point-blank", pointBlank ? 1 : 0,
            circumstances.defensive ? "fires at the charging attacker at Two (2) Inch Range" : inches(nearest));
        add(plan, list, "cannon-12-25", 0, "cannon only");
        add(plan, list, "cannon-over-25", 0, "cannon only");
    }
    const bool marksmen =
        std::any_of(firers.begin(), firers.end(), [](const Unit* u) { return u->stats.is_object() && u->stats.value("marksmen", false); });
    add(plan, list, "marksmen", marksmen ? 1 : 0, marksmen ? "marksmen, as the scenario says" : "not marksmen");
    const bool columnOrMounted = target->formation == "column" || mounted(*target);
    add(plan, list, "column-or-mounted", columnOrMounted ? 1 : 0,
        target->formation == "column" ? target->name + " is in column"
        : mounted(*target)            ? target->name + " is mounted cavalry"
                                      : "neither");
    std::string flank;
    if (!skirmishing(*target)) {
        for (const Unit* firer : firers) {
            const Face face = attackedFace(*target, *firer);
            if (face != Face::Front) {
                flank = "from its " + toString(face);
                break;
            }
        }
    }
    add(plan, list, "flank-or-rear", flank.empty() ? 0 : 1,
        flank.empty() ? (skirmishing(*target) ? "skirmishers have no flanks or rear" : "at its front") : flank);
    const auto worst = [&](const char* quality) {
        return std::any_of(firers.begin(), firers.end(), [&](const Unit* u) { return u->quality == quality; });
    };
    add(plan, list, "poor", worst("poor") ? 1 : 0, worst("poor") ? "a firer is Poor" : "no firer is Poor");
    add(plan, list, "wretched", worst("wretched") ? 1 : 0, worst("wretched") ? "a firer is Wretched" : "no firer is Wretched");
    const CoverCheck cover = coverOf(battle, *target, &first);
    add(plan, list, "light-cover", cover.cover == Cover::Light ? 1 : 0, cover.cover == Cover::Light ? cover.reason : "not in light cover");
    add(plan, list, "heavy-cover", cover.cover == Cover::Heavy ? 1 : 0, cover.cover == Cover::Heavy ? cover.reason : "not in heavy cover");
    if (cover.cover != Cover::None) {
        addRuling(plan, "oibl-cover");
    }
    const ModifierApplication applied = list.apply(Fraction(0), plan.times);
    plan.modifier = static_cast<int>(boost::rational_cast<std::int64_t>(applied.exact));
    if (plan.figures == 1) {
        addRuling(plan, "oibl-single-figure");
    }
    if (plan.figures > 30) {
        addRuling(plan, "oibl-excess-figures");
    }
    return plan;
}

namespace {

/// One lookup's distribution: the row for `figures` (at most 30), by a d10 read 0-9 plus the modifier.
Distribution rowDistribution(const Data& data, const RulesetOptions& options, int figures, int modifier) {
    if (figures <= 0 || (figures == 1 && option(options, "single-figure", "no-effect"))) {
        return Distribution::certain(0);
    }
    const Chart& chart = data.chart("combat-table");
    const Distribution die = Distribution::uniform(0, 9).map([modifier](std::int64_t face) { return face + modifier; });
    auto looked = chart.distribution(std::max(2, figures), die);
    return looked ? *looked : Distribution::certain(0);
}

std::int64_t cellFor(const Data& data, const RulesetOptions& options, int figures, std::int64_t column) {
    if (figures <= 0 || (figures == 1 && option(options, "single-figure", "no-effect"))) {
        return 0;
    }
    const auto looked = data.chart("combat-table").lookup(std::max(2, figures), column);
    return looked ? looked->cell.number : 0;
}

} // namespace

Distribution casualtiesOf(const Data& data, const RulesetOptions& options, const ShotPlan& plan) {
    if (option(options, "excess-roll", "same-roll")) {
        return Distribution::uniform(0, 9).map([&](std::int64_t face) {
            std::int64_t total = 0;
            for (int left = plan.figures; left > 0; left -= 30) {
                total += cellFor(data, options, std::min(30, left), face + plan.modifier);
            }
            return total;
        });
    }
    Distribution total = Distribution::certain(0);
    for (int left = plan.figures; left > 0; left -= 30) {
        total = total.plus(rowDistribution(data, options, std::min(30, left), plan.modifier));
    }
    return total;
}

int rollCombatTable(Step& step, int figures, int modifier, const std::string& purpose) {
    const Chart& chart = step.data.chart("combat-table");
    const bool sameRoll = option(step.options, "excess-roll", "same-roll");
    if (figures > 30) {
        step.ruling("oibl-excess-figures");
    }
    int casualties = 0;
    std::int64_t face = -1;
    for (int left = figures; left > 0; left -= 30) {
        const int rolled = std::min(30, left);
        if (rolled == 1) {
            step.ruling("oibl-single-figure");
        }
        if (face < 0 || !sameRoll) {
            face = step.roll("d10z", purpose + (left < figures ? " (the excess over 30)" : ""), chart.source);
        }
        if (rolled == 1 && option(step.options, "single-figure", "no-effect")) {
            step.outcome("one figure has no effect (option single-figure)", step.data.ruling("oibl-single-figure").interprets);
            continue;
        }
        if (const auto looked = chart.lookup(std::max(2, rolled), face + modifier)) {
            step.out.trace.lookup(chart, *looked);
            casualties += static_cast<int>(looked->cell.number);
        }
    }
    return casualties;
}

int resolveShot(Step& step, const ShotPlan& plan, bool triggers) {
    for (const std::string& ruling : plan.rulings) {
        step.ruling(ruling);
    }
    for (const std::string& note : plan.figureNotes) {
        step.outcome(note, cite("FIRE COMBAT"));
    }
    for (const ModifierCheck& check : plan.checks) {
        kit::traceCheck(step.out.trace, check);
    }
    const std::string targetName = step.unit(plan.target).name;
    const bool targetIsGun = step.unit(plan.target).arm == Arm::Guns;
    std::string firerNames;
    for (const std::string& id : plan.firers) {
        firerNames += (firerNames.empty() ? "" : " and ") + step.unit(id).name;
    }
    const int casualties = rollCombatTable(step, plan.figures, plan.modifier, firerNames + ": fire at " + targetName);
    const int taken = takeCasualties(step, plan.target, casualties, "fire of " + firerNames);
    for (const std::string& id : plan.firers) {
        setCounter(step, id, "fired", 1);
    }
    const Unit& after = step.unit(plan.target);
    // Counter-battery: "If firing at other artillery and a casualty is caused, roll an
    // additional 1d10. On a die roll of 8 or 9, the target cannon is destroyed as well."
    if (plan.cannon && targetIsGun && taken > 0 && !after.eliminated()) {
        step.ruling("oibl-counter-battery");
        const Chart& battery = step.data.chart("counter-battery");
        const std::int64_t die = step.roll("d10z", firerNames + ": counter-battery, the extra d10", battery.source);
        if (const auto looked = battery.lookup(std::nullopt, die)) {
            step.out.trace.lookup(battery, *looked);
            if (looked->cell.text == "target cannon destroyed") {
                step.emit(rearmost(after, static_cast<int>(after.elements.size())));
                step.outcome(possessive(targetName) + " cannon is destroyed", battery.source);
            }
        }
    }
    if (!triggers || step.unit(plan.target).eliminated()) {
        return taken;
    }
    // Fired on by 6+ figures in a turn (after halving): Poor and Wretched take a marker.
    const double firedOn = counter(step.unit(plan.target), "fired-on") + plan.figures;
    setCounter(step, plan.target, "fired-on", firedOn);
    if (taken > 0) {
        receivePanic(step, plan.target, "casualties");
    }
    const Unit& shaken = step.unit(plan.target);
    const bool poor = shaken.quality == "poor" || shaken.quality == "wretched";
    if (poor && firedOn >= 6 && !shaken.eliminated()) {
        receivePanic(step, plan.target, "heavy-fire");
    }
    return taken;
}

std::vector<std::string> fireTargets(const Data& data, const RulesetOptions& options, const Battle& battle, const Unit& firer) {
    std::vector<std::string> targets;
    const auto stands = firingStands(data, firer);
    if (stands.empty()) {
        return targets;
    }
    for (const Unit* enemy : enemiesWithin(battle, firer, maximumRange(data, firer))) {
        if (viewOf(data, options, battle, firer, stands, *enemy).eligible()) {
            targets.push_back(enemy->id);
        }
    }
    return targets;
}

bool mayFire(const Data& data, const RulesetOptions& options, const Battle& battle, const Unit& unit) {
    if (!whyNoFire(data, options, unit).empty()) {
        return false;
    }
    const auto stands = firingStands(data, unit);
    if (stands.empty()) {
        return false;
    }
    const auto enemies = enemiesWithin(battle, unit, maximumRange(data, unit));
    return std::any_of(enemies.begin(), enemies.end(),
                       [&](const Unit* enemy) { return viewOf(data, options, battle, unit, stands, *enemy).eligible(); });
}

void offerFire(const Data& data, const RulesetOptions& options, const Battle& battle, const Unit& unit, std::vector<Offer>& offers) {
    if (!whyNoFire(data, options, unit).empty()) {
        return;
    }
    const auto targets = fireTargets(data, options, battle, unit);
    if (targets.empty()) {
        return;
    }
    if (skirmishing(unit) && unit.elements.size() > 1) {
        Offer split{.type = "fire",
                    .label = "Fire (each stand at its own target)",
                    .unit = unit.id,
                    .role = OrderRole::Fire,
                    .input = OrderInput::ElementTargets,
                    .targets = targets};
        for (const Element* stand : firingStands(data, unit)) {
            split.elements.push_back(stand->id);
        }
        offers.push_back(split);
    } else {
        offers.push_back(
            {.type = "fire", .label = "Fire", .unit = unit.id, .role = OrderRole::Fire, .input = OrderInput::Target, .targets = targets});
    }
    // Combined fire with the brigade's other units that may fire at one of the same targets.
    if (unit.arm == Arm::Guns) {
        return;
    }
    std::vector<std::string> with;
    std::vector<std::string> shared;
    for (const std::string& id : actingUnits(battle)) {
        const Unit* other = battle.findUnit(id);
        if (other == nullptr || other->id == unit.id || other->arm == Arm::Guns || !whyNoFire(data, options, *other).empty()) {
            continue;
        }
        bool joins = false;
        for (const std::string& target : fireTargets(data, options, battle, *other)) {
            if (std::find(targets.begin(), targets.end(), target) != targets.end()) {
                joins = true;
                if (std::find(shared.begin(), shared.end(), target) == shared.end()) {
                    shared.push_back(target);
                }
            }
        }
        if (joins) {
            with.push_back(id);
        }
    }
    if (!with.empty()) {
        std::vector<std::string> ordered;
        for (const std::string& target : targets) {
            if (std::find(shared.begin(), shared.end(), target) != shared.end()) {
                ordered.push_back(target);
            }
        }
        offers.push_back({.type = "combined-fire",
                          .label = "Fire together with the brigade",
                          .unit = unit.id,
                          .role = OrderRole::Fire,
                          .input = OrderInput::Target,
                          .targets = ordered,
                          .with = with});
    }
}

namespace {

/// The shots an order makes: one for a unit or a combined order, one per target of a
/// skirmishing unit's stands.
std::vector<ShotPlan> shotsOf(const Data& data, const RulesetOptions& options, const Battle& battle, const Unit& unit,
                              const Action& action) {
    std::vector<ShotPlan> shots;
    if (action.type == "combined-fire") {
        std::vector<std::string> firers{unit.id};
        for (const std::string& id : action.with) {
            const Unit* other = battle.findUnit(id);
            if (other == nullptr || other->side != unit.side) {
                continue;
            }
            const auto targets = fireTargets(data, options, battle, *other);
            if (std::find(targets.begin(), targets.end(), action.target) != targets.end() && whyNoFire(data, options, *other).empty()) {
                firers.push_back(id);
            }
        }
        shots.push_back(planShot(data, options, battle, firers, {}, action.target));
        return shots;
    }
    if (action.elements.empty()) {
        shots.push_back(planShot(data, options, battle, {unit.id}, {}, action.target));
        return shots;
    }
    // Each target with the stands aimed at it: "the fire of a single stand may not be split".
    std::vector<std::string> order;
    std::map<std::string, std::vector<std::string>> byTarget;
    for (const ElementOrder& aimed : action.elements) {
        if (byTarget.count(aimed.target) == 0) {
            order.push_back(aimed.target);
        }
        byTarget[aimed.target].push_back(aimed.element);
    }
    for (const std::string& target : order) {
        shots.push_back(planShot(data, options, battle, {unit.id}, byTarget[target], target));
    }
    return shots;
}

/// The chance the counter-battery d10 (0-9) reads "target cannon destroyed".
Probability counterBatteryChance(const Data& data) {
    const Chart& battery = data.chart("counter-battery");
    int faces = 0;
    for (std::int64_t die = 0; die <= 9; ++die) {
        const auto looked = battery.lookup(std::nullopt, die);
        faces += looked && looked->cell.text == "target cannon destroyed" ? 1 : 0;
    }
    return Probability(faces, 10);
}

/// The target's morale after the fire, exactly: each number of casualties weighed with
/// the test it would then take (none if it already carries a Panic Marker).
Odds moraleAfterFire(const Data& data, const RulesetOptions& options, const Battle& battle, const Unit& target, const ShotPlan& shot,
                     const Distribution& casualties) {
    Odds odds{possessive(target.name) + " morale after the fire", {}, {}};
    if (hasPanicMarker(target)) {
        odds.title += " (it already carries a Panic Marker: no test)";
        odds.lines.push_back({"no test", Probability(1)});
        return odds;
    }
    const bool poor = target.quality == "poor" || target.quality == "wretched";
    const bool heavyFire = poor && counter(target, "fired-on") + shot.figures >= 6;
    Probability untested = 0;
    Probability pass = 0;
    Probability byOne = 0;
    Probability byTwo = 0;
    Battle after = battle; // the target stands in it as it would after each number of casualties
    Unit& hit = *after.findUnit(target.id);
    for (const std::int64_t count : casualties.outcomes()) {
        const Probability chance = casualties.probability(count);
        if (count == 0 && !heavyFire) {
            untested += chance;
            continue;
        }
        hit = withCasualties(target, static_cast<int>(count));
        const Odds test = moraleOdds(planMorale(data, options, after, hit, {}), "");
        pass += chance * test.lines[0].probability;
        byOne += chance * test.lines[1].probability;
        byTwo += chance * test.lines[2].probability;
    }
    odds.lines = {{"no test (no casualty)", untested},
                  {"tests and passes", pass},
                  {"fails by 1: wavers", byOne},
                  {"fails by 2 or more: routs", byTwo}};
    return odds;
}

} // namespace

void previewFire(const Data& data, const RulesetOptions& options, const Battle& battle, const Unit& unit, const Action& action,
                 Preview& preview) {
    // Every enemy within reach and why it may or may not be fired at, while no target is
    // chosen: what a player reads when choosing one.
    const bool choosing = action.target.empty() && action.elements.empty();
    const auto stands = firingStands(data, unit);
    for (const Unit& candidate : battle.units) {
        if (!choosing || candidate.side == unit.side || !fighting(candidate) || stands.empty()) {
            continue;
        }
        if (measure::exceeds(battle.table.toUnits(gapAtLeast(unit, candidate)), maximumRange(data, unit) + 1)) {
            continue;
        }
        const TargetView view = viewOf(data, options, battle, unit, stands, candidate);
        TargetCheck check;
        check.unit = candidate.id;
        check.distance = view.range;
        check.band = view.inRange && measure::atMost(view.range, 2) && unit.arm != Arm::Guns ? "point blank"
                     : view.inRange                                                          ? "in range"
                                                                                             : "";
        check.inArc = view.inArc;
        check.inSight = view.inSight;
        check.eligible = view.eligible();
        check.reason = view.reason;
        preview.targets.push_back(check);
    }
    if (const std::string why = whyNoFire(data, options, unit); !why.empty()) {
        preview.refusal = why;
        return;
    }
    if (action.target.empty() && action.elements.empty()) {
        preview.refusal = "choose a target";
        return;
    }
    for (const ShotPlan& shot : shotsOf(data, options, battle, unit, action)) {
        if (!shot.refusal.empty()) {
            preview.refusal = shot.refusal;
            return;
        }
        const std::string targetName = battle.findUnit(shot.target)->name;
        preview.facts.push_back({"Target", targetName + ", " + inches(shot.range) + " (" + shot.band + ")"});
        for (const std::string& note : shot.figureNotes) {
            preview.facts.push_back({"Figures", note});
        }
        preview.facts.push_back(
            {"Firing", std::to_string(shot.figures) + " figures, d10 " + (shot.modifier >= 0 ? "+" : "") + std::to_string(shot.modifier)});
        for (const ModifierCheck& check : shot.checks) {
            preview.modifiers.push_back(check);
        }
        const Distribution casualties = casualtiesOf(data, options, shot);
        preview.odds.push_back(kit::oddsOf("Casualties on " + targetName, casualties));
        const Unit* target = battle.findUnit(shot.target);
        if (target != nullptr) {
            preview.odds.push_back(moraleAfterFire(data, options, battle, *target, shot, casualties));
        }
        if (shot.cannon && target != nullptr && target->arm == Arm::Guns) {
            // A casualty caused, then the extra d10 of the counter-battery chart.
            const Probability hit = 1 - casualties.probability(0);
            const Probability destroyed = hit * counterBatteryChance(data);
            preview.odds.push_back(
                Odds{"Counter-battery: the target cannon destroyed", {{"destroyed", destroyed}, {"not", 1 - destroyed}}, {}});
        }
        for (const std::string& ruling : shot.rulings) {
            kit::showRuling(preview, data, ruling);
        }
    }
}

void resolveFire(Step& step, const Action& action) {
    const Unit& unit = step.unit(action.unit);
    if (action.target.empty() && action.elements.empty()) {
        step.refuse("choose a target");
        return;
    }
    const auto shots = shotsOf(step.data, step.options, step.battle, unit, action);
    for (const ShotPlan& shot : shots) {
        if (!shot.refusal.empty()) {
            step.refuse(shot.refusal);
            return;
        }
    }
    // Every shot is worked out from the same moment; each then takes its effect.
    for (const ShotPlan& shot : shots) {
        resolveShot(step, shot);
    }
    setCounter(step, action.unit, "fired", 1);
}

} // namespace sandtable::oibl
