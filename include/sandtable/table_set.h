#pragma once

#include "sandtable/chart.h"
#include "sandtable/diagnostics.h"
#include "sandtable/json_reader.h"
#include "sandtable/modifier_list.h"
#include "sandtable/path_costs.h"
#include "sandtable/range_bands.h"

#include <filesystem>
#include <string>
#include <vector>

namespace sandtable {

/// The tables of one data file: range bands, charts (numeric, text or fraction),
/// modifier lists and what terrain costs a move, each found by its stable id. The format is docs/formats/tables.md.
class TableSet {
public:
    static constexpr std::int64_t format = 1;

    std::vector<RangeBands> rangeBands;
    std::vector<Chart> charts;
    std::vector<ModifierList> modifierLists;
    std::vector<PathCostTable> pathCosts;

    const RangeBands* findRangeBands(const std::string& id) const;
    const Chart* findChart(const std::string& id) const;
    const ModifierList* findModifierList(const std::string& id) const;
    const PathCostTable* findPathCosts(const std::string& id) const;
};

/// Reads a whole tables file: {"format": 1, "tables": [...]}.
LoadResult<TableSet> loadTableSet(const std::filesystem::path& path);
LoadResult<TableSet> parseTableSet(std::string_view text, const std::string& fileName);

/// Reads the "tables" array of any data file (a ruleset.json embeds the same array),
/// adding its problems to the file's diagnostics.
TableSet readTables(const JsonNode& tablesArray);

/// Reads a citation: {"file": "003_524828208fa59482.txt", "heading": "..."}.
std::optional<Citation> readCitation(const JsonNode& node);

} // namespace sandtable
