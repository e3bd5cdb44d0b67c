#include "sandtable/chart.h"

#include <cassert>

namespace sandtable {

ChartCell ChartCell::ofNumber(std::int64_t value) {
    ChartCell cell;
    cell.kind = Kind::Number;
    cell.number = value;
    return cell;
}

ChartCell ChartCell::ofFraction(Fraction value) {
    ChartCell cell;
    cell.kind = Kind::Fraction;
    cell.fraction = value;
    return cell;
}

ChartCell ChartCell::ofText(std::string value) {
    ChartCell cell;
    cell.kind = Kind::Text;
    cell.text = std::move(value);
    return cell;
}

std::string ChartCell::toString() const {
    switch (kind) {
    case Kind::Number:
        return std::to_string(number);
    case Kind::Fraction:
        return sandtable::toString(fraction);
    case Kind::Text:
        return text;
    }
    return {};
}

namespace {

// Where a value falls on an axis: a band index, or an edge that answers for it.
struct AxisPosition {
    std::optional<std::size_t> band;
    const AxisEdge* edge = nullptr; // set when the value is beyond the bands
};

Expected<AxisPosition, std::string> locate(const ChartAxis& axis, std::int64_t value) {
    assert(!axis.bands.empty());
    for (std::size_t i = 0; i < axis.bands.size(); ++i) {
        if (axis.bands[i].contains(value)) {
            return AxisPosition{i, nullptr};
        }
    }
    const bool below = value < axis.bands.front().lowest;
    const AxisEdge& edge = below ? axis.below : axis.above;
    const std::string where = axis.name + " " + std::to_string(value);
    // The loader keeps bands ascending and apart, so a value past the first band's start
    // that is in no band and short of the last band's start lies in a gap.
    if (!below && value < axis.bands.back().lowest) {
        return std::string(where + " falls between the chart's bands");
    }
    switch (edge.policy) {
    case AxisEdge::Policy::Refuse:
        return std::string(where + " is " + (below ? "below" : "above") + " the chart (" + axis.bands.front().label + " to " +
                           axis.bands.back().label + ")");
    case AxisEdge::Policy::Clamp:
        return AxisPosition{below ? 0 : axis.bands.size() - 1, &edge};
    case AxisEdge::Policy::Value:
        return AxisPosition{std::nullopt, &edge};
    }
    return std::string("unknown edge policy");
}

} // namespace

Expected<ChartLookup, std::string> Chart::lookup(std::optional<std::int64_t> rowValue, std::int64_t columnValue) const {
    ChartLookup result;
    std::size_t row = 0;
    if (rows) {
        if (!rowValue) {
            return std::string("the chart " + id + " needs a row value (" + rows->name + ")");
        }
        const auto position = locate(*rows, *rowValue);
        if (!position) {
            return position.error();
        }
        if (!position->band) {
            result.cell = position->edge->value;
            result.notes.push_back(position->edge->note);
            return result;
        }
        row = *position->band;
        result.row = row;
        result.rowLabel = rows->bands[row].label;
        if (position->edge != nullptr) {
            result.notes.push_back(position->edge->note);
        }
    }
    const auto position = locate(columns, columnValue);
    if (!position) {
        return position.error();
    }
    if (position->edge != nullptr) {
        result.notes.push_back(position->edge->note);
    }
    if (!position->band) {
        result.cell = position->edge->value;
        result.columnLabel = std::to_string(columnValue);
        return result;
    }
    result.column = *position->band;
    result.columnLabel = columns.bands[*position->band].label;
    result.cell = cellAt(row, *position->band);
    return result;
}

Expected<Distribution, std::string> Chart::distribution(std::optional<std::int64_t> rowValue, const Distribution& columnValues) const {
    // Check every outcome first, so the mapping below never meets a refusal.
    for (const std::int64_t value : columnValues.outcomes()) {
        const auto found = lookup(rowValue, value);
        if (!found) {
            return found.error();
        }
        if (found->cell.kind != ChartCell::Kind::Number) {
            return std::string("the chart " + id + " has a cell that is not a number (" + found->cell.toString() + ")");
        }
    }
    return columnValues.map([&](std::int64_t value) { return lookup(rowValue, value)->cell.number; });
}

Distribution fractionHits(const Fraction& perFigure, std::int64_t figures, Chart::Remainder remainder) {
    const Fraction exact = perFigure * figures;
    const std::int64_t whole = exact.numerator() / exact.denominator();
    const std::int64_t left = exact.numerator() % exact.denominator();
    if (left == 0) {
        return Distribution::certain(whole);
    }
    switch (remainder) {
    case Chart::Remainder::Drop:
        return Distribution::certain(whole);
    case Chart::Remainder::RoundUp:
        return Distribution::certain(whole + 1);
    case Chart::Remainder::DiceFor:
        // A die of `denominator` faces scores the extra hit on `left` of them.
        return Distribution::fromWeights(whole, {Weight(exact.denominator() - left), Weight(left)});
    }
    return Distribution::certain(whole);
}

} // namespace sandtable
