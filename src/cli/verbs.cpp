#include "verb.h"

namespace sandtable::cli {

const std::vector<Verb>& verbs() {
    static const std::vector<Verb> all{
        {"roll",
         "roll a dice expression and show each die",
         "usage: sandtable-cli roll EXPRESSION [--seed N] [--json]\n\n"
         "Rolls EXPRESSION (docs/dice.md) through a seeded dice stream and shows every die,\n"
         "which were kept and which scored. The same seed always gives the same roll; without\n"
         "--seed a new seed is chosen and printed so that the roll can be repeated.\n\n"
         "  --seed N   the stream's seed, a whole number from 0 to 18446744073709551615\n"
         "  --json     print one JSON object instead of text\n\n"
         "example: sandtable-cli roll '2d10kh1+3' --seed 42\n",
         runRoll,
         {"--json"},
         {"--seed"}},
        {"odds",
         "the exact distribution of a dice expression",
         "usage: sandtable-cli odds EXPRESSION [--json]\n\n"
         "Prints every outcome of EXPRESSION (docs/dice.md) with its exact probability as a\n"
         "fraction and a percentage, and the mean. Nothing is rolled.\n\n"
         "  --json     print {\"expression\", \"outcomes\": {\"VALUE\": probability, ...},\n"
         "             \"exact\": {\"VALUE\": \"a/b\", ...}, \"mean\"}\n\n"
         "example: sandtable-cli odds '4d6>=4'\n",
         runOdds,
         {"--json"},
         {}},
        {"rulesets",
         "the rulesets this build plays, with their options",
         "usage: sandtable-cli rulesets [--json]\n\n"
         "Lists every registered ruleset: its id (as scenarios name it), its rule text, the unit\n"
         "it measures in, and its options with their choices and defaults.\n",
         runRulesets,
         {"--json"},
         {}},
        {"preview",
         "what an action would do: modifiers, odds, rules; rolls nothing",
         "usage: sandtable-cli preview SCENARIO|SAVE --action JSON [--seed N] [--json]\n\n"
         "Starts SCENARIO as a game would (its ruleset's set-up: attached generals, who plays first,\n"
         "activation dice, seeded with N, 1 by default) and shows what ACTION would do by its ruleset: targets with\n"
         "range band and arc, every modifier (applied or not) with the rule it comes from, the exact\n"
         "odds of each outcome, and the rulings the ruleset makes where its text is silent. Where\n"
         "the game's sequence of play would not take the action now (another side's turn), it says\n"
         "so after the ruling. The action rolls nothing. An action is a JSON object:\n"
         "  {\"type\":\"TYPE\",\"unit\":\"ID\"}                     an order that needs nothing more\n"
         "  {\"type\":\"TYPE\",\"unit\":\"ID\",\"target\":\"ID\"}       one that needs a target\n"
         "  {\"type\":\"TYPE\",\"unit\":\"ID\",\"path\":[[x,y],...]}  a path, in table millimetres\n"
         "  {\"type\":\"TYPE\",\"unit\":\"ID\",\"facing\":DEGREES}    a facing, clockwise from up\n"
         "  {\"type\":\"TYPE\",\"unit\":\"ID\",\"choice\":\"CHOICE\"}   one option of an order\n"
         "The types, and what each needs, are the ruleset's own: sandtable-cli offers lists them.\n"
         "  {\"type\":\"TYPE\",\"unit\":\"ID\",\"box\":[COLUMN,ROW]} a box of a gridded table, from 0\n"
         "A saved game (SAVE.sandtable) is replayed to where it stands instead, its own seed kept:\n"
         "the ruling is asked of the game in progress.\n\n"
         "example: sandtable-cli offers SCENARIO.json --unit ID       (then preview one of its orders)\n",
         runPreview,
         {"--json"},
         {"--action", "--seed"}},
        {"offers",
         "what the side and each unit may do now: orders, roles, the input each needs",
         "usage: sandtable-cli offers SCENARIO|SAVE [--unit ID] [--seed N] [--json]\n\n"
         "Starts SCENARIO as a game would (seeded with N, 1 by default) and lists what the side to play\n"
         "and each unit (or only unit ID) may do now: each order's type, as --action takes it, its label,\n"
         "its role (draw, pass, end, prepare-move, move, face, formation, fire, charge, melee, rally,\n"
         "reform, attach) and the input it needs (a target of those listed, a path, a facing, a box).\n"
         "A saved game (SAVE.sandtable) is replayed to where it stands: what may be done there.\n",
         runOffers,
         {"--json"},
         {"--unit", "--seed"}},
        {"resolve",
         "carry out an action with a seeded roll, showing every die and rule",
         "usage: sandtable-cli resolve SCENARIO|SAVE --action JSON --seed N [--json]\n\n"
         "As preview (the set-up seeded with N too), then rolls through a dice stream seeded with N\n"
         "and prints every roll, lookup\n"
         "and modifier with its citation, the state changes, and any question the rules leave to\n"
         "a player. The same seed gives the same result; without --seed one is chosen and printed.\n",
         runResolve,
         {"--json"},
         {"--action", "--seed"}},
        {"play",
         "play a list of actions, or let the computer play, and save the game",
         "usage: sandtable-cli play SCENARIO [--actions FILE] [--computer SIDES] [--level L]\n"
         "                          [--turns N] --save OUT.sandtable [--seed N]\n\n"
         "Starts SCENARIO's game with the dice stream seeded with N and writes the game as a save\n"
         "(docs/formats/save.md). FILE is a JSON array of actions (as preview takes them), performed\n"
         "in order; the first the game refuses stops it, naming its place in FILE. With --computer,\n"
         "the computer plays the sides named (side ids separated by commas, or all) whenever one of\n"
         "them is to decide, and the file's actions are the other side's. Play stops when the game\n"
         "ends, after turn N with --turns, or when the file's actions run out on a player's decision.\n"
         "Without --seed one is chosen and printed. Exit 2 when the computer has nothing it can do.\n\n"
         "  --level L        how well the computer plays: random (a baseline), basic (nearest first),\n"
         "                   standard (weighs each order's outcomes; the default) or strong (plays\n"
         "                   its best orders out; slower); or SIDE=L pairs separated by commas,\n"
         "                   one level a side\n\n"
         "example: sandtable-cli play SCENARIO.json --computer all --seed 1 --save refight.sandtable\n",
         runPlay,
         {},
         {"--actions", "--save", "--seed", "--computer", "--level", "--turns"}},
        {"replay",
         "replay a saved game and check that it reproduces",
         "usage: sandtable-cli replay SAVE [--verify] [--json]\n\n"
         "Replays SAVE's actions from its scenario and seed, checking the battle's state hash after\n"
         "each against the save's. Lists the actions with their hashes (only the verdict with\n"
         "--verify). Exit 0 when every action reproduced; exit 2 with the first action that did not,\n"
         "or with what stops the save being read.\n\n"
         "A save from another version whose states part from this build's is played on by this version's\n"
         "rules (a drift: exit 2 all the same, it no longer proves the game).\n\n"
         "  --json     {\"file\", \"reproduced\", \"actions\", \"difference\": {\"action\", \"message\"} or null,\n"
         "             \"drift\": {\"action\", \"message\"} or null, \"notes\", \"stateHash\", \"status\", \"turn\",\n"
         "             \"over\", \"winner\", \"losses\": [{\"side\", \"name\", \"unitsAtStart\", \"unitsLeft\",\n"
         "             \"basesAtStart\", \"basesLeft\", \"unitsLostByTurn\": [cumulative at each turn's end],\n"
         "             \"generalsLost\", \"eliminated\": [{\"unit\", \"name\", \"arm\", \"turn\"}]}],\n"
         "             \"units\": [{\"id\", \"name\", \"side\",\n"
         "             \"bases\", \"startingBases\", \"formation\", \"markers\", \"state\", \"centre\" (in the\n"
         "             table's unit), \"facing\"}]}\n",
         runReplay,
         {"--verify", "--json"},
         {}},
        {"refight",
         "play a scenario many times, the computer on every side, with statistics",
         "usage: sandtable-cli refight SCENARIO [--runs N] [--jobs J] [--seed S] [--level L]\n"
         "                             [--max-actions M]\n"
         "                             [--results OUT.jsonl|OUT.csv] [--summary OUT.json]\n"
         "                             [--chart OUT.svg|OUT.png] [--json] [--quiet]\n\n"
         "Plays SCENARIO N times (100 by default), the computer on every side, on J threads (every\n"
         "core by default); game i is seeded S + i (S is 1 by default), so any game can be played\n"
         "again alone with play --computer all --seed. Prints a summary: each side's wins and the\n"
         "draws with 95% intervals, the turn the battles ended in, each side's units lost by the\n"
         "end of each turn (mean, 10th percentile, median, 90th) and the generals lost; where the\n"
         "scenario records the report's course (docs/formats/scenario.md, reportedCourse), where\n"
         "its winner, end turn and losses fall among the refights and how often a refight went as\n"
         "it did. The same seed and runs give the same summary, whatever J. Progress and the time\n"
         "left go to stderr (not with --quiet).\n\n"
         "  --results FILE   every game's result, as JSON Lines (.jsonl) or CSV (.csv)\n"
         "  --summary FILE   the summary as JSON (.json); --json prints it instead of the text\n"
         "  --chart FILE     histograms of the end turn and of each side's losses by turn, the\n"
         "                   report's figures drawn on them, as SVG (.svg) or PNG (.png)\n"
         "  --max-actions M  a game not over after M actions stops, counted as unfinished (100000)\n"
         "  --level L        how well the computer plays: random (a baseline), basic (nearest first),\n"
         "                   standard (weighs each order's outcomes; the default) or strong (plays\n"
         "                   its best orders out; slower); or SIDE=L pairs separated by commas,\n"
         "                   one level a side\n\n"
         "Exit 3 when a game did not finish.\n\n"
         "example: sandtable-cli refight SCENARIO.json --runs 1000 --chart refights.png\n",
         runRefight,
         {"--json", "--quiet"},
         {"--runs", "--jobs", "--seed", "--level", "--max-actions", "--results", "--summary", "--chart"}},
        {"battle-report",
         "the story of a saved game, by turn, as Markdown or HTML",
         "usage: sandtable-cli battle-report SAVE [--html]\n\n"
         "Replays SAVE and prints the battle report: the scenario and sides, then every action by\n"
         "turn and phase with each roll, modifier, ruling and what changed, and the outcome.\n"
         "Markdown by default; --html prints a whole page.\n",
         runBattleReport,
         {"--html"},
         {}},
        {"reference",
         "a ruleset's quick-reference sheet: every chart, modifier and ruling, cited",
         "usage: sandtable-cli reference RULESET [--options JSON] [--html | --pdf OUT [--paper a4|letter]]\n\n"
         "Lays out RULESET's data as a player's sheet: the options in force, the sequence of play,\n"
         "every chart, range table and modifier list with the rule text it is transcribed from, the\n"
         "ruleset's own lists (troop types, weapons) and every ruling of its RULINGS.md. Markdown by\n"
         "default; --html prints a page; --pdf writes it on A4 (or --paper letter), pages numbered.\n\n"
         "  --options JSON   the options chosen, as a scenario names them: {\"jokers\": \"blank\"}\n\n"
         "example: sandtable-cli reference RULESET --pdf sheet.pdf --paper letter (sandtable-cli rulesets lists them)\n",
         runReference,
         {"--html"},
         {"--options", "--pdf", "--paper"}},
        {"roster",
         "each side's units with their stats, strength and state",
         "usage: sandtable-cli roster SCENARIO|SAVE [--html | --pdf OUT [--paper a4|letter]]\n\n"
         "Lists each side's units: type, arm, quality, formation, command, bases now and at the\n"
         "start, stats and state in the ruleset's words. A scenario is read as it starts; a saved\n"
         "game is replayed to where it stands. Markdown by default; --html a page; --pdf a PDF.\n",
         runRoster,
         {"--html"},
         {"--pdf", "--paper"}},
        {"new-battle",
         "a new table to lay out, with the random terrain generator if asked",
         "usage: sandtable-cli new-battle --ruleset ID --width W --depth D [--unit cm|inch|box]\n"
         "                            [--random-terrain [--seed N] [--choose SECTOR=KIND,...]] --out FILE\n\n"
         "Writes a scenario of a W by D table (in --unit, centimetres by default) for ruleset ID, with\n"
         "two sides and no units, for the table view to lay out. With --random-terrain the terrain\n"
         "comes from the random terrain generator (002_7b20089435c2e4ae.txt, \"Random Terrain\n"
         "Generator\"): twelve sectors, two rows of six scaled to the table, a die each (4-6 a piece)\n"
         "and a die for its type. Every die is printed and kept in the scenario's source notes. A\n"
         "sector that is a player's choice is built as --choose says (hill, water, wood or built-up,\n"
         "e.g. --choose 5=wood,11=hill), or left open. Without --seed one is chosen and printed.\n",
         runNewBattle,
         {"--random-terrain"},
         {"--ruleset", "--width", "--depth", "--unit", "--seed", "--choose", "--out"}},
        {"validate",
         "check scenario, save, ruleset and tables files, reporting every problem",
         "usage: sandtable-cli validate FILE...\n\n"
         "Reads each file as the program would and lists every problem with the file, the place in\n"
         "it (a JSON pointer, or line and column) and what was expected. A save is replayed and its\n"
         "hashes checked; a scenario is checked against its ruleset too. Exit 0 when all are good,\n"
         "2 otherwise.\n",
         runValidate,
         {},
         {}},
    };
    return all;
}

} // namespace sandtable::cli
