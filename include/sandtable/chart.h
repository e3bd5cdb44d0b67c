#pragma once

#include "sandtable/band.h"
#include "sandtable/citation.h"
#include "sandtable/distribution.h"
#include "sandtable/expected.h"
#include "sandtable/fraction.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace sandtable {

/// A chart cell: a number (casualties), a fraction ("1/4": a hit per four figures)
/// or a text result ("Rout").
struct ChartCell {
    enum class Kind { Number, Fraction, Text };
    Kind kind = Kind::Number;
    std::int64_t number = 0;
    Fraction fraction;
    std::string text;

    static ChartCell ofNumber(std::int64_t value);
    static ChartCell ofFraction(Fraction value);
    static ChartCell ofText(std::string value);
    std::string toString() const;
    friend bool operator==(const ChartCell&, const ChartCell&) = default;
};

/// What happens to a value beyond the first or last band of an axis.
struct AxisEdge {
    enum class Policy { Refuse, Clamp, Value };
    Policy policy = Policy::Refuse;
    ChartCell value;  // for Value: the result, whatever the other axis ("a complete miss")
    std::string note; // the text's words, shown with the lookup
};

struct ChartAxis {
    std::string name;
    std::vector<Band> bands;
    AxisEdge below;
    AxisEdge above;
};

/// Which cell a lookup used, and why.
struct ChartLookup {
    ChartCell cell;
    std::optional<std::size_t> row;    // empty for a 1-D chart or an edge value
    std::optional<std::size_t> column; // empty when an edge value answered
    std::string rowLabel;
    std::string columnLabel;
    std::vector<std::string> notes; // "Any Modified Die Roll of 12 or more counts as 12"
};

/// A 1-D or 2-D chart with banded rows and columns and clamping at its edges,
/// e.g. One If By Land's combat chart: figures (rows) by modified d10 (columns).
class Chart {
public:
    std::string id;
    std::string name;
    Citation source;
    std::optional<ChartAxis> rows; // empty for a 1-D chart
    ChartAxis columns;
    std::vector<ChartCell> cells; // row-major
    /// For fraction charts: how the figures left over after whole groups count.
    enum class Remainder { Drop, RoundUp, DiceFor };
    Remainder remainder = Remainder::Drop;

    /// The cell for a row value (ignored by a 1-D chart) and a column value; an error
    /// text when a value falls outside an axis whose edge refuses it, or in no band.
    Expected<ChartLookup, std::string> lookup(std::optional<std::int64_t> rowValue, std::int64_t columnValue) const;

    /// The exact distribution of a numeric cell when the column value is itself random
    /// (a modified die roll). Values the chart refuses are an error.
    Expected<Distribution, std::string> distribution(std::optional<std::int64_t> rowValue, const Distribution& columnValues) const;

    const ChartCell& cellAt(std::size_t row, std::size_t column) const { return cells[row * columns.bands.size() + column]; }
    std::size_t rowCount() const { return rows ? rows->bands.size() : 1; }
};

/// Hits from a fraction ("1/4": one hit for every four figures) applied to a number
/// of figures, with the chart's remainder rule. DiceFor needs a roll, so it is given as
/// a distribution; the others are certain.
Distribution fractionHits(const Fraction& perFigure, std::int64_t figures, Chart::Remainder remainder);

} // namespace sandtable
