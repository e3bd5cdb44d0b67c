#include "fuzz_targets.h"

#include "sandtable/dice_expression.h"
#include "sandtable/dice_stream.h"
#include "sandtable/replay.h"
#include "sandtable/ruleset_registry.h"
#include "sandtable/save_file.h"
#include "sandtable/scenario.h"

#include <cstdio>
#include <cstdlib>
#include <stdexcept>

namespace sandtable::fuzz {

namespace {

void check(bool condition, const char* what) {
    if (!condition) {
        std::fprintf(stderr, "fuzz check failed: %s\n", what);
        std::abort();
    }
}

} // namespace

void scenario(std::string_view bytes) {
    const auto read = parseScenario(bytes, "fuzz.json");
    if (!read) {
        check(!read.error().empty(), "a scenario refused with no diagnostic");
        return;
    }
    const std::string text = toJsonText(*read);
    const auto again = parseScenario(text, "canonical.json");
    check(again.hasValue(), "the canonical text of a scenario does not read back");
    check(toJsonText(*again) == text, "a scenario's canonical text changed when read and written again");
}

void save(std::string_view bytes) {
    const auto read = parseSave(bytes, "fuzz.sandtable");
    if (!read) {
        check(!read.error().empty(), "a save refused with no diagnostic");
        return;
    }
    const std::string text = toJsonText(*read);
    const auto again = parseSave(text, "canonical.sandtable");
    check(again.hasValue(), "the canonical text of a save does not read back");
    check(toJsonText(*again) == text, "a save's canonical text changed when read and written again");
    // A long log of actions is replayed too: the game refuses what it does not allow.
    [[maybe_unused]] const auto replayed = replay(*read, makeRuleset);
}

void ruleset(std::string_view bytes) {
    for (const RegisteredRuleset& registered : registeredRulesets()) {
        [[maybe_unused]] const auto problems = registered.checkData(bytes, "ruleset.json");
    }
}

void dice(std::string_view bytes) {
    const auto parsed = DiceExpression::parse(bytes);
    if (!parsed) {
        return;
    }
    DiceStream stream(7);
    const RollResult rolled = parsed->rollDetailed(stream, 0);
    [[maybe_unused]] const auto explained = parsed->explain(rolled);
    if (bytes.size() > 16) {
        return; // exact odds of long expressions are slow by nature, not wrong
    }
    try {
        const Distribution distribution = parsed->distribution();
        Probability total = 0;
        for (const std::int64_t value : distribution.outcomes()) {
            total += distribution.probability(value);
        }
        check(total == 1, "the exact odds of an expression do not add up to one");
        check(rolled.total >= distribution.lowest() && rolled.total <= distribution.highest(),
              "a roll fell outside its expression's distribution");
    } catch (const std::length_error&) {
        // Too large to enumerate: refused with a message, as documented.
    }
}

const std::vector<Target>& targets() {
    static const std::vector<Target> all{{"scenario", scenario}, {"save", save}, {"ruleset", ruleset}, {"dice", dice}};
    return all;
}

} // namespace sandtable::fuzz
