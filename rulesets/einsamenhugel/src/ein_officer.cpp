#include "ein_officer.h"

#include "ein_units.h"

#include <algorithm>
#include <limits>

namespace sandtable::ein {

std::optional<UnitFigure> officerFigure(const Unit& unit) {
    if (unit.arm == Arm::Guns || unit.arm == Arm::Leader || unit.elements.empty()) {
        return std::nullopt;
    }
    const int left = quarters(unit);
    if (left < 2) {
        return std::nullopt; // "When a third hit is suffered, remove the officer figure"
    }
    // The unit's own frame: how far each corner lies ahead of its centre and to its right.
    const Point centre = unit.centre();
    const Point ahead = facingVector(unit.elements.front().facing);
    const Point right = facingVector(unit.elements.front().facing + 90);
    double rear = std::numeric_limits<double>::max();
    double leftFlank = std::numeric_limits<double>::max();
    double rightFlank = std::numeric_limits<double>::lowest();
    for (const Element& element : unit.elements) {
        for (const Point& corner : rectangleCorners(element.centre, element.width, element.depth, element.facing)) {
            const double dx = corner.x() - centre.x();
            const double dy = corner.y() - centre.y();
            rear = std::min(rear, dx * ahead.x() + dy * ahead.y());
            const double across = dx * right.x() + dy * right.y();
            leftFlank = std::min(leftFlank, across);
            rightFlank = std::max(rightFlank, across);
        }
    }
    // After the first hit "move the officer to the right": behind the right-hand half of
    // the frontage, where a battalion's right base stands.
    const double middle = (leftFlank + rightFlank) / 2;
    const double across = left == 3 ? middle + (rightFlank - leftFlank) / 4 : middle;
    const double back = rear - kOfficerGap;
    UnitFigure officer;
    officer.at = Point(centre.x() + back * ahead.x() + across * right.x(), centre.y() + back * ahead.y() + across * right.y());
    officer.role = "officer";
    officer.shows = percent(left) + " effective: " +
                    (left == 4   ? std::string("the officer centrally behind")
                     : left == 3 ? std::string("the officer moved to the right")
                                 : std::string("a base removed, the officer behind the other")) +
                    " (ORGANISATION)";
    return officer;
}

} // namespace sandtable::ein
