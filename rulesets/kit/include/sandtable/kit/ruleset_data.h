#pragma once

#include "sandtable/citation.h"
#include "sandtable/json_reader.h"
#include "sandtable/ruleset.h"
#include "sandtable/table_set.h"

#include <algorithm>
#include <stdexcept>
#include <string>
#include <vector>

namespace sandtable::kit {

/// A ruling of RULINGS.md: what the text does not say, and the passage it interprets.
struct RulingText {
    std::string id;
    std::string text;
    Citation interprets;
};

/// What every ruleset's data holds: its info, its tables and its rulings, with lookups
/// of ids the loader has already checked (so a miss is a bug: they throw).
struct RulesetData {
    RulesetInfo info;
    TableSet tables;
    std::vector<RulingText> rulings;

    const RulingText& ruling(const std::string& id) const;
    const ModifierList& modifiers(const std::string& id) const;
    const Chart& chart(const std::string& id) const;
    const RangeBands& ranges(const std::string& id) const;
    /// What terrain costs a move: the ruleset's one "path-costs" table.
    const PathCostTable& pathCosts() const;
};

/// Reports each chart, modifier list and range-bands table the ruleset's code needs that
/// the data lacks.
void requireTables(const TableSet& tables, Diagnostics& diagnostics, std::initializer_list<const char*> charts,
                   std::initializer_list<const char*> modifierLists, std::initializer_list<const char*> rangeBands);

/// The modifiers a ruleset's code weighs by id, each required in its list: data without one
/// is refused where it is read, rather than failing in play.
void requireModifiers(const TableSet& tables, Diagnostics& diagnostics, const char* list, std::initializer_list<const char*> ids);

/// Requires every cell of `chart` (where the data has it: requireTables reports a missing
/// one) to be one of the words the procedures read by name, so a misspelt result is refused
/// where it is read rather than met in play.
void requireCells(const TableSet& tables, Diagnostics& diagnostics, const char* chart, const std::vector<std::string>& known);

/// Requires the one "path-costs" table, and that each modifier it names is, in each of
/// `moveLists` that has it, a factor where it prices ground and an addition where it
/// prices a crossing (so a list cannot make a wood cost a fixed 2").
void requirePathCosts(const TableSet& tables, Diagnostics& diagnostics, const std::vector<std::string>& moveLists);

/// Reads a required "arm": foot, horse, guns or leader.
Arm readArm(JsonObject& object);

/// The data compiled into the program, read once by `parse`; a build from a broken tree
/// throws with every problem (a test reads the same file, so it never ships).
template <class Data, class Parse> const Data& builtIn(Parse parse, const char* text, const std::string& fileName) {
    static const Data data = [&] {
        auto parsed = parse(text, fileName);
        if (!parsed) {
            throw std::runtime_error("the built-in data is broken:\n" + toString(parsed.error()));
        }
        return std::move(parsed).value();
    }();
    return data;
}

/// Reads the head every ruleset.json shares: format, id, name, version, source, unit,
/// sequenceOfPlay and options. Problems go to the object's diagnostics.
RulesetInfo readRulesetInfo(JsonObject& root);

/// Reads "rulings": [{id, text, interprets}].
std::vector<RulingText> readRulings(JsonObject& root);

/// The ruling with this id; a miss is a bug (the loader checked the ids): it throws.
const RulingText& findRuling(const std::vector<RulingText>& rulings, const std::string& id);

/// Reads a ruleset.json: the shared head, its "tables" and "rulings", then the ruleset's
/// own members and checks, `readOwn(root, data, diagnostics)`; any key nobody read is an
/// error. Every problem is reported, each with its place, or the data is returned.
template <class Data, class ReadOwn>
LoadResult<Data> parseRulesetData(std::string_view text, const std::string& fileName, ReadOwn readOwn) {
    Diagnostics diagnostics(fileName);
    const auto json = parseJson(text, diagnostics);
    if (!json) {
        return diagnostics.all();
    }
    Data data;
    JsonObject root = JsonNode(*json, "", diagnostics).object();
    data.info = readRulesetInfo(root);
    if (auto tables = root.required("tables")) {
        data.tables = readTables(*tables);
    }
    data.rulings = readRulings(root);
    readOwn(root, data, diagnostics);
    root.rejectUnknownKeys();
    if (!diagnostics.empty()) {
        return diagnostics.all();
    }
    return data;
}

template <class T> const T* findById(const std::vector<T>& all, const std::string& id) {
    const auto found = std::find_if(all.begin(), all.end(), [&](const T& item) { return item.id == id; });
    return found == all.end() ? nullptr : &*found;
}

/// Calls `read` for each element of the array at `key` (a missing key is reported).
template <class F> void forEach(JsonObject& object, std::string_view key, F read) {
    if (auto array = object.required(key)) {
        for (const JsonNode& element : array->array().value_or(std::vector<JsonNode>{})) {
            read(element);
        }
    }
}

/// The required array of non-empty strings at `key`.
std::vector<std::string> readTexts(JsonObject& object, std::string_view key);
/// The required true or false at `key` (false when it is missing or not one).
bool readFlag(JsonObject& object, std::string_view key);
/// The required citation at `key` (an empty one when it is missing or broken).
Citation readSource(JsonObject& object, std::string_view key);

/// A ruleset's own list at `key`, each read by `read`, with its citation at `sourceKey`:
/// "troopTypes" cited by "troopTypesSource".
template <class T, class Read>
std::vector<T> readList(JsonObject& root, std::string_view key, std::string_view sourceKey, Citation& source, Read read) {
    std::vector<T> items;
    forEach(root, key, [&](const JsonNode& node) { items.push_back(read(node)); });
    source = readSource(root, sourceKey);
    return items;
}

/// Whether an option has the given value (every option is filled in with its default).
bool option(const RulesetOptions& options, const std::string& id, const std::string& value);

} // namespace sandtable::kit
