#pragma once

#include "sandtable/action.h"
#include "sandtable/game.h"
#include "sandtable/ruleset.h"
#include "sandtable/scenario.h"
#include "verb.h"

#include <memory>

namespace sandtable::cli {

/// A scenario file with the ruleset it names, started as a game would start it (the
/// ruleset's set-up done: generals attached, the first side to play, activation dice),
/// ready for a ruling: a UsageError naming the file and what is wrong otherwise.
struct PlayableScenario {
    std::unique_ptr<Game> game;
    const Ruleset& ruleset() const { return game->ruleset(); }
    const Battle& battle() const { return game->battle(); }
    /// Why the game's sequence of play would not take `action` now (another side's turn,
    /// another phase), or empty. A ruling is answered all the same.
    std::string sequenceNote(const Action& action) const;
};

/// A scenario's game at its start, `seed` seeding the set-up's own dice (the first move,
/// activation dice, a shuffled deck); or a saved game (*.sandtable) replayed to where it
/// stands, its own seed kept, so that offers, previews and resolutions read the game in
/// progress.
PlayableScenario loadPlayable(const std::string& path, std::uint64_t seed);

/// The --action argument: a JSON object, or a UsageError saying what is wrong with it.
Action actionArgument(const VerbArguments& args);

} // namespace sandtable::cli
