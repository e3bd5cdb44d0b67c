#include "sandtable/kit/formation_shape.h"

#include <array>
#include <utility>

namespace sandtable::kit {

FormationShape formationShapeNamed(const std::string& formation) {
    static const std::array<std::pair<const char*, FormationShape>, 9> shapes{{
        {"column", FormationShape::Column},
        {"march-column", FormationShape::Column},
        {"attack-column", FormationShape::Column},
        {"square", FormationShape::Square},
        {"skirmish", FormationShape::Skirmish},
        {"open", FormationShape::Skirmish},
        {"loose", FormationShape::Skirmish},
        {"open-order", FormationShape::Skirmish},
        {"limbered", FormationShape::Limbered},
    }};
    for (const auto& [name, shape] : shapes) {
        if (formation == name) {
            return shape;
        }
    }
    return FormationShape::Line;
}

} // namespace sandtable::kit
