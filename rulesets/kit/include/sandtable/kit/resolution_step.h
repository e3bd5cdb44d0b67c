#pragma once

#include "sandtable/battle.h"
#include "sandtable/dice_stream.h"
#include "sandtable/kit/ruleset_data.h"
#include "sandtable/ruleset.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace sandtable::kit {

/// The working state of one resolution: a scratch copy of the battle that every event is
/// applied to as it is made (so later steps read the state earlier ones left), the
/// events and trace so far, and the dice. A preview has no dice and rolls nothing.
///
/// The working copy changes by emit() alone. A resolution with dice takes the copy the
/// game lends the battle (Battle::workingCopy), where it lends one, and gives it back
/// with the number of events emitted: the game keeps it for the next action only if
/// those are the resolution's events. So one step serves a resolution, and no rule
/// changes `battle` but through emit().
class ResolutionStep {
    // Options handed over as a temporary (a test's) are kept here, for `options` to name;
    // a ruleset's own are only named, not copied: a step is made for every resolution,
    // preview and verdict, and copying the map was a hundredth of a refight's time.
    std::optional<RulesetOptions> m_ownOptions;

public:
    /// Named options must outlive the step, as a ruleset's own do; a temporary is kept.
    ResolutionStep(const std::vector<RulingText>& rulings, const RulesetOptions& options, const Battle& battle, DiceStream* dice);
    ResolutionStep(const std::vector<RulingText>& rulings, RulesetOptions&& options, const Battle& battle, DiceStream* dice);
    /// A copy works on a copy of the battle of its own, and gives nothing back.
    ResolutionStep(const ResolutionStep& other);
    ResolutionStep& operator=(const ResolutionStep&) = delete;
    ~ResolutionStep();

    /// The ruleset's options: the ruleset's own, which outlive the step, or those kept.
    const RulesetOptions& options;
    Battle battle;
    Resolution out;

    void emit(Event event);
    Unit& unit(const std::string& id);
    /// Notes a ruling of RULINGS.md in the trace, once per resolution.
    void ruling(const std::string& id);
    void outcome(const std::string& text, const Citation& citation = {});
    /// A refusal: nothing of the resolution will stand.
    void refuse(std::string why) { out.refusal = std::move(why); }
    bool refused() const { return !out.refusal.empty(); }

    /// Rolls an expression, traced under `purpose` with the rule it applies.
    std::int64_t roll(const DiceExpression& expression, const std::string& purpose, const Citation& citation);
    std::int64_t roll(const std::string& expression, const std::string& purpose, const Citation& citation);
    /// As roll, with every die as it fell, for rules that read the faces as well as the
    /// total (a 6 among the fire dice calls for a leader-hit check).
    RollResult rollDetailed(const DiceExpression& expression, const std::string& purpose, const Citation& citation);

    bool previewing() const { return m_dice == nullptr; }
    /// The stream itself, for a deck's shuffle; a preview that asks for it is a bug.
    DiceStream& dice();
    double units(double millimetres) const { return battle.table.toUnits(millimetres); }
    double millimetres(double units) const { return battle.table.fromUnits(units); }

    /// The resolution to hand back: a refused one carries nothing but its refusal.
    Resolution finish();

private:
    /// Takes the copy of `from` to work on: the one it lends (with dice), else a new one.
    void workOn(const Battle& from);

    const std::vector<RulingText>& m_rulings;
    DiceStream* m_dice;
    // Where the working copy was lent from, and the storage it came in, to give it back.
    const Battle* m_lender = nullptr;
    std::unique_ptr<Battle> m_lent;
    std::size_t m_emitted = 0;
    bool m_spoilt = false;
};

DiceExpression parseOrThrow(const std::string& text);

} // namespace sandtable::kit
