// Where a base's miniatures stand in each formation's shape (miniature_layout.h): the
// same men, in line across the frontage, in column narrower and deeper, in square round
// a hollow middle, spread out across the whole frontage.

#include "miniature_layout.h"

#include <algorithm>
#include <catch2/catch.hpp>
#include <cmath>

using namespace sandtable;
using namespace sandtable::ui;

namespace {

struct Extent {
    double left, right, top, bottom;
};

Extent extentOf(const MiniatureSpots& spots) {
    Extent extent{1e9, -1e9, 1e9, -1e9};
    for (const QPointF& at : spots.at) {
        extent = {std::min(extent.left, at.x()), std::max(extent.right, at.x()), std::min(extent.top, at.y()),
                  std::max(extent.bottom, at.y())};
    }
    return extent;
}

bool onBase(const MiniatureSpots& spots, double width, double depth) {
    return std::all_of(spots.at.begin(), spots.at.end(),
                       [&](const QPointF& at) { return std::abs(at.x()) <= width / 2 && std::abs(at.y()) <= depth / 2; });
}

} // namespace

TEST_CASE("a base's miniatures stand in the shape of the unit's formation", "[ui][miniatures]") {
    const double width = 40;
    const double depth = 20;
    const MiniatureSpots line = miniatureSpots(width, depth, 8, 2, 16, FormationShape::Line);
    const MiniatureSpots column = miniatureSpots(width, depth, 8, 2, 16, FormationShape::Column);
    const MiniatureSpots square = miniatureSpots(width, depth, 8, 2, 16, FormationShape::Square);
    const MiniatureSpots spread = miniatureSpots(width, depth, 8, 2, 16, FormationShape::Skirmish);
    for (const MiniatureSpots* spots : {&line, &column, &square, &spread}) {
        CHECK(spots->at.size() == 16); // the same men
        CHECK(onBase(*spots, width, depth));
        CHECK(spots->size > 0);
    }
    // In line: eight abreast in two ranks across the frontage.
    const Extent inLine = extentOf(line);
    CHECK(inLine.right - inLine.left == Approx(width * 7 / 8));
    CHECK(line.at[0].y() < line.at[8].y());
    // In column: a third as many files, more ranks, in the middle.
    const Extent inColumn = extentOf(column);
    CHECK(inColumn.right - inColumn.left < (inLine.right - inLine.left) / 2);
    CHECK(inColumn.left + inColumn.right == Approx(0).margin(1e-9));
    CHECK(inColumn.bottom - inColumn.top > inLine.bottom - inLine.top);
    // In square: round its sides, none in the middle.
    for (const QPointF& at : square.at) {
        CHECK(std::max(std::abs(at.x()), std::abs(at.y())) > depth * 0.3);
    }
    // Spread out: across the whole frontage, every man apart.
    const Extent spreadOut = extentOf(spread);
    CHECK(spreadOut.right - spreadOut.left >= inLine.right - inLine.left);
    // A line with men lost keeps their ranks' places.
    const MiniatureSpots thinned = miniatureSpots(width, depth, 8, 2, 11, FormationShape::Line);
    REQUIRE(thinned.at.size() == 11);
    CHECK(thinned.at[10].y() == Approx(line.at[10].y()));
    // One man on his own stand stands in its middle whatever his unit's formation.
    for (const FormationShape shape : {FormationShape::Column, FormationShape::Square, FormationShape::Skirmish}) {
        const MiniatureSpots alone = miniatureSpots(10, 10, 1, 1, 1, shape);
        REQUIRE(alone.at.size() == 1);
        CHECK(alone.at[0].x() == Approx(0).margin(1e-9));
        CHECK(std::abs(alone.at[0].y()) < 1);
    }
}
