#include "report.h"

#include "sandtable/monte_carlo.h"
#include "sandtable/overloaded.h"

#include <algorithm>
#include <cstdio>
#include <ostream>

namespace sandtable::cli {

namespace {

std::string percent(const Probability& probability) {
    char text[32];
    std::snprintf(text, sizeof text, "%6.2f%%", toDouble(probability) * 100.0);
    return text;
}

std::string unitName(const Battle& battle, const std::string& id) {
    const Unit* unit = battle.findUnit(id);
    return unit != nullptr ? unit->name + " (" + id + ")" : id;
}

} // namespace

nlohmann::ordered_json citationJson(const Citation& citation) { return {{"file", citation.file}, {"heading", citation.heading}}; }

void printPreview(std::ostream& out, const Battle& battle, const Preview& preview) {
    out << (preview.allowed() ? "Allowed" : "Not allowed: " + preview.refusal) << "\n";
    for (const auto& [label, value] : preview.facts) {
        out << "  " << label << ": " << value << "\n";
    }
    if (!preview.targets.empty()) {
        out << "\nTargets:\n";
        for (const TargetCheck& target : preview.targets) {
            out << "  " << (target.eligible ? "[x] " : "[ ] ") << unitName(battle, target.unit) << "  "
                << battle.table.formatLength(battle.table.fromUnits(target.distance)) << (target.band.empty() ? "" : ", " + target.band)
                << (target.inArc ? ", in arc" : ", not in arc") << (target.inSight ? ", in sight" : ", out of sight")
                << (target.eligible ? "" : "  (" + target.reason + ")") << "\n";
        }
    }
    if (!preview.modifiers.empty()) {
        out << "\nModifiers (x: applies):\n";
        for (const ModifierCheck& check : preview.modifiers) {
            out << "  " << (check.applies ? "[x] " : "[ ] ") << check.name << "  " << check.effect
                << (check.times > 1 ? " x" + std::to_string(check.times) : "") << "  -- " << check.reason << "  ("
                << check.citation.toString() << ")\n";
        }
    }
    for (const Odds& odds : preview.odds) {
        out << "\n" << odds.title << (odds.samples ? " (estimate from " + std::to_string(*odds.samples) + " samples)" : "") << ":\n";
        Probability largest = 0;
        std::size_t width = 1;
        for (const Odds::Line& line : odds.lines) {
            largest = std::max(largest, line.probability);
            width = std::max(width, line.label.size());
        }
        for (const Odds::Line& line : odds.lines) {
            const auto bar = largest > 0 ? static_cast<std::size_t>(30.0 * toDouble(line.probability) / toDouble(largest) + 0.5) : 0;
            out << "  " << line.label << std::string(width - line.label.size(), ' ') << "  " << percent(line.probability) << "  "
                << toString(line.probability);
            if (odds.samples) {
                char error[32];
                std::snprintf(error, sizeof error, " ± %.2f%%", standardError(odds, line) * 100);
                out << error;
            }
            out << "  " << std::string(bar, '#') << "\n";
        }
    }
    if (!preview.rulings.empty()) {
        out << "\nRulings:\n";
        for (const std::string& line : toText(preview.rulings)) {
            out << "  " << line << "\n";
        }
    }
}

nlohmann::ordered_json previewJson(const Battle& battle, const Preview& preview) {
    nlohmann::ordered_json json;
    json["allowed"] = preview.allowed();
    if (!preview.allowed()) {
        json["refusal"] = preview.refusal;
    }
    auto facts = nlohmann::ordered_json::object();
    for (const auto& [label, value] : preview.facts) {
        facts[label] = value;
    }
    json["facts"] = facts;
    json["targets"] = nlohmann::ordered_json::array();
    for (const TargetCheck& target : preview.targets) {
        json["targets"].push_back({{"unit", target.unit},
                                   {"name", unitName(battle, target.unit)},
                                   {"distance", target.distance},
                                   {"band", target.band},
                                   {"inArc", target.inArc},
                                   {"inSight", target.inSight},
                                   {"eligible", target.eligible},
                                   {"reason", target.reason}});
    }
    json["modifiers"] = nlohmann::ordered_json::array();
    for (const ModifierCheck& check : preview.modifiers) {
        json["modifiers"].push_back({{"id", check.id},
                                     {"name", check.name},
                                     {"effect", check.effect},
                                     {"applies", check.applies},
                                     {"times", check.times},
                                     {"reason", check.reason},
                                     {"citation", citationJson(check.citation)}});
    }
    json["odds"] = nlohmann::ordered_json::array();
    for (const Odds& odds : preview.odds) {
        nlohmann::ordered_json lines = nlohmann::ordered_json::array();
        for (const Odds::Line& line : odds.lines) {
            nlohmann::ordered_json outcome{
                {"outcome", line.label}, {"probability", toDouble(line.probability)}, {"exact", toString(line.probability)}};
            if (odds.samples) {
                outcome["standardError"] = standardError(odds, line);
            }
            lines.push_back(std::move(outcome));
        }
        nlohmann::ordered_json entry{{"title", odds.title}, {"outcomes", lines}, {"exact", !odds.samples}};
        if (odds.samples) {
            entry["samples"] = *odds.samples;
        }
        json["odds"].push_back(entry);
    }
    json["rulings"] = nlohmann::ordered_json::array();
    for (const TraceStep& step : preview.rulings.steps()) {
        if (const auto* ruling = std::get_if<trace::Ruling>(&step.detail)) {
            json["rulings"].push_back({{"id", ruling->id}, {"text", ruling->text}, {"citation", citationJson(step.citation)}});
        }
    }
    return json;
}

void printResolution(std::ostream& out, const Battle& before, const Resolution& resolution) {
    if (!resolution.refusal.empty()) {
        out << "Refused: " << resolution.refusal << "\n";
        return;
    }
    for (const std::string& line : toText(resolution.trace)) {
        out << "  " << line << "\n";
    }
    out << "\nWhat changed:\n";
    Battle battle = before;
    for (const Event& event : resolution.events) {
        out << "  " << describe(battle, event) << "\n";
        applyEvent(battle, event);
    }
    if (resolution.prompt) {
        const Prompt& prompt = *resolution.prompt;
        out << "\nWaiting for " << prompt.side << ": " << prompt.question << "\n";
        for (const Prompt::Choice& choice : prompt.choices) {
            out << "  " << choice.id << ": " << choice.label << "\n";
        }
        if (prompt.input != OrderInput::Choice) {
            out << "  answer with {\"type\": \"answer\", ...} giving a " << inputName(prompt.input) << "\n";
        }
        for (const auto& [what, list] : {std::pair{"targets", &prompt.targets}, std::pair{"elements", &prompt.elements}}) {
            if (!list->empty()) {
                out << "  " << what << ":";
                for (const std::string& id : *list) {
                    out << " " << id;
                }
                out << "\n";
            }
        }
        if (!prompt.boxes.empty()) {
            out << "  boxes:" << boxesText(prompt.boxes) << "\n";
        }
    }
}

std::string boxesText(const std::vector<Box>& boxes) {
    std::string text;
    for (const Box& box : boxes) {
        text += " " + boxName(box) + " [" + std::to_string(box.column) + ", " + std::to_string(box.row) + "]";
    }
    return text;
}

nlohmann::ordered_json boxesJson(const std::vector<Box>& boxes) {
    nlohmann::ordered_json json = nlohmann::ordered_json::array();
    for (const Box& box : boxes) {
        json.push_back({box.column, box.row});
    }
    return json;
}

nlohmann::ordered_json resolutionJson(const Battle& before, const Resolution& resolution) {
    nlohmann::ordered_json json;
    if (!resolution.refusal.empty()) {
        json["refusal"] = resolution.refusal;
        return json;
    }
    json["rolls"] = nlohmann::ordered_json::array();
    for (const TraceStep& step : resolution.trace.steps()) {
        if (const auto* roll = std::get_if<trace::Roll>(&step.detail)) {
            nlohmann::ordered_json faces = nlohmann::ordered_json::array();
            for (const RolledDie& die : roll->dice) {
                faces.push_back(die.face);
            }
            json["rolls"].push_back({{"purpose", roll->purpose},
                                     {"expression", roll->expression},
                                     {"dice", faces},
                                     {"total", roll->total},
                                     {"citation", citationJson(step.citation)}});
        }
    }
    json["trace"] = toText(resolution.trace);
    json["events"] = nlohmann::ordered_json::array();
    Battle battle = before;
    for (const Event& event : resolution.events) {
        json["events"].push_back(describe(battle, event));
        applyEvent(battle, event);
    }
    if (resolution.prompt) {
        nlohmann::ordered_json choices = nlohmann::ordered_json::array();
        for (const Prompt::Choice& choice : resolution.prompt->choices) {
            choices.push_back({{"id", choice.id}, {"label", choice.label}});
        }
        const Prompt& prompt = *resolution.prompt;
        json["prompt"] = {{"side", prompt.side}, {"question", prompt.question}, {"choices", choices}, {"input", inputName(prompt.input)}};
        if (!prompt.targets.empty()) {
            json["prompt"]["targets"] = prompt.targets;
        }
        if (!prompt.elements.empty()) {
            json["prompt"]["elements"] = prompt.elements;
        }
        if (!prompt.boxes.empty()) {
            json["prompt"]["boxes"] = boxesJson(prompt.boxes);
        }
    }
    return json;
}

} // namespace sandtable::cli
