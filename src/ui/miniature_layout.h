#pragma once

#include "sandtable/ruleset.h"

#include <QPointF>
#include <vector>

namespace sandtable::ui {

/// Where a base's miniatures stand, in the base's own frame: its centre at (0, 0), its
/// front edge up (at -depth / 2); and how large each is drawn (table millimetres).
struct MiniatureSpots {
    std::vector<QPointF> at;
    double size = 0;
};

/// `count` miniatures on a base `width` by `depth`, `across` abreast and `ranks` deep in
/// line, placed in the shape of the unit's formation (Ruleset::formationShape): in line,
/// ranks across the whole frontage; in column, the same men a third as many files
/// abreast and as many ranks deeper, in the middle of the base; in square, round its
/// four sides; spread out, every man apart and staggered. A stand of one man stands in
/// its middle whatever the formation.
MiniatureSpots miniatureSpots(double width, double depth, int across, int ranks, int count, FormationShape shape);

} // namespace sandtable::ui
