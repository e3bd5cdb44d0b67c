#pragma once

// A ruleset's preview asked so that its bug cannot take the caller down: the window, the
// rulings board and the computer preview every order they show or weigh.

#include "sandtable/ruleset.h"

namespace sandtable {

/// `ruleset`'s answer to `ask` (its preview, or its verdict) for `action` on `battle`; an
/// exception it throws is a refusal that says so ("the ruleset could not preview this
/// action: ..."), as Game::perform refuses an action whose resolution throws.
Preview guardedPreview(const Ruleset& ruleset, const Battle& battle, const Action& action,
                       Preview (Ruleset::*ask)(const Battle&, const Action&) const = &Ruleset::preview);

} // namespace sandtable
