#include "ozz_data.h"

#include "sandtable/json_reader.h"

#include <algorithm>
#include <stdexcept>

namespace sandtable {
const char* sandtable_wars_of_ozz_data();
}

namespace sandtable::ozz {

namespace {

using kit::findById;
using kit::forEach;

MovementRow readMovement(const JsonNode& node) {
    JsonObject object = node.object();
    MovementRow row;
    row.id = object.requiredText("id").value_or("");
    row.name = object.requiredText("name").value_or("");
    if (auto roll = object.required("roll")) {
        auto parsed = DiceExpression::parse(roll->text().value_or(""));
        if (parsed) {
            row.roll = *parsed;
        } else {
            roll->error("expected a dice expression: " + parsed.error().message);
        }
    }
    if (auto add = object.optional("add")) {
        row.add = static_cast<int>(add->integer(0, 20).value_or(0));
    }
    if (auto half = object.optional("half")) {
        row.half = half->boolean().value_or(false);
    }
    row.modifiers = object.requiredText("modifiers").value_or("");
    if (auto note = object.optional("note")) {
        row.note = note->text().value_or("");
    }
    object.rejectUnknownKeys();
    return row;
}

} // namespace

const UnitType* Data::unitType(const std::string& id) const { return findById(unitTypes, id); }
const Weapon* Data::weapon(const std::string& id) const { return findById(weapons, id); }
const MovementRow* Data::movementRow(const std::string& id) const { return findById(movement, id); }

LoadResult<Data> parseData(std::string_view text, const std::string& fileName) {
    return kit::parseRulesetData<Data>(text, fileName, [](JsonObject& root, Data& data, Diagnostics& diagnostics) {
        forEach(root, "movement", [&](const JsonNode& row) { data.movement.push_back(readMovement(row)); });
        if (auto source = root.required("movementSource")) {
            data.movementSource = readCitation(*source).value_or(Citation{});
        }
        forEach(root, "weapons", [&](const JsonNode& node) {
            JsonObject object = node.object();
            Weapon weapon{object.requiredText("id").value_or(""), object.requiredText("name").value_or(""),
                          object.requiredText("ranges").value_or("")};
            if (!weapon.ranges.empty() && data.tables.findRangeBands(weapon.ranges) == nullptr) {
                node.error("no range-bands table \"" + weapon.ranges + "\" in \"tables\"");
            }
            object.rejectUnknownKeys();
            data.weapons.push_back(weapon);
        });
        forEach(root, "unitTypes", [&](const JsonNode& node) {
            JsonObject object = node.object();
            UnitType type;
            type.id = object.requiredText("id").value_or("");
            type.name = object.requiredText("name").value_or("");
            type.arm = kit::readArm(object);
            type.movement = object.requiredText("movement").value_or("");
            if (auto weapon = object.optional("weapon")) {
                type.weapon = weapon->text().value_or("");
                if (data.weapon(type.weapon) == nullptr) {
                    weapon->error("no weapon \"" + type.weapon + "\" in \"weapons\"");
                }
            }
            type.points = static_cast<int>(object.requiredInteger("points", 0, 100).value_or(0));
            object.rejectUnknownKeys();
            data.unitTypes.push_back(type);
        });
        if (auto reactions = root.required("reactions")) {
            JsonObject object = reactions->object();
            for (const char* chartId : {"tests-of-resolve", "tests-of-elan"}) {
                auto rows = object.required(chartId);
                const Chart* chart = data.tables.findChart(chartId);
                if (!rows || chart == nullptr) {
                    continue;
                }
                auto& table = data.reactions[chartId];
                for (const JsonNode& row : rows->array().value_or(std::vector<JsonNode>{})) {
                    table.emplace_back();
                    for (const JsonNode& cell : row.array().value_or(std::vector<JsonNode>{})) {
                        table.back().push_back(cell.text().value_or(""));
                    }
                    if (table.back().size() != chart->columns.bands.size()) {
                        row.error("expected one procedure per column of \"" + std::string(chartId) + "\"");
                    }
                }
                if (table.size() != chart->rowCount()) {
                    rows->error("expected one row per row of \"" + std::string(chartId) + "\"");
                }
            }
            object.rejectUnknownKeys();
        }
        for (const MovementRow& row : data.movement) {
            if (data.tables.findModifierList(row.modifiers) == nullptr) {
                diagnostics.error("/movement", "row \"" + row.id + "\" names no modifier list \"" + row.modifiers + "\"");
            }
        }
        for (const UnitType& type : data.unitTypes) {
            if (type.movement != "artillery" && data.movementRow(type.movement) == nullptr) {
                diagnostics.error("/unitTypes", "type \"" + type.id + "\" names no movement row \"" + type.movement + "\"");
            }
        }
        std::vector<std::string> moveLists;
        for (const MovementRow& row : data.movement) {
            moveLists.push_back(row.modifiers);
        }
        kit::requirePathCosts(data.tables, diagnostics, moveLists);
        kit::requireTables(data.tables, diagnostics, {"tests-of-resolve", "tests-of-elan"}, {"marksmanship", "melee", "shifts"}, {});
        kit::requireModifiers(data.tables, diagnostics, "marksmanship",
                              {"light-cover", "heavy-cover", "target-column", "flank-or-rear", "unlimbered-this-activation",
                               "at-artillerists", "firer-disordered", "artillery-reaction", "long-range"});
        kit::requireModifiers(data.tables, diagnostics, "melee",
                              {"defending-obstacle", "uphill", "disordered", "impetus", "flank", "rear", "reaction-plus-one",
                               "reaction-minus-one", "close-plus-one", "close-minus-two"});
        kit::requireModifiers(
            data.tables, diagnostics, "shifts",
            {"per-base-lost", "close-artillery-fire", "flank-or-rear", "commander-attached", "behind-friendly-lines", "in-cover"});
    });
}

const Data& builtInData() { return kit::builtIn<Data>(parseData, sandtable_wars_of_ozz_data(), "rulesets/wars-of-ozz/ruleset.json"); }

} // namespace sandtable::ozz
