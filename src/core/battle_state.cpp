#include "sandtable/battle_state.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <vector>

namespace sandtable {

namespace {

// Appends `value` rounded half away from zero to `decimals` places, never as "-0.0".
// std::to_chars gives the same digits as printf's "%.*f", without its locale and cost:
// this runs for every number of every state a replay checks.
void appendFixed(std::string& text, double value, int decimals) {
    const double scale = decimals == 1 ? 10.0 : decimals == 3 ? 1000.0 : std::pow(10.0, decimals);
    const double scaled = std::round(value * scale);
    // The common case, written from the whole number of tenths (or thousandths): the same
    // digits as the double's fixed form, since rounded/scale is the double nearest them, at
    // a fraction of to_chars's cost (this runs for every number of every state a replay
    // hashes).
    if (std::abs(scaled) < 1e15 && decimals > 0 && decimals <= 6) {
        auto units = static_cast<long long>(scaled);
        if (units < 0) {
            text += '-';
            units = -units;
        }
        long long divisor = 1;
        for (int i = 0; i < decimals; ++i) {
            divisor *= 10;
        }
        char digits[32];
        auto written = std::to_chars(digits, digits + sizeof digits, units / divisor);
        *written.ptr++ = '.';
        long long fraction = units % divisor;
        for (int i = decimals - 1; i >= 0; --i) {
            written.ptr[i] = static_cast<char>('0' + fraction % 10);
            fraction /= 10;
        }
        text.append(digits, written.ptr + decimals);
        return;
    }
    double rounded = scaled / scale;
    if (rounded == 0) {
        rounded = 0;
    }
    char digits[64];
    const auto written = std::to_chars(digits, digits + sizeof digits, rounded, std::chars_format::fixed, decimals);
    text.append(digits, written.ptr);
}

} // namespace

std::string battleStateText(const Battle& battle) {
    // Sized for the whole text at once: it is built after every action a replay checks.
    std::size_t lines = 8 + battle.decks.size();
    for (const Unit& unit : battle.units) {
        lines += 1 + unit.elements.size() + unit.counters.size();
    }
    std::string text;
    text.reserve(256 + battle.session.size() * 64 + lines * 48);
    text.append("turn ").append(std::to_string(battle.turn)).append(", ").append(battle.phase.empty() ? "-" : battle.phase).append("\n");
    for (const Unit& unit : battle.units) {
        // Appended piece by piece, never through temporaries: this runs for every unit
        // after every action a replay checks.
        text.append(unit.id).append(": ").append(std::to_string(unit.elements.size())).append("/");
        text.append(std::to_string(unit.startingBases)).append(" bases");
        if (!unit.formation.empty()) {
            text.append(", ").append(unit.formation);
        }
        for (const std::string& marker : unit.markers) {
            text.append(", ").append(marker);
        }
        if (!unit.attachedTo.empty()) {
            text.append(", attached to ").append(unit.attachedTo);
        }
        text += "\n";
        for (std::size_t i = 0; i < unit.elements.size(); ++i) {
            const Element& element = unit.elements[i];
            text += "  at ";
            appendFixed(text, element.centre.x(), 1);
            text += " ";
            appendFixed(text, element.centre.y(), 1);
            text += " facing ";
            appendFixed(text, normaliseDegrees(element.facing), 1);
            // Who it is, where that is more than its place in the unit: each part only when
            // it holds something, so a game of plain bases reads (and hashes) as it did.
            if (!element.id.empty() && !isDefaultElementId(element.id, unit.id, i)) {
                text.append(", ").append(element.id);
            }
            for (const std::string* part : {&element.role, &element.rank, &element.weapon}) {
                if (!part->empty()) {
                    text.append(", ").append(*part);
                }
            }
            if (element.health != Health::Fit) {
                text.append(", ").append(toString(element.health));
            }
            for (const std::string& marker : element.markers) {
                text.append(", ").append(marker);
            }
            for (const auto& [counter, value] : element.counters) {
                text.append(", ").append(counter).append(" = ");
                appendFixed(text, value, 3);
            }
            text += "\n";
        }
        if (std::any_of(unit.elements.begin(), unit.elements.end(), [](const Element& e) { return !e.figures.empty(); })) {
            text += "  figures";
            for (const Element& element : unit.elements) {
                text += " [";
                for (const Health figure : element.figures) {
                    text += " " + toString(figure);
                }
                text += " ]";
            }
            text += "\n";
        }
        for (const auto& [counter, value] : unit.counters) {
            text.append("  ").append(counter).append(" = ");
            appendFixed(text, value, 3);
            text += "\n";
        }
    }
    const auto terrainMarkers = [&](const std::string& id, const std::set<std::string>& markers) {
        if (!markers.empty()) {
            text += "terrain " + id + ":";
            for (const std::string& marker : markers) {
                text += " " + marker;
            }
            text += "\n";
        }
    };
    for (const TerrainArea& area : battle.areas) {
        terrainMarkers(area.id, area.markers);
    }
    for (const TerrainLine& line : battle.lines) {
        terrainMarkers(line.id, line.markers);
    }
    for (const Side& side : battle.sides) {
        if (!side.markers.empty()) {
            text += "side " + side.id + ":";
            for (const std::string& marker : side.markers) {
                text += " " + marker;
            }
            text += "\n";
        }
    }
    // Who commands each command, where the battle has a chain of command (so that a
    // battle without one hashes as before).
    for (const Command& command : battle.commands) {
        text.append("command ").append(command.id).append(": ").append(command.commander.empty() ? "-" : command.commander).append("\n");
    }
    text.append("session ").append(battle.session.dump()).append("\n");
    // What is left of a deck is a composition: listed sorted, never in an order. Sorted by
    // pointer and appended piecewise: this runs after every action a replay checks.
    std::vector<const std::string*> left;
    for (const auto& [id, deck] : battle.decks) {
        left.clear();
        for (const std::string& card : deck.drawPile) {
            left.push_back(&card);
        }
        std::sort(left.begin(), left.end(), [](const std::string* a, const std::string* b) { return *a < *b; });
        text.append("deck ").append(id).append(" (shuffled ").append(std::to_string(deck.shuffles)).append("): left");
        for (const std::string* card : left) {
            text.append(" ").append(*card);
        }
        text.append("; turned");
        for (const std::string& card : deck.discards) {
            text.append(" ").append(card);
        }
        if (!deck.call.empty()) {
            text.append("; calls ").append(deck.call.side);
            if (!deck.call.command.empty()) {
                text.append(" command ").append(deck.call.command);
            }
            for (const std::string& unit : deck.call.units) {
                text.append(" ").append(unit);
            }
        }
        text.append("\n");
    }
    return text;
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
