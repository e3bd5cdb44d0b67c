#include "miniature_layout.h"

#include <algorithm>
#include <cmath>

namespace sandtable::ui {

namespace {

/// `count` men `files` abreast across `frontage` in the middle of the base, as many ranks
/// as it takes over `depth`.
MiniatureSpots block(double frontage, double depth, int files, int count) {
    MiniatureSpots spots;
    const int ranks = std::max(1, (count + files - 1) / files);
    spots.size = std::min(frontage / files, depth / ranks) * 0.9;
    for (int i = 0; i < count; ++i) {
        const int rank = i / files;
        const int file = i % files;
        spots.at.emplace_back(-frontage / 2 + frontage * (file + 0.5) / files, -depth / 2 + depth * (rank + 0.55) / ranks);
    }
    return spots;
}

} // namespace

MiniatureSpots miniatureSpots(double width, double depth, int across, int ranks, int count, FormationShape shape) {
    across = std::max(1, across);
    count = std::max(0, count);
    // A stand of one man (a skirmish rules' figure) stands alone whatever his unit's
    // formation: the unit's shape is in where its stands are.
    switch (count <= 1 ? FormationShape::Line : shape) {
    case FormationShape::Column: {
        // The same spacing man to man as in line, on a third of the frontage.
        const int files = across >= 4 ? std::max(2, across / 3) : 1;
        return block(width * files / across, depth, files, count);
    }
    case FormationShape::Square: {
        // Round the four sides of a square inside the base, every man facing out alike
        // (drawn facing the front: seen from above a square reads by its hollow middle).
        MiniatureSpots spots;
        const double side = std::min(width, depth) * 0.8;
        spots.size = std::min(side / std::max(2, count / 4 + 1), side / 3);
        for (int i = 0; i < count; ++i) {
            const double along = 4.0 * i / count; // 0-4 round the perimeter
            const int edge = static_cast<int>(along);
            const double t = along - edge;
            const double h = side / 2;
            const QPointF corners[] = {{-h, -h}, {h, -h}, {h, h}, {-h, h}};
            const QPointF from = corners[edge % 4];
            const QPointF to = corners[(edge + 1) % 4];
            spots.at.push_back(from + (to - from) * t);
        }
        return spots;
    }
    case FormationShape::Skirmish: {
        // Every man apart across the whole frontage, staggered forward and back.
        MiniatureSpots spots;
        spots.size = std::min(width / std::max(1, count) * 1.2, depth / 2) * 0.8;
        for (int i = 0; i < count; ++i) {
            spots.at.emplace_back(-width / 2 + width * (i + 0.5) / count, (i % 2 == 0 ? -0.2 : 0.2) * depth);
        }
        return spots;
    }
    case FormationShape::Line:
    case FormationShape::Limbered:
        break;
    }
    MiniatureSpots spots = block(width, depth, across, count);
    spots.size = std::min(width / across, depth / std::max(1, ranks)) * 0.9;
    for (std::size_t i = 0; i < spots.at.size(); ++i) {
        const int rank = static_cast<int>(i) / across;
        spots.at[i].setY(-depth / 2 + depth * (rank + 0.55) / std::max(1, ranks));
    }
    return spots;
}

} // namespace sandtable::ui
