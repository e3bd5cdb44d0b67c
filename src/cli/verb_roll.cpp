#include "expression_argument.h"
#include "seed_argument.h"
#include "verb.h"

#include <nlohmann/json.hpp>
#include <ostream>

namespace sandtable::cli {

int runRoll(const VerbArguments& args, std::ostream& out) {
    const DiceExpression expression = expressionArgument(args);
    const std::uint64_t seed = seedArgument(args);
    DiceStream stream(seed);
    const RollResult result = expression.rollDetailed(stream, stream.purpose("sandtable-cli roll"));
    const std::vector<std::string> lines = expression.explain(result);

    if (args.has("--json")) {
        nlohmann::ordered_json json;
        json["expression"] = expression.text();
        json["seed"] = seed;
        json["total"] = result.total;
        auto dice = nlohmann::ordered_json::array();
        for (const RollPart& part : result.parts) {
            for (const RolledDie& die : part.dice) {
                dice.push_back({{"part", std::string(expression.sourceOf(part.node))},
                                {"sides", die.die.sides},
                                {"lowest", die.die.lowestFace},
                                {"face", die.face},
                                {"kept", die.kept},
                                {"success", die.success}});
            }
        }
        json["dice"] = dice;
        json["explanation"] = lines;
        out << json.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) << "\n";
        return 0;
    }
    out << expression.text() << " = " << result.total << "    (seed " << seed << ")\n";
    for (const std::string& line : lines) {
        out << "  " << line << "\n";
    }
    return 0;
}

} // namespace sandtable::cli
