#include "sandtable/kit/preview.h"

#include <utility>

namespace sandtable::kit {

Odds oddsOf(std::string title, const Distribution& distribution) {
    Odds odds;
    odds.title = std::move(title);
    for (const std::int64_t value : distribution.outcomes()) {
        odds.lines.push_back({std::to_string(value), distribution.probability(value)});
    }
    return odds;
}

void showRuling(Preview& preview, const RulesetData& data, const std::string& id) {
    const RulingText& ruling = data.ruling(id);
    preview.rulings.ruling(ruling.id, ruling.text, ruling.interprets);
}

} // namespace sandtable::kit
