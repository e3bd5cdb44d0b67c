#include "sandtable/what_if.h"

#include "sandtable/battle_geometry.h"

#include <functional>

namespace sandtable {

namespace {

bool sameOdds(const std::vector<Odds>& a, const std::vector<Odds>& b) {
    if (a.size() != b.size()) {
        return false;
    }
    for (std::size_t i = 0; i < a.size(); ++i) {
        if (a[i].lines.size() != b[i].lines.size()) {
            return false;
        }
        for (std::size_t j = 0; j < a[i].lines.size(); ++j) {
            if (a[i].lines[j].label != b[i].lines[j].label || !(a[i].lines[j].probability == b[i].lines[j].probability)) {
                return false;
            }
        }
    }
    return true;
}

} // namespace

std::vector<WhatIf> whatIfs(const Ruleset& ruleset, const Battle& battle, const Action& action) {
    std::vector<WhatIf> found;
    const Preview now = ruleset.preview(battle, action);
    const auto consider = [&](const std::string& change, const std::function<void(Battle&)>& make) {
        Battle changed = battle;
        make(changed);
        WhatIf whatIf{change, ruleset.preview(changed, action), {}, {}, false};
        whatIf.allowedChanged = whatIf.preview.allowed() != now.allowed();
        for (const ModifierCheck& after : whatIf.preview.modifiers) {
            for (const ModifierCheck& before : now.modifiers) {
                if (before.id == after.id && before.applies != after.applies) {
                    (after.applies ? whatIf.ticked : whatIf.unticked).push_back(after.name);
                }
            }
        }
        if (whatIf.allowedChanged || !whatIf.ticked.empty() || !whatIf.unticked.empty() || !sameOdds(now.odds, whatIf.preview.odds)) {
            found.push_back(std::move(whatIf));
        }
    };
    const std::vector<UnitSetting> settings = ruleset.unitSettings();
    for (const std::string& id : {action.unit, action.target}) {
        const Unit* unit = battle.findUnit(id);
        if (unit == nullptr) {
            continue;
        }
        for (const UnitSetting& setting : settings) {
            if (setting.counter) {
                const int value = unit->counters.count(setting.id) != 0 ? static_cast<int>(unit->counters.at(setting.id)) : setting.unset;
                for (const int other : {value - 1, value + 1}) {
                    if (other >= 0 && other <= setting.maximum) {
                        consider(unit->name + ": " + setting.name + " " + std::to_string(other),
                                 [&](Battle& b) { b.findUnit(id)->counters[setting.id] = other; });
                    }
                }
            } else {
                const bool has = unit->markers.count(setting.id) != 0;
                consider(unit->name + (has ? " not " : " ") + setting.name, [&](Battle& b) {
                    Unit& u = *b.findUnit(id);
                    has ? (void)u.markers.erase(setting.id) : (void)u.markers.insert(setting.id);
                });
            }
        }
    }
    if (const Unit* target = battle.findUnit(action.target)) {
        const std::string id = target->id;
        // Turned about its centre as a wheel in place turns it (battle_geometry.h).
        for (const auto& [shows, degrees] : {std::pair{"flank", 90.0}, std::pair{"rear", 180.0}}) {
            consider(target->name + " turned to show its " + shows, [&](Battle& b) {
                Unit& unit = *b.findUnit(id);
                unit = placedAt(unit, turned(unit, unit.elements.front().facing + degrees));
            });
        }
    }
    for (const std::string& id : {action.unit, action.target}) {
        const Unit* unit = battle.findUnit(id);
        if (unit == nullptr) {
            continue;
        }
        for (const Offer& offer : ruleset.rulingOffers(battle, id)) {
            if (offer.role == OrderRole::Formation && offer.type == "formation" && !offer.choice.empty() &&
                offer.choice != unit->formation) {
                consider(unit->name + " in " + offer.choice, [&](Battle& b) { b.findUnit(id)->formation = offer.choice; });
            }
        }
    }
    return found;
}

} // namespace sandtable
