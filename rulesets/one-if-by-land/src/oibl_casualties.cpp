#include "oibl_casualties.h"

#include "oibl_morale.h"

#include <algorithm>
#include <cmath>

namespace sandtable::oibl {

namespace {

bool hasStanding(const Element& stand) { return standingFigures(stand) > 0; }

/// The stand the next casualty comes from: the rear rank first, then the farthest out on
/// a flank, the command stand last; an artillery unit's crew, never its gun.
const Element* nextToLose(const Unit& unit) {
    const Element& command = commandStand(unit);
    const Element* best = nullptr;
    StandPlace bestPlace;
    for (const Element& stand : unit.elements) {
        if (!hasStanding(stand) || stand.role == "gun") {
            continue;
        }
        if (best == nullptr) {
            best = &stand;
            bestPlace = placeOf(unit, stand);
            continue;
        }
        const StandPlace place = placeOf(unit, stand);
        const bool commandNow = &stand == &command;
        const bool commandBest = best == &command;
        bool better = false;
        if (commandNow != commandBest) {
            better = commandBest;
        } else if (place.rank != bestPlace.rank) {
            better = place.rank > bestPlace.rank;
        } else if (std::abs(std::abs(place.across) - std::abs(bestPlace.across)) > 0.5) {
            better = std::abs(place.across) > std::abs(bestPlace.across);
        }
        if (better) {
            best = &stand;
            bestPlace = place;
        }
    }
    return best;
}

} // namespace

Unit withCasualties(const Unit& unit, int count) {
    Unit working = unit;
    for (int taken = 0; taken < count; ++taken) {
        const Element* next = nextToLose(working);
        if (next == nullptr) {
            break;
        }
        Element* stand = working.findElement(next->id);
        for (auto figure = stand->figures.rbegin(); figure != stand->figures.rend(); ++figure) {
            if (standing(*figure)) {
                *figure = Health::Killed;
                break;
            }
        }
    }
    return working;
}

int takeCasualties(Step& step, const std::string& unitId, int count, const std::string& cause) {
    const Unit& before = step.unit(unitId);
    if (count <= 0 || before.eliminated()) {
        return 0;
    }
    step.ruling("oibl-casualties");
    const std::string name = before.name;
    const Unit working = withCasualties(before, count);
    const int taken = figuresLeft(before) - figuresLeft(working);
    std::vector<std::string> changed;
    for (std::size_t i = 0; i < before.elements.size(); ++i) {
        if (before.elements[i].figures != working.elements[i].figures) {
            changed.push_back(before.elements[i].id);
        }
    }
    std::vector<std::string> emptied;
    for (const std::string& id : changed) {
        const Element* stand = working.findElement(id);
        step.emit(event::ElementFiguresSet{unitId, id, stand->figures});
        if (!hasStanding(*stand)) {
            emptied.push_back(id);
        }
    }
    // A gun whose crew is all gone is lost with them (RULINGS.md, oibl-artillery-crews).
    const bool crewed = std::any_of(working.elements.begin(), working.elements.end(),
                                    [](const Element& stand) { return stand.role == "crew" && hasStanding(stand); });
    if (!crewed) {
        for (const Element& stand : working.elements) {
            if (stand.role == "gun") {
                step.ruling("oibl-artillery-crews");
                emptied.push_back(stand.id);
            }
        }
    }
    if (!emptied.empty()) {
        step.emit(event::ElementsRemoved{unitId, emptied});
    }
    const Unit& after = step.unit(unitId);
    step.outcome(name + " loses " + std::to_string(taken) + (taken == 1 ? " figure" : " figures") + " (" + cause +
                     "): " + std::to_string(figuresLeft(after)) + " of " + std::to_string(startingFigures(after)) + " left" +
                     (after.eliminated() ? ", and is destroyed" : ""),
                 cite("MOUNTING CONVENTIONS"));
    if (after.eliminated()) {
        for (const Unit& officer : step.battle.units) {
            if (officer.attachedTo == unitId) {
                step.emit(event::Attached{officer.id, ""});
            }
        }
    }
    riskToGenerals(step, unitId, taken);
    return taken;
}

void riskToGenerals(Step& step, const std::string& unitId, int casualties) {
    if (casualties <= 0) {
        return;
    }
    const Unit& unit = step.unit(unitId);
    std::vector<std::string> officers;
    for (const Unit* officer : officersWith(step.battle, unit)) {
        officers.push_back(officer->id);
    }
    // A destroyed unit's general was beside it: he still takes the risk.
    for (const Unit& officer : step.battle.units) {
        if (isOfficer(officer) && !officer.eliminated() && officer.attachedTo == unitId &&
            std::find(officers.begin(), officers.end(), officer.id) == officers.end()) {
            officers.push_back(officer.id);
        }
    }
    if (officers.empty()) {
        return;
    }
    step.ruling("oibl-risk-to-generals");
    const int rolls = (casualties + 1) / 2; // "for each Two hits (rounded up)"
    const Chart& hit = step.data.chart("general-hit");
    const Chart& wound = step.data.chart("general-wound");
    for (const std::string& id : officers) {
        for (int i = 0; i < rolls; ++i) {
            const Unit& officer = step.unit(id);
            if (officer.eliminated()) {
                break;
            }
            const std::int64_t die = step.roll("d10z", officer.name + ": risk to generals", hit.source);
            const auto looked = hit.lookup(std::nullopt, die);
            if (!looked) {
                continue;
            }
            step.out.trace.lookup(hit, *looked);
            if (looked->cell.text != "hit") {
                continue;
            }
            const std::int64_t d6 = step.roll("d6", officer.name + ": wound", wound.source);
            const auto effect = wound.lookup(std::nullopt, d6);
            if (!effect) {
                continue;
            }
            step.out.trace.lookup(wound, *effect);
            const std::string& what = effect->cell.text;
            if (what == "killed") {
                generalKilled(step, id);
                break;
            }
            const Health now = officerHealth(officer);
            const Health wounded =
                what == "serious wound" || now == Health::HeavilyWounded ? Health::HeavilyWounded : Health::LightlyWounded;
            if (!officer.elements.empty()) {
                step.emit(event::ElementFiguresSet{id, officer.elements.front().id, {wounded}});
            }
            step.outcome(officer.name + (wounded == Health::HeavilyWounded ? " is seriously wounded: he moves 1d6\" a turn"
                                                                           : " is lightly wounded: he moves 10\" a turn"),
                         wound.source);
        }
    }
}

void generalKilled(Step& step, const std::string& officerId) {
    const Unit& officer = step.unit(officerId);
    const std::string name = officer.name;
    step.emit(rearmost(officer, static_cast<int>(officer.elements.size())));
    if (!officer.attachedTo.empty()) {
        step.emit(event::Attached{officerId, ""});
    }
    step.outcome(name + " is killed", cite("RISK TO GENERALS"));
    std::vector<std::string> under;
    for (const Command& command : step.battle.commands) {
        if (command.commander != officerId) {
            continue;
        }
        step.emit(event::CommandTaken{command.id, ""});
        for (const std::string& id : unitsUnder(step.battle, command.id)) {
            if (std::find(under.begin(), under.end(), id) == under.end()) {
                under.push_back(id);
            }
        }
    }
    for (const std::string& id : under) {
        const Unit* unit = step.battle.findUnit(id);
        if (unit != nullptr && fighting(*unit)) {
            receivePanic(step, id, "commander-killed");
        }
    }
}

} // namespace sandtable::oibl
