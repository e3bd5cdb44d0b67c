#pragma once

#include "lshm_data.h"
#include "sandtable/ruleset.h"

namespace sandtable::lshm {

/// The LSHM Napoleonic Skirmish rules behind the Ruleset interface: the turn and its cards
/// (lshm_turn), movement (lshm_movement), fire (lshm_fire), close combat (lshm_combat),
/// morale (lshm_morale) and buildings (lshm_buildings).
class LshmRuleset final : public Ruleset {
public:
    explicit LshmRuleset(RulesetOptions options);

    const RulesetInfo& info() const override { return m_data.info; }
    const RulesetOptions& options() const override { return m_options; }
    std::vector<std::string> checkScenario(const Scenario& scenario) const override;
    Resolution start(const Battle& battle, const Scenario& scenario, DiceStream& dice) const override;
    std::vector<Offer> offers(const Battle& battle, const std::string& unit) const override;
    std::vector<Offer> offersOfRoles(const Battle& battle, const std::string& unit, OrderRoles roles) const override;
    std::vector<Offer> rulingOffers(const Battle& battle, const std::string& unit) const override;
    std::vector<UnitSetting> unitSettings() const override;
    std::vector<Health> figureStates() const override;
    std::string sequenceRefusal(const Battle& battle, const Action& action) const override;
    Preview preview(const Battle& battle, const Action& action) const override;
    Resolution resolve(const Battle& battle, const Action& action, DiceStream& dice) const override;
    Resolution answer(const Battle& battle, const Prompt& prompt, const Action& answer, DiceStream& dice) const override;
    GameStatus status(const Battle& battle) const override;
    GameStatus briefStatus(const Battle& battle) const override;
    std::string unitState(const Battle& battle, const std::string& unit) const override;
    UnitOverlay overlay(const Battle& battle, const std::string& unit) const override;
    FormationShape formationShape(const Unit& unit) const override;
    double standOffRange(const Battle& battle, const std::string& unit) const override;
    std::vector<Objective> objectives(const Battle& battle) const override;

private:
    const Data& m_data;
    RulesetOptions m_options;
};

} // namespace sandtable::lshm
