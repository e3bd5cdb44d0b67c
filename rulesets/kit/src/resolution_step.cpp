#include "sandtable/kit/resolution_step.h"

#include <stdexcept>
#include <unordered_map>

namespace sandtable::kit {

ResolutionStep::ResolutionStep(const std::vector<RulingText>& rulings, const RulesetOptions& options, const Battle& battle,
                               DiceStream* dice)
    : options(options), m_rulings(rulings), m_dice(dice) {
    workOn(battle);
}

ResolutionStep::ResolutionStep(const std::vector<RulingText>& rulings, RulesetOptions&& options, const Battle& battle, DiceStream* dice)
    : m_ownOptions(std::move(options)), options(*m_ownOptions), m_rulings(rulings), m_dice(dice) {
    workOn(battle);
}

void ResolutionStep::workOn(const Battle& from) {
    if (m_dice != nullptr) {
        m_lent = from.workingCopy.take();
        if (m_dice->untraced()) {
            out.trace.mute();
        }
    }
    if (m_lent) {
        m_lender = &from;
        battle = std::move(*m_lent);
    } else {
        battle = from;
    }
    // The game's index serves the working copy until its first event moves a base.
    battle.index.shareFrom(from.index);
}

ResolutionStep::ResolutionStep(const ResolutionStep& other)
    : m_ownOptions(other.m_ownOptions), options(m_ownOptions ? *m_ownOptions : other.options), battle(other.battle), out(other.out),
      m_rulings(other.m_rulings), m_dice(other.m_dice) {}

ResolutionStep::~ResolutionStep() {
    if (m_lender != nullptr && !m_spoilt) {
        *m_lent = std::move(battle);
        m_lender->workingCopy.giveBack(std::move(m_lent), m_emitted);
    }
}

void ResolutionStep::emit(Event event) {
    try {
        applyEvent(battle, event);
    } catch (...) {
        m_spoilt = true; // the copy may be half changed: it goes back to nobody
        throw;
    }
    ++m_emitted;
    out.events.push_back(std::move(event));
}

Unit& ResolutionStep::unit(const std::string& id) {
    Unit* found = battle.findUnit(id);
    if (found == nullptr) {
        throw std::logic_error("no unit '" + id + "'");
    }
    return *found;
}

void ResolutionStep::ruling(const std::string& id) {
    if (out.trace.muted()) {
        return; // nor its text looked up and copied
    }
    // A ruling is said once in a resolution, where it first applies.
    for (const TraceStep& step : out.trace.steps()) {
        if (const auto* said = std::get_if<trace::Ruling>(&step.detail); said != nullptr && said->id == id) {
            return;
        }
    }
    const RulingText& ruling = findRuling(m_rulings, id);
    out.trace.ruling(ruling.id, ruling.text, ruling.interprets);
}

void ResolutionStep::outcome(const std::string& text, const Citation& citation) {
    if (!out.trace.muted()) {
        out.trace.outcome(text, citation); // by value: copied only to be kept
    }
}

std::int64_t ResolutionStep::roll(const DiceExpression& expression, const std::string& purpose, const Citation& citation) {
    return rollDetailed(expression, purpose, citation).total;
}

RollResult ResolutionStep::rollDetailed(const DiceExpression& expression, const std::string& purpose, const Citation& citation) {
    if (m_dice == nullptr) {
        throw std::logic_error("a preview tried to roll " + expression.text());
    }
    RollResult result = expression.rollDetailed(*m_dice, m_dice->purpose(purpose));
    out.trace.roll(purpose, expression, result, citation);
    return result;
}

namespace {

/// `text` parsed, once a thread: the rules roll the same few expressions over and over
/// ("2d6", a unit's dice by its strength), and parsing each roll afresh was a fiftieth of
/// the computer's tries. Per thread, so that a refight's games share nothing.
const DiceExpression& parsedOnce(const std::string& text) {
    thread_local std::unordered_map<std::string, DiceExpression> parsed;
    const auto known = parsed.find(text);
    if (known != parsed.end()) {
        return known->second;
    }
    return parsed.emplace(text, parseOrThrow(text)).first->second;
}

} // namespace

std::int64_t ResolutionStep::roll(const std::string& expression, const std::string& purpose, const Citation& citation) {
    return roll(parsedOnce(expression), purpose, citation);
}

DiceStream& ResolutionStep::dice() {
    if (m_dice == nullptr) {
        throw std::logic_error("a preview asked for the dice");
    }
    return *m_dice;
}

Resolution ResolutionStep::finish() {
    if (refused()) {
        // Nothing of a refused action may stand.
        Resolution refusedOnly;
        refusedOnly.refusal = out.refusal;
        return refusedOnly;
    }
    return std::move(out);
}

DiceExpression parseOrThrow(const std::string& text) {
    auto parsed = DiceExpression::parse(text);
    if (!parsed) {
        throw std::logic_error("bad dice expression '" + text + "': " + parsed.error().message);
    }
    return *parsed;
}

} // namespace sandtable::kit
