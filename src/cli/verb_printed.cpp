// The printed verbs: a ruleset's quick-reference sheet and a battle's roster, as Markdown,
// HTML or PDF (through Qt's rich text, on the off-screen platform: no window is opened).

#include "playable_scenario.h"
#include "printed_pages.h"
#include "sandtable/reference_sheet.h"
#include "sandtable/roster.h"
#include "sandtable/ruleset_registry.h"
#include "verb.h"

#include <ostream>

namespace sandtable::cli {

namespace {

struct PrintedOutput {
    std::string title;
    std::string markdown;
    std::string html;
};

// Writes `printed` as the arguments ask: --pdf OUT (on --paper), else HTML or Markdown.
int writePrinted(const VerbArguments& args, const PrintedOutput& printed, std::ostream& out) {
    const auto pdf = args.value("--pdf");
    const std::string paperName = args.value("--paper").value_or("a4");
    const auto paper = print::paperFromName(QString::fromStdString(paperName));
    if (!paper) {
        throw UsageError("--paper: expected a4 or letter, found '" + paperName + "'");
    }
    if (!pdf) {
        if (args.value("--paper")) {
            throw UsageError("--paper is for --pdf: the text has no pages");
        }
        out << (args.has("--html") ? printed.html : printed.markdown);
        return 0;
    }
    if (args.has("--html")) {
        throw UsageError("--html and --pdf: choose one");
    }
    print::ensureGuiForPrinting();
    const print::PrintedDocument document{QString::fromStdString(printed.title), QString::fromStdString(printed.html), {}};
    if (const auto problem = print::writePdf(document, QString::fromStdString(*pdf), *paper)) {
        throw UsageError(problem->toStdString());
    }
    out << "wrote " << *pdf << " (" << paperName << ")\n";
    return 0;
}

nlohmann::json optionsArgument(const VerbArguments& args) {
    const auto text = args.value("--options");
    if (!text) {
        return nlohmann::json::object();
    }
    nlohmann::json options = nlohmann::json::parse(*text, nullptr, false);
    if (!options.is_object()) {
        throw UsageError("--options: expected a JSON object of option ids and choices, such as {\"jokers\": \"blank\"}, found '" + *text +
                         "'");
    }
    return options;
}

} // namespace

int runReference(const VerbArguments& args, std::ostream& out) {
    const std::string id = args.single("a ruleset id");
    const RegisteredRuleset* registered = findRuleset(id);
    if (registered == nullptr) {
        std::string known;
        for (const RegisteredRuleset& each : registeredRulesets()) {
            known += (known.empty() ? "" : ", ") + each.id;
        }
        throw UsageError("no ruleset '" + id + "' (rulesets: " + known + ")");
    }
    // Made with the options, so that a refused option or value is said as the game says it.
    const auto ruleset = registered->create(optionsArgument(args));
    if (!ruleset) {
        throw UsageError("--options: " + ruleset.error());
    }
    const auto sheet = referenceSheet(registered->data, (*ruleset)->options());
    if (!sheet) {
        throw UsageError(id + ": " + sheet.error());
    }
    return writePrinted(args, {sheet->title, toMarkdown(*sheet), toHtml(*sheet)}, out);
}

int runRoster(const VerbArguments& args, std::ostream& out) {
    const PlayableScenario playable = loadPlayable(args.single("a scenario or save file"), 1);
    const Game& game = *playable.game;
    const Roster units = roster(game.battle(), game.ruleset(), game.scenario().name, standing(game));
    return writePrinted(args, {units.title, toMarkdown(units), toHtml(units)}, out);
}

} // namespace sandtable::cli
