#pragma once

#include "oibl_data.h"
#include "sandtable/ruleset.h"

namespace sandtable::oibl {

/// One If By Land (003_524828208fa59482.txt, Bob Bergman's American 1:10 scale War of
/// Independence rules): brigade cards, stands of figures, the charge sequence. Tables as
/// data in ruleset.json, procedures in the files beside this one, gaps ruled in RULINGS.md.
class OneIfByLandRuleset final : public Ruleset {
public:
    explicit OneIfByLandRuleset(RulesetOptions options);

    const RulesetInfo& info() const override { return m_data.info; }
    const RulesetOptions& options() const override { return m_options; }
    std::vector<std::string> checkScenario(const Scenario& scenario) const override;
    Resolution start(const Battle& battle, const Scenario& scenario, DiceStream& dice) const override;
    std::vector<Offer> offers(const Battle& battle, const std::string& unit) const override;
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

} // namespace sandtable::oibl
