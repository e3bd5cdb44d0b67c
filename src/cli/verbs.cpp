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
    };
    return all;
}

} // namespace sandtable::cli
