#include "sandtable/trace.h"
#include "table_test_support.h"

using namespace sandtable;

TEST_CASE("Victorian Colonial firing dice: modifiers in the listed order, round up, never "
          "less than 1",
          "[tables][modifiers]") {
    // 001_aff8fc74003dcadb.txt, "Firing Procedure" and "Firing modifiers: (round up)".
    const ModifierList& list = *engineExamples().findModifierList("firing-dice");
    // 3 bases, elite, at long range behind soft cover: (3+1) x 1/2 x 1/2 = 1.
    const auto a = list.apply(3, {{"elite", 1}, {"long-range", 1}, {"vs-soft-cover", 1}});
    CHECK(a.exact == Fraction(1));
    CHECK(a.rounded == 1);
    CHECK_FALSE(a.raisedToMinimum);
    // 5 bases, firer moved, vs prone: 5/4 rounds up to 2.
    const auto b = list.apply(5, {{"firer-moved", 1}, {"vs-prone", 1}});
    CHECK(b.exact == Fraction(5, 4));
    CHECK(b.rounded == 2);
    // 1 base, raw, vs hard cover: 0 x 1/4 = 0, never less than 1 die.
    const auto c = list.apply(1, {{"raw", 1}, {"vs-hard-cover", 1}});
    CHECK(c.exact == Fraction(0));
    CHECK(c.rounded == 1);
    CHECK(c.raisedToMinimum);
    // Close range doubles after the additions: (4 + 1) x 2 = 10.
    CHECK(list.apply(4, {{"vs-mounted", 1}, {"close-range", 1}}).rounded == 10);
}

TEST_CASE("every modifier is listed, applied or not, with its effect", "[tables][modifiers]") {
    const ModifierList& list = *engineExamples().findModifierList("firing-modifiers");
    const auto application = list.apply(4, {{"point-blank", 1}, {"light-cover", 1}});
    REQUIRE(application.steps.size() == list.modifiers.size());
    CHECK(application.exact == Fraction(4));
    CHECK_FALSE(application.rounded.has_value());
    CHECK(application.steps[0].times == 1);
    CHECK(application.steps[0].after == Fraction(6));
    CHECK(application.steps[1].times == 0);
    CHECK(list.find("heavy-cover")->effect() == "-4");
    CHECK(list.find("point-blank")->effect() == "+2");
    CHECK(engineExamples().findModifierList("firing-dice")->find("vs-hard-cover")->effect() == "×1/4");
}

TEST_CASE("a modifier may apply more than once", "[tables][modifiers]") {
    const ModifierList& list = *engineExamples().findModifierList("firing-modifiers");
    CHECK(list.apply(8, {{"firer-poor", 2}}).exact == Fraction(4));
}

TEST_CASE("asking for a modifier the list lacks is a bug, not a silent no-op", "[tables][modifiers]") {
    const ModifierList& list = *engineExamples().findModifierList("firing-modifiers");
    CHECK_THROWS_AS(list.apply(4, {{"point-blank-range", 1}}), std::invalid_argument);
}

TEST_CASE("a weapon's range bands: short, long, out of range", "[tables][range]") {
    // 000_9109171396d1b03f.txt, "Weapon Range": Musket 7/14.
    const RangeBands& musket = *engineExamples().findRangeBands("musket");
    CHECK(musket.bandFor(0)->id == "short");
    CHECK(musket.bandFor(7)->id == "short");
    CHECK(musket.bandFor(7.01)->id == "long");
    CHECK(musket.bandFor(14)->id == "long");
    CHECK(musket.bandFor(14.5) == nullptr);
    CHECK(musket.maximumRange() == 14);
    // 002_7b20089435c2e4ae.txt, "ARTILLERY": canister 0-12cm, roundshot up to 24cm.
    const RangeBands& guns = *engineExamples().findRangeBands("canister-and-roundshot");
    CHECK(guns.bandFor(12)->id == "canister");
    CHECK(guns.bandFor(20)->id == "roundshot");
}

TEST_CASE("lookups and modifiers become trace steps with their citations", "[tables][trace]") {
    const TableSet& tables = engineExamples();
    Trace trace;
    const ModifierList& modifiers = *tables.findModifierList("firing-modifiers");
    const auto application = modifiers.apply(4, {{"point-blank", 1}});
    trace.modifiers(modifiers, application);
    const Chart& chart = *tables.findChart("combat-table");
    trace.lookup(chart, *chart.lookup(13, 15));
    trace.outcome("3 casualties");
    const std::vector<std::string> lines = toText(trace);
    REQUIRE(lines.size() == modifiers.modifiers.size() + 2);
    CHECK(lines[0] == "[x] Firing at point blank (2 inch) range (small arms only) +2  — "
                      "003_524828208fa59482.txt, \"FIRING MODIFIERS TO DIE ROLL\"");
    CHECK(lines[1].rfind("[ ] Firer is Marksmen (as per scenario) +2", 0) == 0);
    CHECK(lines[lines.size() - 2] == "Combat Table: row 13-15, column 12 → 3 (Any Modified Die Roll of \"12\" or more "
                                     "counts as \"12.\")  — 003_524828208fa59482.txt, \"FIRE AND MELEE COMBAT\"");
    CHECK(lines.back() == "3 casualties");
    const auto* lookup = std::get_if<trace::Lookup>(&trace.steps()[lines.size() - 2].detail);
    REQUIRE(lookup != nullptr);
    CHECK(lookup->cell == "3");
}

TEST_CASE("a roll becomes a trace step with every die", "[trace]") {
    const DiceExpression best = *DiceExpression::parse("2d10kh1+3");
    DiceStream stream(7);
    Trace trace;
    trace.roll("Movement", best, best.rollDetailed(stream, 0),
               Citation{"000_9109171396d1b03f.txt", "Base Movement (best of 2d10 plus...)"});
    const auto& roll = std::get<trace::Roll>(trace.steps().front().detail);
    CHECK(roll.dice.size() == 2);
    CHECK(roll.total == 7);
    CHECK(toText(trace).front() == "Movement: 2d10kh1+3 = 7 [2d10kh1: (3), 4 → 4]  — 000_9109171396d1b03f.txt, "
                                   "\"Base Movement (best of 2d10 plus...)\"");
}
