#pragma once

#include "sandtable/citation.h"
#include "sandtable/json_reader.h"
#include "sandtable/ruleset.h"

#include <algorithm>
#include <string>
#include <vector>

namespace sandtable::kit {

/// A ruling of RULINGS.md: what the text does not say, and the passage it interprets.
struct RulingText {
    std::string id;
    std::string text;
    Citation interprets;
};

/// Reads the head every ruleset.json shares: format, id, name, version, source, unit,
/// sequenceOfPlay and options. Problems go to the object's diagnostics.
RulesetInfo readRulesetInfo(JsonObject& root);
/// Reads "rulings": [{id, text, interprets}].
std::vector<RulingText> readRulings(JsonObject& root);

/// The ruling with this id; a miss is a bug (the loader checked the ids): it throws.
const RulingText& findRuling(const std::vector<RulingText>& rulings, const std::string& id);

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

} // namespace sandtable::kit
