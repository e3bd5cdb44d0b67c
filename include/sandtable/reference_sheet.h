#pragma once

#include "sandtable/expected.h"
#include "sandtable/page_text.h"
#include "sandtable/ruleset.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace sandtable {

/// One block of a quick-reference sheet: a chart, a range table, a modifier list, one of
/// the ruleset's own lists (troop types, weapons), the sequence of play or the rulings.
struct ReferenceSection {
    std::string title;
    std::string citation;           // `file, "heading"` of the rule text it is transcribed from
    std::vector<std::string> notes; // what the grid does not show: edges, rounding, sources
    std::optional<TextGrid> grid;
    std::vector<std::string> lines; // a list, for the sections that are prose
};

/// A ruleset's quick-reference sheet, laid out from its ruleset.json (the data the game
/// plays by) as a player's sheet: the options chosen, the sequence of play, every table
/// with its citation, the ruleset's own lists, and the rulings in force.
struct ReferenceSheet {
    std::string title;
    std::vector<std::string> about; // version, source text, the unit it measures in
    std::vector<ReferenceSection> sections;
};

/// The sheet of the ruleset whose data is `rulesetJson`, with `chosen` options (those not
/// chosen at their defaults). An error names what in the data could not be read.
Expected<ReferenceSheet, std::string> referenceSheet(std::string_view rulesetJson, const RulesetOptions& chosen);

std::string toMarkdown(const ReferenceSheet& sheet);
/// HTML for the printed page: plain tables and headings that Qt's rich text lays out.
std::string toHtml(const ReferenceSheet& sheet);

} // namespace sandtable
