#include "vcc_data.h"

#include "sandtable/json_reader.h"

namespace sandtable {
const char* sandtable_victorian_colonial_data();
}

namespace sandtable::vcc {

namespace {

using kit::forEach;

bool optionalFlag(JsonObject& object, std::string_view key) {
    const auto node = object.optional(key);
    return node && node->boolean().value_or(false);
}

TroopType readType(const JsonNode& node) {
    JsonObject object = node.object();
    TroopType type;
    type.id = object.requiredText("id").value_or("");
    type.name = object.requiredText("name").value_or("");
    type.arm = kit::readArm(object);
    if (auto move = object.required("move")) {
        type.move = static_cast<int>(move->integer(0, 12).value_or(0));
    }
    const std::string counts = object.requiredText("counts").value_or("bases");
    if (counts != "bases" && counts != "gunners") {
        object.node().error("\"counts\" must be \"bases\" or \"gunners\", not \"" + counts + "\"");
    }
    type.countsGunners = counts == "gunners";
    if (object.optional("weapons")) {
        forEach(object, "weapons", [&](const JsonNode& weapon) { type.weapons.push_back(weapon.text().value_or("")); });
    }
    type.noFireAfterMove = optionalFlag(object, "noFireAfterMove");
    type.pivots = optionalFlag(object, "pivots");
    type.mounted = optionalFlag(object, "mounted");
    type.commander = optionalFlag(object, "commander");
    if (auto figures = object.optional("figuresPerBase")) {
        type.figuresPerBase = static_cast<int>(figures->integer(1, 20).value_or(1));
    }
    object.rejectUnknownKeys();
    return type;
}

} // namespace

const TroopType* Data::type(const std::string& id) const { return kit::findById(types, id); }

LoadResult<Data> parseData(std::string_view text, const std::string& fileName) {
    return kit::parseRulesetData<Data>(text, fileName, [](JsonObject& root, Data& data, Diagnostics& diagnostics) {
        forEach(root, "troopTypes", [&](const JsonNode& node) { data.types.push_back(readType(node)); });
        if (auto source = root.required("troopTypesSource")) {
            data.typesSource = readCitation(*source).value_or(Citation{});
        }
        kit::requireTables(data.tables, diagnostics,
                           {"leader-hit-check", "leader-hit-effect", "rocket-to-hit", "rocket-drift", "morale-failure"},
                           {"firing", "melee", "morale"}, {});
        kit::requireModifiers(data.tables, diagnostics, "firing",
                              {"vs-mounted", "elite", "raw", "close-range", "long-range", "firer-moved", "firing-prone", "vs-prone",
                               "vs-soft-cover", "vs-hard-cover"});
        kit::requireModifiers(data.tables, diagnostics, "melee",
                              {"charging", "elite", "raw", "vs-flank", "lancers-vs-broken", "supporting", "mounted-vs-dervish", "broken",
                               "vs-uphill", "vs-soft-cover", "vs-hard-cover"});
        kit::requireModifiers(
            data.tables, diagnostics, "morale",
            {"elite", "square", "army-commander", "raw", "foot-hit-by-rockets", "mounted-hit-by-rockets", "flanked", "leader-cheered"});
        kit::requireCells(data.tables, diagnostics, "leader-hit-check", {"hit", "no hit"});
        kit::requireCells(data.tables, diagnostics, "leader-hit-effect", {"+1 to next morale check", "one wound", "two wounds", "toast"});
        kit::requireCells(data.tables, diagnostics, "rocket-to-hit", {"hit", "drift"});
        kit::requireCells(data.tables, diagnostics, "rocket-drift", {"beyond", "short", "left", "right"});
        kit::requireCells(
            data.tables, diagnostics, "morale-failure",
            {"take 1d6 hits", "break contact and go prone", "retreat 1 box and go prone", "broken: retreat 2 boxes and go prone"});
        for (const TroopType& type : data.types) {
            for (const std::string& weapon : type.weapons) {
                if (weapon != "rockets" && data.tables.findRangeBands(weapon) == nullptr) {
                    diagnostics.error("/troopTypes",
                                      "type \"" + type.id + "\" fires a \"" + weapon + "\", which has no range bands in \"tables\"");
                }
            }
        }
    });
}

const Data& builtInData() {
    return kit::builtIn<Data>(parseData, sandtable_victorian_colonial_data(), "rulesets/victorian-colonial/ruleset.json");
}

} // namespace sandtable::vcc
