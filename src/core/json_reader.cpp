#include "sandtable/json_reader.h"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstring>
#include <fstream>
#include <set>
#include <sstream>

namespace sandtable {

namespace {

std::string lineAndColumn(std::string_view text, std::size_t byte) {
    // nlohmann counts bytes from 1, up to the character it could not take.
    std::size_t line = 1;
    std::size_t column = 1;
    const std::size_t end = std::min(byte == 0 ? 0 : byte - 1, text.size());
    for (std::size_t i = 0; i < end; ++i) {
        if (text[i] == '\n') {
            ++line;
            column = 1;
        } else {
            ++column;
        }
    }
    return "line " + std::to_string(line) + ", column " + std::to_string(column);
}

// nlohmann's message after its "[json.exception.parse_error.101] parse error at ...: ".
std::string syntaxMessage(const std::string& what) {
    const auto colon = what.find(": ", what.find("parse error"));
    std::string message = colon == std::string::npos ? what : what.substr(colon + 2);
    return "not valid JSON: " + message;
}

/// Thrown from the parser's callback: the place (a byte count is not offered there, so
/// the structure's path) and what is wrong.
struct StructureProblem {
    std::string where;
    std::string message;
};

/// Checks as the parser goes: nesting depth and repeated keys. nlohmann calls back with
/// each key before its value, and with the end of each object.
class StructureCheck {
public:
    bool operator()(int depth, nlohmann::json::parse_event_t event, nlohmann::json& parsed) {
        using Event = nlohmann::json::parse_event_t;
        if ((event == Event::object_start || event == Event::array_start) && depth >= maximumJsonDepth) {
            throw StructureProblem{path(), "arrays and objects nest deeper than " + std::to_string(maximumJsonDepth) +
                                               " levels (no file of this program needs more than ten)"};
        }
        if (event == Event::object_start) {
            m_keys.emplace_back();
        } else if (event == Event::object_end && !m_keys.empty()) {
            m_keys.pop_back();
        } else if (event == Event::key && !m_keys.empty()) {
            const std::string key = parsed.get<std::string>();
            if (!m_keys.back().insert(key).second) {
                throw StructureProblem{path(), "the key \"" + printable(key) + "\" is given twice in one object"};
            }
            m_last = key;
        }
        return true;
    }

private:
    std::string path() const { return m_last.empty() ? std::string() : "after the key \"" + printable(m_last) + "\""; }
    std::vector<std::set<std::string>> m_keys;
    std::string m_last;
};

} // namespace

std::optional<nlohmann::json> parseJson(std::string_view text, Diagnostics& diagnostics) {
    try {
        return nlohmann::json::parse(text, StructureCheck());
    } catch (const StructureProblem& problem) {
        diagnostics.error(problem.where, problem.message);
        return std::nullopt;
    } catch (const nlohmann::json::parse_error& error) {
        diagnostics.error(lineAndColumn(text, error.byte), syntaxMessage(error.what()));
        return std::nullopt;
    } catch (const nlohmann::json::out_of_range& error) {
        // "number overflow parsing '1e999'": nlohmann gives no place, so find the number.
        const std::string what = error.what();
        const auto open = what.find('\'');
        const auto close = what.rfind('\'');
        const std::string number = open != std::string::npos && close > open ? what.substr(open + 1, close - open - 1) : "";
        const auto at = number.empty() ? std::string_view::npos : text.find(number);
        diagnostics.error(at == std::string_view::npos ? "" : lineAndColumn(text, at + 1),
                          "not valid JSON: the number " + (number.empty() ? std::string() : number + " ") + "is too large to read");
        return std::nullopt;
    }
}

ParsedJson parseJsonText(std::string_view text) {
    Diagnostics diagnostics("");
    ParsedJson result;
    result.value = parseJson(text, diagnostics);
    for (const Diagnostic& diagnostic : diagnostics.all()) {
        result.problem +=
            (result.problem.empty() ? "" : "; ") + (diagnostic.where.empty() ? "" : diagnostic.where + ": ") + diagnostic.message;
    }
    return result;
}

std::optional<std::string> readTextFile(const std::filesystem::path& path, std::string& problem) {
    std::error_code error;
    const auto status = std::filesystem::status(path, error);
    if (error) {
        problem = error == std::errc::too_many_symbolic_link_levels ? "cannot read it: its links run round in a loop"
                  : error == std::errc::no_such_file_or_directory   ? "cannot read it: there is no such file"
                                                                    : "cannot read it: " + error.message();
        return std::nullopt;
    }
    if (std::filesystem::is_directory(status)) {
        problem = "cannot read it: it is a folder, not a file";
        return std::nullopt;
    }
    if (std::filesystem::is_regular_file(status)) {
        const auto size = std::filesystem::file_size(path, error);
        if (!error && size > maximumFileBytes) {
            problem = "cannot read it: it is " + std::to_string(size / (1024 * 1024)) + " MB, more than the " +
                      std::to_string(maximumFileBytes / (1024 * 1024)) + " MB any file of this program needs";
            return std::nullopt;
        }
    }
    errno = 0;
    std::ifstream file(path, std::ios::binary);
    if (!file) {
        problem = "cannot read it: " + std::string(errno != 0 ? std::strerror(errno) : "it cannot be opened");
        return std::nullopt;
    }
    std::ostringstream text;
    text << file.rdbuf();
    if (file.bad()) {
        problem = "cannot read it: " + std::string(errno != 0 ? std::strerror(errno) : "reading failed part way");
        return std::nullopt;
    }
    return text.str();
}

std::optional<nlohmann::json> readJsonFile(const std::filesystem::path& path, Diagnostics& diagnostics) {
    std::string problem;
    const auto text = readTextFile(path, problem);
    if (!text) {
        diagnostics.error("", problem);
        return std::nullopt;
    }
    return parseJson(*text, diagnostics);
}

std::string childPointer(const std::string& parent, std::string_view key) {
    std::string pointer = parent + "/";
    for (const char c : key) {
        if (c == '~') {
            pointer += "~0";
        } else if (c == '/') {
            pointer += "~1";
        } else {
            pointer += c;
        }
    }
    return pointer;
}

std::string childPointer(const std::string& parent, std::size_t index) { return parent + "/" + std::to_string(index); }

std::string JsonNode::describe(const nlohmann::json& value) {
    switch (value.type()) {
    case nlohmann::json::value_t::null:
        return "null";
    case nlohmann::json::value_t::object:
        return "an object";
    case nlohmann::json::value_t::array:
        return "an array";
    case nlohmann::json::value_t::string:
        return "a string";
    case nlohmann::json::value_t::boolean:
        return "a boolean";
    case nlohmann::json::value_t::number_integer:
    case nlohmann::json::value_t::number_unsigned:
        return "a whole number";
    case nlohmann::json::value_t::number_float:
        return "a number with a fraction";
    case nlohmann::json::value_t::binary:
    case nlohmann::json::value_t::discarded:
        return "something that is not JSON";
    }
    return "an unknown value";
}

void JsonNode::error(const std::string& message) const { m_diagnostics->error(m_pointer, message); }

void JsonNode::expected(const std::string& what) const { error("expected " + what + ", found " + describe(*m_value)); }

std::optional<std::int64_t> JsonNode::integer(std::int64_t lowest, std::int64_t highest) const {
    if (m_value->is_number_unsigned() && m_value->get<std::uint64_t>() > static_cast<std::uint64_t>(std::max<std::int64_t>(highest, 0))) {
        error("expected a whole number from " + std::to_string(lowest) + " to " + std::to_string(highest) + ", found " + m_value->dump());
        return std::nullopt;
    }
    if (!m_value->is_number_integer()) {
        expected("a whole number");
        return std::nullopt;
    }
    const auto value = m_value->get<std::int64_t>();
    if (value < lowest || value > highest) {
        error("expected a whole number from " + std::to_string(lowest) + " to " + std::to_string(highest) + ", found " +
              std::to_string(value));
        return std::nullopt;
    }
    return value;
}

std::optional<double> JsonNode::number(double lowest, double highest) const {
    if (!m_value->is_number()) {
        expected("a number");
        return std::nullopt;
    }
    const double value = m_value->get<double>();
    if (!std::isfinite(value) || value < lowest || value > highest) {
        std::ostringstream message;
        message << "expected a number from " << lowest << " to " << highest << ", found " << m_value->dump();
        error(message.str());
        return std::nullopt;
    }
    return value;
}

std::optional<std::string> JsonNode::string() const {
    if (!m_value->is_string()) {
        expected("a string");
        return std::nullopt;
    }
    return m_value->get<std::string>();
}

std::optional<std::string> JsonNode::text() const {
    auto value = string();
    if (value && value->empty()) {
        error("expected a non-empty string");
        return std::nullopt;
    }
    return value;
}

std::optional<nlohmann::json> JsonNode::objectValue(const std::string& what) const {
    if (!m_value->is_object()) {
        error("expected an object" + (what.empty() ? std::string() : " of " + what) + ", found " + describe(*m_value));
        return std::nullopt;
    }
    return *m_value;
}

std::optional<bool> JsonNode::boolean() const {
    if (!m_value->is_boolean()) {
        expected("true or false");
        return std::nullopt;
    }
    return m_value->get<bool>();
}

std::optional<std::vector<JsonNode>> JsonNode::array() const {
    if (!m_value->is_array()) {
        expected("an array");
        return std::nullopt;
    }
    std::vector<JsonNode> items;
    items.reserve(m_value->size());
    for (std::size_t i = 0; i < m_value->size(); ++i) {
        items.emplace_back((*m_value)[i], childPointer(m_pointer, i), *m_diagnostics);
    }
    return items;
}

JsonObject JsonNode::object() const { return JsonObject(*this); }

JsonObject::JsonObject(const JsonNode& node) : m_node(node), m_valid(node.isObject()) {
    if (!m_valid) {
        node.error("expected an object, found " + JsonNode::describe(node.json()));
    }
}

bool JsonObject::has(std::string_view key) const { return m_valid && m_node.json().contains(key); }

std::optional<JsonNode> JsonObject::optional(std::string_view key) {
    if (!m_valid) {
        return std::nullopt;
    }
    m_read.emplace_back(key);
    const auto found = m_node.json().find(key);
    if (found == m_node.json().end()) {
        return std::nullopt;
    }
    return JsonNode(*found, childPointer(m_node.pointer(), key), m_node.diagnostics());
}

std::optional<JsonNode> JsonObject::required(std::string_view key) {
    if (!m_valid) {
        return std::nullopt;
    }
    auto member = optional(key);
    if (!member) {
        m_node.error("missing '" + std::string(key) + "'");
    }
    return member;
}

std::optional<std::string> JsonObject::requiredText(std::string_view key) {
    const auto member = required(key);
    return member ? member->text() : std::nullopt;
}

std::optional<std::int64_t> JsonObject::requiredInteger(std::string_view key, std::int64_t lowest, std::int64_t highest) {
    const auto member = required(key);
    return member ? member->integer(lowest, highest) : std::nullopt;
}

void JsonObject::rejectUnknownKeys() {
    if (!m_valid) {
        return;
    }
    std::string known;
    for (const std::string& key : m_read) {
        known += (known.empty() ? "" : ", ") + key;
    }
    for (const auto& [key, value] : m_node.json().items()) {
        if (std::find(m_read.begin(), m_read.end(), key) == m_read.end()) {
            m_node.diagnostics().error(childPointer(m_node.pointer(), key),
                                       "unknown key '" + key + "' (expected " +
                                           (known.empty() ? std::string("no keys here") : "one of: " + known) + ")");
        }
    }
}

std::optional<std::int64_t> checkFormat(JsonObject& root, std::int64_t newest, std::int64_t oldest) {
    const auto member = root.required("format");
    if (!member) {
        return std::nullopt;
    }
    if (!member->isInteger()) {
        member->error("expected the format version, a whole number, found " + JsonNode::describe(member->json()));
        return std::nullopt;
    }
    // A number above 2^63 is read unsigned: compare it so, and show it as written.
    const bool huge = member->json().is_number_unsigned() && member->json().get<std::uint64_t>() > static_cast<std::uint64_t>(newest);
    const auto format = member->json().get<std::int64_t>();
    if (huge || format < oldest || format > newest) {
        const std::string reads =
            oldest == newest ? "format " + std::to_string(newest) : "formats " + std::to_string(oldest) + " to " + std::to_string(newest);
        member->error("format " + member->json().dump() + " is not one this program reads (it reads " + reads + ")" +
                      (huge || format > newest ? ": the file was written by a newer version" : ""));
        return std::nullopt;
    }
    return format;
}

void refuseNewerKey(JsonObject& object, const char* key, std::int64_t format, std::int64_t since) {
    if (format >= since) {
        return;
    }
    if (const auto node = object.optional(key)) {
        node->error(std::string("'") + key + "' came in format " + std::to_string(since) + "; this file is format " +
                    std::to_string(format) + " (write \"format\": " + std::to_string(since) + " to use it)");
    }
}

} // namespace sandtable
