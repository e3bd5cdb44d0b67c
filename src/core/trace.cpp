#include "sandtable/trace.h"

namespace sandtable {

void Trace::roll(std::string purpose, const DiceExpression& expression, const RollResult& result, Citation citation) {
    if (m_muted) {
        return; // nor its explanation worked out
    }
    trace::Roll step;
    step.purpose = std::move(purpose);
    step.expression = expression.text();
    for (const RollPart& part : result.parts) {
        step.dice.insert(step.dice.end(), part.dice.begin(), part.dice.end());
    }
    step.total = result.total;
    step.explanation = expression.explain(result);
    add(TraceStep{std::move(step), std::move(citation)});
}

void Trace::lookup(const Chart& chart, const ChartLookup& result) {
    if (m_muted) {
        return;
    }
    add(TraceStep{trace::Lookup{chart.name, result.rowLabel, result.columnLabel, result.cell.toString(), result.notes}, chart.source});
}

void Trace::modifiers(const ModifierList& list, const ModifierApplication& application) {
    if (m_muted) {
        return;
    }
    for (const ModifierApplication::Step& step : application.steps) {
        add(TraceStep{trace::Modifier{step.modifier->id, step.modifier->name, step.modifier->effect(), step.times},
                      step.modifier->source.empty() ? list.source : step.modifier->source});
    }
}

void Trace::ruling(std::string id, std::string text, Citation citation) {
    add(TraceStep{trace::Ruling{std::move(id), std::move(text)}, std::move(citation)});
}

void Trace::outcome(std::string text, Citation citation) { add(TraceStep{trace::Outcome{std::move(text)}, std::move(citation)}); }

namespace {

struct StepText {
    std::string operator()(const trace::Roll& roll) const {
        std::string text = roll.purpose + ": " + roll.expression + " = " + std::to_string(roll.total);
        for (const std::string& part : roll.explanation) {
            text += " [" + part + "]";
        }
        return text;
    }
    std::string operator()(const trace::Lookup& lookup) const {
        std::string text = lookup.table + ":";
        if (!lookup.row.empty()) {
            text += " row " + lookup.row + ",";
        }
        text += " column " + lookup.column + " → " + lookup.cell;
        for (const std::string& note : lookup.notes) {
            if (!note.empty()) {
                text += " (" + note + ")";
            }
        }
        return text;
    }
    std::string operator()(const trace::Modifier& modifier) const {
        std::string text = modifier.times > 0 ? "[x] " : "[ ] ";
        text += modifier.name + " " + modifier.effect;
        if (modifier.times > 1) {
            text += " (" + std::to_string(modifier.times) + " times)";
        }
        return text;
    }
    std::string operator()(const trace::Ruling& ruling) const { return "Ruling " + ruling.id + ": " + ruling.text; }
    std::string operator()(const trace::Outcome& outcome) const { return outcome.text; }
};

} // namespace

std::vector<std::string> toText(const Trace& trace) {
    std::vector<std::string> lines;
    for (const TraceStep& step : trace.steps()) {
        std::string line = std::visit(StepText{}, step.detail);
        if (!step.citation.empty()) {
            line += "  — " + step.citation.toString();
        }
        lines.push_back(std::move(line));
    }
    return lines;
}

} // namespace sandtable
