#include "sandtable/save_file.h"

#include "sandtable/game.h"
#include "sandtable/json_reader.h"

#include <algorithm>
#include <charconv>
#include <sstream>

namespace sandtable {

namespace {

constexpr const char* kind = "sandtable-save";

bool isHash(const std::string& text) { return text.size() == 16 && text.find_first_not_of("0123456789abcdef") == std::string::npos; }

std::optional<std::string> readHash(JsonObject& object, std::string_view key) {
    const auto node = object.required(key);
    if (!node) {
        return std::nullopt;
    }
    const auto text = node->string();
    if (text && !isHash(*text)) {
        node->error("expected a state hash of 16 hexadecimal digits, found \"" + *text + "\"");
        return std::nullopt;
    }
    return text;
}

std::optional<std::uint64_t> readSeed(JsonObject& root) {
    const auto node = root.required("seed");
    if (!node) {
        return std::nullopt;
    }
    // A string, because a 64-bit seed does not survive JSON readers that hold numbers as doubles.
    const auto text = node->string();
    if (!text) {
        return std::nullopt;
    }
    std::uint64_t seed = 0;
    const char* end = text->data() + text->size();
    const auto [stop, error] = std::from_chars(text->data(), end, seed);
    if (text->empty() || error != std::errc() || stop != end) {
        node->error("expected the seed as a string of digits, 0 to 18446744073709551615, found \"" + *text + "\"");
        return std::nullopt;
    }
    return seed;
}

void readRuleset(JsonObject& root, SaveFile& save) {
    const auto node = root.required("ruleset");
    if (!node) {
        return;
    }
    JsonObject ruleset = node->object();
    save.rulesetId = ruleset.requiredText("id").value_or("");
    if (const auto version = ruleset.required("version")) {
        save.rulesetVersion = version->string().value_or("");
    }
    if (const auto options = ruleset.required("options")) {
        save.rulesetOptions = options->objectValue("option values").value_or(nlohmann::json::object());
    }
    ruleset.rejectUnknownKeys();
}

/// "computer": the sides the computer plays, each a side of the scenario, once.
void readComputerSides(JsonObject& root, SaveFile& save) {
    const auto node = root.optional("computer");
    if (!node) {
        return;
    }
    for (const JsonNode& entry : node->array().value_or(std::vector<JsonNode>{})) {
        const std::optional<std::string> side = entry.string();
        if (!side) {
            continue; // string() has said what was expected
        }
        if (save.scenario.battle.findSide(*side) == nullptr) {
            entry.error("expected a side of the scenario for the computer to play, found \"" + *side + "\"");
        } else if (std::find(save.computerSides.begin(), save.computerSides.end(), *side) != save.computerSides.end()) {
            entry.error("the side \"" + *side + "\" is listed twice");
        } else {
            save.computerSides.push_back(*side);
        }
    }
}

/// "computerLevel": how well the computer plays its sides, one of the level names.
void readComputerLevel(JsonObject& root, SaveFile& save) {
    const auto node = root.optional("computerLevel");
    if (!node) {
        return;
    }
    const std::optional<std::string> name = node->string();
    if (!name) {
        return; // string() has said what was expected
    }
    if (const std::optional<ComputerLevel> level = computerLevelFromString(*name)) {
        save.computerLevel = *level;
    } else {
        node->error("expected a computer level (random, basic, standard or strong), found \"" + *name + "\"");
    }
}

/// Format 2 brought an action's payloads: the units acting with it, a point, a box and
/// each element's own order.
constexpr std::int64_t payloadFormat = 2;

void readActions(JsonObject& root, std::int64_t format, SaveFile& save) {
    const auto node = root.required("actions");
    if (!node) {
        return;
    }
    for (const JsonNode& entry : node->array().value_or(std::vector<JsonNode>{})) {
        JsonObject object = entry.object();
        SavedAction saved;
        if (const auto action = object.required("action")) {
            if (format < payloadFormat && action->isObject()) {
                JsonObject payload = action->object();
                for (const char* key : {"with", "point", "box", "elements"}) {
                    refuseNewerKey(payload, key, format, payloadFormat);
                }
            }
            auto parsed = actionFromJson(action->json());
            if (parsed) {
                saved.action = *parsed;
            } else {
                action->error(parsed.error());
            }
        }
        saved.stateHash = readHash(object, "hash").value_or("");
        if (const auto reason = object.optional("reason")) {
            saved.reason = reason->string().value_or("");
        }
        object.rejectUnknownKeys();
        save.actions.push_back(std::move(saved));
    }
}

LoadResult<SaveFile> readSave(const nlohmann::json& json, Diagnostics& diagnostics) {
    SaveFile save;
    JsonObject root = JsonNode(json, "", diagnostics).object();
    if (!root.valid()) {
        return diagnostics.all();
    }
    if (const auto node = root.required("kind")) {
        if (node->string().value_or(kind) != kind) {
            node->error(std::string("expected \"") + kind + "\": this is not a Sandtable save");
        }
    }
    const std::optional<std::int64_t> format = checkFormat(root, SaveFile::format, SaveFile::oldestFormat);
    if (!format) {
        // Another version's fields mean other things: report that alone.
        return diagnostics.all();
    }
    readRuleset(root, save);
    save.seed = readSeed(root).value_or(0);
    save.openingHash = readHash(root, "openingHash").value_or("");
    save.fileFormat = *format;
    readActions(root, *format, save);
    if (const auto scenario = root.required("scenario")) {
        if (auto read = readScenario(*scenario)) {
            save.scenario = std::move(read).value();
        }
    }
    readComputerSides(root, save);
    readComputerLevel(root, save);
    root.rejectUnknownKeys();
    if (!diagnostics.empty()) {
        return diagnostics.all();
    }
    if (save.scenario.rulesetId != save.rulesetId) {
        diagnostics.error("/ruleset/id",
                          "the save names ruleset \"" + save.rulesetId + "\" but its scenario is for \"" + save.scenario.rulesetId + "\"");
        return diagnostics.all();
    }
    return save;
}

/// Indents every line after the first by `spaces`, to nest one canonical text in another.
std::string nested(const std::string& text, int spaces) {
    std::string out;
    out.reserve(text.size() + text.size() / 8);
    for (const char c : text) {
        out += c;
        if (c == '\n') {
            out.append(static_cast<std::size_t>(spaces), ' ');
        }
    }
    return out;
}

} // namespace

SaveFile saveOf(const Game& game) {
    SaveFile save;
    save.scenario = game.scenario();
    const RulesetInfo& info = game.ruleset().info();
    save.rulesetId = info.id;
    save.rulesetVersion = info.version;
    for (const auto& [option, value] : game.ruleset().options()) {
        save.rulesetOptions[option] = value;
    }
    save.seed = game.seed();
    save.openingHash = game.openingHash();
    save.actions.reserve(game.log().size());
    for (std::size_t i = 0; i < game.log().size(); ++i) {
        const LogEntry& entry = game.log()[i];
        save.actions.push_back({entry.action, game.stateHashAfter(i + 1), entry.reason});
    }
    return save;
}

std::string toJsonText(const SaveFile& save) {
    // Written by hand so that each action is one line: a long game stays readable and diffable.
    const nlohmann::json ruleset = {{"id", save.rulesetId}, {"version", save.rulesetVersion}, {"options", save.rulesetOptions}};
    std::ostringstream text;
    text << "{\n";
    text << "  \"format\": " << SaveFile::format << ",\n";
    text << "  \"kind\": \"" << kind << "\",\n";
    text << "  \"ruleset\": " << ruleset.dump() << ",\n";
    text << "  \"seed\": \"" << save.seed << "\",\n";
    text << "  \"openingHash\": \"" << save.openingHash << "\",\n";
    if (!save.computerSides.empty()) {
        text << "  \"computer\": " << nlohmann::json(save.computerSides).dump() << ",\n";
        text << "  \"computerLevel\": " << nlohmann::json(toString(save.computerLevel)).dump() << ",\n";
    }
    text << "  \"actions\": [";
    for (std::size_t i = 0; i < save.actions.size(); ++i) {
        nlohmann::json entry = {{"action", toJson(save.actions[i].action)}, {"hash", save.actions[i].stateHash}};
        if (!save.actions[i].reason.empty()) {
            entry["reason"] = save.actions[i].reason;
        }
        text << (i == 0 ? "\n    " : ",\n    ") << entry.dump();
    }
    text << (save.actions.empty() ? "],\n" : "\n  ],\n");
    std::string scenario = toJsonText(save.scenario);
    if (!scenario.empty() && scenario.back() == '\n') {
        scenario.pop_back();
    }
    text << "  \"scenario\": " << nested(scenario, 2) << "\n";
    text << "}\n";
    return text.str();
}

LoadResult<SaveFile> parseSave(std::string_view text, const std::string& fileName) {
    return parseDocument<SaveFile>(text, fileName, readSave);
}

LoadResult<SaveFile> loadSave(const std::filesystem::path& path) { return loadDocument<SaveFile>(path, readSave); }

bool isSaveJson(const nlohmann::json& json) {
    if (!json.is_object()) {
        return false;
    }
    const auto found = json.find("kind");
    return found != json.end() && found->is_string() && *found == kind;
}

bool isSaveFile(const std::filesystem::path& path) {
    std::string problem;
    const std::optional<std::string> text = readTextFile(path, problem);
    if (!text) {
        return false;
    }
    const ParsedJson parsed = parseJsonText(*text);
    return parsed.value && isSaveJson(*parsed.value);
}

} // namespace sandtable
