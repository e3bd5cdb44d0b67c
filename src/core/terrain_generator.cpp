#include "sandtable/terrain_generator.h"

#include "sandtable/geometry.h"

#include <algorithm>
#include <cmath>

namespace sandtable {

namespace bg = boost::geometry;

Citation terrainGeneratorSource() { return Citation{"002_7b20089435c2e4ae.txt", "Random Terrain Generator"}; }

std::string toString(FeatureKind kind) {
    switch (kind) {
    case FeatureKind::None:
        return "nothing";
    case FeatureKind::Hill:
        return "a hill";
    case FeatureKind::Water:
        return "water";
    case FeatureKind::Wood:
        return "a wood";
    case FeatureKind::BuiltUp:
        return "a built-up area";
    case FeatureKind::PlayerAChoice:
        return "player A's choice";
    case FeatureKind::PlayerBChoice:
        return "player B's choice";
    }
    return "nothing";
}

namespace {

constexpr int shapeDice = 4;

FeatureKind kindOf(int type) {
    // "1-hill, 2-water (stream, river, lake or marsh, etc), 3-wood, 4-built-up area
    // (anything from a farmstead to a walled town), 5- Player A's choice, 6-Player B's choice"
    static const FeatureKind kinds[] = {FeatureKind::Hill,    FeatureKind::Water,         FeatureKind::Wood,
                                        FeatureKind::BuiltUp, FeatureKind::PlayerAChoice, FeatureKind::PlayerBChoice};
    return kinds[type - 1];
}

std::string ordinal(int n) {
    static const char* names[] = {"1st", "2nd", "3rd", "4th", "5th", "6th"};
    return names[n];
}

Polygon closed(const std::vector<Point>& corners) {
    Polygon polygon;
    for (const Point& corner : corners) {
        bg::append(polygon.outer(), corner);
    }
    bg::append(polygon.outer(), corners.front());
    bg::correct(polygon);
    return polygon;
}

/// An outline of `points` corners round a centre, each corner's distance set by a die so
/// that no two pieces look alike.
Polygon blob(const Point& centre, double radiusX, double radiusY, const std::vector<int>& dice, int points) {
    std::vector<Point> corners;
    for (int i = 0; i < points; ++i) {
        const double angle = 2 * M_PI * i / points;
        const double wobble = 0.8 + 0.08 * dice[static_cast<std::size_t>(i) % dice.size()];
        corners.emplace_back(centre.x() + radiusX * wobble * std::cos(angle), centre.y() + radiusY * wobble * std::sin(angle));
    }
    return closed(corners);
}

/// The centre moved in just far enough that a piece reaching `extentX`, `extentY` from it
/// stays on the table.
Point keptOnTable(const Point& centre, double extentX, double extentY, const Table& table) {
    return Point(std::clamp(centre.x(), extentX + 1, table.width - extentX - 1),
                 std::clamp(centre.y(), extentY + 1, table.depth - extentY - 1));
}

} // namespace

std::vector<SectorRoll> rollTerrain(DiceStream& dice) {
    const Die d6{6, 1};
    std::vector<SectorRoll> rolls;
    for (int row = 0; row < sectorRows; ++row) {
        for (int column = 0; column < sectorColumns; ++column) {
            SectorRoll roll;
            roll.row = row;
            roll.column = column;
            const std::string sector = "terrain: sector " + std::to_string(roll.number());
            roll.presence = dice.roll(d6, dice.purpose(sector + ", a piece on 4-6"));
            if (roll.presence >= 4) {
                roll.type = dice.roll(d6, dice.purpose(sector + ", its type"));
                roll.kind = kindOf(roll.type);
                for (int i = 0; i < shapeDice; ++i) {
                    roll.shape.push_back(dice.roll(d6, dice.purpose(sector + ", its shape")));
                }
            }
            rolls.push_back(roll);
        }
    }
    return rolls;
}

std::string describe(const SectorRoll& roll) {
    std::string text = "Sector " + std::to_string(roll.number()) + " (" + (roll.row == 0 ? "far" : "near") + " row, " +
                       ordinal(roll.column) + " from the left): " + std::to_string(roll.presence);
    if (roll.presence < 4) {
        return text + ", no terrain";
    }
    text += ", a terrain piece; " + std::to_string(roll.type) + ", " + toString(roll.kind);
    if (!roll.shape.empty()) {
        text += " (shape dice";
        for (const int face : roll.shape) {
            text += " " + std::to_string(face);
        }
        text += ")";
    }
    return text;
}

GeneratedTerrain buildTerrain(const Table& table, const std::vector<SectorRoll>& rolls, const std::map<int, FeatureKind>& choices) {
    GeneratedTerrain terrain;
    const double sectorWidth = table.width / sectorColumns;
    const double sectorDepth = table.depth / sectorRows;
    int count = 0;
    for (const SectorRoll& roll : rolls) {
        FeatureKind kind = roll.kind;
        if (kind == FeatureKind::PlayerAChoice || kind == FeatureKind::PlayerBChoice) {
            const auto chosen = choices.find(roll.number());
            if (chosen == choices.end() || chosen->second == FeatureKind::PlayerAChoice || chosen->second == FeatureKind::PlayerBChoice) {
                terrain.notes.push_back("Sector " + std::to_string(roll.number()) + ": " + toString(kind) + ", not chosen: left open");
                continue;
            }
            kind = chosen->second;
        }
        if (kind == FeatureKind::None || roll.shape.size() < shapeDice) {
            continue;
        }
        ++count;
        const std::vector<int>& s = roll.shape;
        const double left = roll.column * sectorWidth;
        const double top = roll.row * sectorDepth;
        // Placed off the sector's centre by the third and fourth dice (1-6: -25%..+25%).
        const Point placed(left + sectorWidth * (0.5 + (s[2] - 3.5) * 0.1), top + sectorDepth * (0.5 + (s[3] - 3.5) * 0.1));
        const double small = std::min(sectorWidth, sectorDepth);
        const std::string id = "sector-" + std::to_string(roll.number());
        const std::string where = " (sector " + std::to_string(roll.number()) + ")";
        if (kind == FeatureKind::Hill) {
            const double radius = small * (0.22 + 0.03 * s[0]);
            const Point centre = keptOnTable(placed, radius * 1.3 * 1.3, radius * 1.3, table);
            terrain.areas.push_back({id + "-hill-1", "Hill" + where, AreaType::Hill, blob(centre, radius * 1.3, radius, s, 10), 1, {}});
            if (s[1] >= 4) {
                terrain.areas.push_back(
                    {id + "-hill-2", "Hill crest" + where, AreaType::Hill, blob(centre, radius * 0.6, radius * 0.45, s, 8), 2, {}});
            }
        } else if (kind == FeatureKind::Water) {
            // "stream, river, lake or marsh": the first shape die says which; a stream or
            // river runs the depth of the table through its sector, the second and third dice
            // setting where it enters and leaves.
            if (s[0] <= 3) {
                const bool river = s[0] == 3;
                const double in = left + sectorWidth * (0.2 + 0.12 * (s[1] - 1));
                const double out = left + sectorWidth * (0.2 + 0.12 * (s[2] - 1));
                const double bend = left + sectorWidth * (0.2 + 0.12 * (s[3] - 1));
                TerrainLine line{id + (river ? "-river" : "-stream"),
                                 (river ? "River" : "Stream") + where,
                                 river ? LineType::River : LineType::Stream,
                                 Path{Point(in, 0), Point(bend, table.depth * 0.5), Point(out, table.depth)},
                                 {},
                                 {}};
                if (river) {
                    line.impassableTo = {"foot", "horse", "guns", "leader"};
                }
                terrain.lines.push_back(line);
            } else {
                const bool lake = s[0] == 4;
                const double radius = small * (0.18 + 0.03 * s[1]);
                const Point centre = keptOnTable(placed, radius * 1.4 * 1.3, radius * 1.3, table);
                terrain.areas.push_back({id + (lake ? "-lake" : "-marsh"),
                                         (lake ? "Lake" : "Marsh") + where,
                                         lake ? AreaType::Water : AreaType::Marsh,
                                         blob(centre, radius * 1.4, radius, s, 9),
                                         0,
                                         {}});
            }
        } else if (kind == FeatureKind::Wood) {
            const double radius = small * (0.2 + 0.03 * s[0]);
            const Point centre = keptOnTable(placed, radius * 1.2 * 1.3, radius * 1.3, table);
            terrain.areas.push_back({id + "-wood", "Wood" + where, AreaType::Woods, blob(centre, radius * 1.2, radius, s, 8), 0, {}});
        } else if (kind == FeatureKind::BuiltUp) {
            // "anything from a farmstead to a walled town": the first die sets the size.
            const double width = sectorWidth * (0.12 + 0.07 * s[0]);
            const double depth = sectorDepth * (0.12 + 0.06 * s[0]);
            const Point centre = keptOnTable(placed, width / 2, depth / 2, table);
            const char* names[] = {"Farmstead", "Farmstead", "Hamlet", "Village", "Village", "Walled town"};
            terrain.areas.push_back(
                {id + "-town",
                 names[s[0] - 1] + where,
                 AreaType::BuiltUp,
                 closed({Point(centre.x() - width / 2, centre.y() - depth / 2), Point(centre.x() + width / 2, centre.y() - depth / 2),
                         Point(centre.x() + width / 2, centre.y() + depth / 2), Point(centre.x() - width / 2, centre.y() + depth / 2)}),
                 0,
                 {}});
        }
    }
    terrain.notes.push_back(std::to_string(count) + " terrain piece" + (count == 1 ? "" : "s") +
                            " (on average a table has six; a stream or river may run through several sectors and still count as one)");
    return terrain;
}

} // namespace sandtable
