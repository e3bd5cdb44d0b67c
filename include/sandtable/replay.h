#pragma once

#include "sandtable/expected.h"
#include "sandtable/game.h"
#include "sandtable/save_file.h"

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace sandtable {

/// Makes a ruleset by id with options: the registry's makeRuleset, or a test's own.
using RulesetMaker = std::function<Expected<std::unique_ptr<Ruleset>, std::string>(const std::string& id, const nlohmann::json& options)>;

/// The first action of a save that the replay did not reproduce.
struct ReplayDifference {
    std::size_t action = 0; // its index in the log, from 0
    std::string message;    // "action 13 of 40 (Winkie Guard: fire Quadling Rifles) ..."
};

/// A save played again: the game (the whole of it, or as it stood just before the first
/// difference) and what differed.
struct Replay {
    std::unique_ptr<Game> game;
    std::optional<ReplayDifference> difference;
    /// A save from another version of the ruleset whose states differ from this build's
    /// (the rules changed, or how the state is written): the first state that differs.
    /// Unlike a difference, the replay goes on by this version's rules as long as every
    /// action is still allowed, so the game is not lost; it no longer proves the save.
    std::optional<ReplayDifference> drift;
    /// Worth telling but not a difference: a save from another version of the ruleset.
    std::vector<std::string> notes;
    /// Every action played again and every state as saved.
    bool reproduced() const { return !difference.has_value() && !drift.has_value(); }
    /// Every action played again (states may have drifted under another version).
    bool complete() const { return !difference.has_value(); }
};

/// Starts the save's game and performs its actions, checking the state hash after each.
/// An error (no game at all) when the ruleset is missing, refuses the options or the
/// scenario, or sets up a different first turn.
Expected<Replay, std::string> replay(const SaveFile& save, const RulesetMaker& makeRuleset);

} // namespace sandtable
