#pragma once

#include "sandtable/geometry.h"

#include <optional>
#include <string>
#include <vector>

namespace sandtable {

/// A box of a gridded table: column and row counted from 0 at the top-left corner.
struct Box {
    int column = 0;
    int row = 0;
    friend bool operator==(const Box&, const Box&) = default;
};
/// Boxes between two boxes, a diagonal step counting as one box.
int boxDistance(const Box& a, const Box& b);
/// "C2": the column as letters (A, B, ... Z, AA) and the row from 1, as a player names a box.
std::string boxName(const Box& box);

/// The unit a ruleset measures in.
enum class MeasureUnit { Inch, Centimetre, Box };

std::string toString(MeasureUnit unit); // "inch", "cm", "box"
/// "inches", "centimetres", "boxes": the unit as a sentence names it ("measured in boxes").
std::string pluralName(MeasureUnit unit);
std::optional<MeasureUnit> measureUnitFromString(const std::string& text);

/// A length already in the ruleset's unit as its text writes one, to a tenth and no
/// trailing zero: "7\"", "6.5\"", "8cm", "3 boxes". The one formatter the rulesets'
/// traces and refusals use.
std::string lengthText(double units, MeasureUnit unit);

/// The tabletop: its size in millimetres and the unit its rules measure in. A table
/// measured in boxes carries a square grid of boxes of `boxSize` millimetres.
struct Table {
    double width = 1828.8; // 6 ft
    double depth = 1219.2; // 4 ft
    MeasureUnit unit = MeasureUnit::Inch;
    double boxSize = 0; // millimetres; only for MeasureUnit::Box

    /// The sides a table may have, in millimetres: from a hand's breadth to 100 metres.
    static constexpr double smallestSide = 100;
    static constexpr double largestSide = 100'000;

    /// Millimetres in one of the ruleset's units (an inch, a centimetre or a box).
    double millimetresPerUnit() const;
    double toUnits(double millimetres) const { return millimetres / millimetresPerUnit(); }
    double fromUnits(double units) const { return units * millimetresPerUnit(); }
    /// "7.5\"", "12 cm", "3 boxes": a length as a player reads it.
    std::string formatLength(double millimetres) const;
    /// The distance between two points as the rules count it: "7.5\"", "12 cm"; on a
    /// gridded table the whole boxes between the boxes they stand in, a diagonal step one
    /// box, and the boxes named: "3 boxes (C2 to F5)". The tape and the drag readouts.
    std::string formatDistance(const Point& from, const Point& to) const;

    /// Whether the table is a grid of boxes, and how many boxes across and down it has
    /// (a part box at the far edge counts).
    bool gridded() const { return unit == MeasureUnit::Box && boxSize > 0; }
    int columns() const;
    int rows() const;
    /// The box a point stands in (a point on a line between boxes is in the later one).
    Box boxAt(const Point& at) const;
    /// The centre of a box, in table millimetres.
    Point boxCentre(const Box& box) const;
    /// Whether a box is one of the table's.
    bool onGrid(const Box& box) const;

    friend bool operator==(const Table&, const Table&) = default;
};

/// The boxes of a table within `distance` boxes of `centre` (a diagonal step one box),
/// `centre` included, row by row.
std::vector<Box> boxesWithin(const Table& table, const Box& centre, int distance);

} // namespace sandtable
