#include "sandtable/reference_sheet.h"

#include "sandtable/citation.h"
#include "sandtable/page_text.h"
#include "sandtable/table.h"

#include <algorithm>
#include <cctype>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>

namespace sandtable {

namespace {

using nlohmann::json;

// The members every ruleset.json has, laid out by their own sections; any other member
// is one of the ruleset's own lists (troop types, weapons, movement) and is laid out as
// a grid, so a new ruleset's sheet needs no code.
const std::set<std::string> commonMembers{"format", "id",      "name",   "version", "source",        "sourceTitle",
                                          "unit",   "options", "tables", "rulings", "sequenceOfPlay"};

std::string citationText(const json& source) {
    if (!source.is_object() || !source.contains("file") || !source["file"].is_string()) {
        return {};
    }
    return Citation{source["file"].get<std::string>(), source.value("heading", std::string())}.toString();
}

bool isCitation(const json& value) { return value.is_object() && value.contains("file") && value.contains("heading"); }

// "unitTypes" -> "Unit types", "tests-of-resolve" -> "Tests of resolve".
std::string readableKey(const std::string& key) {
    std::string out;
    for (const char c : key) {
        if (c == '-' || c == '_') {
            out += ' ';
        } else if (std::isupper(static_cast<unsigned char>(c)) != 0 && !out.empty()) {
            out += ' ';
            out += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        } else {
            out += c;
        }
    }
    if (!out.empty()) {
        out[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(out[0])));
    }
    return out;
}

// Lays out the data: tables are named by their names (an id that names a table is shown
// as the table's name), and values compactly.
class Layout {
public:
    explicit Layout(const json& root) {
        for (const json& table : root.value("tables", json::array())) {
            if (table.is_object() && table.contains("id") && table.contains("name")) {
                m_tableNames[table["id"].get<std::string>()] = table["name"].get<std::string>();
            }
        }
    }

    std::string value(const json& value) const {
        if (value.is_string()) {
            const auto named = m_tableNames.find(value.get<std::string>());
            return named != m_tableNames.end() ? named->second : value.get<std::string>();
        }
        if (value.is_number()) {
            return numberText(value.get<double>());
        }
        if (value.is_boolean()) {
            return value.get<bool>() ? "yes" : "no";
        }
        if (value.is_null()) {
            return "none";
        }
        if (isCitation(value)) {
            return citationText(value);
        }
        std::string text;
        if (value.is_array()) {
            for (const json& item : value) {
                text += (text.empty() ? "" : ", ") + this->value(item);
            }
            return text;
        }
        for (const auto& [key, item] : value.items()) {
            text += (text.empty() ? "" : "; ") + readableKey(key) + " " + this->value(item);
        }
        return text;
    }

private:
    std::map<std::string, std::string> m_tableNames;
};

std::string bandLabel(const json& band) {
    if (band.is_object()) {
        if (band.contains("label")) {
            return band["label"].get<std::string>();
        }
        const std::string from = band.contains("from") ? numberText(band["from"].get<double>()) : "";
        const std::string to = band.contains("to") ? numberText(band["to"].get<double>()) : "";
        return from == to ? from : from + "-" + to;
    }
    return band.is_number() ? numberText(band.get<double>()) : band.get<std::string>();
}

std::vector<std::string> bandLabels(const json& axis) {
    std::vector<std::string> labels;
    for (const json& band : axis.value("bands", json::array())) {
        labels.push_back(bandLabel(band));
    }
    return labels;
}

// What happens beyond an axis's first or last band, as a player's note.
void edgeNotes(const json& axis, const Layout& layout, std::vector<std::string>& notes) {
    const std::string name = axis.value("name", std::string("value"));
    for (const auto& [edge, words] : {std::pair{"below", "below the first band"}, std::pair{"above", "above the last band"}}) {
        if (!axis.contains(edge)) {
            continue;
        }
        const json& rule = axis[edge];
        std::string note;
        if (rule.is_string()) {
            note = rule.get<std::string>() == "clamp" ? "counts as the nearest band" : "is off the chart";
        } else if (rule.is_object() && rule.contains("clamp")) {
            note = "counts as the nearest band: " + rule["clamp"].get<std::string>();
        } else if (rule.is_object() && rule.contains("value")) {
            note = "gives " + layout.value(rule["value"]) + (rule.contains("note") ? " (" + rule["note"].get<std::string>() + ")" : "");
        }
        if (!note.empty()) {
            notes.push_back("A " + name + " " + words + " " + note + ".");
        }
    }
}

ReferenceSection chartSection(const json& table, const Layout& layout) {
    ReferenceSection section;
    TextGrid grid;
    const json& columns = table.value("columns", json::object());
    const std::vector<std::string> columnLabels = bandLabels(columns);
    const json& cells = table.value("cells", json::array());
    if (table.contains("rows")) {
        const json& rows = table["rows"];
        grid.header.push_back(rows.value("name", std::string()) + " \\ " + columns.value("name", std::string()));
        grid.header.insert(grid.header.end(), columnLabels.begin(), columnLabels.end());
        const std::vector<std::string> rowLabels = bandLabels(rows);
        for (std::size_t r = 0; r < rowLabels.size() && r < cells.size(); ++r) {
            std::vector<std::string> row{rowLabels[r]};
            for (const json& cell : cells[r]) {
                row.push_back(layout.value(cell));
            }
            grid.rows.push_back(row);
        }
        edgeNotes(rows, layout, section.notes);
    } else {
        grid.header.push_back(columns.value("name", std::string()));
        grid.header.insert(grid.header.end(), columnLabels.begin(), columnLabels.end());
        std::vector<std::string> row{"result"};
        for (const json& cell : cells) {
            row.push_back(layout.value(cell));
        }
        grid.rows.push_back(row);
    }
    edgeNotes(columns, layout, section.notes);
    if (table.contains("remainder")) {
        const std::map<std::string, std::string> remainders{
            {"drop", "Figures left over are dropped."},
            {"round-up", "Figures left over count as a whole hit."},
            {"dice", "Figures left over score a hit on a die with as many faces as the denominator, on as many faces as figures left."}};
        const auto said = remainders.find(table["remainder"].get<std::string>());
        section.notes.push_back(said != remainders.end() ? said->second : "Remainder: " + table["remainder"].get<std::string>());
    }
    section.grid = grid;
    return section;
}

ReferenceSection modifierSection(const json& table) {
    ReferenceSection section;
    TextGrid grid{{"Modifier", "Effect", "Rule"}, {}};
    for (const json& modifier : table.value("modifiers", json::array())) {
        std::string effect;
        if (modifier.contains("add")) {
            const double add = modifier["add"].get<double>();
            effect = (add >= 0 ? "+" : "") + numberText(add);
        } else if (modifier.contains("multiply")) {
            effect = "×" + modifier["multiply"].get<std::string>();
        }
        grid.rows.push_back({modifier.value("name", std::string()), effect, citationText(modifier.value("source", json::object()))});
    }
    if (table.contains("rounding")) {
        section.notes.push_back("Rounded " + table["rounding"].get<std::string>() + " once, after all modifiers.");
    }
    if (table.contains("minimum")) {
        section.notes.push_back("Never less than " + numberText(table["minimum"].get<double>()) + ".");
    }
    section.grid = grid;
    return section;
}

ReferenceSection rangeSection(const json& table, MeasureUnit unit) {
    ReferenceSection section;
    TextGrid grid{{"Band", "From", "To"}, {}};
    double from = table.value("from", 0.0);
    for (const json& band : table.value("bands", json::array())) {
        const double to = band.value("to", 0.0);
        grid.rows.push_back({band.value("name", std::string()), lengthText(band.value("from", from), unit), lengthText(to, unit)});
        from = to;
    }
    section.notes.push_back("A distance on a boundary belongs to the nearer band.");
    section.grid = grid;
    return section;
}

// A speed or price of the path-costs table as a player reads it (docs/formats/tables.md).
std::string costText(const json& cost) {
    if (cost.is_string()) {
        const std::string text = cost.get<std::string>();
        return text == "free" || text == "impassable" ? text : text + (text.find('/') != std::string::npos ? " speed" : "");
    }
    if (cost.is_number()) {
        return numberText(cost.get<double>()) + " of the move";
    }
    if (!cost.is_object()) {
        return cost.dump();
    }
    std::string text;
    if (cost.contains("value")) {
        text = costText(cost["value"]);
    } else if (cost.contains("modifier")) {
        text = "as the unit's \"" + cost["modifier"].get<std::string>() + "\" move modifier" +
               (cost.contains("without") ? " (" + cost["without"].get<std::string>() + " without one)" : "");
    }
    return cost.contains("why") ? text + " [" + cost["why"].get<std::string>() + "]" : text;
}

ReferenceSection pathCostSection(const json& table, MeasureUnit unit) {
    ReferenceSection section;
    TextGrid grid{{"Ground", "What it costs a move"}, {}};
    for (const char* group : {"areas", "lines"}) {
        const json types = table.value(group, json::object());
        for (const auto& [type, rule] : types.items()) {
            std::string text = rule.contains("cost") ? costText(rule["cost"]) : "free";
            if (rule.contains("arms")) {
                for (const auto& [arm, cost] : rule["arms"].items()) {
                    text += "; " + arm + ": " + costText(cost);
                }
            }
            if (rule.contains("downhill")) {
                text += "; downhill: " + rule["downhill"].get<std::string>();
            }
            grid.rows.push_back({readableKey(type), text});
        }
    }
    for (const char* single : {"contour", "offFacing"}) {
        if (table.contains(single)) {
            grid.rows.push_back({single == std::string("contour") ? "Each contour climbed" : "A leg more than 45° off the facing",
                                 costText(table[single].value("cost", json("free")))});
        }
    }
    if (table.contains("bridgeReach")) {
        section.notes.push_back("A line crossed within " + lengthText(table["bridgeReach"].get<double>(), unit) +
                                " of a bridge is crossed by the bridge.");
    }
    if (table.contains("shareIncludes")) {
        section.notes.push_back("A crossing priced as a share of a move includes " +
                                lengthText(table["shareIncludes"].get<double>(), unit) + " of path to get a base over.");
    }
    section.notes.push_back("A speed (\"1/2 speed\") slows the whole stretch over that ground; a price is paid once, at the crossing.");
    section.grid = grid;
    return section;
}

// One of the ruleset's own members: a list of records as a grid (one column per key, in
// the order they first appear), anything else as lines.
ReferenceSection ownSection(const std::string& key, const json& value, const Layout& layout) {
    ReferenceSection section;
    section.title = readableKey(key);
    if (value.is_array() && !value.empty() && value.front().is_object()) {
        TextGrid grid;
        std::vector<std::string> keys;
        for (const json& record : value) {
            for (const auto& [member, item] : record.items()) {
                (void)item;
                if (member != "id" && std::find(keys.begin(), keys.end(), member) == keys.end()) {
                    keys.push_back(member);
                }
            }
        }
        for (const std::string& member : keys) {
            grid.header.push_back(readableKey(member));
        }
        for (const json& record : value) {
            std::vector<std::string> row;
            for (const std::string& member : keys) {
                row.push_back(record.contains(member) ? layout.value(record[member]) : "");
            }
            grid.rows.push_back(row);
        }
        section.grid = grid;
    } else if (value.is_object()) {
        for (const auto& [member, item] : value.items()) {
            if (item.is_array() && !item.empty() && item.front().is_array()) {
                section.lines.push_back(readableKey(member) + ":");
                for (const json& row : item) {
                    section.lines.push_back("  " + layout.value(row));
                }
            } else {
                section.lines.push_back(readableKey(member) + ": " + layout.value(item));
            }
        }
    } else {
        section.lines.push_back(layout.value(value));
    }
    return section;
}

ReferenceSheet layOut(const json& root, const RulesetOptions& chosen) {
    ReferenceSheet sheet;
    const Layout layout(root);
    const MeasureUnit unit = measureUnitFromString(root.value("unit", std::string())).value_or(MeasureUnit::Inch);
    sheet.title = root.value("name", std::string()) + ": quick reference";
    sheet.about.push_back("Version " + root.value("version", std::string()) + ", measured in " + pluralName(unit) + ".");
    sheet.about.push_back("From " + root.value("sourceTitle", std::string()) + " (" + root.value("source", std::string()) + ").");

    ReferenceSection options{"Options in force", "", {}, std::nullopt, {}};
    for (const json& option : root.value("options", json::array())) {
        const std::string id = option.value("id", std::string());
        const std::string fallback = option.value("default", std::string());
        const auto picked = chosen.find(id);
        const std::string value = picked != chosen.end() ? picked->second : fallback;
        options.lines.push_back(option.value("name", id) + ": " + value + (value == fallback ? " (the default)" : " (chosen)") + ". " +
                                option.value("description", std::string()));
    }
    if (!options.lines.empty()) {
        sheet.sections.push_back(options);
    }
    ReferenceSection sequence{"Sequence of play", root.value("source", std::string()), {}, std::nullopt, {}};
    for (const json& step : root.value("sequenceOfPlay", json::array())) {
        sequence.lines.push_back(step.get<std::string>());
    }
    sheet.sections.push_back(sequence);

    for (const json& table : root.value("tables", json::array())) {
        const std::string kind = table.value("kind", std::string());
        ReferenceSection section = kind == "modifiers"     ? modifierSection(table)
                                   : kind == "range-bands" ? rangeSection(table, unit)
                                   : kind == "path-costs"  ? pathCostSection(table, unit)
                                                           : chartSection(table, layout);
        section.title = table.value("name", std::string());
        section.citation = citationText(table.value("source", json::object()));
        sheet.sections.push_back(section);
    }

    // The ruleset's own lists, each with the citation of its "…Source" member, and a
    // "…Sources" member's citations shown with the list whose name holds its stem.
    std::vector<std::pair<std::string, ReferenceSection>> own;
    for (const auto& [key, value] : root.items()) {
        if (commonMembers.count(key) == 0 && !key.ends_with("Source") && !key.ends_with("Sources")) {
            own.emplace_back(key, ownSection(key, value, layout));
        }
    }
    for (const auto& [key, value] : root.items()) {
        if (key.ends_with("Source") && !own.empty()) {
            const std::string stem = key.substr(0, key.size() - 6);
            for (auto& [name, section] : own) {
                if (name == stem) {
                    section.citation = citationText(value);
                }
            }
        } else if (key.ends_with("Sources") && value.is_object()) {
            std::string stem = key.substr(0, key.size() - 7);
            for (auto& [name, section] : own) {
                std::string lower = name;
                std::transform(lower.begin(), lower.end(), lower.begin(), [](unsigned char c) { return std::tolower(c); });
                if (lower.find(stem) != std::string::npos) {
                    for (const auto& [what, source] : value.items()) {
                        section.notes.push_back(readableKey(what) + ": " + citationText(source));
                    }
                    break;
                }
            }
        }
    }
    for (auto& [key, section] : own) {
        sheet.sections.push_back(section);
    }

    ReferenceSection rulings{"Rulings in force (RULINGS.md)", "", {}, std::nullopt, {}};
    rulings.notes.push_back("Where the text is silent or unclear, the simulator plays by these readings.");
    for (const json& ruling : root.value("rulings", json::array())) {
        const std::string interprets = citationText(ruling.value("interprets", json::object()));
        rulings.lines.push_back(ruling.value("id", std::string()) + ": " + ruling.value("text", std::string()) +
                                (interprets.empty() ? "" : " [interprets " + interprets + "]"));
    }
    sheet.sections.push_back(rulings);
    return sheet;
}

} // namespace

Expected<ReferenceSheet, std::string> referenceSheet(std::string_view rulesetJson, const RulesetOptions& chosen) {
    try {
        const json root = json::parse(rulesetJson);
        if (!root.is_object()) {
            return std::string("the ruleset's data is not a JSON object");
        }
        return layOut(root, chosen);
    } catch (const json::exception& broken) {
        return std::string("the ruleset's data cannot be laid out as a sheet: ") + broken.what();
    }
}

std::string toMarkdown(const ReferenceSheet& sheet) {
    std::ostringstream text;
    text << "# " << sheet.title << "\n\n";
    for (const std::string& line : sheet.about) {
        text << line << "\n\n";
    }
    for (const ReferenceSection& section : sheet.sections) {
        text << "## " << section.title << "\n\n";
        if (!section.citation.empty()) {
            text << "*" << section.citation << "*\n\n";
        }
        if (section.grid) {
            text << toMarkdown(*section.grid) << "\n";
        }
        for (const std::string& line : section.lines) {
            text << "- " << line << "\n";
        }
        if (!section.lines.empty()) {
            text << "\n";
        }
        for (const std::string& note : section.notes) {
            text << note << "\n\n";
        }
    }
    return text.str();
}

std::string toHtml(const ReferenceSheet& sheet) {
    std::ostringstream html;
    html << printedPageStart(sheet.title);
    for (const std::string& line : sheet.about) {
        html << "<p class=\"note\">" << htmlEscaped(line) << "</p>\n";
    }
    for (const ReferenceSection& section : sheet.sections) {
        html << "<h2>" << htmlEscaped(section.title) << "</h2>\n";
        if (!section.citation.empty()) {
            html << "<p class=\"cite\">" << htmlEscaped(section.citation) << "</p>\n";
        }
        if (section.grid) {
            html << toHtml(*section.grid);
        }
        if (!section.lines.empty()) {
            html << "<ul>\n";
            for (const std::string& line : section.lines) {
                html << "<li>" << htmlEscaped(line) << "</li>\n";
            }
            html << "</ul>\n";
        }
        for (const std::string& note : section.notes) {
            html << "<p class=\"note\">" << htmlEscaped(note) << "</p>\n";
        }
    }
    html << printedPageEnd();
    return html.str();
}

} // namespace sandtable
