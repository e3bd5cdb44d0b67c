#pragma once

#include "lshm_figures.h"
#include "sandtable/ruleset.h"

#include <string>
#include <vector>

namespace sandtable::lshm {

/// One roll of a unit's fire at one target (2. How to fire): the figures firing one
/// weapon into the target's area, the area's figures, the target's class and whether most
/// firers are at half range or less.
struct FireGroup {
    std::string weapon; // musket, rifle, carbine, pistol, ball, grape
    std::vector<std::string> firers;
    int figures = 0; // as counted: a gun's crew counts as 12, 9 or 6
    bool halfRange = false;
};

struct FirePlan {
    std::vector<FireGroup> groups;
    std::vector<std::string> area; // the target figures that may be struck, nearest first
    int targetClass = 1;
    std::string classWhy;
    bool atArtillery = false;
    std::vector<std::string> notes;
    std::string refusal;
};

/// Which of the unit's figures fire at `target` and how (`shot`: "ball" or "grape" for a gun),
/// or as a volley straight ahead (special rule 1).
FirePlan planFire(const Data& data, const Battle& battle, const Unit& unit, const Unit& target, const std::string& shot, bool volley);
/// The enemy units the unit could fire at now (any figure of it in a firer's cone and range).
std::vector<std::string> fireTargets(const Data& data, const Battle& battle, const Unit& unit, bool volley);
/// Whether the unit has any enemy it could fire at now (fireTargets, stopping at the first).
bool hasFireTarget(const Data& data, const Battle& battle, const Unit& unit);
/// Whether any figure of the unit may fire at all now (special rules 5 and 6).
bool mayFire(const Battle& battle, const Unit& unit);

void resolveFire(Step& step, const Action& action);
void previewFire(const Data& data, const RulesetOptions& options, const Battle& battle, const Unit& unit, const Action& action,
                 Preview& preview);

/// Strikes one figure as a hit card says: killed on a Heart, else wounded (RULINGS.md,
/// lshm-wounds); marks the unit hit and in critical morale where its shaken figures are hit.
void strike(Step& step, const std::string& unitId, const std::string& figureId, bool killed, const std::string& how,
            const Citation& citation);
/// A wound's severity by option wounds: a d6, 1-3 light and 4-6 heavy, or all one kind.
Health woundSeverity(Step& step, const std::string& figureName);

} // namespace sandtable::lshm
