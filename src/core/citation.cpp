#include "sandtable/citation.h"

namespace sandtable {

std::string Citation::toString() const {
    if (heading.empty()) {
        return file;
    }
    return file + ", \"" + heading + "\"";
}

} // namespace sandtable
