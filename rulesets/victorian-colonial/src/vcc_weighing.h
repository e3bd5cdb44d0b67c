#pragma once

#include "sandtable/kit/modifier_check.h"
#include "sandtable/modifier_list.h"
#include "sandtable/ruleset.h"

#include <map>
#include <string>
#include <vector>

namespace sandtable::vcc {

/// The modifiers of one list weighed for an action, each applying or not with its reason:
/// what the preview shows, and what the resolution applies in the list's order.
class Weighing {
public:
    explicit Weighing(const ModifierList& list) : m_list(&list) {}

    void weigh(const std::string& id, bool applies, std::string reason) {
        checks.push_back(kit::modifierCheck(*m_list, id, applies ? 1 : 0, std::move(reason)));
        if (applies) {
            m_times[id] = 1;
        }
    }
    ModifierApplication apply(const Fraction& base) const { return m_list->apply(base, m_times); }
    const ModifierList& list() const { return *m_list; }

    std::vector<ModifierCheck> checks;

private:
    const ModifierList* m_list;
    std::map<std::string, int> m_times;
};

} // namespace sandtable::vcc
