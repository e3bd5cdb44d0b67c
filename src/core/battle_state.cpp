#include "sandtable/battle_state.h"

#include <cmath>
#include <cstdio>
#include <sstream>

namespace sandtable {

namespace {

std::string fixed(double value, int decimals) {
    char text[64];
    // Round half away from zero first, and never print "-0.0".
    const double scale = std::pow(10.0, decimals);
    double rounded = std::round(value * scale) / scale;
    if (rounded == 0) {
        rounded = 0;
    }
    std::snprintf(text, sizeof text, "%.*f", decimals, rounded);
    return text;
}

} // namespace

std::string battleStateText(const Battle& battle) {
    std::ostringstream text;
    text << "turn " << battle.turn << ", " << (battle.phase.empty() ? "-" : battle.phase) << "\n";
    for (const Unit& unit : battle.units) {
        text << unit.id << ": " << unit.elements.size() << "/" << unit.startingBases << " bases";
        if (!unit.formation.empty()) {
            text << ", " << unit.formation;
        }
        for (const std::string& marker : unit.markers) {
            text << ", " << marker;
        }
        text << "\n";
        for (const Element& element : unit.elements) {
            text << "  at " << fixed(element.centre.x(), 1) << " " << fixed(element.centre.y(), 1) << " facing "
                 << fixed(normaliseDegrees(element.facing), 1) << "\n";
        }
        for (const auto& [counter, value] : unit.counters) {
            text << "  " << counter << " = " << fixed(value, 3) << "\n";
        }
    }
    text << "session " << battle.session.dump() << "\n";
    return text.str();
}

} // namespace sandtable
