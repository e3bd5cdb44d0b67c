#pragma once

#include "ein_data.h"
#include "sandtable/ruleset.h"

namespace sandtable::ein {

/// The Einsamenhügel War of the Austrian Succession rules (002_7b20089435c2e4ae.txt, the
/// Updated Rules of 24 March 2016): tables as data in ruleset.json, procedures in the
/// files beside this one, gaps ruled in RULINGS.md.
class EinsamenhugelRuleset final : public Ruleset {
public:
    explicit EinsamenhugelRuleset(RulesetOptions options);

    const RulesetInfo& info() const override { return m_data.info; }
    const RulesetOptions& options() const override { return m_options; }
    std::vector<std::string> checkScenario(const Scenario& scenario) const override;
    Resolution start(const Battle& battle, const Scenario& scenario, DiceStream& dice) const override;
    std::vector<Offer> offers(const Battle& battle, const std::string& unit) const override;
    std::vector<Offer> rulingOffers(const Battle& battle, const std::string& unit) const override;
    std::vector<UnitSetting> unitSettings() const override;
    std::vector<RulingPhase> rulingPhases() const override;
    std::string sequenceRefusal(const Battle& battle, const Action& action) const override;
    Preview preview(const Battle& battle, const Action& action) const override;
    /// The preview without the unit's morale odds a move or charge shows the player.
    Preview verdict(const Battle& battle, const Action& action) const override;
    Resolution resolve(const Battle& battle, const Action& action, DiceStream& dice) const override;
    Resolution answer(const Battle& battle, const Prompt& prompt, const Action& answer, DiceStream& dice) const override;
    GameStatus status(const Battle& battle) const override;
    GameStatus briefStatus(const Battle& battle) const override;
    std::string unitState(const Battle& battle, const std::string& unit) const override;
    std::vector<UnitFigure> unitFigures(const Battle& battle, const std::string& unit) const override;
    FormationShape formationShape(const Unit& unit) const override;
    double standOffRange(const Battle& battle, const std::string& unit) const override;
    UnitOverlay overlay(const Battle& battle, const std::string& unit) const override;

private:
    Preview previewOf(const Battle& battle, const Action& action, PreviewFor reader) const;

    const Data& m_data;
    RulesetOptions m_options;
};

} // namespace sandtable::ein
