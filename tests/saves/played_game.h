#pragma once

// Plays a scenario by a simple, fixed rule until the log holds a given number of actions:
// a long, real game for the save, replay and benchmark tests. The rule: answer a question
// with its first choice; an activated unit fires at its first target, else charges, else
// rolls its movement and moves most of it ahead, each at most once, then ends its activation;
// with no unit to activate, turn the next card.

#include "sandtable/game.h"
#include "sandtable/ruleset_registry.h"
#include "sandtable/scenario.h"

#include <memory>
#include <set>
#include <stdexcept>
#include <string>

namespace savetest {

/// The scenario's game with this seed; `turns`, when given, replaces the scenario's turn
/// limit so that a long game can be played.
inline std::unique_ptr<sandtable::Game> startGame(const std::filesystem::path& scenarioFile, std::uint64_t seed,
                                                  const nlohmann::json& options = nlohmann::json::object(), int turns = 0) {
    using namespace sandtable;
    auto scenario = loadScenario(scenarioFile);
    if (!scenario) {
        throw std::runtime_error(toString(scenario.error()));
    }
    if (turns > 0) {
        Scenario longer = std::move(scenario).value();
        for (VictoryCondition& condition : longer.victory) {
            condition.parameters["turns"] = turns;
        }
        scenario = std::move(longer);
    }
    auto ruleset = makeRuleset(scenario->rulesetId, options.empty() ? scenario->rulesetOptions : options);
    if (!ruleset) {
        throw std::runtime_error(ruleset.error());
    }
    auto game = Game::start(std::move(scenario).value(), std::move(ruleset).value(), seed);
    if (!game) {
        throw std::runtime_error(game.error());
    }
    return std::move(game).value();
}

/// Plays on until the log holds `actions` actions or the game is over. With `fireEvery`
/// above 1, only every so many activations may fire or charge: a longer game.
inline void playOn(sandtable::Game& game, std::size_t actions, int fireEvery = 1) {
    using namespace sandtable;
    std::set<std::string> tried; // the order types the active unit has tried this activation
    std::string activation;
    int activations = 0;
    for (int guard = 0; game.log().size() < actions && !game.status().over && guard < 100000; ++guard) {
        if (const auto& prompt = game.prompt()) {
            game.perform(answerChoosing(prompt->choices.front().id));
            continue;
        }
        const GameStatus status = game.status();
        std::string unitId = status.activeUnit;
        if (unitId.empty() && !status.mayActivate.empty()) {
            unitId = status.mayActivate.front();
        }
        if (unitId.empty()) {
            if (!game.perform(Action{"next-card", "", "", {}, {}, {}})) {
                return; // nothing more this rule can do
            }
            continue;
        }
        if (unitId != activation) {
            activation = unitId;
            tried.clear();
            if (++activations % fireEvery != 0) {
                tried = {"fire", "charge"};
            }
        }
        const Unit& unit = *game.battle().findUnit(unitId);
        Action chosen{"end-activation", unitId, "", {}, {}, {}};
        for (const Offer& offer : game.offers(unitId)) {
            if (tried.count(offer.type) != 0) {
                continue;
            }
            if ((offer.type == "fire" || offer.type == "charge") && !offer.targets.empty()) {
                chosen = Action{offer.type, unitId, offer.targets.front(), {}, {}, {}};
                break;
            }
            if (offer.type == "roll-movement") {
                chosen = Action{offer.type, unitId, "", {}, {}, {}};
                break;
            }
            if (offer.type == "move" && unit.counters.count("movement-left") != 0 && !unit.elements.empty()) {
                // Most of the allowance straight ahead; an inch where that costs too much.
                const Point ahead = facingVector(unit.elements.front().facing);
                const Point centre = unit.centre();
                const Table& table = game.battle().table;
                for (const double inches : {unit.counters.at("movement-left") * 0.8, 1.0}) {
                    const double length = table.fromUnits(inches);
                    const Point to(centre.x() + ahead.x() * length, centre.y() + ahead.y() * length);
                    const double margin = table.fromUnits(3);
                    if (to.x() < margin || to.y() < margin || to.x() > table.width - margin || to.y() > table.depth - margin) {
                        continue; // not off the table: the unit turns about instead (below)
                    }
                    const Action move{"move", unitId, "", {to}, {}, {}};
                    if (game.preview(move).allowed()) {
                        chosen = move;
                        break;
                    }
                }
                if (chosen.type == "move") {
                    break;
                }
            }
            if (offer.type == "face" && !unit.elements.empty()) {
                chosen = Action{"face", unitId, "", {}, unit.elements.front().facing + 180, {}};
                break;
            }
        }
        tried.insert(chosen.type);
        if (!game.perform(chosen) && chosen.type == "end-activation") {
            return;
        }
    }
}

} // namespace savetest
