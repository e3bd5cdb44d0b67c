#pragma once

// A ruleset made for tests of richer orders: its offers ask for a placement, a box and
// each element's target, one of them with a unit acting alongside; a placement asks the
// other side for a box. Shared by the core's and the window's tests.

#include "sandtable/ruleset.h"
#include "sandtable/scenario.h"

namespace testsupport {

using namespace sandtable;

/// A gridded table 10 boxes by 6 of 50 mm: units "a" (two bases) and "c" of side s, "b" of t.
inline Scenario grid() {
    Scenario scenario;
    scenario.name = "grid";
    scenario.battle.table = Table{500, 300, MeasureUnit::Box, 50};
    scenario.battle.sides = {{"s", "South", "#ff0000", ""}, {"t", "North", "#0000ff", ""}};
    const auto unit = [](std::string id, std::string side, double x) {
        Unit made;
        made.id = std::move(id);
        made.name = made.id;
        made.side = std::move(side);
        made.elements = {Element{Point(x, 100), 0, 20, 20, {}}, Element{Point(x + 20, 100), 0, 20, 20, {}}};
        return made;
    };
    scenario.battle.units = {unit("a", "s", 40), unit("b", "t", 400), unit("c", "s", 140)};
    return scenario;
}

/// Offers unit "a" a placement, a move to one of two boxes and a volley with "c" whose
/// bases pick their targets; the placement asks the other side which box its reserve
/// goes to, and the answer's column is kept as a counter.
class PayloadRuleset final : public Ruleset {
public:
    const RulesetInfo& info() const override { return m_info; }
    const RulesetOptions& options() const override { return m_options; }
    std::vector<std::string> checkScenario(const Scenario&) const override { return {}; }
    Resolution start(const Battle&, const Scenario&, DiceStream&) const override { return {}; }
    std::vector<Offer> offers(const Battle&, const std::string& unit) const override {
        if (unit != "a") {
            return {};
        }
        return {{.type = "deploy",
                 .label = "Deploy",
                 .unit = "a",
                 .role = OrderRole::Formation,
                 .input = OrderInput::Placement,
                 .elements = {"a.1", "a.2"}},
                {.type = "advance",
                 .label = "Advance",
                 .unit = "a",
                 .role = OrderRole::Move,
                 .input = OrderInput::Box,
                 .boxes = {Box{1, 1}, Box{2, 1}}},
                {.type = "volley",
                 .label = "Volley",
                 .unit = "a",
                 .role = OrderRole::Fire,
                 .input = OrderInput::ElementTargets,
                 .targets = {"b"},
                 .with = {"c"},
                 .elements = {"a.1", "a.2"}}};
    }
    Preview preview(const Battle&, const Action&) const override { return {}; }
    Resolution resolve(const Battle&, const Action& action, DiceStream&) const override {
        Resolution out;
        if (action.type == "deploy") {
            Prompt prompt;
            prompt.side = "t";
            prompt.question = "Which box does the reserve go to?";
            prompt.input = OrderInput::Box;
            prompt.boxes = {Box{0, 0}, Box{3, 2}};
            out.prompt = prompt;
        }
        out.events.push_back(event::CounterSet{"a", action.type, static_cast<double>(action.elements.size() + action.with.size())});
        return out;
    }
    Resolution answer(const Battle&, const Prompt&, const Action& answer, DiceStream&) const override {
        Resolution out;
        out.events.push_back(event::CounterSet{"b", "reserve-column", static_cast<double>(answer.box->column)});
        return out;
    }
    GameStatus status(const Battle&) const override {
        GameStatus status;
        status.activeSide = "s";
        status.mayActivate = {"a"};
        return status;
    }

private:
    RulesetInfo m_info{"payload", "Payload", "1", "", MeasureUnit::Box, {}, {}};
    RulesetOptions m_options;
};

} // namespace testsupport
