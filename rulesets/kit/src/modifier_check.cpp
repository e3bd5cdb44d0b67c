#include "sandtable/kit/modifier_check.h"

namespace sandtable::kit {

ModifierCheck modifierCheck(const ModifierList& list, const std::string& id, int times, std::string reason) {
    const Modifier* modifier = list.find(id);
    ModifierCheck check;
    check.id = id;
    check.name = modifier != nullptr ? modifier->name : id;
    check.effect = modifier != nullptr ? modifier->effect() : "";
    check.applies = times > 0;
    check.times = times;
    check.reason = std::move(reason);
    check.citation = modifier != nullptr && !modifier->source.empty() ? modifier->source : list.source;
    return check;
}

void traceCheck(Trace& trace, const ModifierCheck& check) {
    if (trace.muted()) {
        return; // nor its name put together
    }
    const std::string name = check.reason.empty() ? check.name : check.name + " (" + check.reason + ")";
    trace.add(TraceStep{trace::Modifier{check.id, name, check.effect, check.times}, check.citation});
}

} // namespace sandtable::kit
