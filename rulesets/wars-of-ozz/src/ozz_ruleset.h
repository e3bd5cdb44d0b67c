#pragma once

#include "ozz_data.h"
#include "sandtable/ruleset.h"

namespace sandtable::ozz {

/// The Wars of Ozz (000_9109171396d1b03f.txt): the card's tables as data in ruleset.json,
/// its procedures in the files beside this one, its gaps ruled in RULINGS.md.
///
/// It keeps the default stand-off range (Ruleset::standOffRange: every unit closes), the
/// computer's best doctrine here as measured: with foot and guns stopping at their
/// weapon's longest range, the standard level won 21 (Winkies) and 18 (Quadlings) of 40
/// games against the basic level instead of 35 and 33; guns alone, 27 and 27; foot and
/// guns at the end of short range, 22 and 21.
class OzzRuleset final : public Ruleset {
public:
    explicit OzzRuleset(RulesetOptions options);

    const RulesetInfo& info() const override { return m_data.info; }
    const RulesetOptions& options() const override { return m_options; }
    std::vector<std::string> checkScenario(const Scenario& scenario) const override;
    Resolution start(const Battle& battle, const Scenario& scenario, DiceStream& dice) const override;
    std::vector<Offer> offers(const Battle& battle, const std::string& unit) const override;
    std::vector<Offer> offersOfRoles(const Battle& battle, const std::string& unit, OrderRoles roles) const override;
    std::vector<Offer> rulingOffers(const Battle& battle, const std::string& unit) const override;
    std::vector<UnitSetting> unitSettings() const override;
    std::string sequenceRefusal(const Battle& battle, const Action& action) const override;
    Preview preview(const Battle& battle, const Action& action) const override;
    Resolution resolve(const Battle& battle, const Action& action, DiceStream& dice) const override;
    Resolution answer(const Battle& battle, const Prompt& prompt, const Action& answer, DiceStream& dice) const override;
    GameStatus status(const Battle& battle) const override;
    GameStatus briefStatus(const Battle& battle) const override;
    UnitOverlay overlay(const Battle& battle, const std::string& unit) const override;
    FormationShape formationShape(const Unit& unit) const override;

private:
    enum class Targets { Listed, Unlisted };
    /// The unit's offers: with their targets (Listed) or without, for the sequence check;
    /// the targets of fire and charge worked out only where `roles` has them.
    std::vector<Offer> offersFor(const Battle& battle, const std::string& unit, Targets targets,
                                 OrderRoles roles = OrderRoles::every()) const;

    const Data& m_data;
    RulesetOptions m_options;
};

} // namespace sandtable::ozz
