#pragma once

#include "ozz_data.h"
#include "sandtable/kit/resolution_step.h"

#include <utility>

namespace sandtable::ozz {

/// A resolution under The Wars of Ozz: the kit's working state with the ruleset's data.
class Step : public kit::ResolutionStep {
public:
    Step(const Data& data, const RulesetOptions& options, const Battle& battle, DiceStream* dice)
        : ResolutionStep(data.rulings, options, battle, dice), data(data) {}
    Step(const Data& data, RulesetOptions&& options, const Battle& battle, DiceStream* dice)
        : ResolutionStep(data.rulings, std::move(options), battle, dice), data(data) {}

    const Data& data;

    double inches(double millimetres) const { return units(millimetres); }
};

/// A d10 read 1 to 10, as every roll on the card is.
const DiceExpression& d10();
using kit::parseOrThrow;

} // namespace sandtable::ozz
