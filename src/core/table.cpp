#include "sandtable/table.h"

#include "named_values.h"
#include "sandtable/geometry.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>

namespace sandtable {

namespace {

constexpr NameTable<MeasureUnit, 3> unitNames{{
    {MeasureUnit::Inch, "inch"},
    {MeasureUnit::Centimetre, "cm"},
    {MeasureUnit::Box, "box"},
}};

} // namespace

std::string toString(MeasureUnit unit) { return nameOf(unitNames, unit); }
std::optional<MeasureUnit> measureUnitFromString(const std::string& text) { return valueOf(unitNames, text); }

std::string pluralName(MeasureUnit unit) {
    switch (unit) {
    case MeasureUnit::Inch:
        return "inches";
    case MeasureUnit::Centimetre:
        return "centimetres";
    case MeasureUnit::Box:
        return "boxes";
    }
    return toString(unit);
}

double Table::millimetresPerUnit() const {
    switch (unit) {
    case MeasureUnit::Inch:
        return millimetresPerInch;
    case MeasureUnit::Centimetre:
        return 10.0;
    case MeasureUnit::Box:
        return boxSize;
    }
    return 1.0;
}

std::string lengthText(double units, MeasureUnit unit) {
    const double tenths = std::round(units * 10) / 10;
    // Six significant digits as a stream writes a double ("%g"), without a stream's cost
    // (a preview writes a length for every move it prices) or a locale's decimal comma.
    char digits[32];
    const auto written = std::to_chars(digits, digits + sizeof digits, tenths == 0 ? 0.0 : tenths, std::chars_format::general, 6);
    std::string text(digits, written.ptr); // never "-0"
    switch (unit) {
    case MeasureUnit::Inch:
        text += "\"";
        break;
    case MeasureUnit::Centimetre:
        text += "cm";
        break;
    case MeasureUnit::Box:
        text += tenths == 1 ? " box" : " boxes";
        break;
    }
    return text;
}

int boxDistance(const Box& a, const Box& b) { return std::max(std::abs(a.column - b.column), std::abs(a.row - b.row)); }

std::vector<Box> boxesWithin(const Table& table, const Box& centre, int distance) {
    std::vector<Box> boxes;
    for (int row = std::max(0, centre.row - distance); row <= std::min(table.rows() - 1, centre.row + distance); ++row) {
        for (int column = std::max(0, centre.column - distance); column <= std::min(table.columns() - 1, centre.column + distance);
             ++column) {
            boxes.push_back({column, row});
        }
    }
    return boxes;
}

std::string boxName(const Box& box) {
    std::string letters;
    for (int column = box.column + 1; column > 0; column = (column - 1) / 26) {
        letters.insert(letters.begin(), static_cast<char>('A' + (column - 1) % 26));
    }
    return letters + std::to_string(box.row + 1);
}

int Table::columns() const { return gridded() ? static_cast<int>(std::ceil(width / boxSize - 1e-9)) : 0; }
int Table::rows() const { return gridded() ? static_cast<int>(std::ceil(depth / boxSize - 1e-9)) : 0; }

Box Table::boxAt(const Point& at) const {
    return Box{static_cast<int>(std::floor(at.x() / boxSize)), static_cast<int>(std::floor(at.y() / boxSize))};
}

Point Table::boxCentre(const Box& box) const { return Point((box.column + 0.5) * boxSize, (box.row + 0.5) * boxSize); }

bool Table::onGrid(const Box& box) const { return box.column >= 0 && box.row >= 0 && box.column < columns() && box.row < rows(); }

std::string Table::formatDistance(const Point& from, const Point& to) const {
    if (!gridded()) {
        return formatLength(boost::geometry::distance(from, to));
    }
    const Box a = boxAt(from);
    const Box b = boxAt(to);
    return lengthText(boxDistance(a, b), MeasureUnit::Box) + " (" + boxName(a) + " to " + boxName(b) + ")";
}

std::string Table::formatLength(double millimetres) const {
    const double units = toUnits(millimetres);
    char text[48];
    switch (unit) {
    case MeasureUnit::Inch:
        std::snprintf(text, sizeof text, "%.1f\"", units);
        break;
    case MeasureUnit::Centimetre:
        std::snprintf(text, sizeof text, "%.1f cm", units);
        break;
    case MeasureUnit::Box: {
        const long boxes = std::lround(units);
        std::snprintf(text, sizeof text, "%ld %s", boxes, boxes == 1 ? "box" : "boxes");
        break;
    }
    }
    return text;
}

} // namespace sandtable
