#include "sandtable/kit/ruleset_data.h"

#include "sandtable/table_set.h"

#include <stdexcept>

namespace sandtable::kit {

namespace {

std::optional<RulesetOption> readOption(const JsonNode& node) {
    JsonObject object = node.object();
    RulesetOption option;
    option.id = object.requiredText("id").value_or("");
    option.name = object.requiredText("name").value_or("");
    option.description = object.requiredText("description").value_or("");
    if (auto choices = object.required("choices")) {
        for (const JsonNode& choice : choices->array().value_or(std::vector<JsonNode>{})) {
            option.choices.push_back(choice.text().value_or(""));
        }
    }
    if (auto chosen = object.required("default")) {
        option.defaultChoice = chosen->text().value_or("");
        if (std::find(option.choices.begin(), option.choices.end(), option.defaultChoice) == option.choices.end()) {
            chosen->error("the default should be one of the choices");
        }
    }
    object.rejectUnknownKeys();
    return option;
}

} // namespace

RulesetInfo readRulesetInfo(JsonObject& root) {
    RulesetInfo info;
    checkFormat(root, 1);
    info.id = root.requiredText("id").value_or("");
    info.name = root.requiredText("name").value_or("");
    info.version = root.requiredText("version").value_or("");
    info.sourceFile = root.requiredText("source").value_or("");
    info.sourceTitle = root.requiredText("sourceTitle").value_or("");
    if (auto unit = root.required("unit")) {
        const auto parsed = measureUnitFromString(unit->text().value_or(""));
        if (parsed) {
            info.unit = *parsed;
        } else {
            unit->error("expected \"inch\", \"cm\" or \"box\"");
        }
    }
    forEach(root, "sequenceOfPlay", [&](const JsonNode& step) { info.sequenceOfPlay.push_back(step.text().value_or("")); });
    forEach(root, "options", [&](const JsonNode& option) {
        if (auto read = readOption(option)) {
            info.options.push_back(*read);
        }
    });
    return info;
}

std::vector<RulingText> readRulings(JsonObject& root) {
    std::vector<RulingText> rulings;
    forEach(root, "rulings", [&](const JsonNode& node) {
        JsonObject object = node.object();
        RulingText ruling;
        ruling.id = object.requiredText("id").value_or("");
        ruling.text = object.requiredText("text").value_or("");
        if (auto interprets = object.required("interprets")) {
            ruling.interprets = readCitation(*interprets).value_or(Citation{});
        }
        object.rejectUnknownKeys();
        if (findById(rulings, ruling.id) != nullptr) {
            node.error("a second ruling \"" + ruling.id + "\"");
        }
        rulings.push_back(ruling);
    });
    return rulings;
}

const RulingText& RulesetData::ruling(const std::string& id) const { return findRuling(rulings, id); }

const ModifierList& RulesetData::modifiers(const std::string& id) const {
    if (const ModifierList* list = tables.findModifierList(id)) {
        return *list;
    }
    throw std::logic_error("no modifier list '" + id + "' in ruleset.json");
}

const Chart& RulesetData::chart(const std::string& id) const {
    if (const Chart* chart = tables.findChart(id)) {
        return *chart;
    }
    throw std::logic_error("no chart '" + id + "' in ruleset.json");
}

const RangeBands& RulesetData::ranges(const std::string& id) const {
    if (const RangeBands* bands = tables.findRangeBands(id)) {
        return *bands;
    }
    throw std::logic_error("no range bands '" + id + "' in ruleset.json");
}

const PathCostTable& RulesetData::pathCosts() const {
    if (tables.pathCosts.size() == 1) {
        return tables.pathCosts.front();
    }
    throw std::logic_error("ruleset.json has no single path-costs table");
}

void requirePathCosts(const TableSet& tables, Diagnostics& diagnostics, const std::vector<std::string>& moveLists) {
    if (tables.pathCosts.empty()) {
        diagnostics.error("/tables", "no \"path-costs\" table that reads: a ruleset needs one to price its moves");
        return;
    }
    if (tables.pathCosts.size() > 1) {
        diagnostics.error("/tables", "expected one \"path-costs\" table, found " + std::to_string(tables.pathCosts.size()));
        return;
    }
    const PathCostTable& costs = tables.pathCosts.front();
    const auto check = [&](const TermsByArm& terms, bool crossing, const std::string& what) {
        std::vector<const CostTerm*> all{&terms.term};
        for (const auto& [arm, term] : terms.arms) {
            all.push_back(&term);
        }
        for (const CostTerm* term : all) {
            for (const std::string& id : moveLists) {
                const ModifierList* list = tables.findModifierList(id);
                const Modifier* modifier = list != nullptr && term->kind == CostTerm::Kind::Modifier ? list->find(term->modifier) : nullptr;
                const auto wanted = crossing ? Modifier::Operation::Add : Modifier::Operation::Multiply;
                if (modifier != nullptr && modifier->operation != wanted) {
                    diagnostics.error("/tables", "\"" + costs.id + "\" prices " + what + " by \"" + term->modifier + "\" of \"" + id +
                                                     "\", which should " + (crossing ? "add" : "multiply"));
                }
            }
        }
    };
    for (const auto& [type, terms] : costs.areas) {
        check(terms, false, toString(type));
    }
    for (const auto& [type, terms] : costs.lines) {
        check(terms, true, toString(type));
    }
    if (costs.contour) {
        check(*costs.contour, true, "a contour");
    }
    if (costs.offFacing) {
        check(*costs.offFacing, false, "a sideways or backward leg");
    }
}

void requireTables(const TableSet& tables, Diagnostics& diagnostics, std::initializer_list<const char*> charts,
                   std::initializer_list<const char*> modifierLists, std::initializer_list<const char*> rangeBands) {
    for (const char* id : charts) {
        if (tables.findChart(id) == nullptr) {
            diagnostics.error("/tables", std::string("no chart \"") + id + "\"");
        }
    }
    for (const char* id : modifierLists) {
        if (tables.findModifierList(id) == nullptr) {
            diagnostics.error("/tables", std::string("no modifier list \"") + id + "\"");
        }
    }
    for (const char* id : rangeBands) {
        if (tables.findRangeBands(id) == nullptr) {
            diagnostics.error("/tables", std::string("no range bands \"") + id + "\"");
        }
    }
}

void requireModifiers(const TableSet& tables, Diagnostics& diagnostics, const char* list, std::initializer_list<const char*> ids) {
    const ModifierList* found = tables.findModifierList(list);
    if (found == nullptr) {
        return; // requireTables says the list is missing
    }
    for (const char* id : ids) {
        if (found->find(id) == nullptr) {
            diagnostics.error("/tables", std::string("the modifier list \"") + list + "\" has no modifier \"" + id + "\"");
        }
    }
}

void requireCells(const TableSet& tables, Diagnostics& diagnostics, const char* chart, const std::vector<std::string>& known) {
    const Chart* found = tables.findChart(chart);
    if (found == nullptr) {
        return;
    }
    for (const ChartCell& cell : found->cells) {
        if (std::find(known.begin(), known.end(), cell.text) == known.end()) {
            diagnostics.error(std::string("/tables/") + chart, "cell \"" + cell.toString() + "\" is not one the procedures know");
        }
    }
}

Arm readArm(JsonObject& object) {
    if (auto arm = object.required("arm")) {
        const auto parsed = armFromString(arm->text().value_or(""));
        if (!parsed) {
            arm->error("expected foot, horse, guns or leader");
        }
        return parsed.value_or(Arm::Foot);
    }
    return Arm::Foot;
}

const RulingText& findRuling(const std::vector<RulingText>& rulings, const std::string& id) {
    if (const RulingText* ruling = findById(rulings, id)) {
        return *ruling;
    }
    throw std::logic_error("no ruling '" + id + "' in ruleset.json");
}

std::vector<std::string> readTexts(JsonObject& object, std::string_view key) {
    std::vector<std::string> texts;
    forEach(object, key, [&](const JsonNode& node) { texts.push_back(node.text().value_or("")); });
    return texts;
}

bool readFlag(JsonObject& object, std::string_view key) {
    const auto node = object.required(key);
    return node && node->boolean().value_or(false);
}

Citation readSource(JsonObject& object, std::string_view key) {
    const auto node = object.required(key);
    return node ? readCitation(*node).value_or(Citation{}) : Citation{};
}

bool option(const RulesetOptions& options, const std::string& id, const std::string& value) {
    const auto found = options.find(id);
    return found != options.end() && found->second == value;
}

} // namespace sandtable::kit
