#pragma once

#include "ozz_data.h"

#include "sandtable/battle.h"
#include "sandtable/dice_stream.h"
#include "sandtable/ruleset.h"

#include <string>

namespace sandtable::ozz {

/// The working state of one resolution: a scratch copy of the battle that every event is
/// applied to as it is made (so later steps read the state earlier ones left), the
/// events and trace so far, and the dice. A preview has no dice and rolls nothing.
class Step {
public:
    Step(const Data& data, const RulesetOptions& options, const Battle& battle, DiceStream* dice)
        : data(data), options(options), battle(battle), m_dice(dice) {}

    const Data& data;
    const RulesetOptions options;
    Battle battle;
    Resolution out;

    void emit(Event event);
    Unit& unit(const std::string& id);
    /// Notes a ruling of RULINGS.md in the trace.
    void ruling(const std::string& id);
    void outcome(const std::string& text, const Citation& citation = {});

    /// Rolls an expression, traced under `purpose` with the rule it applies.
    std::int64_t roll(const DiceExpression& expression, const std::string& purpose, const Citation& citation);
    std::int64_t roll(const std::string& expression, const std::string& purpose, const Citation& citation);

    bool previewing() const { return m_dice == nullptr; }
    /// The stream itself, for a deck's shuffle; a preview that asks for it is a bug.
    DiceStream& dice();
    double inches(double millimetres) const { return battle.table.toUnits(millimetres); }
    double millimetres(double inches) const { return battle.table.fromUnits(inches); }

private:
    DiceStream* m_dice;
};

/// A d10 read 1 to 10, as every roll on the card is.
const DiceExpression& d10();
DiceExpression parseOrThrow(const std::string& text);

} // namespace sandtable::ozz
