// Reading tables from JSON. Every problem is recorded with its pointer and reading goes
// on, so that one pass reports everything wrong with a file.

#include "sandtable/table_set.h"

#include <algorithm>
#include <regex>
#include <set>
#include <type_traits>

namespace sandtable {

namespace {

constexpr std::int64_t largest = 1'000'000;

// A band: 5, "2-3", "12+", or {"from": -3, "to": -1, "label": "..."}.
std::optional<Band> readBand(const JsonNode& node) {
    if (node.isInteger()) {
        const auto value = node.integer(-largest, largest);
        if (!value) {
            return std::nullopt;
        }
        return Band{*value, *value, Band::defaultLabel(*value, *value)};
    }
    if (node.isString()) {
        const std::string text = *node.string();
        std::optional<Band> band;
        if (!text.empty() && text.back() == '+') {
            if (const auto low = parseWholeNumber(std::string_view(text).substr(0, text.size() - 1))) {
                band = Band{*low, std::nullopt, text};
            }
        } else if (const auto dash = text.find('-', 1); dash != std::string::npos) {
            const auto low = parseWholeNumber(std::string_view(text).substr(0, dash));
            const auto high = parseWholeNumber(std::string_view(text).substr(dash + 1));
            if (low && high) {
                band = Band{*low, *high, text};
            }
        } else if (const auto single = parseWholeNumber(text)) {
            band = Band{*single, *single, text};
        }
        if (!band) {
            node.error("expected a band such as 5, \"2-3\" or \"12+\", found \"" + text + "\"");
        } else if (band->highest && *band->highest < band->lowest) {
            node.error("the band \"" + text + "\" ends before it starts");
            band.reset();
        }
        return band;
    }
    JsonObject object = node.object();
    if (!object.valid()) {
        return std::nullopt;
    }
    const auto from = object.requiredInteger("from", -largest, largest);
    std::optional<std::int64_t> to;
    if (const auto toNode = object.optional("to")) {
        to = toNode->integer(-largest, largest);
    }
    std::optional<std::string> label;
    if (const auto labelNode = object.optional("label")) {
        label = labelNode->text();
    }
    object.rejectUnknownKeys();
    if (!from) {
        return std::nullopt;
    }
    if (to && *to < *from) {
        node.error("the band ends (" + std::to_string(*to) + ") before it starts (" + std::to_string(*from) + ")");
        return std::nullopt;
    }
    return Band{*from, to, label.value_or(Band::defaultLabel(*from, to))};
}

std::optional<ChartCell> readCell(const JsonNode& node, bool fractions) {
    if (fractions) {
        const auto text = node.string();
        if (!text) {
            return std::nullopt;
        }
        const auto fraction = parseFraction(*text);
        if (!fraction || *fraction < 0) {
            node.error("expected a fraction such as \"1/4\", found \"" + *text + "\"");
            return std::nullopt;
        }
        return ChartCell::ofFraction(*fraction);
    }
    if (node.isString()) {
        return ChartCell::ofText(*node.text());
    }
    if (node.isInteger()) {
        if (const auto value = node.integer(-largest, largest)) {
            return ChartCell::ofNumber(*value);
        }
        return std::nullopt;
    }
    node.error("expected a whole number or a text result, found " + JsonNode::describe(node.json()));
    return std::nullopt;
}

// "refuse", "clamp", {"clamp": "note"} or {"value": 0, "note": "..."}.
AxisEdge readEdge(const JsonNode& node, bool fractions) {
    AxisEdge edge;
    if (node.isString()) {
        const std::string word = *node.string();
        if (word == "refuse") {
            edge.policy = AxisEdge::Policy::Refuse;
        } else if (word == "clamp") {
            edge.policy = AxisEdge::Policy::Clamp;
        } else {
            node.error("expected \"refuse\", \"clamp\", {\"clamp\": NOTE} or {\"value\": CELL, "
                       "\"note\": NOTE}, found \"" +
                       word + "\"");
        }
        return edge;
    }
    JsonObject object = node.object();
    if (!object.valid()) {
        return edge;
    }
    if (const auto clamp = object.optional("clamp")) {
        edge.policy = AxisEdge::Policy::Clamp;
        edge.note = clamp->text().value_or("");
    } else if (const auto value = object.optional("value")) {
        edge.policy = AxisEdge::Policy::Value;
        if (auto cell = readCell(*value, fractions)) {
            edge.value = *cell;
        }
        if (const auto note = object.optional("note")) {
            edge.note = note->text().value_or("");
        }
    } else {
        node.error("expected {\"clamp\": NOTE} or {\"value\": CELL, \"note\": NOTE}");
    }
    object.rejectUnknownKeys();
    return edge;
}

std::optional<ChartAxis> readAxis(const JsonNode& node, bool fractions) {
    JsonObject object = node.object();
    if (!object.valid()) {
        return std::nullopt;
    }
    ChartAxis axis;
    axis.name = object.requiredText("name").value_or("");
    bool good = true;
    if (const auto bandsNode = object.required("bands")) {
        if (const auto items = bandsNode->array()) {
            if (items->empty()) {
                bandsNode->error("expected at least one band");
                good = false;
            }
            for (const JsonNode& item : *items) {
                const auto band = readBand(item);
                if (!band) {
                    good = false;
                    continue;
                }
                if (!axis.bands.empty()) {
                    const Band& previous = axis.bands.back();
                    if (!previous.highest || band->lowest <= *previous.highest) {
                        item.error("the band \"" + band->label + "\" must start after the band \"" + previous.label +
                                   "\" ends: bands go upward without overlap");
                        good = false;
                    }
                }
                axis.bands.push_back(*band);
            }
        } else {
            good = false;
        }
    } else {
        good = false;
    }
    if (const auto below = object.optional("below")) {
        axis.below = readEdge(*below, fractions);
    }
    if (const auto above = object.optional("above")) {
        axis.above = readEdge(*above, fractions);
    }
    object.rejectUnknownKeys();
    return good ? std::optional<ChartAxis>(axis) : std::nullopt;
}

void readChart(JsonObject& object, bool fractions, Chart& chart, bool& good) {
    std::optional<ChartAxis> rows;
    if (const auto rowsNode = object.optional("rows")) {
        rows = readAxis(*rowsNode, fractions);
        good = good && rows.has_value();
        chart.rows = rows;
    }
    const auto columnsNode = object.required("columns");
    const auto columns = columnsNode ? readAxis(*columnsNode, fractions) : std::nullopt;
    good = good && columns.has_value();
    if (columns) {
        chart.columns = *columns;
    }
    if (fractions) {
        chart.remainder = Chart::Remainder::Drop;
        if (const auto remainder = object.required("remainder")) {
            const auto word = remainder->string().value_or("");
            if (word == "drop") {
                chart.remainder = Chart::Remainder::Drop;
            } else if (word == "round-up") {
                chart.remainder = Chart::Remainder::RoundUp;
            } else if (word == "dice") {
                chart.remainder = Chart::Remainder::DiceFor;
            } else {
                remainder->error("expected \"drop\", \"round-up\" or \"dice\"");
                good = false;
            }
        }
    }
    const auto cellsNode = object.required("cells");
    const auto rowItems = cellsNode ? cellsNode->array() : std::nullopt;
    if (!rowItems) {
        good = false;
        return;
    }
    const bool twoDimensional = object.has("rows");
    // A 1-D chart's cells are one array; a 2-D chart's an array of rows.
    const std::vector<JsonNode> rowsOfCells = twoDimensional ? *rowItems : std::vector<JsonNode>{*cellsNode};
    if (twoDimensional && rows && rowsOfCells.size() != rows->bands.size()) {
        cellsNode->error("expected " + std::to_string(rows->bands.size()) + " rows of cells (one per row band), found " +
                         std::to_string(rowsOfCells.size()));
        good = false;
    }
    for (const JsonNode& rowNode : rowsOfCells) {
        const auto cells = rowNode.array();
        if (!cells) {
            good = false;
            continue;
        }
        if (columns && cells->size() != columns->bands.size()) {
            rowNode.error("expected " + std::to_string(columns->bands.size()) + " cells (one per column band), found " +
                          std::to_string(cells->size()));
            good = false;
        }
        for (const JsonNode& cellNode : *cells) {
            const auto cell = readCell(cellNode, fractions);
            if (!cell) {
                good = false;
                continue;
            }
            // One kind of result per chart: a number among texts is a transcription slip.
            if (!chart.cells.empty() && cell->kind != chart.cells.front().kind) {
                cellNode.error(std::string("expected ") +
                               (chart.cells.front().kind == ChartCell::Kind::Number ? "a whole number like the chart's first cell"
                                                                                    : "a text result like the chart's first cell") +
                               ", found " + JsonNode::describe(cellNode.json()));
                good = false;
                continue;
            }
            chart.cells.push_back(*cell);
        }
    }
}

std::optional<Modifier> readModifier(const JsonNode& node) {
    JsonObject object = node.object();
    if (!object.valid()) {
        return std::nullopt;
    }
    Modifier modifier;
    const auto id = object.requiredText("id");
    const auto name = object.requiredText("name");
    const auto add = object.optional("add");
    const auto multiply = object.optional("multiply");
    bool good = id && name;
    if (add && multiply) {
        node.error("a modifier either adds or multiplies, not both");
        good = false;
    } else if (add) {
        const auto amount = add->integer(-largest, largest);
        good = good && amount;
        modifier.amount = amount.value_or(0);
    } else if (multiply) {
        const auto text = multiply->string();
        const auto factor = text ? parseFraction(*text) : std::nullopt;
        if (!factor || *factor <= 0) {
            if (text) {
                multiply->error("expected a factor such as \"2\", \"1/2\" or \"1/4\", found \"" + *text + "\"");
            }
            good = false;
        } else {
            modifier.operation = Modifier::Operation::Multiply;
            modifier.amount = *factor;
        }
    } else {
        node.error("missing 'add' or 'multiply'");
        good = false;
    }
    if (const auto source = object.optional("source")) {
        const auto citation = readCitation(*source);
        good = good && citation;
        modifier.source = citation.value_or(Citation{});
    }
    object.rejectUnknownKeys();
    if (!good) {
        return std::nullopt;
    }
    modifier.id = *id;
    modifier.name = *name;
    return modifier;
}

void readModifierList(JsonObject& object, ModifierList& list, bool& good) {
    if (const auto roundingNode = object.optional("rounding")) {
        const auto word = roundingNode->string().value_or("");
        if (word == "up") {
            list.rounding = Rounding::Up;
        } else if (word == "down") {
            list.rounding = Rounding::Down;
        } else if (word == "nearest") {
            list.rounding = Rounding::Nearest;
        } else {
            roundingNode->error("expected \"up\", \"down\" or \"nearest\"");
            good = false;
        }
    }
    if (const auto minimum = object.optional("minimum")) {
        list.minimum = minimum->integer(-largest, largest);
        good = good && list.minimum;
    }
    const auto modifiersNode = object.required("modifiers");
    const auto items = modifiersNode ? modifiersNode->array() : std::nullopt;
    if (!items) {
        good = false;
        return;
    }
    std::set<std::string> ids;
    for (const JsonNode& item : *items) {
        auto modifier = readModifier(item);
        if (!modifier) {
            good = false;
            continue;
        }
        if (!ids.insert(modifier->id).second) {
            item.error("a second modifier with the id '" + modifier->id + "'");
            good = false;
        }
        list.modifiers.push_back(std::move(*modifier));
    }
}

std::optional<RangeBand> readRangeBand(const JsonNode& node, double previousTo) {
    JsonObject object = node.object();
    if (!object.valid()) {
        return std::nullopt;
    }
    RangeBand band;
    const auto id = object.requiredText("id");
    const auto name = object.requiredText("name");
    std::optional<double> from = previousTo;
    if (const auto fromNode = object.optional("from")) {
        from = fromNode->number(0, 1e6);
    }
    const auto toNode = object.required("to");
    std::optional<double> to;
    if (toNode) {
        to = toNode->number(0, 1e6);
    }
    object.rejectUnknownKeys();
    if (!id || !name || !from || !to) {
        return std::nullopt;
    }
    if (*to < *from) {
        toNode->error("the band ends before it starts");
        return std::nullopt;
    }
    return RangeBand{*id, *name, *from, *to};
}

void readRangeBands(JsonObject& object, RangeBands& weapon, bool& good) {
    const auto bandsNode = object.required("bands");
    const auto items = bandsNode ? bandsNode->array() : std::nullopt;
    if (!items || items->empty()) {
        if (items) {
            bandsNode->error("expected at least one band");
        }
        good = false;
        return;
    }
    double previousTo = 0;
    for (const JsonNode& item : *items) {
        const auto band = readRangeBand(item, previousTo);
        if (!band) {
            good = false;
            continue;
        }
        if (!weapon.bands.empty() && band->from < previousTo) {
            item.error("the band starts inside the band before it");
            good = false;
        }
        previousTo = band->to;
        weapon.bands.push_back(*band);
    }
}

} // namespace

std::optional<Citation> readCitation(const JsonNode& node) {
    // The rule texts keep their original names: three digits, '_', sixteen hex digits.
    static const std::regex ruleFile("[0-9]{3}_[0-9a-f]{16}\\.txt");
    JsonObject object = node.object();
    if (!object.valid()) {
        return std::nullopt;
    }
    const auto fileNode = object.required("file");
    const auto file = fileNode ? fileNode->text() : std::nullopt;
    const auto heading = object.requiredText("heading");
    object.rejectUnknownKeys();
    if (file && !std::regex_match(*file, ruleFile)) {
        fileNode->error("expected the name of a rule text such as \"003_524828208fa59482.txt\", "
                        "found \"" +
                        *file + "\"");
        return std::nullopt;
    }
    if (!file || !heading) {
        return std::nullopt;
    }
    return Citation{*file, *heading};
}

TableSet readTables(const JsonNode& tablesArray) {
    TableSet set;
    const auto items = tablesArray.array();
    if (!items) {
        return set;
    }
    std::set<std::string> ids;
    for (const JsonNode& item : *items) {
        JsonObject object = item.object();
        if (!object.valid()) {
            continue;
        }
        const auto kindNode = object.required("kind");
        const std::string kind = kindNode ? kindNode->string().value_or("") : "";
        const auto id = object.requiredText("id");
        const auto name = object.requiredText("name");
        const auto sourceNode = object.required("source");
        const auto source = sourceNode ? readCitation(*sourceNode) : std::nullopt;
        bool good = id && name && source;
        if (id && !ids.insert(*id).second) {
            item.error("a second table with the id '" + *id + "'");
            good = false;
        }
        // Reads one kind of table, and keeps it only when every part of it was good.
        const auto keep = [&](auto& tables, auto read) {
            typename std::decay_t<decltype(tables)>::value_type table;
            read(table);
            if (good) {
                table.id = *id;
                table.name = *name;
                table.source = *source;
                tables.push_back(std::move(table));
            }
        };
        if (kind == "chart" || kind == "fraction-chart") {
            keep(set.charts, [&](Chart& chart) { readChart(object, kind == "fraction-chart", chart, good); });
        } else if (kind == "modifiers") {
            keep(set.modifierLists, [&](ModifierList& list) { readModifierList(object, list, good); });
        } else if (kind == "range-bands") {
            keep(set.rangeBands, [&](RangeBands& weapon) { readRangeBands(object, weapon, good); });
        } else if (kind == "path-costs") {
            keep(set.pathCosts, [&](PathCostTable& costs) { readPathCosts(object, costs, good); });
        } else if (kindNode) {
            kindNode->error("expected \"chart\", \"fraction-chart\", \"modifiers\", "
                            "\"range-bands\" or \"path-costs\", found " +
                            (kindNode->isString() ? "\"" + kind + "\"" : JsonNode::describe(kindNode->json())));
        }
        object.rejectUnknownKeys();
    }
    return set;
}

namespace {

// The one reader of a tables document, however its text arrived.
LoadResult<TableSet> readTableSet(const nlohmann::json& json, Diagnostics& diagnostics) {
    JsonObject root = JsonNode(json, "", diagnostics).object();
    TableSet set;
    if (root.valid()) {
        checkFormat(root, TableSet::format);
        if (const auto tables = root.required("tables")) {
            set = readTables(*tables);
        }
        root.rejectUnknownKeys();
    }
    if (!diagnostics.empty()) {
        return diagnostics.all();
    }
    return set;
}

} // namespace

LoadResult<TableSet> parseTableSet(std::string_view text, const std::string& fileName) {
    return parseDocument<TableSet>(text, fileName, readTableSet);
}

LoadResult<TableSet> loadTableSet(const std::filesystem::path& path) { return loadDocument<TableSet>(path, readTableSet); }

namespace {

template <typename Table> const Table* findById(const std::vector<Table>& tables, const std::string& id) {
    const auto found = std::find_if(tables.begin(), tables.end(), [&](const Table& table) { return table.id == id; });
    return found == tables.end() ? nullptr : &*found;
}

} // namespace

const RangeBands* TableSet::findRangeBands(const std::string& id) const { return findById(rangeBands, id); }

const Chart* TableSet::findChart(const std::string& id) const { return findById(charts, id); }

const ModifierList* TableSet::findModifierList(const std::string& id) const { return findById(modifierLists, id); }

const PathCostTable* TableSet::findPathCosts(const std::string& id) const { return findById(pathCosts, id); }

} // namespace sandtable
