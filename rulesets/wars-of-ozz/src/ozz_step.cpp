#include "ozz_step.h"

#include <stdexcept>

namespace sandtable::ozz {

void Step::emit(Event event) {
    applyEvent(battle, event);
    out.events.push_back(std::move(event));
}

Unit& Step::unit(const std::string& id) {
    Unit* found = battle.findUnit(id);
    if (found == nullptr) {
        throw std::logic_error("no unit '" + id + "'");
    }
    return *found;
}

void Step::ruling(const std::string& id) {
    // A ruling is said once in a resolution, where it first applies.
    for (const TraceStep& step : out.trace.steps()) {
        if (const auto* said = std::get_if<trace::Ruling>(&step.detail); said != nullptr && said->id == id) {
            return;
        }
    }
    const RulingText& ruling = data.ruling(id);
    out.trace.ruling(ruling.id, ruling.text, ruling.interprets);
}

void Step::outcome(const std::string& text, const Citation& citation) { out.trace.outcome(text, citation); }

std::int64_t Step::roll(const DiceExpression& expression, const std::string& purpose, const Citation& citation) {
    if (m_dice == nullptr) {
        throw std::logic_error("a preview tried to roll " + expression.text());
    }
    const RollResult result = expression.rollDetailed(*m_dice, m_dice->purpose(purpose));
    out.trace.roll(purpose, expression, result, citation);
    return result.total;
}

std::int64_t Step::roll(const std::string& expression, const std::string& purpose, const Citation& citation) {
    return roll(parseOrThrow(expression), purpose, citation);
}

DiceStream& Step::dice() {
    if (m_dice == nullptr) {
        throw std::logic_error("a preview asked for the dice");
    }
    return *m_dice;
}

DiceExpression parseOrThrow(const std::string& text) {
    auto parsed = DiceExpression::parse(text);
    if (!parsed) {
        throw std::logic_error("bad dice expression '" + text + "': " + parsed.error().message);
    }
    return *parsed;
}

const DiceExpression& d10() {
    static const DiceExpression expression = parseOrThrow("1d10");
    return expression;
}

} // namespace sandtable::ozz
