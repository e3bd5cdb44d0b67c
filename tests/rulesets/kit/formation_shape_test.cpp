// The table's shape for each formation the five rule texts name, and every ruleset's
// formations read through it (Ruleset::formationShape).

#include "sandtable/kit/formation_shape.h"

#include <catch2/catch.hpp>

using namespace sandtable;

TEST_CASE("each formation the rule texts name has the table's shape for it", "[kit][formation]") {
    using kit::formationShapeNamed;
    for (const char* column : {"column", "march-column", "attack-column"}) {
        CHECK(formationShapeNamed(column) == FormationShape::Column);
    }
    CHECK(formationShapeNamed("square") == FormationShape::Square);
    for (const char* spread : {"skirmish", "open", "loose", "open-order"}) {
        CHECK(formationShapeNamed(spread) == FormationShape::Skirmish);
    }
    CHECK(formationShapeNamed("limbered") == FormationShape::Limbered);
    for (const char* line : {"line", "close", "close-order", "one-rank", "unlimbered", "", "wedge"}) {
        CHECK(formationShapeNamed(line) == FormationShape::Line);
    }
}
