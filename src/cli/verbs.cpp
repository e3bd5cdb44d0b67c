#include "verb.h"

namespace sandtable::cli {

const std::vector<Verb>& verbs() {
    static const std::vector<Verb> all{
        {"roll", "roll a dice expression and show each die",
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
        {"odds", "the exact distribution of a dice expression",
         "usage: sandtable-cli odds EXPRESSION [--json]\n\n"
         "Prints every outcome of EXPRESSION (docs/dice.md) with its exact probability as a\n"
         "fraction and a percentage, and the mean. Nothing is rolled.\n\n"
         "  --json     print {\"expression\", \"outcomes\": {\"VALUE\": probability, ...},\n"
         "             \"exact\": {\"VALUE\": \"a/b\", ...}, \"mean\"}\n\n"
         "example: sandtable-cli odds '4d6>=4'\n",
         runOdds,
         {"--json"},
         {}},
        {"rulesets", "the rulesets this build plays, with their options",
         "usage: sandtable-cli rulesets [--json]\n\n"
         "Lists every registered ruleset: its id (as scenarios name it), its rule text, the unit\n"
         "it measures in, and its options with their choices and defaults.\n",
         runRulesets,
         {"--json"},
         {}},
        {"preview", "what an action would do: modifiers, odds, rules; rolls nothing",
         "usage: sandtable-cli preview SCENARIO --action JSON [--json]\n\n"
         "Sets up SCENARIO as it stands and shows what ACTION would do by its ruleset: targets with\n"
         "range band and arc, every modifier (applied or not) with the rule it comes from, the exact\n"
         "odds of each outcome, and the rulings the ruleset makes where its text is silent.\n"
         "Nothing is rolled. An action is a JSON object:\n"
         "  {\"type\":\"fire\",\"unit\":\"ID\",\"target\":\"ID\"}     also charge, melee\n"
         "  {\"type\":\"move\",\"unit\":\"ID\",\"path\":[[x,y],...]}   points in table millimetres\n"
         "  {\"type\":\"rally\",\"unit\":\"ID\"}                      also roll-movement, re-form\n\n"
         "example: sandtable-cli preview scenarios/ozz-winkie-border.json \\\n"
         "           --action '{\"type\":\"fire\",\"unit\":\"w-musket-1\",\"target\":\"q-musket-1\"}'\n",
         runPreview,
         {"--json"},
         {"--action"}},
        {"resolve", "carry out an action with a seeded roll, showing every die and rule",
         "usage: sandtable-cli resolve SCENARIO --action JSON --seed N [--json]\n\n"
         "As preview, then rolls through a dice stream seeded with N and prints every roll, lookup\n"
         "and modifier with its citation, the state changes, and any question the rules leave to\n"
         "a player. The same seed gives the same result; without --seed one is chosen and printed.\n",
         runResolve,
         {"--json"},
         {"--action", "--seed"}},
    };
    return all;
}

} // namespace sandtable::cli
