// The "path-costs" table: what terrain costs a move, as a ruleset's data writes it, and
// the prices it makes for one unit.
#include "sandtable/path_costs.h"

#include <boost/rational.hpp>

namespace sandtable {

namespace {

/// Reads "impassable", "free", a fraction ("1/2"), a number (crossings only) or
/// {"value": ..., "why": ...} / {"modifier": id, "without": "free" | "impassable", "why": ...}.
std::optional<CostTerm> readTerm(const JsonNode& node, bool crossing) {
    CostTerm term;
    const auto readValue = [&](const JsonNode& value) {
        if (value.json().is_number() && crossing) {
            const auto number = value.number(0, 1e6);
            term.kind = CostTerm::Kind::Fixed;
            term.fixed = number.value_or(0);
            return number.has_value();
        }
        const std::string text = value.json().is_string() ? value.json().get<std::string>() : "";
        if (text == "impassable") {
            term.kind = CostTerm::Kind::Impassable;
            return true;
        }
        if (text == "free") {
            term.kind = CostTerm::Kind::Free;
            return true;
        }
        const auto fraction = parseFraction(text);
        if (fraction && *fraction > 0) {
            term.kind = CostTerm::Kind::Fraction;
            term.fraction = *fraction;
            return true;
        }
        value.error(std::string("expected \"impassable\", \"free\", a fraction such as \"1/2\"") + (crossing ? ", a number" : "") +
                    " or an object, found " + JsonNode::describe(value.json()));
        return false;
    };
    if (!node.isObject()) {
        return readValue(node) ? std::optional(term) : std::nullopt;
    }
    JsonObject object = node.object();
    bool good = true;
    if (auto modifier = object.optional("modifier")) {
        term.kind = CostTerm::Kind::Modifier;
        term.modifier = modifier->text().value_or("");
        good = !term.modifier.empty();
        if (auto without = object.optional("without")) {
            const std::string text = without->string().value_or("");
            if (text == "impassable" || text == "free") {
                term.impassableWithoutModifier = text == "impassable";
            } else {
                without->error("expected \"free\" or \"impassable\"");
                good = false;
            }
        }
    } else if (auto value = object.required("value")) {
        good = readValue(*value);
    } else {
        good = false;
    }
    if (auto why = object.optional("why")) {
        term.why = why->text().value_or("");
    }
    object.rejectUnknownKeys();
    return good ? std::optional(term) : std::nullopt;
}

/// Reads {"cost": TERM, "arms": {"guns": TERM}, "downhill": "full-speed" | "slowed"}.
std::optional<TermsByArm> readTerms(const JsonNode& node, bool crossing) {
    JsonObject object = node.object();
    if (!object.valid()) {
        return std::nullopt;
    }
    TermsByArm terms;
    bool good = true;
    if (auto cost = object.required("cost")) {
        auto term = readTerm(*cost, crossing);
        good = term.has_value();
        terms.term = term.value_or(CostTerm{});
    } else {
        good = false;
    }
    if (auto arms = object.optional("arms"); arms && arms->isObject()) {
        JsonObject byArm = arms->object();
        for (const auto& [arm, value] : arms->json().items()) {
            if (arm != "foot" && arm != "horse" && arm != "guns" && arm != "leader") {
                arms->error("expected arms foot, horse, guns or leader, found \"" + arm + "\"");
                good = false;
                continue;
            }
            if (auto term = readTerm(*byArm.optional(arm), crossing)) {
                terms.arms[arm] = *term;
            } else {
                good = false;
            }
        }
        byArm.rejectUnknownKeys();
    } else if (arms) {
        arms->object(); // reports "expected an object"
        good = false;
    }
    if (!crossing) {
        if (auto downhill = object.optional("downhill")) {
            const std::string text = downhill->string().value_or("");
            if (text == "full-speed" || text == "slowed") {
                terms.fullSpeedDownhill = text == "full-speed";
            } else {
                downhill->error("expected \"full-speed\" or \"slowed\"");
                good = false;
            }
        }
    }
    object.rejectUnknownKeys();
    return good ? std::optional(terms) : std::nullopt;
}

template <class Type, class FromString>
void readTypes(JsonObject& object, std::string_view key, bool crossing, FromString fromString, std::map<Type, TermsByArm>& into,
               bool& good) {
    const auto node = object.optional(key);
    if (!node) {
        return;
    }
    JsonObject members = node->object();
    if (!members.valid()) {
        good = false;
        return;
    }
    for (const auto& [name, value] : node->json().items()) {
        const auto member = members.optional(name);
        const auto type = fromString(name);
        if (!type) {
            member->error("no terrain type \"" + name + "\"");
            good = false;
            continue;
        }
        if (auto terms = readTerms(*member, crossing)) {
            into[*type] = *terms;
        } else {
            good = false;
        }
    }
    members.rejectUnknownKeys();
}

/// A modifier term made concrete for one unit's move list: the modifier's own
/// fraction or (negated) addition, or what a unit without it pays.
CostTerm resolved(const CostTerm& term, const ModifierList* moves) {
    if (term.kind != CostTerm::Kind::Modifier) {
        return term;
    }
    CostTerm made = term;
    const Modifier* modifier = moves != nullptr ? moves->find(term.modifier) : nullptr;
    if (modifier == nullptr) {
        made.kind = term.impassableWithoutModifier ? CostTerm::Kind::Impassable : CostTerm::Kind::Free;
    } else if (modifier->operation == Modifier::Operation::Multiply) {
        made.kind = CostTerm::Kind::Fraction;
        made.fraction = modifier->amount;
    } else {
        made.kind = CostTerm::Kind::Fixed;
        made.fixed = -boost::rational_cast<double>(modifier->amount);
    }
    return made;
}

GroundCost groundCost(const TermsByArm& terms, const std::string& arm, const ModifierList* moves, const std::string& tally) {
    const CostTerm term = resolved(terms.forArm(arm), moves);
    GroundCost cost;
    cost.impassable = term.kind == CostTerm::Kind::Impassable;
    cost.why = term.why;
    cost.fullSpeedDownhill = terms.fullSpeedDownhill;
    cost.tally = term.modifier.empty() ? tally : term.modifier;
    if (term.kind == CostTerm::Kind::Fraction && term.fraction > 0) {
        cost.perLength = 1.0 / boost::rational_cast<double>(term.fraction);
    }
    return cost;
}

CrossingCost crossingCost(const TermsByArm& terms, const std::string& arm, const ModifierList* moves, const std::string& tally) {
    const CostTerm term = resolved(terms.forArm(arm), moves);
    CrossingCost cost;
    cost.impassable = term.kind == CostTerm::Kind::Impassable;
    cost.why = term.why;
    cost.tally = term.modifier.empty() ? tally : term.modifier;
    if (term.kind == CostTerm::Kind::Fraction) {
        cost.shareOfMove = boost::rational_cast<double>(term.fraction);
    } else if (term.kind == CostTerm::Kind::Fixed) {
        cost.fixed = term.fixed;
    }
    return cost;
}

} // namespace

const CostTerm& TermsByArm::forArm(const std::string& arm) const {
    const auto found = arms.find(arm);
    return found == arms.end() ? term : found->second;
}

PathPrices PathCostTable::pricesFor(const std::string& arm, const ModifierList* moves, double allowance,
                                    std::optional<double> facing) const {
    PathPrices prices;
    prices.arm = arm;
    for (const auto& [type, terms] : areas) {
        prices.areas[type] = groundCost(terms, arm, moves, toString(type));
    }
    for (const auto& [type, terms] : lines) {
        prices.lines[type] = crossingCost(terms, arm, moves, toString(type));
    }
    if (contour) {
        prices.contour = crossingCost(*contour, arm, moves, "contour");
    }
    if (offFacing) {
        prices.facing = facing;
        prices.offFacing = groundCost(*offFacing, arm, moves, "sideways or backward");
    }
    prices.bridgeReach = bridgeReach;
    prices.shareIncludes = shareIncludes;
    prices.allowance = allowance;
    return prices;
}

void readPathCosts(JsonObject& object, PathCostTable& table, bool& good) {
    readTypes(object, "areas", false, areaTypeFromString, table.areas, good);
    readTypes(object, "lines", true, lineTypeFromString, table.lines, good);
    if (auto contour = object.optional("contour")) {
        table.contour = readTerms(*contour, true);
        good = good && table.contour.has_value();
    }
    if (auto offFacing = object.optional("offFacing")) {
        table.offFacing = readTerms(*offFacing, false);
        good = good && table.offFacing.has_value();
    }
    for (auto [key, into] : {std::pair{"bridgeReach", &table.bridgeReach}, std::pair{"shareIncludes", &table.shareIncludes}}) {
        if (auto node = object.optional(key)) {
            const auto number = node->number(0, 1e6);
            good = good && number.has_value();
            *into = number.value_or(0);
        }
    }
}

} // namespace sandtable
