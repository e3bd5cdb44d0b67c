#include "sandtable/table.h"

#include "sandtable/geometry.h"

#include <cmath>
#include <cstdio>

namespace sandtable {

std::string toString(MeasureUnit unit) {
    switch (unit) {
    case MeasureUnit::Inch:
        return "inch";
    case MeasureUnit::Centimetre:
        return "cm";
    case MeasureUnit::Box:
        return "box";
    }
    return {};
}

std::optional<MeasureUnit> measureUnitFromString(const std::string& text) {
    for (const MeasureUnit unit : {MeasureUnit::Inch, MeasureUnit::Centimetre, MeasureUnit::Box}) {
        if (toString(unit) == text) {
            return unit;
        }
    }
    return std::nullopt;
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
