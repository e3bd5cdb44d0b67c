#include "oibl_data.h"

#include "sandtable/dice_expression.h"
#include "sandtable/json_reader.h"

#include <stdexcept>

namespace sandtable {
const char* sandtable_one_if_by_land_data();
}

namespace sandtable::oibl {

namespace {

using kit::forEach;

using kit::readFlag;
using kit::readList;
using kit::readTexts;

TroopType readType(const JsonNode& node) {
    JsonObject object = node.object();
    TroopType type;
    type.id = object.requiredText("id").value_or("");
    type.name = object.requiredText("name").value_or("");
    type.arm = kit::readArm(object);
    if (auto figures = object.required("figuresPerStand")) {
        type.figuresPerStand = static_cast<int>(figures->integer(0, 12).value_or(1));
    }
    if (auto width = object.required("width")) {
        type.width = width->number(0.1, 10).value_or(1);
    }
    if (auto depth = object.required("depth")) {
        type.depth = depth->number(0.1, 10).value_or(1);
    }
    type.normalFormation = object.requiredText("normalFormation").value_or("");
    type.formations = readTexts(object, "formations");
    if (auto weapon = object.required("weapon")) {
        type.weapon = weapon->string().value_or("");
    }
    type.bayonets = readFlag(object, "bayonets");
    object.rejectUnknownKeys();
    return type;
}

Firing readFiring(const JsonNode& node) {
    const std::string text = node.text().value_or("");
    const std::pair<const char*, Firing> known[] = {
        {"two-ranks", Firing::TwoRanks},   {"one-rank", Firing::OneRank}, {"front-rank", Firing::FrontRank},
        {"each-stand", Firing::EachStand}, {"guns", Firing::Guns},        {"none", Firing::None}};
    for (const auto& [word, firing] : known) {
        if (text == word) {
            return firing;
        }
    }
    node.error("expected \"two-ranks\", \"one-rank\", \"front-rank\", \"each-stand\", \"guns\" or \"none\"");
    return Firing::None;
}

Formation readFormation(const JsonNode& node) {
    JsonObject object = node.object();
    Formation formation;
    formation.id = object.requiredText("id").value_or("");
    formation.name = object.requiredText("name").value_or("");
    formation.movement = object.requiredText("movement").value_or("");
    if (auto fires = object.required("fires")) {
        formation.fires = readFiring(*fires);
    }
    if (auto source = object.required("source")) {
        formation.source = readCitation(*source).value_or(Citation{});
    }
    object.rejectUnknownKeys();
    return formation;
}

Quality readQuality(const JsonNode& node) {
    JsonObject object = node.object();
    Quality quality;
    quality.id = object.requiredText("id").value_or("");
    quality.name = object.requiredText("name").value_or("");
    if (auto number = object.required("moraleNumber")) {
        quality.moraleNumber = static_cast<int>(number->integer(0, 10).value_or(7));
    }
    object.rejectUnknownKeys();
    return quality;
}

MovementRate readRate(const JsonNode& node) {
    JsonObject object = node.object();
    MovementRate rate;
    rate.id = object.requiredText("id").value_or("");
    rate.name = object.requiredText("name").value_or("");
    if (auto variable = object.required("variable")) {
        if (variable->isString()) {
            const std::string text = variable->text().value_or("");
            if (text != "n/a") {
                if (!DiceExpression::parse(text)) {
                    variable->error("\"" + text + "\" is not a dice expression");
                }
                rate.roll = text;
            }
        } else {
            rate.constant = variable->number(0, 40);
        }
    }
    if (auto fixed = object.required("fixed")) {
        rate.fixed = fixed->number(0, 40).value_or(0);
    }
    if (auto bonus = object.optional("bonus")) {
        rate.bonus = bonus->boolean().value_or(false);
    }
    if (rate.roll.empty() && !rate.constant && !rate.bonus) {
        object.node().error("a rate that is neither rolled nor a length must be a bonus (\"bonus\": true)");
    }
    object.rejectUnknownKeys();
    return rate;
}

Gun readGun(const JsonNode& node) {
    JsonObject object = node.object();
    Gun gun;
    gun.id = object.requiredText("id").value_or("");
    gun.name = object.requiredText("name").value_or("");
    if (auto figures = object.required("figures")) {
        gun.figures = static_cast<int>(figures->integer(1, 60).value_or(10));
    }
    object.rejectUnknownKeys();
    return gun;
}

Interpenetration readInterpenetration(const JsonNode& node) {
    JsonObject object = node.object();
    Interpenetration row;
    row.mover = object.requiredText("mover").value_or("");
    row.name = object.requiredText("name").value_or("");
    row.passesFreely = readTexts(object, "passesFreely");
    object.rejectUnknownKeys();
    return row;
}

PanicTrigger readTrigger(const JsonNode& node) {
    JsonObject object = node.object();
    PanicTrigger trigger;
    trigger.id = object.requiredText("id").value_or("");
    trigger.name = object.requiredText("name").value_or("");
    object.rejectUnknownKeys();
    return trigger;
}

// The ids the procedures read by name: data without one is refused where it is read.
void requireIds(Diagnostics& diagnostics, const std::string& where, const std::vector<std::string>& have,
                std::initializer_list<const char*> needed) {
    for (const char* id : needed) {
        if (std::find(have.begin(), have.end(), id) == have.end()) {
            diagnostics.error(where, "the procedures need \"" + std::string(id) + "\", which is missing");
        }
    }
}

template <class T> std::vector<std::string> idsOf(const std::vector<T>& items) {
    std::vector<std::string> ids;
    for (const T& item : items) {
        ids.push_back(item.id);
    }
    return ids;
}

void checkReferences(const Data& data, Diagnostics& diagnostics) {
    for (const TroopType& type : data.types) {
        for (const std::string& formation : type.formations) {
            if (data.formation(formation) == nullptr) {
                diagnostics.error("/troopTypes", "type \"" + type.id + "\" forms \"" + formation + "\", which is not in \"formations\"");
            }
        }
        if (!type.weapon.empty() && data.tables.findRangeBands(type.weapon) == nullptr) {
            diagnostics.error("/troopTypes", "type \"" + type.id + "\" fires a \"" + type.weapon + "\", which has no range bands");
        }
    }
    for (const Formation& formation : data.formations) {
        if (kit::findById(data.rates, formation.movement) == nullptr) {
            diagnostics.error("/formations", "formation \"" + formation.id + "\" moves at \"" + formation.movement +
                                                 "\", which is not in \"movementRates\"");
        }
    }
}

} // namespace

const TroopType* Data::type(const std::string& id) const { return kit::findById(types, id); }
const Formation* Data::formation(const std::string& id) const { return kit::findById(formations, id); }
const Quality* Data::quality(const std::string& id) const { return kit::findById(qualities, id); }
const Gun* Data::gun(const std::string& id) const { return kit::findById(guns, id); }

int Data::qualityRank(const std::string& id) const {
    for (std::size_t i = 0; i < qualities.size(); ++i) {
        if (qualities[i].id == id) {
            return static_cast<int>(i);
        }
    }
    return -1;
}

const MovementRate& Data::rate(const std::string& id) const {
    if (const MovementRate* found = kit::findById(rates, id)) {
        return *found;
    }
    throw std::logic_error("no movement rate \"" + id + "\" in One If By Land's data");
}

const PanicTrigger& Data::trigger(const std::string& id) const {
    if (const PanicTrigger* found = kit::findById(panicTriggers, id)) {
        return *found;
    }
    throw std::logic_error("no panic trigger \"" + id + "\" in One If By Land's data");
}

LoadResult<Data> parseData(std::string_view text, const std::string& fileName) {
    return kit::parseRulesetData<Data>(text, fileName, [](JsonObject& root, Data& data, Diagnostics& diagnostics) {
        data.types = readList<TroopType>(root, "troopTypes", "troopTypesSource", data.typesSource, readType);
        data.formations = readList<Formation>(root, "formations", "formationsSource", data.formationsSource, readFormation);
        data.qualities = readList<Quality>(root, "qualities", "qualitiesSource", data.qualitiesSource, readQuality);
        data.rates = readList<MovementRate>(root, "movementRates", "movementRatesSource", data.ratesSource, readRate);
        data.guns = readList<Gun>(root, "guns", "gunsSource", data.gunsSource, readGun);
        data.interpenetration = readList<Interpenetration>(root, "interpenetration", "interpenetrationSource", data.interpenetrationSource,
                                                           readInterpenetration);
        data.panicTriggers = readList<PanicTrigger>(root, "panicTriggers", "panicTriggersSource", data.panicTriggersSource, readTrigger);
        kit::requireTables(data.tables, diagnostics, {"combat-table", "morale-results", "general-hit", "general-wound", "counter-battery"},
                           {"firing", "melee", "morale", "movement"}, {"artillery"});
        kit::requireModifiers(data.tables, diagnostics, "firing",
                              {"point-blank", "marksmen", "column-or-mounted", "flank-or-rear", "poor", "wretched", "light-cover",
                               "heavy-cover", "cannon-12-25", "cannon-over-25"});
        kit::requireModifiers(data.tables, diagnostics, "melee",
                              {"higher-quality", "opponent-panic", "attacking-flank-or-rear", "bayonets", "defending-light-cover",
                               "defending-heavy-cover", "cavalry", "attacked-in-flank-or-rear", "routing"});
        kit::requireModifiers(data.tables, diagnostics, "morale",
                              {"commanding-officer", "light-cover", "heavy-cover", "outflanked", "equal-friend-routing",
                               "higher-friend-routing", "open-charged-by-cavalry", "skirmish-charged-by-cavalry",
                               "skirmish-charged-by-infantry", "artillery-charged-by-cavalry", "casualties-25", "casualties-50",
                               "casualties-75"});
        kit::requireModifiers(data.tables, diagnostics, "movement",
                              {"obstacle", "about-face", "side-face", "half-speed", "quarter-speed", "road", "charge", "militia-retreat",
                               "mounting", "line-change-advancing"});
        requireIds(diagnostics, "/troopTypes", idsOf(data.types),
                   {"normal-infantry", "militia-infantry", "rifle-armed", "indians", "cavalry", "dismounted-cavalry", "artillery",
                    "artillery-crew", "officer"});
        requireIds(diagnostics, "/formations", idsOf(data.formations),
                   {"close", "open", "column", "skirmish", "line", "limbered", "unlimbered", "routing"});
        requireIds(diagnostics, "/movementRates", idsOf(data.rates),
                   {"close-order", "open-order", "column", "skirmish", "cavalry-and-generals", "infantry-retreat", "infantry-rout",
                    "cavalry-retreat", "cavalry-rout", "prolong", "road", "charge"});
        requireIds(diagnostics, "/panicTriggers", idsOf(data.panicTriggers),
                   {"casualties", "friend-routs", "heavy-fire", "commander-killed", "attempting-charge", "being-charged", "charge-casualty",
                    "charge-falls-short", "charge-test-failed", "evading", "routing"});
        std::vector<std::string> movers;
        for (const Interpenetration& row : data.interpenetration) {
            movers.push_back(row.mover);
        }
        requireIds(diagnostics, "/interpenetration", movers, {"skirmish-infantry", "skirmish-cavalry", "formed-infantry", "others"});
        kit::requireCells(data.tables, diagnostics, "morale-results", {"may not advance", "routs"});
        kit::requireCells(data.tables, diagnostics, "general-hit", {"hit", "no hit"});
        kit::requireCells(data.tables, diagnostics, "general-wound", {"light wound", "serious wound", "killed"});
        kit::requireCells(data.tables, diagnostics, "counter-battery", {"no further effect", "target cannon destroyed"});
        checkReferences(data, diagnostics);
        if (data.qualities.empty()) {
            diagnostics.error("/qualities", "at least one quality is needed");
        }
    });
}

const Data& builtInData() { return kit::builtIn<Data>(parseData, sandtable_one_if_by_land_data(), "rulesets/one-if-by-land/ruleset.json"); }

} // namespace sandtable::oibl
