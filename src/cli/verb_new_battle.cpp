// new-battle: a new table to lay out, with the random terrain generator if asked.

#include "sandtable/new_battle.h"
#include "sandtable/printable.h"
#include "sandtable/ruleset_registry.h"
#include "seed_argument.h"
#include "verb.h"

#include <charconv>
#include <cmath>
#include <ostream>
#include <sstream>

namespace sandtable::cli {

namespace {

double lengthArgument(const VerbArguments& args, const std::string& option) {
    const std::optional<std::string> text = args.value(option);
    if (!text) {
        throw UsageError("new-battle needs " + option + " (the table's size in --unit)");
    }
    double value = 0;
    const auto [stop, error] = std::from_chars(text->data(), text->data() + text->size(), value);
    if (error != std::errc() || stop != text->data() + text->size() || !(value > 0) || !std::isfinite(value)) {
        throw UsageError(option + " needs a positive number, found '" + printable(*text) + "'");
    }
    return value;
}

std::map<int, FeatureKind> choicesArgument(const VerbArguments& args) {
    std::map<int, FeatureKind> choices;
    const std::optional<std::string> text = args.value("--choose");
    if (!text) {
        return choices;
    }
    std::istringstream list(*text);
    std::string item;
    while (std::getline(list, item, ',')) {
        const auto equals = item.find('=');
        int sector = 0;
        const auto [stop, error] = std::from_chars(item.data(), item.data() + (equals == std::string::npos ? 0 : equals), sector);
        const auto kind = equals == std::string::npos ? std::nullopt : featureKindFromString(item.substr(equals + 1));
        if (equals == std::string::npos || error != std::errc() || stop != item.data() + equals || sector < 1 || sector > 12 || !kind) {
            throw UsageError("--choose takes SECTOR=KIND pairs, a sector 1 to 12 and hill, water, wood or built-up; found '" + item + "'");
        }
        choices[sector] = *kind;
    }
    return choices;
}

} // namespace

int runNewBattle(const VerbArguments& args, std::ostream& out) {
    NewBattleSettings settings;
    settings.rulesetId = args.value("--ruleset").value_or("");
    if (findRuleset(settings.rulesetId) == nullptr) {
        std::string known;
        for (const RegisteredRuleset& ruleset : registeredRulesets()) {
            known += (known.empty() ? "" : ", ") + ruleset.id;
        }
        throw UsageError("new-battle needs --ruleset, one of: " + known);
    }
    const std::string unit = args.value("--unit").value_or("cm");
    const auto measure = measureUnitFromString(unit);
    if (!measure) {
        throw UsageError("--unit is cm, inch or box, found '" + unit + "'");
    }
    settings.table.unit = *measure;
    if (*measure == MeasureUnit::Box) {
        settings.table.boxSize = 50;
    }
    settings.table.width = settings.table.fromUnits(lengthArgument(args, "--width"));
    settings.table.depth = settings.table.fromUnits(lengthArgument(args, "--depth"));
    // The sizes a scenario may have (docs/formats/scenario.md): what new-battle writes,
    // its own validate must take.
    for (const auto& [option, millimetres] : {std::pair{"--width", settings.table.width}, std::pair{"--depth", settings.table.depth}}) {
        if (!std::isfinite(millimetres) || millimetres < Table::smallestSide || millimetres > Table::largestSide) {
            throw UsageError(std::string(option) + ": a table side is from " + settings.table.formatLength(Table::smallestSide) + " to " +
                             settings.table.formatLength(Table::largestSide) + ", found '" + printable(*args.value(option)) + "'");
        }
    }
    settings.randomTerrain = args.has("--random-terrain");
    if (settings.randomTerrain) {
        settings.seed = seedArgument(args);
        settings.choices = choicesArgument(args);
    } else if (args.value("--seed") || args.value("--choose")) {
        throw UsageError("--seed and --choose belong to --random-terrain");
    }
    const std::optional<std::string> path = args.value("--out");
    if (!path) {
        throw UsageError("new-battle needs --out FILE for the scenario");
    }
    const NewBattle battle = newBattle(settings);
    for (const std::string& line : battle.log) {
        out << line << "\n";
    }
    if (const std::string problem = writeFileAtomically(*path, toJsonText(battle.scenario)); !problem.empty()) {
        throw UsageError(problem);
    }
    out << "wrote " << *path << "\n";
    return 0;
}

} // namespace sandtable::cli
