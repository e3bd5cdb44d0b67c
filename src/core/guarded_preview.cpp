#include "sandtable/guarded_preview.h"

#include <exception>

namespace sandtable {

Preview guardedPreview(const Ruleset& ruleset, const Battle& battle, const Action& action,
                       Preview (Ruleset::*ask)(const Battle&, const Action&) const) {
    try {
        return (ruleset.*ask)(battle, action);
    } catch (const std::exception& error) {
        Preview refused;
        refused.refusal = std::string("the ruleset could not preview this action: ") + error.what();
        return refused;
    }
}

} // namespace sandtable
