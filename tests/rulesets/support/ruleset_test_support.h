#pragma once

// What every ruleset's tests need: read a file, set options, resolve with a seed, apply a
// resolution, read its trace and a preview's modifiers, facts and odds, find the seed that
// gives an outcome, and check that each ruling is written down and tested.

#include "sandtable/action.h"
#include "sandtable/battle.h"
#include "sandtable/dice_stream.h"
#include "sandtable/kit/ruleset_data.h"
#include "sandtable/ruleset.h"

#include <algorithm>
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>

namespace rulesettest {

using namespace sandtable;

inline std::string readText(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

inline Battle applied(Battle battle, const Resolution& resolution) {
    for (const Event& event : resolution.events) {
        applyEvent(battle, event);
    }
    return battle;
}

/// Every line of the trace as text, joined, for "did this happen" checks.
inline std::string traceText(const Resolution& resolution) {
    std::string text;
    for (const std::string& line : toText(resolution.trace)) {
        text += line + "\n";
    }
    return text;
}

/// Whether a trace shows the ruling `id`.
inline bool rulingShown(const Trace& trace, const std::string& id) {
    return std::any_of(trace.steps().begin(), trace.steps().end(), [&](const TraceStep& step) {
        const auto* ruling = std::get_if<trace::Ruling>(&step.detail);
        return ruling != nullptr && ruling->id == id;
    });
}

/// Whether a resolution's trace shows the ruling `id`.
inline bool rulingShown(const Resolution& resolution, const std::string& id) { return rulingShown(resolution.trace, id); }

/// Whether a preview shows the ruling `id` among those it relies on.
inline bool rulingShown(const Preview& preview, const std::string& id) { return rulingShown(preview.rulings, id); }

/// Every option of `info` at its default, with `changes` laid over them.
inline RulesetOptions defaultsWith(const RulesetInfo& info, const RulesetOptions& changes) {
    RulesetOptions options;
    for (const RulesetOption& option : info.options) {
        options[option.id] = option.defaultChoice;
    }
    for (const auto& [id, value] : changes) {
        options[id] = value;
    }
    return options;
}

inline Resolution resolveWith(const Ruleset& rules, const Battle& battle, const Action& action, std::uint64_t seed) {
    DiceStream dice(seed);
    return rules.resolve(battle, action, dice);
}

/// The check of modifier `id` in a preview (the first of that id).
inline const ModifierCheck& checkOf(const Preview& preview, const std::string& id) {
    for (const ModifierCheck& check : preview.modifiers) {
        if (check.id == id) {
            return check;
        }
    }
    FAIL("the preview does not weigh " << id);
    static const ModifierCheck none;
    return none;
}

inline bool applies(const Preview& preview, const std::string& id) { return checkOf(preview, id).applies; }

inline std::string factOf(const Preview& preview, const std::string& name) {
    for (const auto& [key, value] : preview.facts) {
        if (key == name) {
            return value;
        }
    }
    return {};
}

/// The odds chart whose title starts with `title`.
inline const Odds& oddsOf(const Preview& preview, const std::string& title) {
    for (const Odds& odds : preview.odds) {
        if (odds.title.rfind(title, 0) == 0) {
            return odds;
        }
    }
    FAIL("the preview has no odds \"" << title << "\"");
    static const Odds none;
    return none;
}

inline Probability lineOf(const Odds& odds, const std::string& label) {
    for (const Odds::Line& line : odds.lines) {
        if (line.label == label) {
            return line.probability;
        }
    }
    return 0;
}

/// Resolves with seeds 0, 1, 2... until `wanted` holds, so a test can reach each outcome
/// with real dice. Returns the seed, or -1 if none of the first `tries` gives it.
template <class Wanted>
int findSeed(const Ruleset& ruleset, const Battle& battle, const Action& action, Wanted wanted, Resolution& found, int tries = 3000) {
    for (int seed = 0; seed < tries; ++seed) {
        DiceStream dice(static_cast<std::uint64_t>(seed));
        Resolution resolution = ruleset.resolve(battle, action, dice);
        if (resolution.refusal.empty() && wanted(resolution)) {
            found = std::move(resolution);
            return seed;
        }
    }
    return -1;
}

/// Where a preview and the resolution of the same action disagree on a modifier: for each
/// modifier the preview weighs (id and rule cited), the first time the resolution's trace
/// weighs that modifier under that rule it must apply it as many times. Modifiers whose
/// times depend on a roll made during the resolution (a reaction's result) are skipped
/// by id. One line per difference; none when they agree.
inline std::vector<std::string> previewResolveDifferences(const Preview& preview, const Resolution& resolution,
                                                          const std::set<std::string>& rollDependent = {}) {
    std::vector<std::string> differences;
    // A list may weigh one modifier twice in an order (the move modifiers' "Sideways,
    // Backward, or Disordered" on the allowance and again on the path): the k-th weighing
    // in the preview is held against the k-th in the trace.
    std::map<std::string, int> seen;
    for (const ModifierCheck& check : preview.modifiers) {
        const int occurrence = seen[check.id + "|" + check.citation.heading]++;
        if (rollDependent.count(check.id) != 0) {
            continue;
        }
        int found = 0;
        for (const TraceStep& step : resolution.trace.steps()) {
            const auto* modifier = std::get_if<trace::Modifier>(&step.detail);
            if (modifier == nullptr || modifier->id != check.id || step.citation.heading != check.citation.heading ||
                found++ != occurrence) {
                continue;
            }
            if (modifier->times != check.times) {
                differences.push_back(check.id + " (" + check.citation.heading + "): preview " + std::to_string(check.times) +
                                      ", resolve " + std::to_string(modifier->times) + " (" + check.reason + ")");
            }
            break;
        }
    }
    return differences;
}

/// The actions a unit's offers make: one per target of an offer that takes one, one per
/// box of one that takes a box, a path one unit of length straight ahead for one that
/// needs a path, a quarter turn for one that needs a facing, the offer's choice where it
/// has one.
inline std::vector<Action> actionsOffered(const Battle& battle, const Offer& offer) {
    Action action = actionOf(offer);
    if (offer.input == OrderInput::Box) {
        std::vector<Action> actions;
        for (const Box& box : offer.boxes) {
            action.box = box;
            actions.push_back(action);
        }
        return actions;
    }
    if (offer.input == OrderInput::Facing) {
        const Unit* unit = battle.findUnit(offer.unit);
        if (unit == nullptr || unit->elements.empty()) {
            return {};
        }
        action.facing = normaliseDegrees(unit->elements.front().facing + 90);
        return {action};
    }
    if (offer.input == OrderInput::Path) {
        const Unit* unit = battle.findUnit(offer.unit);
        if (unit == nullptr || unit->elements.empty()) {
            return {};
        }
        const Point ahead = facingVector(unit->elements.front().facing);
        const double length = battle.table.fromUnits(1);
        action.path = {Point(unit->centre().x() + ahead.x() * length, unit->centre().y() + ahead.y() * length)};
    }
    if (offer.targets.empty()) {
        return {action};
    }
    std::vector<Action> actions;
    for (const std::string& target : offer.targets) {
        action.target = target;
        actions.push_back(action);
    }
    return actions;
}

/// What is wrong with an offer's shape, by the contract of offer.h that the front ends and
/// the computer player rely on: a side's own order is a draw or a pass and needs nothing
/// more; a unit's names that unit; targets come with input Target or ElementTargets and
/// only with them, elements with Placement or ElementTargets, boxes with Box; a path is a
/// move's, a move goes by a path, a point, a box or a placement, and a facing is a turn's.
inline std::string offerShapeProblem(const Offer& offer, const std::string& unitId) {
    const std::string role{roleName(offer.role)};
    if (offer.type.empty() || offer.label.empty()) {
        return "an offer without a type or a label (" + role + ")";
    }
    if (unitId.empty() && (offer.role != OrderRole::Draw && offer.role != OrderRole::Pass)) {
        return offer.type + ": a side's order with role " + role;
    }
    if (unitId.empty() && (offer.input != OrderInput::None || !offer.unit.empty())) {
        return offer.type + ": a side's order that needs an input or names a unit";
    }
    if (!unitId.empty() && offer.unit != unitId) {
        return offer.type + ": offered to " + unitId + " but names " + offer.unit;
    }
    const bool aims = offer.input == OrderInput::Target || offer.input == OrderInput::ElementTargets;
    if (aims != !offer.targets.empty()) {
        return offer.type + ": input and targets disagree";
    }
    const bool perElement = offer.input == OrderInput::Placement || offer.input == OrderInput::ElementTargets;
    if (perElement != !offer.elements.empty()) {
        return offer.type + ": input and elements disagree";
    }
    if (!offer.boxes.empty() && offer.input != OrderInput::Box) {
        return offer.type + ": boxes listed for an order that names no box";
    }
    if (offer.input == OrderInput::Choice) {
        return offer.type + ": a choice is a prompt's input; an offer is one option of its own";
    }
    const bool goes = offer.input == OrderInput::Path || offer.input == OrderInput::Point || offer.input == OrderInput::Box ||
                      offer.input == OrderInput::Placement;
    if ((offer.input == OrderInput::Path && offer.role != OrderRole::Move) || (offer.role == OrderRole::Move && !goes)) {
        return offer.type + ": a path is a move's input, and a move needs a path, a point, a box or a placement";
    }
    if ((offer.input == OrderInput::Facing) != (offer.role == OrderRole::Face)) {
        return offer.type + ": a facing is a turn's input, and only a turn's";
    }
    return {};
}

/// Every order every unit (and the side) is offered in `battle`, previewed and resolved
/// with `seeds` dice streams: the modifiers must agree (previewResolveDifferences). Returns
/// how many pairs were compared.
inline int comparePreviewsWithResolutions(const Ruleset& ruleset, const Battle& battle, const std::set<std::string>& rollDependent,
                                          int seeds = 3) {
    int compared = 0;
    std::vector<std::string> units{""};
    for (const Unit& unit : battle.units) {
        units.push_back(unit.id);
    }
    for (const std::string& id : units) {
        for (const Offer& offer : ruleset.offers(battle, id)) {
            CHECK(offerShapeProblem(offer, id).empty());
            for (const Action& action : actionsOffered(battle, offer)) {
                const Preview preview = ruleset.preview(battle, action);
                if (!preview.allowed()) {
                    continue;
                }
                for (int seed = 0; seed < seeds; ++seed) {
                    DiceStream dice(static_cast<std::uint64_t>(seed));
                    const Resolution resolution = ruleset.resolve(battle, action, dice);
                    if (!resolution.refusal.empty()) {
                        continue;
                    }
                    INFO(toJson(action).dump() << " seed " << seed);
                    const auto differences = previewResolveDifferences(preview, resolution, rollDependent);
                    std::string listed;
                    for (const std::string& difference : differences) {
                        listed += difference + "\n";
                    }
                    INFO(listed);
                    CHECK(differences.empty());
                    ++compared;
                }
            }
        }
    }
    return compared;
}

/// Calls `check` with every citation of the data: each table's, each modifier's own, each
/// range band's and each ruling's.
template <class Check> void forEachCitation(const kit::RulesetData& data, Check check) {
    for (const Chart& chart : data.tables.charts) {
        check(chart.source);
    }
    for (const ModifierList& list : data.tables.modifierLists) {
        check(list.source);
        for (const Modifier& modifier : list.modifiers) {
            if (!modifier.source.empty()) {
                check(modifier.source);
            }
        }
    }
    for (const RangeBands& bands : data.tables.rangeBands) {
        check(bands.source);
    }
    for (const kit::RulingText& ruling : data.rulings) {
        check(ruling.interprets);
    }
}

/// A rectangle of terrain from (x0, y0) to (x1, y1) in the ruleset's unit, `mm` millimetres
/// to one.
inline TerrainArea rectangleArea(AreaType type, double x0, double y0, double x1, double y1, int level, double mm) {
    TerrainArea area;
    area.id = "area-" + std::to_string(static_cast<int>(x0)) + "-" + std::to_string(level);
    area.name = toString(type);
    area.type = type;
    area.level = level;
    area.outline = Polygon{
        {Point(x0 * mm, y0 * mm), Point(x0 * mm, y1 * mm), Point(x1 * mm, y1 * mm), Point(x1 * mm, y0 * mm), Point(x0 * mm, y0 * mm)}};
    return area;
}

/// A straight line of terrain from (x0, y0) to (x1, y1), as rectangleArea measures.
inline TerrainLine straightLine(LineType type, double x0, double y0, double x1, double y1, double mm) {
    TerrainLine line;
    line.id = "line";
    line.name = toString(type);
    line.type = type;
    line.path = Path{Point(x0 * mm, y0 * mm), Point(x1 * mm, y1 * mm)};
    return line;
}

/// Each ruling has its section in RULINGS.md and a test whose name contains `id` followed
/// by `marker` ("[ozz-hits]" with marker "]" and prefix "[", or "ein-terrain:").
inline void checkRulingsDocumented(const std::vector<kit::RulingText>& rulings, const std::filesystem::path& rulingsFile,
                                   const std::filesystem::path& testsDir, const std::string& prefix, const std::string& marker) {
    const std::string written = readText(rulingsFile);
    std::string tests;
    for (const auto& entry : std::filesystem::directory_iterator(testsDir)) {
        if (entry.path().extension() == ".cpp") {
            tests += readText(entry.path());
        }
    }
    for (const kit::RulingText& ruling : rulings) {
        INFO(ruling.id);
        CHECK(written.find("## " + ruling.id + "\n") != std::string::npos);
        CHECK(tests.find(prefix + ruling.id + marker) != std::string::npos);
    }
}

/// Every place `text` has `heading`, as the text that follows it (a chart printed twice).
inline std::vector<std::string> printingsIn(const std::string& text, const std::string& heading, std::size_t length = 2000) {
    std::vector<std::string> found;
    for (auto at = text.find(heading); at != std::string::npos; at = text.find(heading, at + 1)) {
        found.push_back(text.substr(at + heading.size(), length));
    }
    return found;
}

/// What `parse` says of the `good` data with its first `from` replaced by `to`: it must
/// refuse it, and every problem is returned as text.
template <class Parse> std::string parseRefusal(Parse parse, const std::string& good, const std::string& from, const std::string& to) {
    std::string broken = good;
    const auto at = broken.find(from);
    REQUIRE(at != std::string::npos);
    broken.replace(at, from.size(), to);
    const auto parsed = parse(broken, "broken.json");
    REQUIRE_FALSE(parsed);
    return toString(parsed.error());
}

} // namespace rulesettest
