#include "sandtable/replay.h"

namespace sandtable {

namespace {

std::string actionName(const SaveFile& save, const Game& game, std::size_t index) {
    return "action " + std::to_string(index + 1) + " of " + std::to_string(save.actions.size()) + " (" +
           describe(game.battle(), save.actions[index].action) + ")";
}

} // namespace

Expected<Replay, std::string> replay(const SaveFile& save, const RulesetMaker& makeRuleset) {
    auto ruleset = makeRuleset(save.rulesetId, save.rulesetOptions);
    if (!ruleset) {
        return "cannot replay the save: " + ruleset.error();
    }
    Replay result;
    const RulesetInfo& info = (*ruleset)->info();
    if (info.version != save.rulesetVersion) {
        result.notes.push_back("the save was made with " + info.name + " version " + save.rulesetVersion + "; this build has version " +
                               info.version);
    }
    // An older format's save was hashed by an older program's state text: its states are
    // replayed and compared, but a difference is that program's, not a fault.
    const bool olderFormat = save.fileFormat < SaveFile::format;
    if (olderFormat) {
        result.notes.push_back("the save is in format " + std::to_string(save.fileFormat) +
                               ", written by an earlier Sandtable whose state text differs: its states are "
                               "replayed and compared, not proved");
    }
    // A save records every option as played; one it does not name (an older version's
    // save, or a hand-edited one) is played at its default, and the replay says so.
    for (const RulesetOption& option : info.options) {
        if (!save.rulesetOptions.is_object() || !save.rulesetOptions.contains(option.id)) {
            result.notes.push_back("the save names no choice for the option " + option.id + ": its default, " + option.defaultChoice +
                                   ", is played");
        }
    }
    auto started = Game::start(save.scenario, std::move(ruleset).value(), save.seed);
    if (!started) {
        return "cannot replay the save: " + started.error();
    }
    result.game = std::move(started).value();
    Game& game = *result.game;
    // Under the same version a state that differs is a fault (a broken file, or a build
    // that does not reproduce its own games): the replay stops there. Under another, the
    // rules or the state's form may have changed: the replay goes on by this version's
    // rules, so an old save still opens, and says where its states first part.
    const bool sameRules = info.version == save.rulesetVersion;
    const bool sameVersion = sameRules && !olderFormat;
    const auto driftFrom = [&](std::size_t index, const std::string& what) {
        if (!result.drift) {
            const std::string madeBy =
                sameRules ? "the save is in format " + std::to_string(save.fileFormat) + ", hashed by an earlier Sandtable, and this build"
                          : "the save was made with " + info.name + " version " + save.rulesetVersion + ", and this build (version " +
                                info.version + ")";
            result.drift = ReplayDifference{index, what + "; " + madeBy + " plays it on by its own rules from there"};
        }
    };
    if (game.openingHash() != save.openingHash) {
        const std::string what =
            "its first turn was set up differently (state hash " + save.openingHash + " saved, " + game.openingHash() + " replayed)";
        if (sameVersion) {
            return "the save does not reproduce: " + what + (result.notes.empty() ? std::string() : "; " + result.notes.front());
        }
        driftFrom(0, "the save's states differ from the start: " + what);
    }
    for (std::size_t i = 0; i < save.actions.size(); ++i) {
        const SavedAction& saved = save.actions[i];
        const std::string name = actionName(save, game, i);
        const auto done = game.perform(saved.action, saved.reason);
        if (!done) {
            result.difference = ReplayDifference{i, name + " was refused: " + done.error()};
            break;
        }
        const std::string& replayed = game.stateHashAfter(i + 1);
        if (replayed != saved.stateHash && !sameVersion) {
            driftFrom(i, name + " leads to another state than the save's (state hash " + saved.stateHash + " saved, " + replayed +
                             " replayed)");
        } else if (replayed != saved.stateHash) {
            result.difference = ReplayDifference{i, name +
                                                        " does not reproduce: the battle after it differs from the save's "
                                                        "(state hash " +
                                                        saved.stateHash + " saved, " + replayed + " replayed)"};
            game.undo(); // the game as it stood just before it
            break;
        }
    }
    if (result.difference && !result.notes.empty()) {
        result.difference->message += "; " + result.notes.front();
    }
    return result;
}

} // namespace sandtable
