// Every chart, list and modifier of ruleset.json against the rule text
// (003_524828208fa59482.txt), read from the text itself in both printings where the text
// repeats them (the pages, and the charts at the end), and every ruling against RULINGS.md
// and the tests.

#include "oibl_test_support.h"
#include "sandtable/chart.h"
#include "sandtable/range_bands.h"

#include <catch2/catch.hpp>
#include <regex>
#include <sstream>

using namespace oibltest;

namespace {

const std::string textFile = "003_524828208fa59482.txt";

const std::string& ruleText() {
    static const std::string text = readText(rulesDir() / textFile);
    return text;
}

std::vector<std::string> printings(const std::string& heading, std::size_t length = 2000) {
    return printingsIn(ruleText(), heading, length);
}

/// The words of a list as printed, in order, each followed by its effect: checks the
/// data's list has the same modifiers in the same order with the same effects.
void checkListAgainst(const std::string& printing, const ModifierList& list,
                      const std::vector<std::tuple<std::string, std::string, std::string>>& entries) {
    REQUIRE(list.modifiers.size() == entries.size());
    std::size_t from = 0;
    for (std::size_t i = 0; i < entries.size(); ++i) {
        const auto& [printed, id, effect] = entries[i];
        INFO(list.id << ": \"" << printed << "\"");
        const std::size_t at = printing.find(printed + " " + effect, from);
        REQUIRE(at != std::string::npos); // in this printing, after the entry before it
        from = at + printed.size();
        CHECK(list.modifiers[i].id == id);
        CHECK(list.modifiers[i].effect() == (effect == "-X" ? "-1" : effect));
    }
}

} // namespace

TEST_CASE("ruleset.json loads and every citation is a heading of the rule text", "[oibl][data]") {
    auto parsed = oibl::parseData(readText(oiblDir() / "ruleset.json"), "ruleset.json");
    INFO((parsed ? "" : toString(parsed.error())));
    REQUIRE(parsed);
    forEachCitation(*parsed, [&](const Citation& citation) {
        INFO(citation.toString());
        CHECK(citation.file == textFile);
        CHECK(ruleText().find(citation.heading) != std::string::npos);
    });
    for (const Citation* source : {&parsed->typesSource, &parsed->formationsSource, &parsed->qualitiesSource, &parsed->ratesSource,
                                   &parsed->gunsSource, &parsed->interpenetrationSource, &parsed->panicTriggersSource}) {
        INFO(source->toString());
        CHECK(ruleText().find(source->heading) != std::string::npos);
    }
    for (const oibl::Formation& formation : parsed->formations) {
        CHECK(ruleText().find(formation.source.heading) != std::string::npos);
    }
    CHECK(parsed->info.unit == MeasureUnit::Inch);
    CHECK(parsed->info.sourceFile == textFile);
}

TEST_CASE("every cell of the combat table matches both printings of the text", "[oibl][data][combat-table]") {
    // "FIRE AND MELEE COMBAT ... Modified Die Roll 0 1 ... 12" on page 7 and the COMBAT CHART
    // at the end: ten rows of a figures band and thirteen casualties each.
    const auto found = printings("Modified Die Roll 0 1 2 3 4 5 6 7 8 9 10 11 12 ");
    REQUIRE(found.size() == 2);
    const Chart& chart = data().chart("combat-table");
    REQUIRE(chart.rowCount() == 10);
    REQUIRE(chart.columns.bands.size() == 13);
    int cells = 0;
    for (const std::string& printing : found) {
        std::istringstream words(printing);
        for (std::size_t row = 0; row < 10; ++row) {
            std::string label;
            words >> label;
            INFO("row " << label);
            CHECK(chart.rows->bands[row].label == label);
            for (std::size_t column = 0; column < 13; ++column) {
                std::string cell;
                words >> cell;
                CHECK(chart.cellAt(row, column).toString() == cell);
                ++cells;
            }
        }
    }
    CHECK(cells == 260);
    // "Any Modified Die Roll less than 0 counts as a complete miss. Any Modified Die Roll of
    // 12 or more counts as 12."
    CHECK(ruleText().find(chart.columns.below.note) != std::string::npos);
    CHECK(ruleText().find(chart.columns.above.note) != std::string::npos);
    CHECK(chart.lookup(30, -1)->cell.number == 0);
    CHECK(chart.lookup(30, 15)->cell.number == 6);
    CHECK(chart.lookup(2, 12)->cell.number == 1);
}

TEST_CASE("the firing modifiers, in both printings", "[oibl][data][fire]") {
    const std::vector<std::tuple<std::string, std::string, std::string>> entries{
        {"Firing at point blank (2 inch) range (small arms only)", "point-blank", "+2"},
        {"Firer is Marksmen (as per scenario)", "marksmen", "+2"},
        {"Target is in column or is mounted cavalry", "column-or-mounted", "+2"},
        {"Fire on target s flank or rear", "flank-or-rear", "+2"},
        {"Firer is Poor", "poor", "-2"},
        {"Firer is Wretched", "wretched", "-4"},
        {"Target is in light cover (woods, buildings, etc.)", "light-cover", "-2"},
        {"Target is in heavy cover (redoubt, etc)", "heavy-cover", "-4"},
        {"Cannon firing at 12-25 inch range", "cannon-12-25", "-2"},
        {"Cannon firing over 25 inch range", "cannon-over-25", "-4"}};
    const auto found = printings("FIRING MODIFIERS TO DIE ROLL");
    REQUIRE(found.size() == 2);
    for (const std::string& printing : found) {
        checkListAgainst(printing, data().modifiers("firing"), entries);
    }
}

TEST_CASE("the melee modifiers, in both printings", "[oibl][data][melee]") {
    const std::vector<std::tuple<std::string, std::string, std::string>> entries{
        {"Each Higher Quality than opponent", "higher-quality", "+1"},
        {"Opponent has a panic marker", "opponent-panic", "+1"},
        {"Attacking flank or rear of opponent", "attacking-flank-or-rear", "+2"},
        {"Bayonets/hatchets vs. none", "bayonets", "+1"},
        {"Defending light cover", "defending-light-cover", "+1"},
        {"Defending heavy cover", "defending-heavy-cover", "+2"},
        {"Cavalry vs. non-cavalry", "cavalry", "+2"},
        {"Attached in flank or rear", "attacked-in-flank-or-rear", "-4"},
        {"Unit is routing", "routing", "-4"}};
    const auto found = printings("MELEE MODIFIERS TO DIE ROLL");
    REQUIRE(found.size() == 2);
    for (const std::string& printing : found) {
        checkListAgainst(printing, data().modifiers("melee"), entries);
    }
}

TEST_CASE("the morale test's modifiers, in both printings, -X counted once for each point of X", "[oibl][data][morale]") {
    const std::vector<std::tuple<std::string, std::string, std::string>> entries{
        {"Commanding Officer is with the unit", "commanding-officer", "-X"},
        {"The unit is in light cover", "light-cover", "-1"},
        {"The unit is in heavy cover", "heavy-cover", "-2"},
        {"with no blocking friendly unit", "outflanked", "+2"},
        {"(affected unit must be able to actually see the rout)", "equal-friend-routing", "+1"},
        {"(affected unit must be able to actually see the rout)", "higher-friend-routing", "+2"},
        {"Open order infantry charged by cavalry", "open-charged-by-cavalry", "+1"},
        {"Skirmish order infantry charged by cavalry", "skirmish-charged-by-cavalry", "+2"},
        {"Skirmish order infantry charged by close order or open order infantry", "skirmish-charged-by-infantry", "+1"},
        {"Artillery charged by cavalry", "artillery-charged-by-cavalry", "+1"},
        {"Unit has suffered 25% figure casualties", "casualties-25", "+1"},
        {"Unit has suffered 50% figure casualties", "casualties-50", "+2"},
        {"Unit has suffered 75% figure casualties", "casualties-75", "+3"}};
    const auto found = printings("DIE ROLL MODIFIERS (minuses are good, not bad)");
    REQUIRE(found.size() == 2);
    for (const std::string& printing : found) {
        checkListAgainst(printing, data().modifiers("morale"), entries);
        // "Equal ... +1" comes before "Higher ... +2".
        CHECK(printing.find("Equal morale quality") < printing.find("Higher morale quality"));
    }
    // "TO PASS ITS MORALE TEST, A UNIT MUST ROLL A MODIFIED DIE ROLL LESS THAN OR EQUAL TO
    // ITS MORALE NUMBER ON 1d10. A 0 is a 0."
    CHECK(printings("LESS THAN OR EQUAL TO ITS MORALE NUMBER ON 1d10. A 0 is a 0.").size() == 2);
}

TEST_CASE("troop qualities and their Morale Numbers, in both printings", "[oibl][data][morale]") {
    const auto found = printings("TROOP QUALITY MORALE NUMBER ");
    REQUIRE(found.size() == 2);
    for (const std::string& printing : found) {
        std::istringstream words(printing);
        for (const oibl::Quality& quality : data().qualities) {
            std::string name;
            int number = 0;
            words >> name >> number;
            CHECK(quality.name == std::string(1, name[0]) + [&] {
                std::string rest = name.substr(1);
                std::transform(rest.begin(), rest.end(), rest.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
                return rest;
            }());
            CHECK(quality.moraleNumber == number);
        }
    }
    REQUIRE(data().qualities.size() == 5);
    CHECK(data().qualityRank("elite") == 0);
    CHECK(data().qualityRank("wretched") == 4);
}

TEST_CASE("weapon ranges, in both printings", "[oibl][data][fire]") {
    // Page 8 gives each weapon with its range; the chart gives the weapons, then the ranges.
    const std::vector<std::string> weapons{"carbine", "musket", "jaeger-rifle", "long-rifle", "artillery"};
    const std::regex range(R"(\((\d+)\) inch range)");
    const auto found = printings("WEAPON RANGES ", 400);
    REQUIRE(found.size() == 2);
    for (const std::string& printing : found) {
        std::vector<double> ranges;
        for (std::sregex_iterator it(printing.begin(), printing.end(), range), end; it != end && ranges.size() < 5; ++it) {
            ranges.push_back(std::stod((*it)[1].str()));
        }
        REQUIRE(ranges.size() == 5);
        for (std::size_t i = 0; i < weapons.size(); ++i) {
            INFO(weapons[i]);
            CHECK(data().ranges(weapons[i]).maximumRange() == ranges[i]);
        }
    }
    // Point blank is 2" for small arms; cannon bands at 12" and 25" (RULINGS.md, oibl-cannon-bands).
    for (const char* small : {"carbine", "musket", "jaeger-rifle", "long-rifle"}) {
        CHECK(data().ranges(small).bands.front().to == 2);
    }
    const RangeBands& cannon = data().ranges("artillery");
    REQUIRE(cannon.bands.size() == 3);
    CHECK(cannon.bandFor(12)->id == "up-to-12");
    CHECK(cannon.bandFor(12.5)->id == "12-25");
    CHECK(cannon.bandFor(25)->id == "12-25");
    CHECK(cannon.bandFor(25.5)->id == "over-25");
    CHECK(cannon.bandFor(40.5) == nullptr);
}

TEST_CASE("the movement chart: each condition's rolled and fixed rate as printed", "[oibl][data][movement][oibl-road-charge-bonus]") {
    const auto found = printings("MOVEMENT CONDITION MOVEMENT RATE OPTIONAL MOVE RATE ", 900);
    REQUIRE(found.size() == 1);
    std::string printing = found.front();
    printing = std::regex_replace(printing, std::regex(R"(1d6 \+ 2)"), "1d6+2");
    REQUIRE(data().rates.size() == 12);
    std::size_t from = 0;
    for (const oibl::MovementRate& rate : data().rates) {
        INFO(rate.name);
        const std::string variable = rate.constant ? [&] {
            std::ostringstream text;
            text << *rate.constant << " inches";
            return text.str();
        }()
                                                   : rate.roll.empty() ? std::string("n/a")
                                                                       : rate.roll + " inches";
        std::ostringstream fixed;
        fixed << (rate.bonus ? "+" : "") << rate.fixed << " inches";
        const std::size_t at = printing.find(rate.name + " " + variable + " " + fixed.str(), from);
        CHECK(at != std::string::npos);
        from = at == std::string::npos ? from : at;
    }
    // The oddities, transcribed as printed: infantry rout 1d6+10 is 12", cavalry rounds up.
    CHECK(data().rate("infantry-rout").fixed == 12);
    CHECK(data().rate("cavalry-rout").fixed == 20);
    CHECK(data().rate("road").bonus);
    CHECK(data().rate("charge").bonus);
}

TEST_CASE("mounting conventions: each stand's figures and size", "[oibl][data][oibl-casualties]") {
    // NORMAL INFANTRY Three (3) 1.125" wide by.5" deep ...
    const std::regex stand(
        R"re((NORMAL INFANTRY|MILITIA INFANTRY|RIFLE-ARMED|INDIANS|CAVALRY|ARTILLERY CREW|ARTILLERY|OFFICERS) \w+ \((\d+)\)( cannon)? ?([0-9]*\.?[0-9]+)" wide by ?([0-9]*\.?[0-9]+)" deep)re");
    const std::map<std::string, std::string> ids{{"NORMAL INFANTRY", "normal-infantry"},
                                                 {"MILITIA INFANTRY", "militia-infantry"},
                                                 {"RIFLE-ARMED", "rifle-armed"},
                                                 {"INDIANS", "indians"},
                                                 {"CAVALRY", "cavalry"},
                                                 {"ARTILLERY CREW", "artillery-crew"},
                                                 {"ARTILLERY", "artillery"},
                                                 {"OFFICERS", "officer"}};
    const std::string page = printings("MOUNTING CONVENTIONS", 1200).front();
    int seen = 0;
    for (std::sregex_iterator it(page.begin(), page.end(), stand), end; it != end; ++it) {
        const std::smatch& match = *it;
        const oibl::TroopType* type = data().type(ids.at(match[1].str()));
        REQUIRE(type != nullptr);
        INFO(match[0].str());
        CHECK(type->figuresPerStand == (match[3].matched ? 0 : std::stoi(match[2].str()))); // a gun is a cannon, not figures
        CHECK(type->width == std::stod(match[4].str()));
        CHECK(type->depth == std::stod(match[5].str()));
        ++seen;
    }
    CHECK(seen == 8);
    // Normal deployments as the table gives them, and the weapons the nationality notes give.
    CHECK(data().type("normal-infantry")->normalFormation == "close");
    CHECK(data().type("militia-infantry")->normalFormation == "open");
    CHECK(data().type("rifle-armed")->formations == std::vector<std::string>{"skirmish"});
    CHECK(data().type("indians")->formations == std::vector<std::string>{"skirmish"});
    CHECK(data().type("indians")->bayonets); // "hatchet-armed ... the equivalent of bayonet-armed in melee"
    CHECK_FALSE(data().type("militia-infantry")->bayonets);
    CHECK(data().type("cavalry")->formations == std::vector<std::string>{"line", "column", "skirmish"});
    CHECK(data().type("dismounted-cavalry")->weapon == "carbine");
}

TEST_CASE("artillery firepower: the figures each cannon fires as", "[oibl][data][fire]") {
    const std::string printing = printings("ARTILLERY FIREPOWER ", 200).front();
    CHECK(printing.rfind(
              "Light cannon (3-4 pounder) Medium cannon (6-9 pounder) Heavy cannon (12 pounder and larger) 5 figures 10 figures 15 figures",
              0) == 0);
    REQUIRE(data().guns.size() == 3);
    CHECK(data().gun("light")->figures == 5);
    CHECK(data().gun("medium")->figures == 10);
    CHECK(data().gun("heavy")->figures == 15);
    for (const oibl::Gun& gun : data().guns) {
        CHECK(printing.find(gun.name) != std::string::npos);
    }
}

TEST_CASE("the interpenetration chart, row by row", "[oibl][data][movement]") {
    const std::string printing = printings("MOVING UNIT NO INTERPENETRATION PENALTY ", 300).front();
    const std::vector<std::pair<std::string, std::string>> rows{
        {"Skirmishing infantry", "All unit types and deployments"},
        {"Skirmishing cavalry", "Skirmish order cavalry or skirmish order infantry"},
        {"Close/open order infantry", "Skirmish order infantry only"},
        {"All others", "Must pay interpenetration penalty"}};
    REQUIRE(data().interpenetration.size() == 4);
    std::string expected;
    for (std::size_t i = 0; i < rows.size(); ++i) {
        CHECK(data().interpenetration[i].name == rows[i].first);
        expected += (expected.empty() ? "" : " ") + rows[i].first + " " + rows[i].second;
    }
    CHECK(printing.rfind(expected, 0) == 0);
    CHECK(data().interpenetration[0].passesFreely == std::vector<std::string>{"any"});
    CHECK(data().interpenetration[1].passesFreely == std::vector<std::string>{"skirmish-cavalry", "skirmish-infantry"});
    CHECK(data().interpenetration[2].passesFreely == std::vector<std::string>{"skirmish-infantry"});
    CHECK(data().interpenetration[3].passesFreely.empty());
}

TEST_CASE("the panic marker triggers, in both printings", "[oibl][data][morale]") {
    const std::vector<std::pair<std::string, std::string>> printed{
        {"The unit loses one or more casualties in a turn", "casualties"},
        {"A friendly unit of equal or higher Quality ROUTS within 12 inches in view of unit", "friend-routs"},
        {"Unit is Poor or Wretched and it is fired on by 6+ figures in a turn (calculated after halving)", "heavy-fire"},
        {"The unit s commanding offer (brigade, division, etc. ) is killed during the turn", "commander-killed"},
        {"The unit is attempting a CHARGE (taken immediately before movement)", "attempting-charge"},
        {"The unit is being charged (taken immediately if Attacker passes above test)", "being-charged"},
        {"The unit takes a casualty during its CHARGE (taken immediately by Attacker)", "charge-casualty"},
        {"The charging unit fails to make contact with target of charge by the end of its movement", "charge-falls-short"},
        {"If attacking unit fails to pass its Morale Test after declaring a CHARGE", "charge-test-failed"},
        {"The unit is skirmishers evading after being CHARGED", "evading"},
        {"The unit is ROUTING", "routing"}};
    auto found = printings("A unit receives a panic marker whenever any of the following apply: ");
    const auto chart = printings("PANIC MARKERS ");
    found.insert(found.end(), chart.begin(), chart.end());
    REQUIRE(found.size() == 2);
    REQUIRE(data().panicTriggers.size() == printed.size());
    for (const std::string& printing : found) {
        std::size_t from = 0;
        for (std::size_t i = 0; i < printed.size(); ++i) {
            INFO(printed[i].first);
            const std::size_t at = printing.find(printed[i].first, from);
            CHECK(at != std::string::npos);
            from = at == std::string::npos ? from : at;
            CHECK(data().panicTriggers[i].id == printed[i].second);
        }
    }
    CHECK(ruleText().find("Panic Markers are not cumulative") != std::string::npos);
}

TEST_CASE("morale results, risk to generals and counter-battery: the charts the procedures read", "[oibl][data][morale]") {
    const Chart& results = data().chart("morale-results");
    CHECK(results.lookup(std::nullopt, 1)->cell.text == "may not advance");
    CHECK(results.lookup(std::nullopt, 2)->cell.text == "routs");
    CHECK(results.lookup(std::nullopt, 7)->cell.text == "routs");
    for (const std::string& printing : printings("MORALE RESULTS ", 300)) {
        CHECK(printing.rfind("If the Morale Test is failed by 1 If the Morale test is failed by 2 or more The unit may not advance", 0) ==
              0);
    }
    // RISK TO GENERALS: "roll 1d10 for each Two hits ... On a die roll of 1, roll a d6":
    // 1 or 2 Light wound, 3 or 4 Serious wound, 5 or 6 General killed.
    const Chart& hit = data().chart("general-hit");
    for (int die = 0; die <= 9; ++die) {
        CHECK(hit.lookup(std::nullopt, die)->cell.text == (die == 1 ? "hit" : "no hit"));
    }
    const std::string risk = printings("RISK TO GENERALS: ", 600).front();
    const Chart& wound = data().chart("general-wound");
    for (const auto& [faces, printed, cell] : {std::tuple{std::pair{1, 2}, "1 or 2 Light wound", "light wound"},
                                               std::tuple{std::pair{3, 4}, "3 or 4 Serious wound", "serious wound"},
                                               std::tuple{std::pair{5, 6}, "5 or 6 General killed", "killed"}}) {
        CHECK(risk.find(printed) != std::string::npos);
        CHECK(wound.lookup(std::nullopt, faces.first)->cell.text == cell);
        CHECK(wound.lookup(std::nullopt, faces.second)->cell.text == cell);
    }
    // "On a die roll of 8 or 9, the target cannon is destroyed as well" (RULINGS.md, oibl-counter-battery).
    CHECK(ruleText().find("On a die roll of \"8\" or \"9\", the target cannon is destroyed as well") != std::string::npos);
    const Chart& battery = data().chart("counter-battery");
    for (int die = 0; die <= 9; ++die) {
        CHECK(battery.lookup(std::nullopt, die)->cell.text == (die >= 8 ? "target cannon destroyed" : "no further effect"));
    }
}

TEST_CASE("the movement modifiers: each price as the text gives it", "[oibl][data][movement]") {
    const ModifierList& list = data().modifiers("movement");
    const std::vector<std::tuple<std::string, std::string, std::string>> priced{
        {"obstacle", "-2", "Subtract Two (2) inches from movement for the turn for each obstacle crossed"},
        {"about-face", "-2", "About Face: Subtract Two (2) inches from movement for the turn for each About Face"},
        {"side-face", "-2", "Subtract Two (2) inches from movement for the turn for each Left or Right Face"},
        {"half-speed", "×1/2", "All movement is executed at 50% speed"},
        {"quarter-speed", "×1/4", "cause movement to be executed at 25% speed"},
        {"road", "+3", "Road movement n/a +3 inches"},
        {"charge", "+3", "Charge movement n/a +3 inches"},
        {"militia-retreat", "+3", "Deliberate Militia Retreat: Plus Three (3) inches to movement"},
        {"mounting", "×1/2", "This will take 50% of a unit s movement in place"},
        {"line-change-advancing", "×1/2", "by moving at 50% of normal close order line movement"}};
    REQUIRE(list.modifiers.size() == priced.size());
    for (std::size_t i = 0; i < priced.size(); ++i) {
        const auto& [id, effect, printed] = priced[i];
        INFO(id);
        CHECK(list.modifiers[i].id == id);
        CHECK(list.modifiers[i].effect() == effect);
        CHECK(ruleText().find(printed) != std::string::npos);
    }
}

TEST_CASE("the sequence of play lists the six steps and the two optional rules", "[oibl][data][oibl-steps]") {
    const auto& steps = data().info.sequenceOfPlay;
    const std::string page = printings("SEQUENCE OF PLAY ", 800).front();
    for (const char* printed :
         {"1. All units with Panic Markers take A Morale Test", "2. Charge Declarations", "3. Charging units move into contact",
          "4. All other units' movement", "5. Firing", "6. Melee and compulsory routs"}) {
        CHECK(page.find(printed) != std::string::npos);
        const std::string number = std::string(printed).substr(0, 2);
        CHECK(std::any_of(steps.begin(), steps.end(), [&](const std::string& step) { return step.rfind(number, 0) == 0; }));
    }
}

TEST_CASE("the six gaps with two readings are options, the likely reading the default", "[oibl][data]") {
    const std::map<std::string, std::pair<std::string, std::string>> expected{{"co-bonus", {"rating", "fixed"}},
                                                                              {"single-figure", {"smallest-row", "no-effect"}},
                                                                              {"excess-roll", {"second-roll", "same-roll"}},
                                                                              {"panic-markers", {"stay-until-rallied", "clear-on-pass"}},
                                                                              {"stand-edge", {"facing-edge", "back-edge"}},
                                                                              {"charge-reach", {"maximum-roll", "average-roll"}}};
    for (const auto& [id, choices] : expected) {
        const auto found = std::find_if(data().info.options.begin(), data().info.options.end(),
                                        [&](const RulesetOption& option) { return option.id == id; });
        REQUIRE(found != data().info.options.end());
        CHECK(found->defaultChoice == choices.first);
        CHECK(found->choices == std::vector<std::string>{choices.first, choices.second});
    }
    // The text's own optional rules are options too.
    for (const char* id : {"movement-rates", "division-cards", "army-cards", "move-and-fire"}) {
        CHECK(std::any_of(data().info.options.begin(), data().info.options.end(),
                          [&](const RulesetOption& option) { return option.id == id; }));
    }
}

TEST_CASE("every ruling is written down in RULINGS.md and named by a test", "[oibl][data]") {
    checkRulingsDocumented(data().rulings, oiblDir() / "RULINGS.md", testsDir(), "[", "]");
    CHECK(data().rulings.size() >= 32); // the inventory's 32 gaps, and more
}

TEST_CASE("broken data is refused where it is read, each problem with its place", "[oibl][data]") {
    const std::string good = readText(oiblDir() / "ruleset.json");
    const auto refusal = [&](const std::string& from, const std::string& to) { return parseRefusal(oibl::parseData, good, from, to); };
    CHECK(refusal("\"id\": \"outflanked\"", "\"id\": \"outflanked-by\"").find("\"outflanked\"") != std::string::npos);
    CHECK(refusal("\"routs\"", "\"runs\"").find("/tables/morale-results: cell \"runs\" is not one the procedures know") !=
          std::string::npos);
    CHECK(refusal("\"variable\": \"1d6+2\"", "\"variable\": \"1d6+\"").find("is not a dice expression") != std::string::npos);
    CHECK(refusal("\"formations\": [\n        \"close\",", "\"formations\": [\n        \"square\",").find("forms \"square\"") !=
          std::string::npos);
    CHECK(refusal("\"fires\": \"two-ranks\"", "\"fires\": \"volleys\"").find("expected \"two-ranks\"") != std::string::npos);
}
