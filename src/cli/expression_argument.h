#pragma once

#include "sandtable/dice_expression.h"
#include "sandtable/printable.h"
#include "verb.h"

namespace sandtable::cli {

/// The verb's dice expression, or a UsageError naming the column and the text.
inline DiceExpression expressionArgument(const VerbArguments& args) {
    const std::string& text = args.single("a dice expression such as '2d6+1'");
    auto parsed = DiceExpression::parse(text);
    if (!parsed) {
        throw UsageError(parsed.error().toString() + " of '" + printable(text, 120) + "'");
    }
    return std::move(parsed).value();
}

} // namespace sandtable::cli
