#pragma once

#include "oibl_units.h"
#include "sandtable/battle_geometry.h"
#include "sandtable/offer.h"

#include <string>
#include <vector>

namespace sandtable::oibl {

/// Where a charge would bring the charger: front to the face of the target it comes at,
/// in the middle of it (RULINGS.md, oibl-charge-sequence), and what getting there costs.
struct ContactPlan {
    std::string refusal;
    Face face = Face::Front;
    double facing = 0;
    Path route; // the charger's centre, from where it stands to contact
    std::vector<event::Placement> contact;
    double cost = 0; // inches of allowance, charge bonus not counted
    double bonus = 0;
};
ContactPlan planContact(const Data& data, const Battle& battle, const Unit& charger, const Unit& target);

/// Why `charger` may not declare a charge on `target` now (who may charge whom, reach:
/// RULINGS.md, oibl-charge-reach, oibl-column-charge), or empty.
std::string whyNoCharge(const Data& data, const RulesetOptions& options, const Battle& battle, const Unit& charger, const Unit& target);
std::vector<std::string> chargeTargets(const Data& data, const RulesetOptions& options, const Battle& battle, const Unit& charger);
/// Whether offerCharge offers the unit a charge: chargeTargets' enemies tried up to the
/// first it may charge (the status asks it of every acting unit after every action).
bool mayDeclareCharge(const Data& data, const RulesetOptions& options, const Battle& battle, const Unit& unit);

/// Step 2: the declaration and the attacker's test.
void offerCharge(const Data& data, const RulesetOptions& options, const Battle& battle, const Unit& unit, std::vector<Offer>& offers);
void previewCharge(const Data& data, const RulesetOptions& options, const Battle& battle, const Unit& unit, const Action& action,
                   Preview& preview);
void resolveChargeDeclaration(Step& step, const Action& action);

/// Step 3: every declared charge moved into contact in the order declared, from the
/// `from`-th. False when it stopped for a prompt (the skirmishers' choice), which
/// `answerCharge` carries on from.
bool chargeMoves(Step& step, std::size_t from);
void answerCharge(Step& step, const Prompt& prompt, const Action& answer);

/// Declared charges still to move (step 3), in order.
std::vector<std::pair<std::string, std::string>> declaredCharges(const Battle& battle);

} // namespace sandtable::oibl
