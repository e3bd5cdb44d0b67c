#include "ein_data.h"

#include "sandtable/json_reader.h"

#include <regex>

namespace sandtable {
const char* sandtable_einsamenhugel_data();
}

namespace sandtable::ein {

namespace {

using kit::forEach;

template <class V>
std::map<std::string, V> readPerFormation(JsonObject& object, std::string_view key, const std::vector<std::string>& formations,
                                          bool required) {
    std::map<std::string, V> values;
    const auto node = required ? object.required(key) : object.optional(key);
    if (!node) {
        return values;
    }
    JsonObject perFormation = node->object();
    for (const std::string& formation : formations) {
        if (auto value = perFormation.required(formation)) {
            if constexpr (std::is_same_v<V, double>) {
                values[formation] = value->number(0, 100).value_or(0);
            } else {
                values[formation] = static_cast<int>(value->integer(1, 6).value_or(1));
            }
        }
    }
    perFormation.rejectUnknownKeys();
    return values;
}

TroopClass readClass(const JsonNode& node) {
    JsonObject object = node.object();
    TroopClass troops;
    troops.id = object.requiredText("id").value_or("");
    troops.name = object.requiredText("name").value_or("");
    troops.arm = kit::readArm(object);
    forEach(object, "formations", [&](const JsonNode& formation) { troops.formations.push_back(formation.text().value_or("")); });
    if (troops.formations.empty()) {
        object.node().error("a troop class needs at least one formation");
    }
    troops.movement = readPerFormation<double>(object, "movement", troops.formations, true);
    if (auto firearm = object.optional("firearm")) {
        troops.firearm = firearm->text().value_or("");
    }
    troops.hitScoreColumn = readPerFormation<int>(object, "hitScore", troops.formations, !troops.firearm.empty());
    if (auto row = object.optional("meleeRow")) {
        troops.meleeRow = static_cast<int>(row->integer(1, 4).value_or(0));
    }
    troops.meleeColumn = readPerFormation<int>(object, "meleeColumn", troops.formations, false);
    for (auto [key, flag] :
         {std::pair{"closeOrder", &troops.closeOrder}, std::pair{"light", &troops.light}, std::pair{"gun", &troops.gun}}) {
        if (auto value = object.optional(key)) {
            *flag = value->boolean().value_or(false);
        }
    }
    object.rejectUnknownKeys();
    return troops;
}

} // namespace

std::optional<ArtilleryDice> artilleryDice(const std::string& cell) {
    static const std::regex form(R"(([1-9][0-9]?)d6(, halved)?)");
    std::smatch match;
    if (!std::regex_match(cell, match, form)) {
        return std::nullopt;
    }
    return ArtilleryDice{std::stoi(match[1].str()), match[2].matched};
}

std::optional<double> variationFactor(const std::string& cell) {
    if (cell == "no change") {
        return 1.0;
    }
    static const std::regex form(R"(([+-])([0-9]{1,2})%)");
    std::smatch match;
    if (!std::regex_match(cell, match, form)) {
        return std::nullopt;
    }
    const double share = std::stoi(match[2].str()) / 100.0;
    return match[1].str() == "+" ? 1 + share : 1 - share;
}

const TroopClass* Data::troopClass(const std::string& id) const { return kit::findById(classes, id); }
LoadResult<Data> parseData(std::string_view text, const std::string& fileName) {
    return kit::parseRulesetData<Data>(text, fileName, [](JsonObject& root, Data& data, Diagnostics& diagnostics) {
        forEach(root, "troopClasses", [&](const JsonNode& node) { data.classes.push_back(readClass(node)); });
        if (auto sources = root.required("classSources")) {
            JsonObject object = sources->object();
            for (const char* key : {"movement", "organisation"}) {
                if (auto citation = object.required(key)) {
                    readCitation(*citation);
                }
            }
            object.rejectUnknownKeys();
        }
        kit::requirePathCosts(data.tables, diagnostics, {});
        kit::requireTables(data.tables, diagnostics,
                           {"movement-rates", "variation", "musketry-scores", "artillery-dice", "artillery-hit-scores", "saving-throws",
                            "melee-dice", "melee-hit-scores", "morale-scores"},
                           {"musketry-throw", "artillery-throw", "melee-extra-dice", "morale-throw"}, {"musket", "carbine", "artillery"});
        kit::requireModifiers(data.tables, diagnostics, "musketry-throw",
                              {"return-fire-after-moving", "british-musketry", "prussian-foot"});
        kit::requireModifiers(data.tables, diagnostics, "artillery-throw", {"over-friends"});
        kit::requireModifiers(data.tables, diagnostics, "melee-extra-dice", {"flank-or-rear", "higher-ground", "defending-bank-or-town"});
        kit::requireModifiers(data.tables, diagnostics, "morale-throw", {"general-attached", "rear-support"});
        // The cells the procedures read as numbers must say what they can read.
        if (const Chart* dice = data.tables.findChart("artillery-dice")) {
            for (std::size_t row = 0; row < (dice->rows ? dice->rows->bands.size() : 1); ++row) {
                for (std::size_t column = 0; column < dice->columns.bands.size(); ++column) {
                    if (!artilleryDice(dice->cellAt(row, column).text)) {
                        diagnostics.error("/tables/artillery-dice", "cell \"" + dice->cellAt(row, column).text +
                                                                        "\" is not a number of dice such as \"2d6\" or \"1d6, halved\"");
                    }
                }
            }
        }
        if (const Chart* variation = data.tables.findChart("variation")) {
            for (std::size_t column = 0; column < variation->columns.bands.size(); ++column) {
                if (!variationFactor(variation->cellAt(0, column).text)) {
                    diagnostics.error("/tables/variation",
                                      "cell \"" + variation->cellAt(0, column).text + "\" is not \"+N%\", \"-N%\" or \"no change\"");
                }
            }
        }
        for (const TroopClass& troops : data.classes) {
            if (!troops.firearm.empty() && data.tables.findRangeBands(troops.firearm) == nullptr) {
                diagnostics.error("/troopClasses",
                                  "class \"" + troops.id + "\" fires a \"" + troops.firearm + "\", which has no range bands in \"tables\"");
            }
        }
    });
}

const Data& builtInData() { return kit::builtIn<Data>(parseData, sandtable_einsamenhugel_data(), "rulesets/einsamenhugel/ruleset.json"); }

} // namespace sandtable::ein
