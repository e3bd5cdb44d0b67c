#pragma once

#include "sandtable/diagnostics.h"
#include "sandtable/printable.h"

#include <cstdint>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace sandtable {

/// How deep arrays and objects may nest in any JSON the program reads. A scenario, save or
/// ruleset needs fewer than ten levels; the bound keeps every later reader, copier and
/// writer (all recursive) far from the end of the stack, whatever the file holds.
inline constexpr int maximumJsonDepth = 64;

/// Parses JSON text; a syntax error becomes a diagnostic with its line and column, as do
/// nesting deeper than maximumJsonDepth and a key given twice in one object.
std::optional<nlohmann::json> parseJson(std::string_view text, Diagnostics& diagnostics);

/// JSON given on a command line or in a small file of its own (an action, a list of
/// actions), read with the same checks: the value, or what is wrong with it and where.
struct ParsedJson {
    std::optional<nlohmann::json> value;
    std::string problem;
};
ParsedJson parseJsonText(std::string_view text);
/// The largest file any reader takes: a scenario or a long game's save is well under 10 MB.
inline constexpr std::uintmax_t maximumFileBytes = 64ull * 1024 * 1024;

/// A file's text, or nothing and why not in words a player can act on: no such file, a
/// folder, a loop of links, too large, or the system's reason (permission denied...).
std::optional<std::string> readTextFile(const std::filesystem::path& path, std::string& problem);

/// Reads and parses a file; a missing or unreadable file is a diagnostic too.
std::optional<nlohmann::json> readJsonFile(const std::filesystem::path& path, Diagnostics& diagnostics);

class JsonObject;

/// A JSON value and where it stands in its file. Each read checks the type and range
/// and, when they are wrong, records what was expected and returns nothing, so the
/// caller goes on and finds the next problem too.
class JsonNode {
public:
    JsonNode(const nlohmann::json& value, std::string pointer, Diagnostics& diagnostics)
        : m_value(&value), m_pointer(std::move(pointer)), m_diagnostics(&diagnostics) {}

    const nlohmann::json& json() const { return *m_value; }
    const std::string& pointer() const { return m_pointer; }
    Diagnostics& diagnostics() const { return *m_diagnostics; }
    /// Records a problem at this value.
    void error(const std::string& message) const;

    std::optional<std::int64_t> integer(std::int64_t lowest, std::int64_t highest) const;
    std::optional<double> number(double lowest, double highest) const;
    std::optional<std::string> string() const;
    /// A string that must not be empty: ids, names.
    std::optional<std::string> text() const;
    std::optional<bool> boolean() const;
    /// An object kept whole, for data the reader does not look into (a ruleset's options
    /// or numbers): "expected an object of `what`, found ..." otherwise.
    std::optional<nlohmann::json> objectValue(const std::string& what) const;
    /// The elements of an array, each with its pointer.
    std::optional<std::vector<JsonNode>> array() const;
    /// A reader over an object's members (an error, and an empty reader, if not an object).
    JsonObject object() const;

    bool isString() const { return m_value->is_string(); }
    bool isObject() const { return m_value->is_object(); }
    bool isInteger() const { return m_value->is_number_integer(); }

    /// "a string", "a whole number", "an object"...: what a value is, for messages.
    static std::string describe(const nlohmann::json& value);

private:
    void expected(const std::string& what) const;

    const nlohmann::json* m_value;
    std::string m_pointer;
    Diagnostics* m_diagnostics;
};

/// Reads an object's members by name and reports the ones nobody asked for, so a
/// misspelt key is an error rather than silently ignored.
class JsonObject {
public:
    explicit JsonObject(const JsonNode& node);

    bool valid() const { return m_valid; }
    const JsonNode& node() const { return m_node; }

    /// A member that must be present ("missing 'name'" otherwise).
    std::optional<JsonNode> required(std::string_view key);
    /// A member that may be absent.
    std::optional<JsonNode> optional(std::string_view key);
    bool has(std::string_view key) const;

    std::optional<std::string> requiredText(std::string_view key);
    std::optional<std::int64_t> requiredInteger(std::string_view key, std::int64_t lowest, std::int64_t highest);

    /// Reports every member not read so far as unknown, listing the ones that were.
    void rejectUnknownKeys();

private:
    JsonNode m_node;
    bool m_valid;
    std::vector<std::string> m_read;
};

/// Every loader's front door: parses `text` (or reads the file at `path`) and hands the
/// JSON to `read(json, diagnostics)`, or returns the syntax or file error.
template <class T, class Read> LoadResult<T> parseDocument(std::string_view text, const std::string& fileName, Read read) {
    Diagnostics diagnostics(fileName);
    const auto json = parseJson(text, diagnostics);
    if (!json) {
        return diagnostics.all();
    }
    return read(*json, diagnostics);
}

template <class T, class Read> LoadResult<T> loadDocument(const std::filesystem::path& path, Read read) {
    Diagnostics diagnostics(path.filename().string());
    const auto json = readJsonFile(path, diagnostics);
    if (!json) {
        return diagnostics.all();
    }
    return read(*json, diagnostics);
}

/// Reads the "format" member and checks it is a version this program reads, from
/// `oldest` to `newest`. Returns the version, or nothing (with a diagnostic) when it is
/// missing or another version.
std::optional<std::int64_t> checkFormat(JsonObject& root, std::int64_t newest, std::int64_t oldest);
inline std::optional<std::int64_t> checkFormat(JsonObject& root, std::int64_t only) { return checkFormat(root, only, only); }

/// Refuses `key` in an object of a file whose `format` is older than the version that
/// brought the key in (`since`), naming both: read by that older format, the key is not
/// allowed, rather than unknown.
void refuseNewerKey(JsonObject& object, const char* key, std::int64_t format, std::int64_t since);

/// A JSON pointer for member `key` (escaping '~' and '/') or element `index` of `parent`.
std::string childPointer(const std::string& parent, std::string_view key);
std::string childPointer(const std::string& parent, std::size_t index);

} // namespace sandtable
