#pragma once

#include "sandtable/ruleset.h"
#include "vcc_data.h"

namespace sandtable::vcc {

/// Victorian Colonial Combat (001_aff8fc74003dcadb.txt, playtest version 5.0, April 2018),
/// played on a grid of boxes: tables as data in ruleset.json, procedures in the files
/// beside this one, gaps ruled in RULINGS.md.
class VictorianColonialRuleset final : public Ruleset {
public:
    explicit VictorianColonialRuleset(RulesetOptions options);

    const RulesetInfo& info() const override { return m_data.info; }
    const RulesetOptions& options() const override { return m_options; }
    std::vector<std::string> checkScenario(const Scenario& scenario) const override;
    Resolution start(const Battle& battle, const Scenario& scenario, DiceStream& dice) const override;
    std::vector<Offer> offers(const Battle& battle, const std::string& unit) const override;
    std::vector<Offer> rulingOffers(const Battle& battle, const std::string& unit) const override;
    std::vector<UnitSetting> unitSettings() const override;
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

} // namespace sandtable::vcc
