#include "sandtable/game.h"

#include "sandtable/battle_state.h"
#include "sandtable/guarded_preview.h"

#include <algorithm>
#include <atomic>
#include <stdexcept>

namespace sandtable {

Game::Game(Scenario scenario, std::unique_ptr<Ruleset> ruleset, std::uint64_t seed)
    : m_scenario(std::move(scenario)), m_ruleset(std::move(ruleset)), m_seed(seed), m_dice(seed) {
    restart();
}

Expected<std::unique_ptr<Game>, std::string> Game::start(Scenario scenario, std::unique_ptr<Ruleset> ruleset, std::uint64_t seed) {
    if (!ruleset) {
        return std::string("no ruleset to play the scenario with");
    }
    const std::vector<std::string> problems = ruleset->checkScenario(scenario);
    if (!problems.empty()) {
        std::string text = "the scenario \"" + scenario.name + "\" cannot be played by " + ruleset->info().name + ":";
        for (const std::string& problem : problems) {
            text += "\n  " + problem;
        }
        return text;
    }
    return std::unique_ptr<Game>(new Game(std::move(scenario), std::move(ruleset), seed));
}

namespace {

std::uint64_t newHistoryId() {
    static std::atomic<std::uint64_t> last{0};
    return ++last;
}

} // namespace

Game::Game(const Game& from, std::uint64_t seed)
    : m_scenario(from.m_scenario), m_ruleset(from.m_ruleset), m_seed(seed), m_battle(from.m_battle), m_start(from.m_battle), m_dice(seed),
      m_forked(true), m_startPrompt(from.m_prompt) {
    m_historyId = newHistoryId();
    m_prompt = m_startPrompt;
    m_openingHash = sandtable::stateHash(m_start);
    m_battle.index.file(m_battle);
}

std::unique_ptr<Game> Game::fork(std::uint64_t seed) const { return std::unique_ptr<Game>(new Game(*this, seed)); }

void Game::restart() {
    m_historyId = newHistoryId();
    m_status.reset();
    m_dice = DiceStream(m_seed);
    m_log.clear();
    m_stateHashes.clear();
    m_workingCopy.reset();
    m_prompt = m_startPrompt; // none for a game begun from its scenario
    if (m_forked) {
        // A fork's opening is the battle it was forked from: the rules' start is not run again.
        m_battle = m_start;
    } else {
        m_battle = m_scenario.battle;
        m_battle.countStartingBases();
        for (Unit& unit : m_battle.units) {
            unit.nameElements(); // a battle built in code, not read from a scenario
        }
        m_opening = m_ruleset->start(m_battle, m_scenario, m_dice);
        for (const Event& event : m_opening.events) {
            applyEvent(m_battle, event);
        }
        m_start = m_battle;
        m_openingHash = sandtable::stateHash(m_battle);
    }
    m_battle.index.file(m_battle);
}

const std::string& Game::stateHashAfter(std::size_t actions) const {
    if (actions == 0) {
        return m_openingHash;
    }
    if (actions > m_log.size()) {
        throw std::out_of_range("no state after action " + std::to_string(actions) + " of " + std::to_string(m_log.size()));
    }
    std::string& hash = m_stateHashes[actions - 1];
    if (!hash.empty()) {
        return hash;
    }
    if (actions == m_log.size()) {
        hash = sandtable::stateHash(m_battle);
        return hash;
    }
    // Every state not hashed yet, in one pass over the log's events: a save asks for all.
    Battle battle = m_start;
    for (std::size_t i = 0; i < m_log.size(); ++i) {
        for (const Event& event : m_log[i].resolution.events) {
            applyEvent(battle, event);
        }
        if (m_stateHashes[i].empty()) {
            m_stateHashes[i] = sandtable::stateHash(battle);
        }
    }
    return hash;
}

Battle Game::battleAfter(std::size_t actions) const {
    Battle battle = m_start;
    for (std::size_t i = 0; i < actions && i < m_log.size(); ++i) {
        for (const Event& event : m_log[i].resolution.events) {
            applyEvent(battle, event);
        }
    }
    return battle;
}

std::vector<Offer> Game::offers(const std::string& unit) const {
    if (m_prompt || status().over) {
        return {};
    }
    return m_ruleset->offers(m_battle, unit);
}

Preview Game::preview(const Action& action) const { return previewBy(action, &Ruleset::preview); }

Preview Game::verdict(const Action& action) const { return previewBy(action, &Ruleset::verdict); }

Preview Game::previewBy(const Action& action, Preview (Ruleset::*ask)(const Battle&, const Action&) const) const {
    if (action.type == "answer") {
        // An answer's effect is the ruleset's to tell when it goes on; whether it answers
        // the question is the game's.
        Preview preview;
        preview.refusal = whyNotNow(action);
        return preview;
    }
    Preview preview = guardedPreview(*m_ruleset, m_battle, action, ask);
    if (preview.allowed()) {
        preview.refusal = whyNotNow(action);
    }
    return preview;
}

std::string Game::whyNotNow(const Action& action) const {
    if (m_prompt) {
        return action.type == "answer" ? answerProblem(m_battle.table, *m_prompt, action) : "first answer: " + m_prompt->question;
    }
    if (action.type == "answer") {
        return "there is no question waiting for an answer";
    }
    if (status().over) {
        return "the game is over";
    }
    if (std::string problem = payloadProblem(m_battle.table, action); !problem.empty()) {
        return problem;
    }
    return m_ruleset->sequenceRefusal(m_battle, action);
}

Expected<const LogEntry*, std::string> Game::perform(const Action& action, std::string reason) {
    if (const std::string refusal = whyNotNow(action); !refusal.empty()) {
        return refusal;
    }
    const std::uint64_t firstRoll = m_dice.rollCount();
    // A refusal leaves the dice as they were: the stream goes back to this mark. (A copy
    // of the stream would copy every die of the game so far on every action.)
    const DiceStream::Mark dice = m_dice.mark();
    // The resolution may take this copy of the battle for its working copy instead of
    // copying the battle (Battle::workingCopy); it is kept for the next action only while
    // it is known to equal the battle.
    if (!m_workingCopy) {
        m_workingCopy = std::make_unique<Battle>(m_battle);
    }
    m_battle.workingCopy.lend(std::move(m_workingCopy));
    Resolution resolution;
    try {
        resolution =
            action.type == "answer" ? m_ruleset->answer(m_battle, *m_prompt, action, m_dice) : m_ruleset->resolve(m_battle, action, m_dice);
    } catch (const std::exception& error) {
        m_battle.workingCopy.takeBack();
        m_dice.rewind(dice);
        // A ruleset's bug must not take the game down with it: the action is refused.
        return std::string("the ruleset could not resolve this action: ") + error.what();
    }
    WorkingCopySlot::Returned lent = m_battle.workingCopy.takeBack();
    if (!resolution.refusal.empty()) {
        m_workingCopy = keptWorkingCopy(std::move(lent), {});
        m_dice.rewind(dice);
        return resolution.refusal;
    }
    // An event the battle cannot take (a ruleset's bug, or a save from another version)
    // refuses the action: the battle is rebuilt from the log's events, as it was. (Applying
    // to a copy would cost a copy of the battle on every action of every replay.)
    m_status.reset();
    try {
        for (const Event& event : resolution.events) {
            applyEvent(m_battle, event);
        }
    } catch (const std::logic_error& error) {
        m_battle = battleAfter(m_log.size());
        m_battle.index.file(m_battle);
        m_dice.rewind(dice);
        return std::string("the rules produced a change the battle cannot take: ") + error.what();
    }
    m_battle.index.file(m_battle);
    m_workingCopy = keptWorkingCopy(std::move(lent), resolution.events);
    record(action, std::move(resolution), firstRoll, std::move(reason));
    return &m_log.back();
}

void Game::record(const Action& action, Resolution resolution, std::uint64_t firstRoll, std::string reason) {
    m_prompt = resolution.prompt;
    m_log.push_back(LogEntry{action, std::move(resolution), firstRoll, m_dice.rollCount() - firstRoll, std::move(reason)});
    m_stateHashes.emplace_back();
}

void Game::undo() {
    if (m_log.empty()) {
        return;
    }
    std::vector<std::pair<Action, std::string>> actions;
    actions.reserve(m_log.size() - 1);
    for (std::size_t i = 0; i + 1 < m_log.size(); ++i) {
        actions.emplace_back(m_log[i].action, m_log[i].reason);
    }
    restart();
    for (auto& [action, reason] : actions) {
        // Every one of these was accepted before from the same state and the same dice.
        [[maybe_unused]] const auto replayed = perform(action, std::move(reason));
    }
}

const GameStatus& Game::status() const {
    if (m_status) {
        return *m_status;
    }
    GameStatus status = m_ruleset->status(m_battle);
    if (status.activeCommand.empty()) {
        for (const auto& [id, deck] : m_battle.decks) {
            if (!deck.call.command.empty()) {
                status.activeCommand = deck.call.command;
                break;
            }
        }
    }
    m_status = std::move(status);
    return *m_status;
}

} // namespace sandtable
