#pragma once

#include "sandtable/chart.h"
#include "sandtable/citation.h"
#include "sandtable/dice_expression.h"
#include "sandtable/modifier_list.h"

#include <string>
#include <variant>
#include <vector>

namespace sandtable {

/// The steps of a resolution as data, not prose: front ends decide how to show them.
namespace trace {

/// Dice rolled: the expression, each die as it counted, the total.
struct Roll {
    std::string purpose;
    std::string expression;
    std::vector<RolledDie> dice;
    std::int64_t total = 0;
    std::vector<std::string> explanation; // the expression's own account, part by part
};

/// A chart consulted: which row and column, the cell, and any edge rule that applied.
struct Lookup {
    std::string table;
    std::string row;
    std::string column;
    std::string cell;
    std::vector<std::string> notes;
};

/// One modifier considered: applied (how many times) or not.
struct Modifier {
    std::string id;
    std::string name;
    std::string effect;
    int times = 0;
};

/// A ruling of the ruleset's RULINGS.md applied where the text is silent.
struct Ruling {
    std::string id;
    std::string text;
};

/// What came of it: "2 casualties", "the unit routs".
struct Outcome {
    std::string text;
};

} // namespace trace

struct TraceStep {
    std::variant<trace::Roll, trace::Lookup, trace::Modifier, trace::Ruling, trace::Outcome> detail;
    Citation citation;
};

/// The account of one resolution, step by step, each with the rule it applies.
class Trace {
public:
    void add(TraceStep step) {
        if (!m_muted) {
            m_steps.push_back(std::move(step));
        }
    }

    void roll(std::string purpose, const DiceExpression& expression, const RollResult& result, Citation citation);
    void lookup(const Chart& chart, const ChartLookup& result);
    /// Every modifier of the list, applied or not, each with its own citation (or the list's).
    void modifiers(const ModifierList& list, const ModifierApplication& application);
    void ruling(std::string id, std::string text, Citation citation);
    void outcome(std::string text, Citation citation = {});

    const std::vector<TraceStep>& steps() const { return m_steps; }
    bool empty() const { return m_steps.empty(); }

    /// Records nothing from now on: for a resolution nobody reads (the computer's tries,
    /// DiceStream::untraced), which need not pay for its account's text.
    void mute() { m_muted = true; }
    bool muted() const { return m_muted; }

private:
    std::vector<TraceStep> m_steps;
    bool m_muted = false;
};

/// Plain text, one line per step, each ending with its citation: the form the CLI
/// prints and the dice log shows.
std::vector<std::string> toText(const Trace& trace);

} // namespace sandtable
