// The verbs for saved games and data files: play a list of actions into a save, replay and
// verify a save, tell its story, and validate any file the program reads.

#include "level_argument.h"
#include "sandtable/battle_losses.h"
#include "sandtable/battle_report.h"
#include "sandtable/computer_player.h"
#include "sandtable/json_reader.h"
#include "sandtable/replay.h"
#include "sandtable/ruleset_registry.h"
#include "sandtable/save_file.h"
#include "sandtable/table_set.h"
#include "seed_argument.h"
#include "verb.h"
#include "whole_number_argument.h"

#include <cstdlib>
#include <fstream>
#include <ostream>
#include <set>
#include <sstream>

namespace sandtable::cli {

namespace {

std::string readFile(const std::string& path) {
    std::string problem;
    auto text = readTextFile(path, problem);
    if (!text) {
        throw UsageError(printable(path) + ": " + problem);
    }
    return std::move(text).value();
}

std::string fileName(const std::string& path) { return std::filesystem::path(path).filename().string(); }

SaveFile loadSaveArgument(const std::string& path) {
    auto save = loadSave(path);
    if (!save) {
        throw UsageError("cannot read the save:\n" + toString(save.error()));
    }
    return std::move(save).value();
}

Replay replaySaveArgument(const std::string& path) {
    auto replayed = replay(loadSaveArgument(path), makeRuleset);
    if (!replayed) {
        throw UsageError(fileName(path) + ": " + replayed.error());
    }
    return std::move(replayed).value();
}

/// A member that should be a string, as the file-type sniffing reads it: empty when it is
/// missing or of another type (the file's own reader then says what was expected).
std::string stringMember(const nlohmann::json& json, const char* key) {
    const auto found = json.is_object() ? json.find(key) : json.end();
    return json.is_object() && found != json.end() && found->is_string() ? found->get<std::string>() : std::string();
}

/// Every problem `validate` finds in one file, each a line naming the file and the place.
std::vector<std::string> problemsIn(const std::string& path, std::string& kind) {
    const std::string text = readFile(path);
    const std::string name = fileName(path);
    const nlohmann::json json = parseJsonText(text).value.value_or(nlohmann::json());
    const bool isObject = json.is_object();
    std::vector<Diagnostic> diagnostics;
    std::vector<std::string> problems;
    if (path.ends_with(".sandtable") || isSaveJson(json)) {
        kind = "save";
        auto save = parseSave(text, name);
        if (!save) {
            diagnostics = save.error();
        } else if (auto replayed = replay(*save, makeRuleset); !replayed) {
            problems.push_back(name + ": " + replayed.error());
        } else if (replayed->difference) {
            problems.push_back(name + ": /actions/" + std::to_string(replayed->difference->action) + ": " + replayed->difference->message);
        } else if (replayed->drift) {
            problems.push_back(name + ": /actions/" + std::to_string(replayed->drift->action) + ": " + replayed->drift->message);
        }
    } else if (name == "ruleset.json" || (isObject && json.contains("sequenceOfPlay"))) {
        kind = "ruleset data";
        const std::string id = stringMember(json, "id");
        const RegisteredRuleset* registered = findRuleset(id);
        if (registered == nullptr && isObject && json.contains("id") && !json["id"].is_string()) {
            problems.push_back(name + ": /id: expected the ruleset's id as a string, found " + JsonNode::describe(json["id"]));
        } else if (registered == nullptr && isObject) {
            problems.push_back(name + ": /id: no ruleset \"" + printable(id) + "\" in this build to read this data");
        } else if (registered == nullptr) {
            // Not JSON at all: any ruleset's reader says where the text goes wrong.
            diagnostics = registeredRulesets().front().checkData(text, name);
        } else {
            diagnostics = registered->checkData(text, name);
        }
    } else if (isObject && json.contains("tables") && !json.contains("units")) {
        kind = "tables";
        if (auto tables = parseTableSet(text, name); !tables) {
            diagnostics = tables.error();
        }
    } else {
        kind = "scenario";
        auto scenario = parseScenario(text, name);
        if (!scenario) {
            diagnostics = scenario.error();
        } else if (auto ruleset = makeRuleset(scenario->rulesetId, scenario->rulesetOptions); !ruleset) {
            problems.push_back(name + ": /ruleset: " + ruleset.error());
        } else {
            for (const std::string& problem : (*ruleset)->checkScenario(*scenario)) {
                problems.push_back(name + ": " + problem);
            }
        }
    }
    for (const Diagnostic& diagnostic : diagnostics) {
        problems.push_back(diagnostic.toString());
    }
    return problems;
}

} // namespace

/// The sides `--computer` names ("all", or side ids separated by commas), checked.
std::set<std::string> computerSides(const VerbArguments& args, const Battle& battle) {
    std::set<std::string> sides;
    const std::optional<std::string> text = args.value("--computer");
    if (!text) {
        return sides;
    }
    if (text->empty()) {
        throw UsageError("--computer: name the sides the computer plays (side ids separated by commas, or all)");
    }
    std::stringstream list(*text);
    for (std::string id; std::getline(list, id, ',');) {
        if (id == "all") {
            for (const Side& side : battle.sides) {
                sides.insert(side.id);
            }
        } else if (battle.findSide(id) != nullptr) {
            sides.insert(id);
        } else {
            std::string known;
            for (const Side& side : battle.sides) {
                known += (known.empty() ? "" : ", ") + side.id;
            }
            throw UsageError("--computer: the scenario has no side \"" + printable(id) + "\" (its sides: " + known + ", or all)");
        }
    }
    return sides;
}

int runPlay(const VerbArguments& args, std::ostream& out) {
    const std::string scenarioPath = args.single("a scenario file");
    auto scenario = loadScenario(scenarioPath);
    if (!scenario) {
        throw UsageError("cannot read the scenario:\n" + toString(scenario.error()));
    }
    const std::optional<std::string> actionsPath = args.value("--actions");
    const std::optional<std::string> savePath = args.value("--save");
    if ((!actionsPath && !args.value("--computer")) || !savePath) {
        throw UsageError("play needs --actions FILE (a JSON array of actions) or --computer SIDES, and --save FILE");
    }
    nlohmann::json actions = nlohmann::json::array();
    if (actionsPath) {
        const ParsedJson parsed = parseJsonText(readFile(*actionsPath));
        if (!parsed.value) {
            throw UsageError(fileName(*actionsPath) + ": not valid JSON: " + parsed.problem);
        }
        actions = *parsed.value;
        if (!actions.is_array()) {
            throw UsageError(fileName(*actionsPath) + ": expected a JSON array of actions");
        }
    }
    const auto lastTurn = static_cast<int>(wholeNumberArgument(args, "--turns", 0, 1, 10000, "a whole number of turns"));
    const std::set<std::string> computer = computerSides(args, scenario->battle);
    const LevelArgument levels = levelArgument(args, scenario->battle);
    auto ruleset = makeRuleset(scenario->rulesetId, scenario->rulesetOptions);
    if (!ruleset) {
        throw UsageError(ruleset.error());
    }
    const std::uint64_t seed = seedArgument(args);
    auto started = Game::start(std::move(scenario).value(), std::move(ruleset).value(), seed);
    if (!started) {
        throw UsageError(started.error());
    }
    Game& game = **started;
    // The file's actions are the players'; whenever a computer side is to decide, it does.
    std::size_t next = 0;
    std::size_t byComputer = 0;
    std::string stopped;
    // A game that has not ended after this many computer actions never will.
    constexpr std::size_t kMostComputerActions = 100000;
    // A player of its own for each side, at the side's level.
    std::map<std::string, ComputerPlayer> players;
    while (!game.status().over && (lastTurn == 0 || game.battle().turn <= lastTurn)) {
        if (const std::optional<std::string> side = computerToDecide(game, computer)) {
            ComputerPlayer& player = players.try_emplace(*side, levels.of(*side)).first->second;
            auto played = player.play(game, *side, [&game](const Action& action, const std::string& reason) {
                auto done = game.perform(action, reason);
                return done ? std::string() : done.error();
            });
            if (!played) {
                stopped = played.error();
                break;
            }
            if (++byComputer == kMostComputerActions) {
                stopped = "the computer stopped after " + std::to_string(byComputer) + " actions without the game ending";
                break;
            }
        } else if (next < actions.size()) {
            const std::string where = fileName(*actionsPath) + ": /" + std::to_string(next);
            auto action = actionFromJson(actions[next]);
            if (!action) {
                throw UsageError(where + ": " + action.error());
            }
            if (auto done = game.perform(*action); !done) {
                throw UsageError(where + ": " + describe(game.battle(), *action) + " was refused: " + done.error());
            }
            ++next;
        } else {
            break;
        }
    }
    if (const std::string problem = writeFileAtomically(*savePath, toJsonText(saveOf(game))); !problem.empty()) {
        throw UsageError(problem);
    }
    out << "played " << game.log().size() << " actions";
    if (!computer.empty()) {
        out << " (" << byComputer << " by the computer)";
    }
    const GameStatus status = game.status();
    out << " (seed " << seed << "); " << (status.over ? status.result : "turn " + std::to_string(status.turn) + ", " + status.situation)
        << "; saved to " << *savePath << "\n";
    if (!stopped.empty()) {
        out << "stopped: " << stopped << "\n";
        return 2;
    }
    if (next < actions.size()) {
        out << "stopped before " << fileName(*actionsPath) << ": /" << next << ": the game ended\n";
    }
    return 0;
}

namespace {

// Each side's losses: units and bases at the start and left, units lost by the end of each
// turn, and each unit eliminated with its turn.
nlohmann::ordered_json lossesJson(const Game& game) {
    nlohmann::ordered_json sides = nlohmann::ordered_json::array();
    for (const SideLosses& side : battleLosses(game)) {
        sides.push_back(toJson(side));
    }
    return sides;
}

// Every unit as it stands: where, how strong, in what state in the ruleset's words.
nlohmann::ordered_json unitsJson(const Game& game) {
    nlohmann::ordered_json units = nlohmann::ordered_json::array();
    const Battle& battle = game.battle();
    for (const Unit& unit : battle.units) {
        nlohmann::ordered_json json{{"id", unit.id},
                                    {"name", unit.name},
                                    {"side", unit.side},
                                    {"bases", unit.elements.size()},
                                    {"startingBases", std::max(unit.startingBases, static_cast<int>(unit.elements.size()))},
                                    {"formation", unit.formation},
                                    {"markers", unit.markers},
                                    {"state", unit.eliminated() ? std::string("eliminated") : game.ruleset().unitState(battle, unit.id)}};
        if (!unit.eliminated()) {
            const Point centre = unit.centre();
            json["centre"] = {battle.table.toUnits(centre.x()), battle.table.toUnits(centre.y())};
            json["facing"] = unit.elements.front().facing;
        }
        units.push_back(json);
    }
    return units;
}

} // namespace

int runReplay(const VerbArguments& args, std::ostream& out) {
    const std::string path = args.single("a save file");
    const Replay replayed = replaySaveArgument(path);
    const Game& game = *replayed.game;
    if (args.has("--json")) {
        nlohmann::ordered_json json;
        json["file"] = path;
        json["reproduced"] = replayed.reproduced();
        json["actions"] = game.log().size();
        json["difference"] =
            replayed.difference ? nlohmann::ordered_json{{"action", replayed.difference->action}, {"message", replayed.difference->message}}
                                : nlohmann::ordered_json();
        json["drift"] = replayed.drift ? nlohmann::ordered_json{{"action", replayed.drift->action}, {"message", replayed.drift->message}}
                                       : nlohmann::ordered_json();
        json["notes"] = replayed.notes;
        json["stateHash"] = game.stateHash();
        json["status"] = game.status().over ? game.status().result : game.status().situation;
        json["turn"] = game.status().turn;
        json["over"] = game.status().over;
        json["winner"] = game.status().winner;
        json["losses"] = lossesJson(game);
        json["units"] = unitsJson(game);
        out << json.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) << "\n";
    } else {
        if (!args.has("--verify")) {
            Battle battle = game.startingBattle();
            for (std::size_t i = 0; i < game.log().size(); ++i) {
                const LogEntry& entry = game.log()[i];
                out << "  " << i + 1 << ". turn " << battle.turn << ": " << describe(battle, entry.action) << "  ["
                    << game.stateHashAfter(i + 1) << "]\n";
                for (const Event& event : entry.resolution.events) {
                    applyEvent(battle, event);
                }
            }
        }
        for (const std::string& note : replayed.notes) {
            out << "note: " << note << "\n";
        }
        if (replayed.reproduced()) {
            out << fileName(path) << ": reproduced all " << game.log().size() << " actions\n";
        } else if (replayed.difference) {
            out << fileName(path) << ": " << replayed.difference->message << "\n";
        } else {
            out << fileName(path) << ": replayed all " << game.log().size() << " actions, but " << replayed.drift->message << "\n";
        }
    }
    return replayed.reproduced() ? 0 : 2;
}

int runBattleReport(const VerbArguments& args, std::ostream& out) {
    const std::string path = args.single("a save file");
    const Replay replayed = replaySaveArgument(path);
    // A save from another version is told as this version plays it: every action, its own dice.
    if (!replayed.complete()) {
        throw UsageError(fileName(path) + ": " + replayed.difference->message);
    }
    const BattleReport report = battleReport(*replayed.game);
    out << (args.has("--html") ? toHtml(report) : toMarkdown(report));
    return 0;
}

int runValidate(const VerbArguments& args, std::ostream& out) {
    if (args.positionals().empty()) {
        throw UsageError("missing the files to check");
    }
    int bad = 0;
    for (const std::string& path : args.positionals()) {
        std::string kind = "file";
        std::vector<std::string> problems;
        try {
            problems = problemsIn(path, kind);
        } catch (const UsageError& unreadable) {
            // One file that cannot be read is its problem; the others are still checked.
            problems.push_back(unreadable.what());
        }
        if (problems.empty()) {
            out << printable(path) << ": ok (" << kind << ")\n";
            continue;
        }
        ++bad;
        out << printable(path) << ": " << problems.size() << (problems.size() == 1 ? " problem" : " problems") << " (" << kind << ")\n";
        for (const std::string& problem : problems) {
            out << "  " << problem << "\n";
        }
    }
    if (args.positionals().size() > 1) {
        out << args.positionals().size() - static_cast<std::size_t>(bad) << " of " << args.positionals().size() << " files are good\n";
    }
    return bad == 0 ? 0 : 2;
}

} // namespace sandtable::cli
