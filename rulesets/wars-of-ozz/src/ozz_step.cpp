#include "ozz_step.h"

namespace sandtable::ozz {

const DiceExpression& d10() {
    static const DiceExpression expression = parseOrThrow("1d10");
    return expression;
}

} // namespace sandtable::ozz
