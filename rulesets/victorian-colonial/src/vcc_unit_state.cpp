#include "vcc_unit_state.h"

#include "sandtable/range_bands.h"
#include "vcc_grid.h"
#include "vcc_hits.h"
#include "vcc_melee.h"
#include "vcc_movement.h"

namespace sandtable::vcc {

std::string unitStateText(const Data& data, const RulesetOptions& options, const Battle& battle, const Unit& unit) {
    if (unit.eliminated()) {
        return "destroyed";
    }
    const TroopType& type = typeOf(data, unit);
    if (type.commander) {
        return "the Army Commander: +2 to the morale of units in his box";
    }
    const int count = moraleCount(unit);
    std::string text = type.countsGunners ? std::to_string(gunners(unit)) + " gunners" + (hasLeader(unit) ? " and a leader base" : "")
                                          : std::to_string(count) + (count == 1 ? " base" : " bases");
    text += " in " + boxName(boxOf(battle, unit)) + " (morale " + std::to_string(count) + ")";
    if (const int carried = static_cast<int>(counter(unit, "hits-carried")); carried > 0) {
        text += "; " + std::to_string(carried) + " of " + std::to_string(hitsPerBase(data, options, unit)) + " hits toward the next base";
    }
    if (!hasLeader(unit)) {
        text += "; no leader base";
    } else if (const int wounds = static_cast<int>(counter(unit, "leader-wounds")); wounds > 0) {
        text += "; leader wounded " + std::to_string(wounds) + (wounds == 1 ? " time" : " times");
    }
    if (counter(unit, "leader-cheered") > 0) {
        text += "; +1 to its next morale check";
    }
    if (inSquare(unit)) {
        text += "; in square";
    }
    if (broken(unit)) {
        text += "; broken: may not move or shoot until rallied";
    } else if (prone(unit)) {
        text += "; prone: may shoot, must rally to move";
    }
    if (const auto enemies = contactsOf(battle, unit.id); !enemies.empty()) {
        text += "; in contact with " + battle.findUnit(enemies.front())->name;
    }
    if (counter(unit, "moved") > 0) {
        text += "; moved (x1/2 to its fire)";
    }
    return text;
}

UnitOverlay overlayOf(const Data& data, const RulesetOptions& options, const Battle& battle, const Unit& unit) {
    UnitOverlay overlay;
    const Box here = boxOf(battle, unit);
    const std::string weapon = weaponOf(data, unit);
    std::string about = weapon.empty() ? "does not fire" : weapon == "rockets" ? "rockets: any box in its front arc" : "";
    if (const RangeBands* bands = weapon.empty() ? nullptr : data.tables.findRangeBands(weapon)) {
        about = bands->name + ":";
        int from = 1;
        for (const RangeBand& band : bands->bands) {
            const int to = static_cast<int>(band.to);
            UnitOverlay::BoxSet set{UnitOverlay::BoxSetKind::Range, band.name + " range", {}};
            for (const Box& box : boxesWithin(battle.table, here, to)) {
                const int boxes = boxesBetween(options, here, box);
                if (boxes >= from && boxes <= to && (inSquare(unit) || inFrontArc(battle.table, here, facingOf(unit), box))) {
                    set.boxes.push_back(box);
                }
            }
            about += " " + band.name + " " + (from == to ? std::to_string(to) : std::to_string(from) + "-" + std::to_string(to));
            overlay.boxSets.push_back(std::move(set));
            from = to + 1;
        }
        about += " boxes";
    }
    if (const std::string why = whyNoMove(battle, unit); why.empty()) {
        const int move = typeOf(data, unit).move;
        if (auto boxes = reach(data, options, battle, unit); !boxes.empty()) {
            overlay.boxSets.insert(overlay.boxSets.begin(),
                                   UnitOverlay::BoxSet{UnitOverlay::BoxSetKind::Reach, "may move to", std::move(boxes)});
            overlay.move = battle.table.fromUnits(move);
            about += "; moves " + lengthText(move, MeasureUnit::Box);
        } else {
            about += inSquare(unit) ? "; in square: cannot move" : move == 0 ? "; may only pivot" : "; no box in reach";
        }
    } else {
        about += "; " + why;
    }
    overlay.about = std::move(about);
    return overlay;
}

} // namespace sandtable::vcc
