#pragma once

#include "sandtable/distribution.h"
#include "sandtable/kit/ruleset_data.h"
#include "sandtable/ruleset.h"

#include <string>

namespace sandtable::kit {

/// The chance of each value a distribution takes, as an odds chart titled `title`
/// ("Hits on the Guard": 0, 1, 2...).
Odds oddsOf(std::string title, const Distribution& distribution);

/// Shows the ruling `id` of the ruleset's RULINGS.md in a preview, with the passage it
/// interprets.
void showRuling(Preview& preview, const RulesetData& data, const std::string& id);

} // namespace sandtable::kit
