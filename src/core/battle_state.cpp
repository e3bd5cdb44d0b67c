#include "sandtable/battle_state.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
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
        if (std::any_of(unit.elements.begin(), unit.elements.end(), [](const Element& e) { return !e.figures.empty(); })) {
            text << "  figures";
            for (const Element& element : unit.elements) {
                text << " [";
                for (const FigureState figure : element.figures) {
                    text << " " << toString(figure);
                }
                text << " ]";
            }
            text << "\n";
        }
        for (const auto& [counter, value] : unit.counters) {
            text << "  " << counter << " = " << fixed(value, 3) << "\n";
        }
    }
    text << "session " << battle.session.dump() << "\n";
    return text.str();
}

std::string stateHash(const Battle& battle) {
    std::uint64_t hash = 0xcbf29ce484222325ULL;
    for (const char c : battleStateText(battle)) {
        hash ^= static_cast<unsigned char>(c);
        hash *= 0x100000001b3ULL;
    }
    char text[17];
    std::snprintf(text, sizeof text, "%016llx", static_cast<unsigned long long>(hash));
    return text;
}

} // namespace sandtable
