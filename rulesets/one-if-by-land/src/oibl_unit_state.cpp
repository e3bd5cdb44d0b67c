#include "oibl_unit_state.h"

#include "oibl_movement.h"
#include "oibl_turn.h"
#include "sandtable/kit/overlay.h"

#include <algorithm>

namespace sandtable::oibl {

std::string unitStateText(const Data& data, const RulesetOptions& options, const Battle& battle, const Unit& unit) {
    if (unit.eliminated()) {
        return counter(unit, "left-table") != 0 ? "left the table" : "destroyed";
    }
    std::vector<std::string> parts;
    if (isOfficer(unit)) {
        const Health health = officerHealth(unit);
        parts.push_back(health == Health::LightlyWounded   ? "lightly wounded (moves 10\")"
                        : health == Health::HeavilyWounded ? "seriously wounded (moves 1d6\")"
                                                           : "unhurt");
        if (!unit.attachedTo.empty()) {
            const Unit* with = battle.findUnit(unit.attachedTo);
            parts.push_back("with " + (with != nullptr ? with->name : unit.attachedTo));
        }
        parts.push_back("rating -" + std::to_string(std::max(1, unit.stats.value("command", 1))));
    } else {
        const int left = figuresLeft(unit);
        const int start = startingFigures(unit);
        const int lost = start > 0 ? (start - left) * 100 / start : 0;
        parts.push_back(std::to_string(left) + " of " + std::to_string(start) + " figures" +
                        (lost >= 75   ? " (75% casualties)"
                         : lost >= 50 ? " (50% casualties)"
                         : lost >= 25 ? " (25% casualties)"
                                      : ""));
        parts.push_back(qualityName(data, unit) + ", Morale Number " + std::to_string(moraleNumber(data, battle, unit, false)));
        parts.push_back(routing(unit) ? std::string("routing, in no formation") : formationOf(data, unit).name);
    }
    if (hasPanicMarker(unit)) {
        parts.push_back("Panic Marker");
    }
    if (unit.markers.count("wavering") != 0) {
        parts.push_back("wavering: may not advance");
    }
    if (unit.markers.count("reforming") != 0) {
        parts.push_back("reforming in place");
    }
    if (unit.markers.count("retreating") != 0) {
        parts.push_back("retreating (deliberate)");
    }
    if (unit.markers.count("dismounted") != 0) {
        parts.push_back("dismounted");
    }
    if (listed(battle, "acted", unit.id) && !acting(battle, unit.id)) {
        parts.push_back("has acted this turn");
    }
    if (acting(battle, unit.id)) {
        if (const auto allowance = allowanceOf(data, options, unit)) {
            parts.push_back("moves " + inches(*allowance - counter(unit, "used")) + " more");
        }
        if (counter(unit, "charging") != 0) {
            parts.push_back("charging");
        }
        if (counter(unit, "fired") != 0) {
            parts.push_back("has fired");
        }
    }
    if (counter(unit, "charge-failed") != 0) {
        parts.push_back("failed a charge: may not move or fire this turn");
    }
    std::string text;
    for (const std::string& part : parts) {
        text += (text.empty() ? "" : "; ") + part;
    }
    return text;
}

UnitOverlay overlayOf(const Data& data, const RulesetOptions& options, const Battle& battle, const Unit& unit) {
    UnitOverlay overlay;
    std::string about = "no firearms";
    const std::string weapon = weaponOf(data, unit);
    if (!weapon.empty() && !isOfficer(unit)) {
        const RangeBands& bands = data.ranges(weapon);
        overlay = kit::weaponOverlay(battle.table, bands.name, bands, skirmishing(unit) ? 360.0 : 90.0);
        about = overlay.about;
    }
    if (acting(battle, unit.id)) {
        if (const auto allowance = allowanceOf(data, options, unit)) {
            overlay.move = battle.table.fromUnits(std::max(0.0, *allowance - counter(unit, "used")));
            about += "; moves " + battle.table.formatLength(*overlay.move) + " more";
        } else {
            about += "; moves " + rateText(data, options, rateOf(data, unit)) + ", rolled when it moves";
        }
    }
    overlay.about = std::move(about);
    return overlay;
}

} // namespace sandtable::oibl
