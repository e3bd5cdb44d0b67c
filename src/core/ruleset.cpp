#include "sandtable/ruleset.h"

#include "sandtable/table.h"

#include <algorithm>

namespace sandtable {

std::string Ruleset::sequenceRefusal(const Battle& battle, const Action& action) const {
    return refusalUnlessOffered(battle, action, offers(battle, action.unit));
}

namespace {

template <typename T> bool listed(const std::vector<T>& list, const T& value) {
    return std::find(list.begin(), list.end(), value) != list.end();
}

/// What of an action an offer of its type does not list (Mismatch::Kind::None: nothing,
/// the action is the offer's): its target among the targets, its box among the boxes, its
/// elements among the elements and their targets among the targets (a list left empty
/// leaves the choice open).
struct Mismatch {
    enum class Kind { None, Type, Target, Box, Element, ElementTarget };
    Kind kind = Kind::None;
    const ElementOrder* element = nullptr; // the element order not offered (Element, ElementTarget)
};

Mismatch mismatchOf(const Offer& offer, const Action& action) {
    using Kind = Mismatch::Kind;
    if (offer.type != action.type) {
        return {Kind::Type};
    }
    if (!action.target.empty() && !offer.targets.empty() && !listed(offer.targets, action.target)) {
        return {Kind::Target};
    }
    if (action.box && !offer.boxes.empty() && !listed(offer.boxes, *action.box)) {
        return {Kind::Box};
    }
    if (!offer.elements.empty()) {
        for (const ElementOrder& order : action.elements) {
            if (!listed(offer.elements, order.element)) {
                return {Kind::Element, &order};
            }
            if (!order.target.empty() && !listed(offer.targets, order.target)) {
                return {Kind::ElementTarget, &order};
            }
        }
    }
    return {};
}

bool offerCovers(const Offer& offer, const Action& action) { return mismatchOf(offer, action).kind == Mismatch::Kind::None; }

} // namespace

std::string answerProblem(const Table& table, const Prompt& prompt, const Action& answer) {
    if (std::string problem = payloadProblem(table, answer); !problem.empty()) {
        return problem;
    }
    const std::string question = " (" + prompt.question + ")";
    switch (prompt.input) {
    case OrderInput::Choice:
    case OrderInput::None:
        if (std::none_of(prompt.choices.begin(), prompt.choices.end(), [&](const Prompt::Choice& c) { return c.id == answer.choice; })) {
            std::string ids;
            for (const Prompt::Choice& choice : prompt.choices) {
                ids += (ids.empty() ? "" : ", ") + choice.id;
            }
            return "\"" + answer.choice + "\" is not an answer" + question + ": the choices are " + ids;
        }
        return {};
    case OrderInput::Target:
        return listed(prompt.targets, answer.target) ? std::string() : "the answer names no target the question allows" + question;
    case OrderInput::Point:
        return answer.point ? std::string() : "the answer names no point on the table" + question;
    case OrderInput::Box:
        if (!answer.box) {
            return "the answer names no box" + question;
        }
        return prompt.boxes.empty() || listed(prompt.boxes, *answer.box)
                   ? std::string()
                   : "box " + boxName(*answer.box) + " is not one the question allows" + question;
    case OrderInput::Path:
        return answer.path.empty() ? "the answer names no path" + question : std::string();
    case OrderInput::Facing:
        return answer.facing ? std::string() : "the answer names no facing" + question;
    case OrderInput::Placement:
    case OrderInput::ElementTargets: {
        const bool placing = prompt.input == OrderInput::Placement;
        for (const ElementOrder& order : answer.elements) {
            if (!listed(prompt.elements, order.element)) {
                return "element " + order.element + " is not one the question asks about" + question;
            }
            if (placing ? !order.at : !listed(prompt.targets, order.target)) {
                return "element " + order.element + (placing ? " is given no place" : " is given no target the question allows") + question;
            }
        }
        for (const std::string& element : prompt.elements) {
            if (std::none_of(answer.elements.begin(), answer.elements.end(), [&](const ElementOrder& o) { return o.element == element; })) {
                return "element " + element + " is left without " + (placing ? "a place" : "a target") + question;
            }
        }
        return {};
    }
    }
    return {};
}

namespace {

/// The unit's name, else its id: for a refusal.
std::string unitCalled(const Battle& battle, const std::string& id) {
    const Unit* unit = battle.findUnit(id);
    return unit != nullptr ? unit->name : id;
}

/// "B2, C2 and 3 more": the first few of a list, for a refusal.
template <typename T, typename Name> std::string firstFew(const std::vector<T>& items, Name name) {
    constexpr std::size_t kNamed = 8;
    std::string text;
    for (std::size_t i = 0; i < items.size() && i < kNamed; ++i) {
        text += (i == 0 ? "" : i + 1 == items.size() ? " and " : ", ") + name(items[i]);
    }
    if (items.size() > kNamed) {
        text += " and " + std::to_string(items.size() - kNamed) + " more";
    }
    return text;
}

/// Why `action` is not `offer`'s, of the same type: the target, box or element it names
/// that the offer does not list (mismatchOf).
std::string notAmong(const Battle& battle, const Offer& offer, const Action& action, const std::string& who) {
    const std::string order = who + " may not " + action.type;
    const auto targetName = [&](const std::string& id) { return unitCalled(battle, id); };
    const Mismatch mismatch = mismatchOf(offer, action);
    switch (mismatch.kind) {
    case Mismatch::Kind::Target:
        return order + " " + targetName(action.target) + " now: it may " + action.type + " " + firstFew(offer.targets, targetName);
    case Mismatch::Kind::Box:
        return order + " to box " + boxName(*action.box) + " now: the boxes it may " + action.type + " to are " +
               firstFew(offer.boxes, [](const Box& box) { return boxName(box); });
    case Mismatch::Kind::Element:
        return order + " with " + mismatch.element->element + " now: the elements it may use are " +
               firstFew(offer.elements, [](const std::string& id) { return id; });
    case Mismatch::Kind::ElementTarget:
        return order + " " + targetName(mismatch.element->target) + " with " + mismatch.element->element + " now: it may " + action.type +
               " " + firstFew(offer.targets, targetName);
    case Mismatch::Kind::None:
    case Mismatch::Kind::Type:
        break;
    }
    return {}; // the offer takes the action (or is of another type): nothing to say
}

} // namespace

std::string Ruleset::refusalUnlessOffered(const Battle& battle, const Action& action, const std::vector<Offer>& offered) const {
    const bool isOffered = std::any_of(offered.begin(), offered.end(), [&](const Offer& offer) { return offerCovers(offer, action); });
    if (isOffered) {
        return {};
    }
    const std::string who = action.unit.empty() ? "the side to play" : unitCalled(battle, action.unit);
    const auto sameType = std::find_if(offered.begin(), offered.end(), [&](const Offer& offer) { return offer.type == action.type; });
    if (sameType == offered.end()) {
        return who + " may not " + action.type + (action.target.empty() ? "" : " " + action.target) + " now (" + status(battle).situation +
               ")";
    }
    // The order is the unit's to give now, but not to that box, target or element: the
    // rules' own reason (out of reach, out of range) says why, where they give one; the
    // sequence of play (another side's turn) has nothing to do with it.
    if (std::string refusal = preview(battle, action).refusal; !refusal.empty()) {
        return refusal;
    }
    return notAmong(battle, *sameType, action, who);
}

UnitOverlay Ruleset::overlay(const Battle&, const std::string&) const { return {}; }

std::vector<Offer> Ruleset::offersOfRoles(const Battle& battle, const std::string& unit, OrderRoles roles) const {
    std::vector<Offer> all = offers(battle, unit);
    std::erase_if(all, [&](const Offer& given) { return !roles.has(given.role); });
    return all;
}

std::vector<Offer> Ruleset::rulingOffers(const Battle& battle, const std::string& unit) const { return offers(battle, unit); }

std::vector<UnitSetting> Ruleset::unitSettings() const { return {}; }

std::vector<RulingPhase> Ruleset::rulingPhases() const { return {}; }

std::vector<Health> Ruleset::figureStates() const { return {}; }

Expected<RulesetOptions, std::string> readOptions(const std::vector<RulesetOption>& declared, const nlohmann::json& chosen) {
    RulesetOptions options;
    for (const RulesetOption& option : declared) {
        options[option.id] = option.defaultChoice;
    }
    if (chosen.is_null()) {
        return options;
    }
    if (!chosen.is_object()) {
        return std::string("ruleset options should be an object of option id to choice");
    }
    for (const auto& [key, value] : chosen.items()) {
        const std::string& id = key; // a structured binding cannot be captured before clang 16
        const auto option = std::find_if(declared.begin(), declared.end(), [&](const RulesetOption& o) { return o.id == id; });
        if (option == declared.end()) {
            std::string known;
            for (const RulesetOption& o : declared) {
                known += (known.empty() ? "" : ", ") + o.id;
            }
            return "unknown ruleset option \"" + key + "\" (options: " + (known.empty() ? "none" : known) + ")";
        }
        std::string choices;
        for (const std::string& choice : option->choices) {
            choices += (choices.empty() ? "" : ", ") + choice;
        }
        if (!value.is_string() ||
            std::find(option->choices.begin(), option->choices.end(), value.get<std::string>()) == option->choices.end()) {
            return "option \"" + key + "\" cannot be " + value.dump() + " (choices: " + choices + ")";
        }
        options[key] = value.get<std::string>();
    }
    return options;
}

GameStatus Ruleset::briefStatus(const Battle& battle) const { return status(battle); }

std::string Ruleset::unitState(const Battle&, const std::string&) const { return {}; }

std::vector<UnitFigure> Ruleset::unitFigures(const Battle&, const std::string&) const { return {}; }

FormationShape Ruleset::formationShape(const Unit&) const { return FormationShape::Line; }

double Ruleset::standOffRange(const Battle&, const std::string&) const { return 0; }

std::vector<Objective> Ruleset::objectives(const Battle&) const { return {}; }

} // namespace sandtable
