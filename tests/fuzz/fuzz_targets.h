#pragma once

// What each fuzzer does with one input, in one place: the libFuzzer entry points call these,
// and so does the regression test that feeds them every input a fuzzer once crashed on
// (tests/data/fuzz/<target>/). Each must return normally for any bytes at all; a crash,
// a sanitizer report or a failed check (std::abort) is a finding.

#include <string>
#include <string_view>
#include <vector>

namespace sandtable::fuzz {

/// A scenario file: read it; one that reads must write canonical text that reads back to
/// the same text.
void scenario(std::string_view bytes);
/// A save: read it, and replay one that reads (through the registered rulesets).
void save(std::string_view bytes);
/// A ruleset.json: read it as each registered ruleset would.
void ruleset(std::string_view bytes);
/// A dice expression: parse it; one that parses is rolled and, when small, its exact odds
/// are computed and checked to add up to one.
void dice(std::string_view bytes);

struct Target {
    const char* name;
    void (*run)(std::string_view);
};
const std::vector<Target>& targets();

} // namespace sandtable::fuzz
