#include "sandtable/json_reader.h"

#include <catch2/catch.hpp>

using namespace sandtable;

namespace {

std::vector<std::string> messages(const Diagnostics& diagnostics) {
    std::vector<std::string> lines;
    for (const Diagnostic& d : diagnostics.all()) {
        lines.push_back(d.toString());
    }
    return lines;
}

} // namespace

TEST_CASE("a syntax error names its line and column", "[json]") {
    Diagnostics diagnostics("scenario.json");
    CHECK_FALSE(parseJson("{\n  \"a\": 1,\n  \"b\": [1, ]\n}", diagnostics));
    REQUIRE(diagnostics.all().size() == 1);
    CHECK(diagnostics.all()[0].where == "line 3, column 12");
    CHECK(diagnostics.all()[0].message.rfind("not valid JSON: syntax error", 0) == 0);
    Diagnostics empty("empty.json");
    CHECK_FALSE(parseJson("", empty));
    CHECK(empty.all()[0].where == "line 1, column 1");
}

TEST_CASE("a missing file is a diagnostic, not a crash", "[json]") {
    Diagnostics diagnostics("nowhere.json");
    CHECK_FALSE(readJsonFile("/nonexistent/nowhere.json", diagnostics));
    CHECK(messages(diagnostics) == std::vector<std::string>{"nowhere.json: (the whole file): cannot read it: there is no such file"});
}

TEST_CASE("every wrong type, range and key is reported with its pointer", "[json]") {
    Diagnostics diagnostics("units.json");
    const auto json = parseJson(R"({"units": [{"id": "a", "quality": "good", "bases": 0,
        "size": -2.5, "elite": "yes", "tags": {}}, 7, {"id": "", "colour": "red",
        "a/b": 1}]})",
                                diagnostics);
    REQUIRE(json);
    JsonObject root = JsonNode(*json, "", diagnostics).object();
    const auto units = root.required("units")->array();
    REQUIRE(units);
    for (const JsonNode& unitNode : *units) {
        JsonObject unit = unitNode.object();
        unit.requiredText("id");
        if (auto quality = unit.optional("quality")) {
            quality->integer(1, 5);
        }
        if (auto bases = unit.optional("bases")) {
            bases->integer(1, 12);
        }
        if (auto size = unit.optional("size")) {
            size->number(0, 100);
        }
        if (auto elite = unit.optional("elite")) {
            elite->boolean();
        }
        if (auto tags = unit.optional("tags")) {
            tags->array();
        }
        unit.rejectUnknownKeys();
    }
    root.required("terrain");
    root.rejectUnknownKeys();
    CHECK(messages(diagnostics) == std::vector<std::string>{
                                       "units.json: /units/0/quality: expected a whole number, found a string",
                                       "units.json: /units/0/bases: expected a whole number from 1 to 12, found 0",
                                       "units.json: /units/0/size: expected a number from 0 to 100, found -2.5",
                                       "units.json: /units/0/elite: expected true or false, found a string",
                                       "units.json: /units/0/tags: expected an array, found an object",
                                       "units.json: /units/1: expected an object, found a whole number",
                                       "units.json: /units/2/id: expected a non-empty string",
                                       "units.json: /units/2/a~1b: unknown key 'a/b' (expected one of: id, quality, "
                                       "bases, size, elite, tags)",
                                       "units.json: /units/2/colour: unknown key 'colour' (expected one of: id, quality, "
                                       "bases, size, elite, tags)",
                                       "units.json: (the whole file): missing 'terrain'",
                                   });
}

TEST_CASE("the format version is checked", "[json][format]") {
    auto check = [](const std::string& text) {
        Diagnostics diagnostics("data.json");
        const auto json = parseJson(text, diagnostics);
        JsonObject root = JsonNode(*json, "", diagnostics).object();
        const bool ok = checkFormat(root, 1).has_value();
        return std::make_pair(ok, messages(diagnostics));
    };
    CHECK(check(R"({"format": 1})").first);
    CHECK(check(R"({"format": 2})").second == std::vector<std::string>{"data.json: /format: format 2 is not one this program reads "
                                                                       "(it reads format 1): the file was written by a newer version"});
    CHECK(check(R"({"format": 0})").second == std::vector<std::string>{"data.json: /format: format 0 is not one this program reads "
                                                                       "(it reads format 1)"});
    CHECK(check(R"({"format": "1"})").second == std::vector<std::string>{"data.json: /format: expected the format version, a whole "
                                                                         "number, found a string"});
    CHECK(check(R"({})").second == std::vector<std::string>{"data.json: (the whole file): missing 'format'"});
}

TEST_CASE("a reader of several format versions says which it read, and refuses a newer key in an older file", "[json][format]") {
    Diagnostics diagnostics("data.json");
    const auto json = parseJson(R"({"format": 1, "commands": []})", diagnostics);
    JsonObject root = JsonNode(*json, "", diagnostics).object();
    CHECK(checkFormat(root, 2, 1) == 1);
    refuseNewerKey(root, "commands", 1, 2);
    root.rejectUnknownKeys();
    CHECK(messages(diagnostics) ==
          std::vector<std::string>{
              "data.json: /commands: 'commands' came in format 2; this file is format 1 (write \"format\": 2 to use it)"});

    Diagnostics newer("data.json");
    const auto three = parseJson(R"({"format": 3})", newer);
    JsonObject top = JsonNode(*three, "", newer).object();
    CHECK_FALSE(checkFormat(top, 2, 1));
    CHECK(messages(newer) == std::vector<std::string>{"data.json: /format: format 3 is not one this program reads (it reads formats 1 "
                                                      "to 2): the file was written by a newer version"});
}

TEST_CASE("huge and unsigned numbers are range errors, not wrapped", "[json]") {
    Diagnostics diagnostics("big.json");
    const auto json = parseJson(R"({"n": 18446744073709551615})", diagnostics);
    JsonObject root = JsonNode(*json, "", diagnostics).object();
    CHECK_FALSE(root.requiredInteger("n", 0, 100));
    CHECK(messages(diagnostics) == std::vector<std::string>{"big.json: /n: expected a whole number from 0 to 100, found "
                                                            "18446744073709551615"});
}

TEST_CASE("a number too large to read is a diagnostic with its place, not an exception", "[json]") {
    Diagnostics diagnostics("big.json");
    CHECK_FALSE(parseJson("{\n  \"format\": 1e999\n}", diagnostics).has_value());
    REQUIRE(diagnostics.all().size() == 1);
    CHECK(diagnostics.all()[0].toString() == "big.json: line 2, column 13: not valid JSON: the number 1e999 is too large to read");
}

TEST_CASE("nesting past the bound and a key given twice are problems with their place, not crashes", "[json][hostile]") {
    Diagnostics diagnostics("deep.json");
    const std::string deep = std::string(100000, '[') + std::string(100000, ']');
    CHECK_FALSE(parseJson(deep, diagnostics));
    REQUIRE(diagnostics.all().size() == 1);
    CHECK(diagnostics.all()[0].message.find("nest deeper than 64 levels") != std::string::npos);
    // The bound leaves room for every real file: 63 levels read.
    Diagnostics fine("fine.json");
    CHECK(parseJson(std::string(63, '[') + std::string(63, ']'), fine));
    const ParsedJson twice = parseJsonText(R"({"a": 1, "b": {"c": 1, "c": 2}})");
    CHECK_FALSE(twice.value);
    CHECK(twice.problem == "after the key \"c\": the key \"c\" is given twice in one object");
    // The same key in two objects is no problem.
    CHECK(parseJsonText(R"({"a": {"c": 1}, "b": {"c": 2}})").value);
}

TEST_CASE("printable shows control bytes as escapes and never cuts a character in half", "[json][hostile]") {
    CHECK(printable("plain") == "plain");
    CHECK(printable("red\x1b[31m") == "red\\x1b[31m");
    CHECK(printable("tab\there") == "tab\\x09here");
    CHECK(printable("\xc3\xa9\xc3\xa9\xc3\xa9", 3) == "\xc3\xa9...");
    CHECK(printable(std::string(300, 'x')).size() == 203);
}

TEST_CASE("a file that cannot be read says why", "[json][hostile]") {
    std::string problem;
    CHECK_FALSE(readTextFile("/no/such/file.json", problem));
    CHECK(problem == "cannot read it: there is no such file");
    CHECK_FALSE(readTextFile(std::filesystem::temp_directory_path(), problem));
    CHECK(problem == "cannot read it: it is a folder, not a file");
}
