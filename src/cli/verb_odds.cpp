#include "expression_argument.h"
#include "verb.h"

#include <algorithm>
#include <cstdio>
#include <nlohmann/json.hpp>
#include <ostream>

namespace sandtable::cli {

namespace {

std::string percent(double probability) {
    char text[32];
    std::snprintf(text, sizeof text, "%6.2f%%", probability * 100.0);
    return text;
}

} // namespace

int runOdds(const VerbArguments& args, std::ostream& out) {
    const DiceExpression expression = expressionArgument(args);
    Distribution distribution;
    try {
        distribution = expression.distribution();
    } catch (const std::length_error& error) {
        throw UsageError(std::string(error.what()) + ": '" + expression.text() + "'");
    }
    const std::vector<std::int64_t> outcomes = distribution.outcomes();

    if (args.has("--json")) {
        nlohmann::ordered_json json;
        json["expression"] = expression.text();
        auto approximate = nlohmann::ordered_json::object();
        auto exact = nlohmann::ordered_json::object();
        for (const std::int64_t value : outcomes) {
            approximate[std::to_string(value)] = toDouble(distribution.probability(value));
            exact[std::to_string(value)] = toString(distribution.probability(value));
        }
        json["outcomes"] = approximate;
        json["exact"] = exact;
        json["mean"] = toDouble(distribution.mean());
        out << json.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) << "\n";
        return 0;
    }

    double largest = 0;
    std::size_t valueWidth = 1;
    std::size_t fractionWidth = 1;
    for (const std::int64_t value : outcomes) {
        largest = std::max(largest, toDouble(distribution.probability(value)));
        valueWidth = std::max(valueWidth, std::to_string(value).size());
        fractionWidth = std::max(fractionWidth, toString(distribution.probability(value)).size());
    }
    char mean[32];
    std::snprintf(mean, sizeof mean, "%.4g", toDouble(distribution.mean()));
    out << expression.text() << "    mean " << mean << " (exactly " << toString(distribution.mean()) << ")\n";
    for (const std::int64_t value : outcomes) {
        const Probability probability = distribution.probability(value);
        const std::string number = std::to_string(value);
        const std::string fraction = toString(probability);
        const auto bar = static_cast<std::size_t>(40.0 * toDouble(probability) / largest + 0.5);
        out << std::string(valueWidth - number.size(), ' ') << number << "  " << fraction
            << std::string(fractionWidth - fraction.size(), ' ') << " " << percent(toDouble(probability)) << "  " << std::string(bar, '#')
            << "\n";
    }
    return 0;
}

} // namespace sandtable::cli
